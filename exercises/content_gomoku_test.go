package exercises

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// gomokuCountProblem says what is wrong with the stone count of a board
// on which toMove ("black", "white" or "" for either) plays next, or "".
// Black plays first and the players alternate, so before Black's move
// both have as many stones, and before White's Black has one more.
func gomokuCountProblem(board, toMove string) string {
	black, white := strings.Count(board, "x"), strings.Count(board, "o")
	switch {
	case toMove == "black" && black != white:
		return fmt.Sprintf("Black to play with %d black and %d white stones (Black to play needs as many of each)", black, white)
	case toMove == "white" && black != white+1:
		return fmt.Sprintf("White to play with %d black and %d white stones (White to play needs one black stone more)", black, white)
	case toMove == "" && black != white && black != white+1:
		return fmt.Sprintf("%d black and %d white stones cannot come from a game (Black plays first, then they alternate)", black, white)
	}
	return ""
}

// TestGomokuContentStoneCounts: every gomoku and renju position in the
// bank and in the lessons could come from a game: the count of stones
// fits the side to move (a forbidden-point question is Black's move).
func TestGomokuContentStoneCounts(t *testing.T) {
	for _, ex := range wholeBank(t) {
		var p struct {
			Board    string `json:"board"`
			Colour   string `json:"colour"`
			Attacker string `json:"attacker"`
		}
		_ = json.Unmarshal(ex.Prompt, &p)
		toMove := p.Colour
		switch ex.Kind {
		case "gomoku.forbidden":
			toMove = "black"
		case "gomoku.vcf":
			toMove = p.Attacker
		case "gomoku.win_in_1", "gomoku.shape":
		default:
			continue
		}
		if msg := gomokuCountProblem(p.Board, toMove); msg != "" {
			t.Errorf("%s: %s", ex.Key, msg)
		}
	}
	for _, c := range lessonContent(t) {
		if c.Game != Gomoku {
			continue
		}
		for _, u := range c.Units {
			for _, l := range u.Lessons {
				for i, b := range l.Blocks {
					if b.Type != "diagram" {
						continue
					}
					if msg := gomokuCountProblem(b.Position, ""); msg != "" {
						t.Errorf("%s block %d: %s", l.ID, i, msg)
					}
				}
			}
		}
	}
}

// TestGomokuCountProblem: the counting rule on the review's cases.
func TestGomokuCountProblem(t *testing.T) {
	for _, c := range []struct {
		board, toMove string
		bad           bool
	}{
		{"xxxxx.oooo", "white", false}, // 5 black, 4 white: a five after Black's move
		{"xxxxx.ooooo", "white", true}, // lesson-k1-006 before the fix
		{"xxxxx.ooooo", "black", false},
		{"xxxx.ooo", "black", true},
		{"xxxx", "", true},
		{"xxxxooo", "", false},
	} {
		if got := gomokuCountProblem(c.board, c.toMove) != ""; got != c.bad {
			t.Errorf("%s %s: bad %v, want %v", c.board, c.toMove, got, c.bad)
		}
	}
}
