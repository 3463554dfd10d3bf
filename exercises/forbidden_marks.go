package exercises

import (
	"encoding/json"

	"qixue/rules/gomoku"
)

// gmShowForbiddenSchema is the prompt field of the gomoku kinds played
// on a board (win_in_1, key_point, vcf, shape) that asks for Black's forbidden
// points to be marked (see ForbiddenMarks).
const gmShowForbiddenSchema = `{"type": "boolean", "description": "renju with Black to play: mark the points forbidden to Black (3-3, 4-4, overline) on the student's board (the exercise's forbidden_points)"}`

// markedKinds are the kinds whose prompt may carry show_forbidden.
var markedKinds = map[string]bool{"gomoku.win_in_1": true, "gomoku.key_point": true, "gomoku.vcf": true, "gomoku.shape": true}

// ForbiddenMarks returns the points forbidden to Black (double three,
// double four, overline) of the exercise's starting position, in index
// order, when the exercise asks for them to be shown: a gomoku kind
// played on a board whose prompt has show_forbidden, renju rules and
// Black as the student's side. Otherwise, and for a prompt that does not
// parse, it returns nil. A student's play board gets them with the
// exercise, since the rules endpoints that list forbidden points are not
// open to students (they answer the gomoku.forbidden kind).
func ForbiddenMarks(ex Exercise) []string {
	b := markedBoard(ex)
	if b == nil {
		return nil
	}
	return forbiddenNames(b)
}

// ForbiddenMarksAfter is ForbiddenMarks of the position after a line of a
// step-by-step exercise (gomoku.vcf): the answer's moves, the student's
// (Black's) first, and the server's reply. It returns nil when the
// exercise asks for no marks or a move does not fit the board (the
// answer was refused anyway).
func ForbiddenMarksAfter(ex Exercise, answer json.RawMessage, reply string) []string {
	b := markedBoard(ex)
	if b == nil {
		return nil
	}
	var a struct {
		Moves []string `json:"moves"`
	}
	if json.Unmarshal(answer, &a) != nil || len(a.Moves) == 0 {
		return nil
	}
	line := append(a.Moves, reply)
	for i, s := range line {
		pt, err := gomoku.ParsePoint(s)
		c := gomoku.Black
		if i%2 == 1 {
			c = gomoku.White
		}
		if err != nil || b.Put(pt, c) != nil {
			return nil
		}
	}
	return forbiddenNames(b)
}

// markedBoard is the starting board of an exercise that asks for its
// forbidden points to be marked, or nil.
func markedBoard(ex Exercise) *gomoku.Board {
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
	return b
}

// forbiddenNames lists the board's points forbidden to Black.
func forbiddenNames(b *gomoku.Board) []string {
	pts := b.ForbiddenPoints()
	out := make([]string, len(pts))
	for i, pt := range pts {
		out[i] = pt.String()
	}
	return out
}
