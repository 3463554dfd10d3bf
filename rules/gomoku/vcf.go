package gomoku

import (
	"fmt"
	"math/rand/v2"
)

// fivePoints appends to dst the empty points where c makes a winning five.
func (b *Board) fivePoints(dst []int, t *shapeTable, c Colour) []int {
	for i := range NumPoints {
		if b.cells[i] != Empty {
			continue
		}
		for d := range Direction(4) {
			if b.shapeAt(t, c, d, i).five {
				dst = append(dst, i)
				break
			}
		}
	}
	return dst
}

// makesFour reports whether c on the empty point i makes at least one four
// (and no five), and for Black in renju that i is not forbidden.
func (b *Board) makesFour(r Ruleset, t *shapeTable, c Colour, i int) bool {
	four := false
	for d := range Direction(4) {
		s := b.shapeAt(t, c, d, i)
		if s.five {
			return false
		}
		if s.fours > 0 {
			four = true
		}
	}
	if !four {
		return false
	}
	if r.hasForbidden(c) {
		exact, _ := tables()
		return !b.forbidden(exact, i)
	}
	return true
}

// vcfError builds a refusal of a VCF line naming move n.
func vcfError(n int, code, en, zh string) error {
	return errf(code, en, zh).atMove(n)
}

// CheckVCF verifies a victory by continuous fours (连续冲四胜) for
// attacker under rules r: line alternates the attacker's moves and the
// defender's replies, starting with the attacker. Every attacker move but
// the last must make a four (and, for Black in renju, not be forbidden)
// while the defender has no five to play; every defender reply must block
// the five; the line ends with the attacker's five, or with a four whose
// only block is forbidden to a Black defender in renju. The board is not
// changed. Refusals are *Error values naming the move: "vcf_not_four",
// "vcf_defender_wins", "vcf_wrong_block", "vcf_unfinished", "occupied" or a
// forbidden-move code.
func CheckVCF(board *Board, r Ruleset, attacker Colour, line []Point) error {
	b := *board
	defender := attacker.Opponent()
	ta, td := tableFor(r, attacker), tableFor(r, defender)
	var fives []int
	for k, p := range line {
		n := k + 1
		i := int(p.i)
		if b.cells[i] != Empty {
			return errOccupied(p).atMove(n)
		}
		if k%2 == 1 { // defender
			fives = b.fivePoints(fives[:0], ta, attacker)
			blocks := false
			for _, f := range fives {
				blocks = blocks || f == i
			}
			if !blocks {
				return vcfError(n, "vcf_wrong_block", fmt.Sprintf("%s does not stop the five; the defender must play %s", p, pointList(fives)),
					fmt.Sprintf("%s挡不住五连，防守方必须下在%s", p, pointList(fives)))
			}
			b.set(i, defender)
			continue
		}
		if b.makesFive(r, attacker, p) != (Segment{}) {
			if n != len(line) {
				return vcfError(n+1, "vcf_unfinished", "the line goes on after the five", "五连之后不应再有着法")
			}
			return nil
		}
		if dfives := b.fivePoints(fives[:0], td, defender); len(dfives) > 0 {
			blocks := false
			for _, f := range dfives {
				blocks = blocks || f == i
			}
			if !blocks || len(dfives) > 1 {
				return vcfError(n, "vcf_defender_wins", fmt.Sprintf("the defender has a five at %s", pointList(dfives)),
					fmt.Sprintf("防守方可以在%s连五", pointList(dfives)))
			}
		}
		if r.hasForbidden(attacker) {
			if f, ok := b.ExplainForbidden(p); ok {
				return f.Err().atMove(n)
			}
		}
		if !b.makesFour(r, ta, attacker, i) {
			return vcfError(n, "vcf_not_four", fmt.Sprintf("%s does not make a four", p), fmt.Sprintf("%s没有形成冲四", p))
		}
		b.set(i, attacker)
		if dfives := b.fivePoints(fives[:0], td, defender); len(dfives) > 0 {
			return vcfError(n, "vcf_defender_wins", fmt.Sprintf("after %s the defender makes five at %s", p, pointList(dfives)),
				fmt.Sprintf("%s之后防守方可以在%s连五", p, pointList(dfives)))
		}
		if n == len(line) {
			fives = b.fivePoints(fives[:0], ta, attacker)
			if len(fives) == 1 && r.hasForbidden(defender) && b.IsForbidden(PointAt(fives[0])) {
				return nil // the only block is forbidden to Black
			}
		}
	}
	return vcfError(len(line)+1, "vcf_unfinished", "the line does not end with a five", "这串着法没有以五连结束")
}

func pointList(is []int) string {
	s := ""
	for k, i := range is {
		if k > 0 {
			s += " "
		}
		s += PointAt(i).String()
	}
	return s
}

// zobrist keys for the VCF transposition table.
var zobrist = func() (z [2][NumPoints]uint64) {
	rng := rand.New(rand.NewPCG(5, 15))
	for c := range 2 {
		for i := range NumPoints {
			z[c][i] = rng.Uint64()
		}
	}
	return z
}()

type vcfSearch struct {
	r                  Ruleset
	attacker, defender Colour
	ta, td             *shapeTable
	b                  Board
	hash               uint64
	failed             map[uint64]int // positions with no VCF within that many fours
	nodes              int
	limit              int
}

func (s *vcfSearch) set(i int, c Colour) {
	s.b.set(i, c)
	s.hash ^= zobrist[c-1][i]
}

func (s *vcfSearch) clear(i int) {
	s.hash ^= zobrist[s.b.cells[i]-1][i]
	s.b.clear(i)
}

// FindVCF searches for a victory by continuous fours for attacker under
// rules r using at most maxFours fours (the final five not counted). It
// returns the shortest line it finds in the form CheckVCF accepts
// (attacker, defender, ..., attacker's five), or false. maxFours above 15
// is treated as 15; the search gives up after a few million positions.
func FindVCF(board *Board, r Ruleset, attacker Colour, maxFours int) ([]Point, bool) {
	s := &vcfSearch{r: r, attacker: attacker, defender: attacker.Opponent(), b: *board,
		failed: map[uint64]int{}, limit: 4_000_000}
	s.ta, s.td = tableFor(r, attacker), tableFor(r, s.defender)
	for i := range NumPoints {
		if c := s.b.cells[i]; c != Empty {
			s.hash ^= zobrist[c-1][i]
		}
	}
	maxFours = min(maxFours, 15)
	for depth := 0; depth <= maxFours; depth++ {
		if line, ok := s.search(depth); ok {
			out := make([]Point, len(line))
			for k, i := range line {
				out[k] = PointAt(i)
			}
			return out, true
		}
		if s.nodes > s.limit {
			break
		}
	}
	return nil, false
}

// search returns a winning line of at most depth fours, attacker to move.
func (s *vcfSearch) search(depth int) ([]int, bool) {
	s.nodes++
	var buf [8]int
	if f := s.b.fivePoints(buf[:0], s.ta, s.attacker); len(f) > 0 {
		return []int{f[0]}, true
	}
	if depth == 0 || s.nodes > s.limit {
		return nil, false
	}
	if d, ok := s.failed[s.hash]; ok && d >= depth {
		return nil, false
	}
	var dbuf [8]int
	dfives := s.b.fivePoints(dbuf[:0], s.td, s.defender)
	if len(dfives) > 1 {
		return nil, false
	}
	for i := range NumPoints {
		if s.b.cells[i] != Empty || (len(dfives) == 1 && i != dfives[0]) {
			continue
		}
		if !s.b.makesFour(s.r, s.ta, s.attacker, i) {
			continue
		}
		s.set(i, s.attacker)
		line, ok := s.answer(i, depth)
		s.clear(i)
		if ok {
			return line, true
		}
	}
	s.failed[s.hash] = depth
	return nil, false
}

// answer plays the defender's forced reply to the four on i and searches
// on; the attacker's stone is on i.
func (s *vcfSearch) answer(i, depth int) ([]int, bool) {
	var buf, dbuf [8]int
	if len(s.b.fivePoints(dbuf[:0], s.td, s.defender)) > 0 {
		return nil, false // the defender makes five instead of blocking
	}
	fives := s.b.fivePoints(buf[:0], s.ta, s.attacker)
	if len(fives) == 0 {
		return nil, false
	}
	if len(fives) == 1 && s.r.hasForbidden(s.defender) {
		exact, _ := tables()
		if s.b.forbidden(exact, fives[0]) {
			return []int{i}, true // Black cannot block
		}
	}
	q := fives[0]
	if len(fives) >= 2 {
		return []int{i, q, fives[1]}, true
	}
	s.set(q, s.defender)
	line, ok := s.search(depth - 1)
	s.clear(q)
	if !ok {
		return nil, false
	}
	return append([]int{i, q}, line...), true
}
