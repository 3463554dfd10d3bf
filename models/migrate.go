package models

import (
	"bufio"
	"context"
	"embed"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/identity"
)

// The schema changes by numbered steps (migrations/NNNN_name.DIALECT.sql),
// each applied once, in its own transaction, and recorded in
// schema_migrations. The runner is our own: pressly/goose v3 builds here
// and locks PostgreSQL with an advisory lock, but it has no lock for
// SQLite (two servers starting on one file would both read "no steps" and
// both run step 1) and its Go steps get a *sql.Tx rather than GORM's;
// golang-migrate has SQL steps only and a lock per process on SQLite.
// The runner needs neither: every step's transaction first takes the
// schema lock (pg_advisory_xact_lock on PostgreSQL; on SQLite the
// transaction itself, which the writer opens with BEGIN IMMEDIATE) and
// then reads schema_migrations again, so a server that waited for
// another one's step finds it applied and goes on.
//
// A change to the schema is a new step: add its two files (SQLite and
// PostgreSQL) and a line to steps. GORM's AutoMigrate no longer changes
// a schema; the row structs' gorm tags describe the columns for queries.

//go:embed migrations/*.sql migrations/*.columns
var migrationFiles embed.FS

// step is one numbered change of the schema: the statements of
// migrations/FILE.sqlite.sql or FILE.postgres.sql, separated by lines
// "--;".
type step struct {
	version int
	file    string
}

// steps are the schema's steps in order; a step's version is its place.
var steps = []step{
	{1, "0001_baseline"},
	{2, "0002_team_events_live_lessons"},
}

// SchemaVersion is the step this build brings a database to.
func SchemaVersion() int { return steps[len(steps)-1].version }

// migrationsTable records the applied steps.
const migrationsTable = `CREATE TABLE IF NOT EXISTS schema_migrations (
 version integer PRIMARY KEY,
 name varchar(200) NOT NULL,
 applied_at timestamp NOT NULL,
 adopted boolean NOT NULL DEFAULT false)`

// schemaLockKey is the PostgreSQL advisory lock of migrations: any
// constant, the same in every build ("qixue" in ASCII).
const schemaLockKey = 0x7169787565

// ErrSchemaNewer is returned by Migrate for a database that a newer
// build has brought past this build's steps.
var ErrSchemaNewer = errors.New("the database schema is newer than this build")

// ErrSchemaTooOld is returned by Migrate for a database made before
// versioned migrations by a build older than step 1's schema.
var ErrSchemaTooOld = errors.New("the database predates step 1 of the schema")

// Migrate brings the schema up to SchemaVersion by its steps and then
// refreshes the data that depends on this build (the users' name sort
// keys, the exercise-stats rollup) when their version changed. Safe for
// several servers starting at once on one database; a database already
// up to date costs one query and two settings reads.
func Migrate(ctx context.Context, db *gorm.DB) error {
	db = db.WithContext(ctx)
	if err := migrateSchema(db); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	if err := backfillSortKeys(ctx, db); err != nil {
		return fmt.Errorf("migrate: name sort keys: %w", err)
	}
	if err := refillExerciseStats(ctx, db); err != nil {
		return fmt.Errorf("migrate: student exercise stats: %w", err)
	}
	return nil
}

func migrateSchema(db *gorm.DB) error {
	applied, err := appliedSteps(db)
	if err != nil {
		return err
	}
	if len(applied) > 0 && applied[len(applied)-1] > SchemaVersion() {
		return fmt.Errorf("%w: it is at step %d, this build knows steps up to %d; run a newer qixue",
			ErrSchemaNewer, applied[len(applied)-1], SchemaVersion())
	}
	for _, s := range steps {
		if slices.Contains(applied, s.version) {
			continue
		}
		if err := db.Transaction(func(tx *gorm.DB) error { return applyStep(tx, s) }); err != nil {
			return fmt.Errorf("step %d (%s): %w", s.version, s.file, err)
		}
	}
	return nil
}

// appliedSteps reads the recorded steps in order, none when the table
// is missing.
func appliedSteps(db *gorm.DB) ([]int, error) {
	if !db.Migrator().HasTable("schema_migrations") {
		return nil, nil
	}
	var v []int
	err := db.Raw("SELECT version FROM schema_migrations ORDER BY version").Scan(&v).Error
	return v, err
}

// lockSchema takes the migrations' lock for the rest of tx.
func lockSchema(tx *gorm.DB) error {
	if tx.Dialector.Name() != "postgres" {
		return nil // the writer's BEGIN IMMEDIATE holds SQLite's write lock
	}
	return tx.Exec("SELECT pg_advisory_xact_lock(?)", schemaLockKey).Error
}

// applyStep applies s in tx unless it is recorded already (another
// server applied it while this one waited for the lock). Step 1 on a
// database made before versioned migrations is recorded as adopted
// without running, once the database is checked to hold its schema.
func applyStep(tx *gorm.DB, s step) error {
	if err := lockSchema(tx); err != nil {
		return err
	}
	if err := tx.Exec(migrationsTable).Error; err != nil {
		return err
	}
	var done int64
	if err := tx.Raw("SELECT COUNT(*) FROM schema_migrations WHERE version = ?", s.version).Scan(&done).Error; err != nil {
		return err
	}
	if done > 0 {
		return nil
	}
	adopted := false
	if s.version == 1 && tx.Migrator().HasTable("schools") {
		if err := checkBaseline(tx); err != nil {
			return err
		}
		adopted = true
	} else {
		stmts, err := s.statements(tx.Dialector.Name())
		if err != nil {
			return err
		}
		for _, q := range stmts {
			if err := tx.Exec(q).Error; err != nil {
				return fmt.Errorf("%.80s: %w", q, err)
			}
		}
	}
	return tx.Exec("INSERT INTO schema_migrations (version, name, applied_at, adopted) VALUES (?, ?, ?, ?)",
		s.version, s.file, time.Now().UTC(), adopted).Error
}

// statements reads the step's file for a dialect ("sqlite" or "postgres").
func (s step) statements(dialect string) ([]string, error) {
	b, err := migrationFiles.ReadFile("migrations/" + s.file + "." + dialect + ".sql")
	if err != nil {
		return nil, err
	}
	var out []string
	for _, q := range strings.Split(string(b), "\n--;\n") {
		if q = strings.TrimSpace(stripComments(q)); q != "" {
			out = append(out, q)
		}
	}
	return out, nil
}

// stripComments drops the lines that are whole "--" comments.
func stripComments(q string) string {
	var b strings.Builder
	for line := range strings.Lines(q) {
		if !strings.HasPrefix(strings.TrimSpace(line), "--") {
			b.WriteString(line)
		}
	}
	return b.String()
}

// checkBaseline checks that a database made before versioned migrations
// has every table and column of step 1 (migrations/0001_baseline.columns),
// that is, that the code that made it was at least as new as step 1.
func checkBaseline(tx *gorm.DB) error {
	f, err := migrationFiles.Open("migrations/0001_baseline.columns")
	if err != nil {
		return err
	}
	defer f.Close()
	var missing []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		have, err := columnsOf(tx, fields[0])
		if err != nil {
			return err
		}
		for _, c := range fields[1:] {
			if !slices.Contains(have, c) {
				missing = append(missing, fields[0]+"."+c)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if len(missing) > 0 {
		if len(missing) > 5 {
			missing = append(missing[:5], fmt.Sprintf("and %d more", len(missing)-5))
		}
		return fmt.Errorf("%w (the schema of c666a44): it lacks %s; bring it there first with `qixue migrate` "+
			"of a build from before versioned migrations (c666a44), then start this one", ErrSchemaTooOld, strings.Join(missing, ", "))
	}
	return nil
}

// columnsOf lists a table's columns (none for a missing table).
func columnsOf(tx *gorm.DB, table string) ([]string, error) {
	q := "SELECT name FROM pragma_table_info(?)"
	if tx.Dialector.Name() == "postgres" {
		q = "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?"
	}
	var cols []string
	err := tx.Raw(q, table).Scan(&cols).Error
	return cols, err
}

// sortVersionSetting stores the identity.NameSortVersion of the users'
// sort keys.
const sortVersionSetting = "name_sort_version"

// backfillSortKeys computes the users' sort keys (identity.NameSortKey)
// of a database made before they existed, or under another
// NameSortVersion, a thousand users per transaction, and then records the
// version; with the version current it reads one row. Two servers doing
// it at once write the same keys.
func backfillSortKeys(ctx context.Context, db *gorm.DB) error {
	db = db.WithContext(ctx)
	var v settingRow
	err := db.Where("name = ?", sortVersionSetting).Take(&v).Error
	switch {
	case err == nil && v.Value == identity.NameSortVersion:
		return nil
	case err != nil && !errors.Is(err, gorm.ErrRecordNotFound):
		return err
	}
	for after := ""; ; {
		var rows []userRow
		if err := db.Select("id", "real_name", "sort_key").Where("id > ?", after).Order("id").Limit(1000).Find(&rows).Error; err != nil {
			return err
		}
		if len(rows) == 0 {
			break
		}
		err := db.Transaction(func(tx *gorm.DB) error {
			for _, r := range rows {
				if k := identity.NameSortKey(r.RealName); k != r.SortKey {
					if err := tx.Model(&userRow{}).Where("id = ?", r.ID).UpdateColumn("sort_key", k).Error; err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		after = rows[len(rows)-1].ID
	}
	return db.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "name"}}, DoUpdates: clause.AssignmentColumns([]string{"value"})}).
		Create(&settingRow{Name: sortVersionSetting, Value: identity.NameSortVersion}).Error
}
