package draughts

import "testing"

func TestSearchHelpers(t *testing.T) {
	for _, fen := range []string{InitialFEN, "W:WK46,28:B14,K5", "B:W27,28,32,33:B17,18,22,23"} {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		moves := p.AppendLegalMoves(nil)
		if len(moves) != len(p.LegalMoves()) {
			t.Fatalf("%s: %d appended moves, %d legal", fen, len(moves), len(p.LegalMoves()))
		}
		hasCap := false
		for _, m := range moves {
			q, err := p.Play(m)
			if err != nil || q != p.After(m) {
				t.Fatalf("%s: After(%s) differs from Play", fen, m)
			}
			if q.Key() == p.Key() {
				t.Fatalf("%s: %s leaves the key", fen, m)
			}
			hasCap = hasCap || m.IsCapture()
		}
		if hasCap != p.HasCapture() {
			t.Fatalf("%s: HasCapture %v", fen, p.HasCapture())
		}
		w, b, k := p.Bitboards()
		for s := Square(1); s <= 50; s++ {
			pc := p.At(s)
			bit := uint64(1) << (s - 1)
			if (pc.Color() == White && pc != NoPiece) != (w&bit != 0) || (pc.Color() == Black && pc != NoPiece) != (b&bit != 0) || pc.IsKing() != (k&bit != 0) {
				t.Fatalf("%s: square %d is %v, bitboards say %v %v %v", fen, s, pc, w&bit != 0, b&bit != 0, k&bit != 0)
			}
		}
	}
}
