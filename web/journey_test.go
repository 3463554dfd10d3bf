package web_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// card is a printed login card as the teacher's page shows it.
type card struct {
	Name, Code, User, Pin string
}

// TestJourney is issue 18's end-to-end journey in a real browser on a
// tablet-sized window: the teacher logs in, creates two students, prints
// their cards, assigns a chess escape puzzle and a number-chess
// expression practice; a student logs in with the PIN, solves the chess
// puzzle by tapping squares after one wrong answer, answers the
// expression on the keypad; the teacher's progress matrix shows it.
func TestJourney(t *testing.T) {
	if testing.Short() {
		t.Skip("browser journey skipped in -short mode")
	}
	base := startServer(t)
	b := newBrowser(t, base, 1024, 768)

	// The teacher logs in and opens the demo class.
	b.teacherLogin()
	b.wait(".class-card")
	b.shot("teacher-classes")
	b.click(".class-card")

	// Two new students, their cards printed.
	b.fill("#new-names", "赵小龙\n孙悦")
	b.click("#create-students")
	b.waitJS("two login cards", `document.querySelectorAll('.login-card').length === 2`)
	cards := evalJS[[]card](b, `[...document.querySelectorAll('.login-card')].map((c) => ({
		Name: c.querySelector('.card-name').textContent, Code: c.querySelector('.card-code').textContent,
		User: c.querySelector('.card-user').textContent, Pin: c.querySelector('.card-pin').textContent }))`)
	if cards[0].Name != "赵小龙" || cards[1].Name != "孙悦" || cards[0].Pin == "" || cards[0].Code == "" || cards[0].User == cards[1].User {
		t.Fatalf("login cards: %+v", cards)
	}
	b.waitJS("both in the student list", `[...document.querySelectorAll('table.list td')].filter((td) => td.textContent === '赵小龙' || td.textContent === '孙悦').length === 2`)
	evalJS[bool](b, `window.print = () => { window.printed = (window.printed || 0) + 1; }; true`)
	b.click("#print-cards")
	if n := evalJS[int](b, `window.printed || 0`); n != 1 {
		t.Fatalf("print dialog opened %d times, want 1", n)
	}
	b.shot("teacher-login-cards")

	// 孙悦 lost her card: a new PIN, shown once on a new card.
	evalJS[bool](b, `(() => { window.confirm = () => true; return true; })()`)
	b.click(`button[aria-label$=" 孙悦"]`)
	b.waitJS("the new card", `document.querySelectorAll('.login-card').length === 1`)
	newPin := b.text(".login-card .card-pin")
	if b.text(".login-card .card-name") != "孙悦" || newPin == "" || newPin == cards[1].Pin {
		t.Fatalf("PIN reset card: %q %q (old PIN %q)", b.text(".login-card .card-name"), newPin, cards[1].Pin)
	}
	cards[1].Pin = newPin

	// 赵小龙's nickname for other classes: 小龙 (孙悦 keeps her initial).
	evalJS[bool](b, `(() => { window.prompt = () => ' 小龙 '; return true; })()`)
	b.click(fmt.Sprintf(`.nickname-set[data-username="%s"]`, cards[0].User))
	b.waitJS("the nickname shown", `[...document.querySelectorAll('td.shown-name')].some((td) => td.textContent === '小龙')`)

	// One assignment: the capture escape puzzle and one generated sum.
	b.click(`a.tab[href$="/assign"]`)
	b.fill("#a-title", "解将和算式")
	b.selectOption("#a-kind", "chess.escape_check")
	b.click(`input[data-key="chess/escape-lesson-3"]`)
	b.selectOption("#p-kind", "numchess.expression")
	b.fill("#p-count", "1")
	b.shot("teacher-assign")
	b.click("#assign-go")
	b.wait("#matrix")
	b.click("#logout")
	b.wait("#username")

	// The first student logs in with the class code, username and PIN.
	st := cards[0]
	b.open("/student/login")
	b.fill("#class-code", st.Code)
	b.shot("student-login")
	b.click("#to-names")
	b.wait(".name-btn")
	names := evalJS[[]string](b, `[...document.querySelectorAll('.name-btn .first')].map((x) => x.textContent)`)
	// Students show by nickname, else by initial (F5: nothing is cut from
	// a real name).
	if all := " " + strings.Join(names, " ") + " "; !strings.Contains(all, " 小龙 ") || !strings.Contains(all, " 孙. ") || strings.Contains(all, "赵") || strings.Contains(all, "悦") {
		t.Errorf("the class list shows %q: shown names only (the nickname 小龙, 孙. for 孙悦; never 赵小龙 or 悦)", names)
	}
	b.shot("student-names")
	b.click(fmt.Sprintf(`.name-btn[data-username="%s"]`, st.User))
	for _, d := range st.Pin {
		b.click(fmt.Sprintf(`.pinpad [data-digit="%c"]`, d))
	}
	b.shot("student-pin")
	b.click("#pin-go")
	b.wait("#next-btn")

	// Time to interactive of the student home: a fresh load of /student
	// (the tab's session comes back from its refresh token).
	b.open("/student")
	b.wait("#next-btn")
	tti := evalJS[float64](b, `performance.getEntriesByName('qixue-home-ready')[0].startTime`)
	nav := evalJS[map[string]float64](b, `(() => { const n = performance.getEntriesByType('navigation')[0];
		return { domInteractive: n.domInteractive, domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd }; })()`)
	t.Logf("student home: interactive (next button drawn) at %.0f ms; DOM interactive %.0f ms, DOMContentLoaded %.0f ms, load %.0f ms",
		tti, nav["domInteractive"], nav["domContentLoaded"], nav["load"])
	if tti > 1000 {
		t.Errorf("student home took %.0f ms to be interactive, want < 1000", tti)
	}
	b.shot("student-home")

	// The chess puzzle: first a king move (the wrong method), then the capture.
	b.click("#next-btn")
	b.wait(`.board [data-sq="e8"]`)
	b.shot("student-chess")
	b.click(`[data-sq="e8"]`)
	b.click(`[data-sq="f8"]`)
	b.waitJS("a wrong verdict", `document.querySelector('#verdict').dataset.outcome === 'wrong'`)
	if fb := b.text("#verdict .feedback"); fb == "" {
		t.Errorf("the wrong answer has no feedback")
	}
	wrongMs := evalJS[string](b, `document.querySelector('#verdict').dataset.ms`)
	b.shot("student-chess-wrong")
	b.click("#try-again")
	b.click(`[data-sq="d6"]`)
	b.click(`[data-sq="b5"]`)
	b.waitJS("a correct verdict", `document.querySelector('#verdict').dataset.outcome === 'correct'`)
	rightMs := evalJS[string](b, `document.querySelector('#verdict').dataset.ms`)
	t.Logf("move verdict on screen %s ms (wrong) and %s ms (right) after the tap", wrongMs, rightMs)
	// The target is < 150 ms; on a machine shared with other work one
	// verdict may be late, so the faster of the two must make it.
	w, err1 := strconv.Atoi(wrongMs)
	r, err2 := strconv.Atoi(rightMs)
	if err1 != nil || err2 != nil || min(w, r) > 150 {
		t.Errorf("verdicts after %q and %q ms, want < 150", wrongMs, rightMs)
	}
	b.shot("student-chess-right")

	// The number-chess sum, on the keypad.
	b.click("#next-exercise")
	b.wait("#expr-go")
	digits := evalJS[[]int](b, `[...document.querySelectorAll('[data-tile]')].map((x) => Number(x.dataset.digit))`)
	target := evalJS[int](b, `Number(document.querySelector('.target').textContent)`)
	ops := evalJS[[]string](b, `[...document.querySelectorAll('[data-op]')].map((x) => x.dataset.op)`)
	if strings.Join(ops, " ") != "+ −" {
		t.Errorf("a grade-1 keypad offers %q, want only + and −", ops)
	}
	keys, ok := solveSum(digits, target)
	if !ok {
		t.Fatalf("no sum of %v makes %d", digits, target)
	}
	for _, k := range keys {
		b.click(k)
	}
	b.shot("student-numchess")
	b.click("#expr-go")
	b.waitJS("a correct sum", `document.querySelector('#verdict').dataset.outcome === 'correct'`)
	b.shot("student-numchess-right")
	b.click("#logout")

	// 孙悦, with her new PIN, tries the puzzle once and gets it wrong.
	b.studentLogin(cards[1].Code, cards[1].User, cards[1].Pin)
	b.click("#next-btn")
	b.click(`[data-sq="e8"]`)
	b.click(`[data-sq="d8"]`)
	b.waitJS("a wrong verdict", `document.querySelector('#verdict').dataset.outcome === 'wrong'`)
	b.click("#logout")

	// The teacher sees 赵小龙 done and 孙悦 struggling, first in the list.
	b.teacherLogin()
	b.click(".class-card")
	b.click(`a.tab[href$="/progress"]`)
	b.wait("#matrix")
	status := evalJS[map[string]string](b, `Object.fromEntries([...document.querySelectorAll('#matrix tbody tr')].map((tr) =>
		[tr.querySelector('th .mono').textContent, (tr.querySelector('td .cell') || {dataset: {}}).dataset.status || '']))`)
	if status[st.User] != "done" || status[cards[1].User] != "struggling" {
		t.Errorf("matrix states %v: want %s done, %s struggling", status, st.User, cards[1].User)
	}
	if first := b.text("#matrix tbody tr th .mono"); first != cards[1].User {
		t.Errorf("first row %s, want the struggling %s", first, cards[1].User)
	}
	b.shot("teacher-matrix")
	evalJS[bool](b, `(() => { const make = URL.createObjectURL.bind(URL);
		URL.createObjectURL = (blob) => { window.csvBlob = blob; return make(blob); }; return true; })()`)
	b.click("#csv")
	b.waitJS("the CSV", `!!window.csvBlob`)
	if csv := evalJS[string](b, `window.csvBlob.text()`); !strings.Contains(csv, st.User) || !strings.Contains(csv, "解将和算式") {
		t.Errorf("the downloaded CSV lacks the student or the assignment: %.300q", csv)
	}
	b.click(fmt.Sprintf(`#matrix tr[data-username="%s"] button.cell`, st.User))
	b.wait("#attempts-dialog")
	rows := evalJS[int](b, `document.querySelectorAll('#attempts-dialog tbody tr').length`)
	if rows != 3 {
		t.Errorf("the cell shows %d attempts, want 3 (wrong, right, right)", rows)
	}
	b.shot("teacher-attempts")
}

// solveSum finds a grade-1 sum (+, −, two digits joined, no negative
// value on the way) of every digit once that makes target, as the keys
// to click.
func solveSum(digits []int, target int) ([]string, bool) {
	// Operands are single tiles or two tiles tapped one after the other
	// (组大数: 1 then 5 is 15; no leading zero), joined by + and − with no
	// negative value on the way, as grade 1 plays.
	n := len(digits)
	used := make([]bool, n)
	var keys []string
	type operand struct {
		tiles []int
		value int
	}
	var try func(value, left int, first bool) bool
	try = func(value, left int, first bool) bool {
		if left == 0 {
			return value == target
		}
		var operands []operand
		for i := 0; i < n; i++ {
			if used[i] {
				continue
			}
			operands = append(operands, operand{[]int{i}, digits[i]})
			for j := 0; j < n; j++ {
				if j != i && !used[j] && digits[i] != 0 {
					operands = append(operands, operand{[]int{i, j}, 10*digits[i] + digits[j]})
				}
			}
		}
		for _, o := range operands {
			for _, op := range []string{"+", "−"} {
				if first && op == "−" {
					continue
				}
				v := value + o.value
				if op == "−" {
					v = value - o.value
				}
				if !first && v < 0 {
					continue
				}
				mark := len(keys)
				if !first {
					keys = append(keys, fmt.Sprintf(`[data-op="%s"]`, op))
				}
				for _, i := range o.tiles {
					used[i] = true
					keys = append(keys, fmt.Sprintf(`[data-tile="%d"]`, i))
				}
				if try(v, left-len(o.tiles), false) {
					return true
				}
				for _, i := range o.tiles {
					used[i] = false
				}
				keys = keys[:mark]
			}
		}
		return false
	}
	return keys, try(0, n, true)
}
