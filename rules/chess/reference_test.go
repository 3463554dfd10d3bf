package chess

import (
	"math/rand"
	"sort"
	"strings"
	"testing"
)

// refBoard is a deliberately simple mailbox board used as an independent
// reference for the bitboard move generator.
type refBoard struct {
	sq     [64]Piece
	side   Color
	castle uint8
	ep     Square
}

func refFrom(p Position) refBoard {
	return refBoard{sq: p.b.sq, side: p.b.side, castle: p.b.castle, ep: p.b.ep}
}

func onBoard(f, r int) bool { return f >= 0 && f < 8 && r >= 0 && r < 8 }

var (
	knightSteps = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
)

// attacked reports whether colour by attacks s, walking rays square by square.
func (b *refBoard) attacked(s Square, by Color) bool {
	f, r := s.File(), s.Rank()
	is := func(df, dr int, types ...PieceType) bool {
		if !onBoard(f+df, r+dr) {
			return false
		}
		p := b.sq[NewSquare(f+df, r+dr)]
		for _, t := range types {
			if p == NewPiece(by, t) {
				return true
			}
		}
		return false
	}
	for _, d := range knightSteps {
		if is(d[0], d[1], Knight) {
			return true
		}
	}
	for _, d := range kingSteps {
		if is(d[0], d[1], King) {
			return true
		}
	}
	dir := -1 // a white pawn attacks from below
	if by == Black {
		dir = 1
	}
	if is(-1, dir, Pawn) || is(1, dir, Pawn) {
		return true
	}
	for i, d := range kingSteps {
		slider := Rook
		if i%2 == 1 {
			slider = Bishop
		}
		for k := 1; onBoard(f+k*d[0], r+k*d[1]); k++ {
			p := b.sq[NewSquare(f+k*d[0], r+k*d[1])]
			if p == NoPiece {
				continue
			}
			if p == NewPiece(by, slider) || p == NewPiece(by, Queen) {
				return true
			}
			break
		}
	}
	return false
}

// legalMoves returns the UCI strings of all legal moves.
func (b *refBoard) legalMoves() []string {
	us := b.side
	var out []string
	add := func(from, to Square, promo PieceType, kind moveFlag) {
		c := *b
		c.sq[to] = c.sq[from]
		c.sq[from] = NoPiece
		switch kind {
		case flagEnPassant:
			c.sq[NewSquare(to.File(), from.Rank())] = NoPiece
		case flagCastle:
			if to.File() == 6 {
				c.sq[to-1], c.sq[to+1] = c.sq[to+1], NoPiece
			} else {
				c.sq[to+1], c.sq[to-2] = c.sq[to-2], NoPiece
			}
		}
		if promo != NoPieceType {
			c.sq[to] = NewPiece(us, promo)
		}
		for s := Square(0); s < 64; s++ {
			if c.sq[s] == NewPiece(us, King) {
				if c.attacked(s, us^1) {
					return
				}
			}
		}
		out = append(out, NewMove(from, to, promo).String())
	}
	for from := Square(0); from < 64; from++ {
		p := b.sq[from]
		if p == NoPiece || p.Color() != us {
			continue
		}
		f, r := from.File(), from.Rank()
		target := func(df, dr int) (Square, bool, bool) { // square, on board, empty-or-enemy
			if !onBoard(f+df, r+dr) {
				return 0, false, false
			}
			t := NewSquare(f+df, r+dr)
			return t, true, b.sq[t] == NoPiece || b.sq[t].Color() != us
		}
		switch p.Type() {
		case Pawn:
			dir, start, last := 1, 1, 7
			if us == Black {
				dir, start, last = -1, 6, 0
			}
			pawnTo := func(t Square, kind moveFlag) {
				if t.Rank() == last {
					for _, pr := range []PieceType{Queen, Rook, Bishop, Knight} {
						add(from, t, pr, kind)
					}
				} else {
					add(from, t, NoPieceType, kind)
				}
			}
			if t, ok, _ := target(0, dir); ok && b.sq[t] == NoPiece {
				pawnTo(t, flagNone)
				if t2, ok2, _ := target(0, 2*dir); ok2 && r == start && b.sq[t2] == NoPiece {
					add(from, t2, NoPieceType, flagNone)
				}
			}
			for _, df := range []int{-1, 1} {
				t, ok, _ := target(df, dir)
				if !ok {
					continue
				}
				if b.sq[t] != NoPiece && b.sq[t].Color() != us {
					pawnTo(t, flagNone)
				} else if t == b.ep {
					add(from, t, NoPieceType, flagEnPassant)
				}
			}
		case Knight, King:
			steps := knightSteps
			if p.Type() == King {
				steps = kingSteps
			}
			for _, d := range steps {
				if t, ok, free := target(d[0], d[1]); ok && free {
					add(from, t, NoPieceType, flagNone)
				}
			}
		default:
			for i, d := range kingSteps {
				if p.Type() == Rook && i%2 == 1 || p.Type() == Bishop && i%2 == 0 {
					continue
				}
				for k := 1; ; k++ {
					t, ok, free := target(k*d[0], k*d[1])
					if !ok || !free {
						break
					}
					add(from, t, NoPieceType, flagNone)
					if b.sq[t] != NoPiece {
						break
					}
				}
			}
		}
	}
	// Castling: rights, empty squares, king not in check and not passing
	// or landing on an attacked square.
	home := E1
	rights := b.castle & 3
	if us == Black {
		home, rights = E8, b.castle>>2
	}
	if b.sq[home] == NewPiece(us, King) && !b.attacked(home, us^1) {
		if rights&1 != 0 && b.sq[home+1] == NoPiece && b.sq[home+2] == NoPiece && !b.attacked(home+1, us^1) {
			add(home, home+2, NoPieceType, flagCastle)
		}
		if rights&2 != 0 && b.sq[home-1] == NoPiece && b.sq[home-2] == NoPiece && b.sq[home-3] == NoPiece && !b.attacked(home-1, us^1) {
			add(home, home-2, NoPieceType, flagCastle)
		}
	}
	sort.Strings(out)
	return out
}

// TestAgainstReference compares the move generator with the simple
// reference on positions from random games, and checks the invariants that
// tie the rest of the package together on each of them.
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	starts := loadPerft(t)
	positions := 0
	for game := 0; game < 60; game++ {
		p := mustFEN(t, starts[game%len(starts)].fen)
		for ply := 0; ply < 120; ply++ {
			positions++
			moves := p.LegalMoves()
			var got []string
			for _, m := range moves {
				got = append(got, m.String())
			}
			sort.Strings(got)
			ref := refFrom(p)
			if want := ref.legalMoves(); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Fatalf("%s:\n got %v\nwant %v", p.FEN(), got, want)
			}
			if n := p.b.countLegal(); n != len(moves) {
				t.Fatalf("%s: countLegal %d, generated %d", p.FEN(), n, len(moves))
			}
			if back, err := ParseFEN(p.FEN()); err != nil || back.FEN() != p.FEN() {
				t.Fatalf("%s: FEN does not read back: %v", p.FEN(), err)
			}
			if p.InCheck() {
				e, err := p.Escapes()
				if err != nil || len(e.Moves) != len(moves) {
					t.Fatalf("%s: escapes %v %v", p.FEN(), e, err)
				}
			}
			if len(moves) == 0 {
				break
			}
			m := moves[rng.Intn(len(moves))]
			san := p.SAN(m)
			if back, err := p.ParseMove(san); err != nil || !back.same(m) {
				t.Fatalf("%s: SAN %s reads as %v, %v", p.FEN(), san, back, err)
			}
			var err error
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d positions checked", positions)
}

// TestRandomPlacementsAgainstReference compares the generators on random
// piece placements (many pins, checks and promotions that games rarely
// reach), with en-passant squares where the placement allows one.
func TestRandomPlacementsAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	letters := "PNBRQpnbrq"
	checked := 0
	for checked < 3000 {
		var rows [8][8]byte
		put := func(c byte) {
			for {
				f, r := rng.Intn(8), rng.Intn(8)
				if rows[r][f] == 0 && !((c == 'P' || c == 'p') && (r == 0 || r == 7)) {
					rows[r][f] = c
					return
				}
			}
		}
		put('K')
		put('k')
		for i := rng.Intn(12); i > 0; i-- {
			put(letters[rng.Intn(len(letters))])
		}
		var sb strings.Builder
		for r := 7; r >= 0; r-- {
			empty := 0
			for f := 0; f < 8; f++ {
				if rows[r][f] == 0 {
					empty++
					continue
				}
				if empty > 0 {
					sb.WriteByte(byte('0' + empty))
					empty = 0
				}
				sb.WriteByte(rows[r][f])
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
			}
			if r > 0 {
				sb.WriteByte('/')
			}
		}
		side := []string{" w", " b"}[rng.Intn(2)]
		ep := "-"
		if f := rng.Intn(8); side == " w" {
			ep = NewSquare(f, 5).String()
		} else {
			ep = NewSquare(f, 2).String()
		}
		p, err := ParseFEN(sb.String() + side + " - " + ep + " 0 1")
		if err != nil {
			p, err = ParseFEN(sb.String() + side + " - - 0 1")
		}
		if err != nil {
			continue
		}
		checked++
		var got []string
		for _, m := range p.LegalMoves() {
			got = append(got, m.String())
		}
		sort.Strings(got)
		ref := refFrom(p)
		if want := ref.legalMoves(); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Fatalf("%s:\n got %v\nwant %v", p.FEN(), got, want)
		}
		if n := p.b.countLegal(); n != len(got) {
			t.Fatalf("%s: countLegal %d, generated %d", p.FEN(), n, len(got))
		}
		if p.InCheck() {
			e, _ := p.Escapes()
			for _, m := range e.Moves {
				if m.Method == EscapeBlock && p.PieceAt(m.Move.From()).Type() == King {
					t.Fatalf("%s: king move %s classified as block", p.FEN(), m.SAN)
				}
				if len(e.Checkers) > 1 && p.PieceAt(m.Move.From()).Type() != King {
					t.Fatalf("%s: double check answered by %s", p.FEN(), m.SAN)
				}
				if m.Method == EscapeBlock {
					ksq := p.b.kingSquare(p.Turn())
					if len(e.Checkers) != 1 || tables.between[ksq][e.Checkers[0].Square]&bit(m.Move.To()) == 0 {
						t.Fatalf("%s: block %s does not stand between king and checker", p.FEN(), m.SAN)
					}
				}
				if m.Method == EscapeCapture && !m.Move.IsEnPassant() && m.Move.To() != e.Checkers[0].Square &&
					(len(e.Checkers) < 2 || m.Move.To() != e.Checkers[1].Square) {
					t.Fatalf("%s: capture %s does not take a checker", p.FEN(), m.SAN)
				}
			}
		}
	}
}
