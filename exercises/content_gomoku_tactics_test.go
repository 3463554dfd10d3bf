package exercises

import (
	"cmp"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"qixue/rules/gomoku"
)

// The gomoku tactics lessons: each exercise tagged with a theme shows that
// theme on its board, checked with the engine beyond what the kind's own
// check asks.

// gmDirection is the line two points of a shape lie on, as a step.
func gmDirection(ps []gomoku.Point) [2]int {
	if len(ps) < 2 {
		return [2]int{}
	}
	d := [2]int{cmp.Compare(ps[1].Col(), ps[0].Col()), cmp.Compare(ps[1].Row(), ps[0].Row())}
	if d[0] < 0 || d[0] == 0 && d[1] < 0 {
		d = [2]int{-d[0], -d[1]}
	}
	return d
}

// gmThemeProblem says why a tactics exercise does not show its theme.
func gmThemeProblem(ex Exercise, theme string) string {
	var p struct {
		Board    string `json:"board"`
		Colour   string `json:"colour"`
		Attacker string `json:"attacker"`
	}
	var s struct {
		Point string   `json:"point"`
		Line  []string `json:"line"`
	}
	_ = json.Unmarshal(ex.Prompt, &p)
	_ = json.Unmarshal(ex.Solution, &s)
	b, err := gomoku.ParseBoard(p.Board)
	if err != nil {
		return err.Error()
	}
	me := gomoku.Black
	if p.Colour == "white" || p.Attacker == "white" {
		me = gomoku.White
	}
	them := me.Opponent()
	switch theme {
	case "gomoku.attack.four_three":
		// The stone makes a four and, on another line, an open three.
		pt, _ := gomoku.ParsePoint(s.Point)
		nb := *b
		_ = nb.Put(pt, me)
		var fours, threes [][2]int
		for _, sh := range gomoku.Shapes(&nb, gomoku.Renju) {
			if sh.Colour != me || !slices.Contains(sh.Stones, pt) {
				continue
			}
			switch sh.Kind {
			case gomoku.ShapeFour, gomoku.ShapeOpenFour:
				fours = append(fours, gmDirection(sh.Stones))
			case gomoku.ShapeOpenThree:
				threes = append(threes, gmDirection(sh.Stones))
			}
		}
		for _, f := range fours {
			for _, th := range threes {
				if f != th {
					return ""
				}
			}
		}
		return s.Point + " does not make a four and an open three on two lines"
	case "gomoku.defend.four":
		if len(gomoku.WinIn1(b, gomoku.Renju, them)) == 0 {
			return "the opponent has no four to block"
		}
	case "gomoku.defend.three":
		for _, sh := range gomoku.Shapes(b, gomoku.Renju) {
			if sh.Colour == them && sh.Kind == gomoku.ShapeOpenThree {
				return ""
			}
		}
		return "the opponent has no open three"
	case "gomoku.attack.forbidden_trap":
		// White's last four can be blocked only on points forbidden to
		// Black (and on at least one).
		if ex.Kind != "gomoku.vcf" {
			return ""
		}
		if me != gomoku.White || len(s.Line) == 0 {
			return "the trap is White's line"
		}
		nb := *b
		for i, in := range s.Line {
			pt, _ := gomoku.ParsePoint(in)
			c := me
			if i%2 == 1 {
				c = them
			}
			_ = nb.Put(pt, c)
		}
		fives := gomoku.WinIn1(&nb, gomoku.Renju, gomoku.White)
		if len(fives) == 0 {
			return "the line does not end with a four"
		}
		for _, f := range fives {
			if !nb.IsForbidden(f) {
				return "Black can block the last four on " + f.String()
			}
		}
	}
	return ""
}

// gmThemes are the tactics tags with a check in gmThemeProblem.
var gmThemes = []string{"gomoku.attack.four_three", "gomoku.defend.four", "gomoku.defend.three", "gomoku.attack.forbidden_trap"}

func TestGomokuTacticsThemes(t *testing.T) {
	count := map[string]int{}
	for _, ex := range wholeBank(t) {
		if !strings.HasPrefix(ex.Key, "gomoku/") {
			continue
		}
		for _, tag := range ex.Tags {
			if !slices.Contains(gmThemes, tag) {
				continue
			}
			count[tag]++
			if ex.Kind == "choice" {
				continue
			}
			if p := gmThemeProblem(ex, tag); p != "" {
				t.Errorf("%s (%s): %s", ex.Key, tag, p)
			}
		}
	}
	for _, th := range gmThemes {
		if count[th] < 2 {
			t.Errorf("theme %s: %d exercises, want at least 2", th, count[th])
		}
	}
}

// The theme checks catch a position without the theme.
func TestGomokuThemeProblemCatches(t *testing.T) {
	mk := func(kind, tag string, prompt map[string]any, solution string) Exercise {
		return Exercise{Key: "gomoku/x", Kind: kind, Tags: []string{tag}, Prompt: json.RawMessage(gmPrompt(t, prompt)), Solution: json.RawMessage(solution)}
	}
	// A plain four (no three beside it) is no four-three.
	plain := mk("gomoku.key_point", "gomoku.attack.four_three",
		map[string]any{"board": gmTestBoard(t, []string{"f8", "g8", "h8", "a1"}, []string{"e8", "a3", "c3", "a5"}), "colour": "black"}, `{"point":"i8"}`)
	if gmThemeProblem(plain, "gomoku.attack.four_three") == "" {
		t.Error("a lone four passed as a four-three")
	}
	// A four that Black may block on an ordinary point is no trap.
	trap := mk("gomoku.vcf", "gomoku.attack.forbidden_trap",
		map[string]any{"board": gmTestBoard(t, []string{"a1", "c1", "e1", "g1"}, []string{"e5", "f6", "i9"}), "attacker": "white"}, `{"line":["g7"]}`)
	if gmThemeProblem(trap, "gomoku.attack.forbidden_trap") == "" {
		t.Error("an ordinary four passed as a forbidden trap")
	}
	// No three on the board to stop.
	calm := mk("gomoku.key_point", "gomoku.defend.three",
		map[string]any{"board": gmTestBoard(t, []string{"f8", "g8"}, []string{"a1"}), "colour": "white"}, `{"point":"e8"}`)
	if gmThemeProblem(calm, "gomoku.defend.three") == "" {
		t.Error("a board without a three passed")
	}
}
