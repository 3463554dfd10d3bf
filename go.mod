module qixue

go 1.26
