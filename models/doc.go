// Package models keeps Qixue's data with GORM: the row structs, schema
// migrations, and the store implementations of the domain packages, which
// translate driver errors (missing rows, unique violations) into the
// domains' sentinel errors.
//
// Two databases are supported: PostgreSQL for production and an embedded
// pure-Go SQLite file as the default.
//
//	db, err := models.Open("postgres://user:pw@host/qixue")  // or "./qixue.db"
//	err = models.Migrate(ctx, db)
//	store := models.NewIdentityStore(db)
package models
