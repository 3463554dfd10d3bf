package web_test

import (
	"strings"
	"testing"
)

// TestLiveComputer: a student opens "和电脑下" in the play lobby, chooses
// chess, the computer's second level by its name and to move first, and
// starts; the game screen is the one of a game with a classmate, the
// computer's name on the other bar. The child taps e2-e4 and the
// computer's answer reaches the board (over the socket); the child
// answers again and the computer replies once more.
func TestLiveComputer(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	_, _, cards := newStudents(t, base, "周小月")
	b := newBrowser(t, base, 1024, 768)
	st := cards.Students[0]
	b.studentLogin(cards.ClassCode, st.Username, st.PIN)
	b.click("#play-link")
	b.wait("#vs-computer-btn")
	b.shot("computer-lobby")
	b.click("#vs-computer-btn")
	b.click(`#pc-pick .pc-game[data-game="chess"]`)
	b.wait(`#pc-pick .pc-level[data-level="10"]`)
	b.click(`#pc-pick .pc-level[data-level="2"]`)
	if got := b.text(`#pc-pick .pc-level[data-level="2"]`); !strings.Contains(got, "第 2 级") || !strings.Contains(got, "小兔子") {
		t.Errorf("level 2 reads %q", got)
	}
	b.click(`#pc-pick .pc-colour[data-colour="first"]`)
	b.shot("computer-pick")
	b.click("#pc-start")
	b.wait(`#play-board [data-sq="e2"]`)
	b.waitJS("the socket up", `document.querySelector('#link').hidden`)
	if got := b.text("h1"); !strings.Contains(got, "电脑 第2级") {
		t.Errorf("the game's title: %q", got)
	}
	for i, m := range [][2]string{{"e2", "e4"}, {"d2", "d4"}} {
		b.waitJS("my turn", `document.querySelector('#play-board').dataset.turn === 'me'`)
		b.click(`#play-board [data-sq="` + m[0] + `"]`)
		b.click(`#play-board [data-sq="` + m[1] + `"]`)
		want := string(rune('0' + 2*(i+1)))
		b.waitJS("the computer's answer", `(() => { const b = document.querySelector('#play-board');
			return b.dataset.ply === '`+want+`' && b.dataset.turn === 'me'; })()`)
	}
	b.shot("computer-game")
}
