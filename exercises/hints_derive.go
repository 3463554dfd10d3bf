package exercises

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"qixue/domain"
	"qixue/rules/chess"
	"qixue/rules/draughts"
	"qixue/rules/gomoku"
)

// Derived hints. An exercise written or generated without hints gets
// hints read off its prompt and solution by the engines (DeriveHints):
// the first a picture hint (Squares: the piece to move, the four stones
// of the line, the pieces a number-chess span jumps over, the king and
// the piece giving check) with a few words, the later ones closer to the
// answer but never its text (the move, the point, the expression). Each
// game's derivers live here and in hints_derive_numchess.go.

// hintDerivers maps a kind to the function deriving its hints.
var hintDerivers = map[string]func(Exercise) ([]Hint, error){
	"chess.piece_moves":   deriveChessPieceMoves,
	"chess.escape_check":  deriveChessEscape,
	"chess.mate_in":       deriveChessMate,
	"draughts.capture":    deriveDraughtsCapture,
	"gomoku.win_in_1":     deriveGomokuWin,
	"gomoku.shape":        deriveGomokuShape,
	"numchess.move":       deriveNumchessMove,
	"numchess.expression": deriveNumchessExpression,
}

// HintKinds lists the kinds DeriveHints knows, sorted.
func HintKinds() []string {
	out := make([]string, 0, len(hintDerivers))
	for k := range hintDerivers {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// DeriveHints returns the engine-derived hints of ex (nil for a kind no
// deriver knows, or when the derived hints would not pass CheckHints).
func DeriveHints(ex Exercise) []Hint {
	f, ok := hintDerivers[ex.Kind]
	if !ok {
		return nil
	}
	hs, err := f(ex)
	if err != nil || len(hs) == 0 {
		return nil
	}
	if len(hs) > MaxHints {
		hs = hs[:MaxHints]
	}
	ex.Hints = hs
	if CheckHints(ex) != nil {
		return nil
	}
	return hs
}

// withDerivedHints gives ex the derived hints when it has none.
func withDerivedHints(ex Exercise) Exercise {
	if len(ex.Hints) == 0 {
		ex.Hints = DeriveHints(ex)
	}
	return ex
}

// hintedGenerator fills in derived hints on every exercise its generator
// makes.
type hintedGenerator struct{ Generator }

func (g hintedGenerator) Generate(rng *rand.Rand, band Band, count int) ([]Exercise, error) {
	exs, err := g.Generator.Generate(rng, band, count)
	for i := range exs {
		exs[i] = withDerivedHints(exs[i])
	}
	return exs, err
}

func hint(zh, en string, squares ...string) Hint {
	return Hint{Text: domain.Text{ZH: zh, EN: en}, Squares: squares}
}

// ---- chess

// chessMoveRule says how a piece type moves, for a child.
func chessMoveRule(t chess.PieceType) domain.Text {
	switch t {
	case chess.King:
		return domain.Text{ZH: "王每次只走一格，横、竖、斜都可以。", EN: "The king moves one square at a time, in any direction."}
	case chess.Queen:
		return domain.Text{ZH: "后走直线和斜线，格数不限，但不能跳过棋子。", EN: "The queen moves along straight lines and diagonals, as far as it likes, but never over a piece."}
	case chess.Rook:
		return domain.Text{ZH: "车走直线，横着竖着都可以，格数不限，但不能跳过棋子。", EN: "The rook moves in straight lines, along ranks and files, as far as it likes, but never over a piece."}
	case chess.Bishop:
		return domain.Text{ZH: "象走斜线，格数不限，但不能跳过棋子。", EN: "The bishop moves along diagonals, as far as it likes, but never over a piece."}
	case chess.Knight:
		return domain.Text{ZH: "马走“日”字：先直走两格，再横着走一格；它可以跳过别的棋子。", EN: "The knight jumps in an L: two squares straight, then one to the side. It may jump over other pieces."}
	}
	return domain.Text{ZH: "兵只往前走；吃子时斜着往前吃一格。", EN: "A pawn only moves forward; it captures one square diagonally forward."}
}

func deriveChessPieceMoves(ex Exercise) ([]Hint, error) {
	var p chessPiecePrompt
	var s chessSquaresSolution
	if err := decodeBoth(ex, &p, &s); err != nil {
		return nil, err
	}
	pos, err := chess.ParseFEN(p.FEN)
	if err != nil {
		return nil, err
	}
	sq, err := chess.ParseSquare(p.Square)
	if err != nil {
		return nil, err
	}
	t := pos.PieceAt(sq).Type()
	name, rule := chessPieceName(t), chessMoveRule(t)
	hs := []Hint{hint(
		fmt.Sprintf("亮起来的是这个%s。%s", name.ZH, rule.ZH),
		fmt.Sprintf("The lit-up piece is the %s. %s", name.EN, rule.EN), p.Square)}
	hs = append(hs, hint(
		fmt.Sprintf("一共有 %d 个格子。自己的棋子占着的格子不能去；对方的棋子可以吃掉。", len(s.Squares)),
		fmt.Sprintf("There are %d squares in all. It cannot go where its own pieces stand; it may take an enemy piece.", len(s.Squares))))
	return hs, nil
}

func deriveChessEscape(ex Exercise) ([]Hint, error) {
	var p chessEscapePrompt
	var s chessMoveSolution
	if err := decodeBoth(ex, &p, &s); err != nil {
		return nil, err
	}
	pos, err := chess.ParseFEN(p.FEN)
	if err != nil {
		return nil, err
	}
	esc, err := pos.Escapes()
	if err != nil {
		return nil, err
	}
	m, err := pos.ParseMove(s.Move)
	if err != nil {
		return nil, err
	}
	king := kingSquare(pos)
	var lit []string
	for _, c := range esc.Checkers {
		lit = append(lit, c.Square.String())
	}
	lit = append(lit, king.String())
	hs := []Hint{hint(
		"你的王被将军了！亮起来的是你的王和将军的棋子。",
		"Your king is in check! The lit-up squares are your king and the piece giving check.", lit...)}
	method := chess.EscapeKing
	for _, e := range esc.Moves {
		if e.Move == m {
			method = e.Method
		}
	}
	switch method {
	case chess.EscapeKing:
		hs = append(hs, hint(
			"这一题让王走开。看看王旁边的每一个格子：哪一个对方的棋子打不到？",
			"Here the king steps away. Look at each square next to it: which one can no enemy piece reach?", king.String()))
	case chess.EscapeBlock:
		var between []string
		for _, sq := range chessBetween(esc.Checkers[0].Square, king) {
			between = append(between, sq.String())
		}
		hs = append(hs, hint(
			"这一题可以垫一个子：把你的一个棋子走到亮起来的格子里，挡住将军。",
			"Here you can block: move one of your pieces onto a lit-up square, between the king and the attacker.", between...))
	case chess.EscapeCapture:
		hs = append(hs, hint(
			"这一题可以吃掉将军的棋子。你的哪个棋子能走到亮起来的格子？",
			"Here you can take the piece giving check. Which of your pieces can reach the lit-up square?", lit[0]))
	}
	return hs, nil
}

func deriveChessMate(ex Exercise) ([]Hint, error) {
	var p chessMatePrompt
	var s chessMovesSolution
	if err := decodeBoth(ex, &p, &s); err != nil {
		return nil, err
	}
	pos, err := chess.ParseFEN(p.FEN)
	if err != nil {
		return nil, err
	}
	if len(s.Moves) == 0 {
		return nil, fmt.Errorf("no solution move")
	}
	m, err := pos.ParseMove(s.Moves[0])
	if err != nil {
		return nil, err
	}
	king := kingOf(pos, 1-pos.Turn())
	name := chessPieceName(pos.PieceAt(m.From()).Type())
	return []Hint{
		hint("先看对方的王（亮起来的那个）：它身边还有哪些格子能逃？哪些被它自己的棋子堵住了？",
			"Look at the other king (lit up): which squares next to it could it run to? Which are blocked by its own pieces?", king.String()),
		hint(fmt.Sprintf("第一步用亮起来的%s。走完以后，对方的王还能逃到哪里？", name.ZH),
			fmt.Sprintf("Make the first move with the lit-up %s. Where could the king run after it?", name.EN), m.From().String()),
	}, nil
}

// kingSquare returns the square of the side to move's king.
func kingSquare(pos chess.Position) chess.Square { return kingOf(pos, pos.Turn()) }

// kingOf returns the square of c's king.
func kingOf(pos chess.Position, c chess.Color) chess.Square {
	for i := range 64 {
		pc := pos.PieceAt(chess.Square(i))
		if pc != chess.NoPiece && pc.Type() == chess.King && pc.Color() == c {
			return chess.Square(i)
		}
	}
	return 0
}

// chessBetween returns the squares strictly between a and b on a rank,
// file or diagonal (none when they share no line).
func chessBetween(a, b chess.Square) []chess.Square {
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	if df != 0 && dr != 0 && max(df, -df) != max(dr, -dr) {
		return nil
	}
	sf, sr := cmp.Compare(df, 0), cmp.Compare(dr, 0)
	var out []chess.Square
	for f, r := a.File()+sf, a.Rank()+sr; f != b.File() || r != b.Rank(); f, r = f+sf, r+sr {
		out = append(out, chess.NewSquare(f, r))
	}
	return out
}

// ---- draughts

func deriveDraughtsCapture(ex Exercise) ([]Hint, error) {
	var p draughtsFENPrompt
	var s chessMoveSolution
	if err := decodeBoth(ex, &p, &s); err != nil {
		return nil, err
	}
	pos, err := draughts.ParseFEN(p.FEN)
	if err != nil {
		return nil, err
	}
	m, err := pos.ParseMove(s.Move)
	if err != nil {
		return nil, err
	}
	var taken []string
	for _, sq := range m.Captured() {
		taken = append(taken, fmt.Sprint(sq.Number()))
	}
	first := hint("能吃子就必须吃，而且要吃得最多。用亮起来的这个子去吃。",
		"If you can take, you must, and you must take the most. Take with the lit-up piece.", fmt.Sprint(m.From().Number()))
	if len(taken) == 1 {
		return []Hint{first, hint("要吃掉的棋子亮起来了：跳过它，落在它后面的空格上。",
			"The piece to take is lit up: jump over it onto the empty square behind it.", taken...)}, nil
	}
	return []Hint{first, hint(fmt.Sprintf("要吃掉的 %d 个棋子亮起来了：一个接一个地跳过它们。", len(taken)),
		fmt.Sprintf("The %d pieces to take are lit up: jump over them one after another.", len(taken)), taken...)}, nil
}

// ---- gomoku

// gmDirs are the four line directions as column and row steps.
var gmDirs = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

// gmRun returns the stones of colour c in line with p in direction d,
// next to p on either side without a gap (p itself left out).
func gmRun(b *gomoku.Board, p gomoku.Point, d [2]int, c gomoku.Colour) []gomoku.Point {
	var out []gomoku.Point
	for _, s := range []int{1, -1} {
		for k := 1; ; k++ {
			q, err := gomoku.NewPoint(p.Col()+s*k*d[0], p.Row()+s*k*d[1])
			if err != nil || b.At(q) != c {
				break
			}
			out = append(out, q)
		}
	}
	return out
}

func deriveGomokuWin(ex Exercise) ([]Hint, error) {
	var p gmWinPrompt
	var s gmPointSolution
	if err := decodeBoth(ex, &p, &s); err != nil {
		return nil, err
	}
	b, err := gomoku.ParseBoard(p.Board)
	if err != nil {
		return nil, err
	}
	c, err := gmColour("colour", p.Colour)
	if err != nil {
		return nil, err
	}
	pt, err := gomoku.ParsePoint(s.Point)
	if err != nil {
		return nil, err
	}
	var line []string
	for _, d := range gmDirs {
		if run := gmRun(b, pt, d, c); len(run) >= 4 && (len(line) == 0 || len(run) == 4) {
			line = line[:0]
			for _, q := range run {
				line = append(line, q.String())
			}
		}
	}
	if len(line) == 0 {
		return nil, fmt.Errorf("no line of four through %s", s.Point)
	}
	sort.Strings(line)
	col := gmColourText(c)
	return []Hint{
		hint(fmt.Sprintf("看亮起来的%s：它们在同一条线上，已经有 %d 个了。", col.ZH, len(line)),
			fmt.Sprintf("Look at the lit-up %s stones: they stand on one line, %d of them already.", strings.ToLower(col.EN), len(line)), line...),
		hint("再下一个子，就能和它们连成五个。这条线上紧挨着它们、还空着的点在哪里？",
			"One more stone joins them into five. Where on that line is the empty point right next to them?"),
	}, nil
}

func deriveGomokuShape(ex Exercise) ([]Hint, error) {
	var p gmShapePrompt
	var s gmPointsSolution
	if err := decodeBoth(ex, &p, &s); err != nil {
		return nil, err
	}
	if len(s.Points) < 2 {
		return nil, fmt.Errorf("a shape of %d points", len(s.Points))
	}
	pts := append([]string(nil), s.Points...)
	sort.Strings(pts)
	var def domain.Text
	switch p.Shape {
	case "open_three":
		def = domain.Text{ZH: "活三：三个同色的子在一条线上，两头都空着。", EN: "An open three: three stones of one colour on a line, with both ends empty."}
	case "open_four":
		def = domain.Text{ZH: "活四：四个同色的子连在一条线上，两头都空着。", EN: "An open four: four stones of one colour in a row, with both ends empty."}
	default:
		def = domain.Text{ZH: "冲四：四个同色的子在一条线上，再下一个就成五，但只有一个点能成五。", EN: "A four: four stones of one colour on a line that one more stone turns into five, at one point only."}
	}
	return []Hint{
		hint("亮起来的是其中一个棋子。从它开始，沿着横、竖、斜线数一数。",
			"One of the stones is lit up. From it, count along the lines: across, up and down, and the diagonals.", pts[0]),
		hint(def.ZH+fmt.Sprintf("一共要点 %d 个子。", len(pts)), def.EN+fmt.Sprintf(" Mark %d stones in all.", len(pts))),
	}, nil
}

// decodeBoth reads an exercise's prompt and solution.
func decodeBoth(ex Exercise, prompt, solution any) error {
	if err := json.Unmarshal(ex.Prompt, prompt); err != nil {
		return err
	}
	return json.Unmarshal(ex.Solution, solution)
}
