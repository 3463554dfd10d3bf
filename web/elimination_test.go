package web_test

import (
	"strings"
	"testing"
)

// TestKnockoutAndArena: a knockout of four whose drawn games the teacher
// decides (the decision buttons appear with the draw) and its bracket;
// an arena (擂台) whose first game the teacher enters, whose queue the
// teacher reorders, and whose defender sees that he holds the stage.
func TestKnockoutAndArena(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, cards := newStudents(t, base, "蒋一", "沈二", "韩三", "杨四")
	var users struct {
		Items []struct{ ID, Username string } `json:"items"`
	}
	apiCall(t, base, "GET", "/v1/users?limit=200&class_id="+class, tok, nil, &users)
	id := map[string]string{}
	for _, u := range users.Items {
		id[u.Username] = u.ID
	}
	var players []string
	for _, s := range cards.Students {
		players = append(players, id[s.Username])
	}
	var ko, ar struct{ ID string }
	apiCall(t, base, "POST", "/v1/tournaments", tok, map[string]any{"name": "淘汰赛", "game": "chess", "system": "knockout",
		"tie_rule": "teacher", "class_ids": []string{class}, "student_ids": players}, &ko)
	apiCall(t, base, "POST", "/v1/tournaments", tok, map[string]any{"name": "擂台赛", "game": "gomoku", "system": "arena",
		"title_defences": 2, "class_ids": []string{class}, "student_ids": players}, &ar)

	b := newBrowser(t, base, 1024, 768)
	b.teacherLogin()

	// Knockout: two games; one won, one drawn and decided by the teacher.
	b.open("/teacher/tournaments/" + ko.ID)
	b.click("#pair-round")
	b.waitJS("two boards", `document.querySelectorAll('#boards tbody tr').length === 2`)
	b.selectOption("#res-1", "1-0")
	b.waitJS("board 1 saved", `document.querySelector('#res-1').dataset.saved === '1-0'`)
	if evalJS[bool](b, `!document.querySelector('tr[data-board="2"] .decide').hidden`) {
		t.Error("the decision buttons show before the draw")
	}
	b.selectOption("#res-2", "1/2-1/2")
	b.waitJS("board 2 saved", `document.querySelector('#res-2').dataset.saved === '1/2-1/2'`)
	b.click(`tr[data-board="2"] .decide button[data-winner="black"]`)
	b.waitJS("the decision saved", `document.querySelector('tr[data-board="2"] .res-status').textContent === '✔' && !document.querySelector('#t-error').textContent`)
	white2 := b.text(`tr[data-board="2"] td:nth-child(2)`)
	black2 := b.text(`tr[data-board="2"] td:nth-child(4)`)
	b.click("#tab-bracket")
	b.wait("#bracket .match")
	won := evalJS[[]string](b, `[...document.querySelectorAll('#bracket .match .won')].map((x) => x.textContent)`)
	if len(won) != 2 || won[1] != black2 || won[1] == white2 {
		t.Errorf("bracket winners %q, want the second to be %s (the teacher's choice)", won, black2)
	}
	b.shot("knockout-bracket")
	b.click("#print-bracket")
	b.wait("#print-sheet h1")
	b.shot("knockout-bracket-print")

	// Arena: 1 plays 2; 2 wins and holds the stage; the queue 3, 4 becomes 4, 3.
	b.open("/teacher/tournaments/" + ar.ID)
	b.click("#pair-round")
	b.waitJS("one board", `document.querySelectorAll('#boards tbody tr').length === 1`)
	b.selectOption("#res-1", "0-1")
	b.waitJS("saved", `document.querySelector('#res-1').dataset.saved === '0-1'`)
	b.click("#tab-arena")
	b.wait("#queue li")
	queue := func() string {
		return strings.Join(evalJS[[]string](b, `[...document.querySelectorAll('#queue li')].map((li) => li.dataset.number)`), " ")
	}
	if q := queue(); q != "3 4" {
		t.Errorf("queue %s, want 3 4", q)
	}
	b.click(`#queue button[data-up="4"]`)
	b.waitJS("the new order", `[...document.querySelectorAll('#queue li')].map((li) => li.dataset.number).join(' ') === '4 3'`)
	b.shot("arena")
	b.click("#logout")

	// The defender, 沈二 (number 2), sees that she holds the stage.
	s := cards.Students[1]
	b.studentLogin(cards.ClassCode, s.Username, s.PIN)
	b.click("#my-tournaments-link")
	b.waitJS("the arena", `[...document.querySelectorAll('#my-tournaments .arena-place')].length > 0`)
	if txt := b.text("#my-tournaments"); !strings.Contains(txt, "擂主") {
		t.Errorf("the defender's page: %q", txt)
	}
	b.shot("student-arena")
}
