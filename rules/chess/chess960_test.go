package chess

import (
	"errors"
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

// TestXFENNeedsVariantTag reads a real Chess960 start (position 0,
// BBQNNRKR) whose KQkq rights name rooks off the a/h files. With a
// [Variant "Chess960"] tag it is X-FEN and castling takes the outermost
// rook; without one it is standard chess: ParseFEN refuses the rights,
// the PGN reader drops them with a warning, and O-O-O is then refused at
// its move.
func TestXFENNeedsVariantTag(t *testing.T) {
	const fen = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
	if _, err := ParseFEN(fen); err == nil {
		t.Fatal("KQkq with the king on g1 read as standard chess")
	}
	p, err := ParseFEN960(fen)
	if err != nil || !p.Chess960() {
		t.Fatalf("ParseFEN960: %v %v", err, p.Chess960())
	}
	moves := "1. Nd3 Nd6 2. Ne3 Ne6 3. c3 c6 4. Qc2 Qc7 5. O-O-O O-O-O *\n"
	games := ParsePGN("[FEN \"" + fen + "\"]\n[SetUp \"1\"]\n\n" + moves +
		"\n[Variant \"Chess960\"]\n[FEN \"" + fen + "\"]\n\n" + moves)
	if len(games) != 2 || games[1].Err != nil {
		t.Fatalf("%+v", games)
	}
	if got := games[1].Final().FEN(); got != "bbkr3r/ppqppppp/2pnn3/8/8/2PNN3/PPQPPPPP/BBKR3R w - - 4 6" {
		t.Errorf("Chess960 final %s (want castled queenside)", got)
	}
	g := games[0]
	if g.Err == nil || g.Err.Number != 5 || g.Err.Side != White || g.Err.Code() != ReasonCastleNoRight {
		t.Fatalf("standard game: err %v, want move 5 (white) O-O-O refused", g.Err)
	}
	if len(g.Warnings) != 4 || g.Warnings[0].Tag != "FEN" || g.Warnings[0].Code() != "fen_castling_right_dropped" {
		t.Errorf("warnings %v, want the four rights dropped", g.Warnings)
	}
	// Rook files say Chess960 without a tag.
	if p, err := ParseFEN("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"); err != nil || !p.Chess960() {
		t.Errorf("Shredder-FEN: %v %v", err, p.Chess960())
	}
	if p, err := ParseFEN(StartFEN); err != nil || p.Chess960() {
		t.Errorf("start position: %v %v", err, p.Chess960())
	}
}

// TestImpossibleCastlingRight is issue 30's example: the right K with the
// king on c1 is not Chess960. ParseFEN names the field; a PGN game drops
// the right with a warning and refuses 1. O-O, naming the move.
func TestImpossibleCastlingRight(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/8/2K4R w K - 0 1"
	_, err := ParseFEN(fen)
	var fe *FENError
	if !errors.As(err, &fe) || fe.Field != "castling" || fe.Code() != "fen_impossible_castling" {
		t.Fatalf("ParseFEN: %v", err)
	}
	if !strings.Contains(fe.Message("zh-CN"), "易位权") || !strings.Contains(fe.Error(), "castling right K") {
		t.Errorf("messages %q / %q", fe.Message("zh-CN"), fe.Error())
	}
	p, notes, err := ParseFENLenient(fen)
	if err != nil || len(notes) != 1 || p.Chess960() || p.FEN() != "4k3/8/8/8/8/8/8/2K4R w - - 0 1" {
		t.Fatalf("lenient: %v %v %v %s", err, notes, p.Chess960(), p.FEN())
	}
	for _, side := range []struct{ fen, moves string }{
		{fen, "1. O-O *"},
		{"r5k1/8/8/8/8/8/8/4K3 b q - 0 1", "1... O-O-O *"},
	} {
		games := ParsePGN("[FEN \"" + side.fen + "\"]\n[SetUp \"1\"]\n\n" + side.moves + "\n")
		if len(games) != 1 {
			t.Fatalf("%d games", len(games))
		}
		g := games[0]
		if g.Err == nil || g.Err.Number != 1 || g.Err.Code() != ReasonCastleNoRight || len(g.Moves) != 0 ||
			!strings.Contains(g.Err.Error(), "right was dropped (castling right") || !strings.Contains(g.Err.Message("zh-CN"), "已被忽略") {
			t.Errorf("%s: err %v moves %d, want move 1 refused", side.fen, g.Err, len(g.Moves))
		}
		if len(g.Warnings) != 1 || g.Warnings[0].Code() != "fen_castling_right_dropped" ||
			!strings.Contains(g.Warnings[0].Message("zh-CN"), "已忽略") || !strings.Contains(g.Warnings[0].Error(), "dropped") {
			t.Errorf("%s: warnings %v", side.fen, g.Warnings)
		}
	}
	// The legal moves of the position do not include castling.
	for _, m := range p.LegalMoves() {
		if m.IsCastle() {
			t.Errorf("castling %v listed", m)
		}
	}
}

// TestFENFullmoveZero reads puzzle files' "w - - 1 0" as move 1.
func TestFENFullmoveZero(t *testing.T) {
	p, err := ParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 1 0")
	if err != nil || p.FullmoveNumber() != 1 {
		t.Fatalf("%v %d", err, p.FullmoveNumber())
	}
	games := ParsePGN("[FEN \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 1 0\"]\n[SetUp \"1\"]\n\n1. Ra8# 1-0\n")
	if len(games) != 1 || games[0].Err != nil || len(games[0].Moves) != 1 || games[0].Final().Outcome().Method != Checkmate {
		t.Fatalf("%+v", games)
	}
}
