package web_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestNumchessPad: number-chess expressions by taps only. A grade-1
// keypad has + and − and no power or fraction key; a G23 one has both:
// 3²−1 = 8 with the power key (the 2 becomes the exponent) and ½×6 = 3
// with the fraction key. On the board, 8 spans 6 and 2 from b2 to f5: the
// landing opens the keypad with those two numbers beside the board, 6+2
// on it, ✔, and the move is right; at 390×844 too.
func TestNumchessPad(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, cards := newStudents(t, base, "孙数", "吴数")
	ids := map[string]string{}
	for _, q := range []string{"kind=numchess.expression&band=K1", "kind=numchess.expression&band=G23", "kind=numchess.move&band=K1"} {
		var list struct {
			Items []struct{ ID, Key string } `json:"items"`
		}
		apiCall(t, base, "GET", "/v1/exercises?limit=200&"+q, tok, nil, &list)
		for _, x := range list.Items {
			ids[x.Key] = x.ID
		}
	}
	keys := []string{"numchess/expression-001", "numchess/lesson-g23-power-002", "numchess/lesson-g23-fraction-001", "numchess/lesson-k1-span-002"}
	var items []map[string]string
	for _, k := range keys {
		if ids[k] == "" {
			t.Fatalf("no exercise %s", k)
		}
		items = append(items, map[string]string{"kind": "exercise", "id": ids[k]})
	}
	var asg struct{ ID string }
	apiCall(t, base, "POST", "/v1/assignments", tok, map[string]any{"class_id": class, "title": "数棋算式", "items": items,
		"due_at": time.Now().Add(72 * time.Hour).UTC().Format(time.RFC3339), "attempts_allowed": 3}, &asg)

	correct := func(b *browser, what string) {
		t.Helper()
		b.waitJS(what+" judged", `['correct', 'wrong', 'partial'].includes(document.querySelector('#verdict').dataset.outcome)`)
		if got := evalJS[string](b, `document.querySelector('#verdict').dataset.outcome`); got != "correct" {
			t.Errorf("%s: %s, %q", what, got, b.text("#verdict"))
		}
		b.shot(what)
	}
	opsOf := func(b *browser) string {
		return strings.Join(evalJS[[]string](b, `[...document.querySelectorAll('.exprpad [data-op]')].map((x) => x.dataset.op)`), " ")
	}
	// tap taps tiles by their digit (each once) and keys by their op.
	tap := func(b *browser, scope string, seq ...string) {
		t.Helper()
		for _, k := range seq {
			if k >= "0" && k <= "9" {
				b.click(fmt.Sprintf(`%s .digit[data-digit="%s"]:not([disabled])`, scope, k))
			} else {
				b.click(fmt.Sprintf(`%s [data-op="%s"]`, scope, k))
			}
		}
	}

	b := newBrowser(t, base, 1024, 768)
	st := cards.Students[0]
	b.studentLogin(cards.ClassCode, st.Username, st.PIN)

	b.open("/student/exercise/" + ids[keys[0]] + "?a=" + asg.ID)
	b.wait("#expr-go")
	if got := opsOf(b); got != "+ −" {
		t.Errorf("the K1 keypad offers %q, want + −", got)
	}
	tap(b, ".exprpad", "9", "−", "5", "−", "4")
	b.click("#expr-go")
	correct(b, "k1-sum")

	b.open("/student/exercise/" + ids[keys[1]] + "?a=" + asg.ID)
	b.wait("#expr-go")
	if got := opsOf(b); got != "+ − × ÷ ( ) pow frac" {
		t.Errorf("the G23 keypad offers %q, want + − × ÷ ( ) pow frac", got)
	}
	tap(b, ".exprpad", "3", "pow")
	// Only a 2 or a 3 can be the exponent: the 1 waits.
	if !evalJS[bool](b, `document.querySelector('.exprpad .digit[data-digit="1"]').disabled`) {
		t.Error("the 1 can be tapped as an exponent")
	}
	tap(b, ".exprpad", "2", "−", "1")
	if got := b.text("#expr"); got != "3²−1" {
		t.Errorf("the power reads %q, want 3²−1", got)
	}
	b.shot("g23-power")
	b.click("#expr-go")
	correct(b, "g23-power-right")

	b.open("/student/exercise/" + ids[keys[2]] + "?a=" + asg.ID)
	b.wait("#expr-go")
	tap(b, ".exprpad", "1", "frac", "2", "×", "6")
	if got := b.text("#expr"); got != "1/2×6" {
		t.Errorf("the fraction reads %q, want 1/2×6", got)
	}
	b.click("#expr-go")
	correct(b, "g23-fraction-right")

	span := func(b *browser, shot string) {
		t.Helper()
		b.open("/student/exercise/" + ids[keys[3]] + "?a=" + asg.ID)
		b.click(`.nc-star [data-pt="b2"]`)
		b.click(`.nc-star [data-pt="f5"]`)
		b.wait(".nc-panel .exprpad #expr-go")
		if n := evalJS[int](b, `document.querySelectorAll('input.seg-expr, .ex-body input[type=text]').length`); n != 0 {
			t.Errorf("%d text fields on the move task, want none", n)
		}
		got := evalJS[[]string](b, `[...document.querySelectorAll('.nc-panel [data-tile]')].map((x) => x.dataset.digit).sort()`)
		if strings.Join(got, ",") != "2,6" {
			t.Errorf("the keypad offers %v, want the spanned 2 and 6", got)
		}
		if !evalJS[bool](b, `document.querySelector('#nc-go').disabled`) {
			t.Error("✔ can be tapped before the span's expression is written")
		}
		tap(b, ".nc-panel", "6", "+", "2")
		b.shot(shot)
		b.click(".nc-panel #expr-go")
		b.waitJS("the expression kept", `document.querySelector('[data-seg-edit="0"]') !== null && !document.querySelector('#nc-go').disabled`)
		if got := b.text(`[data-seg-edit="0"] .expr`); got != "6+2" {
			t.Errorf("segment 1 shows %q, want 6+2", got)
		}
		b.click("#nc-go")
		correct(b, shot+"-right")
	}
	span(b, "k1-span")

	p := newBrowser(t, base, 390, 844)
	st = cards.Students[1]
	p.studentLogin(cards.ClassCode, st.Username, st.PIN)
	span(p, "k1-span-phone")
}
