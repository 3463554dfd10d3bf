package web_test

import (
	"strings"
	"testing"
)

// TestAssignLesson: the teacher assigns a lesson of a curriculum from the
// assign page, with a due time already past and the lesson from the
// grade band above the class's; the server's two warnings are shown, and
// the assignment is in the progress matrix after them.
func TestAssignLesson(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	b := newBrowser(t, base, 1024, 768)
	b.demoClass()
	b.click(`a.tab[href$="/assign"]`)
	b.fill("#a-title", "将军的课")
	b.selectOption("#a-game", "chess")
	b.waitJS("the chess curricula", `[...document.querySelectorAll('#a-curriculum option')].some((o) => /g23/i.test(o.value))`)
	cur := evalJS[string](b, `[...document.querySelectorAll('#a-curriculum option')].find((o) => /g23/i.test(o.value)).value`)
	b.selectOption("#a-curriculum", cur)
	b.wait(`#lessons input[value="chess-g23-check-block"]`)
	b.click(`#lessons input[value="chess-g23-check-block"]`)
	evalJS[bool](b, `(() => { document.getElementById('a-due').value = '2020-09-01T08:00'; return true; })()`)
	b.shot("teacher-assign-lesson")
	b.click("#assign-go")
	b.wait("#warnings-ok")
	codes := evalJS[[]string](b, `[...document.querySelectorAll('#warnings li')].map((li) => li.dataset.code).sort()`)
	if strings.Join(codes, " ") != "above_class_band due_in_past" {
		t.Errorf("warnings %v, want above_class_band and due_in_past", codes)
	}
	if msg := b.text("#warnings li"); msg == "" {
		t.Error("a warning without its message")
	}
	b.shot("teacher-assign-warnings")
	b.click("#warnings-ok")
	b.wait("#matrix")
	if head := b.text("#matrix thead"); !strings.Contains(head, "将军的课") {
		t.Errorf("the matrix's columns %q lack the new assignment", head)
	}
}
