package models

import (
	"encoding/json"
	"time"

	"qixue/classroom"
	"qixue/domain"
	"qixue/exercises"
)

// liveLessonRow is a row of live_lessons: one live lesson of a class,
// its items (with what happened to each) and options as JSON. Deadline
// is the shown item's deadline while it takes answers (NULL otherwise),
// for the sweepers that close items whose time ran out.
type liveLessonRow struct {
	ID         string     `gorm:"primaryKey;size:36"`
	SchoolID   string     `gorm:"size:36;not null;index"`
	ClassID    string     `gorm:"size:36;not null;index"`
	TeacherID  string     `gorm:"size:36;not null;index"`
	Title      string     `gorm:"size:800;not null;default:''"`
	Items      string     `gorm:"type:text;not null"`
	Options    string     `gorm:"type:text;not null"`
	Status     string     `gorm:"size:16;not null;index"`
	Current    int        `gorm:"column:current_index;not null"`
	CopiedFrom string     `gorm:"size:36;not null;default:''"`
	Deadline   *time.Time `gorm:"index"`
	Version    int        `gorm:"not null"`
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (liveLessonRow) TableName() string { return "live_lessons" }

// liveLessonAnswerRow is a row of live_lesson_answers: a student's one
// answer to one item, stored with (and naming) the attempt it is.
type liveLessonAnswerRow struct {
	LessonID   string  `gorm:"primaryKey;size:36"`
	Idx        int     `gorm:"primaryKey;column:idx"`
	UserID     string  `gorm:"primaryKey;size:36"`
	SchoolID   string  `gorm:"size:36;not null"`
	ExerciseID string  `gorm:"size:36;not null"`
	AttemptID  string  `gorm:"size:36;not null"`
	Answer     string  `gorm:"type:text;not null"`
	Outcome    string  `gorm:"size:16;not null"`
	Score      float64 `gorm:"not null"`
	FeedbackZH string  `gorm:"column:feedback_zh;type:text;not null;default:''"`
	FeedbackEN string  `gorm:"column:feedback_en;type:text;not null;default:''"`
	TimeMS     int     `gorm:"not null;default:0"`
	CreatedAt  time.Time
}

func (liveLessonAnswerRow) TableName() string { return "live_lesson_answers" }

// lessonItemJSON and lessonOptionsJSON are the stored forms of a lesson's
// items and options.
type lessonItemJSON struct {
	ExerciseID string     `json:"exercise_id"`
	OpenedAt   *time.Time `json:"opened_at,omitempty"`
	Deadline   *time.Time `json:"deadline,omitempty"`
	ClosedAt   *time.Time `json:"closed_at,omitempty"`
	Revealed   bool       `json:"revealed,omitempty"`
}

type lessonOptionsJSON struct {
	Named       bool `json:"named,omitempty"`
	Ranking     bool `json:"ranking,omitempty"`
	ItemSeconds int  `json:"item_seconds,omitempty"`
	Hints       bool `json:"hints,omitempty"`
	Shuffle     bool `json:"shuffle,omitempty"`
}

func optTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}

func fromOpt(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

func toLiveLessonRow(l classroom.Lesson) liveLessonRow {
	items := make([]lessonItemJSON, len(l.Items))
	for i, it := range l.Items {
		items[i] = lessonItemJSON{ExerciseID: it.ExerciseID, OpenedAt: optTime(it.OpenedAt), Deadline: optTime(it.Deadline),
			ClosedAt: optTime(it.ClosedAt), Revealed: it.Revealed}
	}
	ib, _ := json.Marshal(items)
	o := l.Options
	ob, _ := json.Marshal(lessonOptionsJSON{Named: o.Named, Ranking: o.Ranking, ItemSeconds: o.ItemSeconds, Hints: o.Hints, Shuffle: o.Shuffle})
	r := liveLessonRow{ID: l.ID, SchoolID: l.SchoolID, ClassID: l.ClassID, TeacherID: l.TeacherID, Title: l.Title,
		Items: string(ib), Options: string(ob), Status: string(l.Status), Current: l.Current, CopiedFrom: l.CopiedFrom,
		Version: l.Version, CreatedAt: l.CreatedAt.UTC(), UpdatedAt: l.UpdatedAt.UTC()}
	if l.Status == classroom.Running && l.Current >= 0 && l.Current < len(l.Items) {
		if it := l.Items[l.Current]; it.ClosedAt.IsZero() && !it.Revealed {
			r.Deadline = optTime(it.Deadline)
		}
	}
	return r
}

func (r liveLessonRow) lesson() classroom.Lesson {
	var items []lessonItemJSON
	json.Unmarshal([]byte(r.Items), &items)
	var o lessonOptionsJSON
	json.Unmarshal([]byte(r.Options), &o)
	l := classroom.Lesson{ID: r.ID, SchoolID: r.SchoolID, ClassID: r.ClassID, TeacherID: r.TeacherID, Title: r.Title,
		Options: classroom.Options{Named: o.Named, Ranking: o.Ranking, ItemSeconds: o.ItemSeconds, Hints: o.Hints, Shuffle: o.Shuffle},
		Status:  classroom.Status(r.Status), Current: r.Current, CopiedFrom: r.CopiedFrom, Version: r.Version,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
	for _, it := range items {
		l.Items = append(l.Items, classroom.Item{ExerciseID: it.ExerciseID, OpenedAt: fromOpt(it.OpenedAt),
			Deadline: fromOpt(it.Deadline), ClosedAt: fromOpt(it.ClosedAt), Revealed: it.Revealed})
	}
	return l
}

func toLiveLessonAnswerRow(schoolID string, a classroom.Answer) liveLessonAnswerRow {
	return liveLessonAnswerRow{LessonID: a.LessonID, Idx: a.Index, UserID: a.UserID, SchoolID: schoolID, ExerciseID: a.ExerciseID,
		AttemptID: a.AttemptID, Answer: string(a.Answer), Outcome: string(a.Outcome), Score: a.Score,
		FeedbackZH: a.Feedback.ZH, FeedbackEN: a.Feedback.EN, TimeMS: a.TimeMS, CreatedAt: a.At.UTC()}
}

func (r liveLessonAnswerRow) answer() classroom.Answer {
	return classroom.Answer{LessonID: r.LessonID, Index: r.Idx, UserID: r.UserID, ExerciseID: r.ExerciseID, AttemptID: r.AttemptID,
		Answer: json.RawMessage(r.Answer), Outcome: exercises.Outcome(r.Outcome), Score: r.Score,
		Feedback: domain.Text{ZH: r.FeedbackZH, EN: r.FeedbackEN}, TimeMS: r.TimeMS, At: r.CreatedAt.UTC()}
}
