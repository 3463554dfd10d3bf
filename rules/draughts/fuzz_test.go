package draughts

import (
	"math/rand"
	"strings"
	"testing"
)

// FuzzParseFEN checks that ParseFEN never panics and that an accepted
// position prints to a canonical FEN that reads back to the same position.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{InitialFEN, "B:WK4,28:B12,K46", `"W:BK1-3,20:W40,K41."`, "W:W3", "W:W51", "W:W31,31", "X", "W::", "W:W1-50", "B:W:B"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			if _, ok := err.(*FormatError); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		q, err := ParseFEN(p.FEN())
		if err != nil || q != p {
			t.Fatalf("%q: canonical %q reads back as %v, %v", s, p.FEN(), q.FEN(), err)
		}
	})
}

// fuzzPositions are the positions FuzzParseMove plays in.
var fuzzPositions = []string{
	InitialFEN,
	"W:W32,34,36:B27,17,29",
	"W:WK3,10:B11,14,19,23,32,35,36,37,38,43",
	"W:WK37:B32,22,21,31,23",
	"B:WK26,K29,K34,K38:BK3,K14,K23,16,19",
}

// FuzzParseMove checks that ParseMove never panics, that what it accepts is
// legal, and that the shortest notation of every legal move parses back to
// the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"32-28", "28x19", "3x20x31", "3x31", "37x37", "32x12", "51-1", "x", "1-", "-1", "32--28", "1x2x3x4x5"} {
		f.Add(uint8(0), s)
		f.Add(uint8(2), s)
	}
	f.Fuzz(func(t *testing.T, which uint8, s string) {
		p, err := ParseFEN(fuzzPositions[int(which)%len(fuzzPositions)])
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(s)
		if err != nil {
			if _, ok := err.(*IllegalMoveError); !ok {
				t.Fatalf("error of type %T", err)
			}
		} else if !p.IsLegal(m) {
			t.Fatalf("%q accepted as illegal move %v", s, m)
		}
		for _, l := range p.LegalMoves() {
			back, err := p.ParseMove(p.Notation(l))
			if err != nil || back != l {
				t.Fatalf("%s: %s parses as %v, %v", p, p.Notation(l), back, err)
			}
		}
	})
}

// FuzzParsePDN checks that ParsePDN never panics and that an accepted game
// is written as PDN that reads back to the same moves, comments and
// variations.
func FuzzParsePDN(f *testing.F) {
	f.Add(sampleGame)
	f.Add("[FEN \"B:W28,K46:B19,23\"]\n1... 23x32 {forced} 2. 46x14 *")
	f.Add("1. 32-28 (19-23 {x}) 19-23 2. 28x19 $2 14x23 1-1")
	f.Add("[Event \"a\"]\n1. 32-28 19-23 2. 33-29")
	f.Add("{unclosed")
	f.Add("\ufeff1. 32 - 28 19- 23 2. 28x 19 ... 14x23 1/2-1/2")
	f.Add("[FEN \"?:W31,32,:B1,2\"]\n1. 32x27 *")
	f.Add("1. 32-28 2-0 ff\nFrom: a@b\n[Event \"b\"]\n1. 31-27 *")
	f.Add("1. 32-28 19-23 ({or} 1... 18-23 {x} (1... 17-22 2. 28x17 11x22) 2. 38-32 ; c\n) 2. 28x19 (2. 33-29? 14-20) 14x23 *")
	f.Add("1. 32-28 (1. 31-27 ; a { b\n ( c } ) (1. 32x28 !?) 19-23 (!?) *")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParsePDN(s)
		if err != nil {
			if _, ok := err.(*FormatError); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		out := g.PDN()
		g2, err := ParsePDN(out)
		if err != nil {
			t.Fatalf("exported PDN does not parse: %v\n%s", err, out)
		}
		if g2.Position() != g.Position() || len(g2.moves) != len(g.moves) {
			t.Fatalf("round trip changed the game:\n%s\n%s", out, g2.PDN())
		}
		lines, lines2 := gameLines(g), gameLines(g2)
		for ply := 0; ply <= len(g.moves); ply++ {
			if commentText(g.Comment(ply)) != commentText(g2.Comment(ply)) ||
				strings.Join(lines[ply], "|") != strings.Join(lines2[ply], "|") {
				t.Fatalf("round trip changed ply %d: %q %q, %q %q\n%s", ply, g.Comment(ply), lines[ply], g2.Comment(ply), lines2[ply], out)
			}
		}
		if out2 := g2.PDN(); out2 != out {
			t.Fatalf("PDN not stable:\n%s\n%s", out, out2)
		}
	})
}

// FuzzParsePDNGames checks that reading a many-game file never panics and
// that every entry is either a game or a reason.
func FuzzParsePDNGames(f *testing.F) {
	f.Add(sampleGame + "\n" + sampleGame)
	f.Add("[Event \"a\"]\n1. 32-28 {x\n[Event \"b\"]\n1. 31-27 *")
	f.Add("1. 32-28 ( 19-23\n[FEN \"W:B:W31:B1\"]\n1. 31-26 *")
	f.Fuzz(func(t *testing.T, s string) {
		for i, g := range ParsePDNGames(s) {
			if (g.Game == nil) == (g.Err == nil) {
				t.Fatalf("game %d: %+v", i+1, g)
			}
		}
	})
}

// FuzzMovesAgree compares the bitboard generator with the reference one on
// random positions (generated move ⇔ legal move).
func FuzzMovesAgree(f *testing.F) {
	for i := int64(0); i < 8; i++ {
		f.Add(i)
	}
	f.Fuzz(func(t *testing.T, seed int64) {
		p := randomPosition(rand.New(rand.NewSource(seed)))
		want := map[string]bool{}
		ref := toRef(p)
		for _, m := range ref.moves() {
			want[m.key()] = true
		}
		got := p.LegalMoves()
		if len(got) != len(want) {
			t.Fatalf("%s: %d moves, reference %d", p, len(got), len(want))
		}
		for _, m := range got {
			if !want[refMove{from: m.From(), to: m.To(), taken: m.Captured()}.key()] {
				t.Fatalf("%s: extra move %v", p, m)
			}
		}
	})
}

// commentText is a comment as PDN writes it back: spaces folded, "}"
// (which cannot stand inside braces) written as ")".
func commentText(c string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(c, "}", ")")), " ")
}
