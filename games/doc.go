// Package games is the club game archive (棋谱库) of a school: game
// records of all four games, read from the files clubs keep (chess PGN,
// draughts PDN, gomoku/renju and number-chess move lists), replayed ply
// by ply, exported back, searched, confirmed and corrected.
//
// The club charter has the winner enter every game after it is played:
// a student's submission is pending until a teacher of the class or the
// opponent confirms it; staff uploads are confirmed at once. An upload
// keeps every good game of a file and reports every other one by its
// number with the reason (an illegal move, a game already in the
// archive); nothing is refused whole for one bad game. A game recorded
// for a tournament board enters its result through the tournament's own
// result entry (a Results implementation), so the standings follow.
//
// The package holds the domain only: types, the Store and Results
// interfaces, sentinel errors and the Service. Notation stays in rules/*
// (chess.ParsePGN, draughts.ParsePDNGames, gomoku.ParseRecord,
// numchess.ParseMove); storage is in models (GameStore), HTTP in api.
//
// Usage:
//
//	svc := games.NewService(models.NewGameStore(db), games.Config{
//		Results:   api.TournamentResults(tournamentService),
//		FirstName: identity.FirstName,
//	})
//	rep, err := svc.Upload(ctx, caller, games.Upload{Game: games.Chess, Text: pgn})
//	// rep.Stored: the records kept; rep.Refused: {Number: 2, Code: "invalid",
//	// Reason: {ZH: "第2回合（白方）：...", EN: "move 2 (white): ..."}}
//	rp, err := svc.Replay(ctx, caller, rep.Stored[0].ID)
//	for _, p := range rp.Plies {
//		fmt.Println(p.Ply, p.Move.ZH, p.Move.EN, p.Position) // 3 马 g1-f3 Nf3 rnbqkbnr/...
//	}
//	_, pgnText, err := svc.Export(ctx, caller, rep.Stored[0].ID)
//
// Errors are *Error values comparable with errors.Is to ErrNotFound,
// ErrForbidden, ErrValidation (naming the fields), ErrNoGames,
// ErrAlreadyConfirmed, ErrOwnSubmission and ErrDuplicate.
package games
