package chess

import (
	"context"
	"testing"

	rc "qixue/rules/chess"
)

func mustFEN(t testing.TB, fen string) rc.Position {
	t.Helper()
	p, err := rc.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFindsTactics: the strongest level finds mates and wins material in
// well-known positions at a fixed depth.
func TestFindsTactics(t *testing.T) {
	cases := []struct{ fen, want string }{
		{"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "d1d8"},                               // back-rank mate
		{"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "h5f7"}, // scholar's mate
		{"4k3/8/8/8/8/8/3q4/3QK3 w - - 0 1", "d1d2"},                                    // take the queen with the queen (Kxd2 is a dead draw)
		{"r3k2r/ppp2ppp/2n5/3q4/8/2N5/PPP2PPP/R2QK2R w KQkq - 0 1", "c3d5"},             // a free queen
		{"2r3k1/5ppp/8/8/8/8/Q4PPP/6K1 b - - 0 1", "c8c1"},                              // mate for black
	}
	for _, c := range cases {
		e, err := New(Levels, 1, 16)
		if err != nil {
			t.Fatal(err)
		}
		r, err := e.Search(context.Background(), mustFEN(t, c.fen), nil, Limits{Depth: 6}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Move.String() != c.want {
			t.Errorf("%s: played %s (score %d, pv %v), want %s", c.fen, r.Move, r.Score, r.PV, c.want)
		}
	}
}

// middlegame is a position out of the book (Kiwipete).
const middlegame = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func BenchmarkSearchDepth8(b *testing.B) {
	e, _ := New(Levels, 1, 20)
	pos := mustFEN(b, middlegame)
	var nodes int64
	for b.Loop() {
		e.NewGame()
		r, _ := e.Search(context.Background(), pos, nil, Limits{Depth: 10}, nil)
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
