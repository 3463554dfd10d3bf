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
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/logger"

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
	migratePostgres(t, db)
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

// pgSchema is the schema that models.Migrate makes on an empty PostgreSQL
// schema, as the statements it ran (everything but its SELECTs), recorded
// the first time a test of the process asks for a database. Later
// databases replay them in one transaction: AutoMigrate spends most of its
// time asking the catalog what exists (0.4-1 s a schema), and a package of
// handler tests asks for a hundred schemas. TestReplayedSchemaIsMigrated
// checks that a replayed schema is the migrated one.
var pgSchema struct {
	once       sync.Once
	statements []string
	err        error
}

// migratePostgres migrates db, an empty PostgreSQL schema, by replaying
// the recorded statements of models.Migrate (recording them first).
func migratePostgres(t testing.TB, db *gorm.DB) {
	t.Helper()
	ran := false
	pgSchema.once.Do(func() {
		ran = true
		rec := &recorder{Interface: db.Logger, into: &recording{}}
		pgSchema.err = models.Migrate(context.Background(), db.Session(&gorm.Session{Logger: rec}))
		pgSchema.statements = rec.into.statements
	})
	if pgSchema.err != nil {
		t.Fatal(pgSchema.err)
	}
	if ran {
		return
	}
	err := db.Transaction(func(tx *gorm.DB) error {
		for _, stmt := range pgSchema.statements {
			if err := tx.Exec(stmt).Error; err != nil {
				return fmt.Errorf("replay %q: %w", stmt, err)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// recorder is a GORM logger that keeps the statements that change the
// schema or its data, in order, and passes everything on.
type recorder struct {
	logger.Interface
	into *recording
}

type recording struct {
	mu         sync.Mutex
	statements []string
}

func (r *recorder) LogMode(level logger.LogLevel) logger.Interface {
	return &recorder{Interface: r.Interface.LogMode(level), into: r.into}
}

func (r *recorder) Trace(ctx context.Context, begin time.Time, fc func() (string, int64), err error) {
	r.Interface.Trace(ctx, begin, fc, err)
	if err != nil {
		return
	}
	stmt, _ := fc()
	verb := strings.ToUpper(strings.Fields(stmt + " x")[0])
	if verb == "SELECT" || verb == "SHOW" || verb == "WITH" {
		return
	}
	r.into.mu.Lock()
	r.into.statements = append(r.into.statements, stmt)
	r.into.mu.Unlock()
}

func migrate(t testing.TB, db *gorm.DB) {
	t.Helper()
	if err := models.Migrate(context.Background(), db); err != nil {
		t.Fatal(err)
	}
}
