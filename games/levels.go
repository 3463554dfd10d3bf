package games

import (
	"sort"
	"time"
)

// The level scheme of seed 004 (级别积分制): a player collects level points
// from rated games; every 100 points is one level, from 30级 up to 1级,
// and a player below 100 points has no level yet (无级别). What a result
// is worth depends on the difference between the two players' current
// points, and the loser gives up exactly what the winner gains.
//
// The seed's text runs its items together; the readings chosen here are:
//   - "相差10分以内" is a difference below 10, "10-99分" is 10..99 and
//     "100分以上" / "200分以上" include 100 / 200;
//   - "分低方得差分/42." is "差分/4" followed by the item number "2.";
//   - "低级别方" / "高级别方" is the player with fewer / more points (the
//     difference is measured in points, so a player can be "lower" within
//     one level); with equal points every branch gives the same answer;
//   - the formulas give fractions (差分/10, 差分/12.5); the points are
//     kept whole, so every gain is rounded to the nearest whole point, a
//     half rounding up;
//   - points are not floored at zero: the seed says the loser loses what the
//     winner gains, so the total stays constant;
//   - 100..199 points is 30级, 200..299 is 29级, ... and 3000 or more is
//     1级, the highest.
const (
	// PointsPerLevel is the number of level points between two levels.
	PointsPerLevel = 100
	// LowestLevel is the first level a player reaches (30级).
	LowestLevel = 30
	// HighestLevel is the top of the scheme (1级).
	HighestLevel = 1
	// Unrated is the Level of a player with fewer than PointsPerLevel
	// points (无级别).
	Unrated = 0
)

// The results of a game as the level and monthly tables read them, from
// the first player's side (White in chess and draughts, Black in gomoku,
// Red in number chess), written as in PGN. Any other value (an unfinished
// "*") moves no points and counts no game.
const (
	resultFirstWins  = "1-0"
	resultSecondWins = "0-1"
	resultDraw       = "1/2-1/2"
)

// LevelOf returns the level for a total of level points: Unrated below
// 100, then 30 for 100..199 down to 1 for 3000 points or more.
func LevelOf(points int) int {
	if points < PointsPerLevel {
		return Unrated
	}
	l := LowestLevel + 1 - points/PointsPerLevel
	if l < HighestLevel {
		l = HighestLevel
	}
	return l
}

// PointsToNextLevel returns how many level points a player with points
// still needs for the next level, or 0 at 1级.
func PointsToNextLevel(points int) int {
	if LevelOf(points) == HighestLevel {
		return 0
	}
	if points < 0 {
		return PointsPerLevel - points
	}
	return PointsPerLevel - points%PointsPerLevel
}

// LevelExchange returns the level points a game moves from the loser to
// the winner, or for a draw from the player with more points to the player
// with fewer, following seed 004 (see the package notes on the readings):
//
//	difference      draw (to the lower)   lower wins      higher wins
//	below 10        0                     10              10
//	10..99          (10+d/10)/2           10+d/10         10-d/12.5
//	100..199        d/4                   d/2             2
//	200 or more     d/4                   d/2             0
//
// first and second are the players' points before the game and result is
// "1-0", "0-1" or "1/2-1/2" from the first player's side. The answer is the
// change for the first player; the second player's change is its negation.
// Any other result gives 0.
func LevelExchange(first, second int, result string) int {
	d := first - second
	lowerIsFirst := d < 0
	if d < 0 {
		d = -d
	}
	var gain int // gained by the lower player (or the winner when equal)
	switch result {
	case resultDraw:
		gain = drawGain(d)
	case resultFirstWins, resultSecondWins:
		lowerWon := (result == resultFirstWins) == lowerIsFirst
		if d == 0 {
			lowerWon = true
		}
		if lowerWon {
			gain = lowerWinGain(d)
		} else {
			gain = -higherWinGain(d)
		}
	default:
		return 0
	}
	// gain is what the lower-points player receives; equal points count
	// the first player as lower for draws (gain 0) and the winner for wins.
	if d == 0 {
		if result == resultSecondWins {
			return -gain
		}
		return gain
	}
	if lowerIsFirst {
		return gain
	}
	return -gain
}

// drawGain is what the lower player gains from a draw at difference d.
func drawGain(d int) int {
	switch {
	case d < 10:
		return 0
	case d < 100:
		return (100 + d + 10) / 20 // (10 + d/10) / 2, rounded
	default:
		return (d + 2) / 4 // d/4, rounded
	}
}

// lowerWinGain is what the lower player gains by winning at difference d.
func lowerWinGain(d int) int {
	switch {
	case d < 10:
		return 10
	case d < 100:
		return (100 + d + 5) / 10 // 10 + d/10, rounded
	default:
		return (d + 1) / 2 // d/2, rounded
	}
}

// higherWinGain is what the higher player gains by winning at difference d.
func higherWinGain(d int) int {
	switch {
	case d < 10:
		return 10
	case d < 100:
		return (250 - 2*d + 12) / 25 // 10 - d/12.5, rounded
	case d < 200:
		return 2
	default:
		return 0
	}
}

// GameResult is one confirmed game as the level and monthly tables see
// it. First and Second are player IDs (the first player moves first);
// Result is "1-0", "0-1" or "1/2-1/2" from the first player's side.
type GameResult struct {
	First, Second string
	Date          time.Time
	Result        string
}

// CharterPoints are the club charter's points for one game (seed 002): a
// win 2, a draw 1, a loss ½ (every game played earns something).
const (
	CharterWin  = 2.0
	CharterDraw = 1.0
	CharterLoss = 0.5
)

// LevelPoints replays results in date order (games on the same date in
// the order given) from the starting points in start (a player missing
// from start has 0) and returns every player's level points afterwards.
// start is not modified.
func LevelPoints(results []GameResult, start map[string]int) map[string]int {
	pts := make(map[string]int, len(start))
	for id, p := range start {
		pts[id] = p
	}
	for _, r := range byDate(results) {
		applyLevel(pts, r)
	}
	return pts
}

func applyLevel(pts map[string]int, r GameResult) {
	d := LevelExchange(pts[r.First], pts[r.Second], r.Result)
	pts[r.First] += d
	pts[r.Second] -= d
}

// byDate returns the results sorted by date, keeping the given order for
// equal dates, without changing the caller's slice.
func byDate(results []GameResult) []GameResult {
	out := append([]GameResult(nil), results...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date.Before(out[j].Date) })
	return out
}

// MonthRow is one player's line of the monthly points table.
type MonthRow struct {
	Player              string
	Games               int
	Wins, Draws, Losses int
	Points              float64 // charter points of the month (2 / 1 / ½)
	LevelPoints         int     // seed 004 points at the end of the month
	Progress            int     // level points gained in the month (may be negative)
	Level               int     // LevelOf(LevelPoints), Unrated = 0
	PointsToNext        int     // PointsToNextLevel(LevelPoints)
}

// MonthlyTable returns the charter's monthly table for the month of year
// y and month m in loc: one row per player who played in that month, with
// the month's games, wins, draws, losses and charter points, and the
// running level from every result up to the month's end (replayed from
// start as LevelPoints does). Rows are ordered by charter points, then
// progress (the charter publishes "highest points and most progress"),
// then player ID.
func MonthlyTable(results []GameResult, start map[string]int, y int, m time.Month, loc *time.Location) []MonthRow {
	from := time.Date(y, m, 1, 0, 0, 0, 0, loc)
	to := from.AddDate(0, 1, 0)
	pts := make(map[string]int, len(start))
	for id, p := range start {
		pts[id] = p
	}
	rows := map[string]*MonthRow{}
	before := map[string]int{}
	row := func(id string) *MonthRow {
		r, ok := rows[id]
		if !ok {
			r = &MonthRow{Player: id}
			rows[id] = r
			before[id] = pts[id]
		}
		return r
	}
	for _, g := range byDate(results) {
		if !g.Date.Before(to) {
			break
		}
		if g.Date.Before(from) {
			applyLevel(pts, g)
			continue
		}
		if g.Result != resultFirstWins && g.Result != resultSecondWins && g.Result != resultDraw {
			continue
		}
		a, b := row(g.First), row(g.Second)
		applyLevel(pts, g)
		a.Games++
		b.Games++
		switch g.Result {
		case resultFirstWins:
			a.Wins, b.Losses = a.Wins+1, b.Losses+1
			a.Points, b.Points = a.Points+CharterWin, b.Points+CharterLoss
		case resultSecondWins:
			b.Wins, a.Losses = b.Wins+1, a.Losses+1
			b.Points, a.Points = b.Points+CharterWin, a.Points+CharterLoss
		default:
			a.Draws, b.Draws = a.Draws+1, b.Draws+1
			a.Points, b.Points = a.Points+CharterDraw, b.Points+CharterDraw
		}
	}
	out := make([]MonthRow, 0, len(rows))
	for id, r := range rows {
		r.LevelPoints = pts[id]
		r.Progress = pts[id] - before[id]
		r.Level = LevelOf(pts[id])
		r.PointsToNext = PointsToNextLevel(pts[id])
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Points != b.Points {
			return a.Points > b.Points
		}
		if a.Progress != b.Progress {
			return a.Progress > b.Progress
		}
		return a.Player < b.Player
	})
	return out
}
