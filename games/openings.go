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
	Name   string // "Italian Game: Giuoco Piano", the public table's name
	NameZh string // "意大利开局：慢棋变例"; "" when there is no Chinese name
	Moves  string // SAN from the starting position: "e4 e5 Nf3 Nc6 Bc4 Bc5"
	Plies  int    // the number of half-moves in Moves
}

// Label returns the code and the name in lang ("en", anything else is
// Chinese), e.g. "C50 意大利开局：慢棋变例"; an opening without a Chinese
// name is named in English.
func (o ChessOpening) Label(lang string) string {
	if lang == "en" || o.NameZh == "" {
		return o.ECO + " " + o.Name
	}
	return o.ECO + " " + o.NameZh
}

type ecoIndex struct {
	list     []ChessOpening
	byKey    map[uint64]int // position key -> index in list
	maxPlies int
}

var (
	ecoOnce  sync.Once
	ecoIdx   *ecoIndex
	ecoError error
)

// ecoLine is one named line before it is replayed.
type ecoLine struct {
	where         string // "a.tsv:12", for errors
	eco, name, zh string
	moves         []string // SAN, no move numbers
}

// buildECO replays every line and indexes the position each one reaches.
// Two lines reaching the same position are an error in the table.
func buildECO(lines []ecoLine) (*ecoIndex, error) {
	idx := &ecoIndex{byKey: map[uint64]int{}}
	for _, l := range lines {
		o := ChessOpening{ECO: l.eco, Name: l.name, NameZh: l.zh, Moves: strings.Join(l.moves, " ")}
		if len(o.ECO) != 3 || o.ECO[0] < 'A' || o.ECO[0] > 'E' || o.ECO[1] < '0' || o.ECO[1] > '9' || o.ECO[2] < '0' || o.ECO[2] > '9' || o.Name == "" {
			return nil, fmt.Errorf("opening table %s: bad code %q or empty name", l.where, o.ECO)
		}
		pos := chess.StartPosition()
		for _, san := range l.moves {
			m, err := pos.ParseMove(san)
			if err == nil {
				pos, err = pos.Play(m)
			}
			if err != nil {
				return nil, fmt.Errorf("opening table %s (%s): %s: %v", l.where, o.ECO, san, err)
			}
			o.Plies++
		}
		k := positionKey(pos)
		if prev, dup := idx.byKey[k]; dup {
			return nil, fmt.Errorf("opening table %s (%s %s) reaches the same position as %s %s",
				l.where, o.ECO, o.Name, idx.list[prev].ECO, idx.list[prev].Name)
		}
		idx.byKey[k] = len(idx.list)
		idx.list = append(idx.list, o)
		idx.maxPlies = max(idx.maxPlies, o.Plies)
	}
	return idx, nil
}

func ecoTableIndex() *ecoIndex {
	ecoOnce.Do(func() {
		var lines []ecoLine
		lines, ecoError = lichessLines(ecoFiles)
		if ecoError == nil {
			ecoIdx, ecoError = buildECO(lines)
		}
		if ecoError == nil {
			ecoError = nameZh(ecoIdx)
		}
		if ecoError != nil {
			// The tables are embedded data checked by the tests; a bad
			// line is a programming error, not bad input.
			panic(ecoError)
		}
	})
	return ecoIdx
}

// positionKey identifies a position as the public table's EPD does: the
// pieces, the side to move, the castling rights and the en-passant square
// when a capture there is legal. Move orders reaching the same position
// meet.
func positionKey(p chess.Position) uint64 { return p.RepetitionKey() }

// ChessOpenings returns the whole opening table in the order of the
// public table's files (ECO volumes A to E).
func ChessOpenings() []ChessOpening {
	return append([]ChessOpening(nil), ecoTableIndex().list...)
}

// ClassifyChess names the opening of a game played from the standard
// starting position by the public table (lichess-org/chess-openings, see
// ecodata/README.md). It replays moves and returns the table entry whose
// position is reached latest in the game (the longest matching position),
// so a transposed move order (1.c4 e6 2.d4 Nf6 for 1.d4 Nf6 2.c4 e6) gets
// the same name, and every line of the table names itself. Only the first
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
