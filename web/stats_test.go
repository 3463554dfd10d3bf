package web_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// studentToken logs a student in through the API with its login card.
func studentToken(t *testing.T, base, classCode, username, pin string) string {
	t.Helper()
	var s struct {
		AccessToken string `json:"access_token"`
	}
	apiCall(t, base, "POST", "/v1/auth/login", "", map[string]string{"class_code": classCode, "username": username, "pin": pin}, &s)
	return s.AccessToken
}

// answer submits a student's answer to an exercise (with the
// Idempotency-Key students must send) and returns whether it was right.
func answer(t *testing.T, base, token, exercise string, ans any) bool {
	t.Helper()
	raw, _ := json.Marshal(map[string]any{"answer": ans, "time_ms": 4000})
	req, _ := http.NewRequest("POST", base+"/v1/exercises/"+exercise+"/attempts", bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Idempotency-Key", fmt.Sprintf("stats-%d", time.Now().UnixNano()))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var v struct{ Correct bool }
	if res.StatusCode >= 300 || json.NewDecoder(res.Body).Decode(&v) != nil {
		t.Fatalf("answer %v: %d", ans, res.StatusCode)
	}
	return v.Correct
}

// exerciseIDs maps exercise keys to IDs for some kinds.
func exerciseIDs(t *testing.T, base, token string, kinds ...string) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for _, kind := range kinds {
		var list struct {
			Items []struct{ ID, Key string } `json:"items"`
		}
		apiCall(t, base, "GET", "/v1/exercises?limit=200&kind="+kind, token, nil, &list)
		for _, x := range list.Items {
			ids[x.Key] = x.ID
		}
	}
	return ids
}

// TestExerciseStats: three students answer a chess escape and a gomoku
// win (set up through the API); the teacher opens the assignment's
// statistics from the matrix's column head and sees who tried, the
// first-try success and the common wrong answers drawn on boards with
// their counts, then one exercise alone; on a tablet and a phone.
func TestExerciseStats(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, cards := newStudents(t, base, "钱一", "孙二", "李三")
	ids := exerciseIDs(t, base, tok, "chess.escape_check", "gomoku.win_in_1")
	chess, gomoku := ids["chess/escape-lesson-3"], ids["gomoku/win-001"]
	if chess == "" || gomoku == "" {
		t.Fatalf("exercises missing: %v", ids)
	}
	var asg struct{ ID string }
	apiCall(t, base, "POST", "/v1/assignments", tok, map[string]any{"class_id": class, "title": "统计作业",
		"items":  []map[string]string{{"kind": "exercise", "id": chess}, {"kind": "exercise", "id": gomoku}},
		"due_at": time.Now().Add(72 * time.Hour).UTC().Format(time.RFC3339), "attempts_allowed": 0}, &asg)

	// 钱一 and 孙二 move the king to f8 first, 李三 to d8; 钱一 then
	// captures. On the gomoku board two play a1 before h6.
	s := cards.Students
	tokens := []string{}
	for _, st := range s {
		tokens = append(tokens, studentToken(t, base, cards.ClassCode, st.Username, st.PIN))
	}
	for i, mv := range []string{"e8f8", "e8f8", "e8d8"} {
		if answer(t, base, tokens[i], chess, map[string]string{"move": mv}) {
			t.Fatalf("%s was judged right", mv)
		}
	}
	if !answer(t, base, tokens[0], chess, map[string]string{"move": "d6b5"}) {
		t.Fatal("d6b5 was judged wrong")
	}
	for _, i := range []int{0, 1} {
		answer(t, base, tokens[i], gomoku, map[string]string{"point": "a1"})
	}
	if !answer(t, base, tokens[2], gomoku, map[string]string{"point": "h6"}) {
		t.Fatal("h6 was judged wrong")
	}

	for _, size := range [][2]int{{1024, 768}, {390, 844}} {
		b := newBrowser(t, base, size[0], size[1])
		b.teacherLogin()
		b.open("/teacher/classes/" + class + "/progress")
		b.wait("#matrix")
		evalJS[bool](b, `(() => { window.t0 = performance.now(); return true; })()`)
		b.click(fmt.Sprintf(`#matrix thead a[href$="/assignments/%s/stats"]`, asg.ID))
		b.wait(".ex-stats")
		b.waitJS("the boards drawn", `[...document.querySelectorAll('.answer-board')].length === 3 &&
			[...document.querySelectorAll('.answer-board')].every((i) => i.complete && i.naturalWidth > 0)`)
		t.Logf("%dx%d: statistics with 3 boards drawn %.0f ms after the click (includes the test's polling)", size[0], size[1],
			evalJS[float64](b, `performance.now() - window.t0`))
		type block struct {
			Nums    map[string]string
			Answers []string
			Counts  []string
		}
		blocks := evalJS[[]block](b, `[...document.querySelectorAll('.ex-stats')].map((s) => ({
			Nums: Object.fromEntries([...s.querySelectorAll('.stat')].map((d) => [d.dataset.stat, d.querySelector('dd').textContent])),
			Answers: [...s.querySelectorAll('.answer-fig')].map((f) => f.dataset.answer),
			Counts: [...s.querySelectorAll('.answer-count')].map((c) => c.textContent) }))`)
		if len(blocks) != 2 {
			t.Fatalf("%d exercise blocks, want 2", len(blocks))
		}
		c := blocks[0]
		if c.Nums["statStudents"] != "3" || c.Nums["statAttempts"] != "4" || c.Nums["statSolved"] != "1" || c.Nums["statFirstTry"] != "0" || c.Nums["statSuccess"] != "0%" {
			t.Errorf("chess numbers %v", c.Nums)
		}
		if strings.Join(c.Answers, " ") != "e8f8 e8d8" || strings.Join(c.Counts, " ") != "2 次 1 次" {
			t.Errorf("chess wrong answers %q counts %q, want e8f8 (2) e8d8 (1)", c.Answers, c.Counts)
		}
		g := blocks[1]
		if g.Nums["statFirstTry"] != "1" || g.Nums["statSuccess"] != "33%" || strings.Join(g.Answers, " ") != "a1" || strings.Join(g.Counts, " ") != "2 次" {
			t.Errorf("gomoku stats %+v", g)
		}
		// The arrow of the most common wrong move is on its board.
		src := evalJS[string](b, `document.querySelector('.answer-board').getAttribute('src')`)
		if !strings.Contains(src, "arrows=e8f8") || !strings.HasPrefix(src, "/v1/diagrams/chess.svg?") {
			t.Errorf("the wrong move's board is %s", src)
		}
		b.shot(fmt.Sprintf("stats-assignment-%dx%d", size[0], size[1]))
		b.click(`.ex-stats[data-exercise="` + gomoku + `"] a[href$="/stats"]`)
		b.waitJS("one exercise", `document.querySelectorAll('.ex-stats').length === 1 && !!document.querySelector('.ex-stats[data-exercise="`+gomoku+`"] .answer-board')`)
		b.shot(fmt.Sprintf("stats-exercise-%dx%d", size[0], size[1]))
		// From the exercise in the bank of the assign page.
		if size[0] == 1024 {
			b.open("/teacher/classes/" + class + "/assign")
			b.selectOption("#a-kind", "chess.escape_check")
			b.click(`#bank li:has(input[data-key="chess/escape-lesson-3"]) a.ex-stats-link`)
			b.waitJS("the chess exercise's stats", `document.querySelectorAll('.ex-stats').length === 1 && !!document.querySelector('.ex-stats[data-exercise="`+chess+`"] .answer-fig')`)
		}
	}
}
