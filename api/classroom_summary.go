package api

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"qixue/classroom"
	"qixue/exercises"
)

// The summary of a live lesson (GET /v1/live-lessons/{id}/summary): each
// student of the class and each item, as JSON, CSV or a printable page.
// Students are shown by their shown names.

type liveSummaryResponse struct {
	LessonID  string               `json:"lesson_id"`
	ClassID   string               `json:"class_id"`
	Title     string               `json:"title"`
	Status    string               `json:"status"`
	CreatedAt time.Time            `json:"created_at"`
	Items     []liveSummaryItem    `json:"item_totals"`
	Students  []liveSummaryStudent `json:"students"`
	// Class is the whole class's score: answers given and right.
	Class liveSummaryClass `json:"class"`
}

type liveSummaryItem struct {
	Index      int    `json:"index"`
	ExerciseID string `json:"exercise_id"`
	Title      string `json:"title"`
	Kind       string `json:"kind"`
	Game       string `json:"game,omitempty"`
	Answered   int    `json:"answered"`
	Correct    int    `json:"correct"`
}

type liveSummaryStudent struct {
	ID       string             `json:"id"`
	Name     string             `json:"name"`
	Answered int                `json:"answered"`
	Correct  int                `json:"correct"`
	Score    float64            `json:"score"`
	Answers  []*liveSummaryCell `json:"answers"`
}

// liveSummaryCell is a student's answer to one item (null: none).
type liveSummaryCell struct {
	Outcome   string  `json:"outcome"`
	Correct   bool    `json:"correct"`
	Score     float64 `json:"score"`
	TimeMS    int     `json:"time_ms"`
	AttemptID string  `json:"attempt_id"`
}

type liveSummaryClass struct {
	Students int     `json:"students"`
	Answers  int     `json:"answers"`
	Correct  int     `json:"correct"`
	Percent  float64 `json:"percent"`
}

// summaryText holds the words of the summary's CSV and page.
var summaryText = map[string]text{
	"title":    {"课堂小结：%s", "Lesson summary: %s"},
	"untitled": {"课堂练习", "Live lesson"},
	"name":     {"学生", "Student"},
	"correct":  {"答对", "Right"},
	"score":    {"得分", "Score"},
	"class":    {"全班", "Whole class"},
	"left":     {"（已不在班上）", "(no longer in the class)"},
}

func st(lang, key string, args ...any) string { return summaryText[key].in(lang, args...) }

func (h *classroomHandlers) summary(c echo.Context) error {
	format, err := formatParam(c, "json", "csv", "html")
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	p := Caller(c)
	if !p.Staff() {
		return &Error{Status: http.StatusForbidden, Code: "forbidden"}
	}
	l, answers, err := h.svc.Get(ctx, p, c.Param("id"))
	if err != nil {
		return err
	}
	students, err := h.svc.Students(ctx, l)
	if err != nil {
		return err
	}
	ids := make([]string, len(l.Items))
	for i, it := range l.Items {
		ids[i] = it.ExerciseID
	}
	exs, err := h.exercises.InSchool(ctx, l.SchoolID, ids)
	if err != nil {
		return err
	}
	lang := langOf(c)
	s := toLiveSummary(l, answers, students, exs, lang)
	switch format {
	case "csv":
		return writeTournamentCSV(c, "live-lesson-"+l.ID+".csv", summaryRows(s, lang))
	case "html":
		rows := summaryRows(s, lang)
		return writeTournamentHTML(c, printPage{Lang: lang, Title: summaryTitle(s, lang), Head: rows[0], Rows: rows[1:]})
	}
	return c.JSON(http.StatusOK, s)
}

func summaryTitle(s liveSummaryResponse, lang string) string {
	name := s.Title
	if name == "" {
		name = st(lang, "untitled") + " " + s.CreatedAt.Format("2006-01-02")
	}
	return st(lang, "title", name)
}

func toLiveSummary(l classroom.Lesson, answers []classroom.Answer, students []classroom.Student, exs map[string]exercises.Exercise, lang string) liveSummaryResponse {
	s := liveSummaryResponse{LessonID: l.ID, ClassID: l.ClassID, Title: l.Title, Status: string(l.Status), CreatedAt: l.CreatedAt,
		Items: make([]liveSummaryItem, len(l.Items)), Students: []liveSummaryStudent{}}
	for i, it := range l.Items {
		item := liveSummaryItem{Index: i, ExerciseID: it.ExerciseID}
		if ex, ok := exs[it.ExerciseID]; ok {
			item.Title, item.Kind, item.Game = ex.Title.In(lang), ex.Kind, string(exercises.GameOf(ex))
		}
		s.Items[i] = item
	}
	row := map[string]int{}
	add := func(id, name string) int {
		if i, ok := row[id]; ok {
			return i
		}
		row[id] = len(s.Students)
		s.Students = append(s.Students, liveSummaryStudent{ID: id, Name: name, Answers: make([]*liveSummaryCell, len(l.Items))})
		return row[id]
	}
	for _, st := range students {
		add(st.UserID, st.Name)
	}
	for _, a := range answers {
		if a.Index < 0 || a.Index >= len(l.Items) {
			continue
		}
		i := add(a.UserID, st(lang, "left"))
		ok := a.Outcome == exercises.Correct
		s.Students[i].Answers[a.Index] = &liveSummaryCell{Outcome: string(a.Outcome), Correct: ok, Score: a.Score, TimeMS: a.TimeMS, AttemptID: a.AttemptID}
		s.Students[i].Answered++
		s.Students[i].Score += a.Score
		s.Items[a.Index].Answered++
		s.Class.Answers++
		if ok {
			s.Students[i].Correct++
			s.Items[a.Index].Correct++
			s.Class.Correct++
		}
	}
	s.Class.Students = len(students)
	if s.Class.Answers > 0 {
		s.Class.Percent = float64(int(1000*float64(s.Class.Correct)/float64(s.Class.Answers)+0.5)) / 10
	}
	return s
}

// summaryRows are the summary's table: a header, a row per student and
// the whole class's row. ✓ right, ✗ wrong, ½ partly right, – no answer.
func summaryRows(s liveSummaryResponse, lang string) [][]string {
	head := []string{st(lang, "name")}
	for _, it := range s.Items {
		head = append(head, fmt.Sprintf("%d. %s", it.Index+1, it.Title))
	}
	head = append(head, st(lang, "correct"), st(lang, "score"))
	rows := [][]string{head}
	for _, p := range s.Students {
		r := []string{p.Name}
		for _, a := range p.Answers {
			switch {
			case a == nil:
				r = append(r, "–")
			case a.Correct:
				r = append(r, "✓")
			case a.Outcome == string(exercises.Partial):
				r = append(r, "½")
			default:
				r = append(r, "✗")
			}
		}
		r = append(r, fmt.Sprintf("%d/%d", p.Correct, len(s.Items)), strconv.FormatFloat(p.Score, 'f', -1, 64))
		rows = append(rows, r)
	}
	class := []string{st(lang, "class")}
	for _, it := range s.Items {
		class = append(class, fmt.Sprintf("%d/%d", it.Correct, it.Answered))
	}
	class = append(class, fmt.Sprintf("%d/%d", s.Class.Correct, s.Class.Answers), strconv.FormatFloat(s.Class.Percent, 'f', -1, 64)+"%")
	return append(rows, class)
}
