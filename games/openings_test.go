package games

import (
	"fmt"
	"strings"
	"testing"

	"qixue/rules/chess"
)

// Every line of the public table names itself: replayed from the start,
// it is classified with its own ECO code and name (issue 30).
func TestECOTableNamesEveryLine(t *testing.T) {
	lines, err := lichessLines(ecoFiles)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < 3800 {
		t.Fatalf("%d lines, want the whole table (3,807 at 51b88624)", len(lines))
	}
	bad := 0
	for _, l := range lines {
		o, ok := ClassifyChessSAN(l.moves)
		if !ok || o.ECO != l.eco || o.Name != l.name {
			if bad++; bad <= 10 {
				t.Errorf("%s %s %q: named %v %s %q", l.where, l.eco, l.name, ok, o.ECO, o.Name)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d lines not named as the table names them", bad, len(lines))
	}
	groups := map[byte]int{}
	zh := 0
	for _, o := range ChessOpenings() {
		groups[o.ECO[0]]++
		if o.NameZh != "" {
			zh++
		}
	}
	for _, g := range "ABCDE" {
		if groups[byte(g)] < 300 {
			t.Errorf("ECO volume %c has %d openings", g, groups[byte(g)])
		}
	}
	// Most lines belong to a family with a common Chinese name.
	if zh*100 < len(lines)*95 {
		t.Errorf("%d of %d openings have a Chinese name", zh, len(lines))
	}
}

// Every family of familyZh is a family of the table (no typing error
// leaves a Chinese name unused), and our own Chinese names are replayed.
func TestChineseOpeningNames(t *testing.T) {
	families := map[string]bool{}
	for _, o := range ChessOpenings() {
		f, _, _ := strings.Cut(o.Name, ": ")
		families[f] = true
	}
	for f := range familyZh {
		if !families[f] {
			t.Errorf("familyZh names %q, which the table does not have", f)
		}
	}
	cur, err := curatedZh()
	if err != nil {
		t.Fatal(err)
	}
	used := 0
	for _, o := range ChessOpenings() {
		for _, c := range cur {
			if c[1] == o.NameZh {
				used++
				break
			}
		}
	}
	if len(cur) < 150 || used < 150 {
		t.Errorf("%d Chinese names of our own, %d used", len(cur), used)
	}
	for name, want := range map[string]string{
		"Sicilian Defense: Najdorf Variation, English Attack": "西西里防御：Najdorf Variation, English Attack",
		"French Defense": "法兰西防御",
		"Vienna Gambit, with Max Lange Defense: Hamppe-Muzio Gambit": "维也纳弃兵：马克斯·朗格防御：Hamppe-Muzio Gambit",
		"Queen's Gambit Declined: Exchange Variation":                "拒绝后翼弃兵：Exchange Variation",
		"Lemming Defense": "",
	} {
		if got := familyNameZh(name); got != want {
			t.Errorf("%q: %q, want %q", name, got, want)
		}
	}
	// The table's own checks refuse what they should.
	for _, bad := range []string{
		"eco\tname\tpgn\nC20\tx\t1. e4 e5\nC21\ty\t1. e4 e5",                 // same position twice
		"eco\tname\tpgn\nC20\tx\t1. e4 e5 2. Ke3",                            // illegal move
		"eco\tname\tpgn\nC20\tx",                                             // missing field
		"eco\tname\tpgn\nB00\tx\t1. Nf3 Nf6 2. g3\nA00\ty\t1. g3 Nf6 2. Nf3", // a transposition is the same position
		"eco\tname\tpgn\nX20\tx\t1. e4",                                      // bad code
		"code\tname\tpgn\nC20\tx\t1. e4",                                     // bad header
	} {
		lines, err := parseECOTSV("t.tsv", bad)
		if err == nil {
			_, err = buildECO(lines)
		}
		if err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestClassifyChess(t *testing.T) {
	for _, c := range []struct{ moves, eco, name string }{
		{"e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4", "C54", "Italian Game: Classical Variation, Greco Gambit, Traditional Line"},
		{"e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3", "B90", "Sicilian Defense: Najdorf Variation, English Attack"},
		{"e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 h3", "B90", "Sicilian Defense: Najdorf Variation, Adams Attack"},
		// transpositions: the English move order into a Nimzo-Indian, a
		// Réti into a Catalan
		{"c4 e6 Nc3 Nf6 d4 Bb4 e3", "E40", "Nimzo-Indian Defense: Rubinstein System"},
		{"Nf3 Nf6 c4 e6 g3 d5 d4 Be7 Bg2", "E06", "Catalan Opening: Closed"},
		{"Nf3 d5 c4 c6 d4", "D11", "Slav Defense: Modern Line"},
		{"e4 e5 Nf3 Nc6 Bb5 a6", "C70", "Ruy Lopez: Morphy Defense"},
		// the same position by another move order
		{"Nf3 Nc6 e4 e5 Bb5 a6", "C70", "Ruy Lopez: Morphy Defense"},
		{"d4", "A40", "Queen's Pawn Game"},
		{"", "", ""},
		// an illegal move stops reading: the moves before it count
		// (2...Nf6 would make it the Two Knights Defence)
		{"e4 e5 Nf3 Nc6 Bc4 Bc4 Nf6", "C50", "Italian Game"},
	} {
		o, ok := ClassifyChessSAN(strings.Fields(c.moves))
		if c.eco == "" {
			if ok {
				t.Errorf("%q: got %s %s, want none", c.moves, o.ECO, o.Name)
			}
			continue
		}
		if !ok || o.ECO != c.eco || o.Name != c.name {
			t.Errorf("%q: got %v %s %q, want %s %q", c.moves, ok, o.ECO, o.Name, c.eco, c.name)
		}
	}
}

func TestClassifyChessPositions(t *testing.T) {
	pos := chess.StartPosition()
	var positions []chess.Position
	for _, s := range strings.Fields("c4 e6 Nc3 Nf6 d4 Bb4 Qc2 O-O") {
		m, err := pos.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		pos, _ = pos.Play(m)
		positions = append(positions, pos)
	}
	if o, ok := ClassifyChessPositions(positions); !ok || o.ECO != "E32" {
		t.Errorf("got %v %+v, want E32", ok, o)
	}
	if _, ok := ClassifyChessPositions(nil); ok {
		t.Error("no positions classified")
	}
}

func ExampleClassifyChessSAN() {
	o, _ := ClassifyChessSAN([]string{"d4", "Nf6", "c4", "g6", "Nc3", "Bg7", "e4", "d6", "f3", "O-O"})
	fmt.Println(o.Label("en"))
	fmt.Println(o.Label("zh-CN"))
	// Output:
	// E81 King's Indian Defense: Sämisch Variation, Normal Defense
	// E81 王翼印度防御：萨米什变例，Normal Defense
}

// A game of 60 plies: classification looks at its first plies only.
func BenchmarkClassifyChess(b *testing.B) {
	san := strings.Fields("e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6 f3 Be7 Qd2 O-O O-O-O Nbd7 g4 b5 g5 b4 Ne2 Ne8 f4 a5 f5 a4 Nbd4 exd4 Nxd4 b3 Kb1 bxc2+ Nxc2 Bb3 axb3 axb3 Na3 Nc5")
	o, ok := ClassifyChessSAN(san)
	if !ok {
		b.Fatal("not classified")
	}
	b.Log(o.ECO, o.Name)
	pos := chess.StartPosition()
	var moves []chess.Move
	for _, s := range san {
		m, err := pos.ParseMove(s)
		if err != nil {
			break
		}
		pos, _ = pos.Play(m)
		moves = append(moves, m)
	}
	b.Run("moves", func(b *testing.B) {
		for b.Loop() {
			ClassifyChess(moves)
		}
	})
	positions := make([]chess.Position, len(moves))
	pos = chess.StartPosition()
	for i, m := range moves {
		pos, _ = pos.Play(m)
		positions[i] = pos
	}
	b.Run("positions", func(b *testing.B) {
		for b.Loop() {
			ClassifyChessPositions(positions)
		}
	})
}
