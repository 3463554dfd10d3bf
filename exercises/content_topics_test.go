package exercises

import (
	"encoding/json"
	"testing"

	"qixue/rules/numchess"
)

// TestNumchessHopExercisesRefuseSteps: a number-chess exercise whose
// solution is a hop (邻), or that a lesson on hopping alone holds, asks for a hop
// (goal "hop"), and the checker refuses every plain step (移) of the
// position, so hopping is really tested.
func TestNumchessHopExercisesRefuseSteps(t *testing.T) {
	inHopLesson := map[string]bool{}
	eachLesson(t, NumChess, func(_ contentCurriculum, l contentLesson) {
		if len(l.Tags) != 1 || l.Tags[0] != "numchess.move.hop" {
			return
		}
		for _, b := range l.Blocks {
			if b.Type == "exercise" {
				inHopLesson[b.Exercise] = true
			}
		}
	})
	hops := 0
	for _, ex := range wholeBank(t) {
		if ex.Kind != "numchess.move" {
			continue
		}
		var k numchessMove
		task, err := k.parsePrompt(ex.Prompt)
		if err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		var s ncMoveSolution
		_ = json.Unmarshal(ex.Solution, &s)
		m, _ := numchess.ParseMove(s.Move)
		mi, err := ncEngine(task.rs).Check(task.pos, m)
		if err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		if mi.Kind != numchess.Hop && task.goal.Type != "hop" && !inHopLesson[ex.Key] {
			continue
		}
		hops++
		if task.goal.Type != "hop" {
			t.Errorf("%s: a hop exercise with goal %q, which a step can meet", ex.Key, task.goal.Type)
			continue
		}
		for _, step := range ncEngine(task.rs).LegalMoves(task.pos) {
			info, err := ncEngine(task.rs).Check(task.pos, step)
			if err != nil || info.Kind != numchess.Step {
				continue
			}
			if r := k.grade(task, task.rs, step); r.Outcome == Correct {
				t.Errorf("%s: the step %s is accepted", ex.Key, info.Chinese())
			}
		}
	}
	if hops < 3 {
		t.Errorf("only %d hop exercises", hops)
	}
}
