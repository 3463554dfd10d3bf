// Package modelstest opens fresh, migrated databases for tests: a
// temporary SQLite file always, and a fresh PostgreSQL schema when
// QIXUE_TEST_DATABASE_URL is set, so store and handler tests run on both.
//
//	func TestX(t *testing.T) {
//		modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
//			store := models.NewIdentityStore(db)
//			...
//		})
//	}
package modelstest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"gorm.io/gorm"

	"qixue/models"
)

// EnvURL names the environment variable with the PostgreSQL test database.
const EnvURL = "QIXUE_TEST_DATABASE_URL"

// Each runs f as a subtest on a fresh migrated SQLite database ("sqlite")
// and, when QIXUE_TEST_DATABASE_URL is set, on a fresh PostgreSQL schema
// ("postgres").
func Each(t *testing.T, f func(t *testing.T, db *gorm.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { f(t, SQLite(t)) })
	if os.Getenv(EnvURL) != "" {
		t.Run("postgres", func(t *testing.T) { f(t, Postgres(t)) })
	}
}

// SQLite returns a migrated database in a new temporary file, closed when
// the test ends.
func SQLite(t testing.TB) *gorm.DB {
	t.Helper()
	db, err := models.Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { models.Close(db) })
	migrate(t, db)
	return db
}

// Postgres returns a migrated database in a new schema of the database at
// QIXUE_TEST_DATABASE_URL, dropped when the test ends. It skips the test
// when the variable is unset.
func Postgres(t testing.TB) *gorm.DB {
	t.Helper()
	base := os.Getenv(EnvURL)
	if base == "" {
		t.Skip(EnvURL + " not set")
	}
	admin, err := models.Open(base)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { models.Close(admin) })
	b := make([]byte, 8)
	rand.Read(b)
	schema := "test_" + hex.EncodeToString(b)
	if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DROP SCHEMA " + schema + " CASCADE") })

	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	db, err := models.Open(u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { models.Close(db) })
	migrate(t, db)
	return db
}

func migrate(t testing.TB, db *gorm.DB) {
	t.Helper()
	if err := models.Migrate(context.Background(), db); err != nil {
		t.Fatal(err)
	}
}
