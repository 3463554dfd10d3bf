package web_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestLivePlay: the teacher starts a chess game between two students
// (through the API); each student opens it from the play lobby on their
// own tablet (two browsers) and they play a fool's mate by tapping
// squares. Each move reaches the other's board over the live socket (the
// REST fallback reads only while the socket is down, and it is up), the
// last move is lit, a draw offer is declined, and both see the end with
// the rule that ended it in words.
func TestLivePlay(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, _, cards := newStudents(t, base, "吴小白", "郑小黑")
	ids := loginIDs(t, base, cards, 2)
	var game struct{ ID string }
	apiCall(t, base, "POST", "/v1/live-games", tok, map[string]any{"game": "chess", "players": ids,
		"clock": map[string]int{"initial_seconds": 600}}, &game)

	white, black := newBrowser(t, base, 1024, 768), newBrowser(t, base, 1024, 768)
	for i, b := range []*browser{white, black} {
		st := cards.Students[i]
		b.studentLogin(cards.ClassCode, st.Username, st.PIN)
		b.click("#play-link")
		b.click(fmt.Sprintf(`.live-link[data-game-id="%s"]`, game.ID))
		b.wait(`#play-board [data-sq="e2"]`)
		b.waitJS("the socket up", `document.querySelector('#link').hidden`)
	}
	white.shot("play-white-start")
	black.shot("play-black-start")
	if got := black.text("#turn"); !strings.Contains(got, "等") {
		t.Errorf("black's turn line at the start: %q", got)
	}

	// move taps from and to on b's board and waits for both boards to
	// show the ply, the piece on its target and the target lit.
	ply := 0
	move := func(b *browser, from, to string) {
		t.Helper()
		b.waitJS("my turn", `document.querySelector('#play-board').dataset.turn === 'me'`)
		b.click(fmt.Sprintf(`#play-board [data-sq="%s"]`, from))
		b.click(fmt.Sprintf(`#play-board [data-sq="%s"]`, to))
		ply++
		for _, o := range []*browser{white, black} {
			o.waitJS(fmt.Sprintf("ply %d on the board", ply), fmt.Sprintf(`(() => { const b = document.querySelector('#play-board');
				const sq = b.querySelector('[data-sq="%s"]');
				return b.dataset.ply === '%d' && sq.querySelector('.pc') !== null && sq.classList.contains('last') && !b.querySelector('[data-sq="%s"] .pc'); })()`, to, ply, from))
			if !evalJS[bool](o, `document.querySelector('#link').hidden`) {
				t.Errorf("ply %d: the socket was down, the move came by the REST fallback", ply)
			}
		}
	}
	move(white, "f2", "f3")
	move(black, "e7", "e5")
	black.shot("play-black-after-e5")

	// A draw offer, declined.
	white.click("#draw-offer")
	black.wait("#draw-ask")
	white.wait("#draw-wait")
	black.shot("play-black-draw-ask")
	black.click("#draw-no")
	white.wait("#draw-offer")
	black.wait("#draw-offer")

	move(white, "g2", "g4")
	move(black, "d8", "h4")
	for _, c := range []struct {
		b       *browser
		outcome string
	}{{white, "lost"}, {black, "won"}} {
		c.b.wait("#play-end")
		if got := evalJS[string](c.b, `document.querySelector('#play-end').dataset.outcome`); got != c.outcome {
			t.Errorf("outcome %q, want %q", got, c.outcome)
		}
		if why := c.b.text("#end-why"); !strings.Contains(why, "将") {
			t.Errorf("the end's reason %q does not say checkmate (将杀)", why)
		}
	}
	white.shot("play-white-end")
	black.shot("play-black-end")
	var after struct{ Status, Result string }
	apiCall(t, base, "GET", "/v1/live-games/"+game.ID, tok, nil, &after)
	if after.Status != "finished" || after.Result != "0-1" {
		t.Errorf("the server's game: %+v", after)
	}
}

// TestLiveWall: the teacher ticks two students, starts their game from
// the live page, and sees it on the class's wall; a move one of them
// plays (through the API) appears on the wall without a reload.
func TestLiveWall(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	_, _, cards := newStudents(t, base, "冯小明", "陈小红")
	b := newBrowser(t, base, 1024, 768)
	b.teacherLogin()
	b.click(`.side a[href="/teacher/live"]`)
	for _, s := range cards.Students[:2] {
		b.click(fmt.Sprintf(`.lv-student[data-username="%s"]`, s.Username))
	}
	b.selectOption("#lv-game", "chess")
	b.shot("live-pairs")
	b.click("#lv-start")
	b.wait(".wall-card")
	id := evalJS[string](b, `(() => { const c = [...document.querySelectorAll('.wall-card')].find((c) => c.textContent.includes('冯小明') && c.textContent.includes('陈小红')); return c ? c.dataset.gameId : ''; })()`)
	if id == "" {
		t.Fatalf("the wall does not show the new pair: %q", b.text("#wall"))
	}
	var session struct {
		AccessToken string `json:"access_token"`
	}
	s := cards.Students[0]
	apiCall(t, base, "POST", "/v1/auth/login", "", map[string]string{"class_code": cards.ClassCode, "username": s.Username, "pin": s.PIN}, &session)
	apiCall(t, base, "POST", "/v1/live-games/"+id+"/moves", session.AccessToken, map[string]any{"ply": 1, "move": "e2e4"}, nil)
	b.waitJS("the move on the wall", fmt.Sprintf(`document.querySelector('.wall-card[data-game-id="%s"]').dataset.ply === '1'`, id))
	b.shot("live-wall")
}
