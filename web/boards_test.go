package web_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"
)

// apiCall sends a JSON request to the server's API as a plain client and
// decodes the answer into out.
func apiCall(t *testing.T, base, method, path, token string, body, out any) {
	t.Helper()
	var raw []byte
	if body != nil {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			t.Fatal(err)
		}
	}
	req, err := http.NewRequest(method, base+path, bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode >= 300 {
		var p map[string]any
		_ = json.NewDecoder(res.Body).Decode(&p)
		t.Fatalf("%s %s: %d %v", method, path, res.StatusCode, p)
	}
	if out != nil {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

// loginCards are the answer of POST /v1/classes/{id}/students.
type loginCards struct {
	ClassCode string `json:"class_code"`
	Students  []struct{ Username, PIN string }
}

// newStudents logs the demo teacher in through the API and adds students
// of these real names to the demo class; it returns the teacher's token,
// the class ID and the students' login cards.
func newStudents(t *testing.T, base string, names ...string) (token, class string, cards loginCards) {
	t.Helper()
	var session struct {
		AccessToken string `json:"access_token"`
	}
	apiCall(t, base, "POST", "/v1/auth/login", "", map[string]string{"username": "teacher", "password": demoPassword}, &session)
	var classes struct {
		Items []struct{ ID string } `json:"items"`
	}
	apiCall(t, base, "GET", "/v1/classes", session.AccessToken, nil, &classes)
	var students []map[string]string
	for _, n := range names {
		students = append(students, map[string]string{"real_name": n})
	}
	class = classes.Items[0].ID
	apiCall(t, base, "POST", "/v1/classes/"+class+"/students", session.AccessToken, map[string]any{"students": students}, &cards)
	return session.AccessToken, class, cards
}

// TestBoards: a student answers a gomoku, a gomoku-shape, a draughts
// multi-capture, a number-chess span and two renju forbidden-point
// puzzles by tapping the boards (the teacher's side set up
// through the API).
func TestBoards(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, cards := newStudents(t, base, "周棋")
	ids := map[string]string{}
	for _, kind := range []string{"gomoku.win_in_1", "gomoku.shape", "draughts.capture", "numchess.move", "gomoku.forbidden", "gomoku.key_point"} {
		var list struct {
			Items []struct{ ID, Key string } `json:"items"`
		}
		apiCall(t, base, "GET", "/v1/exercises?limit=200&kind="+kind, tok, nil, &list)
		for _, x := range list.Items {
			ids[x.Key] = x.ID
		}
	}
	keys := []string{"gomoku/win-001", "gomoku/lesson-k1-014", "draughts/lesson-g23-002", "numchess/lesson-k1-span-002", "gomoku/forbidden-001", "gomoku/forbidden-010", "gomoku/four-three-001"}
	var items []map[string]string
	for _, k := range keys {
		if ids[k] == "" {
			t.Fatalf("no exercise %s", k)
		}
		items = append(items, map[string]string{"kind": "exercise", "id": ids[k]})
	}
	items = append(items, map[string]string{"kind": "lesson", "id": "chess-g23-check-block"})
	var asg struct{ ID string }
	apiCall(t, base, "POST", "/v1/assignments", tok, map[string]any{"class_id": class, "title": "棋盘", "items": items,
		"due_at": time.Now().Add(72 * time.Hour).UTC().Format(time.RFC3339), "attempts_allowed": 3}, &asg)

	b := newBrowser(t, base, 1024, 768)
	st := cards.Students[0]
	b.studentLogin(cards.ClassCode, st.Username, st.PIN)

	correct := func(what string) {
		t.Helper()
		b.waitJS(what+" judged", `['correct', 'wrong', 'partial'].includes(document.querySelector('#verdict').dataset.outcome)`)
		if got := evalJS[string](b, `document.querySelector('#verdict').dataset.outcome`); got != "correct" {
			t.Errorf("%s: %s, %q", what, got, b.text("#verdict"))
		}
		b.shot(what)
	}

	// Five in a row for Black at h6, in two steps: a mis-tap on h5 shows
	// the stone and sends nothing, a tap on h6 moves it there, ✔ sends it.
	b.open("/student/exercise/" + ids[keys[0]] + "?a=" + asg.ID)
	b.click(`.gomoku [data-pt="h5"]`)
	b.wait("#point-go")
	if evalJS[bool](b, `!!document.querySelector('#verdict').dataset.outcome || !document.querySelector('.gomoku [data-pt="h5"]').classList.contains('pending')`) {
		t.Error("the first tap sent the stone, or did not show it")
	}
	b.click(`.gomoku [data-pt="h6"]`)
	b.shot("gomoku-pending")
	b.click("#point-go")
	correct("gomoku-win")

	// The open four: mark its four stones, then ✔.
	b.open("/student/exercise/" + ids[keys[1]] + "?a=" + asg.ID)
	for _, p := range []string{"f8", "g8", "h8", "i8"} {
		b.click(fmt.Sprintf(`.gomoku [data-pt="%s"]`, p))
	}
	b.click("#points-go")
	correct("gomoku-shape")

	// 38x27x18: tap the man, each landing square, then ✔.
	b.open("/student/exercise/" + ids[keys[2]] + "?a=" + asg.ID)
	for _, sq := range []string{"38", "27", "18"} {
		b.click(fmt.Sprintf(`.draughts [data-sq="%s"]`, sq))
	}
	b.click("#move-go")
	correct("draughts-capture")
	if evalJS[bool](b, `!!document.querySelector('.draughts [data-sq="32"] .man') || !!document.querySelector('.draughts [data-sq="22"] .man')`) {
		t.Error("the captured men are still on the board")
	}

	// Number chess from the start: 8 spans 6 and 2 from b2 to f5. The
	// goal point is circled (grade 1 reads "the circled point", not f5).
	b.open("/student/exercise/" + ids[keys[3]] + "?a=" + asg.ID)
	b.wait(`.nc-star [data-pt="f5"].aim`)
	if n := evalJS[int](b, `document.querySelectorAll('.nc-star .npt.aim').length`); n != 1 {
		t.Errorf("%d circled points, want 1", n)
	}
	b.click(`.nc-star [data-pt="b2"]`)
	b.click(`.nc-star [data-pt="f5"]`)
	b.click(`.nc-panel .digit[data-digit="6"]`)
	b.click(`.nc-panel [data-op="+"]`)
	b.click(`.nc-panel .digit[data-digit="2"]`)
	b.click(".nc-panel #expr-go")
	b.click("#nc-go")
	correct("numchess-span")

	// Renju: is h8 forbidden to Black? A double three. Then mark d6, the
	// one forbidden point of another board.
	b.open("/student/exercise/" + ids[keys[4]] + "?a=" + asg.ID)
	b.click(`button[data-reason="double_three"]`)
	correct("renju-forbidden-point")
	b.open("/student/exercise/" + ids[keys[5]] + "?a=" + asg.ID)
	b.click(`.gomoku [data-pt="d6"]`)
	b.click("#points-go")
	correct("renju-forbidden-all")

	// A four-three: i8, tapped twice.
	b.open("/student/exercise/" + ids[keys[6]] + "?a=" + asg.ID)
	b.click(`.gomoku [data-pt="i8"]`)
	b.click(`.gomoku [data-pt="i8"]`)
	correct("gomoku-four-three")

	// The lesson, from its tile at home: text, the diagram drawn, its
	// exercises; one opens and leads back to the lesson.
	b.open("/student")
	b.click(`.tile[data-lesson="chess-g23-check-block"]`)
	b.wait(".lesson .lesson-ex")
	b.waitJS("the diagram drawn", `(() => { const i = document.querySelector('.diagram img'); return !!i && i.complete && i.naturalWidth > 0; })()`)
	if n := evalJS[int](b, `document.querySelectorAll('.lesson .lesson-ex').length`); n != 3 {
		t.Errorf("the lesson shows %d exercises, want 3", n)
	}
	b.shot("lesson")
	b.click(".lesson .lesson-ex")
	b.wait(".board")
	b.click(".ex-head a.btn")
	b.wait(".lesson .lesson-ex")

	// An exercise that is not there: a message and a way back, not an
	// endless "loading".
	b.open("/student/exercise/01234567-89ab-4def-8123-456789abcdef")
	b.waitJS("the error screen", `document.querySelector('main [role=alert]') !== null`)
	if msg := b.text("main [role=alert]"); msg == "" {
		t.Error("the error screen says nothing")
	}
	b.shot("missing-exercise")
}
