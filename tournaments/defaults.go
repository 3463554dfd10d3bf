package tournaments

// DefaultTieBreaks returns the tie-break list a new tournament of game
// ("chess", "draughts", "gomoku", "numchess") starts with under a system
// (SystemDutch and SystemSchoolSwiss are Swiss; SystemRoundRobin;
// SystemKnockout and SystemArena rank by how far a player came and only show
// these). The teacher may change the list per tournament.
//
//   - gomoku: the club notes (seed 001) rank a round robin by 小分, the
//     points of the beaten opponents plus half those of the drawn ones,
//     which is Sonneborn-Berger; their next criterion, the number of
//     penalties, is not recorded here, and then places are shared. So the
//     list is SB alone, in every system.
//   - chess, draughts, number chess: the seed (002) only plans an extra
//     game for a tie and names no tie-break. Swiss systems get Buchholz
//     cut 1, Buchholz, direct encounter, wins and wins with Black; round
//     robins get direct encounter, wins and Sonneborn-Berger (Buchholz is
//     meaningless when everybody meets everybody, C.07 8).
func DefaultTieBreaks(game, system string) []TieBreak {
	if game == "gomoku" {
		return []TieBreak{SonnebornBerger}
	}
	switch system {
	case SystemRoundRobin, SystemKnockout, SystemArena:
		return []TieBreak{DirectEncounter, Wins, SonnebornBerger}
	}
	return []TieBreak{BuchholzCut1, Buchholz, DirectEncounter, Wins, BlackWins}
}
