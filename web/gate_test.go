package web_test

import (
	"strconv"
	"strings"
	"testing"
)

// TestReviewSwitch: the teacher turns the class's spaced review off on the
// class page; the class reads review false through the API and the page
// shows the switch off when opened again; turned on again, it is on.
func TestReviewSwitch(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, _ := newStudents(t, base, "吴棋")
	b := newBrowser(t, base, 1024, 768)
	b.demoClass()
	page := evalJS[string](b, `location.pathname`)
	if !strings.Contains(page, class) {
		t.Fatalf("the class page %s is not of class %s", page, class)
	}
	if !evalJS[bool](b, `document.getElementById('review').checked`) {
		t.Fatal("the review starts off")
	}
	b.click("#review")
	b.waitJS("the switch saved", `document.getElementById('live').textContent !== '' && !document.getElementById('review').disabled`)
	b.shot("teacher-review-off")
	reviewOf := func() bool {
		var c struct {
			Review *bool `json:"review"`
		}
		apiCall(t, base, "GET", "/v1/classes/"+class, tok, nil, &c)
		if c.Review == nil {
			t.Fatal("the class has no review field")
		}
		return *c.Review
	}
	if reviewOf() {
		t.Fatal("the class still has its review on")
	}
	b.open(page)
	b.wait("#review")
	if evalJS[bool](b, `document.getElementById('review').checked`) {
		t.Fatal("the switch did not stay off")
	}
	// The English page names the switch in English.
	b.click(`.top-actions button[lang="en"]`)
	b.waitJS("the English page", `(document.querySelector('label[for="review"]') || {}).textContent?.startsWith('Review')`)
	if label := b.text(`label[for="review"]`); !strings.HasPrefix(label, "Review") {
		t.Errorf("the English switch reads %q", label)
	}
	b.shot("teacher-review-off-en")
	b.click("#review")
	b.waitJS("the switch saved", `document.getElementById('review').checked && !document.getElementById('review').disabled`)
	if !reviewOf() {
		t.Error("the review did not come back on")
	}
}

// TestMasteryGate: the teacher assigns two lessons with the mastery gate
// from the assign page; the matrix marks the column gated and the
// student's cell locked; the student sees the second lesson locked on
// the home list (with the number of the lesson that opens it) and on the
// lesson screen (its exercises closed, a button to the first lesson).
func TestMasteryGate(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	_, _, cards := newStudents(t, base, "郑棋")
	st := cards.Students[0]
	b := newBrowser(t, base, 1024, 768)
	b.demoClass()
	b.click(`a.tab[href$="/assign"]`)
	b.fill("#a-title", "闯关")
	b.chessG23Lessons()
	b.wait(`#lessons input[value="chess-g23-check-king"]`)
	b.click(`#lessons input[value="chess-g23-check-what"]`)
	b.click(`#lessons input[value="chess-g23-check-king"]`)
	if evalJS[bool](b, `document.getElementById('a-gate').checked`) {
		t.Fatal("the mastery gate starts on")
	}
	if note := b.text("#a-gate-note"); !strings.Contains(note, "4") {
		t.Errorf("the gate's note %q does not say what it does", note)
	}
	b.click("#a-gate")
	b.shot("teacher-assign-gate")
	b.click("#assign-go")
	b.waitJS("the matrix or the warnings", `!!document.querySelector('#matrix, #warnings-ok')`)
	if evalJS[bool](b, `!!document.querySelector('#warnings-ok')`) {
		b.click("#warnings-ok")
	}
	b.wait("#matrix")
	col := evalJS[int](b, `[...document.querySelectorAll('#matrix thead th')].findIndex((th) => th.textContent.includes('闯关'))`)
	if col < 1 {
		t.Fatal("no column for the new assignment")
	}
	if gate := evalJS[string](b, `document.querySelectorAll('#matrix thead th')[`+strconv.Itoa(col)+`].dataset.gate`); gate != "true" {
		t.Errorf("the column's gate %q, want true", gate)
	}
	row := `#matrix tbody tr[data-username="` + st.Username + `"] td:nth-child(` + strconv.Itoa(col+1) + `) .cell`
	b.wait(row)
	// Lesson 2 (4 exercises) stays closed until lesson 1 is mastered.
	if n := evalJS[string](b, `document.querySelector('`+row+`').dataset.locked`); n != "4" {
		t.Errorf("the student's cell counts %s locked exercises, want 4", n)
	}
	if txt := b.text(row); !strings.Contains(txt, "4 题锁着") || !evalJS[bool](b, `!!document.querySelector('`+row+` .lock-icon')`) {
		t.Errorf("the locked cell reads %q, want a lock and 4 题锁着", txt)
	}
	b.shot("teacher-matrix-locked")

	b.click("#logout")
	b.wait("#username")
	b.studentLogin(cards.ClassCode, st.Username, st.PIN)
	open := `.tile[data-lesson="chess-g23-check-what"]`
	locked := `.tile[data-lesson="chess-g23-check-king"]`
	b.wait(locked)
	if got := evalJS[string](b, `document.querySelector('`+open+`').dataset.locked`); got != "false" {
		t.Errorf("the first lesson's tile locked=%s", got)
	}
	if got := evalJS[string](b, `document.querySelector('`+locked+`').dataset.locked`); got != "true" {
		t.Errorf("the second lesson's tile locked=%s", got)
	}
	if s := b.text(locked + " .tile-s"); s != "←1" || !evalJS[bool](b, `!!document.querySelector('`+locked+` .lock-icon')`) {
		t.Errorf("the locked tile shows %q, want the lock and lesson 1", s)
	}
	if evalJS[bool](b, `!!document.querySelector('`+open+` .lock-icon')`) {
		t.Error("the open lesson's tile shows a lock")
	}
	if label := evalJS[string](b, `document.querySelector('`+locked+`').getAttribute('aria-label')`); !strings.Contains(label, "第 1 课") {
		t.Errorf("the locked tile's label %q does not name lesson 1", label)
	}
	b.shot("student-home-locked")

	b.click(locked)
	b.wait("#lesson-locked")
	b.wait(".lesson-ex")
	if n := evalJS[int](b, `[...document.querySelectorAll('.lesson-ex')].filter((x) => !x.disabled).length`); n != 0 {
		t.Errorf("%d exercises of the locked lesson can be opened", n)
	}
	if txt := b.text("#lesson-locked p"); !strings.Contains(txt, "第 1 课") {
		t.Errorf("the locked lesson says %q, want lesson 1 named", txt)
	}
	if txt := b.text("#to-unlock"); !strings.Contains(txt, "什么是将军") {
		t.Errorf("the way out of the locked lesson reads %q, want lesson 1's title", txt)
	}
	b.shot("student-lesson-locked")
	b.click(`.top-actions button[lang="en"]`)
	b.waitJS("the English lesson", `(document.querySelector('#lesson-locked p') || {}).textContent?.startsWith('Master lesson 1 first')`)
	b.shot("student-lesson-locked-en")
	b.click(`.top-actions button[lang="zh-CN"]`)
	b.waitJS("the Chinese lesson", `(document.querySelector('#lesson-locked p') || {}).textContent?.startsWith('先学会第 1 课')`)
	b.click("#to-unlock")
	b.waitJS("lesson 1", `location.pathname.endsWith('/chess-g23-check-what') && document.querySelector('h1').textContent.includes('什么是将军') && !!document.querySelector('.lesson-ex')`)
	if evalJS[bool](b, `!!document.querySelector('#lesson-locked')`) {
		t.Error("the open lesson shows as locked")
	}
	if n := evalJS[int](b, `[...document.querySelectorAll('.lesson-ex')].filter((x) => x.disabled).length`); n != 0 {
		t.Errorf("%d exercises of the open lesson are closed", n)
	}
}
