package exercises

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"qixue/domain"
	"qixue/rules/chess"
)

// chessMaterial is the material a generator places for one band: the
// attacker's and the defender's pieces besides their kings, each list a
// set of choices of which one is drawn per position.
type chessMaterial struct {
	attacker [][]chess.PieceType
	defender [][]chess.PieceType
}

const (
	cP = chess.Pawn
	cN = chess.Knight
	cB = chess.Bishop
	cR = chess.Rook
	cQ = chess.Queen
)

// chessPlace puts two kings and the given pieces on random squares (pawns
// never on the first or last rank) with side to move turn, and returns the
// position if the engine accepts it as legal.
func chessPlace(rng *rand.Rand, white, black []chess.PieceType, turn chess.Color) (chess.Position, bool) {
	var board [64]chess.Piece
	put := func(pc chess.Piece) {
		for {
			sq := rng.IntN(64)
			rank := sq / 8
			if board[sq] != chess.NoPiece || pc.Type() == chess.Pawn && (rank == 0 || rank == 7) {
				continue
			}
			board[sq] = pc
			return
		}
	}
	put(chess.NewPiece(chess.White, chess.King))
	put(chess.NewPiece(chess.Black, chess.King))
	for _, t := range white {
		put(chess.NewPiece(chess.White, t))
	}
	for _, t := range black {
		put(chess.NewPiece(chess.Black, t))
	}
	var b strings.Builder
	for rank := 7; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 8; file++ {
			pc := board[rank*8+file]
			if pc == chess.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteString(pc.FENLetter())
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	side := " w"
	if turn == chess.Black {
		side = " b"
	}
	pos, err := chess.ParseFEN(b.String() + side + " - - 0 1")
	if err != nil || pos.Outcome().Over() {
		return pos, false
	}
	return pos, true
}

// chessPieceCount counts the pieces on the board, kings included.
func chessPieceCount(pos chess.Position) int {
	n := 0
	for sq := chess.Square(0); sq < 64; sq++ {
		if pos.PieceAt(sq) != chess.NoPiece {
			n++
		}
	}
	return n
}

// chessPieceName names a piece type for a child.
func chessPieceName(t chess.PieceType) domain.Text {
	zh := map[chess.PieceType]string{chess.King: "王", chess.Queen: "后", chess.Rook: "车", chess.Bishop: "象", chess.Knight: "马", chess.Pawn: "兵"}
	return domain.Text{ZH: zh[t], EN: t.String()}
}

// chessMoveWords says a move as grade 1 reads it, in words and squares:
// they have not learnt notation, so "Nxb5" is "马吃掉 b5 上的象".
func chessMoveWords(pos chess.Position, m chess.Move) domain.Text {
	p := chessPieceName(pos.PieceAt(m.From()).Type())
	switch {
	case m.IsCastle():
		return domain.Text{ZH: "王车易位", EN: "castling"}
	case m.IsEnPassant():
		return domain.Text{ZH: fmt.Sprintf("兵吃过路兵，走到 %s", m.To()), EN: fmt.Sprintf("the pawn takes en passant on %s", m.To())}
	}
	var t domain.Text
	if v := pos.PieceAt(m.To()); v != chess.NoPiece {
		vn := chessPieceName(v.Type())
		t = domain.Text{ZH: fmt.Sprintf("%s吃掉 %s 上的%s", p.ZH, m.To(), vn.ZH), EN: fmt.Sprintf("the %s takes the %s on %s", p.EN, vn.EN, m.To())}
	} else {
		t = domain.Text{ZH: fmt.Sprintf("%s走到 %s", p.ZH, m.To()), EN: fmt.Sprintf("the %s goes to %s", p.EN, m.To())}
	}
	if pr := m.Promotion(); pr != chess.NoPieceType {
		n := chessPieceName(pr)
		t.ZH += "，变成" + n.ZH
		t.EN += " and becomes a " + n.EN
	}
	return t
}

// chessDraw picks one choice of a material list.
func chessDraw(rng *rand.Rand, choices [][]chess.PieceType) []chess.PieceType {
	return choices[rng.IntN(len(choices))]
}

// chessFENKey is the part of a FEN that identifies a puzzle (placement and
// side to move), for deduplication.
func chessFENKey(pos chess.Position) string {
	f := strings.Fields(pos.FEN())
	return f[0] + " " + f[1]
}

// chessMarshal encodes a prompt or solution document.
func chessMarshal(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only plain structs are marshalled
	}
	return b
}

// clampDifficulty keeps a difficulty in 1..5.
func clampDifficulty(d int) int { return max(1, min(5, d)) }

// ---- chess.escape_check

// chessEscapeGenerator makes "help the king" positions. K1 and G23 place
// composed material (K1: one attacking piece against a king and at most one
// helper; G23: more pieces, and half the time a demanded method); G46
// plays random legal games from the start or from a set of middlegame
// starts, biased towards checks, and takes the positions in check. A
// position is kept when the side to move is in check with at least one
// escape; duplicates (same placement and side) are dropped. Difficulty
// grows with the material, with few escapes, with a double check and with
// a demanded block or capture.
type chessEscapeGenerator struct{}

// Kind returns "chess.escape_check".
func (chessEscapeGenerator) Kind() string { return "chess.escape_check" }

// chessEscapeMaterial is the composed material of K1 and G23.
var chessEscapeMaterial = map[Band]chessMaterial{
	K1: {
		attacker: [][]chess.PieceType{{cR}, {cB}, {cQ}, {cN}, {cR, cP}, {cB, cP}},
		defender: [][]chess.PieceType{{cP}, {cN, cP}, {cB, cP}, {cR, cP}, {cP, cP}},
	},
	G23: {
		attacker: [][]chess.PieceType{{cR, cB}, {cQ, cN}, {cR, cN, cP}, {cB, cB, cP}, {cQ, cP, cP}, {cR, cR}},
		defender: [][]chess.PieceType{{cN, cB, cP}, {cR, cP, cP}, {cB, cP, cP}, {cN, cN, cP}, {cQ, cP}},
	},
}

// chessMiddlegameStarts are the starts of the random games of G46 besides
// the initial position: common openings a few moves in.
var chessMiddlegameStarts = []string{
	chess.StartFEN,
	"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3",
	"rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
	"rnbqkb1r/ppp1pppp/5n2/3p4/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 1 3",
	"r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R w KQkq - 6 5",
}

// chessRandomGame plays random legal moves from start, preferring checks
// and captures, and calls keep with each position reached; it stops when
// keep returns true or the game ends.
func chessRandomGame(rng *rand.Rand, start chess.Position, plies int, keep func(chess.Position) bool) {
	pos := start
	for range plies {
		moves := pos.LegalMoves()
		if len(moves) == 0 {
			return
		}
		m := moves[rng.IntN(len(moves))]
		if rng.IntN(3) == 0 { // a third of the moves look for a check or a capture
			for _, c := range moves {
				after, _ := pos.Play(c)
				if after.InCheck() || pos.PieceAt(c.To()) != chess.NoPiece {
					m = c
					if rng.IntN(2) == 0 {
						break
					}
				}
			}
		}
		next, err := pos.Play(m)
		if err != nil {
			return
		}
		pos = next
		if pos.Outcome().Over() {
			return
		}
		if keep(pos) {
			return
		}
	}
}

// chessCheckCanArise reports whether the checks of a placed position could
// come from a last move: a pawn that gives check has moved (it is not on
// its starting rank: it cannot have stepped there, and a pawn's check is
// never discovered), and a double check has a bishop, rook or queen in it
// (a discovered check comes from a line piece).
func chessCheckCanArise(esc chess.Escapes) bool {
	lines := 0
	for _, c := range esc.Checkers {
		switch c.Piece.Type() {
		case chess.Pawn:
			if start := map[chess.Color]int{chess.White: 1, chess.Black: 6}[c.Piece.Color()]; c.Square.Rank() == start {
				return false
			}
		case chess.Bishop, chess.Rook, chess.Queen:
			lines++
		}
	}
	return len(esc.Checkers) < 2 || lines > 0
}

// Generate returns up to count distinct escape exercises for band.
func (g chessEscapeGenerator) Generate(rng *rand.Rand, band Band, count int) ([]Exercise, error) {
	if _, err := ParseBand(string(band)); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []Exercise
	for tries := 0; len(out) < count && tries < 400*count+1000; tries++ {
		var pos chess.Position
		found := false
		if band == G46 {
			start, _ := chess.ParseFEN(chessMiddlegameStarts[rng.IntN(len(chessMiddlegameStarts))])
			chessRandomGame(rng, start, 20+rng.IntN(60), func(p chess.Position) bool {
				if p.InCheck() {
					pos, found = p, true
				}
				return found
			})
		} else {
			mat := chessEscapeMaterial[band]
			defender := chess.Color(rng.IntN(2))
			att, def := chessDraw(rng, mat.attacker), chessDraw(rng, mat.defender)
			white, black := att, def
			if defender == chess.White {
				white, black = def, att
			}
			pos, found = chessPlace(rng, white, black, defender)
			found = found && pos.InCheck()
		}
		if !found || seen[chessFENKey(pos)] {
			continue
		}
		esc, err := pos.Escapes()
		if err != nil || len(esc.Moves) == 0 {
			continue
		}
		if band == K1 && (len(esc.Checkers) > 1 || len(esc.Moves) > 8) {
			continue
		}
		if !chessCheckCanArise(esc) {
			continue
		}
		seen[chessFENKey(pos)] = true
		ex, err := g.exercise(rng, band, pos, esc)
		if err != nil {
			return nil, err
		}
		out = append(out, ex)
	}
	return out, nil
}

// exercise builds and validates one escape exercise.
func (chessEscapeGenerator) exercise(rng *rand.Rand, band Band, pos chess.Position, esc chess.Escapes) (Exercise, error) {
	byMethod := map[chess.EscapeMethod][]string{}
	byMethodEN := map[chess.EscapeMethod][]string{}
	for _, e := range esc.Moves {
		zh, en := e.SAN, e.SAN
		if band != G46 { // notation is taught in G46: before, moves in words
			w := chessMoveWords(pos, e.Move)
			zh, en = w.ZH, w.EN
		}
		byMethod[e.Method] = append(byMethod[e.Method], zh)
		byMethodEN[e.Method] = append(byMethodEN[e.Method], en)
	}
	method := chess.EscapeMethod(0)
	if band != K1 && rng.IntN(2) == 0 {
		// Demand a block or capture when there is one, else the king move.
		for _, m := range []chess.EscapeMethod{chess.EscapeBlock, chess.EscapeCapture, chess.EscapeKing} {
			if len(byMethod[m]) > 0 && (len(byMethod) > 1 || m == chess.EscapeKing) {
				method = m
				break
			}
		}
	}
	answer := esc.Moves[0]
	for _, e := range esc.Moves {
		if e.Method == method {
			answer = e
			break
		}
	}
	d := 1
	if n := chessPieceCount(pos); n > 6 {
		d++
		if n > 14 {
			d++
		}
	}
	if len(esc.Moves) <= 2 {
		d++
	}
	if esc.DoubleCheck() || method == chess.EscapeBlock || method == chess.EscapeCapture {
		d++
	}
	tags := []string{"chess.check.escape"}
	checker := esc.Checkers[0]
	side := chessSide(pos.Turn())
	cn := chessPieceName(checker.Piece.Type())
	body := domain.Text{
		ZH: fmt.Sprintf("%s的王被 %s 上的%s将军了！走一步棋帮国王解围。", side.ZH, checker.Square, cn.ZH),
		EN: fmt.Sprintf("%s's king is in check from the %s on %s! Play one move to help the king.", side.EN, cn.EN, checker.Square),
	}
	if esc.DoubleCheck() {
		body = domain.Text{
			ZH: fmt.Sprintf("%s的王同时被两个棋子将军了（双将）！走一步棋帮国王解围。", side.ZH),
			EN: fmt.Sprintf("%s's king is checked by two pieces at once (double check)! Play one move to help the king.", side.EN),
		}
	}
	prompt := chessEscapePrompt{FEN: pos.FEN()}
	if method != 0 {
		mt := chessMethodText(method)
		prompt.Method = method.String()
		tags = append(tags, "chess.check."+method.String())
		body.ZH += "这一次要用" + mt.ZH + "。"
		body.EN += " This time, answer by " + mt.EN + "."
	}
	var zh, en []string
	for _, m := range []chess.EscapeMethod{chess.EscapeKing, chess.EscapeBlock, chess.EscapeCapture} {
		if l := byMethod[m]; len(l) > 0 {
			mt := chessMethodText(m)
			zh = append(zh, mt.ZH+"："+strings.Join(l, "、"))
			en = append(en, mt.EN+": "+strings.Join(byMethodEN[m], ", "))
		}
	}
	solution := chessMoveSolution{Move: answer.SAN, Explanation: domain.Text{
		ZH: "所有应将的走法——" + strings.Join(zh, "；") + "。",
		EN: "Every way out of check — " + strings.Join(en, "; ") + ".",
	}}
	ex := Exercise{
		Kind:       "chess.escape_check",
		Title:      domain.Text{ZH: "给国王帮帮忙", EN: "Help the king"},
		Body:       body,
		Prompt:     chessMarshal(prompt),
		Solution:   chessMarshal(solution),
		Difficulty: clampDifficulty(d),
		Band:       band,
		Tags:       tags,
	}
	if err := (chessEscapeKind{}).Validate(ex.Prompt, ex.Solution); err != nil {
		return Exercise{}, fmt.Errorf("generated %s: %w", ex.Prompt, err)
	}
	return ex, nil
}
