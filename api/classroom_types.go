package api

import (
	"encoding/json"
	"time"

	"qixue/classroom"
	"qixue/exercises"
)

// liveLessonRequest is the body of POST /v1/live-lessons.
type liveLessonRequest struct {
	ClassID     string             `json:"class_id"`
	Title       string             `json:"title"`
	ExerciseIDs []string           `json:"exercise_ids"`
	Options     *liveLessonOptions `json:"options"`
}

// liveLessonOptions are the teacher's choices (see classroom.Options).
type liveLessonOptions struct {
	Named       bool `json:"named"`
	Ranking     bool `json:"ranking"`
	ItemSeconds int  `json:"item_seconds"`
	Hints       bool `json:"hints"`
	Shuffle     bool `json:"shuffle"`
}

func (o *liveLessonOptions) options() classroom.Options {
	if o == nil {
		return classroom.Options{}
	}
	return classroom.Options{Named: o.Named, Ranking: o.Ranking, ItemSeconds: o.ItemSeconds, Hints: o.Hints, Shuffle: o.Shuffle}
}

func toLiveLessonOptions(o classroom.Options) liveLessonOptions {
	return liveLessonOptions{Named: o.Named, Ranking: o.Ranking, ItemSeconds: o.ItemSeconds, Hints: o.Hints, Shuffle: o.Shuffle}
}

// liveOpenRequest is the body of POST /v1/live-lessons/{id}/open.
type liveOpenRequest struct {
	Index *int `json:"index"`
}

// liveHintRequest is the body of POST /v1/live-lessons/{id}/hints.
type liveHintRequest struct {
	Index *int `json:"index"`
	Step  int  `json:"step"`
}

// liveCopyRequest is the body of POST /v1/live-lessons/{id}/copy.
type liveCopyRequest struct {
	ClassID string             `json:"class_id"`
	Title   string             `json:"title"`
	Options *liveLessonOptions `json:"options"`
}

// liveAnswerRequest is the body of POST /v1/live-lessons/{id}/answers.
type liveAnswerRequest struct {
	Index  *int            `json:"index"`
	Answer json.RawMessage `json:"answer"`
	TimeMS int             `json:"time_ms"`
}

// liveLessonResponse is a lesson as its caller sees it: for staff every
// item with the class's answers (Items, Students, Score), for a student
// the item shown with their own answer (Item).
type liveLessonResponse struct {
	ID         string            `json:"id"`
	ClassID    string            `json:"class_id"`
	TeacherID  string            `json:"teacher_id"`
	Title      string            `json:"title"`
	Status     string            `json:"status"`
	Current    int               `json:"current"`
	Options    liveLessonOptions `json:"options"`
	Version    int               `json:"version"`
	CopiedFrom string            `json:"copied_from,omitempty"`
	CreatedAt  time.Time         `json:"created_at"`
	UpdatedAt  time.Time         `json:"updated_at"`
	ServerTime time.Time         `json:"server_time"`
	ItemCount  int               `json:"item_count"`
	// Staff only.
	Items    []liveItemResponse    `json:"items,omitempty"`
	Students []liveStudentResponse `json:"students,omitempty"`
	// Student only: the item shown (null before the first).
	Item *liveItemResponse `json:"item,omitempty"`
}

// liveStudentResponse is a student of the class by shown name, and
// whether they answered the item shown.
type liveStudentResponse struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Answered bool   `json:"answered"`
	// Correct and Score count the student's answers over the revealed
	// items (for a ranking; staff only).
	Correct int     `json:"correct"`
	Score   float64 `json:"score"`
}

// liveItemResponse is one item of a lesson.
type liveItemResponse struct {
	Index      int               `json:"index"`
	ExerciseID string            `json:"exercise_id"`
	Exercise   *exerciseResponse `json:"exercise,omitempty"`
	Open       bool              `json:"open"`
	Revealed   bool              `json:"revealed"`
	OpenedAt   *time.Time        `json:"opened_at"`
	Deadline   *time.Time        `json:"deadline"`
	ClosedAt   *time.Time        `json:"closed_at"`
	// Answered is how many students answered; Answers each distinct
	// answer with its count, most given first (staff). Correct counts the
	// right ones, after the reveal only.
	Answered   int                 `json:"answered"`
	Correct    *int                `json:"correct,omitempty"`
	Answers    []liveCountResponse `json:"answers"`
	AnsweredBy []string            `json:"answered_by,omitempty"`
	// After the reveal: the solution and the two most common wrong
	// answers with the checker's feedback.
	Solution    json.RawMessage     `json:"solution,omitempty"`
	CommonWrong []liveCountResponse `json:"common_wrong,omitempty"`
	// Mine is a student's own answer (null before they answered): its
	// outcome and feedback once the item is revealed.
	Mine *liveMineResponse `json:"mine,omitempty"`
}

// liveCountResponse is one distinct answer and how many gave it; Correct
// and Feedback appear after the reveal.
type liveCountResponse struct {
	Answer   json.RawMessage `json:"answer"`
	Count    int             `json:"count"`
	Correct  *bool           `json:"correct,omitempty"`
	Feedback string          `json:"feedback,omitempty"`
}

// liveMineResponse is a student's own answer to an item.
type liveMineResponse struct {
	Answer    json.RawMessage `json:"answer"`
	AttemptID string          `json:"attempt_id"`
	At        time.Time       `json:"at"`
	Outcome   string          `json:"outcome,omitempty"`
	Correct   *bool           `json:"correct,omitempty"`
	Feedback  string          `json:"feedback,omitempty"`
}

// liveAnswerResponse answers POST /v1/live-lessons/{id}/answers: a
// continuing step (done false, the reply to play on) or the recorded
// answer (its outcome is told at the reveal).
type liveAnswerResponse struct {
	Index           int             `json:"index"`
	Done            bool            `json:"done"`
	Recorded        bool            `json:"recorded"`
	AttemptID       string          `json:"attempt_id,omitempty"`
	Answer          json.RawMessage `json:"answer,omitempty"`
	Reply           string          `json:"reply,omitempty"`
	ForbiddenPoints []string        `json:"forbidden_points,omitempty"`
}

func timeOrNil(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	u := t.UTC()
	return &u
}

// liveLessonView is what toLiveLesson needs besides the lesson.
type liveLessonView struct {
	staff     bool
	self      string
	lang      string
	now       time.Time
	exercises map[string]exercises.Exercise
	students  []classroom.Student
	answers   []classroom.Answer
	// hints is how many hints of an exercise the student opened.
	hints map[string]int
}

func toLiveLesson(l classroom.Lesson, v liveLessonView) liveLessonResponse {
	r := liveLessonResponse{ID: l.ID, ClassID: l.ClassID, TeacherID: l.TeacherID, Title: l.Title, Status: string(l.Status),
		Current: l.Current, Options: toLiveLessonOptions(l.Options), Version: l.Version, CopiedFrom: l.CopiedFrom,
		CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt, ServerTime: v.now, ItemCount: len(l.Items)}
	if !v.staff {
		if l.Current >= 0 && l.Current < len(l.Items) {
			it := toLiveItem(l, l.Current, v)
			r.Item = &it
		}
		return r
	}
	r.Items = make([]liveItemResponse, len(l.Items))
	for i := range l.Items {
		r.Items[i] = toLiveItem(l, i, v)
	}
	answeredNow := map[string]bool{}
	correct := map[string]int{}
	score := map[string]float64{}
	for _, a := range v.answers {
		if a.Index == l.Current {
			answeredNow[a.UserID] = true
		}
		if a.Index >= 0 && a.Index < len(l.Items) && l.Items[a.Index].Revealed {
			score[a.UserID] += a.Score
			if a.Outcome == exercises.Correct {
				correct[a.UserID]++
			}
		}
	}
	r.Students = make([]liveStudentResponse, len(v.students))
	for i, s := range v.students {
		r.Students[i] = liveStudentResponse{ID: s.UserID, Name: s.Name, Answered: answeredNow[s.UserID],
			Correct: correct[s.UserID], Score: score[s.UserID]}
	}
	return r
}

func toLiveItem(l classroom.Lesson, i int, v liveLessonView) liveItemResponse {
	it := l.Items[i]
	r := liveItemResponse{Index: i, ExerciseID: it.ExerciseID, Open: l.Open(i, v.now), Revealed: it.Revealed,
		OpenedAt: timeOrNil(it.OpenedAt), Deadline: timeOrNil(it.Deadline), ClosedAt: timeOrNil(it.ClosedAt),
		Answers: []liveCountResponse{}}
	ex, ok := v.exercises[it.ExerciseID]
	if ok {
		shown := v.hints[ex.ID]
		if v.staff || it.Revealed {
			shown = len(ex.Hints)
		}
		er := toExerciseResponse(exercises.View{Exercise: ex, ShowSolution: it.Revealed, HintsShown: shown}, v.lang)
		r.Exercise = &er
		if it.Revealed {
			r.Solution = ex.Solution
		}
	}
	t := classroom.TallyOf(v.answers, i)
	if v.staff {
		r.Answered, r.AnsweredBy = t.Answered, t.Users
		for _, c := range t.Answers {
			r.Answers = append(r.Answers, toLiveCount(c, it.Revealed, v.lang))
		}
		if it.Revealed {
			n := t.Correct
			r.Correct = &n
		}
	} else {
		r.Answers, r.Answered = nil, t.Answered
		if it.Revealed {
			n := t.Correct
			r.Correct = &n
		}
		for _, a := range v.answers {
			if a.Index == i && a.UserID == v.self {
				m := liveMineResponse{Answer: a.Answer, AttemptID: a.AttemptID, At: a.At}
				if it.Revealed {
					ok := a.Outcome == exercises.Correct
					m.Outcome, m.Correct, m.Feedback = string(a.Outcome), &ok, a.Feedback.In(v.lang)
				}
				r.Mine = &m
			}
		}
	}
	if it.Revealed {
		for _, c := range t.CommonWrong(2) {
			r.CommonWrong = append(r.CommonWrong, toLiveCount(c, true, v.lang))
		}
	}
	return r
}

func toLiveCount(c classroom.Count, revealed bool, lang string) liveCountResponse {
	r := liveCountResponse{Answer: c.Answer, Count: c.Count}
	if revealed {
		ok := c.Outcome == exercises.Correct
		r.Correct, r.Feedback = &ok, c.Feedback.In(lang)
	}
	return r
}
