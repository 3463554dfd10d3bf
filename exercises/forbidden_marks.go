package exercises

import (
	"encoding/json"

	"qixue/rules/gomoku"
)

// gmShowForbiddenSchema is the prompt field of the gomoku kinds played
// on a board (win_in_1, vcf, shape) that asks for Black's forbidden
// points to be marked (see ForbiddenMarks).
const gmShowForbiddenSchema = `{"type": "boolean", "description": "renju with Black to play: mark the points forbidden to Black (3-3, 4-4, overline) on the student's board (the exercise's forbidden_points)"}`

// markedKinds are the kinds whose prompt may carry show_forbidden.
var markedKinds = map[string]bool{"gomoku.win_in_1": true, "gomoku.vcf": true, "gomoku.shape": true}

// ForbiddenMarks returns the points forbidden to Black (double three,
// double four, overline) of the exercise's starting position, in index
// order, when the exercise asks for them to be shown: a gomoku kind
// played on a board whose prompt has show_forbidden, renju rules and
// Black as the student's side. Otherwise, and for a prompt that does not
// parse, it returns nil. A student's play board gets them with the
// exercise, since the rules endpoints that list forbidden points are not
// open to students (they answer the gomoku.forbidden kind).
func ForbiddenMarks(ex Exercise) []string {
	if !markedKinds[ex.Kind] {
		return nil
	}
	var p struct {
		Board         string `json:"board"`
		Rules         string `json:"rules"`
		Colour        string `json:"colour"`
		Attacker      string `json:"attacker"`
		ShowForbidden bool   `json:"show_forbidden"`
	}
	if json.Unmarshal(ex.Prompt, &p) != nil || !p.ShowForbidden || p.Rules != "renju" || p.Colour+p.Attacker != "black" {
		return nil
	}
	b, err := gomoku.ParseBoard(p.Board)
	if err != nil {
		return nil
	}
	pts := b.ForbiddenPoints()
	out := make([]string, len(pts))
	for i, pt := range pts {
		out[i] = pt.String()
	}
	return out
}
