package games

import (
	"fmt"
	"testing"
	"time"
)

func TestLevelOf(t *testing.T) {
	for _, c := range []struct{ pts, level, next int }{
		{-30, Unrated, 130}, {0, Unrated, 100}, {99, Unrated, 1}, {100, 30, 100}, {199, 30, 1},
		{200, 29, 100}, {2950, 2, 50}, {3000, 1, 0}, {5000, 1, 0},
	} {
		if got := LevelOf(c.pts); got != c.level {
			t.Errorf("LevelOf(%d) = %d, want %d", c.pts, got, c.level)
		}
		if got := PointsToNextLevel(c.pts); got != c.next {
			t.Errorf("PointsToNextLevel(%d) = %d, want %d", c.pts, got, c.next)
		}
	}
}

// The cases follow seed 004's formulas item by item, at the edges of each
// band; d is the difference in current points.
func TestLevelExchange(t *testing.T) {
	for _, c := range []struct {
		first, second int
		result        string
		want          int
	}{
		// 1. draws: the lower player gains
		{500, 500, "1/2-1/2", 0},
		{500, 509, "1/2-1/2", 0},    // d 9: no points
		{500, 510, "1/2-1/2", 6},    // d 10: (10+1)/2 = 5.5 -> 6
		{520, 500, "1/2-1/2", -6},   // d 20: (10+2)/2 = 6, the higher gives
		{500, 599, "1/2-1/2", 10},   // d 99: (10+9.9)/2 = 9.95 -> 10
		{500, 600, "1/2-1/2", 25},   // d 100: 100/4
		{742, 300, "1/2-1/2", -111}, // d 442: 110.5 -> 111
		// 2. the lower player wins
		{500, 505, "1-0", 10},  // d 5: 10
		{500, 550, "1-0", 15},  // d 50: 10+5
		{500, 599, "1-0", 20},  // d 99: 19.9 -> 20
		{650, 500, "0-1", -75}, // d 150: 75
		{500, 801, "1-0", 151}, // d 301: 150.5 -> 151
		// 3. the higher player wins
		{505, 500, "1-0", 10}, // d 5: 10
		{550, 500, "1-0", 6},  // d 50: 10-4
		{537, 500, "1-0", 7},  // d 37: 7.04
		{599, 500, "1-0", 2},  // d 99: 2.08
		{500, 600, "0-1", -2}, // d 100: 2
		{500, 699, "0-1", -2}, // d 199: 2
		{700, 500, "1-0", 0},  // d 200: none
		{0, 0, "1-0", 10},     // equal: the winner gets 10
		{0, 0, "0-1", -10},
	} {
		if got := LevelExchange(c.first, c.second, c.result); got != c.want {
			t.Errorf("LevelExchange(%d, %d, %v) = %d, want %d", c.first, c.second, c.result, got, c.want)
		}
	}
}

func day(d int) time.Time { return time.Date(2026, 11, d, 18, 0, 0, 0, time.UTC) }

func TestMonthlyTable(t *testing.T) {
	results := []GameResult{
		{First: "li", Second: "wang", Date: time.Date(2026, 10, 31, 18, 0, 0, 0, time.UTC), Result: "1-0"},
		{First: "wang", Second: "zhao", Date: day(14), Result: "1/2-1/2"},
		{First: "wang", Second: "qian", Date: day(20), Result: "*"}, // unfinished: not counted
		{First: "li", Second: "zhao", Date: day(7), Result: "0-1"},
		{First: "li", Second: "wang", Date: day(7), Result: "1-0"},
		{First: "zhao", Second: "li", Date: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Result: "1-0"},
	}
	start := map[string]int{"li": 250, "wang": 100, "zhao": 180}
	// October: li 250 beats wang 100 (d 150, higher wins): li 252, wang 98.
	// 7 Nov: li 252 loses to zhao 180 (d 72, higher... zhao lower wins
	// 10+7.2 = 17): li 235, zhao 197; then li 235 beats wang 98 (d 137): 2,
	// li 237, wang 96. 14 Nov: wang 96 draws zhao 197 (d 101): 101/4 =
	// 25.25 -> 25, wang 121, zhao 172. December is not counted.
	got := MonthlyTable(results, start, 2026, time.November, time.UTC)
	want := []MonthRow{
		{Player: "li", Games: 2, Wins: 1, Losses: 1, Points: 2.5, LevelPoints: 237, Progress: -15, Level: 29, PointsToNext: 63},
		{Player: "zhao", Games: 2, Wins: 1, Draws: 1, Points: 3, LevelPoints: 172, Progress: -8, Level: 30, PointsToNext: 28},
		{Player: "wang", Games: 2, Draws: 1, Losses: 1, Points: 1.5, LevelPoints: 121, Progress: 23, Level: 30, PointsToNext: 79},
	}
	want[0], want[1] = want[1], want[0] // zhao has the most charter points
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("MonthlyTable =\n%v\nwant\n%v", got, want)
	}
	all := LevelPoints(results, start)
	if all["zhao"] != 172+17 || all["li"] != 237-17 || start["li"] != 250 {
		t.Errorf("LevelPoints = %v (start %v)", all, start)
	}
}

func ExampleLevelExchange() {
	// A player with 150 points (30级) beats one with 420 (28级): the lower
	// player wins at a difference of 270 and takes 270/2 points.
	d := LevelExchange(150, 420, "1-0")
	fmt.Println(d, LevelOf(150+d), LevelOf(420-d))
	// Output: 135 29 29
}

func ExampleMonthlyTable() {
	// ming (120) beats hong (0): the higher player wins at a difference
	// of 120 and gains 2. Their draw at a difference of 124 gives the
	// lower player 124/4 = 31.
	nov := func(d int) time.Time { return time.Date(2026, 11, d, 0, 0, 0, 0, time.UTC) }
	rows := MonthlyTable([]GameResult{
		{First: "ming", Second: "hong", Date: nov(7), Result: "1-0"},
		{First: "hong", Second: "ming", Date: nov(14), Result: "1/2-1/2"},
	}, map[string]int{"ming": 120}, 2026, time.November, time.UTC)
	for _, r := range rows {
		fmt.Printf("%s games %d won %d drew %d lost %d points %.1f level %d (%d to next)\n",
			r.Player, r.Games, r.Wins, r.Draws, r.Losses, r.Points, r.Level, r.PointsToNext)
	}
	// Output:
	// ming games 2 won 1 drew 1 lost 0 points 3.0 level 0 (9 to next)
	// hong games 2 won 0 drew 1 lost 1 points 1.5 level 0 (71 to next)
}
