package web_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestBoardEditor: the teacher sets positions up on the editor's boards
// by tapping the palette and the board; the engine refuses what cannot
// stand in the teacher's language (two white kings, a renju stone count
// that cannot be, a number-chess piece twice, a draughts man on its
// crowning row in English), crosses renju's forbidden points, and checks
// the solution played on the board before it saves the exercise: a mate
// in 2 that a defence refutes is refused naming the defence, the real one
// is saved with its id.
func TestBoardEditor(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	b := newBrowser(t, base, 1280, 1000)
	b.teacherLogin()
	b.click(`a[href="/teacher/editor"]`)
	verdict := func(state string) string {
		b.t.Helper()
		b.waitJS("verdict "+state, `(document.querySelector('#ed-verdict') || {dataset: {}}).dataset.state === '`+state+`'`)
		return b.text("#ed-verdict")
	}
	tap := func(piece string, squares ...string) {
		b.t.Helper()
		b.click(`#ed-palette [data-piece="` + piece + `"]`)
		for _, sq := range squares {
			b.click(`#ed-board [data-sq="` + sq + `"]`)
		}
	}
	if v := verdict("ok"); !strings.Contains(v, "轮到白方走") {
		t.Errorf("the start position: %q", v)
	}
	b.click("#ed-clear")
	verdict("refused")
	tap("K", "e1", "a1")
	tap("k", "e8")
	if v := verdict("refused"); !strings.Contains(v, "2 个王") {
		t.Errorf("two white kings: %q", v)
	}
	b.shot("editor-two-white-kings")

	// A mate in 2: Kg1, rooks a6 and b1, the black king on e7.
	tap("", "a1", "e1", "e8")
	tap("K", "g1")
	tap("R", "a6", "b1")
	tap("k", "e7")
	if v := verdict("ok"); !strings.Contains(v, "轮到白方走") {
		t.Errorf("the mate in 2: %q", v)
	}
	if n := b.text("#ed-notation"); n != "" {
		t.Logf("notation %q", n)
	}
	if fen := evalJS[string](b, `document.querySelector('#ed-notation').value`); fen != "8/4k3/R7/8/8/8/8/1R4K1 w - - 0 1" {
		t.Errorf("notation %q", fen)
	}
	b.selectOption("#ed-kind", "chess.mate_in")
	b.selectOption("#ed-n", "2")
	b.fill("#ed-title-zh", "两步杀")
	play := func(moves ...string) {
		b.t.Helper()
		for i, m := range moves {
			b.click(`#ed-solution [data-sq="` + m[:2] + `"]`)
			b.click(`#ed-solution [data-sq="` + m[2:] + `"]`)
			b.waitJS("the line holds a move more", `document.querySelectorAll('#ed-line li').length === `+string(rune('1'+i)))
		}
	}
	play("a6a7", "e7d6", "b1b6")
	if line := b.text("#ed-line"); !strings.Contains(line, "Ra7+") || !strings.Contains(line, "Kd6") {
		t.Errorf("the line: %q", line)
	}
	b.click("#ed-save-go")
	b.waitJS("the refusal", `(document.querySelector('#ed-result') || {dataset: {}}).dataset.state === 'refused'`)
	if r := b.text("#ed-refutation"); !strings.Contains(r, "Kd6") {
		t.Errorf("the refutation: %q", r)
	}
	b.shot("editor-mate-refuted")
	b.click("#ed-line-reset")
	play("b1b7", "e7d8", "a6a8")
	b.click("#ed-save-go")
	b.waitJS("the exercise saved", `(document.querySelector('#ed-result') || {dataset: {}}).dataset.state === 'saved'`)
	id := evalJS[string](b, `document.querySelector('#ed-result').dataset.id`)
	if len(id) < 10 || !strings.Contains(b.text("#ed-exercise-id"), id) {
		t.Errorf("saved exercise id %q", id)
	}
	b.shot("editor-mate-saved")
	// The saved exercise straight into a live lesson of the class.
	b.click("#ed-live-go")
	b.waitJS("the projector", `location.pathname.startsWith('/teacher/lessons/')`)
	lesson := evalJS[string](b, `location.pathname.split('/').pop()`)
	var live struct {
		Items []struct {
			ExerciseID string `json:"exercise_id"`
		} `json:"items"`
	}
	var session struct {
		AccessToken string `json:"access_token"`
	}
	apiCall(t, base, "POST", "/v1/auth/login", "", map[string]string{"username": "teacher", "password": demoPassword}, &session)
	apiCall(t, base, "GET", "/v1/live-lessons/"+lesson, session.AccessToken, nil, &live)
	if len(live.Items) != 1 || live.Items[0].ExerciseID != id {
		t.Errorf("the live lesson holds %+v, want the exercise %s", live.Items, id)
	}
	b.open("/teacher/editor")

	// Renju: a double three for Black at h8 is crossed; one black stone
	// too many cannot stand with Black to move.
	b.selectOption("#ed-game", "gomoku")
	verdict("ok")
	tap("x", "f8", "g8", "h9", "h10")
	tap("o", "a1", "a2", "a3", "a4")
	verdict("ok")
	b.waitJS("h8 crossed", `!!document.querySelector('#ed-board .pt.forbidden[data-sq="h8"]')`)
	b.shot("editor-renju-forbidden")
	tap("x", "k11")
	if v := verdict("refused"); !strings.Contains(v, "5个黑子、4个白子") {
		t.Errorf("the stone count: %q", v)
	}
	b.shot("editor-renju-stone-count")

	// Number chess: Red's 7 twice.
	b.selectOption("#ed-game", "numchess")
	verdict("ok")
	tap("r7", "e5")
	if v := verdict("refused"); !strings.Contains(v, "两枚 7") {
		t.Errorf("Red's 7 twice: %q", v)
	}
	b.shot("editor-numchess-twice")

	// In English: a white draughts man on square 3, its crowning row.
	b.click(".top-actions button[lang]")
	b.wait("#ed-game")
	b.selectOption("#ed-game", "draughts")
	verdict("ok")
	tap("w", "3")
	if v := verdict("refused"); !strings.Contains(v, "would already have been crowned") {
		t.Errorf("a man on the crowning row: %q", v)
	}
	b.shot("editor-draughts-crowning-en")

	// Dragging: a black king from the palette onto 28, from 28 onto 33,
	// then off the board.
	drag := func(from, to string) {
		b.t.Helper()
		evalJS[bool](b, fmt.Sprintf(`(() => {
			const mid = (sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; };
			const [x0, y0] = mid(%q), [x1, y1] = mid(%q);
			const ev = (type, x, y) => new PointerEvent(type, {clientX: x, clientY: y, bubbles: true, pointerType: 'mouse', button: 0, isPrimary: true});
			document.querySelector(%q).dispatchEvent(ev('pointerdown', x0, y0));
			window.dispatchEvent(ev('pointermove', x0 + 15, y0 + 15));
			window.dispatchEvent(ev('pointermove', x1, y1));
			window.dispatchEvent(ev('pointerup', x1, y1));
			return true;
		})()`, from, to, from))
	}
	notation := func(want string) {
		b.t.Helper()
		b.waitJS("notation "+want, fmt.Sprintf(`document.querySelector('#ed-notation').value.includes(%q)`, want))
	}
	b.click("#ed-clear")
	drag(`#ed-palette [data-piece="B"]`, `#ed-board [data-sq="28"]`)
	notation(":BK28")
	drag(`#ed-board [data-sq="28"]`, `#ed-board [data-sq="33"]`)
	notation(":BK33")
	verdict("ok")
	drag(`#ed-board [data-sq="33"]`, "h1")
	b.waitJS("the board emptied", `document.querySelector('#ed-notation').value === 'W:W:B'`)
	if v := verdict("refused"); !strings.Contains(v, "empty") {
		t.Errorf("the emptied board: %q", v)
	}
}
