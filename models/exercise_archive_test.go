package models_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

func TestBankRetiresAndRestores(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewExerciseStore(db)
		now := time.Now().UTC()
		keep, gone := choiceExercise("chess/r-001", "a"), choiceExercise("chess/r-002", "a")
		if _, _, err := s.SyncBank(ctx, []exercises.Exercise{keep, gone}, now); err != nil {
			t.Fatal(err)
		}
		user := id()
		if _, _, err := s.RecordAttempt(ctx, attempt(user, gone.ID, "k1")); err != nil {
			t.Fatal(err)
		}
		for range 2 { // the second load retires nothing new
			ins, upd, err := s.SyncBank(ctx, []exercises.Exercise{keep}, now)
			if err != nil || ins != 0 || upd != 0 {
				t.Fatalf("load without %s: inserted %d updated %d (%v)", gone.Key, ins, upd, err)
			}
		}
		if _, err := s.Exercise(ctx, identity.Scope{}, gone.ID); err != domain.ErrNotFound {
			t.Fatalf("retired exercise read: %v, want not found", err)
		}
		list, err := s.Exercises(ctx, exercises.Query{Tag: "a"}, domain.Page{Limit: 10})
		if err != nil || len(list) != 1 || list[0].ID != keep.ID {
			t.Fatalf("list after retiring: %+v (%v), want only %s", list, err, keep.Key)
		}
		var rows int64
		db.Table("exercises").Where("bank_key = ? AND archived_at IS NOT NULL", gone.Key).Count(&rows)
		if rows != 1 {
			t.Fatalf("%d archived rows of %s, want 1 (retired, not deleted)", rows, gone.Key)
		}
		if got, err := s.Attempts(ctx, exercises.AttemptQuery{UserID: user}, domain.Page{Limit: 10}); err != nil || len(got) != 1 {
			t.Fatalf("attempts of a retired exercise: %d (%v), want 1", len(got), err)
		}

		ins, upd, err := s.SyncBank(ctx, []exercises.Exercise{keep, gone}, now)
		if err != nil || ins != 0 || upd != 1 {
			t.Fatalf("load with %s back: inserted %d updated %d (%v), want 0 and 1", gone.Key, ins, upd, err)
		}
		if got, err := s.Exercise(ctx, identity.Scope{}, gone.ID); err != nil || got.Key != gone.Key {
			t.Fatalf("restored exercise: %+v, %v", got, err)
		}
	})
}

func TestDeleteExerciseKeepsAttempts(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		is, s := models.NewIdentityStore(db), models.NewExerciseStore(db)
		a := mustSchool(t, is)
		ex := choiceExercise("", "x")
		ex.ID, ex.SchoolID = id(), a.ID
		if err := s.CreateExercises(ctx, []exercises.Exercise{ex}, time.Now()); err != nil {
			t.Fatal(err)
		}
		user := id()
		if _, _, err := s.RecordAttempt(ctx, attempt(user, ex.ID, "k1")); err != nil {
			t.Fatal(err)
		}
		sc := identity.Scope{SchoolID: a.ID}
		if err := s.DeleteExercise(ctx, sc, ex.ID, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteExercise(ctx, sc, ex.ID, time.Now()); err != domain.ErrNotFound {
			t.Fatalf("second delete: %v, want not found", err)
		}
		if _, err := s.Exercise(ctx, sc, ex.ID); err != domain.ErrNotFound {
			t.Fatalf("deleted exercise read: %v, want not found", err)
		}
		if err := s.UpdateExercise(ctx, ex, time.Now()); err != domain.ErrNotFound {
			t.Fatalf("deleted exercise updated: %v, want not found", err)
		}
		if list, err := s.Exercises(ctx, exercises.Query{Scope: sc}, domain.Page{Limit: 10}); err != nil || len(list) != 0 {
			t.Fatalf("list after delete: %d (%v), want 0", len(list), err)
		}
		if got, err := s.Attempts(ctx, exercises.AttemptQuery{UserID: user}, domain.Page{Limit: 10}); err != nil || len(got) != 1 || got[0].ExerciseID != ex.ID {
			t.Fatalf("attempts after delete: %+v (%v), want the one attempt", got, err)
		}
	})
}

// TestMigrateRefusesOlderThanStep1 migrates a database from before
// versioned migrations (no schema_migrations) whose exercises table
// predates archived_at, that is, older than step 1: Migrate refuses it,
// naming the column, and changes nothing; once the column is there (as
// the build before versioned migrations would have added it), Migrate
// adopts it as step 1 and the rows read.
func TestMigrateRefusesOlderThanStep1(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewExerciseStore(db)
		ex := choiceExercise("chess/m-001", "a")
		if _, _, err := s.SyncBank(ctx, []exercises.Exercise{ex}, time.Now()); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"DROP TABLE schema_migrations", "ALTER TABLE exercises DROP COLUMN archived_at"} {
			if err := db.Exec(q).Error; err != nil {
				t.Fatal(err)
			}
		}
		err := models.Migrate(ctx, db)
		if !errors.Is(err, models.ErrSchemaTooOld) || !strings.Contains(err.Error(), "exercises.archived_at") {
			t.Fatalf("migrating a database older than step 1: %v", err)
		}
		if db.Migrator().HasTable("schema_migrations") || db.Migrator().HasColumn("exercises", "archived_at") {
			t.Fatal("a refused migration changed the schema")
		}
		column := "datetime"
		if db.Dialector.Name() == "postgres" {
			column = "timestamptz"
		}
		if err := db.Exec("ALTER TABLE exercises ADD COLUMN archived_at " + column).Error; err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if err := models.Migrate(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		var adopted []bool
		if err := db.Raw("SELECT adopted FROM schema_migrations ORDER BY version").Scan(&adopted).Error; err != nil || len(adopted) != models.SchemaVersion() || !adopted[0] {
			t.Fatalf("steps recorded %v, %v", adopted, err)
		}
		if got, err := s.Exercise(ctx, identity.Scope{}, ex.ID); err != nil || got.Key != ex.Key {
			t.Fatalf("exercise after migration: %+v, %v", got, err)
		}
	})
}
