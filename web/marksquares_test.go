package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestMarkSquaresOnBoard: the chess kinds that ask for a set are answered
// on the board, no typed coordinates: 车能吃子 shows its blocking pawns,
// taps mark and unmark squares and ✔ sends them (judged right); a pawn
// that cannot move is answered by ✔ with nothing marked; every answer to
// a double check is played on the board, listed, one taken back and
// played again, then sent.
func TestMarkSquaresOnBoard(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, _, cards := newStudents(t, base, "孙标")
	ids := exerciseIDs(t, base, tok, "chess.piece_moves", "chess.all_escapes")
	for _, k := range []string{"chess/lesson-moves-rook-001", "chess/lesson-moves-pawn-004", "chess/all-escapes-002"} {
		if ids[k] == "" {
			t.Fatalf("no exercise %s", k)
		}
	}
	b := newBrowser(t, base, 1024, 768)
	st := cards.Students[0]
	b.studentLogin(cards.ClassCode, st.Username, st.PIN)
	verdict := func(what, want string) {
		t.Helper()
		b.waitJS(what+" judged", `['correct', 'wrong', 'partial'].includes((document.querySelector('#verdict') || {dataset: {}}).dataset.outcome)`)
		if got := evalJS[string](b, `document.querySelector('#verdict').dataset.outcome`); got != want {
			t.Errorf("%s: %s, want %s: %q", what, got, want, b.text("#verdict"))
		}
	}
	marked := func() string {
		return evalJS[string](b, `[...document.querySelectorAll('.chess .sq.marked')].map((x) => x.dataset.sq).sort().join(' ')`)
	}

	for _, size := range [][2]int64{{1024, 768}, {390, 844}} {
		b.run("viewport", chromedp.EmulateViewport(size[0], size[1]))
		// 车能吃子: the rook on b4, a black pawn on b6, its own pawn on e4.
		b.open("/student/exercise/" + ids["chess/lesson-moves-rook-001"])
		b.wait(`.chess [data-sq="b4"]`)
		if n := evalJS[int](b, `document.querySelectorAll('main input[type=text], main input:not([type]), .answer-form').length`); n != 0 {
			t.Errorf("%d text fields on the screen of a marking task", n)
		}
		for sq, want := range map[string]string{"b6": "b6 黑兵", "e4": "e4 白兵", "b4": "b4 白车 · 题目问的棋子"} {
			if got := evalJS[string](b, fmt.Sprintf(`document.querySelector('.chess [data-sq="%s"]').getAttribute('aria-label')`, sq)); got != want {
				t.Errorf("%s reads %q, want %q", sq, got, want)
			}
		}
		b.click(`.chess [data-sq="e4"]`)
		if got := marked(); got != "e4" {
			t.Errorf("after tapping e4 the marks are %q", got)
		}
		b.click(`.chess [data-sq="e4"]`)
		if got := marked(); got != "" {
			t.Errorf("a second tap on e4 leaves the marks %q", got)
		}
		for _, sq := range []string{"a4", "b1", "b2", "b3", "b5", "b6", "c4", "d4"} {
			b.click(fmt.Sprintf(`.chess [data-sq="%s"]`, sq))
		}
		if got := evalJS[string](b, `document.querySelector('.chess [data-sq="b6"]').getAttribute('aria-pressed')`); got != "true" {
			t.Errorf("b6 marked has aria-pressed %q", got)
		}
		b.shot(fmt.Sprintf("rook-marked-%d", size[0]))
		b.click("#set-go")
		verdict("车能吃子", "correct")
		b.shot(fmt.Sprintf("rook-right-%d", size[0]))
	}

	// A blocked pawn: nothing marked, ✔.
	b.open("/student/exercise/" + ids["chess/lesson-moves-pawn-004"])
	b.click("#set-go")
	verdict("blocked pawn", "correct")

	// Double check: the king's three squares, played on the board.
	b.run("viewport", chromedp.EmulateViewport(1024, 768))
	b.open("/student/exercise/" + ids["chess/all-escapes-002"])
	for _, m := range [][2]string{{"e8", "f7"}, {"e8", "d8"}, {"e8", "d7"}, {"e8", "f8"}} {
		b.click(fmt.Sprintf(`.chess [data-sq="%s"]`, m[0]))
		b.click(fmt.Sprintf(`.chess [data-sq="%s"]`, m[1]))
	}
	listed := func() string {
		return evalJS[string](b, `[...document.querySelectorAll('#move-list .listed span')].map((x) => x.textContent).join(' ')`)
	}
	if got := listed(); got != "e8→f7 e8→d8 e8→d7 e8→f8" {
		t.Errorf("listed %q", got)
	}
	if got := evalJS[string](b, `document.querySelector('.chess [data-sq="e8"]').getAttribute('aria-label')`); got != "e8 黑王" {
		t.Errorf("the king left e8 after a listed move: %q", got)
	}
	b.click(`#move-list li:nth-child(3) .unlist`) // e8d7 is in check from the bishop
	if got := listed(); got != "e8→f7 e8→d8 e8→f8" {
		t.Errorf("after taking e8→d7 back: %q", got)
	}
	b.shot("escapes-listed")
	b.click("#set-go")
	verdict("double check", "correct")
	b.shot("escapes-right")
}
