package chess

import (
	"strings"
	"testing"
)

// chess960Perft are Chess960 perft counts published with the Chess960
// perft results of chessprogramming.org, as several engines' test suites
// repeat them (Shredder-FEN castling).
var chess960Perft = []struct {
	fen    string
	counts []uint64
}{
	{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", []uint64{21, 528, 12189, 326672, 8146062}},
	{"1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", []uint64{28, 1120, 31058, 1171749}},
	{"bqnr1kr1/pppppp1p/6p1/5n2/4B3/3N2PP/PbPPPP2/BQNR1KR1 w GDgd - 2 9", []uint64{31, 1132, 36559, 1261476}},
	{"b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", []uint64{20, 479, 10471, 273318}},
	{"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", []uint64{0, 0, 0, 0, 16253601}},
	{"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", []uint64{0, 0, 0, 0, 9183776}},
}

func TestPerftChess960(t *testing.T) {
	for _, tt := range chess960Perft {
		p, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatalf("%s: %v", tt.fen, err)
		}
		if !p.Chess960() {
			t.Errorf("%s: not read as Chess960", tt.fen)
		}
		if p.FEN() != tt.fen {
			t.Errorf("FEN %s, want %s", p.FEN(), tt.fen)
		}
		for d, want := range tt.counts {
			if want == 0 || (d >= 4 && testing.Short()) {
				continue
			}
			if got := p.Perft(d + 1); got != want {
				t.Errorf("%s perft(%d) = %d, want %d", tt.fen, d+1, got, want)
			}
		}
	}
}

func TestChess960Castling(t *testing.T) {
	for _, fen := range []string{"4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "4k3/8/8/8/8/8/8/1R4KR w KQ - 0 1"} {
		p, err := ParseFEN960(fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.FEN() != "4k3/8/8/8/8/8/8/1R4KR w HB - 0 1" {
			t.Errorf("%s reads as %s", fen, p.FEN())
		}
		for in, want := range map[string]string{
			"O-O":   "4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1",
			"O-O-O": "4k3/8/8/8/8/8/8/2KR3R b - - 1 1",
			"g1h1":  "4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1",
		} {
			m, err := p.ParseMove(in)
			if err != nil {
				t.Errorf("%s %s: %v", fen, in, err)
				continue
			}
			after, _ := p.Play(m)
			if after.FEN() != want || p.SAN(m) != map[bool]string{true: "O-O", false: "O-O-O"}[m.To() == H1] {
				t.Errorf("%s %s: %s (%s), want %s", fen, in, after.FEN(), p.SAN(m), want)
			}
		}
	}
	// A rook on b1 shields the king's destination c1 from the queen on a1
	// only until it moves away: O-O-O is illegal.
	p, err := ParseFEN("4k3/8/8/8/8/8/8/qR4K1 w B - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.ParseMove("O-O-O"); err == nil || err.(*IllegalMoveError).Code() != ReasonCastleNoRight {
		t.Errorf("O-O-O into the queen's line: %v", err)
	}
	// A rook moving loses its right; a king move loses both.
	p, _ = ParseFEN960("4k3/8/8/8/8/8/8/1R4KR w HB - 0 1")
	after, _ := p.Play(mustMove(t, p, "Rh2"))
	if after.FEN() != "4k3/8/8/8/8/8/7R/1R4K1 b B - 1 1" {
		t.Errorf("after Rh2: %s", after.FEN())
	}
	after, _ = p.Play(mustMove(t, p, "Kg2"))
	if !strings.Contains(after.FEN(), " b - ") {
		t.Errorf("after Kg2: %s", after.FEN())
	}
}

func mustMove(t *testing.T, p Position, s string) Move {
	t.Helper()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestParsePGNChess960(t *testing.T) {
	text := "[Variant \"Chess960\"]\n[FEN \"4k3/8/8/8/8/8/8/1R4KR w KQ - 0 1\"]\n\n1. O-O Kd7 2. Rb7+ *\n\n" +
		"[Variant \"Chess960\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n"
	games := ParsePGN(text)
	if len(games) != 2 || games[0].Err != nil || games[1].Err != nil {
		t.Fatalf("%+v", games)
	}
	if got := games[0].Final().FEN(); got != "8/1R1k4/8/8/8/8/8/5RK1 b - - 3 2" {
		t.Errorf("game 1: %s", got)
	}
	if got := games[1].Final().FEN(); got != "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha - 5 4" {
		t.Errorf("game 2: %s", got)
	}
	back := ParsePGN(games[0].PGN())
	if len(back) != 1 || back[0].Err != nil || back[0].Final() != games[0].Final() {
		t.Errorf("export:\n%s", games[0].PGN())
	}
}

// TestXFENWithoutVariantTag reads a real Chess960 start (position 0,
// BBQNNRKR) whose KQkq rights name rooks off the a/h files, written
// without a [Variant "Chess960"] tag: it is X-FEN, and castling takes the
// outermost rook.
func TestXFENWithoutVariantTag(t *testing.T) {
	const fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Chess960() {
		t.Fatal("not read as Chess960")
	}
	moves := "1. Nd3 Nd6 2. Ne3 Ne6 3. c3 c6 4. Qc2 Qc7 5. O-O-O O-O-O *\n"
	games := ParsePGN("[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n" + moves +
		"\n[Variant \"Chess960\"]\n[FEN \"" + fen + "\"]\n\n" + moves)
	if len(games) != 2 || games[0].Err != nil || games[1].Err != nil {
		t.Fatalf("%+v", games)
	}
	if got, want := games[0].Final().FEN(), games[1].Final().FEN(); got != want || got != "bbkr3r/ppqppppp/2pnn3/8/8/2PNN3/PPQPPPPP/BBKR3R w - - 4 6" {
		t.Errorf("final %s, want %s (castled queenside)", got, want)
	}
	// Standard positions keep the standard reading; an impossible right
	// is still refused.
	if _, err := ParseFEN("4k3/8/8/8/8/8/8/4K3 w K - 0 1"); err == nil {
		t.Error("K without a rook accepted")
	}
	if p, err := ParseFEN(StartFEN); err != nil || p.Chess960() {
		t.Errorf("start position: %v %v", err, p.Chess960())
	}
}
