// Package chess is the chess rules engine of Qixue: positions in FEN, legal
// moves, Play with reasons for refused moves, game outcomes and draw rules,
// SAN read leniently and printed canonically, PGN import and export, the
// "help the king" (躲将/垫将/消将) analysis of checks, and mate search in
// one to three moves. It uses only the standard library.
//
// Positions are immutable values: Play returns a new Position or an
// *IllegalMoveError. Every refusal implements Error, with a stable Code()
// and Message("zh-CN" or "en").
//
//	p, err := chess.ParseFEN("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
//	if err != nil {
//		return err // *chess.FENError names the field and the problem
//	}
//	m, err := p.ParseMove("0-0") // also "O-O", "e1g1", "Kg1"
//	if err != nil {
//		return err // *chess.IllegalMoveError says why
//	}
//	next, _ := p.Play(m)
//	fmt.Println(p.SAN(m), next.FEN())
//
// Repetition draws need the history of a game: use Game, which also exports
// PGN. Game.ClaimableDraw says whether the player to move may claim a draw
// now; Game.ClaimDrawWith judges a claim made with an intended move that is
// written down but not played (FIDE 9.2.1.1 and 9.3.1). Position.Escapes classifies the answers to a check for the "help the
// king" lesson, and Position.MateIn / ForcesMate check mate-in-1-to-3
// puzzles, accepting every mating first move.
//
// Internally the engine uses bitboards with magic attack tables, legal
// generation with check and pin masks and copy-make, so that Perft runs at
// well over a hundred million nodes per second on one core (see
// BENCHMARKS.md).
package chess
