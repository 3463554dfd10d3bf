package models_test

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"gorm.io/gorm"

	"qixue/models"
	"qixue/models/modelstest"
)

// TestBaselineColumnsAreStep1 checks that migrations/0001_baseline.columns,
// by which Migrate adopts a database from before versioned migrations,
// lists exactly the tables and columns that step 1 makes.
func TestBaselineColumnsAreStep1(t *testing.T) {
	f, err := os.Open("migrations/0001_baseline.columns")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) > 0 && !strings.HasPrefix(fields[0], "#") {
			want[fields[0]] = fields[1:]
		}
	}
	if len(want) < 40 {
		t.Fatalf("%d tables listed", len(want))
	}
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		tables, err := db.Migrator().GetTables()
		if err != nil {
			t.Fatal(err)
		}
		got := map[string][]string{}
		for _, table := range tables {
			if table == "schema_migrations" {
				continue
			}
			types, err := db.Migrator().ColumnTypes(table)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range types {
				got[table] = append(got[table], c.Name())
			}
		}
		for table, cols := range want {
			if !slices.Equal(sorted(got[table]), sorted(cols)) {
				t.Errorf("%s: step 1 makes %v, the file lists %v", table, got[table], cols)
			}
		}
		for table := range got {
			if want[table] == nil {
				t.Errorf("step 1 makes %s, which the file does not list", table)
			}
		}
	})
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// TestMigrateConcurrently starts two migrations of one empty database at
// once, each through its own connections, as two servers starting
// together do: both succeed, every step is recorded once and the schema
// is the one a single migration makes.
func TestMigrateConcurrently(t *testing.T) {
	run := func(t *testing.T, url string) {
		var dbs [2]*gorm.DB
		for i := range dbs {
			db, err := models.Open(url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { models.Close(db) })
			dbs[i] = db
		}
		var wg sync.WaitGroup
		errs := make([]error, len(dbs))
		for i, db := range dbs {
			wg.Go(func() { errs[i] = models.Migrate(ctx, db) })
		}
		wg.Wait()
		if err := errors.Join(errs...); err != nil {
			t.Fatal(err)
		}
		var versions []int
		if err := dbs[0].Raw("SELECT version FROM schema_migrations ORDER BY version").Scan(&versions).Error; err != nil {
			t.Fatal(err)
		}
		if len(versions) != models.SchemaVersion() || versions[len(versions)-1] != models.SchemaVersion() {
			t.Fatalf("steps recorded: %v", versions)
		}
		var adopted int64
		dbs[0].Raw("SELECT COUNT(*) FROM schema_migrations WHERE adopted").Scan(&adopted)
		if adopted != 0 {
			t.Fatalf("%d steps of a new database recorded as adopted", adopted)
		}
		want := modelstest.Schema(t, modelstest.SQLite(t))
		if dbs[0].Dialector.Name() == "postgres" {
			want = modelstest.Schema(t, modelstest.Postgres(t))
		}
		if got := modelstest.Schema(t, dbs[1]); !slices.Equal(got, want) {
			t.Errorf("schema after two migrations at once differs:\n got %q\nwant %q", got, want)
		}
	}
	t.Run("sqlite", func(t *testing.T) { run(t, filepath.Join(t.TempDir(), "q.db")) })
	if os.Getenv(modelstest.EnvURL) != "" {
		t.Run("postgres", func(t *testing.T) { run(t, modelstest.PostgresURL(t)) })
	}
}

// TestMigrateRefusesNewerSchema: a database that a newer build brought
// past this build's steps is refused, not written to.
func TestMigrateRefusesNewerSchema(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		if err := db.Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'from the future', CURRENT_TIMESTAMP)",
			models.SchemaVersion()+1).Error; err != nil {
			t.Fatal(err)
		}
		if err := models.Migrate(ctx, db); !errors.Is(err, models.ErrSchemaNewer) {
			t.Fatalf("migrating a newer schema: %v", err)
		}
	})
}
