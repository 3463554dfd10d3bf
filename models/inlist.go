package models

import (
	"database/sql/driver"
	"strings"

	"gorm.io/gorm"
)

// inList adds "column is one of values" to q. On PostgreSQL it is one
// array parameter, `column = ANY($1)`, so a statement has the same text
// and one parameter whatever the number of values: PostgreSQL plans it
// from the real array (a hashed or index lookup) instead of caching a
// generic plan for "$1..$1000", which after a bulk import into an empty
// table is a sequential scan per batch. On SQLite it is `column IN (...)`.
// column is a trusted column name, never user input.
func inList(q *gorm.DB, column string, values []string) *gorm.DB {
	if q.Dialector.Name() == "postgres" {
		return q.Where(column+" = ANY(?::text[])", textArray(values))
	}
	return q.Where(column+" IN ?", values)
}

// inScope is inList as a GORM scope, for chains that take Scopes.
func inScope(column string, values []string) func(*gorm.DB) *gorm.DB {
	return func(q *gorm.DB) *gorm.DB { return inList(q, column, values) }
}

// textArray is a list of strings sent to PostgreSQL as one text[]
// parameter (its array literal), not expanded by GORM into one
// parameter per element.
type textArray []string

// Value implements driver.Valuer: the PostgreSQL array literal, every
// element double-quoted with backslashes and quotes escaped.
func (a textArray) Value() (driver.Value, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i, s := range a {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		for _, r := range s {
			if r == '"' || r == '\\' {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
		b.WriteByte('"')
	}
	b.WriteByte('}')
	return b.String(), nil
}
