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

// screensWorld sets up, through the API, what the statistics and
// tournament screens show: four new students of the demo class, an
// assignment with a chess escape one of them got wrong, and a gomoku
// Swiss of the four with round 1 paired.
type screensWorld struct {
	base, class, assignment, tournament string
	cards                               loginCards
}

func newScreensWorld(t *testing.T) screensWorld {
	t.Helper()
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

	return screensWorld{base: base, class: class, assignment: asg.ID, tournament: tr.ID, cards: cards}
}

// TestScreenLayouts: the exercise statistics and the tournament screens
// on a phone and at 200% zoom: no sideways scrolling, contrast AA, and
// every control reachable by the keyboard (a result entered with the
// keyboard alone).
func TestScreenLayouts(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	w := newScreensWorld(t)
	base, class, cards := w.base, w.class, w.cards
	for i, name := range []string{"phone", "tablet-zoom-200"} {
		t.Run(name, func(t *testing.T) {
			b := zoomed(t, base, i)
			b.teacherLogin()
			b.open("/teacher/classes/" + class + "/assignments/" + w.assignment + "/stats")
			b.waitJS("the board", `(() => { const i = document.querySelector('.answer-board'); return !!i && i.complete && i.naturalWidth > 0; })()`)
			b.fits("stats")
			b.open("/teacher/tournaments")
			b.wait("#tournaments")
			b.fits("tournaments")
			b.open("/teacher/tournaments/new")
			b.wait("#t-students input")
			b.fits("tournament-new")
			b.open("/teacher/tournaments/" + w.tournament)
			b.wait("#boards")
			b.fits("tournament-round")
			// The keyboard alone: focus board 1's result, choose 1-0.
			evalJS[bool](b, `(() => { document.querySelector('#res-1').focus(); return true; })()`)
			b.run("choose with the keyboard", chromedp.KeyEvent("1"))
			b.waitJS("board 1 saved", `document.querySelector('#res-1').dataset.saved === '1-0'`)
			b.click("#tab-players")
			b.wait("#players")
			if i == 0 {
				// A requested bye in round 2 for number 4, then number 3 withdrawn.
				b.click(`#players button[data-bye="4"]`)
				b.waitJS("the bye announced", `document.querySelector('#live').textContent.includes('2')`)
				if msg := b.textOrEmpty("#t-error"); msg != "" {
					t.Errorf("bye: %s", msg)
				}
				evalJS[bool](b, `(() => { window.confirm = () => true; return true; })()`)
				b.click(`#players tr[data-number="3"] button:not([data-bye])`)
				b.waitJS("number 3 withdrawn", `(document.querySelector('#players tr[data-number="3"]') || {textContent: ''}).textContent.includes('退赛') &&
					!document.querySelector('#players tr[data-number="3"] button')`)
			}
			if i == 1 {
				// A late entry from the class.
				b.click(`#add-players input[type="checkbox"]`)
				b.click(`#add-players button[type="submit"]`)
				b.waitJS("five players", `document.querySelectorAll('#players tbody tr').length === 5`)
			}
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

// hanInEnglishJS lists the Chinese text a reader of the English app
// meets: page text and the texts for assistive technology, outside data
// shown as it is (translate="no": names, titles, the server's printable
// pages).
const hanInEnglishJS = `(() => {
  const found = new Set();
  const raw = (el) => !!(el && el.closest && el.closest('[translate="no"], noscript, [lang="zh-CN"]:not(html)'));
  const scan = (s) => { for (const m of String(s || '').match(/[\u3400-\u9fff]+/g) || []) found.add(m); };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    if (p && !raw(p) && !p.closest('script, style, title, .skip, noscript')) scan(n.textContent);
  }
  // The class's tabs are labelled with the class's name (data).
  for (const el of document.body.querySelectorAll('[aria-label]:not(nav.tabs), [title], [placeholder], [alt]')) {
    if (!raw(el)) for (const a of ['aria-label', 'title', 'placeholder', 'alt']) scan(el.getAttribute(a));
  }
  return [...found];
})()`

// TestScreensInEnglish: with the English switch, the statistics and
// tournament screens show no Chinese but the data (names, titles).
func TestScreensInEnglish(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	w := newScreensWorld(t)
	b := newBrowser(t, w.base, 1024, 768)
	english := func(screen string) {
		t.Helper()
		if zh := evalJS[[]string](b, hanInEnglishJS); len(zh) > 0 {
			t.Errorf("English screen %s shows Chinese: %q", screen, zh)
		}
		b.shot(screen)
	}
	b.teacherLogin()
	b.click(`.top button[lang="en"]`)
	b.waitJS("English", `document.documentElement.lang === 'en'`)
	b.open("/teacher/classes/" + w.class + "/assignments/" + w.assignment + "/stats")
	b.wait(".answer-fig")
	english("stats-en")
	b.open("/teacher/tournaments")
	b.wait("#tournaments")
	english("tournaments-en")
	b.open("/teacher/tournaments/new")
	b.wait("#t-students input")
	english("tournament-new-en")
	for _, view := range []string{"round", "players", "standings"} {
		b.open("/teacher/tournaments/" + w.tournament + "?view=" + view)
		b.wait("#tab-" + view + "[aria-current=page]")
		english("tournament-" + view + "-en")
	}
	b.click("#logout")
	s := w.cards.Students[0]
	b.studentLogin(w.cards.ClassCode, s.Username, s.PIN)
	b.click("#my-tournaments-link")
	b.wait("#my-tournaments .work-item")
	english("student-tournaments-en")
}
