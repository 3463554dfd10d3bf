// Package chess is Qixue's chess computer player, on the bitboard move
// generator of rules/chess and the standard library only.
//
// The search is iterative deepening with aspiration windows over a
// principal-variation (negamax) alpha-beta search: a transposition table
// (16-byte entries, mate scores stored relative to the node), quiescence
// over captures and promotions ordered by MVV-LVA with losing captures cut
// by static exchange evaluation and delta pruning, the hash move, killer
// moves and history for ordering, null-move pruning, late-move reductions,
// reverse futility, late-move and futility pruning at non-PV nodes, a check
// extension, mate-distance pruning, and draws by repetition (against the
// game's history), the fifty-move rule and bare material.
//
// The evaluation is linear and tapered between middlegame and endgame:
// material, piece-square tables, mobility by piece, passed, doubled and
// isolated pawns, the bishop pair, rooks on open files, the king's pawn
// shield and attacks next to the enemy king. Its 476 parameter pairs were
// tuned by Texel's method (bench/texel) on positions from Stockfish
// self-play games; see BENCHMARKS.md.
//
// Ten levels, 小蜗牛 Snail to 巨龙 Dragon, differ as people do: the weak
// ones look one or two plies ahead, stop following captures early (they
// miss the recapture) and misjudge positions by a noise that is a fixed
// function of the position and the seed; the strong ones search deeper
// with all the pruning. A small opening book, chosen among by the seed,
// makes games vary from the first move.
//
//	e, err := chess.New(3, seed, 0)          // level 3, 16 MiB table
//	r, err := e.Search(ctx, start, moves, chess.Limits{}, nil)
//	fmt.Println(r.Move, r.Score, r.Depth)
//
// The same level, seed and node budget give the same move. Search stops
// when ctx is done and answers with the best move of the deepest finished
// iteration. Player puts the engine behind players.Player; package uci
// speaks UCI for `qixue engine uci`.
package chess
