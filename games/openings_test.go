package games

import (
	"fmt"
	"strings"
	"testing"

	"qixue/rules/chess"
)

func TestECOTable(t *testing.T) {
	idx, err := buildECO(ecoTable)
	if err != nil {
		t.Fatal(err)
	}
	groups := map[byte]int{}
	for _, o := range idx.list {
		groups[o.ECO[0]]++
		if len(o.ECO) != 3 || o.ECO[0] < 'A' || o.ECO[0] > 'E' || o.Name == "" || o.NameZh == "" {
			t.Errorf("bad entry %+v", o)
		}
	}
	if len(idx.list) < 150 {
		t.Errorf("%d openings, want at least 150", len(idx.list))
	}
	for _, g := range "ABCDE" {
		if groups[byte(g)] < 10 {
			t.Errorf("ECO group %c has %d openings", g, groups[byte(g)])
		}
	}
	// The table's own checks refuse what they should.
	for _, bad := range []string{
		"C20|x|x|e4 e5\nC21|y|y|e4 e5",           // same position twice
		"C20|x|x|e4 e5 Ke3",                      // illegal move
		"C20|x|x",                                // missing field
		"B00|x|x|Nf3 Nf6 g3\nA00|y|y|g3 Nf6 Nf3", // a transposition is the same position
	} {
		if _, err := buildECO(bad); err == nil {
			t.Errorf("buildECO(%q) accepted", bad)
		}
	}
}

func TestClassifyChess(t *testing.T) {
	for _, c := range []struct{ moves, eco, name string }{
		{"e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4", "C54", "Italian Game, 4.c3 Nf6 5.d4"},
		{"e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3", "B90", "Sicilian Defence, Najdorf, English Attack"},
		{"e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 h3", "B90", "Sicilian Defence, Najdorf Variation"},
		// transpositions: the English move order into a Nimzo-Indian, a
		// Réti into a Catalan
		{"c4 e6 Nc3 Nf6 d4 Bb4 e3", "E40", "Nimzo-Indian Defence, Rubinstein Variation"},
		{"Nf3 Nf6 c4 e6 g3 d5 d4 Be7 Bg2", "E06", "Catalan Opening, Closed Variation"},
		{"Nf3 d5 c4 c6 d4", "D11", "Slav Defence, 3.Nf3"},
		// 3...a6 is the Ruy Lopez until 4.Ba4
		{"e4 e5 Nf3 Nc6 Bb5 a6", "C60", "Ruy Lopez (Spanish Game)"},
		{"d4", "A40", "Queen's Pawn Game"},
		{"h4 a5", "", ""},
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
	// E80 King's Indian Defence, Sämisch Variation
	// E80 王翼印度防御：萨米什变例
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
