package chess

import (
	"errors"
	"reflect"
	"testing"
)

var fuzzFENs = []string{
	StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
	"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
	"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
	"4k3/8/8/8/8/8/8/qR4KR w HB - 0 1",
}

// FuzzFEN: no input panics; an accepted FEN prints back to a FEN that reads
// the same, and every generated move is accepted by Play.
func FuzzFEN(f *testing.F) {
	for _, s := range fuzzFENs {
		f.Add(s)
	}
	f.Add("8/8/8/8/8/8/8/8 w - - 0 1")
	f.Add("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) || fe.Code() == "" || fe.Message("zh-CN") == "" {
				t.Fatalf("ParseFEN(%q): untyped error %v", s, err)
			}
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil || q.FEN() != out {
			t.Fatalf("ParseFEN(%q) printed %q, which reads back as %v", s, out, err)
		}
		if n := p.b.countLegal(); n != len(p.LegalMoves()) {
			t.Fatalf("%s: countLegal %d, generated %d", out, n, len(p.LegalMoves()))
		}
		for _, m := range p.LegalMoves() {
			next, err := p.Play(m)
			if err != nil {
				t.Fatalf("%s: generated %v refused: %v", out, m, err)
			}
			if _, err := ParseFEN(next.FEN()); err != nil {
				t.Fatalf("%s: after %v the FEN %s is invalid: %v", out, m, next.FEN(), err)
			}
			if got, err := p.ParseMove(p.SAN(m)); err != nil || !got.same(m) {
				t.Fatalf("%s: SAN %s of %v reads back as %v, %v", out, p.SAN(m), m, got, err)
			}
		}
	})
}

// FuzzPlay: a move is accepted by Play exactly when it is generated, and a
// refusal is a typed error with a reason.
func FuzzPlay(f *testing.F) {
	for i, s := range fuzzFENs {
		f.Add(s, byte(12+i), byte(28+i), byte(0))
	}
	f.Add(fuzzFENs[6], byte(49), byte(57), byte(5))
	f.Add(fuzzFENs[1], byte(4), byte(6), byte(0))
	f.Fuzz(func(t *testing.T, fen string, from, to, promo byte) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m := NewMove(Square(from%64), Square(to%64), PieceType(promo%7))
		generated := false
		for _, g := range p.LegalMoves() {
			generated = generated || g.same(m)
		}
		_, err = p.Play(m)
		if generated != (err == nil) {
			t.Fatalf("%s %v: generated %v but Play says %v", fen, m, generated, err)
		}
		if err != nil {
			var ie *IllegalMoveError
			if !errors.As(err, &ie) || ie.Code() == "" || ie.Message("zh-CN") == "" || ie.Message("en") == "" {
				t.Fatalf("%s %v: untyped refusal %v", fen, m, err)
			}
		}
	})
}

// FuzzSAN: ParseMove never panics, and what it accepts is legal and prints
// back to SAN that reads as the same move.
func FuzzSAN(f *testing.F) {
	for _, s := range []string{"e4", "Nf3", "O-O", "0-0-0", "exd6 e.p.", "fe", "e8=Q+", "Ng1-f3", "e7e8q", "Qh4#", "bc4", "Kxf2!?"} {
		for _, fen := range fuzzFENs[:2] {
			f.Add(fen, s)
		}
	}
	f.Fuzz(func(t *testing.T, fen, s string) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		m, err := p.ParseMove(s)
		if err != nil {
			var ie *IllegalMoveError
			if !errors.As(err, &ie) || ie.Code() == "" {
				t.Fatalf("ParseMove(%q): untyped error %v", s, err)
			}
			return
		}
		if _, err := p.Play(m); err != nil {
			t.Fatalf("ParseMove(%q) = %v, which Play refuses: %v", s, m, err)
		}
		if back, err := p.ParseMove(p.SAN(m)); err != nil || !back.same(m) {
			t.Fatalf("SAN %s reads back as %v, %v", p.SAN(m), back, err)
		}
	})
}

// FuzzPGN: no input panics, and every game read without error exports to
// PGN that reads back to the same moves.
func FuzzPGN(f *testing.F) {
	f.Add("1.e4e52.Nf3Nc63.Bc4Nf64.Nc3d65.0-0Bg4 6.d3Be77.Re10-0 1-0")
	f.Add("[Event \"x\"]\n{c} 1. e4 $1 e5!? (1... c5 2. Nf3) 2. Nf3 ; note\n2... Nc6 *\n\n[Event \"y\"]\n1. d4 d5 1/2-1/2")
	f.Add("1. e4 e5 2. Ke3 *")
	f.Add("[FEN \"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\"]\n1. b8=Q+ Kd7 *")
	f.Add("21.d4ed22.Rg3 黑方超时1-0")
	f.Add("1. ｅ４ ｅ５ 2. Ｎｆ３ -- 3. Z0 (3. d4 Ke3 4. c4) 1-0 ff\nFrom: x\n\n* *")
	f.Add("[Variant \"Crazyhouse\"]\n1. e4 *\n[FEN \"3r3k/2P1P3/8/8/8/8/6PP/6K1 w - - 0 1\"]\n1. exd8=q+ Kg7 2. c8=K *")
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range ParsePGN(s) {
			if g.Err != nil {
				if g.Err.Code() == "" || g.Err.Message("zh-CN") == "" {
					t.Fatalf("untyped error %v", g.Err)
				}
				continue
			}
			out := g.PGN()
			back := ParsePGN(out)
			if len(back) != 1 || back[0].Err != nil || !reflect.DeepEqual(back[0].Moves, g.Moves) {
				t.Fatalf("export of %q does not read back:\n%s", s, out)
			}
		}
	})
}
