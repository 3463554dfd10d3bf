package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// studentExerciseStatRow is the rollup of one student's attempts of one
// exercise: how many, the first and last, and the first correct one
// (nil while unsolved). Give-ups count as attempts, as everywhere else.
// Database triggers on attempts keep it exactly in step, in the
// transaction of the statement that inserts or deletes the attempts, so
// every way of storing an answer (one statement, the PostgreSQL batch,
// the limited insert, a seed) updates it with one upsert per attempt;
// concurrent answers of the same student and exercise serialize on the
// rollup row. Only the primary key is indexed, so that PostgreSQL can
// update the row in place (a HOT update, whose dead versions the page
// prunes itself even with autovacuum off).
type studentExerciseStatRow struct {
	UserID     string     `gorm:"primaryKey;size:36"`
	ExerciseID string     `gorm:"primaryKey;size:36"`
	SchoolID   string     `gorm:"size:36;not null"`
	FirstAt    time.Time  `gorm:"not null"`
	LastAt     time.Time  `gorm:"not null"`
	Attempts   int        `gorm:"not null"`
	SolvedAt   *time.Time `gorm:""`
}

func (studentExerciseStatRow) TableName() string { return "student_exercise_stats" }

// statsVersionSetting records that student_exercise_stats was filled
// from the attempts (and which triggers keep it).
const (
	statsVersionSetting = "student_exercise_stats_version"
	statsVersion        = "1"
)

// statsColumns are the rollup's columns in the order of every INSERT.
const statsColumns = "user_id, exercise_id, school_id, first_at, last_at, attempts, solved_at"

// statsRecount is the rollup of the attempts that match %s, grouped per
// (student, exercise); 'correct' is exercises.Correct.
const statsRecount = `SELECT user_id, exercise_id, MIN(school_id), MIN(created_at), MAX(created_at), COUNT(*),
 MIN(CASE WHEN outcome = 'correct' THEN created_at END)
 FROM attempts WHERE %s GROUP BY user_id, exercise_id`

// statsTriggersPostgres are the PostgreSQL functions and triggers of the
// rollup: one upsert per inserted attempt; a deleted attempt recounts its
// (student, exercise) from the attempts left. The table leaves 30% of each
// page free.
var statsTriggersPostgres = []string{
	// Room in every page for the updated versions of its rows, so that
	// the updates stay HOT (on the page, no new index entry).
	`ALTER TABLE student_exercise_stats SET (fillfactor = 70)`,
	`CREATE OR REPLACE FUNCTION student_exercise_stats_add() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
 INSERT INTO student_exercise_stats AS s (` + statsColumns + `)
 VALUES (NEW.user_id, NEW.exercise_id, NEW.school_id, NEW.created_at, NEW.created_at, 1,
  CASE WHEN NEW.outcome = 'correct' THEN NEW.created_at END)
 ON CONFLICT (user_id, exercise_id) DO UPDATE SET attempts = s.attempts + 1,
  first_at = LEAST(s.first_at, EXCLUDED.first_at), last_at = GREATEST(s.last_at, EXCLUDED.last_at),
  solved_at = LEAST(s.solved_at, EXCLUDED.solved_at);
 RETURN NULL;
END $f$`,
	`CREATE OR REPLACE FUNCTION student_exercise_stats_recount() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
 DELETE FROM student_exercise_stats WHERE user_id = OLD.user_id AND exercise_id = OLD.exercise_id;
 INSERT INTO student_exercise_stats (` + statsColumns + `) ` +
		fmt.Sprintf(statsRecount, "user_id = OLD.user_id AND exercise_id = OLD.exercise_id") + `;
 RETURN NULL;
END $f$`,
	`CREATE OR REPLACE TRIGGER attempts_stats_add AFTER INSERT ON attempts FOR EACH ROW EXECUTE FUNCTION student_exercise_stats_add()`,
	`CREATE OR REPLACE TRIGGER attempts_stats_recount AFTER DELETE ON attempts FOR EACH ROW EXECUTE FUNCTION student_exercise_stats_recount()`,
}

// statsTriggersSQLite are the same triggers on SQLite. Times are text
// there, in one layout, so MIN and MAX compare them as the attempts'
// queries do; MIN of two values is NULL when one is, hence the COALESCE.
var statsTriggersSQLite = []string{
	`CREATE TRIGGER IF NOT EXISTS attempts_stats_add AFTER INSERT ON attempts BEGIN
 INSERT INTO student_exercise_stats (` + statsColumns + `)
 VALUES (NEW.user_id, NEW.exercise_id, NEW.school_id, NEW.created_at, NEW.created_at, 1,
  CASE WHEN NEW.outcome = 'correct' THEN NEW.created_at END)
 ON CONFLICT (user_id, exercise_id) DO UPDATE SET attempts = student_exercise_stats.attempts + 1,
  first_at = MIN(student_exercise_stats.first_at, excluded.first_at),
  last_at = MAX(student_exercise_stats.last_at, excluded.last_at),
  solved_at = MIN(COALESCE(student_exercise_stats.solved_at, excluded.solved_at), COALESCE(excluded.solved_at, student_exercise_stats.solved_at));
END`,
	`CREATE TRIGGER IF NOT EXISTS attempts_stats_recount AFTER DELETE ON attempts BEGIN
 DELETE FROM student_exercise_stats WHERE user_id = OLD.user_id AND exercise_id = OLD.exercise_id;
 INSERT INTO student_exercise_stats (` + statsColumns + `) ` +
		fmt.Sprintf(statsRecount, "user_id = OLD.user_id AND exercise_id = OLD.exercise_id") + `;
END`,
}

// migrateExerciseStats creates the rollup's table and triggers and, once
// (statsVersionSetting), fills it from the attempts with one INSERT ...
// SELECT ... GROUP BY, in the transaction that records the setting.
func migrateExerciseStats(ctx context.Context, db *gorm.DB) error {
	db = db.WithContext(ctx)
	if err := db.AutoMigrate(&studentExerciseStatRow{}); err != nil {
		return err
	}
	return db.Transaction(func(tx *gorm.DB) error {
		triggers := statsTriggersSQLite
		if tx.Dialector.Name() == "postgres" {
			triggers = statsTriggersPostgres
		}
		for _, q := range triggers {
			if err := tx.Exec(q).Error; err != nil {
				return err
			}
		}
		var v settingRow
		err := tx.Where("name = ?", statsVersionSetting).Take(&v).Error
		switch {
		case err == nil && v.Value == statsVersion:
			return nil
		case err != nil && !errors.Is(err, gorm.ErrRecordNotFound):
			return err
		}
		if err := tx.Exec("DELETE FROM student_exercise_stats WHERE true").Error; err != nil {
			return err
		}
		if err := tx.Exec("INSERT INTO student_exercise_stats (" + statsColumns + ") " + fmt.Sprintf(statsRecount, "true")).Error; err != nil {
			return err
		}
		return tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "name"}}, DoUpdates: clause.AssignmentColumns([]string{"value"})}).
			Create(&settingRow{Name: statsVersionSetting, Value: statsVersion}).Error
	})
}
