// Package tournaments is the tournament engine of Qixue: players numbered by
// start rank, rounds of results (games, forfeits, pairing-allocated and
// requested byes), scores under a configurable point system, FIDE
// Tournament Report Files (TRF16, TRF(x), TRF-2026 codes), the FIDE Dutch
// Swiss system (C.04.3, 2025 rules) and FIDE Berger round-robin tables.
//
// It imports only the standard library: no HTTP, no database.
//
// Pairing the next round of a tournament kept in a TRF file:
//
//	t, err := tournaments.ReadTRF(file)
//	if err != nil {
//		return err // a *TRFError names the line and column
//	}
//	pairs, err := tournaments.PairDutch(t)
//	if errors.Is(err, tournaments.ErrNoValidPairing) {
//		// tell the teacher: the absolute criteria cannot be met
//	}
//	for board, p := range pairs {
//		fmt.Println(board+1, p.White, p.Black) // Black == 0: the bye
//	}
package tournaments
