package web_test

import (
	"strings"
	"testing"
)

// TestHints: a student opens the two first hints of a mate in one (the
// squares of the newest hint light up on the board and stay lit), then
// solves it and gets the one star two hints leave.
func TestHints(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, _, cards := newStudents(t, base, "林棋")
	var list struct {
		Items []struct {
			ID, Key    string
			HintsTotal int `json:"hints_total"`
		} `json:"items"`
	}
	apiCall(t, base, "GET", "/v1/exercises?limit=200&kind=chess.mate_in&band=G23", tok, nil, &list)
	id := ""
	for _, x := range list.Items {
		if x.Key == "chess/mate1-001" {
			id = x.ID
			if x.HintsTotal != 3 {
				t.Fatalf("chess/mate1-001 has %d hints, want 3", x.HintsTotal)
			}
		}
	}
	if id == "" {
		t.Fatal("no chess/mate1-001")
	}

	b := newBrowser(t, base, 1024, 768)
	st := cards.Students[0]
	b.studentLogin(cards.ClassCode, st.Username, st.PIN)
	b.open("/student/exercise/" + id)
	b.wait("#hint-btn")
	if n := evalJS[int](b, `document.querySelectorAll('.hint-text').length`); n != 0 {
		t.Fatalf("%d hints shown before asking", n)
	}
	// Hint 1 lights the black king on g8, hint 2 the rook on a1.
	b.click("#hint-btn")
	b.waitJS("the first hint", `document.querySelectorAll('.hint-text').length === 1`)
	b.waitJS("g8 lit", `!!document.querySelector('.board [data-sq="g8"].hint-sq')`)
	b.click("#hint-btn")
	b.waitJS("the second hint", `document.querySelectorAll('.hint-text').length === 2`)
	b.waitJS("a1 lit, g8 no longer", `!!document.querySelector('.board [data-sq="a1"].hint-sq') && !document.querySelector('.board [data-sq="g8"].hint-sq')`)
	if txt := b.text("#hint-list"); !strings.Contains(txt, "车") {
		t.Errorf("the second hint does not name the rook: %q", txt)
	}
	if btn := b.text("#hint-btn"); !strings.Contains(btn, "3/3") || !strings.Contains(btn, "1") {
		t.Errorf("the hint button says %q, want the third hint and its cost", btn)
	}
	b.shot("hints")

	// Reloaded, the opened hints are still there.
	b.open("/student/exercise/" + id)
	b.waitJS("the hints after a reload", `document.querySelectorAll('.hint-text').length === 2`)
	b.waitJS("a1 lit after the reload", `!!document.querySelector('.board [data-sq="a1"].hint-sq')`)

	b.click(`[data-sq="a1"]`)
	b.click(`[data-sq="a8"]`)
	b.waitJS("a correct verdict", `document.querySelector('#verdict').dataset.outcome === 'correct'`)
	if stars := b.text("#verdict .stars"); stars != "★☆☆" {
		t.Errorf("stars after two hints %q, want ★☆☆", stars)
	}
	b.shot("hints-solved")
}
