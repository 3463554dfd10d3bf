package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestTasksShowTheirPosition: the kinds that were a bare form show the
// position they ask about: the gomoku opening's three stones, numbered,
// with its names as buttons; the number-chess score's final position
// beside the score fields. Each is answered and judged right.
func TestTasksShowTheirPosition(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, _, cards := newStudents(t, base, "周开")
	ids := exerciseIDs(t, base, tok, "gomoku.opening_name", "numchess.score")
	for _, k := range []string{"gomoku/lesson-g46-006", "numchess/lesson-g46-product-001"} {
		if ids[k] == "" {
			t.Fatalf("no exercise %s", k)
		}
	}
	b := newBrowser(t, base, 1024, 768)
	st := cards.Students[0]
	b.studentLogin(cards.ClassCode, st.Username, st.PIN)
	judged := func(what string) {
		t.Helper()
		b.waitJS(what+" judged", `['correct', 'wrong', 'partial'].includes((document.querySelector('#verdict') || {dataset: {}}).dataset.outcome)`)
		if got := evalJS[string](b, `document.querySelector('#verdict').dataset.outcome`); got != "correct" {
			t.Errorf("%s: %s, %q", what, got, b.text("#verdict"))
		}
	}
	for _, size := range [][2]int64{{1024, 768}, {768, 1024}, {390, 844}} {
		b.run("viewport", chromedp.EmulateViewport(size[0], size[1]))
		// Black 1 h8, White 2 h9, Black 3 g6: 山月.
		b.open("/student/exercise/" + ids["gomoku/lesson-g46-006"])
		b.wait(`.gomoku [data-pt="g6"]`)
		got := evalJS[[]string](b, `['h8', 'h9', 'g6', 'i6'].map((p) => { const e = document.querySelector('.gomoku [data-pt="' + p + '"]'); return e.className.replace(/.*\b(x|o)\b.*/, '$1').replace(/^pt.*/, '-') + e.textContent; })`)
		if len(got) != 4 || got[0] != "x1" || got[1] != "o2" || got[2] != "x3" || got[3] != "-" {
			t.Errorf("opening stones drawn as %v, want x1 o2 x3 and i6 empty", got)
		}
		if n := evalJS[int](b, `document.querySelectorAll('.answer-form').length`); n != 0 {
			t.Error("the opening's names are a typed form, not buttons")
		}
		b.click(`button[data-name="山月"]`)
		judged("opening name")
		b.fits(fmt.Sprint("opening-name-", size[0]))

		// Red's product-sum score, counted on the board shown.
		b.open("/student/exercise/" + ids["numchess/lesson-g46-product-001"])
		b.wait(`.nc-star [data-pt="a17"]`)
		if got := evalJS[string](b, `document.querySelector('.nc-star [data-pt="a17"]').getAttribute('aria-label')`); got != "a17 红 0" {
			t.Errorf("a17 reads %q, want red 0", got)
		}
		b.fill(".answer-form input[name=red]", "80")
		b.click(".answer-form button[type=submit]")
		judged("numchess score")
		b.fits(fmt.Sprint("numchess-score-", size[0]))
	}
}
