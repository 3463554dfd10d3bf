package games

import (
	"fmt"
	"strings"
	"sync"

	"qixue/rules/chess"
)

// ChessOpening is one line of the opening table: an ECO code with the
// opening's English and Chinese names and the moves that define it.
type ChessOpening struct {
	ECO    string // "C50"
	Name   string // "Italian Game, Giuoco Piano"
	NameZh string // "意大利开局：慢棋变例"
	Moves  string // SAN from the starting position: "e4 e5 Nf3 Nc6 Bc4 Bc5"
	Plies  int    // the number of half-moves in Moves
}

// Label returns the code and the name in lang ("en", anything else is
// Chinese), e.g. "C50 意大利开局：慢棋变例".
func (o ChessOpening) Label(lang string) string {
	if lang == "en" {
		return o.ECO + " " + o.Name
	}
	return o.ECO + " " + o.NameZh
}

type ecoIndex struct {
	list     []ChessOpening
	byKey    map[string]int // position key -> index in list
	maxPlies int
}

var (
	ecoOnce  sync.Once
	ecoIdx   *ecoIndex
	ecoError error
)

// buildECO replays every line of table and indexes the position each one
// reaches. Two lines reaching the same position are an error in the table.
func buildECO(table string) (*ecoIndex, error) {
	idx := &ecoIndex{byKey: map[string]int{}}
	for n, line := range strings.Split(strings.TrimSpace(table), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 4 {
			return nil, fmt.Errorf("opening table line %d: want 4 fields, got %d", n+1, len(f))
		}
		o := ChessOpening{ECO: f[0], Name: f[1], NameZh: f[2], Moves: f[3]}
		pos := chess.StartPosition()
		for _, san := range strings.Fields(o.Moves) {
			m, err := pos.ParseMove(san)
			if err == nil {
				pos, err = pos.Play(m)
			}
			if err != nil {
				return nil, fmt.Errorf("opening table line %d (%s): %s: %v", n+1, o.ECO, san, err)
			}
			o.Plies++
		}
		k := positionKey(pos)
		if prev, dup := idx.byKey[k]; dup {
			return nil, fmt.Errorf("opening table line %d (%s %s) reaches the same position as %s %s",
				n+1, o.ECO, o.Name, idx.list[prev].ECO, idx.list[prev].Name)
		}
		idx.byKey[k] = len(idx.list)
		idx.list = append(idx.list, o)
		idx.maxPlies = max(idx.maxPlies, o.Plies)
	}
	return idx, nil
}

func ecoTableIndex() *ecoIndex {
	ecoOnce.Do(func() {
		ecoIdx, ecoError = buildECO(ecoTable)
		if ecoError != nil {
			// The table is a constant checked by the tests; a bad line is
			// a programming error, not bad input.
			panic(ecoError)
		}
	})
	return ecoIdx
}

// positionKey is the placement of the pieces and the side to move, so
// that move orders reaching the same position meet. Castling rights and
// the en passant square are left out: within the first moves they differ
// only after a king or rook walked away and back, which names no opening.
func positionKey(p chess.Position) string {
	var k [65]byte
	for sq := range 64 {
		k[sq] = byte(p.PieceAt(chess.Square(sq)))
	}
	k[64] = byte(p.Turn())
	return string(k[:])
}

// ChessOpenings returns the whole opening table in ECO order.
func ChessOpenings() []ChessOpening {
	return append([]ChessOpening(nil), ecoTableIndex().list...)
}

// ClassifyChess names the opening of a game played from the standard
// starting position. It replays moves and returns the table entry whose
// position is reached latest in the game, so a transposed move order (1.c4
// e6 2.d4 Nf6 for 1.d4 Nf6 2.c4 e6) gets the same name. Only the first
// plies, a few more than the longest table line, are looked at. It reports
// false when no position of the game is in the table (a game that does not
// start from the standard position, or an empty one). moves must be legal:
// classification stops at the first move that is not.
func ClassifyChess(moves []chess.Move) (ChessOpening, bool) {
	n := min(len(moves), ecoTableIndex().maxPlies+8)
	positions := make([]chess.Position, 0, n)
	pos := chess.StartPosition()
	for _, m := range moves[:n] {
		next, err := pos.Play(m)
		if err != nil {
			break
		}
		pos = next
		positions = append(positions, pos)
	}
	return ClassifyChessPositions(positions)
}

// ClassifyChessPositions is ClassifyChess for a game already replayed:
// positions[i] is the position after ply i+1 of a game from the standard
// start. It saves the replay when the caller has the positions anyway.
func ClassifyChessPositions(positions []chess.Position) (ChessOpening, bool) {
	idx := ecoTableIndex()
	best := -1
	for i, p := range positions {
		if i >= idx.maxPlies+8 {
			break
		}
		if k, ok := idx.byKey[positionKey(p)]; ok {
			best = k
		}
	}
	if best < 0 {
		return ChessOpening{}, false
	}
	return idx.list[best], true
}

// ClassifyChessSAN is ClassifyChess for moves in any notation the chess
// engine reads (SAN such as "Nf3", long algebraic, UCI). Reading stops at
// the first move that cannot be played; the moves before it still count.
func ClassifyChessSAN(moves []string) (ChessOpening, bool) {
	pos := chess.StartPosition()
	ms := make([]chess.Move, 0, len(moves))
	for _, s := range moves {
		m, err := pos.ParseMove(s)
		if err != nil {
			break
		}
		if pos, err = pos.Play(m); err != nil {
			break
		}
		ms = append(ms, m)
	}
	return ClassifyChess(ms)
}
