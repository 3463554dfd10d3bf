package exercises

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"qixue/rules/chess"
	"qixue/rules/game"
)

// The chess tactics units: every exercise tagged with a theme is checked
// for the theme's property in its position, with the engine, and a line
// that wins material is proved by a material search playing the best
// defence.

// chessThemeTags are the themes the tactics lessons teach; each has a
// property check below.
var chessThemeTags = []string{
	"chess.tactics.fork", "chess.tactics.pin", "chess.tactics.skewer", "chess.tactics.discovered",
	"chess.tactics.double_check", "chess.tactics.remove_defender",
	"chess.mate.back_rank", "chess.mate.ladder", "chess.mate.queen", "chess.mate.rook",
}

// chessMaterialThemes are the themes whose best_move lines win material
// rather than mate.
var chessMaterialThemes = map[string]bool{
	"chess.tactics.fork": true, "chess.tactics.pin": true, "chess.tactics.skewer": true,
	"chess.tactics.discovered": true, "chess.tactics.remove_defender": true,
}

// chessWinsMaterial reports whether ex is a best_move line of a material
// theme.
func chessWinsMaterial(ex Exercise) bool {
	if ex.Kind != "chess.best_move" {
		return false
	}
	for _, tag := range ex.Tags {
		if chessMaterialThemes[tag] {
			return true
		}
	}
	return false
}

// chessLine is a position exercise's FEN and solution line.
func chessLine(t *testing.T, ex Exercise) (chess.Position, []chess.Move) {
	t.Helper()
	var p struct {
		FEN string `json:"fen"`
	}
	var s struct {
		Moves []string `json:"moves"`
	}
	if err := json.Unmarshal(ex.Prompt, &p); err != nil {
		t.Fatalf("%s: %v", ex.Key, err)
	}
	_ = json.Unmarshal(ex.Solution, &s)
	pos, err := chess.ParseFEN(p.FEN)
	if err != nil {
		t.Fatalf("%s: %v", ex.Key, err)
	}
	var line []chess.Move
	at := pos
	for _, in := range s.Moves {
		m, err := at.ParseMove(in)
		if err != nil {
			t.Fatalf("%s: %s: %v", ex.Key, in, err)
		}
		line = append(line, m)
		at, _ = at.Play(m)
	}
	return pos, line
}

// chessValueOf is the value of the piece on sq.
func chessValueOf(pos chess.Position, sq chess.Square) int {
	return chessValue[pos.PieceAt(sq).Type()]
}

// chessLineThrough returns the pieces a slider on from meets along each of
// its lines, in order, up to two per line.
func chessLineThrough(pos chess.Position, from chess.Square) [][]chess.Square {
	pc := pos.PieceAt(from)
	var dirs [][2]int
	switch pc.Type() {
	case chess.Rook:
		dirs = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	case chess.Bishop:
		dirs = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	case chess.Queen:
		dirs = [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	}
	var out [][]chess.Square
	for _, d := range dirs {
		var met []chess.Square
		for k := 1; k < 8 && len(met) < 2; k++ {
			f, r := from.File()+d[0]*k, from.Rank()+d[1]*k
			if f < 0 || f > 7 || r < 0 || r > 7 {
				break
			}
			if sq := chess.NewSquare(f, r); pos.PieceAt(sq) != chess.NoPiece {
				met = append(met, sq)
			}
		}
		out = append(out, met)
	}
	return out
}

// chessThemeProblem says why the first move m of a line from pos does not
// show theme, or "" when it does; last is the position after the whole
// line (for the mating patterns).
func chessThemeProblem(theme string, pos chess.Position, line []chess.Move) string {
	m := line[0]
	after, _ := pos.Play(m)
	us := pos.Turn()
	them := us.Other()
	end := pos
	for _, l := range line {
		end, _ = end.Play(l)
	}
	enemy := func(p chess.Position, sq chess.Square) bool {
		pc := p.PieceAt(sq)
		return pc != chess.NoPiece && pc.Color() == them
	}
	mover := chessValueOf(after, m.To())
	switch theme {
	case "chess.tactics.fork":
		// The moved piece attacks two enemy pieces, each the king, worth
		// more than it or unguarded.
		var hit []string
		for _, sq := range chessAttacks(after, m.To()) {
			if enemy(after, sq) && (chessValueOf(after, sq) > mover || !chessAttacked(after, sq, them)) {
				hit = append(hit, sq.String())
			}
		}
		if len(hit) < 2 {
			return fmt.Sprintf("%s attacks %v: not two pieces worth more or unguarded", pos.SAN(m), hit)
		}
	case "chess.tactics.pin", "chess.tactics.skewer":
		// The moved slider meets an enemy piece and behind it another:
		// for a pin the one behind is the king or worth more, for a
		// skewer the front one is.
		for _, met := range chessLineThrough(after, m.To()) {
			if len(met) < 2 || !enemy(after, met[0]) || !enemy(after, met[1]) {
				continue
			}
			front, back := chessValueOf(after, met[0]), chessValueOf(after, met[1])
			if theme == "chess.tactics.pin" && back > front || theme == "chess.tactics.skewer" && front > back {
				return ""
			}
		}
		return pos.SAN(m) + " lines up no such pair of pieces"
	case "chess.tactics.discovered":
		// A piece of ours behind the from-square now attacks an enemy
		// piece it did not attack before.
		for sq := chess.Square(0); sq < 64; sq++ {
			pc := after.PieceAt(sq)
			if pc == chess.NoPiece || pc.Color() != us || sq == m.To() {
				continue
			}
			before := map[chess.Square]bool{}
			for _, a := range chessAttacks(pos, sq) {
				before[a] = true
			}
			for _, a := range chessAttacks(after, sq) {
				if !before[a] && enemy(after, a) && chessValueOf(after, a) > 1 {
					return ""
				}
			}
		}
		return pos.SAN(m) + " uncovers no attack"
	case "chess.tactics.double_check":
		if n := len(after.Checkers()); n != 2 {
			return fmt.Sprintf("%s gives %d checks, not two", pos.SAN(m), n)
		}
	case "chess.tactics.remove_defender":
		// The move takes a piece that guarded another enemy piece, which
		// we attack and which is now unguarded.
		if !enemy(pos, m.To()) {
			return pos.SAN(m) + " takes nothing"
		}
		for _, sq := range chessAttacks(pos, m.To()) {
			if enemy(pos, sq) && chessAttacked(pos, sq, us) && !chessAttacked(after, sq, them) {
				return ""
			}
		}
		return pos.SAN(m) + " takes no piece's only guard"
	case "chess.mate.back_rank":
		// Mate on the king's back rank, along the rank, with the king shut
		// in by its own pieces on the rank in front of it.
		if end.Outcome().Method != chess.Checkmate {
			return "the line does not mate"
		}
		var king chess.Square
		for sq := chess.Square(0); sq < 64; sq++ {
			if pc := end.PieceAt(sq); pc.Type() == chess.King && pc.Color() == them {
				king = sq
			}
		}
		back := 0
		if them == chess.Black {
			back = 7
		}
		checkers := end.Checkers()
		if king.Rank() != back || len(checkers) != 1 || checkers[0].Rank() != back {
			return "the mate is not given along the back rank"
		}
		own := 0
		for _, sq := range chessAttacks(end, king) {
			if pc := end.PieceAt(sq); sq.Rank() != back && pc != chess.NoPiece && pc.Color() == them {
				own++
			}
		}
		if own < 2 {
			return "the king is not shut in by its own pieces"
		}
	case "chess.mate.ladder", "chess.mate.queen", "chess.mate.rook":
		want := map[string]string{"chess.mate.ladder": "RR", "chess.mate.queen": "Q", "chess.mate.rook": "R"}[theme]
		var ours, theirs string
		for sq := chess.Square(0); sq < 64; sq++ {
			pc := pos.PieceAt(sq)
			if pc == chess.NoPiece || pc.Type() == chess.King {
				continue
			}
			if pc.Color() == us {
				ours += pc.Type().Letter()
			} else {
				theirs += pc.Type().Letter()
			}
		}
		if ours != want || theirs != "" {
			return fmt.Sprintf("material %q against %q, want %q against a lone king", ours, theirs, want)
		}
		if end.Outcome().Method != chess.Checkmate {
			return "the line does not mate"
		}
	}
	return ""
}

// chessTacticProblems checks an exercise against the themes it is tagged
// with.
func chessTacticProblems(t *testing.T, ex Exercise) []string {
	var problems []string
	for _, tag := range ex.Tags {
		if !strings.HasPrefix(tag, "chess.tactics.") && !strings.HasPrefix(tag, "chess.mate.") || tag == "chess.tactics.line" {
			continue
		}
		known := false
		for _, th := range chessThemeTags {
			known = known || th == tag
		}
		if !known {
			continue // chess.mate.1 and the like
		}
		if ex.Kind != "chess.best_move" && ex.Kind != "chess.mate_in" {
			continue // a question about the theme, checked by its kind
		}
		pos, line := chessLine(t, ex)
		if p := chessThemeProblem(tag, pos, line); p != "" {
			problems = append(problems, tag+": "+p)
		}
	}
	return problems
}

func TestChessTacticsThemes(t *testing.T) {
	seen := map[string]int{}
	for _, ex := range wholeBank(t) {
		if !strings.HasPrefix(ex.Key, "chess/") {
			continue
		}
		for _, tag := range ex.Tags {
			seen[tag]++
		}
		for _, p := range chessTacticProblems(t, ex) {
			t.Errorf("%s: %s", ex.Key, p)
		}
	}
	for _, th := range chessThemeTags {
		if seen[th] < 2 {
			t.Errorf("theme %s: %d exercises, want at least 2", th, seen[th])
		}
	}
}

// chessMoveValue is the search value, for the side to move in pos, of m.
func chessMoveValue(pos chess.Position, m chess.Move, depth int) int {
	after, _ := pos.Play(m)
	return -chessLineValue(after, depth)
}

// chessMaterialLineProblems proves a best_move line that wins material:
// each of the student's moves is the only one that keeps the best result
// (every other move does at least a pawn worse), each reply is a best
// defence, and after the first move the student's side is at least two
// pawns up on the position before it, against the best defence.
func chessMaterialLineProblems(pos chess.Position, line []chess.Move) []string {
	var problems []string
	start := chessMaterialBalance(pos)
	if pos.Turn() == chess.Black {
		start = -start
	}
	at := pos
	for i, m := range line {
		depth := 3 - min(i, 2)
		v := chessMoveValue(at, m, depth)
		if i == 0 && v < start+2 {
			problems = append(problems, fmt.Sprintf("%s: %+d after the best defence, from %+d: wins less than two pawns", at.SAN(m), v, start))
		}
		for _, o := range at.LegalMoves() {
			if o == m {
				continue
			}
			ov := chessMoveValue(at, o, depth)
			if i%2 == 0 && ov > v-1 {
				problems = append(problems, fmt.Sprintf("%s is as good as %s (%+d, %+d): not the only move", at.SAN(o), at.SAN(m), ov, v))
			}
			if i%2 == 1 && ov > v {
				problems = append(problems, fmt.Sprintf("reply %s is not the best defence: %s does better (%+d, %+d)", at.SAN(m), at.SAN(o), ov, v))
			}
		}
		at, _ = at.Play(m)
	}
	return problems
}

func TestChessTacticsWinMaterial(t *testing.T) {
	n := 0
	for _, ex := range wholeBank(t) {
		if !chessWinsMaterial(ex) {
			continue
		}
		n++
		pos, line := chessLine(t, ex)
		for _, p := range chessMaterialLineProblems(pos, line) {
			t.Errorf("%s: %s", ex.Key, p)
		}
	}
	if n == 0 {
		t.Error("no tactics line found")
	}
}

// The checks catch what they are for.
func TestChessTacticsChecksCatch(t *testing.T) {
	line := func(fen string, sans ...string) (chess.Position, []chess.Move) {
		pos, err := chess.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		var ms []chess.Move
		at := pos
		for _, s := range sans {
			m, err := at.ParseMove(s)
			if err != nil {
				t.Fatal(s, err)
			}
			ms = append(ms, m)
			at, _ = at.Play(m)
		}
		return pos, ms
	}
	for _, c := range []struct {
		theme, fen string
		moves      []string
	}{
		// The knight on c7 attacks the rook but the king is out of reach.
		{"chess.tactics.fork", "r3k3/pp3ppp/8/3N4/8/8/PPP2PPP/5K2 w - - 0 1", []string{"Nb6"}},
		// A rook attacking a lone queen: nothing behind it.
		{"chess.tactics.pin", "7k/8/8/4q3/8/8/5K2/R7 w - - 0 1", []string{"Re1"}},
		// The same line seen as a skewer: the king is behind, not in front.
		{"chess.tactics.skewer", "4k3/8/8/4q3/8/8/5K2/R7 w - - 0 1", []string{"Re1"}},
		// A knight move with nothing behind it.
		{"chess.tactics.discovered", "7q/2k5/4P3/8/3N4/8/6B1/6K1 w - - 0 1", []string{"Nb5+"}},
		// A single check.
		{"chess.tactics.double_check", "7q/2k5/4P3/8/3N4/8/1B6/6K1 w - - 0 1", []string{"Nb5+"}},
		// Back-rank mate needs the king on its back rank.
		{"chess.mate.back_rank", "8/6k1/8/8/8/8/8/R5K1 w - - 0 1", []string{"Ra7+"}},
	} {
		pos, ms := line(c.fen, c.moves...)
		if chessThemeProblem(c.theme, pos, ms) == "" {
			t.Errorf("%s: %s %v passed", c.theme, c.fen, c.moves)
		}
	}
	// An equal trade does not win material; a move that is not the only
	// good one is caught.
	pos, ms := line("4k3/8/8/4r3/8/8/5K2/R7 w - - 0 1", "Re1")
	if len(chessMaterialLineProblems(pos, ms)) == 0 {
		t.Error("a rook for a rook passed as winning material")
	}
}

// A wrong move in a tactics line is explained by the engine: a piece it
// leaves to be taken for nothing is named with its square.
func TestChessWhyNotBestNamesHangingPiece(t *testing.T) {
	pos, err := chess.ParseFEN("r3k3/pp3ppp/8/3N4/8/8/PPP2PPP/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for san, want := range map[string]string{
		"Ne7": "your knight on e7 for nothing",
		"Nb6": "your knight on b6 for nothing",
		"Kd2": "Look for checks",
	} {
		m, err := pos.ParseMove(san)
		if err != nil {
			t.Fatal(err)
		}
		// The move in words (notation is taught in G46): its square, no SAN.
		if got := chessWhyNotBest(pos, m); !strings.Contains(got.EN, want) || !strings.Contains(got.ZH, m.To().String()) || strings.Contains(got.ZH+got.EN, san) {
			t.Errorf("%s: %+v, want %q", san, got, want)
		}
	}
	// A knight the mover can take back on its square is not given away.
	guarded, _ := chess.ParseFEN("r3k3/pp3ppp/8/3N4/8/8/P1P2PPP/1R2K3 w - - 0 1")
	m, _ := guarded.ParseMove("Nb6")
	if _, _, hangs := chessHangs(guarded, m); hangs {
		t.Error("Nb6 guarded by the rook on b1 called hanging")
	}
}

// TestChessDiagramsLegal: every chess lesson diagram is a position the
// rules allow (the side not to move is not in check, pawns off the end
// ranks, one king each), whether or not its caption names a move; an
// empty board (to show the squares) is allowed.
func TestChessDiagramsLegal(t *testing.T) {
	eachLesson(t, game.Chess, func(_ contentCurriculum, l contentLesson) {
		for i, b := range l.Blocks {
			if b.Type != "diagram" || b.Position == "start" || strings.HasPrefix(b.Position, "8/8/8/8/8/8/8/8 ") {
				continue
			}
			if _, err := chess.ParseFEN(b.Position); err != nil {
				t.Errorf("%s block %d: %s: %v", l.ID, i, b.Position, err)
			}
		}
	})
}
