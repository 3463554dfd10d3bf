package api_test

import (
	"context"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/assignments"
	"qixue/exercises"
	"qixue/lessons"
	"qixue/models"
	"qixue/models/modelstest"
)

// newLessonsServer is a harness whose server has the built-in exercise
// bank and the test curricula of lessons/testdata/good, plus a G23 copy of
// the chess one (chess-g23), and assignments.
func newLessonsServer(t *testing.T, db *gorm.DB) (*apitest.Harness, apitest.Fixture) {
	t.Helper()
	ctx := context.Background()
	h := apitest.New(t, db)
	f := h.Fixture(t)
	practice := exercises.NewService(models.NewExerciseStore(db, models.WithLimitsTTL(0)), nil)
	if _, _, err := practice.LoadBank(ctx); err != nil {
		t.Fatal(err)
	}
	bank, err := exercises.Bank()
	if err != nil {
		t.Fatal(err)
	}
	curricula, problems := lessons.Check(os.DirFS("../lessons/testdata/good"), bank)
	if len(problems) > 0 {
		t.Fatalf("fixture problems: %v", problems)
	}
	g23 := curricula[0] // chess-k1
	g23.ID, g23.Band = "chess-g23", exercises.G23
	g23.Units = []lessons.Unit{{ID: "chess-g23-review", Title: g23.Units[0].Title}}
	curricula = append(curricula, g23)
	store := models.NewLessonStore(db)
	if _, err := store.SyncBuiltIn(ctx, curricula, h.Now); err != nil {
		t.Fatal(err)
	}
	h.Echo = api.NewServer(api.Deps{
		Identity:    h.Identity,
		Ping:        func(ctx context.Context) error { return models.Ping(ctx, db) },
		Exercises:   practice,
		Lessons:     lessons.NewService(store, nil, lessons.LookupIn(practice)),
		Assignments: assignments.NewService(models.NewAssignmentStore(db), nil),
	})
	return h, f
}

func TestLessonsAPI(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h, f := newLessonsServer(t, db)
		ids := func(rec *httptest.ResponseRecorder) string {
			l := apitest.Decode[struct{ Items []struct{ ID string } }](t, rec)
			var out []string
			for _, it := range l.Items {
				out = append(out, it.ID)
			}
			return strings.Join(out, " ")
		}
		wantIDs := func(want string) func(t *testing.T, rec *httptest.ResponseRecorder) {
			return func(t *testing.T, rec *httptest.ResponseRecorder) {
				if got := ids(rec); got != want {
					t.Errorf("ids = %q, want %q", got, want)
				}
			}
		}
		h.Run(t, []apitest.Case{
			{Name: "anonymous", Method: "GET", Path: "/v1/curricula", Status: 401},
			{Name: "student sees own band first", Method: "GET", Path: "/v1/curricula", Token: f.A.StudentToken, Status: 200,
				Check: wantIDs("chess-g23 chess-k1 numchess-k1")},
			{Name: "teacher in game and band order", Method: "GET", Path: "/v1/curricula?lang=en", Token: f.A.TeacherToken, Status: 200,
				Check: wantIDs("chess-g23 chess-k1 numchess-k1"), Contains: []string{`"title":"Chess First Steps"`}},
			{Name: "by game", Method: "GET", Path: "/v1/curricula?game=numchess", Token: f.A.StudentToken, Status: 200,
				Check: wantIDs("numchess-k1"), Contains: []string{`"title":"数棋入门"`}},
			{Name: "by grade", Method: "GET", Path: "/v1/curricula?grade=1&game=chess", Token: f.A.StudentToken, Status: 200,
				Check: wantIDs("chess-k1")},
			{Name: "bad grade", Method: "GET", Path: "/v1/curricula?grade=9", Token: f.A.StudentToken, Status: 400},
			{Name: "bad game", Method: "GET", Path: "/v1/curricula?game=go", Token: f.A.StudentToken, Status: 400},
			{Name: "curriculum", Method: "GET", Path: "/v1/curricula/numchess-k1?lang=en", Token: f.A.StudentToken, Status: 200,
				Contains: []string{`"id":"numchess-k1-board"`, `"id":"numchess-k1-board-camps"`, `"objectives":["Find the red camp and the blue camp."]`, `"id":"numchess-k1-review"`}},
			{Name: "unknown curriculum", Method: "GET", Path: "/v1/curricula/nope", Token: f.A.StudentToken, Status: 404, Code: "not_found"},
			{Name: "lesson in English", Method: "GET", Path: "/v1/lessons/numchess-k1-board-camps?lang=en", Token: f.A.StudentToken, Status: 200,
				Contains: []string{`"text":"The board has two camps."`, `"url":"/v1/diagrams/numchess.svg?position=start"`, `"caption":"The start"`,
					`"key":"numchess/expression-001"`, `"curriculum_id":"numchess-k1"`},
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if strings.Contains(rec.Body.String(), `"solution"`) {
						t.Error("a lesson shows an exercise's solution")
					}
				}},
			{Name: "lesson to a teacher has no solution either", Method: "GET", Path: "/v1/lessons/chess-k1-review-check", Token: f.A.TeacherToken, Status: 200,
				Contains: []string{`"text":"国王被将军了。"`, `"flip":true`, `/v1/diagrams/chess.svg?`},
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if strings.Contains(rec.Body.String(), `"solution"`) {
						t.Error("a lesson shows an exercise's solution")
					}
				}},
			{Name: "unknown lesson", Method: "GET", Path: "/v1/lessons/nope", Token: f.A.StudentToken, Status: 404, Code: "not_found"},
			{Name: "student may not copy", Method: "POST", Path: "/v1/curricula/chess-k1/copy", Token: f.A.StudentToken, Status: 403, Code: "forbidden"},
			{Name: "platform admin names the school", Method: "POST", Path: "/v1/curricula/chess-k1/copy", Token: f.AdminToken, Status: 422, Code: "validation_failed"},
			{Name: "copy of an unknown curriculum", Method: "POST", Path: "/v1/curricula/nope/copy", Token: f.A.TeacherToken, Status: 404},
		})

		// A teacher copies a built-in curriculum; only their school sees it.
		rec := h.Do(t, "POST", "/v1/curricula/numchess-k1/copy?lang=en", f.A.TeacherToken, nil, nil)
		if rec.Code != 201 {
			t.Fatalf("copy: %d %s", rec.Code, rec.Body)
		}
		cp := apitest.Decode[struct {
			ID         string
			CopiedFrom string `json:"copied_from"`
			Units      []struct {
				ID      string
				Lessons []struct{ ID string }
			}
		}](t, rec)
		if cp.CopiedFrom != "numchess-k1" || len(cp.Units) != 2 || cp.Units[0].ID == "numchess-k1-board" || len(cp.Units[0].Lessons) != 1 {
			t.Fatalf("copy = %+v", cp)
		}
		lessonID := cp.Units[0].Lessons[0].ID
		h.Run(t, []apitest.Case{
			{Name: "own school reads the copy", Method: "GET", Path: "/v1/curricula/" + cp.ID, Token: f.A.OtherTeacherToken, Status: 200,
				Contains: []string{`"source":"school"`, `"copied_from":"numchess-k1"`}},
			{Name: "own school reads a copied lesson", Method: "GET", Path: "/v1/lessons/" + lessonID, Token: f.A.AdminToken, Status: 200,
				Contains: []string{`"key":"numchess/expression-001"`}},
			{Name: "the copy is listed in the school", Method: "GET", Path: "/v1/curricula?game=numchess", Token: f.A.TeacherToken, Status: 200,
				Contains: []string{cp.ID}},
			{Name: "but not to its students while nothing is assigned", Method: "GET", Path: "/v1/curricula?game=numchess", Token: f.A.StudentToken, Status: 200,
				Check: wantIDs("numchess-k1")},
			{Name: "nor the copy itself", Method: "GET", Path: "/v1/curricula/" + cp.ID, Token: f.A.StudentToken, Status: 404, Code: "not_found"},
			{Name: "nor its lesson", Method: "GET", Path: "/v1/lessons/" + lessonID, Token: f.A.StudentToken, Status: 404, Code: "not_found"},
			{Name: "another school does not see the copy", Method: "GET", Path: "/v1/curricula/" + cp.ID, Token: f.B.TeacherToken, Status: 404},
			{Name: "nor its lessons", Method: "GET", Path: "/v1/lessons/" + lessonID, Token: f.B.StudentToken, Status: 404},
			{Name: "nor in lists", Method: "GET", Path: "/v1/curricula?game=numchess", Token: f.B.StudentToken, Status: 200, Check: wantIDs("numchess-k1")},
			{Name: "nor may copy it", Method: "POST", Path: "/v1/curricula/" + cp.ID + "/copy", Token: f.B.AdminToken, Status: 404},
			{Name: "platform admin copies into school B", Method: "POST", Path: "/v1/curricula/chess-k1/copy", Token: f.AdminToken,
				Body: map[string]string{"school_id": f.B.School.ID}, Status: 201, Contains: []string{f.B.School.ID}},
		})
	})
}

func TestLessonsAuthoringAPI(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h, f := newLessonsServer(t, db)
		text := func(zh, en string) map[string]string { return map[string]string{"zh-CN": zh, "en": en} }
		curriculum := map[string]any{"game": "chess", "band": "K1", "title": text("我们的课", "Our course"), "description": text("学校的课", "The school's course")}
		lesson := func(title, position, exercise string) map[string]any {
			return map[string]any{
				"title": text("小兵", title), "objectives": []any{text("走兵", "Move a pawn")}, "tags": []string{"chess.pawn"}, "minutes": 10,
				"blocks": []any{
					map[string]any{"type": "text", "text": text("兵向前走。", "Pawns go forward.")},
					map[string]any{"type": "diagram", "position": position, "highlight": []string{"e4"}},
					map[string]any{"type": "exercise", "exercise": exercise},
				},
			}
		}
		start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

		rec := h.Do(t, "POST", "/v1/curricula?lang=en", f.A.TeacherToken, curriculum, nil)
		if rec.Code != 201 {
			t.Fatalf("create curriculum: %d %s", rec.Code, rec.Body)
		}
		cur := apitest.Decode[struct{ ID, Source string }](t, rec)
		rec = h.Do(t, "POST", "/v1/curricula/"+cur.ID+"/units", f.A.AdminToken, map[string]any{"title": text("兵", "Pawns")}, nil)
		if rec.Code != 201 {
			t.Fatalf("create unit: %d %s", rec.Code, rec.Body)
		}
		unit := apitest.Decode[struct{ ID string }](t, rec)
		rec = h.Do(t, "POST", "/v1/units/"+unit.ID+"/lessons?lang=en", f.A.TeacherToken, lesson("Pawns", start, "chess/escape-lesson-1"), nil)
		if rec.Code != 201 {
			t.Fatalf("create lesson: %d %s", rec.Code, rec.Body)
		}
		les := apitest.Decode[struct{ ID string }](t, rec)
		if cur.Source != "school" || unit.ID == "" || les.ID == "" {
			t.Fatalf("created %+v %+v %+v", cur, unit, les)
		}

		h.Run(t, []apitest.Case{
			{Name: "student may not author", Method: "POST", Path: "/v1/curricula", Token: f.A.StudentToken, Body: curriculum, Status: 403, Code: "forbidden"},
			{Name: "both languages needed", Method: "POST", Path: "/v1/curricula", Token: f.A.TeacherToken,
				Body: map[string]any{"game": "chess", "band": "K1", "title": text("课", ""), "description": text("a", "b")}, Status: 422, Code: "validation_failed",
				Contains: []string{`"field":"title"`}},
			{Name: "platform admin names a school", Method: "POST", Path: "/v1/curricula", Token: f.AdminToken, Body: curriculum, Status: 422,
				Contains: []string{`"field":"school_id"`}},
			{Name: "built-in is read-only", Method: "PUT", Path: "/v1/curricula/chess-k1", Token: f.A.TeacherToken, Body: curriculum, Status: 409, Code: "conflict"},
			{Name: "built-in cannot be deleted", Method: "DELETE", Path: "/v1/curricula/chess-k1", Token: f.A.AdminToken, Status: 409},
			{Name: "no units in a built-in", Method: "POST", Path: "/v1/curricula/chess-k1/units", Token: f.A.TeacherToken, Body: map[string]any{"title": text("兵", "Pawns")}, Status: 409},
			{Name: "built-in lesson is read-only", Method: "PUT", Path: "/v1/lessons/chess-k1-review-check", Token: f.A.TeacherToken, Body: lesson("X", start, "chess/escape-lesson-1"), Status: 409},
			{Name: "another school: curriculum", Method: "PUT", Path: "/v1/curricula/" + cur.ID, Token: f.B.TeacherToken, Body: curriculum, Status: 404},
			{Name: "another school: unit", Method: "POST", Path: "/v1/units/" + unit.ID + "/lessons", Token: f.B.AdminToken, Body: lesson("X", start, "chess/escape-lesson-1"), Status: 404},
			{Name: "another school: lesson", Method: "DELETE", Path: "/v1/lessons/" + les.ID, Token: f.B.TeacherToken, Status: 404},
			{Name: "a diagram that does not render", Method: "POST", Path: "/v1/units/" + unit.ID + "/lessons", Token: f.A.TeacherToken,
				Body: lesson("X", "not a fen", "chess/escape-lesson-1"), Status: 422, Contains: []string{`"field":"blocks[1].position"`}},
			{Name: "an exercise of another game", Method: "POST", Path: "/v1/units/" + unit.ID + "/lessons", Token: f.A.TeacherToken,
				Body: lesson("X", start, "gomoku/win-001"), Status: 422, Contains: []string{`"field":"blocks[2].exercise"`}},
			{Name: "an unknown exercise", Method: "POST", Path: "/v1/units/" + unit.ID + "/lessons", Token: f.A.TeacherToken,
				Body: lesson("X", start, "chess/nope-001"), Status: 422, Contains: []string{`"field":"blocks[2].exercise"`}},
			{Name: "edit the lesson", Method: "PUT", Path: "/v1/lessons/" + les.ID + "?lang=en", Token: f.A.TeacherToken,
				Body: lesson("Pawns and more", start, "chess/escape-lesson-2"), Status: 200, Contains: []string{`"title":"Pawns and more"`, `"key":"chess/escape-lesson-2"`}},
			{Name: "edit the curriculum", Method: "PUT", Path: "/v1/curricula/" + cur.ID + "?lang=en", Token: f.A.AdminToken,
				Body: map[string]any{"game": "chess", "band": "G23", "title": text("新课", "New course"), "description": text("a", "b")}, Status: 200,
				Contains: []string{`"title":"New course"`, `"band":"G23"`, `"version":5`, `"title":"Pawns and more"`}},
			{Name: "rename the unit", Method: "PUT", Path: "/v1/units/" + unit.ID + "?lang=en", Token: f.A.TeacherToken, Body: map[string]any{"title": text("小兵", "Little pawns")}, Status: 200,
				Contains: []string{`"title":"Little pawns"`}},
			{Name: "search English text", Method: "GET", Path: "/v1/lessons?q=TWO%20camps", Token: f.A.StudentToken, Status: 200, Contains: []string{`"id":"numchess-k1-board-camps"`}},
			{Name: "search Chinese text", Method: "GET", Path: "/v1/lessons?q=营地", Token: f.A.StudentToken, Status: 200, Contains: []string{`"id":"numchess-k1-board-camps"`}},
			{Name: "search the school's own lesson", Method: "GET", Path: "/v1/lessons?q=pawns%20go", Token: f.A.TeacherToken, Status: 200, Contains: []string{les.ID}},
			{Name: "its students do not find it unassigned", Method: "GET", Path: "/v1/lessons?q=pawns%20go", Token: f.A.StudentToken, Status: 200, Contains: []string{`"items":[]`}},
			{Name: "another school does not find it", Method: "GET", Path: "/v1/lessons?q=pawns%20go", Token: f.B.StudentToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					if strings.Contains(rec.Body.String(), les.ID) {
						t.Error("school B finds school A's lesson")
					}
				}},
			{Name: "search by tag and game", Method: "GET", Path: "/v1/lessons?tag=chess.check&game=chess", Token: f.A.StudentToken, Status: 200,
				Contains: []string{`"id":"chess-k1-review-check"`}},
			{Name: "search by game", Method: "GET", Path: "/v1/lessons?game=draughts", Token: f.A.StudentToken, Status: 200, Contains: []string{`"items":[]`}},
			{Name: "search wildcards are literal", Method: "GET", Path: "/v1/lessons?q=%25", Token: f.A.StudentToken, Status: 200, Contains: []string{`"items":[]`}},
			{Name: "search bad game", Method: "GET", Path: "/v1/lessons?game=go", Token: f.A.StudentToken, Status: 400},
		})

		// Cursor pagination walks every lesson once.
		seen := map[string]bool{}
		path := "/v1/lessons?limit=1"
		for range 10 {
			rec := h.Do(t, "GET", path, f.A.TeacherToken, nil, nil)
			page := apitest.Decode[struct {
				Items      []struct{ ID string }
				NextCursor *string `json:"next_cursor"`
			}](t, rec)
			for _, it := range page.Items {
				if seen[it.ID] {
					t.Fatalf("%s seen twice", it.ID)
				}
				seen[it.ID] = true
			}
			if page.NextCursor == nil {
				break
			}
			path = "/v1/lessons?limit=1&cursor=" + *page.NextCursor
		}
		if len(seen) != 4 { // numchess-k1 (2), chess-k1 (1), the school's (1)
			t.Errorf("pages hold %d lessons: %v", len(seen), seen)
		}

		// A school exercise in a lesson, by ID; once deleted, the block
		// stays without it.
		rec = h.Do(t, "POST", "/v1/exercises", f.A.TeacherToken, map[string]any{
			"kind": "choice", "title": text("王", "King"), "body": text("哪个对？", "Which is right?"),
			"prompt":     map[string]any{"game": "chess", "options": []any{text("一格", "One square"), text("两格", "Two squares")}},
			"solution":   map[string]any{"correct": []int{0}, "explanation": text("一格。", "One square.")},
			"difficulty": 1, "band": "K1", "tags": []string{"chess.king"},
		}, nil)
		if rec.Code != 201 {
			t.Fatalf("create exercise: %d %s", rec.Code, rec.Body)
		}
		ex := apitest.Decode[struct{ ID string }](t, rec)
		rec = h.Do(t, "POST", "/v1/units/"+unit.ID+"/lessons", f.A.TeacherToken, lesson("King", start, ex.ID), nil)
		if rec.Code != 201 || !strings.Contains(rec.Body.String(), `"id":"`+ex.ID+`"`) {
			t.Fatalf("lesson with a school exercise: %d %s", rec.Code, rec.Body)
		}
		withOwn := apitest.Decode[struct{ ID string }](t, rec)
		h.Run(t, []apitest.Case{
			{Name: "platform admin authors in any school", Method: "POST", Path: "/v1/units/" + unit.ID + "/lessons", Token: f.AdminToken,
				Body: lesson("X", start, ex.ID), Status: 201},
			{Name: "delete the school exercise", Method: "DELETE", Path: "/v1/exercises/" + ex.ID, Token: f.A.TeacherToken, Status: 204},
			{Name: "the lesson without it", Method: "GET", Path: "/v1/lessons/" + withOwn.ID, Token: f.A.TeacherToken, Status: 200,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					l := apitest.Decode[struct {
						Blocks []struct {
							Type     string
							Exercise *struct{ ID string }
						}
					}](t, rec)
					if len(l.Blocks) != 3 || l.Blocks[2].Type != "exercise" || l.Blocks[2].Exercise != nil {
						t.Errorf("blocks = %+v", l.Blocks)
					}
				}},
		})

		h.Run(t, []apitest.Case{
			{Name: "delete the lesson", Method: "DELETE", Path: "/v1/lessons/" + les.ID, Token: f.A.TeacherToken, Status: 204},
			{Name: "deleted lesson", Method: "GET", Path: "/v1/lessons/" + les.ID, Token: f.A.TeacherToken, Status: 404},
			{Name: "delete the unit", Method: "DELETE", Path: "/v1/units/" + unit.ID, Token: f.A.TeacherToken, Status: 204},
			{Name: "delete the curriculum", Method: "DELETE", Path: "/v1/curricula/" + cur.ID, Token: f.AdminToken, Status: 204},
			{Name: "deleted curriculum", Method: "GET", Path: "/v1/curricula/" + cur.ID, Token: f.A.TeacherToken, Status: 404},
		})
	})
}

// TestBuiltInLessonsServe reads every built-in lesson through the API as a
// student, in both languages, and opens every diagram link it gives.
func TestBuiltInLessonsServe(t *testing.T) {
	db := modelstest.SQLite(t)
	h, f := newLessonsServer(t, db)
	builtIn, err := lessons.BuiltIn()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := models.NewLessonStore(db).SyncBuiltIn(context.Background(), builtIn, h.Now); err != nil {
		t.Fatal(err)
	}
	diagrams := 0
	for _, c := range builtIn {
		for _, u := range c.Units {
			for _, l := range u.Lessons {
				for _, lang := range []string{"zh-CN", "en"} {
					rec := h.Do(t, "GET", "/v1/lessons/"+l.ID+"?lang="+lang, f.A.StudentToken, nil, nil)
					if rec.Code != 200 {
						t.Fatalf("%s: %d %s", l.ID, rec.Code, rec.Body)
					}
					got := apitest.Decode[struct {
						Blocks []struct {
							Type, Text, URL string
							Exercise        *struct{ Key, Title string }
						}
					}](t, rec)
					for i, b := range got.Blocks {
						switch {
						case b.Type == "text" && b.Text == "",
							b.Type == "exercise" && (b.Exercise == nil || b.Exercise.Title == ""),
							b.Type == "diagram" && b.URL == "":
							t.Errorf("%s (%s) block %d is empty: %+v", l.ID, lang, i, b)
						}
						if b.Type == "diagram" && lang == "en" {
							diagrams++
							// Straight to the router: the harness validates JSON bodies only.
							rec := httptest.NewRecorder()
							h.Echo.ServeHTTP(rec, httptest.NewRequest("GET", b.URL, nil))
							if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "image/svg+xml") {
								t.Errorf("%s block %d: %s answers %d", l.ID, i, b.URL, rec.Code)
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d curricula, %d diagrams opened", len(builtIn), diagrams)
}
