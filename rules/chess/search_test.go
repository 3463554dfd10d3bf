package chess

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSearchPrimitives walks random games from every perft-suite position
// and checks the search primitives against the checked API: AppendMoves is
// LegalMoves, Make is Play, AppendCaptures holds exactly the generated
// captures and promotions, and Key tells positions apart as FEN does.
func TestSearchPrimitives(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	keys := map[uint64]string{}
	for _, c := range loadPerftFile(t, "testdata/perftsuite.epd") {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 40; ply++ {
			moves := p.AppendMoves(make([]Move, 0, 256))
			if !slices.Equal(moves, p.LegalMoves()) {
				t.Fatalf("%s: AppendMoves differs from LegalMoves", p.FEN())
			}
			var caps []Move
			for _, m := range moves {
				if p.IsCapture(m) || m.Promotion() != NoPieceType {
					caps = append(caps, m)
				}
				if (p.Captured(m) != NoPieceType) != p.IsCapture(m) {
					t.Fatalf("%s %s: Captured and IsCapture disagree", p.FEN(), m)
				}
			}
			if got := p.AppendCaptures(nil); !slices.Equal(got, caps) {
				t.Fatalf("%s: AppendCaptures %v, want %v", p.FEN(), got, caps)
			}
			fen := p.FEN()
			if prev, ok := keys[p.Key()]; ok && withoutCounters(prev) != withoutCounters(fen) {
				t.Fatalf("key collision: %s and %s", prev, fen)
			}
			keys[p.Key()] = fen
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			want, err := p.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Make(m); got.FEN() != want.FEN() || got.Key() != want.Key() {
				t.Fatalf("%s %s: Make gives %s, Play %s", fen, m, got.FEN(), want.FEN())
			}
			p = want
		}
	}
}

// withoutCounters cuts the move counters off a FEN: the key ignores them.
func withoutCounters(fen string) string {
	f := strings.Fields(fen)
	return strings.Join(f[:4], " ")
}

func TestKeyTransposition(t *testing.T) {
	play := func(moves ...string) Position {
		p := StartPosition()
		for _, s := range moves {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p = p.Make(m)
		}
		return p
	}
	a, b := play("g1f3", "g8f6", "b1c3"), play("b1c3", "g8f6", "g1f3")
	if a.Key() != b.Key() {
		t.Error("transposed positions have different keys")
	}
	if c := play("g1f3", "g8f6", "b1c3", "b8c6"); c.Key() == a.Key() {
		t.Error("different positions share a key")
	}
	if n := a.MakeNull(); n.Key() == a.Key() || n.Turn() == a.Turn() {
		t.Error("MakeNull did not pass the move")
	}
	e, _ := ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
	f, _ := ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if e.Key() == f.Key() {
		t.Error("the en-passant square is not in the key")
	}
	if Attacks(White, Knight, B1, 0) != bit(NewSquare(0, 2))|bit(NewSquare(2, 2))|bit(NewSquare(3, 1)) {
		t.Error("knight attacks")
	}
	if Attacks(White, Pawn, NoSquare, 0) != 0 {
		t.Error("attacks from no square")
	}
}
