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
	"strings"
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
	db, err := models.Open(PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { models.Close(db) })
	migrate(t, db)
	return db
}

// PostgresURL is the URL of a new, empty schema of the database at
// QIXUE_TEST_DATABASE_URL (its search_path), dropped when the test ends,
// for a test that starts a server of its own on it. It skips the test
// when the variable is unset.
func PostgresURL(t testing.TB) string {
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
	return u.String()
}

func migrate(t testing.TB, db *gorm.DB) {
	t.Helper()
	if err := models.Migrate(context.Background(), db); err != nil {
		t.Fatal(err)
	}
}

// PostgresDatabase is the URL of a new, empty PostgreSQL database beside
// the one at QIXUE_TEST_DATABASE_URL, dropped when the test ends, for a
// test that needs a whole database (a restored dump names the public
// schema). It skips the test when the variable is unset.
func PostgresDatabase(t testing.TB) string {
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
	name := "qixue_test_" + hex.EncodeToString(b)
	if err := admin.Exec("CREATE DATABASE " + name).Error; err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Exec("DROP DATABASE " + name + " WITH (FORCE)") })
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// Schema describes db's schema as sorted lines, to compare two databases
// of one dialect: on SQLite every object's SQL; on PostgreSQL the
// current schema's columns, indexes, constraints, triggers and
// functions, with the schema's name left out.
func Schema(t testing.TB, db *gorm.DB) []string {
	t.Helper()
	queries := []string{`SELECT type || ' ' || name || ' ' || tbl_name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY 1`}
	var schema string
	if db.Dialector.Name() == "postgres" {
		if err := db.Raw("SELECT current_schema()").Scan(&schema).Error; err != nil {
			t.Fatal(err)
		}
		queries = []string{
			`SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') || ' ' || coalesce(character_maximum_length::text, '')
			   FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY 1`,
			`SELECT tablename || ' ' || indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1`,
			`SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
			   FROM pg_constraint WHERE connamespace = current_schema()::regnamespace ORDER BY 1`,
			`SELECT c.relname || ' ' || pg_get_triggerdef(tg.oid) FROM pg_trigger tg JOIN pg_class c ON c.oid = tg.tgrelid
			   WHERE NOT tg.tgisinternal AND c.relnamespace = current_schema()::regnamespace ORDER BY 1`,
			`SELECT proname || ' ' || pg_get_functiondef(oid) FROM pg_proc WHERE pronamespace = current_schema()::regnamespace ORDER BY 1`,
			`SELECT relname || ' ' || coalesce(array_to_string(reloptions, ','), '') FROM pg_class
			   WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' ORDER BY 1`,
		}
	}
	var rows []string
	for _, q := range queries {
		var got []string
		if err := db.Raw(q).Scan(&got).Error; err != nil {
			t.Fatal(err)
		}
		for _, g := range got {
			if schema != "" {
				g = strings.ReplaceAll(g, schema+".", "")
			}
			rows = append(rows, g)
		}
	}
	return rows
}
