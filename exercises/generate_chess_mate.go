package exercises

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"qixue/domain"
	"qixue/rules/chess"
)

// ---- chess.mate_in

// chessMateGenerator makes mate-in-n positions from composed material and
// keeps only those the engine proves against every defence: none for K1
// (grade 1 does not learn checkmate; the band is refused as not_taught),
// G23 mate in 2 (two pieces against a
// small defence) and G46 mate in 2 or 3 (more pieces against a fuller
// defence). A mate in n is kept only when there is no shorter mate, and
// from G23 on only with one or two winning first moves, so the exercise
// has a point to find. The stored line answers each move with the
// server's own defence (the longest resistance), as the checker does.
type chessMateGenerator struct{}

// Kind returns "chess.mate_in".
func (chessMateGenerator) Kind() string { return "chess.mate_in" }

// chessMateMaterial is the composed material of each band.
var chessMateMaterial = map[Band]chessMaterial{
	G23: {
		attacker: [][]chess.PieceType{{cQ}, {cR, cR}, {cQ, cR}, {cQ, cN}, {cR, cB}, {cQ, cB}},
		defender: [][]chess.PieceType{{}, {cP}, {cP, cP}, {cN, cP}},
	},
	G46: {
		attacker: [][]chess.PieceType{{cQ, cN}, {cR, cR, cP}, {cQ, cR}, {cR, cN, cB}, {cQ, cB, cP}},
		defender: [][]chess.PieceType{{cP, cP}, {cR, cP, cP}, {cN, cP, cP}, {cB, cP, cP}},
	},
}

// chessMateBand is the difficulty range each band accepts.
var chessMateBand = map[Band][2]int{G23: {2, 4}, G46: {3, 5}}

// chessMateDepth draws the n of one exercise for band.
func chessMateDepth(rng *rand.Rand, band Band) int {
	if band == G23 {
		return 2
	}
	return 2 + rng.IntN(2)
}

// Generate returns up to count distinct mate-in-n exercises for band.
func (g chessMateGenerator) Generate(rng *rand.Rand, band Band, count int) ([]Exercise, error) {
	if _, err := ParseBand(string(band)); err != nil {
		return nil, err
	}
	if band == K1 {
		// The grade-1 chess course teaches the moves, capturing and check;
		// checkmate starts in grades 2-3 (chess-g23), so there are no mates
		// to practise before it.
		return nil, domain.Validation(domain.FieldError{Field: "band", Code: "not_taught"})
	}
	mat := chessMateMaterial[band]
	seen := map[string]bool{}
	var out []Exercise
	n := chessMateDepth(rng, band)
	for tries := 0; len(out) < count && tries < 20000*count+1000; tries++ {
		attacker := chess.Color(rng.IntN(2))
		att, def := chessDraw(rng, mat.attacker), chessDraw(rng, mat.defender)
		white, black := att, def
		if attacker == chess.Black {
			white, black = def, att
		}
		pos, ok := chessPlace(rng, white, black, attacker)
		if !ok || pos.InCheck() || seen[chessFENKey(pos)] || !chessDefenderNearEdge(pos, n) {
			continue
		}
		mates, ok := chessExactMate(pos, n)
		if !ok || n > 1 && len(mates) > 2 || band == G46 && n == 1 {
			continue
		}
		d := g.difficulty(pos, mates, n)
		if r := chessMateBand[band]; d < r[0] || d > r[1] {
			continue
		}
		seen[chessFENKey(pos)] = true
		ex, err := g.exercise(band, pos, mates, n, d)
		if err != nil {
			return nil, err
		}
		out = append(out, ex)
		n = chessMateDepth(rng, band)
	}
	return out, nil
}

// chessDefenderNearEdge is a cheap filter before the mate search: a lone
// king in the middle of the board is not mated in two or three by the
// small material of the bands, so only defending kings on the two outer
// rings are searched for n > 1.
func chessDefenderNearEdge(pos chess.Position, n int) bool {
	if n == 1 {
		return true
	}
	for sq := chess.Square(0); sq < 64; sq++ {
		pc := pos.PieceAt(sq)
		if pc.Type() == chess.King && pc.Color() != pos.Turn() {
			f, r := sq.File(), sq.Rank()
			return min(f, 7-f, r, 7-r) <= 1
		}
	}
	return false
}

// chessExactMate returns the first moves that mate in n when there is no
// shorter mate.
func chessExactMate(pos chess.Position, n int) ([]chess.Move, bool) {
	for k := 1; k < n; k++ {
		if len(pos.MateIn(k)) > 0 {
			return nil, false
		}
	}
	mates := pos.MateIn(n)
	return mates, len(mates) > 0
}

// difficulty estimates how hard a mate in n is to find.
func (chessMateGenerator) difficulty(pos chess.Position, mates []chess.Move, n int) int {
	d := n
	if len(mates) == 1 {
		d++
	}
	if pos.PieceAt(mates[0].To()) == chess.NoPiece && mates[0].Promotion() == chess.NoPieceType {
		d++ // a quiet first move
	}
	if after, _ := pos.Play(mates[0]); n > 1 && !after.InCheck() {
		d++ // a first move that is not even check
	}
	if n == 1 {
		if chessPieceCount(pos) > 7 {
			d++
		}
		checks := 0
		for _, m := range pos.LegalMoves() {
			if after, err := pos.Play(m); err == nil && after.InCheck() {
				checks++
			}
		}
		if checks > 3 {
			d++
		}
	}
	return clampDifficulty(d)
}

// chessMateSolution plays a mate in n out: the first of the mating moves
// at each turn, the server's defence in between. It returns the SAN line.
func chessMateSolution(pos chess.Position, first chess.Move, n int) ([]string, error) {
	var line []string
	m := first
	for left := n; ; left-- {
		line = append(line, pos.SAN(m))
		after, err := pos.Play(m)
		if err != nil {
			return nil, err
		}
		if chessMated(after) {
			return line, nil
		}
		if left == 1 {
			return nil, fmt.Errorf("%s: the line does not mate in %d", pos.FEN(), n)
		}
		r, ok := chessDefence(after, left-1)
		if !ok {
			return nil, fmt.Errorf("%s: no defence", after.FEN())
		}
		line = append(line, after.SAN(r))
		pos, _ = after.Play(r)
		next := chessMateIn(pos, left-1)
		if len(next) == 0 {
			return nil, fmt.Errorf("%s: the mate is lost", pos.FEN())
		}
		m = next[0]
	}
}

// chessMateTitles names mate in 1, 2 and 3.
var chessMateTitles = map[int]domain.Text{
	1: {ZH: "一步杀", EN: "Mate in 1"},
	2: {ZH: "两步杀", EN: "Mate in 2"},
	3: {ZH: "三步杀", EN: "Mate in 3"},
}

// chessNumberedLine writes a SAN line with move numbers from 1 (white's or
// black's first move).
func chessNumberedLine(line []string, turn chess.Color) string {
	var b strings.Builder
	for i, san := range line {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case i%2 == 0 && turn == chess.White:
			fmt.Fprintf(&b, "%d.", i/2+1)
		case i%2 == 1 && turn == chess.Black:
			fmt.Fprintf(&b, "%d.", i/2+2)
		case i == 0:
			b.WriteString("1...")
		}
		b.WriteString(san)
	}
	return b.String()
}

// exercise builds and validates one mate-in-n exercise.
func (chessMateGenerator) exercise(band Band, pos chess.Position, mates []chess.Move, n, d int) (Exercise, error) {
	side := chessSide(pos.Turn())
	line, err := chessMateSolution(pos, mates[0], n)
	if err != nil {
		return Exercise{}, err
	}
	san := line[0]
	var expl domain.Text
	words := band != G46 // notation is taught in grades 4-6 (chess-g46); before it moves are said in words
	if words && n == 1 {
		w := chessMoveWords(pos, mates[0])
		expl = domain.Text{
			ZH: w.ZH + "，将死：对方的王被将军，而且无路可逃、无子可垫、也吃不掉将军的棋子。",
			EN: ncCap(w.EN) + ": checkmate! The king is in check and cannot step away, block or capture the checking piece.",
		}
	} else if n == 1 {
		expl = domain.Text{
			ZH: san + " 将死：对方的王被将军，而且无路可逃、无子可垫、也吃不掉将军的棋子。",
			EN: san + " is checkmate: the king is in check and cannot step away, block or capture the checking piece.",
		}
	} else if words {
		w := chessMoveWords(pos, mates[0])
		expl = domain.Text{
			ZH: fmt.Sprintf("先走这一步：%s！不管对方怎么走，你都能在 %d 步之内将死。", w.ZH, n),
			EN: fmt.Sprintf("Start with this: %s! Whatever the opponent plays, you mate within %d moves.", w.EN, n),
		}
	} else {
		shown := chessNumberedLine(line, pos.Turn())
		expl = domain.Text{
			ZH: fmt.Sprintf("先走 %s！不管对方怎么走，你都能在 %d 步之内将死。例如：%s。", san, n, shown),
			EN: fmt.Sprintf("Start with %s! Whatever the opponent plays, you mate within %d moves. For example: %s.", san, n, shown),
		}
	}
	if len(mates) > 1 {
		var others, othersEN []string
		for _, m := range mates[1:] {
			w := domain.Text{ZH: pos.SAN(m), EN: pos.SAN(m)}
			if words {
				w = chessMoveWords(pos, m)
			}
			others = append(others, w.ZH)
			othersEN = append(othersEN, w.EN)
		}
		expl.ZH += "也可以先走：" + strings.Join(others, "、") + "。"
		expl.EN += " Another good first move: " + strings.Join(othersEN, ", ") + "."
	}
	body := domain.Text{ZH: side.ZH + "走。找出一步将死对方的棋。", EN: side.EN + " to move. Find the move that checkmates."}
	if n > 1 {
		body = domain.Text{
			ZH: fmt.Sprintf("%s走。%d 步之内将死对方：每走一步，对方都会应一步。", side.ZH, n),
			EN: fmt.Sprintf("%s to move. Checkmate within %d moves: the opponent answers each of your moves.", side.EN, n),
		}
	}
	ex := Exercise{
		Kind:       "chess.mate_in",
		Title:      chessMateTitles[n],
		Body:       body,
		Prompt:     chessMarshal(chessMatePrompt{FEN: pos.FEN(), N: n}),
		Solution:   chessMarshal(chessMovesSolution{Moves: line, Explanation: expl}),
		Difficulty: d,
		Band:       band,
		Tags:       []string{fmt.Sprintf("chess.mate.%d", n)},
	}
	if err := (chessMateKind{}).Validate(ex.Prompt, ex.Solution); err != nil {
		return Exercise{}, fmt.Errorf("generated %s: %w", ex.Prompt, err)
	}
	return ex, nil
}
