package web_test

import (
	"strings"
	"testing"
	"time"
)

// TestRenjuForbiddenMarks: a renju win-in-one for Black whose prompt asks
// for the forbidden points shows them on the student's board (e12, a
// double three, marked ✕ and labelled), not the winning point; the
// student wins at l8 all the same.
func TestRenjuForbiddenMarks(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, cards := newStudents(t, base, "郑连")
	rows := make([][]byte, 15)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", 15))
	}
	put := func(c byte, pts ...string) {
		for _, p := range pts {
			n := 0
			for _, d := range p[1:] {
				n = n*10 + int(d-'0')
			}
			rows[15-n][p[0]-'a'] = c
		}
	}
	put('x', "h8", "i8", "j8", "k8", "c12", "d12", "e13", "e14")
	put('o', "g8", "a1", "c1", "e1", "g1", "i1", "k1", "m1")
	board := make([]string, 15)
	for i, r := range rows {
		board[i] = string(r)
	}
	text := func(zh, en string) map[string]string { return map[string]string{"zh-CN": zh, "en": en} }
	var ex struct{ ID string }
	apiCall(t, base, "POST", "/v1/exercises", tok, map[string]any{
		"kind": "gomoku.win_in_1", "title": text("连五，小心禁手", "Make five, mind the forbidden points"),
		"body":       text("黑棋走，一步连成五。", "Black to play: make five in one move."),
		"prompt":     map[string]any{"board": strings.Join(board, "/"), "rules": "renju", "colour": "black", "show_forbidden": true},
		"solution":   map[string]any{"point": "l8"},
		"difficulty": 1, "band": "G23", "tags": []string{"gomoku.renju"},
	}, &ex)
	var asg struct{ ID string }
	apiCall(t, base, "POST", "/v1/assignments", tok, map[string]any{"class_id": class, "title": "禁手",
		"items":  []map[string]string{{"kind": "exercise", "id": ex.ID}},
		"due_at": time.Now().Add(72 * time.Hour).UTC().Format(time.RFC3339), "attempts_allowed": 3}, &asg)

	b := newBrowser(t, base, 1024, 768)
	st := cards.Students[0]
	b.studentLogin(cards.ClassCode, st.Username, st.PIN)
	b.open("/student/exercise/" + ex.ID + "?a=" + asg.ID)
	b.wait(`.gomoku [data-pt="e12"]`)
	marked := evalJS[[]string](b, `[...document.querySelectorAll('.gomoku .pt.forbidden')].map((p) => p.dataset.pt)`)
	if !strings.Contains(" "+strings.Join(marked, " ")+" ", " e12 ") || strings.Contains(strings.Join(marked, " "), "l8") {
		t.Errorf("marked %v: want e12, not l8", marked)
	}
	if label := evalJS[string](b, `document.querySelector('.gomoku [data-pt="e12"]').getAttribute('aria-label')`); label != "e12 黑棋禁手" {
		t.Errorf("e12 is labelled %q", label)
	}
	b.shot("renju-forbidden-marks")
	b.click(`.gomoku [data-pt="l8"]`)
	b.click(`.gomoku [data-pt="l8"]`)
	b.waitJS("the verdict", `['correct', 'wrong', 'partial'].includes((document.querySelector('#verdict') || {dataset: {}}).dataset.outcome)`)
	if got := evalJS[string](b, `document.querySelector('#verdict').dataset.outcome`); got != "correct" {
		t.Errorf("l8: %s", got)
	}
}
