package api

import (
	"time"

	"qixue/assignments"
	"qixue/domain"
	"qixue/exercises"
)

// assignmentItem is one item of an assignment in requests and responses.
type assignmentItem struct {
	Kind string `json:"kind"`
	ID   string `json:"id"`
}

// practiceSetRequest asks for a set of fresh generated exercises.
type practiceSetRequest struct {
	Kind  string  `json:"kind"`
	Band  string  `json:"band"`
	Count int     `json:"count"`
	Seed  *uint64 `json:"seed"`
}

// assignmentRequest creates or edits an assignment (class_id is only read
// on create).
type assignmentRequest struct {
	ClassID         string               `json:"class_id"`
	Title           string               `json:"title"`
	StudentIDs      []string             `json:"student_ids"`
	Items           []assignmentItem     `json:"items"`
	Practice        []practiceSetRequest `json:"practice"`
	OpensAt         *time.Time           `json:"opens_at"`
	DueAt           *time.Time           `json:"due_at"`
	AttemptsAllowed int                  `json:"attempts_allowed"`
	MasteryGate     bool                 `json:"mastery_gate"`
}

func (r assignmentRequest) draft() assignments.Draft {
	d := assignments.Draft{ClassID: r.ClassID, Title: r.Title, StudentIDs: r.StudentIDs, AttemptsAllowed: r.AttemptsAllowed,
		MasteryGate: r.MasteryGate}
	for _, it := range r.Items {
		d.Items = append(d.Items, assignments.Item{Kind: assignments.ItemKind(it.Kind), ID: it.ID})
	}
	for _, ps := range r.Practice {
		d.Practice = append(d.Practice, assignments.PracticeSet{Kind: ps.Kind, Band: ps.Band, Count: ps.Count, Seed: ps.Seed})
	}
	if r.OpensAt != nil {
		d.OpensAt = r.OpensAt.UTC()
	}
	if r.DueAt != nil {
		d.DueAt = r.DueAt.UTC()
	}
	return d
}

// copyAssignmentRequest names the class to copy an assignment to.
type copyAssignmentRequest struct {
	ClassID string `json:"class_id"`
}

// assignmentResponse is an assignment as the API shows it.
type assignmentResponse struct {
	ID              string           `json:"id"`
	SchoolID        string           `json:"school_id"`
	ClassID         string           `json:"class_id"`
	Title           string           `json:"title"`
	StudentIDs      []string         `json:"student_ids"`
	Items           []assignmentItem `json:"items"`
	OpensAt         *time.Time       `json:"opens_at"`
	DueAt           time.Time        `json:"due_at"`
	AttemptsAllowed int              `json:"attempts_allowed"`
	MasteryGate     bool             `json:"mastery_gate"`
	CreatedBy       string           `json:"created_by"`
	CreatedAt       time.Time        `json:"created_at"`
	UpdatedAt       time.Time        `json:"updated_at"`
	WithdrawnAt     *time.Time       `json:"withdrawn_at"`
}

// savedAssignmentResponse is an assignment just created, edited or
// copied, with the warnings of the request.
type savedAssignmentResponse struct {
	assignmentResponse
	Warnings []Warning `json:"warnings"`
}

func optTime(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func toAssignmentResponse(a assignments.Assignment) assignmentResponse {
	r := assignmentResponse{ID: a.ID, SchoolID: a.SchoolID, ClassID: a.ClassID, Title: a.Title,
		StudentIDs: a.StudentIDs, Items: []assignmentItem{}, OpensAt: optTime(a.OpensAt), DueAt: a.DueAt,
		AttemptsAllowed: a.AttemptsAllowed, MasteryGate: a.MasteryGate, CreatedBy: a.CreatedBy, CreatedAt: a.CreatedAt, UpdatedAt: a.UpdatedAt,
		WithdrawnAt: optTime(a.WithdrawnAt)}
	if r.StudentIDs == nil {
		r.StudentIDs = []string{}
	}
	for _, it := range a.Items {
		r.Items = append(r.Items, assignmentItem{Kind: string(it.Kind), ID: it.ID})
	}
	return r
}

var (
	msgAboveBandItem = text{
		zh: "「%[1]s」是%[2]s的内容，高于本班（%[3]s）；已照常布置，按它自己的规则判分，对这个班可能偏难。",
		en: "“%[1]s” is %[2]s content, above this class's band (%[3]s); it is assigned all the same and checked under its own rules, but may be hard for this class.",
	}
	msgAboveBandPractice = text{
		zh: "这组练习按%[2]s的水平出题，高于本班（%[3]s），对这个班可能偏难。",
		en: "This practice set is made for %[2]s, above this class's band (%[3]s), and may be hard for this class.",
	}
)

// bandNames are the grade bands as a zh-CN text says them; English texts
// keep the band codes (K1, G23, G46), which the docs explain.
var bandNames = map[string]string{"K1": "学前和一年级", "G23": "二、三年级", "G46": "四到六年级"}

// bandName is a grade band in lang.
func bandName(b exercises.Band, lang string) string {
	if n, ok := bandNames[string(b)]; ok && lang != LangEN {
		return n
	}
	return string(b)
}

// toSavedAssignment is a saved assignment with the warnings the domain
// found (items above the class's band) in lang.
func toSavedAssignment(a assignments.Assignment, lang string) savedAssignmentResponse {
	r := savedAssignmentResponse{assignmentResponse: toAssignmentResponse(a), Warnings: []Warning{}}
	for _, w := range a.Warnings {
		msg := msgAboveBandPractice
		if w.Title != (domain.Text{}) {
			msg = msgAboveBandItem
		}
		r.Warnings = append(r.Warnings, Warning{Code: w.Code, Field: w.Field,
			Message: msg.in(lang, w.Title.In(lang), bandName(w.Band, lang), bandName(w.ClassBand, lang))})
	}
	return r
}

// assignmentProgress is a student's progress on an assignment.
type assignmentProgress struct {
	Status     string `json:"status"`
	Solved     int    `json:"solved"`
	SolvedLate int    `json:"solved_late"`
	Tried      int    `json:"tried"`
	Total      int    `json:"total"`
	Locked     int    `json:"locked"`
}

func toAssignmentProgress(st assignments.Status, p assignments.Progress) assignmentProgress {
	return assignmentProgress{Status: string(st), Solved: p.Solved, SolvedLate: p.SolvedLate, Tried: p.Tried, Total: p.Total, Locked: p.Locked}
}

// itemProgress is a student's progress on one item of an assignment.
type itemProgress struct {
	Kind   string `json:"kind"`
	ID     string `json:"id"`
	Solved int    `json:"solved"`
	Total  int    `json:"total"`
	// Locked: a mastery gate keeps the lesson closed until UnlockedBy
	// (the lesson before it) is mastered.
	Locked     bool    `json:"locked"`
	UnlockedBy *string `json:"unlocked_by"`
}

// myAssignment is one of a student's assignments with its progress, in
// total and per item.
type myAssignment struct {
	Assignment assignmentResponse `json:"assignment"`
	Progress   assignmentProgress `json:"progress"`
	Items      []itemProgress     `json:"items"`
	DueSoon    bool               `json:"due_soon"`
}

func toMyAssignment(sa assignments.StudentAssignment, now time.Time) myAssignment {
	r := myAssignment{Assignment: toAssignmentResponse(sa.Assignment), Progress: toAssignmentProgress(sa.Status, sa.Progress),
		Items:   make([]itemProgress, len(sa.Assignment.Items)),
		DueSoon: sa.Status.Unfinished() && assignments.DueSoon(sa.Assignment.DueAt, now)}
	for i, it := range sa.Assignment.Items {
		r.Items[i] = itemProgress{Kind: string(it.Kind), ID: it.ID}
		if i < len(sa.Items) {
			r.Items[i].Solved, r.Items[i].Total = sa.Items[i].Solved, sa.Items[i].Total
			if sa.Items[i].Locked {
				by := sa.Items[i].UnlockedBy
				r.Items[i].Locked, r.Items[i].UnlockedBy = true, &by
			}
		}
	}
	return r
}

// myAssignmentList is a student's assignments, earliest due first.
type myAssignmentList struct {
	Items []myAssignment `json:"items"`
}

// totalsResponse counts the statuses of a row or column of the matrix.
type totalsResponse struct {
	Assigned   int     `json:"assigned"`
	NotStarted int     `json:"not_started"`
	Struggling int     `json:"struggling"`
	Partial    int     `json:"partial"`
	Overdue    int     `json:"overdue"`
	Late       int     `json:"late"`
	Done       int     `json:"done"`
	Completion float64 `json:"completion"`
}

func toTotals(t assignments.Totals) totalsResponse {
	return totalsResponse{Assigned: t.Assigned, NotStarted: t.NotStarted, Struggling: t.Struggling, Partial: t.Partial, Overdue: t.Overdue,
		Late: t.Late, Done: t.Done, Completion: t.Completion()}
}

// matrixCell is one student on one assignment; null when not assigned.
type matrixCell = *assignmentProgress

// matrixStudent is a row of the class matrix.
type matrixStudent struct {
	ID       string         `json:"id"`
	Username string         `json:"username"`
	RealName string         `json:"real_name"`
	Cells    []matrixCell   `json:"cells"`
	Totals   totalsResponse `json:"totals"`
}

// matrixAssignment is a column of the class matrix.
type matrixAssignment struct {
	ID          string         `json:"id"`
	Title       string         `json:"title"`
	DueAt       time.Time      `json:"due_at"`
	MasteryGate bool           `json:"mastery_gate"`
	Totals      totalsResponse `json:"totals"`
}

// classProgressResponse is the students × assignments matrix of a class.
type classProgressResponse struct {
	ClassID     string             `json:"class_id"`
	Assignments []matrixAssignment `json:"assignments"`
	Students    []matrixStudent    `json:"students"`
}

func toClassProgress(m assignments.Matrix) classProgressResponse {
	r := classProgressResponse{ClassID: m.ClassID, Assignments: []matrixAssignment{}, Students: []matrixStudent{}}
	for j, a := range m.Assignments {
		r.Assignments = append(r.Assignments, matrixAssignment{ID: a.ID, Title: a.Title, DueAt: a.DueAt,
			MasteryGate: a.MasteryGate, Totals: toTotals(m.AssignmentTotals[j])})
	}
	for i, s := range m.Students {
		row := matrixStudent{ID: s.ID, Username: s.Username, RealName: s.RealName, Cells: make([]matrixCell, len(m.Assignments)),
			Totals: toTotals(m.StudentTotals[i])}
		for j, c := range m.Cells[i] {
			if c.Assigned {
				p := toAssignmentProgress(c.Status, c.Progress)
				row.Cells[j] = &p
			}
		}
		r.Students = append(r.Students, row)
	}
	return r
}

// nextItem is one suggested exercise and why: reason assignment (with
// assignment_id and due_at), review or weak_skill (with tag) or rating.
type nextItem struct {
	ExerciseID   string     `json:"exercise_id"`
	Reason       string     `json:"reason"`
	AssignmentID *string    `json:"assignment_id"`
	DueAt        *time.Time `json:"due_at"`
	Tag          *string    `json:"tag"`
}

func toNextItem(sg assignments.Suggestion) nextItem {
	it := nextItem{ExerciseID: sg.ExerciseID, Reason: string(sg.Reason)}
	if sg.AssignmentID != "" {
		id, due := sg.AssignmentID, sg.DueAt
		it.AssignmentID, it.DueAt = &id, &due
	}
	if sg.Tag != "" {
		tag := sg.Tag
		it.Tag = &tag
	}
	return it
}

// nextList is the suggestions of GET /v1/me/next, best first.
type nextList struct {
	Items []nextItem `json:"items"`
}
