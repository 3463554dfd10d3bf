package numchess

import (
	"math/rand/v2"
	"testing"

	"qixue/rules/numchess/arith"
)

// randomGame plays random generated moves and calls check on every position.
func randomGame(t *testing.T, eng *Engine, rng *rand.Rand, plies int, check func(Position)) {
	pos := Start()
	for i := 0; i < plies; i++ {
		check(pos)
		moves := eng.LegalMoves(pos)
		if len(moves) == 0 {
			return
		}
		m := moves[rng.IntN(len(moves))]
		next, err := eng.Play(pos, m)
		if err != nil {
			t.Fatalf("generated %s refused in %s: %v", m, pos, err)
		}
		pos = next
	}
}

// TestGeneratedMovesPlay: every generated witness is accepted by Play, ends
// where it says, and (piece, destination) pairs are distinct.
func TestGeneratedMovesPlay(t *testing.T) {
	for _, rs := range []Ruleset{K1(), G23(), G46()} {
		eng := NewEngine(rs)
		rng := rand.New(rand.NewPCG(1, uint64(len(rs.Name))))
		games := 4
		if sampled() {
			games = 1
		}
		for g := 0; g < games; g++ {
			randomGame(t, eng, rng, 40, func(pos Position) {
				seen := map[[2]int]bool{}
				for _, m := range eng.LegalMoves(pos) {
					k := [2]int{m.Piece, m.To().Index()}
					if seen[k] {
						t.Fatalf("%s: %s generated twice", pos, m)
					}
					seen[k] = true
					mi, err := eng.Check(pos, m)
					if err != nil {
						t.Fatalf("%s: generated %s refused: %v", pos, m, err)
					}
					if mi.Kind == ChainSpan && !rs.Chains {
						t.Fatalf("%s: chain %s generated in %s", pos, m, rs.Name)
					}
				}
				if n := eng.MoveCount(pos); n != len(seen) {
					t.Fatalf("%s: MoveCount %d, LegalMoves %d", pos, n, len(seen))
				}
			})
		}
	}
}

// TestPlayedMovesAreGenerated builds random span chains over the board's
// geometry with expressions from the solver and checks that whenever Play
// accepts one, its destination is among the generated moves of that piece.
func TestPlayedMovesAreGenerated(t *testing.T) {
	eng := NewEngine(G46())
	rng := rand.New(rand.NewPCG(7, 7))
	accepted := 0
	games := 3
	if sampled() {
		games = 1
	}
	for g := 0; g < games; g++ {
		randomGame(t, eng, rng, 40, func(pos Position) {
			gen := map[[2]int]bool{}
			for _, m := range eng.LegalMoves(pos) {
				gen[[2]int{m.Piece, m.To().Index()}] = true
			}
			for try := 0; try < 40; try++ {
				m, ok := randomSpanMove(eng, pos, rng)
				if !ok {
					continue
				}
				if _, err := eng.Play(pos, m); err != nil {
					continue
				}
				accepted++
				if !gen[[2]int{m.Piece, m.To().Index()}] {
					t.Fatalf("%s: Play accepts %s but the generator lacks %d→%s", pos, m, m.Piece, m.To())
				}
			}
		})
	}
	if accepted < 50 {
		t.Errorf("only %d random moves were legal: the test is too weak", accepted)
	}
}

// randomSpanMove walks random spans (1-5 segments) from a random piece and
// writes expressions for one common value, taken from the shortest
// segment's values; segments may span up to seven pieces.
func randomSpanMove(eng *Engine, pos Position, rng *rand.Rand) (Move, bool) {
	side := pos.Turn()
	n := rng.IntN(10)
	start := pos.Where(side, n)
	if !start.Valid() {
		return Move{}, false
	}
	g := &genScratch{pos: &pos, start: start.Index(), epoch: 1}
	segs := 1 + rng.IntN(5)
	cur := start.Index()
	var path []int
	var groups [][]int
	for i := 0; i < segs; i++ {
		g.epoch++
		es := g.edgesFrom(cur)
		if len(es) == 0 {
			break
		}
		ed := es[rng.IntN(len(es))]
		groups = append(groups, g.spanned(cur, int(ed.to), int(ed.dir)))
		path = append(path, int(ed.to))
		cur = int(ed.to)
	}
	if len(path) == 0 {
		return Move{}, false
	}
	var v arith.Rat
	if len(path) == 1 {
		v = arith.Int(int64(n))
	} else {
		// The common value comes from the shortest segment; a chain whose
		// segments are all long is the one case move generation bounds
		// (see ExplicitSpanMax), so it is not built.
		short := 0
		for i, gr := range groups {
			if len(gr) < len(groups[short]) {
				short = i
			}
		}
		if len(groups[short]) > ExplicitSpanMax {
			return Move{}, false
		}
		vals := eng.Solver().Reachable(groups[short])
		if len(vals) == 0 {
			return Move{}, false
		}
		v = vals[rng.IntN(len(vals))]
		if rng.IntN(2) == 0 {
			v = arith.Int(int64(groups[short][0])) // small values chain more often
			if len(groups[short]) > 1 {
				v = vals[0]
			}
		}
	}
	m := Move{Piece: n, From: start}
	for i, q := range path {
		if len(groups[i]) > ExplicitSpanMax+2 {
			return Move{}, false // solving eight or more digits can take seconds
		}
		if len(groups[i]) > ExplicitSpanMax && !eng.Solver().CanMake(groups[i], v) {
			return Move{}, false // Solve would search everything
		}
		e, ok := eng.Solver().Solve(groups[i], v)
		if !ok {
			return Move{}, false
		}
		m.Path = append(m.Path, pt(q))
		m.Exprs = append(m.Exprs, e)
	}
	return m, true
}

// FuzzPlay plays a fuzzed move in a fuzzed position: it must never panic,
// refusals must be *IllegalMoveError, and an accepted move's destination
// must be among the generated moves of that piece.
func FuzzPlay(f *testing.F) {
	after1489 := "r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8b2,9a2;b:0a17,1e13,2c14,3b14,4i13,5c15,6b15,7a15,8a16,9b16 r 3"
	f.Add(StartFEN, "0a1-e5[9-5-4]")
	f.Add(after1489, "8b2-f5[6-2]-d5[4]")
	f.Add(after1489, "8b2-f5[6-2]-d5[4]-f5[4]")
	f.Add("r:7e5,3g5;b: r 1", "7e5-h5[3]-f5[3]-h5[3]")
	f.Add("r:2e5;b:0d5,1f5 r 1", "2e5-c5[0]-g5[0*1]")
	eng := NewEngine(G46())
	f.Fuzz(func(t *testing.T, ps, ms string) {
		pos, err := ParsePosition(ps)
		if err != nil {
			return
		}
		m, err := ParseMove(ms)
		if err != nil {
			return
		}
		next, err := eng.Play(pos, m)
		if err != nil {
			if _, ok := err.(*IllegalMoveError); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		found := false
		for _, g := range eng.LegalMoves(pos) {
			found = found || (g.Piece == m.Piece && g.To() == m.To())
		}
		if !found {
			t.Fatalf("%s: Play accepts %s but the generator does not reach %s", pos, m, m.To())
		}
		if next.Turn() == pos.Turn() {
			t.Fatalf("turn did not pass")
		}
	})
}
