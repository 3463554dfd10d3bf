package exercises

import (
	"encoding/json"
	"strings"
	"testing"

	"qixue/rules/gomoku"
)

// gmWinWithoutTrap searches the attacker's wins by continuous fours from b
// (depth attacker moves at most) that end in a five, not in a four whose
// only block is forbidden to Black, and returns the first such line.
func gmWinWithoutTrap(task gmVCFTask, b gomoku.Board, depth int) ([]string, bool) {
	for i := range gomoku.NumPoints {
		p := gomoku.PointAt(i)
		if b.At(p) != gomoku.Empty {
			continue
		}
		next := b
		st := task.step(&next, p)
		switch {
		case st.res.Outcome == Correct && st.res.Details["code"] != "block_forbidden":
			return []string{p.String()}, true
		case st.res.Outcome == Continue && depth > 1:
			if line, ok := gmWinWithoutTrap(task, next, depth-1); ok {
				return append([]string{p.String(), st.reply.String()}, line...), true
			}
		}
	}
	return nil, false
}

// TestGomokuForbiddenTrapsNeedTheTrap: a forbidden-trap item (tagged
// gomoku.attack.forbidden_trap) is won only by the trap: its stored line
// ends with a four whose only block is forbidden to Black, no line of
// continuous fours from any first move (six fours deep) wins with a plain
// five instead, and the checker refuses every first move but a trap. The
// review found forbidden-trap-001 and -002 taking other first moves (h8 in
// -001, a dead-end four; five in -002, one of them e3, an open four).
func TestGomokuForbiddenTrapsNeedTheTrap(t *testing.T) {
	k := gomokuVCF{}
	seen := 0
	for _, ex := range wholeBank(t) {
		if ex.Kind != "gomoku.vcf" || !ncContains(ex.Tags, "gomoku.attack.forbidden_trap") {
			continue
		}
		seen++
		task, err := k.parsePrompt(ex.Prompt)
		if err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		var s gmVCFSolution
		if err := json.Unmarshal(ex.Solution, &s); err != nil {
			t.Fatal(err)
		}
		if res, err := task.play(s.Line); err != nil || res.Outcome != Correct || res.Details["code"] != "block_forbidden" {
			t.Errorf("%s: the stored line does not end with the trap: %+v %v", ex.Key, res, err)
		}
		if line, ok := gmWinWithoutTrap(task, *task.b, 6); ok {
			t.Errorf("%s: won without the trap: %v", ex.Key, line)
		}
		for i := range gomoku.NumPoints {
			p := gomoku.PointAt(i)
			if task.b.At(p) != gomoku.Empty {
				continue
			}
			b := *task.b
			st := task.step(&b, p)
			if st.res.Outcome != Wrong && st.res.Details["code"] != "block_forbidden" {
				t.Errorf("%s: the first move %s is taken (%s: %s) though it is no trap", ex.Key, p, st.res.Outcome, st.res.Feedback.EN)
			}
		}
	}
	if seen < 2 {
		t.Errorf("only %d forbidden-trap items", seen)
	}
}

// TestGomokuVCFDeadFour: a four after whose block no win by fours is left
// is wrong at once and says so; a four that keeps the win goes on.
func TestGomokuVCFDeadFour(t *testing.T) {
	var trap Exercise
	for _, ex := range wholeBank(t) {
		if ex.Key == "gomoku/forbidden-trap-001" {
			trap = ex
		}
	}
	res, err := gomokuVCF{}.Check(trap.Prompt, trap.Solution, Submission{Answer: json.RawMessage(`{"moves":["h8"]}`)})
	if err != nil || res.Outcome != Wrong || res.Details["code"] != "dead_four" || !strings.Contains(res.Feedback.ZH, "g7") {
		t.Errorf("h8: %+v %v, want a dead four blocked on g7", res, err)
	}
}
