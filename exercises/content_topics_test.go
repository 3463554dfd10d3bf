package exercises

import (
	"encoding/json"
	"strings"
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

// TestLessonExercisesOnTopic: every exercise of a lesson carries one of
// the lesson's skill tags (its topic), and every exercise of a review
// lesson one of the tags taught in its curriculum, so a lesson's exercises
// test what the lesson teaches.
func TestLessonExercisesOnTopic(t *testing.T) {
	tags := map[string][]string{}
	for _, ex := range wholeBank(t) {
		tags[ex.Key] = ex.Tags
	}
	carries := func(key string, want map[string]bool) bool {
		for _, tag := range tags[key] {
			if want[tag] {
				return true
			}
		}
		return false
	}
	for _, c := range lessonContent(t) {
		taught := map[string]bool{}
		for _, u := range c.Units {
			for _, l := range u.Lessons {
				for _, tag := range l.Tags {
					taught[tag] = true
				}
			}
		}
		for _, u := range c.Units {
			review := strings.HasSuffix(u.ID, "-review")
			for _, l := range u.Lessons {
				want := map[string]bool{}
				for _, tag := range l.Tags {
					want[tag] = true
				}
				if review {
					want = taught
				}
				for _, b := range l.Blocks {
					if b.Type != "exercise" {
						continue
					}
					if !carries(b.Exercise, want) {
						t.Errorf("%s: exercise %s (tags %v) tests none of the lesson's topics %v", l.ID, b.Exercise, tags[b.Exercise], l.Tags)
					}
				}
			}
		}
	}
}
