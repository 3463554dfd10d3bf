package numchess

import (
	"context"
	"slices"
	"sync"
)

// Reach is one (piece, destination) the side to move can reach, found by
// Engine.Reaches without building the move's expressions: what a search
// needs at every node. Kind is the simplest rule that gets there; Spanned
// is the number of pieces a single span jumps (0 for steps and hops) and
// Segments the number of segments of the shortest chain (1 for the other
// rules). Engine.Witness turns a Reach into a Move that Play accepts.
type Reach struct {
	Piece    int
	From, To Point
	Kind     Kind
	Spanned  int
	Segments int
}

var scratchPool = sync.Pool{New: func() any { return new(genScratch) }}

// Reaches appends to buf every (piece, destination) of the side to move,
// the same set as LegalMoves (ordered by piece, then destination), and
// returns it. It gives up when ctx is done and then returns ctx's error;
// the engine's caches keep only complete answers (see LegalMovesContext).
// It costs what MoveCount costs: no witnesses are built.
func (e *Engine) Reaches(ctx context.Context, pos Position, buf []Reach) ([]Reach, error) {
	return e.reaches(ctx, pos, buf, false)
}

// ReachesShort is Reaches without the moves that need a segment over more
// than ExplicitSpanMax pieces: a subset of Reaches, every one legal, that
// costs much less on positions with long lines of pieces (the solver's
// decisions for long segments dominate there). A search uses it below
// the root, where a rare long span matters less than depth.
func (e *Engine) ReachesShort(ctx context.Context, pos Position, buf []Reach) ([]Reach, error) {
	return e.reaches(ctx, pos, buf, true)
}

func (e *Engine) reaches(ctx context.Context, pos Position, buf []Reach, short bool) ([]Reach, error) {
	g := scratchPool.Get().(*genScratch)
	defer scratchPool.Put(g)
	g.ctx, g.short = ctx, short
	g.epoch++ // edges cached by an earlier call may include long segments
	out := buf
	err := bounded(func() {
		side := pos.turn
		for n := 0; n < 10; n++ {
			from := pos.pieces[side][n]
			if !from.Valid() {
				continue
			}
			e.destinations(g, &pos, n)
			list := slices.Clone(g.list)
			slices.Sort(list)
			for _, to := range list {
				r := Reach{Piece: n, From: from, To: pt(to), Kind: g.dest[to], Segments: 1}
				switch r.Kind {
				case SingleSpan:
					dir, _, _ := lineDir(g.start, to)
					r.Spanned = len(g.spanned(g.start, to, dir))
				case ChainSpan:
					r.Segments = g.depth[to]
				}
				out = append(out, r)
			}
		}
	})
	g.ctx, g.pos = nil, nil
	if err != nil {
		return buf, err
	}
	return out, nil
}

// After returns the position after r, which must come from Reaches on
// pos (or be otherwise legal there): the piece moves and the turn passes.
// It does not check the move; use Play for a move from outside.
func (r Reach) After(pos Position) Position {
	return pos.apply(pos.turn, r.Piece, r.To)
}

// Witness returns the move for r with its expressions from the ruleset's
// solver, exactly as LegalMoves gives it, or false when r is not a legal
// (piece, destination) in pos. It gives up when ctx is done.
func (e *Engine) Witness(ctx context.Context, pos Position, r Reach) (Move, bool, error) {
	if r.Piece < 0 || r.Piece > 9 || !pos.pieces[pos.turn][r.Piece].Valid() {
		return Move{}, false, nil
	}
	g := genScratch{ctx: ctx}
	var m Move
	found := false
	err := bounded(func() {
		e.destinations(&g, &pos, r.Piece)
		to := r.To.Index()
		if to >= 0 && slices.Contains(g.list, to) {
			m, found = e.witness(&g, r.Piece, to), true
		}
	})
	if err != nil {
		return Move{}, false, err
	}
	return m, found, nil
}

// zobrist keys: one per (side, piece, point), and one for Blue to move.
var zobrist = func() (z [2][10][NumPoints]uint64) {
	x := uint64(0x9E3779B97F4A7C15)
	for s := range z {
		for n := range z[s] {
			for i := range z[s][n] {
				// splitmix64
				x += 0x9E3779B97F4A7C15
				v := x
				v = (v ^ v>>30) * 0xBF58476D1CE4E5B9
				v = (v ^ v>>27) * 0x94D049BB133111EB
				z[s][n][i] = v ^ v>>31
			}
		}
	}
	return z
}()

const zobristBlue = 0x6A09E667F3BCC909

// Key returns a 64-bit hash of the pieces and the side to move (not the
// move number), the same for equal placements: a key for transposition
// tables and repetition checks.
func (p Position) Key() uint64 {
	var k uint64
	for s := Red; s <= Blue; s++ {
		for n, q := range p.pieces[s] {
			if q.Valid() {
				k ^= zobrist[s][n][q.Index()]
			}
		}
	}
	if p.turn == Blue {
		k ^= zobristBlue
	}
	return k
}
