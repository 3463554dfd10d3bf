package draughts

import (
	"math/rand"
	"sort"
	"testing"
)

// A deliberately simple second implementation of the move rules over a
// 10x10 array, used to check the bitboard generator on random positions.

type refBoard struct {
	cell [10][10]Piece
	turn Color
}

func toRef(p Position) refBoard {
	var b refBoard
	b.turn = p.Turn()
	for s := Square(1); s <= 50; s++ {
		b.cell[s.Row()][s.Col()] = p.At(s)
	}
	return b
}

type refMove struct {
	from, to Square
	taken    []Square // sorted
}

func (m refMove) key() string {
	k := m.from.String2() + ">" + m.to.String2() + ":"
	for _, t := range m.taken {
		k += t.String2() + ","
	}
	return k
}

func (s Square) String2() string { return string(rune('0'+int(s)/10)) + string(rune('0'+int(s)%10)) }

func onBoard(r, c int) bool { return r >= 0 && r < 10 && c >= 0 && c < 10 }

func (b *refBoard) moves() []refMove {
	var caps []refMove
	best := 0
	for s := Square(1); s <= 50; s++ {
		pc := b.cell[s.Row()][s.Col()]
		if pc == NoPiece || pc.Color() != b.turn {
			continue
		}
		taken := map[[2]int]bool{}
		var dfs func(r, c int, n int)
		dfs = func(r, c int, n int) {
			ext := false
			for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
				rr, cc := r+d[0], c+d[1]
				if pc.IsKing() {
					for onBoard(rr, cc) && b.emptyFor(rr, cc, s) {
						rr, cc = rr+d[0], cc+d[1]
					}
				}
				if !onBoard(rr, cc) {
					continue
				}
				q := b.cell[rr][cc]
				if q == NoPiece || q.Color() == b.turn || taken[[2]int{rr, cc}] {
					continue
				}
				lr, lc := rr+d[0], cc+d[1]
				for onBoard(lr, lc) && b.emptyFor(lr, lc, s) {
					ext = true
					taken[[2]int{rr, cc}] = true
					dfs(lr, lc, n+1)
					delete(taken, [2]int{rr, cc})
					if !pc.IsKing() {
						break
					}
					lr, lc = lr+d[0], lc+d[1]
				}
			}
			if !ext && n > 0 {
				m := refMove{from: s, to: squareAt(r, c)}
				for t := range taken {
					m.taken = append(m.taken, squareAt(t[0], t[1]))
				}
				sort.Slice(m.taken, func(i, j int) bool { return m.taken[i] < m.taken[j] })
				if n > best {
					best, caps = n, nil
				}
				if n == best {
					caps = append(caps, m)
				}
			}
		}
		dfs(s.Row(), s.Col(), 0)
	}
	if len(caps) > 0 {
		seen := map[string]bool{}
		var out []refMove
		for _, m := range caps {
			if !seen[m.key()] {
				seen[m.key()] = true
				out = append(out, m)
			}
		}
		return out
	}
	var out []refMove
	for s := Square(1); s <= 50; s++ {
		pc := b.cell[s.Row()][s.Col()]
		if pc == NoPiece || pc.Color() != b.turn {
			continue
		}
		for _, d := range [4][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
			if !pc.IsKing() && (d[0] == 1) != (b.turn == Black) {
				continue
			}
			r, c := s.Row()+d[0], s.Col()+d[1]
			for onBoard(r, c) && b.cell[r][c] == NoPiece {
				out = append(out, refMove{from: s, to: squareAt(r, c)})
				if !pc.IsKing() {
					break
				}
				r, c = r+d[0], c+d[1]
			}
		}
	}
	return out
}

// emptyFor reports whether (r, c) is empty, counting the moving piece's start
// square as empty.
func (b *refBoard) emptyFor(r, c int, moving Square) bool {
	return b.cell[r][c] == NoPiece || squareAt(r, c) == moving
}

func (b refBoard) play(m refMove) refBoard {
	pc := b.cell[m.from.Row()][m.from.Col()]
	b.cell[m.from.Row()][m.from.Col()] = NoPiece
	for _, t := range m.taken {
		b.cell[t.Row()][t.Col()] = NoPiece
	}
	if pc == WhiteMan && m.to.Row() == 0 {
		pc = WhiteKing
	}
	if pc == BlackMan && m.to.Row() == 9 {
		pc = BlackKing
	}
	b.cell[m.to.Row()][m.to.Col()] = pc
	b.turn = b.turn.Other()
	return b
}

func refPerft(b refBoard, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range b.moves() {
		n += refPerft(b.play(m), depth-1)
	}
	return n
}

// randomPosition places a few men and kings of each side at random.
func randomPosition(rng *rand.Rand) Position {
	var p Position
	for c := White; c <= Black; c++ {
		men, kings := rng.Intn(4+rng.Intn(14)), rng.Intn(5)
		if men+kings == 0 {
			kings = 1
		}
		for i := 0; i < men+kings; i++ {
			s := Square(1 + rng.Intn(50))
			b := bit(int(bitOf(s)))
			if (p.side[0]|p.side[1])&b != 0 {
				continue
			}
			king := i >= men
			if !king && b&crown(c) != 0 {
				continue
			}
			p.side[c] |= b
			if king {
				p.kings |= b
			}
		}
	}
	p.turn = Color(rng.Intn(2))
	return p
}

func TestMovesAgreeWithReference(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		p := randomPosition(rng)
		ref := toRef(p)
		want := map[string]bool{}
		for _, m := range ref.moves() {
			want[m.key()] = true
		}
		got := map[string]bool{}
		for _, m := range p.LegalMoves() {
			k := refMove{from: m.From(), to: m.To(), taken: m.Captured()}.key()
			if got[k] {
				t.Fatalf("%s: move %s generated twice", p.FEN(), k)
			}
			got[k] = true
		}
		for k := range want {
			if !got[k] {
				t.Fatalf("%s: missing move %s", p.FEN(), k)
			}
		}
		for k := range got {
			if !want[k] {
				t.Fatalf("%s: extra move %s", p.FEN(), k)
			}
		}
		if d := 3; i%10 == 0 {
			if a, b := Perft(p, d), refPerft(ref, d); a != b {
				t.Fatalf("%s: perft(%d) = %d, reference %d", p.FEN(), d, a, b)
			}
		}
	}
}
