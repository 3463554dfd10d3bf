// Package tournaments is the tournament engine of Qixue: players numbered by
// start rank, rounds of results (games, forfeits, pairing-allocated and
// requested byes), scores under a configurable point system, FIDE
// Tournament Report Files (TRF16, TRF(x), TRF-2026 codes), the FIDE Dutch
// Swiss system (C.04.3, 2025 rules) and FIDE Berger round-robin tables,
// and, behind one System interface, the school Swiss (积分编排), round
// robin, knockout and arena (擂台) systems, with standings ranked by FIDE
// C.07 tie-breaks.
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
//
// Standings follow the text of FIDE C.07 the tournament names
// (Tournament.TieBreakRules: FIDE2023, the default, or FIDE2026; they
// differ on unplayed rounds in a Swiss, see TieBreakRules).
//
// The Service runs class tournaments of every system over a Store: a
// knockout's drawn games by its tie rule (Service.Decide records the
// teacher's choice), an arena's queue (Service.SetQueue; late entries join
// its end), and, for number chess, results the API scores with the rules
// engine before entering them. Event.Bracket and Event.ArenaState show
// where a knockout or arena stands.
//
// Any system, and the standings after a round:
//
//	var sys tournaments.System = tournaments.SchoolSwiss{Seed: 42}
//	boards, err := sys.Pair(t, t.PlayedRounds()+1)
//	rows, err := sys.Standings(t, t.PlayedRounds(), tournaments.DefaultTieBreaks("chess", "school_swiss"))
//	for _, r := range rows {
//		fmt.Println(r.Rank, r.Player, r.Points, r.TieBreaks)
//	}
package tournaments
