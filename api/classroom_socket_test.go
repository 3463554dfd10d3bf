package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"gorm.io/gorm"

	"qixue/api"
	"qixue/classroom"
	"qixue/exercises"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/play"
	"qixue/realtime"
	"qixue/rules/game"
)

// lessonMsg is a live-lesson event of the socket as the tests read it.
type lessonMsg struct {
	Type       string
	Kind       string
	LessonID   string `json:"lesson_id"`
	Index      int
	Current    int
	Revealed   bool
	Answered   *int
	AnsweredBy []string `json:"answered_by"`
	Answers    []struct {
		Answer json.RawMessage
		Count  int
	}
}

// awaitHello reads until the socket's hello (it is subscribed then).
func awaitHello(t *testing.T, ctx context.Context, conn *websocket.Conn) {
	t.Helper()
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("waiting for hello: %v", err)
		}
		if strings.Contains(string(data), `"type":"hello"`) {
			return
		}
	}
}

// awaitLesson reads conn until the lesson event of kind (for lesson id)
// arrives; it fails on a tally event when noTally is set (a student's
// tablet gets none).
func awaitLesson(t *testing.T, ctx context.Context, conn *websocket.Conn, id, kind string, noTally bool) lessonMsg {
	t.Helper()
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("waiting for lesson event %s: %v", kind, err)
		}
		var m lessonMsg
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if m.Type != "lesson" || m.LessonID != id {
			continue
		}
		if noTally && m.Kind == "answered" {
			t.Fatalf("a student's tablet got the tally: %s", data)
		}
		if m.Kind == kind {
			return m
		}
	}
}

func post(t *testing.T, base, path, token, body string) int {
	t.Helper()
	req, _ := http.NewRequest("POST", base+path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// TestLiveLessonSockets: with real sockets, the class's tablets get the
// item when it opens, the reveal and the end, the teacher's screen gets
// each tally change as answers come (and the students' tablets do not),
// and a tablet that connects late or reloads reads the item shown and
// its own answer back.
func TestLiveLessonSockets(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLessonWorld(t, db)
		srv := httptest.NewServer(w.Echo)
		defer srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		teacher := dialLive(t, srv, w.F.A.TeacherToken)
		defer teacher.CloseNow()
		one, other := dialLive(t, srv, w.tokens[0]), dialLive(t, srv, w.F.A.OtherStudentToken)
		defer one.CloseNow()
		defer other.CloseNow()
		for _, c := range []*websocket.Conn{teacher, one, other} {
			awaitHello(t, ctx, c)
		}
		sendLive(t, teacher, `{"type":"lesson_subscribe","ref":"s","lesson_id":"`+w.lesson+`"}`)
		if m, _, err := readUntil(ctx, teacher, "s"); err != nil || m.Type != "ack" {
			t.Fatalf("teacher's subscribe: %+v %v", m, err)
		}
		path := "/v1/live-lessons/" + w.lesson
		if code := post(t, srv.URL, path+"/open", w.F.A.TeacherToken, `{"index":0}`); code != 200 {
			t.Fatalf("open: %d", code)
		}
		if m := awaitLesson(t, ctx, one, w.lesson, "opened", true); m.Index != 0 || m.Current != 0 {
			t.Fatalf("opened: %+v", m)
		}
		awaitLesson(t, ctx, teacher, w.lesson, "opened", false)
		// A late tablet: it connects after the open and reads the item.
		late := dialLive(t, srv, w.tokens[1])
		defer late.CloseNow()
		awaitHello(t, ctx, late)
		if s := w.get(t, w.tokens[1]); s.Item == nil || s.Item.Index != 0 || !s.Item.Open || s.Item.Exercise == nil {
			t.Fatalf("late joiner's item: %+v", s.Item)
		}
		if code := post(t, srv.URL, path+"/answers", w.tokens[0], `{"index":0,"answer":{"choice":1}}`); code != 201 {
			t.Fatalf("answer: %d", code)
		}
		m := awaitLesson(t, ctx, teacher, w.lesson, "answered", false)
		if m.Answered == nil || *m.Answered != 1 || len(m.Answers) != 1 || string(m.Answers[0].Answer) != `{"choice":1}` ||
			len(m.AnsweredBy) != 1 || m.AnsweredBy[0] != w.ids[0] {
			t.Fatalf("tally event: %+v", m)
		}
		if code := post(t, srv.URL, path+"/answers", w.tokens[1], `{"index":0,"answer":{"choice":0}}`); code != 201 {
			t.Fatalf("late answer: %d", code)
		}
		if m := awaitLesson(t, ctx, teacher, w.lesson, "answered", false); *m.Answered != 2 || len(m.Answers) != 2 {
			t.Fatalf("second tally: %+v", m)
		}
		// A reload: the tablet's own answer comes back.
		if s := w.get(t, w.tokens[0]); s.Item == nil || s.Item.Mine == nil || string(s.Item.Mine.Answer) != `{"choice":1}` {
			t.Fatalf("reloaded: %+v", s.Item)
		}
		if code := post(t, srv.URL, path+"/reveal", w.F.A.TeacherToken, ""); code != 200 {
			t.Fatalf("reveal: %d", code)
		}
		for _, c := range []*websocket.Conn{one, late} {
			if m := awaitLesson(t, ctx, c, w.lesson, "revealed", true); !m.Revealed {
				t.Fatalf("revealed: %+v", m)
			}
		}
		if code := post(t, srv.URL, path+"/end", w.F.A.TeacherToken, ""); code != 200 {
			t.Fatalf("end: %d", code)
		}
		awaitLesson(t, ctx, one, w.lesson, "ended", true)
		awaitLesson(t, ctx, teacher, w.lesson, "ended", false)
		// The student of another class heard nothing of the lesson.
		sendLive(t, other, `{"type":"ping","ref":"p"}`)
		for {
			_, data, err := other.Read(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(data), w.lesson) {
				t.Fatalf("another class's tablet got %s", data)
			}
			if strings.Contains(string(data), `"type":"pong"`) {
				break
			}
		}
		// A teacher of another class may not follow the lesson's tallies.
		stranger := dialLive(t, srv, w.F.A.OtherTeacherToken)
		defer stranger.CloseNow()
		sendLive(t, stranger, `{"type":"lesson_subscribe","ref":"l","lesson_id":"`+w.lesson+`"}`)
		if m, _, err := readUntil(ctx, stranger, "l"); err != nil || m.Type != "error" || m.Error == nil || m.Error.Code != "not_found" {
			t.Fatalf("stranger's subscribe: %+v %v", m, err)
		}
	})
}

// lessonReplica is one `qixue serve` of several on one PostgreSQL
// database, wired for live lessons as serve wires them: its own hub, the
// classroom's notices through pg_notify and a LISTEN that carries every
// replica's lesson events to this replica's sockets.
func lessonReplica(t *testing.T, w *lessonWorld, base string) *httptest.Server {
	t.Helper()
	hub := realtime.NewHub()
	live := models.NewLiveStore(w.DB)
	svc := play.NewService(live, live, game.NewRegistry(), play.Config{Deliver: hub.Publish})
	practice := exercises.NewService(models.NewExerciseStore(w.DB), nil)
	store := models.NewClassroomStore(w.DB)
	lessons := classroom.NewService(store, practice, classroom.Config{Announce: api.LessonAnnouncer(hub, store, nil)})
	ctx, cancel := context.WithCancel(context.Background())
	ready, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		realtime.ListenPostgres(ctx, base, models.LiveChannel, hub, nil, ready)
	}()
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("LISTEN not ready")
	}
	srv := httptest.NewServer(api.NewServer(api.Deps{Identity: w.Identity, Live: svc, LiveHub: hub, Exercises: practice, Classroom: lessons}))
	t.Cleanup(func() {
		srv.Close()
		cancel()
		<-done
		svc.Close()
		practice.Close()
	})
	return srv
}

// TestLiveLessonTwoReplicas: the teacher's screen on one replica, the
// tablets on another: the open and the reveal reach the tablets, the
// answers' tallies reach the teacher, through PostgreSQL's NOTIFY.
func TestLiveLessonTwoReplicas(t *testing.T) {
	base := os.Getenv(modelstest.EnvURL)
	if base == "" {
		t.Skip(modelstest.EnvURL + " not set")
	}
	w := newLessonWorld(t, modelstest.Postgres(t))
	lesson := w.create(t, "POST", "/v1/live-lessons", w.F.A.TeacherToken, map[string]any{
		"class_id": w.F.A.Class.ID, "exercise_ids": []string{w.private}}, nil)
	one, two := lessonReplica(t, w, base), lessonReplica(t, w, base)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	teacher := dialLive(t, one, w.F.A.TeacherToken)
	defer teacher.CloseNow()
	tablet := dialLive(t, two, w.tokens[0])
	defer tablet.CloseNow()
	awaitHello(t, ctx, teacher)
	awaitHello(t, ctx, tablet)
	sendLive(t, teacher, `{"type":"lesson_subscribe","ref":"s","lesson_id":"`+lesson+`"}`)
	if m, _, err := readUntil(ctx, teacher, "s"); err != nil || m.Type != "ack" {
		t.Fatalf("teacher's subscribe: %+v %v", m, err)
	}
	path := "/v1/live-lessons/" + lesson
	if code := post(t, one.URL, path+"/open", w.F.A.TeacherToken, `{"index":0}`); code != 200 {
		t.Fatalf("open on replica one: %d", code)
	}
	awaitLesson(t, ctx, tablet, lesson, "opened", true)
	if code := post(t, two.URL, path+"/answers", w.tokens[0], `{"index":0,"answer":{"choice":0}}`); code != 201 {
		t.Fatalf("answer on replica two: %d", code)
	}
	if m := awaitLesson(t, ctx, teacher, lesson, "answered", false); m.Answered == nil || *m.Answered != 1 {
		t.Fatalf("tally on replica one: %+v", m)
	}
	if code := post(t, one.URL, path+"/reveal", w.F.A.TeacherToken, ""); code != 200 {
		t.Fatalf("reveal: %d", code)
	}
	awaitLesson(t, ctx, tablet, lesson, "revealed", true)
}
