// Package models keeps Qixue's data with GORM: the row structs, the
// schema's numbered steps (migrations/, applied by Migrate; see
// migrate.go), and the store implementations of the domain packages, which
// translate driver errors (missing rows, unique violations) into the
// domains' sentinel errors.
//
// Two databases are supported: PostgreSQL for production and an embedded
// pure-Go SQLite file as the default. The SQLite file is private (0600)
// and runs in WAL mode behind one gorm.DB with two pools: plain SELECTs
// outside a transaction use read-only connections, everything else (and
// every transaction) the single writer. Stores need not know: they use the
// one *gorm.DB they are given, and a temporary table or a read that must
// see a write in flight belongs in a transaction.
//
// IsUnavailable tells errors of a database that cannot be reached from
// refusals; the HTTP layer answers those with 503.
//
//	db, err := models.Open("postgres://user:pw@host/qixue")  // or "./qixue.db"
//	err = models.Migrate(ctx, db)
//	store := models.NewIdentityStore(db)
package models
