package chess_test

import (
	"fmt"
	"strings"

	"qixue/rules/chess"
)

func ExamplePosition_Play() {
	p := chess.StartPosition()
	m, _ := p.ParseMove("e2-e4")
	next, _ := p.Play(m)
	fmt.Println(next.FEN())

	_, err := next.Play(chess.NewMove(chess.E1, chess.E1+16, chess.NoPieceType))
	fmt.Println(err)
	// Output:
	// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1
	// e1e3: the king on e1 belongs to white, and it is black's turn
}

func ExamplePosition_ParseMove() {
	p, _ := chess.ParseFEN("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3")
	for _, s := range []string{"ef", "exf6 e.p.", "e5f6", "Nf3!?", "Ne4"} {
		m, err := p.ParseMove(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(s, "=", p.SAN(m))
	}
	// Output:
	// ef = exf6
	// exf6 e.p. = exf6
	// e5f6 = exf6
	// Nf3!? = Nf3
	// Ne4: no knight can reach e4
}

func ExamplePosition_Escapes() {
	p, _ := chess.ParseFEN("rn2k3/8/p7/1B6/8/8/8/4K3 b - - 0 1")
	e, _ := p.Escapes()
	for _, c := range e.Checkers {
		fmt.Println("check from", c.Square)
	}
	for _, m := range e.Moves {
		fmt.Println(m.SAN, m.Method, m.Method.Chinese())
	}
	// Unordered output:
	// check from b5
	// Kd8 king 躲将
	// Ke7 king 躲将
	// Kf7 king 躲将
	// Kf8 king 躲将
	// Nc6 block 垫将
	// Nd7 block 垫将
	// axb5 capture 消将
}

func ExamplePosition_MateIn() {
	p, _ := chess.ParseFEN("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1")
	for _, m := range p.MateIn(3) {
		fmt.Println(p.SAN(m))
	}
	// Output: Ra6+
}

func ExampleParsePGN() {
	games := chess.ParsePGN("1.e4e52.Nf3Nc63.Bc4Nf64.Ng5d55.ed Nxd56.Nf7 *")
	g := games[0]
	var sans []string
	for _, m := range g.Moves {
		sans = append(sans, m.SAN)
	}
	fmt.Println(strings.Join(sans, " "))
	fmt.Println(g.Err)
	// Output:
	// e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Nxd5 Nxf7
	// <nil>
}

func ExampleGame_ClaimDrawWith() {
	g := chess.NewGame(chess.StartPosition())
	for _, s := range []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"} {
		_ = g.PlayMove(s)
	}
	// Black writes down Ng8, which brings back the start position a third
	// time, and claims the draw without playing it.
	m, _ := g.Position().ParseMove("Ng8")
	c, _ := g.ClaimDrawWith(m)
	fmt.Println(c.Method, len(g.Moves()))
	fmt.Println(c.Message("en"))
	fmt.Println(c.Message("zh-CN"))

	// A claim with Nc6 is not correct: the game goes on with Nc6 played.
	m, _ = g.Position().ParseMove("Nc6")
	c, _ = g.ClaimDrawWith(m)
	fmt.Println(c.Method, len(g.Moves()))
	// Output:
	// threefold_repetition 7
	// draw (threefold repetition): after Ng8 the same position will have appeared 3 times
	// 和棋（同一局面出现三次）：走 Ng8 后同一局面将出现 3 次
	// ongoing 8
}
