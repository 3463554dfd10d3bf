package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/domain"
	"qixue/exercises"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/progress"
)

// newProgressPractice is newPractice with the progress service too.
func newProgressPractice(t testing.TB, db *gorm.DB) (*practice, *models.ProgressStore) {
	t.Helper()
	p := newPractice(t, db)
	store := models.NewProgressStore(db)
	p.Echo = api.NewServer(api.Deps{
		Identity:  p.Identity,
		Ping:      func(ctx context.Context) error { return models.Ping(ctx, db) },
		Exercises: p.Svc,
		Progress:  progress.NewService(store, store, p.Identity, nil),
	})
	return p, store
}

type progressBody struct {
	Exercises []struct {
		ExerciseID string `json:"exercise_id"`
		Attempts   int    `json:"attempts"`
		Solved     bool   `json:"solved"`
		FirstTry   bool   `json:"first_try"`
		TimeMS     int64  `json:"time_ms"`
	} `json:"exercises"`
	Skills []struct {
		Tag       string  `json:"tag"`
		Attempted int     `json:"attempted"`
		Solved    int     `json:"solved"`
		FirstTry  int     `json:"first_try"`
		Mastery   float64 `json:"mastery"`
	} `json:"skills"`
	Ratings []struct {
		Game   string  `json:"game"`
		Rating float64 `json:"rating"`
		Games  int     `json:"games"`
		Level  int     `json:"level"`
	} `json:"ratings"`
}

func TestMyProgressAndRatingHistory(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p, _ := newProgressPractice(t, db)
		a := p.F.A
		choice := "/v1/exercises/" + p.Choice.ID + "/attempts"
		number := "/v1/exercises/" + p.Number.ID + "/attempts"
		wrong := map[string]any{"answer": map[string]any{"choice": 0}, "time_ms": 4200}
		right := map[string]any{"answer": map[string]any{"choice": 1}, "time_ms": 5000}
		twenty := map[string]any{"answer": map[string]any{"value": 20}, "time_ms": 800}
		// A lesson with the choice exercise and one that nobody tried.
		now := p.Now
		if err := db.Exec(`INSERT INTO curricula (id, game, band, version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)`,
			"test-cur", "chess", "K1", 1, now, now).Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Exec(`INSERT INTO lessons (id, curriculum_id, unit_id, position, minutes, blocks, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			"test-lesson", "test-cur", "test-unit", 1, 5,
			`[{"type":"text"},{"type":"exercise","exercise":"chess/test-choice-001"},{"type":"exercise","exercise":"chess/not-tried"}]`, now, now).Error; err != nil {
			t.Fatal(err)
		}
		var firstSeq string
		p.Run(t, []apitest.Case{
			{Name: "no token", Method: "GET", Path: "/v1/me/progress", Status: 401},
			{Name: "nothing yet", Method: "GET", Path: "/v1/me/progress", Token: a.StudentToken, Status: 200,
				Contains: []string{`"exercises":[]`, `"lessons":[]`, `"skills":[]`, `"ratings":[]`}},
			{Name: "wrong first", Method: "POST", Path: choice, Token: a.StudentToken, Header: key("p1"), Body: wrong, Status: 201},
			{Name: "then right", Method: "POST", Path: choice, Token: a.StudentToken, Header: key("p2"), Body: right, Status: 201},
			{Name: "number right", Method: "POST", Path: number, Token: a.StudentToken, Header: key("p3"), Body: twenty, Status: 201},
			{Name: "replay counts once", Method: "POST", Path: number, Token: a.StudentToken, Header: key("p3"), Body: twenty, Status: 200},
			{Name: "my progress", Method: "GET", Path: "/v1/me/progress", Token: a.StudentToken, Status: 200,
				Contains: []string{`"lessons":[{"lesson_id":"test-lesson","exercises":2,"attempted":1,"solved":1,"first_try":0,"completion":0.5,"stars":1,"hints_used":0}]`},
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					b := apitest.Decode[progressBody](t, rec)
					got := map[string]string{}
					for _, e := range b.Exercises {
						got[e.ExerciseID] = fmt.Sprintf("%d %v %v %d", e.Attempts, e.Solved, e.FirstTry, e.TimeMS)
					}
					if got[p.Choice.ID] != "2 true false 9200" || got[p.Number.ID] != "1 true true 800" || len(got) != 2 {
						t.Errorf("exercises %v", got)
					}
					// Ratings: chess lost its only rated game, draughts won it.
					if len(b.Ratings) != 2 || b.Ratings[0].Game != "chess" || b.Ratings[0].Games != 1 || !(b.Ratings[0].Rating < 1500) ||
						b.Ratings[1].Game != "draughts" || b.Ratings[1].Games != 1 || !(b.Ratings[1].Rating > 1500) || b.Ratings[1].Level != 20 {
						t.Errorf("ratings %+v", b.Ratings)
					}
					// solved counts the skill's exercises solved at any try,
					// as the exercises' solved says (castling was solved on
					// the second try: solved 1, first_try 0; main said 0);
					// mastery is of first tries.
					skills := map[string]string{}
					for _, s := range b.Skills {
						skills[s.Tag] = fmt.Sprintf("%d/%d first %d %.2f", s.Solved, s.Attempted, s.FirstTry, s.Mastery)
					}
					if skills["chess.rules.castling"] != "1/1 first 0 0.33" || skills["draughts.rules.setup"] != "1/1 first 1 0.67" {
						t.Errorf("skills %v", skills)
					}
				}},
			{Name: "history page 1", Method: "GET", Path: "/v1/me/ratings/history?limit=1", Token: a.StudentToken, Status: 200,
				Contains: []string{`"game":"draughts"`, `"solved":true`, `"next_cursor":"`},
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if c := apitest.Decode[api.List[map[string]any]](t, rec).NextCursor; c != nil {
						firstSeq = *c
					}
				}},
			{Name: "history by game", Method: "GET", Path: "/v1/me/ratings/history?game=chess", Token: a.StudentToken, Status: 200,
				Contains: []string{`"game":"chess"`, `"solved":false`, `"rating_before":1500`, `"next_cursor":null`}},
			{Name: "history bad game", Method: "GET", Path: "/v1/me/ratings/history?game=go", Token: a.StudentToken, Status: 400},
			{Name: "history bad cursor", Method: "GET", Path: "/v1/me/ratings/history?cursor=eHl6", Token: a.StudentToken, Status: 400},
			{Name: "other student sees only itself", Method: "GET", Path: "/v1/me/progress", Token: a.OtherStudentToken, Status: 200,
				Contains: []string{`"exercises":[]`, `"ratings":[]`}},
			{Name: "teacher tries are not recorded", Method: "POST", Path: choice, Token: a.TeacherToken, Body: right, Status: 200},
			{Name: "teacher has no progress", Method: "GET", Path: "/v1/me/progress", Token: a.TeacherToken, Status: 200,
				Contains: []string{`"exercises":[]`}},
		})
		if firstSeq == "" {
			t.Fatal("no next cursor")
		}
		rec := p.Do(t, "GET", "/v1/me/ratings/history?cursor="+firstSeq, a.StudentToken, nil, nil)
		l := apitest.Decode[api.List[map[string]any]](t, rec)
		if rec.Code != 200 || len(l.Items) != 1 || l.Items[0]["game"] != "chess" {
			t.Fatalf("page 2: %d %s", rec.Code, rec.Body)
		}
	})
}

// TestProgressParallelSubmissions has students answer in parallel, each
// also reading its progress (which rates pending attempts) while others
// submit: every count matches the attempts, each first attempt is rated
// once, and a rebuild gives the same ratings.
func TestProgressParallelSubmissions(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p, store := newProgressPractice(t, db)
		students := []string{p.F.A.StudentToken, p.F.A.OtherStudentToken, p.F.B.StudentToken, p.F.B.OtherStudentToken}
		choice := "/v1/exercises/" + p.Choice.ID + "/attempts"
		number := "/v1/exercises/" + p.Number.ID + "/attempts"
		var wg sync.WaitGroup
		for si, tok := range students {
			wg.Go(func() {
				for i := range 3 {
					p.Do(t, "POST", choice, tok, map[string]any{"answer": map[string]any{"choice": (si + i) % 2}, "time_ms": 100}, key(fmt.Sprint("c", i)))
					p.Do(t, "POST", number, tok, map[string]any{"answer": map[string]any{"value": 20}, "time_ms": 10}, key(fmt.Sprint("n", i)))
					p.Do(t, "GET", "/v1/me/progress", tok, nil, nil)
				}
			})
		}
		wg.Wait()
		var ratings []string
		for si, tok := range students {
			rec := p.Do(t, "GET", "/v1/me/progress", tok, nil, nil)
			b := apitest.Decode[progressBody](t, rec)
			if len(b.Exercises) != 2 || b.Exercises[0].Attempts != 3 || b.Exercises[1].Attempts != 3 {
				t.Errorf("student %d exercises %+v", si, b.Exercises)
			}
			if len(b.Ratings) != 2 || b.Ratings[0].Games != 1 || b.Ratings[1].Games != 1 {
				t.Errorf("student %d ratings %+v", si, b.Ratings)
			}
			ratings = append(ratings, fmt.Sprint(b.Ratings))
		}
		var changes int64
		db.Table("rating_changes").Count(&changes)
		if changes != 8 {
			t.Fatalf("%d rating changes, want 8", changes)
		}
		if _, err := store.Rebuild(context.Background(), p.Now); err != nil {
			t.Fatal(err)
		}
		for si, tok := range students {
			b := apitest.Decode[progressBody](t, p.Do(t, "GET", "/v1/me/progress", tok, nil, nil))
			if got := fmt.Sprint(b.Ratings); got != ratings[si] {
				t.Errorf("student %d after rebuild %s, before %s", si, got, ratings[si])
			}
		}
	})
}

func TestStudentProgressAndExerciseStats(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p, _ := newProgressPractice(t, db)
		a, b := p.F.A, p.F.B
		choice := "/v1/exercises/" + p.Choice.ID + "/attempts"
		for i, answer := range []int{0, 0, 1} {
			rec := p.Do(t, "POST", choice, a.StudentToken, map[string]any{"answer": map[string]any{"choice": answer}, "time_ms": 1000 * (i + 1)}, key(fmt.Sprint("s", i)))
			if rec.Code != 201 {
				t.Fatalf("submit: %d %s", rec.Code, rec.Body)
			}
		}
		// Another school's student answers too: not in the class.
		p.Do(t, "POST", choice, b.StudentToken, map[string]any{"answer": map[string]any{"choice": 1}, "time_ms": 50}, key("x"))
		student := "/v1/students/" + a.Student.ID + "/progress"
		stats := "/v1/classes/" + a.Class.ID + "/exercises/" + p.Choice.ID + "/stats"
		p.Run(t, []apitest.Case{
			{Name: "teacher of the class", Method: "GET", Path: student, Token: a.TeacherToken, Status: 200,
				Contains: []string{`"weak_skills":[]`, `"recent":[{`, `"outcome":"correct"`, `"game":"chess"`}},
			{Name: "school admin", Method: "GET", Path: student, Token: a.AdminToken, Status: 200},
			{Name: "the student itself", Method: "GET", Path: student, Token: a.StudentToken, Status: 200},
			{Name: "another teacher", Method: "GET", Path: student, Token: a.OtherTeacherToken, Status: 404},
			{Name: "another student", Method: "GET", Path: student, Token: a.OtherStudentToken, Status: 404},
			{Name: "another school's admin", Method: "GET", Path: student, Token: b.AdminToken, Status: 404},
			{Name: "not a student", Method: "GET", Path: "/v1/students/" + a.Teacher.ID + "/progress", Token: a.AdminToken, Status: 404},
			{Name: "stats for the teacher", Method: "GET", Path: stats, Token: a.TeacherToken, Status: 200,
				Contains: []string{`"students":1`, `"attempts":3`, `"solved":1`, `"first_try":0`, `"success_rate":0`, `"median_time_ms":1000`,
					`"hinted":0`, `"wrong_answers":[{"answer":{"choice":0},"count":2}]`}},
			{Name: "stats for the school admin", Method: "GET", Path: stats, Token: a.AdminToken, Status: 200, Contains: []string{`"students":1`}},
			{Name: "stats refused to students", Method: "GET", Path: stats, Token: a.StudentToken, Status: 403},
			{Name: "stats of another teacher's class", Method: "GET", Path: stats, Token: a.OtherTeacherToken, Status: 404},
			{Name: "stats of another school's class", Method: "GET", Path: stats, Token: b.AdminToken, Status: 404},
			{Name: "stats of an unknown exercise", Method: "GET", Path: "/v1/classes/" + a.Class.ID + "/exercises/0190f5a4-0000-7000-8000-000000000000/stats",
				Token: a.TeacherToken, Status: 404},
		})
	})
}

// TestStudentProgressSinceJoining: a teacher sees only what a student did
// since joining the teacher's class; the school admin sees everything;
// ratings are whole for both.
func TestStudentProgressSinceJoining(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p, _ := newProgressPractice(t, db)
		a := p.F.A
		kid := a.OtherStudent // in no class yet
		store := models.NewExerciseStore(db)
		record := func(ex string, outcome exercises.Outcome, at time.Time) {
			t.Helper()
			_, _, err := store.RecordAttempt(context.Background(), exercises.Attempt{ID: uuid.Must(uuid.NewV7()).String(),
				SchoolID: a.School.ID, UserID: kid.ID, ExerciseID: ex, Outcome: outcome, Answer: json.RawMessage(`{"choice":0}`),
				TimeMS: 100, IdempotencyKey: uuid.NewString(), RequestHash: "h", CreatedAt: at.UTC().Truncate(time.Microsecond)})
			if err != nil {
				t.Fatal(err)
			}
		}
		record(p.Choice.ID, exercises.Wrong, p.Now.Add(-2*time.Hour))
		record(p.Number.ID, exercises.Correct, p.Now.Add(-time.Hour))
		root := domain.Principal{Role: domain.RolePlatformAdmin}
		if _, err := p.Identity.Enroll(context.Background(), root, a.Class.ID, kid.ID); err != nil {
			t.Fatal(err)
		}
		var joined time.Time
		if err := db.Table("enrollments").Select("created_at").Where("class_id = ? AND user_id = ?", a.Class.ID, kid.ID).Scan(&joined).Error; err != nil {
			t.Fatal(err)
		}
		record(p.Choice.ID, exercises.Correct, joined.Add(time.Minute))

		type view struct {
			progressBody
			Recent []struct {
				ExerciseID string `json:"exercise_id"`
			} `json:"recent"`
			Since *time.Time `json:"since"`
		}
		path := "/v1/students/" + kid.ID + "/progress"
		p.Run(t, []apitest.Case{
			{Name: "the teacher sees the attempts since joining", Method: "GET", Path: path, Token: a.TeacherToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					v := apitest.Decode[view](t, rec)
					if v.Since == nil || !v.Since.Equal(joined) {
						t.Errorf("since %v, want %v", v.Since, joined)
					}
					// The retry after joining only: solved, not on the first try.
					if len(v.Exercises) != 1 || v.Exercises[0].ExerciseID != p.Choice.ID || v.Exercises[0].Attempts != 1 ||
						!v.Exercises[0].Solved || v.Exercises[0].FirstTry {
						t.Errorf("exercises %+v", v.Exercises)
					}
					// Its skill counts it as the exercise does: solved, not
					// at the first try (which was before joining).
					if len(v.Skills) != 1 || v.Skills[0].Solved != 1 || v.Skills[0].Attempted != 1 || v.Skills[0].FirstTry != 0 ||
						len(v.Recent) != 1 || v.Recent[0].ExerciseID != p.Choice.ID {
						t.Errorf("skills %+v recent %+v", v.Skills, v.Recent)
					}
					if len(v.Ratings) != 2 {
						t.Errorf("ratings %+v, want both games", v.Ratings)
					}
				}},
			{Name: "the school admin sees everything", Method: "GET", Path: path, Token: a.AdminToken, Status: 200,
				Contains: []string{`"since":null`},
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					v := apitest.Decode[view](t, rec)
					if len(v.Exercises) != 2 || len(v.Recent) != 3 || len(v.Skills) != 2 || len(v.Ratings) != 2 {
						t.Errorf("exercises %+v recent %+v skills %+v ratings %+v", v.Exercises, v.Recent, v.Skills, v.Ratings)
					}
				}},
			{Name: "the student itself sees everything", Method: "GET", Path: path, Token: a.OtherStudentToken, Status: 200,
				Contains: []string{`"since":null`}},
		})
	})
}
