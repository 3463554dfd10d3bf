package gomoku

// level is how one level plays. A weaker level looks fewer moves ahead,
// considers fewer moves at each turn, looks for shorter wins by fours (or
// none), does not look for the opponent's, and now and then does not see
// a threat of the opponent's (an open three, at the lowest levels even a
// four): the answering points are then not among the moves it thinks
// of, as a child who has not noticed the threat plays on with its own
// plan. Which threats it overlooks is fixed by the seed and the move.
type level struct {
	nameZH, nameEN string
	depth          int   // plies of the main search
	width          int   // moves considered at each inner node
	nodes          int64 // positions a move may visit
	vcf            int   // fours in its own win-by-fours search (0: none)
	defend         bool  // looks for the opponent's win by fours and stops it
	missThree      int   // per mille: overlooks the opponent's three
	missFour       int   // per mille: overlooks the opponent's four
	noise          int   // misjudges moves by ± this much
}

// levels are the player's levels, weakest first; their measured strength
// is in BENCHMARKS.md ("Gomoku computer player").
var levels = []level{
	{"小雏鸡", "Chick", 1, 6, 300, 0, false, 700, 400, 80},
	{"小麻雀", "Sparrow", 1, 10, 800, 0, false, 400, 150, 40},
	{"小燕子", "Swallow", 2, 8, 2_000, 2, false, 300, 80, 30},
	{"小喜鹊", "Magpie", 3, 8, 4_000, 4, false, 150, 20, 20},
	{"小鸽子", "Dove", 4, 10, 8_000, 6, true, 60, 0, 12},
	{"小百灵", "Lark", 5, 10, 16_000, 8, true, 30, 0, 8},
	{"猫头鹰", "Owl", 6, 12, 30_000, 9, true, 15, 0, 4},
	{"丹顶鹤", "Crane", 7, 12, 60_000, 11, true, 0, 0, 2},
	{"雄鹰", "Eagle", 10, 12, 200_000, 13, true, 0, 0, 1},
	{"金凤凰", "Golden Phoenix", 16, 12, 350_000, 15, true, 0, 0, 1},
}

// NumLevels is the number of levels: 1 the weakest.
const NumLevels = 10
