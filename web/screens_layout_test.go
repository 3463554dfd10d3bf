package web_test

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// tooWideJS names the elements that reach past the right edge of the
// page (for the message when the page scrolls sideways).
const tooWideJS = `[...document.querySelectorAll('main *')].filter((el) => {
  const r = el.getBoundingClientRect(); if (!r.width) return false;
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    if (getComputedStyle(p).overflowX !== 'visible') return false; }
  return r.right > document.documentElement.clientWidth + 1; })
  .slice(0, 5).map((el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + '.' + el.className)`

// fits fails the test when the screen scrolls sideways or has text below
// WCAG AA contrast, and keeps its screenshot.
func (b *browser) fits(screen string) {
	b.t.Helper()
	if evalJS[bool](b, overflowJS) {
		b.t.Errorf("%s scrolls sideways: %q", screen, evalJS[[]string](b, tooWideJS))
	}
	if bad := evalJS[[]string](b, lowContrastJS); len(bad) > 0 {
		b.t.Errorf("%s: text below WCAG AA contrast: %q", screen, bad)
	}
	b.shot(screen)
}

// zoomed is a browser on a phone, or on the tablet at 200% zoom (a
// 512×384 CSS viewport at scale 2).
func zoomed(t *testing.T, base string, i int) *browser {
	sizes := []struct {
		w, h  int64
		scale float64
	}{{390, 844, 3}, {512, 384, 2}}
	s := sizes[i]
	b := newBrowser(t, base, int(s.w), int(s.h))
	b.run("viewport", chromedp.EmulateViewport(s.w, s.h, chromedp.EmulateScale(s.scale)))
	return b
}

// TestScreenLayouts: the exercise statistics and the tournament screens
// on a phone and at 200% zoom: no sideways scrolling, contrast AA, and
// every control reachable by the keyboard (a result entered with the
// keyboard alone).
func TestScreenLayouts(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, cards := newStudents(t, base, "冯一", "陈二", "褚三", "卫四")
	ids := exerciseIDs(t, base, tok, "chess.escape_check")
	var asg struct{ ID string }
	apiCall(t, base, "POST", "/v1/assignments", tok, map[string]any{"class_id": class, "title": "版面",
		"items":  []map[string]string{{"kind": "exercise", "id": ids["chess/escape-lesson-3"]}},
		"due_at": time.Now().Add(72 * time.Hour).UTC().Format(time.RFC3339)}, &asg)
	st0 := studentToken(t, base, cards.ClassCode, cards.Students[0].Username, cards.Students[0].PIN)
	answer(t, base, st0, ids["chess/escape-lesson-3"], map[string]string{"move": "e8f8"})
	var users struct {
		Items []struct{ ID, Username string } `json:"items"`
	}
	apiCall(t, base, "GET", "/v1/users?limit=200&class_id="+class, tok, nil, &users)
	var players []string
	for _, u := range users.Items {
		for _, s := range cards.Students {
			if u.Username == s.Username {
				players = append(players, u.ID)
			}
		}
	}
	var tr struct{ ID string }
	apiCall(t, base, "POST", "/v1/tournaments", tok, map[string]any{"name": "版面赛", "game": "gomoku", "system": "dutch", "rounds": 3,
		"class_ids": []string{class}, "student_ids": players}, &tr)
	apiCall(t, base, "POST", "/v1/tournaments/"+tr.ID+"/rounds", tok, nil, nil)

	for i, name := range []string{"phone", "tablet-zoom-200"} {
		t.Run(name, func(t *testing.T) {
			b := zoomed(t, base, i)
			b.teacherLogin()
			b.open("/teacher/classes/" + class + "/assignments/" + asg.ID + "/stats")
			b.waitJS("the board", `(() => { const i = document.querySelector('.answer-board'); return !!i && i.complete && i.naturalWidth > 0; })()`)
			b.fits("stats")
			b.open("/teacher/tournaments")
			b.wait("#tournaments")
			b.fits("tournaments")
			b.open("/teacher/tournaments/new")
			b.wait("#t-students input")
			b.fits("tournament-new")
			b.open("/teacher/tournaments/" + tr.ID)
			b.wait("#boards")
			b.fits("tournament-round")
			// The keyboard alone: focus board 1's result, choose 1-0.
			evalJS[bool](b, `(() => { document.querySelector('#res-1').focus(); return true; })()`)
			b.run("choose with the keyboard", chromedp.KeyEvent("1"))
			b.waitJS("board 1 saved", `document.querySelector('#res-1').dataset.saved === '1-0'`)
			b.click("#tab-players")
			b.wait("#players")
			b.fits("tournament-players")
			b.click("#tab-standings")
			b.wait("#standings")
			b.fits("tournament-standings")
			b.click("#print-cards")
			b.wait("#print-sheet .card")
			b.fits("tournament-cards")
			b.click("#logout")

			s := cards.Students[i]
			b.studentLogin(cards.ClassCode, s.Username, s.PIN)
			b.click("#my-tournaments-link")
			b.wait("#my-tournaments .work-item")
			b.fits("student-tournaments")
			b.click("#my-tournaments a.btn")
			b.wait("#standings")
			b.fits("student-standings")
		})
	}
}
