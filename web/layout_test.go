package web_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// lowContrastJS lists visible text whose colour on its background is
// below WCAG AA (4.5:1, or 3:1 for large text); disabled controls and
// decoration hidden from assistive technology are exempt.
const lowContrastJS = `(() => {
  const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  const lum = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const parse = (s) => { const m = /rgba?\(([^)]+)\)/.exec(s); if (!m) return null;
    const p = m[1].split(',').map(parseFloat); return { rgb: p.slice(0, 3), a: p.length > 3 ? p[3] : 1 }; };
  const bgOf = (el) => { for (; el; el = el.parentElement) { const st = getComputedStyle(el);
    if (st.backgroundImage !== 'none') return null; const c = parse(st.backgroundColor);
    if (c && c.a > 0.5) return c.rgb; } return [255, 255, 255]; };
  const bad = [];
  for (const el of document.querySelectorAll('body *')) {
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    if (el.closest('[aria-hidden="true"], :disabled, .sr-only, [hidden]')) continue;
    const st = getComputedStyle(el); const r = el.getBoundingClientRect();
    if (st.visibility === 'hidden' || !r.width || !r.height) continue;
    const fg = parse(st.color), bg = bgOf(el); if (!fg || !bg) continue;
    const a = lum(fg.rgb), b = lum(bg); const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const size = parseFloat(st.fontSize), bold = parseInt(st.fontWeight, 10) >= 700;
    if (ratio < ((size >= 24 || (bold && size >= 18.66)) ? 3 : 4.5))
      bad.push(el.tagName.toLowerCase() + '.' + el.className + ' "' + el.textContent.trim().slice(0, 24) + '" ' + ratio.toFixed(2));
  }
  return bad;
})()`

// overflowJS reports whether the page scrolls sideways.
const overflowJS = `document.documentElement.scrollWidth > document.documentElement.clientWidth + 1`

// TestLayouts: the student's screens and the teacher's matrix on a phone
// and at 200% zoom on the tablet (a 512×384 CSS viewport at scale 2): no
// sideways scrolling, the board fits, text contrast meets WCAG AA; the
// English switch turns the app and the server's feedback into English.
func TestLayouts(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, cards := newStudents(t, base, "吴一", "吴二")
	var list struct {
		Items []struct{ ID, Key string } `json:"items"`
	}
	apiCall(t, base, "GET", "/v1/exercises?limit=200&kind=chess.escape_check", tok, nil, &list)
	var chessID string
	for _, x := range list.Items {
		if x.Key == "chess/escape-lesson-3" {
			chessID = x.ID
		}
	}
	apiCall(t, base, "POST", "/v1/assignments", tok, map[string]any{"class_id": class, "title": "Layout",
		"items":    []map[string]string{{"kind": "exercise", "id": chessID}},
		"practice": []map[string]any{{"kind": "numchess.expression", "count": 1}},
		"due_at":   time.Now().Add(72 * time.Hour).UTC().Format(time.RFC3339), "attempts_allowed": 5}, nil)

	for i, size := range []struct {
		name          string
		width, height int64
		scale         float64
	}{
		{"phone", 390, 844, 3},
		{"tablet-zoom-200", 512, 384, 2},
	} {
		t.Run(size.name, func(t *testing.T) {
			b := newBrowser(t, base, int(size.width), int(size.height))
			b.run("viewport", chromedp.EmulateViewport(size.width, size.height, chromedp.EmulateScale(size.scale)))
			check := func(screen string) {
				t.Helper()
				if evalJS[bool](b, overflowJS) {
					t.Errorf("%s scrolls sideways", screen)
				}
				if bad := evalJS[[]string](b, lowContrastJS); len(bad) > 0 {
					t.Errorf("%s: text below WCAG AA contrast: %q", screen, bad)
				}
				b.shot(screen)
			}
			st := cards.Students[i]
			b.open("/student/login")
			b.wait("#class-code")
			// The checks themselves catch what they look for.
			evalJS[bool](b, `(() => { const p = document.createElement('p'); p.id = 'probe'; p.textContent = 'grey';
				p.style.color = '#aaa'; p.style.width = '200vw'; document.getElementById('main').append(p); return true; })()`)
			if bad := evalJS[[]string](b, lowContrastJS); len(bad) != 1 || !strings.Contains(bad[0], "grey") || !evalJS[bool](b, overflowJS) {
				t.Fatalf("the checks miss a grey, too wide probe: %q", bad)
			}
			evalJS[bool](b, `(() => { document.getElementById('probe').remove(); return true; })()`)
			b.fill("#class-code", cards.ClassCode)
			check("student-code")
			b.click("#to-names")
			b.click(fmt.Sprintf(`.name-btn[data-username="%s"]`, st.Username))
			check("student-pin")
			for _, d := range st.PIN {
				b.click(fmt.Sprintf(`.pinpad [data-digit="%c"]`, d))
			}
			b.click("#pin-go")
			b.wait("#next-btn")
			check("student-home")

			b.click("#next-btn")
			b.wait(`.board [data-sq="e8"]`)
			if evalJS[bool](b, `(() => { const r = document.querySelector('.board').getBoundingClientRect(); return r.right > innerWidth + 1 || r.width < 250; })()`) {
				t.Errorf("the board does not fit the screen")
			}
			check("student-chess")

			// English: the app's words and the server's feedback.
			b.click(`.top button[lang="en"]`)
			b.wait(`.board [data-sq="e8"]`)
			b.click(`[data-sq="e8"]`)
			b.click(`[data-sq="f8"]`)
			b.waitJS("a wrong verdict", `document.querySelector('#verdict').dataset.outcome === 'wrong'`)
			fb := b.text("#verdict")
			if han := regexp.MustCompile(`\p{Han}`); han.MatchString(fb) || !strings.Contains(fb, "Not quite") {
				t.Errorf("English verdict reads %q", fb)
			}
			check("student-chess-wrong-en")
			b.click(`.top button[lang="zh-CN"]`)
			b.click("#logout")

			b.teacherLogin()
			b.click(".class-card")
			check("teacher-class")
			b.click(`a.tab[href$="/assign"]`)
			b.waitJS("the curricula", `document.querySelectorAll("#a-curriculum option").length > 1`)
			check("teacher-assign")
			b.click(`a.tab[href$="/progress"]`)
			b.wait("#matrix")
			// The matrix may scroll inside its own box, never the page.
			check("teacher-matrix")
		})
	}
}
