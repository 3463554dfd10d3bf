package progress

// HandoutPoints returns the points the winner of a game gains, and the
// loser loses, under the club scoring of the chess rules handout (seed
// 004, 记分方法), given both players' points before the game. For a draw
// (draw true, winner and loser in either order) it returns what the
// player with fewer points gains and the other loses. The handout's
// rules, with d the difference of the points:
//
//   - draw: d under 10, nothing; 10 to 99, (10 + d/10) / 2; 100 or more,
//     d/4;
//   - the lower side wins: d under 10, 10; 10 to 99, 10 + d/10; 100 or
//     more, d/2;
//   - the higher side wins: d under 10, 10; 10 to 99, 10 - d/12.5; 100 to
//     199, 2; 200 or more, nothing.
//
// Qixue rates puzzles with Glicko-2, not with these rules; they are here
// for games between students (a class ladder), and so that the level
// scheme's source is complete.
func HandoutPoints(winner, loser float64, draw bool) float64 {
	d := winner - loser
	if d < 0 {
		d = -d
	}
	switch {
	case draw && d < 10:
		return 0
	case draw && d < 100:
		return (10 + d/10) / 2
	case draw:
		return d / 4
	case winner <= loser: // the lower side won
		switch {
		case d < 10:
			return 10
		case d < 100:
			return 10 + d/10
		default:
			return d / 2
		}
	default: // the higher side won
		switch {
		case d < 10:
			return 10
		case d < 100:
			return 10 - d/12.5
		case d < 200:
			return 2
		default:
			return 0
		}
	}
}
