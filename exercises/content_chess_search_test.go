package exercises

// Helpers the chess tactics content tests share: the squares a piece
// attacks, material, and a small material search that plays the best
// defence (captures to quiet, checkmate counted above all material).

import (
	"qixue/rules/chess"
)

// chessValue is the usual teaching value of a piece; the king is worth
// more than everything so a piece attacking it counts as attacking more.
var chessValue = map[chess.PieceType]int{
	chess.Pawn: 1, chess.Knight: 3, chess.Bishop: 3, chess.Rook: 5, chess.Queen: 9, chess.King: 100,
}

// chessAttacks returns the squares the piece on from attacks (where it
// could capture, ignoring pins): pawns diagonally forward, sliders up to
// and including the first piece on each line.
func chessAttacks(pos chess.Position, from chess.Square) []chess.Square {
	pc := pos.PieceAt(from)
	if pc == chess.NoPiece {
		return nil
	}
	f, r := from.File(), from.Rank()
	var out []chess.Square
	add := func(df, dr int) bool {
		nf, nr := f+df, r+dr
		if nf < 0 || nf > 7 || nr < 0 || nr > 7 {
			return false
		}
		sq := chess.NewSquare(nf, nr)
		out = append(out, sq)
		return pos.PieceAt(sq) == chess.NoPiece
	}
	slide := func(dirs [][2]int) {
		for _, d := range dirs {
			for k := 1; k < 8; k++ {
				nf, nr := f+d[0]*k, r+d[1]*k
				if nf < 0 || nf > 7 || nr < 0 || nr > 7 {
					break
				}
				sq := chess.NewSquare(nf, nr)
				out = append(out, sq)
				if pos.PieceAt(sq) != chess.NoPiece {
					break
				}
			}
		}
	}
	straight := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	diagonal := [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	switch pc.Type() {
	case chess.Pawn:
		dr := 1
		if pc.Color() == chess.Black {
			dr = -1
		}
		add(-1, dr)
		add(1, dr)
	case chess.Knight:
		for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
			add(d[0], d[1])
		}
	case chess.King:
		for _, d := range append(straight, diagonal...) {
			add(d[0], d[1])
		}
	case chess.Bishop:
		slide(diagonal)
	case chess.Rook:
		slide(straight)
	case chess.Queen:
		slide(append(straight, diagonal...))
	}
	return out
}

// chessAttacked reports whether a piece of colour by attacks sq.
func chessAttacked(pos chess.Position, sq chess.Square, by chess.Color) bool {
	for s := chess.Square(0); s < 64; s++ {
		pc := pos.PieceAt(s)
		if pc == chess.NoPiece || pc.Color() != by {
			continue
		}
		for _, a := range chessAttacks(pos, s) {
			if a == sq {
				return true
			}
		}
	}
	return false
}

// chessMaterialBalance is White's material minus Black's, kings left out.
func chessMaterialBalance(pos chess.Position) int {
	v := 0
	for s := chess.Square(0); s < 64; s++ {
		pc := pos.PieceAt(s)
		if pc == chess.NoPiece || pc.Type() == chess.King {
			continue
		}
		if pc.Color() == chess.White {
			v += chessValue[pc.Type()]
		} else {
			v -= chessValue[pc.Type()]
		}
	}
	return v
}

// chessMateScore is the value of being checkmated (for the side mated).
const chessMateScore = -1000

// chessSearch is a material negamax for the side to move: depth full plies,
// then captures only until the position is quiet (the side to move may
// always stand pat unless in check). A checkmate is worth chessMateScore
// (less the plies to it, so a quicker mate counts more); stalemate 0.
func chessSearch(pos chess.Position, depth, alpha, beta, ply int) int {
	moves := pos.LegalMoves()
	if len(moves) == 0 {
		if pos.InCheck() {
			return chessMateScore + ply
		}
		return 0
	}
	stand := chessMaterialBalance(pos)
	if pos.Turn() == chess.Black {
		stand = -stand
	}
	quiet := depth <= 0 && !pos.InCheck()
	if quiet {
		if stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
		if depth < -6 {
			return stand
		}
	}
	best := chessMateScore - 1
	if quiet {
		best = stand
	}
	for _, m := range moves {
		if quiet && pos.PieceAt(m.To()) == chess.NoPiece && m.Promotion() == chess.NoPieceType {
			continue
		}
		after, _ := pos.Play(m)
		v := -chessSearch(after, depth-1, -beta, -alpha, ply+1)
		if v > best {
			best = v
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// chessLineValue is the search value of pos for the side to move, searching
// depth full plies and then captures until quiet.
func chessLineValue(pos chess.Position, depth int) int {
	return chessSearch(pos, depth, chessMateScore-10, -chessMateScore+10, 0)
}
