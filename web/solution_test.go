package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// bankIDs maps the bank keys of the exercises a query lists to their IDs.
func bankIDs(t *testing.T, base, tok string, queries ...string) map[string]string {
	t.Helper()
	ids := map[string]string{}
	for _, q := range queries {
		var list struct {
			Items []struct{ ID, Key string } `json:"items"`
		}
		apiCall(t, base, "GET", "/v1/exercises?limit=200&"+q, tok, nil, &list)
		for _, x := range list.Items {
			ids[x.Key] = x.ID
		}
	}
	return ids
}

// assignKeys assigns the exercises of these bank keys to the class with
// the given number of tries and returns the assignment's ID.
func assignKeys(t *testing.T, base, tok, class string, ids map[string]string, tries int, keys ...string) string {
	t.Helper()
	var items []map[string]string
	for _, k := range keys {
		if ids[k] == "" {
			t.Fatalf("no exercise %s", k)
		}
		items = append(items, map[string]string{"kind": "exercise", "id": ids[k]})
	}
	var asg struct{ ID string }
	apiCall(t, base, "POST", "/v1/assignments", tok, map[string]any{"class_id": class, "title": "练习", "items": items,
		"due_at": time.Now().Add(72 * time.Hour).UTC().Format(time.RFC3339), "attempts_allowed": tries}, &asg)
	return asg.ID
}

// TestSolutionAfterLastTry: with one try, a wrong move in a mate in one
// ends the tries; the verdict says so (not "think again"), the answer
// Ra8# and its explanation stand under it, the rook is played to a8 on
// the board with a1 and a8 lit, and the next button leads on.
func TestSolutionAfterLastTry(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, cards := newStudents(t, base, "郑解")
	ids := bankIDs(t, base, tok, "kind=chess.mate_in&band=G23")
	asg := assignKeys(t, base, tok, class, ids, 1, "chess/mate1-001")

	b := newBrowser(t, base, 1024, 768)
	st := cards.Students[0]
	b.studentLogin(cards.ClassCode, st.Username, st.PIN)
	b.open("/student/exercise/" + ids["chess/mate1-001"] + "?a=" + asg)
	b.click(`.board [data-sq="a1"]`)
	b.click(`.board [data-sq="a2"]`)
	b.waitJS("the solution shown", `document.querySelector('.ex-play [data-solution="shown"]') !== null`)
	if got := evalJS[string](b, `document.querySelector('#verdict').dataset.outcome`); got != "wrong" {
		t.Errorf("the verdict is %q, want wrong", got)
	}
	v := b.text("#verdict")
	if strings.Contains(v, "再想想") || !strings.Contains(v, "看看答案") {
		t.Errorf("the verdict after the last try reads %q", v)
	}
	if got := b.text("#solution .sol-answer"); got != "Ra8#" {
		t.Errorf("the answer reads %q, want Ra8#", got)
	}
	if got := b.text("#solution .explain"); !strings.Contains(got, "a8") {
		t.Errorf("the explanation reads %q", got)
	}
	if got := evalJS[string](b, `document.querySelector('.board [data-sq="a8"]').getAttribute('aria-label')`); !strings.Contains(got, "车") {
		t.Errorf("a8 after the solution: %q, want the rook", got)
	}
	lit := evalJS[[]string](b, `[...document.querySelectorAll('.board .sol-sq')].map((x) => x.dataset.sq).sort()`)
	if strings.Join(lit, " ") != "a1 a8" {
		t.Errorf("lit squares %v, want a1 a8", lit)
	}
	if evalJS[bool](b, `document.querySelector('#try-again') !== null`) {
		t.Error("a try-again button after the last try")
	}
	b.wait("#next-exercise")
	b.shot("solution")
}

// TestDraughtsGoOnScreen: the ✔ of a draughts capture (38x27x18) is on
// the screen without scrolling at 1024×768, 768×1024 and 390×844, and the
// capture is right.
func TestDraughtsGoOnScreen(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, cards := newStudents(t, base, "王一", "王二", "王三")
	ids := bankIDs(t, base, tok, "kind=draughts.capture&band=G23")
	asg := assignKeys(t, base, tok, class, ids, 3, "draughts/lesson-g23-002")
	for i, size := range [][2]int{{1024, 768}, {768, 1024}, {390, 844}} {
		b := newBrowser(t, base, size[0], size[1])
		st := cards.Students[i]
		b.studentLogin(cards.ClassCode, st.Username, st.PIN)
		b.open("/student/exercise/" + ids["draughts/lesson-g23-002"] + "?a=" + asg)
		b.wait(`.draughts [data-sq="38"]`)
		evalJS[bool](b, `(() => { window.scrollTo(0, 0); return true; })()`)
		for _, sq := range []string{"38", "27", "18"} {
			// Tapped in place: a click that does not scroll the page.
			evalJS[bool](b, fmt.Sprintf(`(() => { document.querySelector('.draughts [data-sq="%s"]').click(); return true; })()`, sq))
		}
		b.wait("#move-go:not([hidden])")
		where := fmt.Sprintf("%dx%d", size[0], size[1])
		box := evalJS[[]float64](b, `(() => { const r = document.querySelector('#move-go').getBoundingClientRect(); return [r.top, r.bottom, window.scrollY, window.innerHeight]; })()`)
		if box[2] != 0 || box[0] < 0 || box[1] > box[3] {
			t.Errorf("%s: the ✔ spans y %.0f-%.0f of %.0f (scrolled %.0f), want all on screen unscrolled", where, box[0], box[1], box[3], box[2])
		}
		b.shot("draughts-go-" + where)
		b.click("#move-go")
		b.waitJS(where+" judged", `['correct', 'wrong', 'partial'].includes(document.querySelector('#verdict').dataset.outcome)`)
		if got := evalJS[string](b, `document.querySelector('#verdict').dataset.outcome`); got != "correct" {
			t.Errorf("%s: %s, %q", where, got, b.text("#verdict"))
		}
	}
}
