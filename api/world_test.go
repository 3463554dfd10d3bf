package api_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3filter"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/assignments"
	"qixue/audit"
	"qixue/classroom"
	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/lessons"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/play"
	"qixue/progress"
	"qixue/realtime"
	"qixue/roster"
	"qixue/rules/game"
	"qixue/tournaments"
)

// world is a server with every service and two schools that each hold one
// of everything a route can name: the apitest fixture's users and class,
// a school exercise, a copied curriculum (unit, lesson), an assignment,
// an attempt, a roster import job and a tournament (a Swiss of the class
// with the student entered, not paired yet).
type world struct {
	*apitest.Harness
	F    apitest.Fixture
	A, B worldSchool
	// Bank is a built-in exercise every school reads.
	Bank string
	// Live is the live-game service behind the routes (the computer plays
	// its seats; closed when the test ends).
	Live *play.Service
	// Hub carries the live lessons' events (and the sockets' of a server
	// made on it).
	Hub *realtime.Hub
	// Lessons runs the live lessons behind the routes.
	Lessons *classroom.Service
}

// worldSchool is the content of one school of the world.
type worldSchool struct {
	Exercise, Curriculum, Unit, Lesson, Assignment, Attempt, Import, Tournament string
	// TeamTournament is a team event of two one-board teams: the class's
	// student against a classmate.
	TeamTournament string
	// Mate is a second student of the class (the team event's).
	Mate string
	// LiveGame is a live chess game of the class's teacher against its
	// student.
	LiveGame string
	// LiveLesson is a running live lesson of the class (its first item
	// shown); ReadyLesson one not started.
	LiveLesson, ReadyLesson string
	// Game is a chess game of the class's student, uploaded by its
	// teacher (confirmed).
	Game string
}

func newWorld(t testing.TB, db *gorm.DB) *world {
	t.Helper()
	ctx := context.Background()
	svgDecoder.Do(func() { openapi3filter.RegisterBodyDecoder(api.DiagramContentType, openapi3filter.FileBodyDecoder) })
	htmlDecoder.Do(func() { openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.FileBodyDecoder) })
	h := apitest.New(t, db)
	w := &world{Harness: h, F: h.Fixture(t)}
	practice := exercises.NewService(models.NewExerciseStore(db, models.WithLimitsTTL(0)), nil)
	choice := exercises.Exercise{
		Key: "chess/world-choice-001", Kind: "choice",
		Title: domain.Text{ZH: "王车易位", EN: "Castling"}, Body: domain.Text{ZH: "哪个对？", EN: "Which is right?"},
		Prompt:     json.RawMessage(`{"game":"chess","options":[{"zh-CN":"王走三格","en":"Three squares"},{"zh-CN":"王走两格","en":"Two squares"}]}`),
		Solution:   json.RawMessage(`{"correct":[1]}`),
		Difficulty: 1, Band: exercises.G23, Tags: []string{"chess.rules.castling"},
	}
	if _, _, err := practice.SyncBank(ctx, []exercises.Exercise{choice}); err != nil {
		t.Fatal(err)
	}
	w.Bank = exercises.BankID(choice.Key)
	bank, err := exercises.Bank()
	if err != nil {
		t.Fatal(err)
	}
	curricula, problems := lessons.Check(os.DirFS("../lessons/testdata/good"), bank)
	if len(problems) > 0 {
		t.Fatalf("fixture problems: %v", problems)
	}
	lessonStore := models.NewLessonStore(db)
	if _, err := lessonStore.SyncBuiltIn(ctx, curricula, h.Now); err != nil {
		t.Fatal(err)
	}
	im := roster.NewImporter(models.NewRosterStore(db), roster.Config{
		HashPassword: func(s string) (string, error) {
			b, err := bcrypt.GenerateFromPassword([]byte(s), bcrypt.MinCost)
			return string(b), err
		},
	})
	progressStore := models.NewProgressStore(db)
	tourneys := tournaments.NewService(models.NewTournamentStore(db), nil)
	archive := api.NewGames(models.NewGameStore(db), tourneys)
	w.Live = liveService(db, h.Clock, api.LiveArchive(archive, game.NewRegistry()))
	w.Hub = realtime.NewHub()
	w.Lessons = classroom.NewService(models.NewClassroomStore(db), practice, classroom.Config{
		Now: h.Clock, Announce: api.LessonAnnouncer(w.Hub, nil, h.Clock),
	})
	t.Cleanup(w.Live.Close)
	h.Echo = api.NewServer(api.Deps{
		Identity:    h.Identity,
		Ping:        func(ctx context.Context) error { return models.Ping(ctx, db) },
		Exercises:   practice,
		Roster:      im,
		Lessons:     lessons.NewService(lessonStore, nil, lessons.LookupIn(practice)),
		Assignments: assignments.NewService(models.NewAssignmentStore(db), nil).WithPractice(api.PracticeMaker(practice)),
		Progress:    progress.NewService(progressStore, progressStore, h.Identity, nil),
		Audit:       audit.NewService(models.NewAuditStore(db), time.Now),
		Tournaments: tourneys,
		Games:       archive,
		Live:        w.Live,
		LiveHub:     w.Hub,
		Tablets:     api.TournamentTablets(tourneys),
		Classroom:   w.Lessons,
	})
	for i, s := range []*worldSchool{&w.A, &w.B} {
		fs := w.F.A
		if i == 1 {
			fs = w.F.B
		}
		s.Exercise = w.create(t, "POST", "/v1/exercises", fs.TeacherToken, map[string]any{
			"kind": "choice", "title": map[string]any{"zh-CN": "数棋 " + fs.School.Name, "en": "Number chess " + fs.School.Name},
			"body":       map[string]any{"zh-CN": "选一个", "en": "Pick one"},
			"prompt":     map[string]any{"game": "numchess", "options": []any{map[string]any{"zh-CN": "一", "en": "one"}, map[string]any{"zh-CN": "二", "en": "two"}}},
			"solution":   map[string]any{"correct": []int{0}},
			"difficulty": 2, "band": "G23", "tags": []string{"numchess.rules"},
		}, nil)
		rec := w.Do(t, "POST", "/v1/curricula/numchess-k1/copy", fs.TeacherToken, nil, nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("copy: %d %s", rec.Code, rec.Body)
		}
		cp := apitest.Decode[struct {
			ID    string
			Units []struct {
				ID      string
				Lessons []struct{ ID string }
			}
		}](t, rec)
		s.Curriculum, s.Unit, s.Lesson = cp.ID, cp.Units[0].ID, cp.Units[0].Lessons[0].ID
		s.Assignment = w.create(t, "POST", "/v1/assignments", fs.TeacherToken, map[string]any{
			"class_id": fs.Class.ID, "title": "作业 " + fs.School.Name, "due_at": h.Now.Add(48 * time.Hour).UTC().Format(time.RFC3339),
			"items": []map[string]string{{"kind": "exercise", "id": s.Exercise}, {"kind": "lesson", "id": s.Lesson}},
		}, nil)
		s.Attempt = w.create(t, "POST", "/v1/exercises/"+s.Exercise+"/attempts", fs.StudentToken,
			map[string]any{"answer": map[string]any{"choice": 1}}, map[string]string{api.HeaderIdempotencyKey: "world-" + fs.School.ID})
		body, hdr := upload(t, zipOf(t, schoolFiles("org-"+fs.School.ID, fs.School.ID[:8])))
		s.Import = w.create(t, "POST", "/v1/roster/imports?dry_run=true", fs.AdminToken, body, hdr)
		s.Tournament = w.create(t, "POST", "/v1/tournaments", fs.TeacherToken, map[string]any{
			"name": "象棋赛 " + fs.School.Name, "game": "chess", "rounds": 3,
			"class_ids": []string{fs.Class.ID}, "student_ids": []string{fs.Student.ID},
		}, nil)
		s.ReadyLesson = w.create(t, "POST", "/v1/live-lessons", fs.TeacherToken, map[string]any{
			"class_id": fs.Class.ID, "exercise_ids": []string{w.Bank}}, nil)
		s.LiveLesson = w.create(t, "POST", "/v1/live-lessons", fs.TeacherToken, map[string]any{
			"class_id": fs.Class.ID, "exercise_ids": []string{w.Bank, s.Exercise}}, nil)
		if rec := w.Do(t, "POST", "/v1/live-lessons/"+s.LiveLesson+"/open", fs.TeacherToken, map[string]any{"index": 0}, nil); rec.Code != http.StatusOK {
			t.Fatalf("open lesson: %d %s", rec.Code, rec.Body)
		}
		mate, err := h.Identity.CreateUser(ctx, domain.Principal{Role: domain.RolePlatformAdmin}, identity.NewUser{SchoolID: fs.School.ID,
			Role: domain.RoleStudent, Username: fmt.Sprintf("world-mate-%d", i), RealName: "同学", GivenName: "同学", Password: apitest.Password})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.Identity.Enroll(ctx, domain.Principal{Role: domain.RolePlatformAdmin}, fs.Class.ID, mate.ID); err != nil {
			t.Fatal(err)
		}
		s.Mate = mate.ID
		s.TeamTournament = w.create(t, "POST", "/v1/team-tournaments", fs.TeacherToken, map[string]any{
			"name": "团体赛 " + fs.School.Name, "game": "gomoku", "format": "fixed_boards", "boards": 1, "class_ids": []string{fs.Class.ID},
			"teams": []map[string]any{{"name": "一队", "student_ids": []string{fs.Student.ID}}, {"name": "二队", "student_ids": []string{mate.ID}}},
		}, nil)
		s.LiveGame = w.create(t, "POST", "/v1/live-games", fs.TeacherToken, map[string]any{
			"game": "chess", "players": []string{fs.Teacher.ID, fs.Student.ID}}, nil)
		s.Game = w.upload(t, fs.TeacherToken, map[string]any{"game": "chess", "white_id": fs.Student.ID,
			"text": "[Event \"Club " + fs.School.Name + "\"]\n[Date \"2026.11.03\"]\n[White \"x\"]\n[Black \"Outsider\"]\n[ECO \"C20\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"})
	}
	return w
}

// upload sends a one-game upload that must be stored and returns the
// record's id.
func (w *world) upload(t testing.TB, token string, body map[string]any) string {
	t.Helper()
	rec := w.Do(t, "POST", "/v1/games", token, body, nil)
	if rec.Code != http.StatusCreated {
		t.Fatalf("upload: %d %s", rec.Code, rec.Body)
	}
	r := apitest.Decode[struct{ Stored []struct{ ID string } }](t, rec)
	if len(r.Stored) != 1 {
		t.Fatalf("upload stored %d games: %s", len(r.Stored), rec.Body)
	}
	return r.Stored[0].ID
}

// create sends a request that must succeed and returns the id (or
// attempt_id) of the answer.
func (w *world) create(t testing.TB, method, path, token string, body any, hdr map[string]string) string {
	t.Helper()
	rec := w.Do(t, method, path, token, body, hdr)
	if rec.Code >= 300 {
		t.Fatalf("%s %s: %d %s", method, path, rec.Code, rec.Body)
	}
	v := apitest.Decode[struct {
		ID        string
		AttemptID string `json:"attempt_id"`
	}](t, rec)
	if v.ID == "" {
		v.ID = v.AttemptID
	}
	if v.ID == "" {
		t.Fatalf("%s %s: no id in the answer", method, path)
	}
	return v.ID
}

// TestWorld checks that the world builds on both databases.
func TestWorld(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		if w.A.Import == "" || w.B.Attempt == "" || w.B.Tournament == "" || w.B.Game == "" {
			t.Fatalf("world %+v", w)
		}
	})
}
