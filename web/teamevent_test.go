package web_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestTeamEvent: a teacher makes a 分台换人制 team event of two teams in
// the browser (each student picked into a team, the places giving the
// board order), pairs the round, enters both games' results, sees the
// match score and the team standings by 次分, 场分, 局分 and 小分 and per
// board; then a team 擂台赛 of three teams, played game by game to its
// champion; on a tablet, the round view again on a phone.
func TestTeamEvent(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	newStudents(t, base, "赵一队", "钱二队", "孙三队", "李四队")

	b := newBrowser(t, base, 1024, 768)
	b.teacherLogin()
	b.click(`.side a[href="/teacher/tournaments"]`)
	b.click("#team-events")
	b.click("#new-team-event")
	b.fill("#te-name", "五子棋团体赛")
	b.selectOption("#te-game", "gomoku")
	b.selectOption("#te-format", "changing_boards")
	b.selectOption("#te-system", "round_robin")
	b.fill("#te-boards", "2")
	b.waitJS("the class's students listed", `document.querySelectorAll('#te-players select').length >= 6`)
	if help := b.text("#te-format-help"); !strings.Contains(help, "报名顺序") {
		t.Errorf("format help %q", help)
	}
	b.shot("team-new")
	b.click("#te-create")
	b.wait("#pair-round")
	b.click("#pair-round")
	b.wait("#games-1")
	if n := evalJS[int](b, `document.querySelectorAll('#games-1 tbody tr').length`); n != 2 {
		t.Fatalf("%d games in the match, want 2 (two boards)", n)
	}
	// 分台换人制: team 1's reserve may play board 2; swapping its boards 1
	// and 2 breaks the registered order and is refused, in Chinese.
	reserve := evalJS[string](b, `[...document.querySelector('#lu-1-2').options].at(-1).value`)
	b.selectOption("#lu-1-2", reserve)
	second := evalJS[string](b, `document.querySelector('#lu-1-2').selectedOptions[0].textContent`)
	b.click("#lu-save-1")
	b.waitJS("the reserve on board 2", fmt.Sprintf(`(document.querySelector('#games-1 tbody tr:nth-child(2)') || {}).textContent.includes(%q)`, second))
	b.selectOption("#lu-1-1", reserve)
	b.selectOption("#lu-1-2", evalJS[string](b, `document.querySelector('#lu-1-1').options[0].value`))
	b.click("#lu-save-1")
	b.waitJS("the refusal", `document.querySelector('#te-error').textContent !== ''`)
	if msg := b.text("#te-error"); !strings.Contains(msg, "报名顺序") {
		t.Errorf("refusal %q", msg)
	}
	b.shot("team-lineup-refused")
	b.open(evalJS[string](b, `location.pathname`))
	b.wait("#tres-1")
	b.selectOption("#tres-1", "1-0")
	b.waitJS("game 1 saved", `document.querySelector('#tres-1').dataset.saved === '1-0'`)
	b.selectOption("#tres-2", "1/2-1/2")
	b.waitJS("the match scored", `document.querySelector('#score-1').dataset.done === '1'`)
	// Board 1: home moved first and won; board 2 drawn: 次分 1 : 0,
	// 场分 and 局分 1.5 : 0.5.
	if s := b.text("#score-1"); !strings.Contains(s, "次分 1 : 0") || !strings.Contains(s, "局分 1.5 : 0.5") {
		t.Errorf("score line %q", s)
	}
	if msg := b.textOrEmpty("#te-error"); msg != "" {
		t.Errorf("error shown: %s", msg)
	}
	b.shot("team-round")
	b.click("#tab-standings")
	b.wait("#team-rows")
	first := b.text("#team-rows tbody tr")
	if !strings.HasPrefix(first, "1") || !strings.Contains(b.text("#team-rows tbody tr .te-match-pts"), "1") {
		t.Errorf("first line %q", first)
	}
	b.wait("#board-rows")
	b.shot("team-standings")
	// The same in English.
	b.click(".top-actions button.ghost")
	b.waitJS("English", `document.querySelector('#team-rows th:nth-child(3)').textContent === 'Match pts'`)
	b.shot("team-standings-en")
	b.click(".top-actions button.ghost")
	b.waitJS("Chinese again", `document.querySelector('#team-rows th:nth-child(3)').textContent === '次分'`)

	// A team 擂台赛 of three teams: the holder (second player) wins
	// every game until one team has players left.
	b.open("/teacher/team-tournaments")
	b.click("#new-team-event")
	b.fill("#te-name", "团体擂台赛")
	b.selectOption("#te-format", "arena")
	b.fill("#te-count", "3")
	evalJS[bool](b, `(() => { document.querySelector('#te-count').dispatchEvent(new Event('change')); return true; })()`)
	b.waitJS("three teams", `document.querySelectorAll('input.te-team-name').length === 3`)
	b.shot("team-arena-new")
	b.click("#te-create")
	b.wait("#pair-round")
	for g := 1; ; g++ {
		if g > 12 {
			t.Fatal("the 擂台赛 did not end in 12 games")
		}
		b.click("#pair-round")
		// Either game g is shown, or the pairing was refused: it is over.
		b.waitJS("game paired or over", fmt.Sprintf(`document.querySelector('#te-error').textContent !== '' ||
			(document.querySelector('#round-pick') || {}).value === '%d'`, g))
		if b.textOrEmpty("#te-error") != "" {
			break
		}
		b.selectOption(".te-match select", "0-1")
		b.waitJS("result saved", `document.querySelector('.te-match select').dataset.saved === '0-1'`)
	}
	b.shot("team-arena-round")
	b.click("#tab-standings")
	b.wait("#arena-state")
	if s := b.text("#arena-state"); !strings.Contains(s, "冠军") {
		t.Errorf("arena state %q", s)
	}
	b.shot("team-arena-standings")

	p := newBrowser(t, base, 390, 844)
	p.teacherLogin()
	p.open("/teacher/team-tournaments")
	p.wait("#team-event-list")
	p.shot("team-list-phone")
}
