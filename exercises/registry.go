package exercises

// allKinds lists every kind. Each game's kinds live in kinds_<game>.go and
// add their constructors here.
func allKinds() []Kind {
	return []Kind{
		choiceKind{}, numberKind{}, // generic
		chessEscapeKind{}, chessAllEscapesKind{}, chessMateKind{}, chessBestKind{}, chessPieceMovesKind{}, // chess (kinds_chess*.go)
		draughtsCaptureKind{}, draughtsShotKind{}, // draughts (kinds_draughts.go)
		// chess, draughts, gomoku, numchess kinds follow.
		numchessExpression{}, // numchess (kinds_numchess.go)
		numchessMove{}, numchessScore{}, numchessSwapCost{},
		gomokuWinIn1{}, gomokuForbidden{}, gomokuVCF{}, gomokuShape{}, gomokuOpeningName{}, // gomoku (kinds_gomoku*.go)
		gomokuKeyPoint{},
	}
}

// allGenerators lists every generator; each game's generators live in
// generate_<game>.go and add their constructors here. Each is wrapped to
// give its exercises the derived hints (hints_derive.go).
func allGenerators() []Generator {
	gs := []Generator{
		chessEscapeGenerator{}, chessMateGenerator{}, // chess (generate_chess.go, generate_chess_mate.go)
		ncExpressionGenerator{}, ncMoveGenerator{}, // numchess (generate_numchess.go)
		gmWinGenerator{}, // gomoku (generate_gomoku.go)
	}
	for i, g := range gs {
		gs[i] = hintedGenerator{g}
	}
	return gs
}
