package web_test

import (
	"fmt"
	"strings"
	"testing"
)

// liveTarget is a number-chess move the player to move can make.
type liveTarget struct {
	Piece int
	Kind  string
	From  string
	Path  []string
}

// playerSession logs a student in through the API: the ID and token.
func playerSession(t *testing.T, base string, cards loginCards, i int) (id, token string) {
	t.Helper()
	var session struct {
		AccessToken string `json:"access_token"`
		User        struct{ ID string }
	}
	s := cards.Students[i]
	apiCall(t, base, "POST", "/v1/auth/login", "", map[string]string{"class_code": cards.ClassCode, "username": s.Username, "pin": s.PIN}, &session)
	return session.User.ID, session.AccessToken
}

// TestLiveNumberChess: two students play number chess on the game screen
// (a tablet for Red, a phone for Blue). Red taps piece 0, its span to e5
// lights, and states a wrong sum on the keypad: the penalty is shown and
// piece 0 is no longer offered this turn; Red steps 1d4-i5 instead (sent
// at once), Blue steps, and Red spans 0a1-e5 with 9−5−4. Both boards
// follow, with the scores and the stop button.
func TestLiveNumberChess(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, _, cards := newStudents(t, base, "蒋小红", "沈小蓝")
	redID, _ := playerSession(t, base, cards, 0)
	blueID, blueTok := playerSession(t, base, cards, 1)
	var game struct{ ID string }
	apiCall(t, base, "POST", "/v1/live-games", tok, map[string]any{"game": "numchess", "ruleset": "G23", "players": []string{redID, blueID},
		"clock": map[string]int{"per_move_seconds": 120, "game_limit_seconds": 1200}}, &game)

	red, blue := twoPlayers(t, base, cards, game.ID, `[data-pt="a1"]`)
	if got := red.text("#clock-0"); !strings.Contains(got, "2:00") && !strings.Contains(got, "1:5") {
		t.Errorf("Red's move clock at the start: %q", got)
	}
	if got := blue.text("#game-left"); !strings.Contains(got, "20:00") && !strings.Contains(got, "19:5") {
		t.Errorf("the game's time left: %q", got)
	}
	red.shot("nc-red-start")
	blue.shot("nc-blue-start")
	ply := 0
	waitPly := func(n int) {
		t.Helper()
		for _, b := range []*browser{red, blue} {
			b.waitJS(fmt.Sprintf("ply %d", n), fmt.Sprintf(`document.querySelector('#play-board').dataset.ply === '%d'`, n))
		}
	}
	// tapSpan taps from and to on b's board and states the expression
	// on the keypad, one key a character.
	tapSpan := func(b *browser, from, to, expr string) {
		t.Helper()
		b.waitJS("my turn", `document.querySelector('#play-board').dataset.turn === 'me'`)
		b.click(fmt.Sprintf(`#play-board .npt.nc-can[data-pt="%s"]`, from))
		b.click(fmt.Sprintf(`#play-board .npt.nc-lit[data-pt="%s"]`, to))
		if expr == "" {
			return
		}
		b.wait("#nc-pad #expr-go")
		for _, c := range expr {
			if c >= '0' && c <= '9' {
				b.click(fmt.Sprintf(`#nc-pad .digit[data-digit="%c"]:not([disabled])`, c))
			} else {
				b.click(fmt.Sprintf(`#nc-pad [data-op="%c"]`, c))
			}
		}
		b.shot("nc-pad")
		b.click("#nc-pad #expr-go")
	}

	// A wrong sum: 9 + 5 − 4 is 10, not 0.
	tapSpan(red, "a1", "e5", "9+5−4")
	red.waitJS("the penalty shown", `document.querySelector('#play-error').textContent.includes('扣')`)
	red.waitJS("piece 0 not offered", `document.querySelector('#play-board [data-pt="a1"]') !== null && !document.querySelector('#play-board [data-pt="a1"]').classList.contains('nc-can')`)
	if got := red.text(".play-penalty"); !strings.Contains(got, "1") {
		t.Errorf("the penalty line: %q", got)
	}
	red.shot("nc-red-penalty")
	tapSpan(red, "d4", "i5", "")
	ply++
	waitPly(ply)

	// Blue steps: the first step its targets offer.
	var g struct{ Targets []liveTarget }
	apiCall(t, base, "GET", "/v1/live-games/"+game.ID, blueTok, nil, &g)
	step := liveTarget{}
	for _, tg := range g.Targets {
		if tg.Kind == "step" {
			step = tg
			break
		}
	}
	if step.From == "" {
		t.Fatalf("Blue has no step: %+v", g.Targets)
	}
	tapSpan(blue, step.From, step.Path[0], "")
	ply++
	waitPly(ply)

	tapSpan(red, "a1", "e5", "9−5−4")
	ply++
	waitPly(ply)
	for _, b := range []*browser{red, blue} {
		b.wait("#scores")
		b.wait("#stop")
		if evalJS[bool](b, `document.querySelector('#play-board [data-pt="e5"]').textContent !== '0'`) {
			t.Error("piece 0 is not on e5")
		}
	}
	red.shot("nc-red-after")
	blue.shot("nc-blue-after")
	var after struct {
		Moves     []string
		Penalties []struct{ Points int }
	}
	apiCall(t, base, "GET", "/v1/live-games/"+game.ID, tok, nil, &after)
	if len(after.Moves) != 3 || !strings.HasPrefix(after.Moves[2], "0a1-e5[") || len(after.Penalties) != 1 {
		t.Errorf("the server's game: %+v", after)
	}
}
