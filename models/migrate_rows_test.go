package models

import "testing"

// rowTypes are the row structs of the tables: what Migrate gave
// AutoMigrate before versioned migrations.
var rowTypes = []any{
	&settingRow{}, &schoolRow{}, &userRow{}, &classRow{}, &enrollmentRow{},
	&refreshTokenRow{}, &loginLimitRow{}, &revocationRow{}, &badgeRow{},
	&exerciseRow{}, &exerciseTagRow{}, &attemptRow{}, &hintUseRow{}, &skillReviewRow{}, &reviewScanRow{},
	&rosterJobRow{}, &rosterUploadRow{}, &rosterLockRow{},
	&curriculumRow{}, &unitRow{}, &lessonRow{},
	&assignmentRow{}, &assignmentItemRow{}, &assignmentStudentRow{},
	&ratingStateRow{}, &studentRatingRow{}, &exerciseRatingRow{}, &ratingChangeRow{},
	&auditRow{},
	&tournamentRow{}, &tournamentClassRow{}, &tournamentPlayerRow{}, &tournamentBoardRow{}, &tournamentAbsenceRow{}, &teamEventRow{},
	&gameRecordRow{},
	&liveGameRow{}, &liveMoveRow{}, &livePenaltyRow{}, &liveChallengeRow{},
	&liveLessonRow{}, &liveLessonAnswerRow{},
	&studentExerciseStatRow{},
}

// TestStepsHaveEveryRowColumn checks that the migrated schema has a
// table for every row struct and a column for each of its fields: a field
// added without a step that adds its column fails here (AutoMigrate no
// longer adds it).
func TestStepsHaveEveryRowColumn(t *testing.T) {
	db, _ := openTemp(t)
	for _, row := range rowTypes {
		if !db.Migrator().HasTable(row) {
			t.Errorf("no table for %T: add a step that makes it", row)
			continue
		}
		stmt := db.Model(row).Statement
		if err := stmt.Parse(row); err != nil {
			t.Fatal(err)
		}
		for _, f := range stmt.Schema.Fields {
			if f.DBName != "" && !db.Migrator().HasColumn(row, f.DBName) {
				t.Errorf("%s.%s (%T.%s) has no column: add a step that adds it", stmt.Schema.Table, f.DBName, row, f.Name)
			}
		}
	}
}
