package models

import (
	"database/sql/driver"
	"fmt"
	"time"

	"qixue/assignments"
)

// assignmentRow is a row of assignments. Its items are rows of
// assignment_items and its chosen students rows of assignment_students.
//
// Index plan: a class's list and the progress matrix filter by class_id;
// a school admin's list by school_id; due order is applied in memory on
// these short lists.
type assignmentRow struct {
	ID              string     `gorm:"primaryKey;size:36"`
	SchoolID        string     `gorm:"size:36;not null;index"`
	ClassID         string     `gorm:"size:36;not null;index"`
	Title           string     `gorm:"size:200;not null"`
	OpensAt         *time.Time ``
	DueAt           time.Time  `gorm:"not null"`
	AttemptsAllowed int        `gorm:"not null"`
	MasteryGate     bool       `gorm:"not null;default:false"`
	CreatedBy       string     `gorm:"size:36;not null"`
	WithdrawnAt     *time.Time ``
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (assignmentRow) TableName() string { return "assignments" }

// assignmentItemRow is one item of an assignment, at its position.
// item_id is indexed for the exercise lookups of a student's progress.
type assignmentItemRow struct {
	AssignmentID string `gorm:"primaryKey;size:36"`
	Position     int    `gorm:"primaryKey"`
	Kind         string `gorm:"size:16;not null"`
	ItemID       string `gorm:"size:120;not null;index"`
}

func (assignmentItemRow) TableName() string { return "assignment_items" }

// assignmentStudentRow is one chosen student of an assignment.
type assignmentStudentRow struct {
	AssignmentID string `gorm:"primaryKey;size:36"`
	UserID       string `gorm:"primaryKey;size:36;index"`
}

func (assignmentStudentRow) TableName() string { return "assignment_students" }

func toAssignmentRows(a assignments.Assignment) (assignmentRow, []assignmentItemRow, []assignmentStudentRow) {
	r := assignmentRow{ID: a.ID, SchoolID: a.SchoolID, ClassID: a.ClassID, Title: a.Title,
		OpensAt: timePtr(a.OpensAt), DueAt: a.DueAt, AttemptsAllowed: a.AttemptsAllowed, MasteryGate: a.MasteryGate, CreatedBy: a.CreatedBy,
		WithdrawnAt: timePtr(a.WithdrawnAt), CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt}
	items := make([]assignmentItemRow, len(a.Items))
	for i, it := range a.Items {
		items[i] = assignmentItemRow{AssignmentID: a.ID, Position: i, Kind: string(it.Kind), ItemID: it.ID}
	}
	var chosen []assignmentStudentRow
	for _, id := range a.StudentIDs {
		chosen = append(chosen, assignmentStudentRow{AssignmentID: a.ID, UserID: id})
	}
	return r, items, chosen
}

func (r assignmentRow) toAssignment() assignments.Assignment {
	return assignments.Assignment{ID: r.ID, SchoolID: r.SchoolID, ClassID: r.ClassID, Title: r.Title,
		OpensAt: timeOf(r.OpensAt), DueAt: r.DueAt.UTC(), AttemptsAllowed: r.AttemptsAllowed, MasteryGate: r.MasteryGate, CreatedBy: r.CreatedBy,
		WithdrawnAt: timeOf(r.WithdrawnAt), CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

// aggTime scans an aggregate of a time column (MIN(created_at)), which
// PostgreSQL returns as a time and SQLite as text.
type aggTime struct{ t time.Time }

// Value implements driver.Valuer (GORM needs it to accept the type).
func (t aggTime) Value() (driver.Value, error) { return t.t, nil }

// Scan implements sql.Scanner.
func (t *aggTime) Scan(src any) error {
	switch v := src.(type) {
	case nil: // no row to aggregate, e.g. MIN over no correct attempt
		t.t = time.Time{}
		return nil
	case time.Time:
		t.t = v.UTC()
		return nil
	case []byte:
		return t.parse(string(v))
	case string:
		return t.parse(v)
	}
	return fmt.Errorf("aggregate time: cannot scan %T", src)
}

func (t *aggTime) parse(s string) error {
	for _, layout := range []string{"2006-01-02 15:04:05.999999999-07:00", time.RFC3339Nano, "2006-01-02 15:04:05.999999999"} {
		if v, err := time.Parse(layout, s); err == nil {
			t.t = v.UTC()
			return nil
		}
	}
	return fmt.Errorf("aggregate time: cannot parse %q", s)
}
