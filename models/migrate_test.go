package models_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"gorm.io/gorm"

	"qixue/models"
	"qixue/models/modelstest"
)

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

// TestMigrateAdoptsLaterAutoMigratedDatabase migrates a database that a
// build after c666a44 but before versioned migrations made: AutoMigrate
// had already made the tables of later steps (team_events), and there is
// no schema_migrations. Migrate adopts it as step 1, the later steps find
// their tables and leave them, and the schema is a new database's.
func TestMigrateAdoptsLaterAutoMigratedDatabase(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		want := modelstest.Schema(t, db)
		if err := db.Exec("DROP TABLE schema_migrations").Error; err != nil {
			t.Fatal(err)
		}
		if err := models.Migrate(ctx, db); err != nil {
			t.Fatal(err)
		}
		if got := modelstest.Schema(t, db); !slices.Equal(got, want) {
			t.Errorf("schema after adoption differs:\n got %q\nwant %q", got, want)
		}
		var adopted []bool
		if err := db.Raw("SELECT adopted FROM schema_migrations ORDER BY version").Scan(&adopted).Error; err != nil ||
			len(adopted) != models.SchemaVersion() || !adopted[0] {
			t.Fatalf("steps recorded %v, %v", adopted, err)
		}
	})
}
