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

// The rollup's table, its PostgreSQL functions and the triggers on
// attempts (one upsert per inserted attempt; a deleted attempt recounts
// its student and exercise from the attempts left; on PostgreSQL the
// table leaves 30% of each page free, so that the updates stay HOT) are
// made by step 1 of the schema (migrations/0001_baseline.*.sql).

// refillExerciseStats fills the rollup from the attempts, with one
// INSERT ... SELECT ... GROUP BY in the transaction that records
// statsVersionSetting, when the setting is not statsVersion (a database
// made before the rollup, or a new way of counting); otherwise it reads
// one row. It holds the schema lock, so that two servers do not fill it
// at once.
func refillExerciseStats(ctx context.Context, db *gorm.DB) error {
	db = db.WithContext(ctx)
	var v settingRow
	err := db.Where("name = ?", statsVersionSetting).Take(&v).Error
	switch {
	case err == nil && v.Value == statsVersion:
		return nil
	case err != nil && !errors.Is(err, gorm.ErrRecordNotFound):
		return err
	}
	return db.Transaction(func(tx *gorm.DB) error {
		if err := lockSchema(tx); err != nil {
			return err
		}
		err := tx.Where("name = ?", statsVersionSetting).Take(&v).Error
		switch {
		case err == nil && v.Value == statsVersion:
			return nil // another server filled it while this one waited
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
