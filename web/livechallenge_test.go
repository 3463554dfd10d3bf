package web_test

import (
	"fmt"
	"strings"
	"testing"
)

// loginIDs logs each student in through the API and returns their IDs.
func loginIDs(t *testing.T, base string, cards loginCards, n int) []string {
	t.Helper()
	ids := make([]string, n)
	for i := range ids {
		ids[i], _ = playerSession(t, base, cards, i)
	}
	return ids
}

// twoPlayers opens live game id on a tablet (the first student's) and a
// phone (the second's), each logged in through the login pages, and waits
// for the board's point sel and the socket.
func twoPlayers(t *testing.T, base string, cards loginCards, id, sel string) (tablet, phone *browser) {
	t.Helper()
	tablet, phone = newBrowser(t, base, 1024, 768), newBrowser(t, base, 390, 844)
	for i, b := range []*browser{tablet, phone} {
		st := cards.Students[i]
		b.studentLogin(cards.ClassCode, st.Username, st.PIN)
		b.open("/student/play/" + id)
		b.wait("#play-board " + sel)
		b.waitJS("the socket up", `document.querySelector('#link').hidden`)
	}
	return tablet, phone
}

// TestLiveChallenge: one student (a tablet) picks a classmate (a phone)
// in the play lobby, chooses chess and ten minutes each, and sends the
// challenge; it reaches the classmate's lobby over the socket (the
// lobby reads the API only every 20 s while the socket is up), the
// classmate accepts, and both land on the game screen, the challenger
// by the socket's news of the answer. The challenge let the classmate
// move first: the phone plays White, and its move reaches the tablet.
func TestLiveChallenge(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	_, _, cards := newStudents(t, base, "孙小天", "钱小地")
	ids := loginIDs(t, base, cards, 2)
	tablet, phone := newBrowser(t, base, 1024, 768), newBrowser(t, base, 390, 844)
	for i, b := range []*browser{tablet, phone} {
		st := cards.Students[i]
		b.studentLogin(cards.ClassCode, st.Username, st.PIN)
		b.click("#play-link")
		b.waitJS("the lobby's socket up", `(() => { const l = document.querySelector('#play-lobby'); return l && l.dataset.link === 'up'; })()`)
	}
	// The tablet reads the lobby again now that the phone's socket is up:
	// the classmate is online.
	tablet.open("/student/play")
	mate := fmt.Sprintf(`.classmate[data-user-id="%s"]`, ids[1])
	tablet.wait(mate + " .tag.online")
	tablet.waitJS("the lobby's socket up again", `document.querySelector('#play-lobby').dataset.link === 'up'`)
	if got := tablet.text(mate + " .mate-name"); got != "钱小地" {
		t.Errorf("the classmate's name in the lobby: %q", got)
	}
	if evalJS[bool](tablet, fmt.Sprintf(`document.querySelector('.classmate[data-user-id="%s"]') !== null`, ids[0])) {
		t.Error("the lobby lists the student as their own classmate")
	}
	tablet.click(mate + " .challenge-btn")
	tablet.click(`#ch-pick .pick-game[data-game="numchess"]`)
	if got := tablet.text("#pick-seed-clock"); !strings.Contains(got, "30") {
		t.Errorf("number chess's clock: %q", got)
	}
	tablet.click(`#ch-pick .pick-game[data-game="chess"]`)
	tablet.click(`#ch-pick .pick-clock[data-clock="m10"]`)
	tablet.click(`#ch-pick .pick-colour[data-colour="second"]`)
	tablet.shot("lobby-pick")
	before := evalJS[string](phone, `document.querySelector('#play-lobby').dataset.news || '0'`)
	tablet.click("#send-challenge")
	tablet.wait("#challenges-out .ch-cancel")

	phone.wait("#challenges .ch-accept")
	if after := evalJS[string](phone, `document.querySelector('#play-lobby').dataset.news || '0'`); after == before {
		t.Error("the challenge did not come by the socket's news")
	}
	if got := phone.text("#challenges .challenge"); !strings.Contains(got, "孙小天") || !strings.Contains(got, "国际象棋") {
		t.Errorf("the challenge reads %q", got)
	}
	phone.shot("lobby-challenged")
	phone.click("#challenges .ch-accept")
	for _, b := range []*browser{tablet, phone} {
		b.wait(`#play-board [data-sq="e2"]`)
		b.waitJS("the game's socket up", `document.querySelector('#link').hidden`)
	}
	// The classmate moves first (White), as the challenge asked.
	phone.waitJS("the classmate's turn", `document.querySelector('#play-board').dataset.turn === 'me'`)
	if got := phone.text(`.play-bar[data-seat="0"] .clock`); !strings.Contains(got, "10:00") && !strings.Contains(got, "9:5") {
		t.Errorf("the first player's clock: %q", got)
	}
	phone.click(`#play-board [data-sq="e2"]`)
	phone.click(`#play-board [data-sq="e4"]`)
	tablet.waitJS("the move on the tablet", `(() => { const b = document.querySelector('#play-board');
		return b.dataset.ply === '1' && b.dataset.turn === 'me' && b.querySelector('[data-sq="e4"] .pc') !== null; })()`)
	tablet.shot("challenge-game-tablet")
	phone.shot("challenge-game-phone")
}
