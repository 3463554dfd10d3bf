// Package numchess is a computer player for International Number Chess
// (国际数棋) on the rules engine qixue/rules/numchess: an iterative
// deepening alpha-beta search over the engine's legal (piece, destination)
// pairs with a transposition table keyed by Position.Key, move ordering by
// the evaluation's gain, and a beam that keeps the most promising replies
// at inner nodes, so a search of a few thousand move generations (about
// 0.2 ms each) looks three to five plies ahead.
//
// The evaluation is the race to the opponent's camp scored as the ruleset
// scores the end (积和法: every piece toward its own number; 差和法: toward
// the number that scores most), with the course's endgame laws as terms
// (对位: a piece on a line with its point; 先到位: 6 first, the hub of the
// camp; 0 后到位: 0 last) and the openings of the course as a book
// (1489, 左侧直线进攻 0a1-e5[9-5-4], 右侧直线进攻 and the 抢占左锋/右峰 lanes).
// The search treats calling stop (叫停) as a move: a side with all ten
// pieces in the opponent's camp stops when the score wins.
//
// Levels (Levels, ten of them, named for children in zh-CN and en) differ
// as people do: a weaker level looks fewer plies ahead, overlooks spans
// over many pieces and chain spans more often (which moves it overlooks is
// fixed by the seed and the position, not drawn anew), and judges
// positions more coarsely. It never plays a move the ruleset forbids:
// every move comes from the engine of the ruleset it is given, with the
// engine's expressions (a K1 player never uses × or ÷).
//
// Usage:
//
//	p, err := numchess.New(rules.K1(), 3, seed) // level 1..10
//	d, err := p.Decide(ctx, pos)               // ctx may carry a deadline
//	if d.Stop { /* call stop */ } else { next, _ = eng.Play(pos, d.Move) }
//
// The package uses only the standard library and the rules engine; it
// knows no clock (budgets come as a node count and ctx's deadline).
package numchess
