package web_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestLiveRenju: two students play renju on the game screen through the
// national opening protocol: Black 1 on 天元, White 2, Black 3; White
// swaps colours (三手可交换) with the button; the new White plays 4; the
// new Black marks two points for move 5 (五手两打) and White taps the one
// to take away; White passes move 6; Black's double three at i8 is put
// down, and White points it out (指出禁手) and wins. The tablet and the
// phone follow every step over the socket.
func TestLiveRenju(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, _, cards := newStudents(t, base, "韩小月", "杨小星")
	ids := loginIDs(t, base, cards, 2)
	var game struct{ ID string }
	apiCall(t, base, "POST", "/v1/live-games", tok, map[string]any{"game": "gomoku", "ruleset": "renju", "players": ids,
		"clock": map[string]int{"initial_seconds": 600}}, &game)
	a, b := twoPlayers(t, base, cards, game.ID, `[data-pt="h8"]`)
	ply := 0
	waitPly := func() {
		t.Helper()
		for _, br := range []*browser{a, b} {
			br.waitJS(fmt.Sprintf("ply %d", ply), fmt.Sprintf(`document.querySelector('#play-board').dataset.ply === '%d'`, ply))
		}
	}
	myTurn := func(br *browser) {
		t.Helper()
		br.waitJS("my turn", `document.querySelector('#play-board').dataset.turn === 'me'`)
	}
	stone := func(br *browser, p string) {
		t.Helper()
		myTurn(br)
		br.click(fmt.Sprintf(`#play-board [data-pt="%s"]`, p))
		ply++
		waitPly()
		for _, o := range []*browser{a, b} {
			if !evalJS[bool](o, fmt.Sprintf(`(() => { const c = document.querySelector('#play-board [data-pt="%s"]'); return c.classList.contains('x') || c.classList.contains('o'); })()`, p)) {
				t.Errorf("ply %d: no stone on %s", ply, p)
			}
		}
	}
	stone(a, "h8")
	stone(b, "h9")
	stone(a, "g8")
	if !evalJS[bool](b, `document.querySelector('#play-board [data-pt="g8"]').classList.contains('last')`) {
		t.Error("Black 3 is not lit as the last move")
	}
	a.shot("renju-a-move3")

	// White swaps: the phone's player now holds Black.
	myTurn(b)
	if hint := b.text("#play-hint"); !strings.Contains(hint, "交换") {
		t.Errorf("White's hint after move 3: %q", hint)
	}
	b.shot("renju-b-swap")
	b.click("#gm-swap")
	a.waitJS("the tablet now plays White", `document.querySelector('#play-board').dataset.turn === 'me' && document.querySelector('.play-bar[data-seat="0"] .play-side').textContent.includes('白')`)
	stone(a, "a1")

	// Move 5: Black offers two points, White takes one away.
	myTurn(b)
	b.click(`#play-board [data-pt="i7"]`)
	b.click(`#play-board [data-pt="n14"]`)
	b.click("#points-go")
	a.waitJS("the offers on the tablet", `document.querySelectorAll('#play-board .pt.asked').length === 2`)
	if hint := a.text("#play-hint"); !strings.Contains(hint, "i7") || !strings.Contains(hint, "n14") {
		t.Errorf("White's hint for the offers: %q", hint)
	}
	a.shot("renju-a-offers")
	a.click(`#play-board [data-pt="n14"]`)
	ply++
	waitPly()
	if evalJS[bool](a, `document.querySelector('#play-board [data-pt="n14"]').classList.contains('x')`) ||
		!evalJS[bool](b, `document.querySelector('#play-board [data-pt="i7"]').classList.contains('x')`) {
		t.Error("the kept offer is not Black 5 on i7")
	}

	// White passes move 6 (放弃行棋权).
	myTurn(a)
	a.click("#gm-pass")
	ply++
	waitPly()
	stone(b, "i9")
	stone(a, "a3")
	stone(b, "i8") // a double three: put down, for White to point out
	a.wait("#gm-claim")
	a.shot("renju-a-claim")
	a.click("#gm-claim")
	for _, c := range []struct {
		br      *browser
		outcome string
	}{{a, "won"}, {b, "lost"}} {
		c.br.wait("#play-end")
		if got := evalJS[string](c.br, `document.querySelector('#play-end').dataset.outcome`); got != c.outcome {
			t.Errorf("outcome %q, want %q", got, c.outcome)
		}
		if why := c.br.text("#end-why"); !strings.Contains(why, "禁手") {
			t.Errorf("the end's reason %q does not say forbidden move (禁手)", why)
		}
	}
	a.shot("renju-a-end")
	b.shot("renju-b-end")
}
