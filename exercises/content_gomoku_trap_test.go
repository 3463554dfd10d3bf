package exercises

import (
	"encoding/json"
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
// ends with a four whose only block is forbidden to Black, and no line of
// continuous fours from any first move (six fours deep) wins with a plain
// five instead. The review won forbidden-trap-001 and -002 without the
// trap (h8 first; five other first moves in -002).
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
	}
	if seen < 2 {
		t.Errorf("only %d forbidden-trap items", seen)
	}
}
