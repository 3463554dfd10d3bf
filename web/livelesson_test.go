package web_test

import (
	"fmt"
	"testing"
)

// TestLiveLesson: a teacher's projector and two students' tablets. The
// students join from their home screens (no code), the teacher shows a
// mate in one, each tablet gets the board at once (socket), one child
// plays the mate and the other a rook move that does not mate, and the
// projector counts them and draws both moves as arrows on its board
// without saying which is right; a tablet reloaded keeps its answer; at
// the reveal the tablets say right and wrong with the solution and the
// projector marks the right move; the end reaches every tablet.
func TestLiveLesson(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, cards := newStudents(t, base, "赵小龙", "孙悦")
	ids := bankIDs(t, base, tok, "kind=chess.mate_in&band=G23")
	var lesson struct{ ID string }
	apiCall(t, base, "POST", "/v1/live-lessons", tok, map[string]any{
		"class_id": class, "title": "将杀练习", "exercise_ids": []string{ids["chess/mate1-001"]},
		"options": map[string]any{"named": true},
	}, &lesson)

	teacher := newBrowser(t, base, 1280, 800)
	teacher.teacherLogin()
	teacher.click(`.side a[href="/teacher/lessons"]`)
	teacher.click(fmt.Sprintf(`.ll-made[data-lesson-id="%s"] a`, lesson.ID))
	teacher.wait("#pj-next")
	teacher.shot("lesson-projector-ready")

	kids := []*browser{newBrowser(t, base, 1024, 768), newBrowser(t, base, 1024, 768)}
	for i, b := range kids {
		st := cards.Students[i]
		b.studentLogin(cards.ClassCode, st.Username, st.PIN)
		b.click(fmt.Sprintf(`#live-lesson-btn[data-lesson-id="%s"]`, lesson.ID))
		b.wait("#lesson-wait")
		b.waitJS("the socket up", `document.querySelector('#link').hidden`)
	}
	kids[0].shot("lesson-tablet-waiting")

	teacher.click("#pj-next")
	for _, b := range kids {
		b.wait(`#live-board [data-sq="a1"]`)
	}
	kids[0].shot("lesson-tablet-item")
	answered := func(n int) {
		t.Helper()
		teacher.waitJS(fmt.Sprintf("%d answered on the projector", n), fmt.Sprintf(`(() => { const a = document.querySelector('#pj-answered');
			return a && a.dataset.answered === '%d'; })()`, n))
	}
	kids[0].click(`#live-board [data-sq="a1"]`)
	kids[0].click(`#live-board [data-sq="a8"]`)
	kids[0].wait("#sent")
	answered(1)
	kids[1].click(`#live-board [data-sq="a1"]`)
	kids[1].click(`#live-board [data-sq="a2"]`)
	kids[1].wait("#sent")
	answered(2)
	teacher.waitJS("two arrows on the board", `(() => { const b = document.querySelector('#pj-board');
		return b && b.dataset.marks === '2' && b.querySelectorAll('.pj-marks .pj-arrow').length === 2; })()`)
	if evalJS[int](teacher, `document.querySelectorAll('#pj-answers li.right').length`) != 0 {
		t.Error("the projector marks the right answer before the reveal")
	}
	if got := evalJS[int](teacher, `document.querySelectorAll('.pj-names li.done').length`); got != 2 {
		t.Errorf("%d names marked as answered, want 2", got)
	}
	teacher.shot("lesson-projector-answers")

	// A reload keeps the answer.
	kids[1].open("/student/live/" + lesson.ID)
	kids[1].wait("#sent")

	teacher.click("#pj-reveal")
	for i, want := range []string{"correct", "wrong"} {
		kids[i].wait("#revealed")
		if got := evalJS[string](kids[i], `document.querySelector('#revealed').dataset.outcome`); got != want {
			t.Errorf("tablet %d after the reveal: %q, want %q", i, got, want)
		}
		kids[i].wait("#solution")
	}
	kids[1].wait("#common-wrong")
	kids[1].shot("lesson-tablet-revealed-wrong")
	teacher.wait("#pj-answers li.right")
	teacher.wait("#pj-common-wrong")
	teacher.waitJS("the right arrow green", `document.querySelector('#pj-board .pj-marks .pj-arrow.right') !== null`)
	teacher.shot("lesson-projector-revealed")

	teacher.click("#pj-end")
	for _, b := range kids {
		b.wait("#lesson-ended")
	}
	teacher.click("#pj-summary")
	teacher.wait("#print-sheet table")
	teacher.shot("lesson-summary")
}
