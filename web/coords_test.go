package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// coordLabelsJS reads the coordinate labels a board shows: how many are
// drawn (visible), and the text of each at a selector.
const coordLabelsJS = `((sels) => {
  const shown = [...document.querySelectorAll('main .coord')].filter((el) => el.getClientRects().length > 0);
  const at = {};
  for (const s of sels) { const el = document.querySelector(s); at[s] = el && el.getClientRects().length ? el.textContent : ''; }
  return { n: shown.length, at };
})`

// TestBoardCoordinates: every board of an exercise draws its coordinates
// in the lessons' notation (chess a-h/1-8 on the edge squares, gomoku
// A-O/1-15 round the grid with 天元 and four stars, draughts the square
// numbers, number chess the row numbers at both ends of each row and the
// letter of every empty point), and one switch hides them on this device;
// at the three sizes.
func TestBoardCoordinates(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, _, cards := newStudents(t, base, "钱坐")
	ids := exerciseIDs(t, base, tok, "chess.escape_check", "gomoku.win_in_1", "draughts.capture", "numchess.move")
	type board struct {
		name, key string
		count     int               // labels drawn
		want      map[string]string // selector: label
	}
	boards := []board{
		// 8 rank numbers and 8 file letters, on a board turned for Black
		// (ranks down the h-file, files along the 8th rank).
		{"chess", "chess/escape-lesson-1", 16, map[string]string{
			`[data-sq="h1"] .coord.r`: "1", `[data-sq="h8"] .coord.r`: "8", `[data-sq="a8"] .coord.f`: "a", `[data-sq="h8"] .coord.f`: "h"}},
		// 15 letters over and under, 15 numbers on both sides.
		{"gomoku", "gomoku/win-001", 60, map[string]string{
			`.gcoords.gc-top .coord:first-child`: "A", `.gcoords.gc-bottom .coord:last-child`: "O",
			`.gcoords.gc-left .coord:first-child`: "15", `.gcoords.gc-right .coord:last-child`: "1", `.gcoords.gc-top .coord:nth-child(8)`: "H"}},
		// 50 square numbers.
		{"draughts", "draughts/lesson-g23-002", 50, map[string]string{`[data-sq="1"] .coord`: "1", `[data-sq="50"] .coord`: "50", `[data-sq="28"] .coord`: "28"}},
		// 17 rows × 2 numbers, and a letter on each of the 121 - 20 empty points.
		{"numchess", "numchess/move-007", 34 + 101, map[string]string{`[data-pt="c10"] .coord`: "c", `[data-pt="b2"] .coord`: "", `[data-pt="i9"] .coord`: "i"}},
	}
	for _, bd := range boards {
		if ids[bd.key] == "" {
			t.Fatalf("no exercise %s", bd.key)
		}
	}
	b := newBrowser(t, base, 1024, 768)
	st := cards.Students[0]
	b.studentLogin(cards.ClassCode, st.Username, st.PIN)
	for _, size := range [][2]int64{{1024, 768}, {768, 1024}, {390, 844}} {
		b.run("viewport", chromedp.EmulateViewport(size[0], size[1]))
		for _, bd := range boards {
			b.open("/student/exercise/" + ids[bd.key])
			b.wait("#coords-switch")
			b.waitJS(bd.name+" board drawn", `document.querySelectorAll('main .coord').length > 0`)
			var sels []string
			for s := range bd.want {
				sels = append(sels, s)
			}
			got := evalJS[struct {
				N  int
				At map[string]string
			}](b, fmt.Sprintf("%s(%s)", coordLabelsJS, jsList(sels)))
			where := fmt.Sprintf("%s at %dx%d", bd.name, size[0], size[1])
			if got.N != bd.count {
				t.Errorf("%s: %d coordinate labels drawn, want %d", where, got.N, bd.count)
			}
			for s, want := range bd.want {
				if got.At[s] != want {
					t.Errorf("%s: label %s reads %q, want %q", where, s, got.At[s], want)
				}
			}
			if bd.name == "gomoku" {
				stars := evalJS[[]string](b, `[...document.querySelectorAll('.gomoku .pt.star')].map((p) => p.dataset.pt + (p.classList.contains('tengen') ? '*' : '')).sort()`)
				if strings.Join(stars, " ") != "d12 d4 h8* l12 l4" {
					t.Errorf("%s: star points %v, want d4 d12 l12 l4 and 天元 h8", where, stars)
				}
				if l := evalJS[string](b, `document.querySelector('.gomoku [data-pt="h8"]').getAttribute('aria-label')`); !strings.Contains(l, "天元") {
					t.Errorf("%s: h8 is read as %q, without 天元", where, l)
				}
			}
			b.fits(fmt.Sprintf("coords-%s-%d", bd.name, size[0]))
		}
	}
	// The switch hides every label, on every board, and is remembered.
	b.click("#coords-switch")
	if n := evalJS[int](b, `[...document.querySelectorAll('main .coord')].filter((el) => el.getClientRects().length > 0).length`); n != 0 {
		t.Errorf("%d labels still drawn after hiding them", n)
	}
	b.shot("coords-hidden-numchess-390")
	b.open("/student/exercise/" + ids["gomoku/win-001"])
	b.wait("#coords-switch")
	if n := evalJS[int](b, `[...document.querySelectorAll('main .coord')].filter((el) => el.getClientRects().length > 0).length`); n != 0 {
		t.Errorf("gomoku after a reload: %d labels drawn, the choice was forgotten", n)
	}
	b.shot("coords-hidden-gomoku-390")
	b.click("#coords-switch")
	b.waitJS("labels back", `[...document.querySelectorAll('main .coord')].filter((el) => el.getClientRects().length > 0).length === 60`)
}

// jsList writes strings as a JavaScript array literal.
func jsList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = fmt.Sprintf("%q", s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
