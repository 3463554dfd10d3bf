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

// positionKey is the FEN without the move counters and the en passant
// square, so that move orders reaching the same position meet.
func positionKey(p chess.Position) string {
	f := strings.Fields(p.FEN())
	return f[0] + " " + f[1] + " " + f[2]
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
	idx := ecoTableIndex()
	pos := chess.StartPosition()
	best := -1
	for i, m := range moves {
		if i >= idx.maxPlies+8 {
			break
		}
		next, err := pos.Play(m)
		if err != nil {
			break
		}
		pos = next
		if k, ok := idx.byKey[positionKey(pos)]; ok {
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
