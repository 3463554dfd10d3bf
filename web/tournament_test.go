package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"qixue/identity"
)

// TestTournament: a teacher creates a Swiss of four students of the
// class in the browser, pairs round 1, enters both results board by
// board, corrects one, opens the printable pairing sheet, sees the
// standings and pairs round 2; a student logs in and sees the next
// opponent (by first name) and board; on a tablet, then a phone for the
// student.
func TestTournament(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	names := []string{"赵一鸣", "钱二宝", "孙三多", "李四海"}
	_, _, cards := newStudents(t, base, names...)

	b := newBrowser(t, base, 1024, 768)
	b.teacherLogin()
	b.click(`.side a[href="/teacher/tournaments"]`)
	b.click("#new-tournament")
	b.fill("#t-name", "周五瑞士制")
	b.selectOption("#t-game", "chess")
	b.selectOption("#t-system", "dutch")
	b.fill("#t-rounds", "3")
	// Only the four new students play.
	b.waitJS("the class's students listed", `document.querySelectorAll('#t-students input').length >= 4`)
	users := make([]string, len(cards.Students))
	for i, s := range cards.Students {
		users[i] = s.Username
	}
	evalJS[bool](b, fmt.Sprintf(`(() => { const keep = %q.split(' ');
		document.querySelectorAll('#t-students input').forEach((x) => { x.checked = keep.includes(x.dataset.username); }); return true; })()`, strings.Join(users, " ")))
	b.shot("tournament-new")
	b.click("#t-create")
	b.wait("#pair-round")
	b.shot("tournament-created")

	// Round 1: two boards.
	b.click("#pair-round")
	b.waitJS("round 1's boards", `document.querySelectorAll('#boards tbody tr').length === 2`)
	if st := evalJS[string](b, `document.querySelector('#t-status').dataset.status`); st != "running" {
		t.Errorf("status after pairing %q, want running", st)
	}
	b.shot("tournament-round1")
	b.selectOption("#res-1", "1-0")
	b.waitJS("board 1 saved", `document.querySelector('#res-1').dataset.saved === '1-0'`)
	b.selectOption("#res-2", "0-1")
	b.waitJS("board 2 saved", `document.querySelector('#res-2').dataset.saved === '0-1'`)
	// A correction: board 2 was a draw.
	b.selectOption("#res-2", "1/2-1/2")
	b.waitJS("board 2 corrected", `document.querySelector('#res-2').dataset.saved === '1/2-1/2'`)
	if msg := b.textOrEmpty("#t-error"); msg != "" {
		t.Errorf("error shown: %s", msg)
	}
	b.shot("tournament-results")

	// The printable pairing sheet, in the page with a print button.
	b.click("#print-pairings")
	b.wait("#print-sheet table")
	if sheet := b.text("#print-sheet"); !strings.Contains(sheet, names[0]) || !strings.Contains(sheet, "½") && !strings.Contains(sheet, "1/2-1/2") {
		t.Errorf("pairing sheet: %.300q", sheet)
	}
	evalJS[bool](b, `window.print = () => { window.printed = (window.printed || 0) + 1; }; true`)
	b.click("#print-go")
	if n := evalJS[int](b, `window.printed || 0`); n != 1 {
		t.Errorf("print dialog opened %d times, want 1", n)
	}
	b.shot("tournament-pairing-sheet")

	// Standings after round 1: the winner of board 1 leads with 1 point.
	b.click("#tab-standings")
	b.wait("#standings tbody tr")
	top := evalJS[[]string](b, `[...document.querySelector('#standings tbody tr').children].slice(0, 4).map((td) => td.textContent)`)
	if len(top) < 4 || top[0] != "1" || top[3] != "1" {
		t.Errorf("standings' first row %q, want rank 1 with 1 point", top)
	}
	b.shot("tournament-standings")

	// Round 2, and who 赵一鸣 plays there.
	b.click("#tab-round")
	b.waitJS("the round's tab", `!!document.querySelector('#tab-round[aria-current=page]') && !!document.querySelector('#boards')`)
	b.click("#pair-round")
	b.waitJS("round 2's boards", `(document.querySelector('#round-h') || {textContent: ''}).textContent.includes('2') && document.querySelectorAll('#boards tbody tr').length === 2`)
	type board struct {
		N            string
		White, Black string
	}
	boards := evalJS[[]board](b, `[...document.querySelectorAll('#boards tbody tr')].map((tr) => ({
		N: tr.dataset.board, White: tr.children[1].textContent, Black: tr.children[3].textContent }))`)
	var wantBoard, wantOpp, wantColour string
	for _, bd := range boards {
		if strings.Contains(bd.White, names[0]) {
			wantBoard, wantOpp, wantColour = bd.N, bd.Black, "white"
		} else if strings.Contains(bd.Black, names[0]) {
			wantBoard, wantOpp, wantColour = bd.N, bd.White, "black"
		}
	}
	if wantBoard == "" {
		t.Fatalf("%s is on no board of round 2: %+v", names[0], boards)
	}
	// The other board's game record pasted: stored, and its result entered.
	other := boards[0]
	if other.N == wantBoard {
		other = boards[1]
	}
	strip := func(cell string) string { return cell[strings.Index(cell, ") ")+2:] }
	b.click(`tr[data-board="` + other.N + `"] .board-game`)
	b.fill("#gd-text", pgn(strip(other.White), strip(other.Black), time.Now().Format("2006.01.02"), "0-1", "1. f3 e5 2. g4 Qh4#"))
	b.shot("tournament-board-game-dialog")
	b.click("#gd-go")
	b.waitJS("the result from its game", `(document.querySelector('#res-`+other.N+`') || {}).value === '0-1'`)
	b.shot("tournament-board-game")

	// "(3) 孙三多" → the shown name 孙. (no given name or nickname known).
	full := wantOpp[strings.Index(wantOpp, ") ")+2:]
	first := identity.Initial(full)
	b.shot("tournament-round2")
	b.click("#logout")

	for _, size := range [][2]int{{1024, 768}, {390, 844}} {
		sb := newBrowser(t, base, size[0], size[1])
		st := cards.Students[0]
		sb.studentLogin(cards.ClassCode, st.Username, st.PIN)
		sb.click("#my-tournaments-link")
		sb.wait("#my-tournaments .next-game")
		if got := sb.text("#my-tournaments .opponent"); got != first {
			t.Errorf("the student sees the opponent %q, want the shown name %q (of %s)", got, first, full)
		}
		if got := evalJS[string](sb, `document.querySelector('#my-tournaments .next-game').dataset.board`); got != wantBoard {
			t.Errorf("the student sees board %s, want %s", got, wantBoard)
		}
		if got := evalJS[bool](sb, fmt.Sprintf(`!!document.querySelector('#my-tournaments .colour.%s')`, wantColour)); !got {
			t.Errorf("the student's colour is not %s", wantColour)
		}
		if page := sb.text("main"); strings.Contains(page, full) {
			t.Errorf("the student's page shows the full name %s", full)
		}
		// On the tablet the student reports a win; the phone shows the report.
		if size[0] == 1024 {
			sb.click(`.report-result button[data-outcome="won"]`)
		}
		sb.wait("#my-tournaments .reported-line")
		sb.shot(fmt.Sprintf("student-tournaments-%dx%d", size[0], size[1]))
		sb.click("#my-tournaments a.btn")
		sb.wait("#standings tbody tr")
		if n := evalJS[int](sb, `document.querySelectorAll('#standings tbody tr').length`); n != 4 {
			t.Errorf("the student's standings have %d rows, want 4", n)
		}
		sb.shot(fmt.Sprintf("student-standings-%dx%d", size[0], size[1]))
	}
}

// textOrEmpty returns the text of sel, empty when it is hidden or empty.
func (b *browser) textOrEmpty(sel string) string {
	b.t.Helper()
	return strings.TrimSpace(evalJS[string](b, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ''`, sel)))
}
