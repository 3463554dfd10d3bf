package progress

import (
	"fmt"
	"math"
	"testing"
)

// TestUpdatePaperExample is the worked example of Glickman's paper: a
// 1500/200/0.06 player beats 1400/30 and loses to 1550/100 and 1700/300.
// The paper rounds its intermediate values and prints 1464.06; computed
// without rounding the rating is 1464.0507, so the tolerance is 0.015.
func TestUpdatePaperExample(t *testing.T) {
	got := Update(Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}, []Result{
		{Opponent: Rating{Rating: 1400, Deviation: 30, Volatility: 0.06}, Score: 1},
		{Opponent: Rating{Rating: 1550, Deviation: 100, Volatility: 0.06}, Score: 0},
		{Opponent: Rating{Rating: 1700, Deviation: 300, Volatility: 0.06}, Score: 0},
	}, 0.5)
	if math.Abs(got.Rating-1464.06) > 0.015 || math.Abs(got.Deviation-151.52) > 0.01 || math.Abs(got.Volatility-0.05999) > 0.00001 {
		t.Fatalf("got %.4f / %.4f / %.6f, want 1464.06 / 151.52 / 0.05999", got.Rating, got.Deviation, got.Volatility)
	}
}

func TestUpdateNoGamesGrowsDeviation(t *testing.T) {
	r := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got := Update(r, nil, Tau)
	want := math.Sqrt(200.0/glickoScale*200.0/glickoScale+0.06*0.06) * glickoScale
	if got.Rating != 1500 || math.Abs(got.Deviation-want) > 1e-9 || got.Volatility != 0.06 {
		t.Fatalf("got %+v, want deviation %f", got, want)
	}
}

func TestUpdateBigSurpriseUsesLogBracket(t *testing.T) {
	// A very uncertain player beating a far stronger, certain one makes
	// Δ² > φ² + v, the other branch of the volatility bracket.
	r := Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}
	got := Update(r, []Result{{Opponent: Rating{Rating: 2500, Deviation: 30, Volatility: 0.06}, Score: 1}}, 0.5)
	if !(got.Rating > 1800) || !(got.Volatility > 0.06) || math.IsNaN(got.Deviation) {
		t.Fatalf("got %+v, want a big gain and a higher volatility", got)
	}
}

func TestRatePuzzle(t *testing.T) {
	s, p := NewRating(), NewRating()
	s1, p1 := RatePuzzle(s, p, true)
	if !(s1.Rating > s.Rating) || !(p1.Rating < p.Rating) {
		t.Fatalf("solved: student %f puzzle %f", s1.Rating, p1.Rating)
	}
	if math.Abs((s1.Rating-1500)+(p1.Rating-1500)) > 1e-9 {
		t.Fatalf("equal ratings should move by equal amounts: %f %f", s1.Rating, p1.Rating)
	}
	s2, p2 := RatePuzzle(s, p, false)
	if !(s2.Rating < s.Rating) || !(p2.Rating > p.Rating) {
		t.Fatalf("failed: student %f puzzle %f", s2.Rating, p2.Rating)
	}
	// Many solves keep the deviation at its floor.
	r := NewRating()
	for range 500 {
		r, _ = RatePuzzle(r, NewRating(), true)
	}
	if r.Deviation < MinDeviation || r.Deviation > MaxDeviation {
		t.Fatalf("deviation %f outside the clamp", r.Deviation)
	}
}

func TestLevelOf(t *testing.T) {
	for _, tc := range []struct {
		rating        float64
		level, points int
		toNext        int
	}{
		{0, 0, 0, 100},
		{599.9, 0, 99, 1},
		{600, 30, 100, 100},
		{650, 30, 150, 50},
		{700, 29, 200, 100},
		{1500, 21, 1000, 100},
		{1549, 21, 1049, 51},
		{3399, 3, 2899, 1},
		{3400, 2, 2900, 100},
		{3500, 1, 3000, 0},
		{5000, 1, 4500, 0},
	} {
		got := LevelOf(tc.rating)
		if got != (Level{Level: tc.level, Points: tc.points, ToNext: tc.toNext}) {
			t.Errorf("LevelOf(%v) = %+v, want level %d points %d toNext %d", tc.rating, got, tc.level, tc.points, tc.toNext)
		}
	}
	// Every level from 30 to 1 is reached, 100 points apart.
	for l := LowestLevel; l >= TopLevel; l-- {
		r := float64(LevelBase + (LowestLevel+1-l)*PointsPerLevel)
		if got := LevelOf(r).Level; got != l {
			t.Errorf("LevelOf(%v) = %d, want %d", r, got, l)
		}
		if got := LevelOf(r - 1).Level; l < LowestLevel && got != l+1 {
			t.Errorf("LevelOf(%v) = %d, want %d", r-1, got, l+1)
		}
	}
}

func TestMasteryWeakStars(t *testing.T) {
	if Mastery(0, 0) != 0.5 || math.Abs(Mastery(1, 1)-2.0/3) > 1e-12 || math.Abs(Mastery(10, 10)-11.0/12) > 1e-12 {
		t.Fatalf("mastery: %v %v %v", Mastery(0, 0), Mastery(1, 1), Mastery(10, 10))
	}
	if Weak(0, 2) || !Weak(0, 3) || !Weak(1, 4) || Weak(2, 3) {
		t.Fatalf("weak: %v %v %v %v", Weak(0, 2), Weak(0, 3), Weak(1, 4), Weak(2, 3))
	}
	for _, tc := range []struct {
		acc   float64
		n     int
		stars int
	}{{0, 0, 0}, {0, 1, 1}, {0.59, 5, 1}, {0.6, 5, 2}, {0.89, 9, 2}, {0.9, 10, 3}, {1, 1, 3}} {
		if got := Stars(tc.acc, tc.n); got != tc.stars {
			t.Errorf("Stars(%v, %d) = %d, want %d", tc.acc, tc.n, got, tc.stars)
		}
	}
}

func ExampleLevelOf() {
	student, puzzle := NewRating(), NewRating()
	student, _ = RatePuzzle(student, puzzle, true)
	lvl := LevelOf(student.Rating)
	fmt.Printf("rating %.0f, level %d, %d points to the next level\n", student.Rating, lvl.Level, lvl.ToNext)
	// Output: rating 1662, level 20, 38 points to the next level
}

func TestLessonStats(t *testing.T) {
	lessons := []LessonExercises{
		{LessonID: "l1", ExerciseIDs: []string{"a", "b", "c", "d"}},
		{LessonID: "l2", ExerciseIDs: []string{"x"}},
		{LessonID: "l3", ExerciseIDs: []string{"a"}},
	}
	exs := []ExerciseStats{
		{ExerciseID: "a", Attempts: 1, Solved: true, FirstTry: true},
		{ExerciseID: "b", Attempts: 3, Solved: true},
		{ExerciseID: "c", Attempts: 1},
	}
	got := lessonStats(lessons, exs)
	want := []LessonStats{
		{LessonID: "l1", Exercises: 4, Attempted: 3, Solved: 2, FirstTry: 1, FirstTryStars: 3},
		{LessonID: "l3", Exercises: 1, Attempted: 1, Solved: 1, FirstTry: 1, FirstTryStars: 3},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	if got[0].Completion() != 0.5 || got[0].Stars() != 1 || got[1].Completion() != 1 || got[1].Stars() != 3 {
		t.Fatalf("l1 %.2f %d, l3 %.2f %d", got[0].Completion(), got[0].Stars(), got[1].Completion(), got[1].Stars())
	}
}

// TestLessonStarsWithHints: ten exercises solved on the first try keep
// three stars while the hints leave 90 % of their stars (two exercises
// with a hint, or one with two), lose one with four hinted exercises, and
// a lesson of one exercise solved with one hint has two stars, as the
// exercise has.
func TestLessonStarsWithHints(t *testing.T) {
	ids := []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}
	lessons := []LessonExercises{{LessonID: "ten", ExerciseIDs: ids}, {LessonID: "one", ExerciseIDs: []string{"0"}}}
	for _, c := range []struct {
		hints    map[string]int
		ten, one int
	}{
		{nil, 3, 3},
		{map[string]int{"3": 1}, 3, 3},
		{map[string]int{"3": 1, "4": 1}, 3, 3},
		{map[string]int{"0": 1}, 3, 2},
		{map[string]int{"0": 2}, 3, 1},
		{map[string]int{"0": 1, "1": 1, "2": 1, "3": 1}, 2, 2},
		{map[string]int{"0": 3, "1": 3, "2": 3, "3": 3, "4": 3}, 2, 1},
		{map[string]int{"0": 3, "1": 3, "2": 3, "3": 3, "4": 3, "5": 3, "6": 3}, 1, 1},
	} {
		var exs []ExerciseStats
		for _, id := range ids {
			exs = append(exs, ExerciseStats{ExerciseID: id, Attempts: 1, Solved: true, FirstTry: true, HintsUsed: c.hints[id]})
		}
		got := lessonStats(lessons, exs)
		if got[0].Stars() != c.ten || got[1].Stars() != c.one {
			t.Errorf("hints %v: %d and %d stars, want %d and %d", c.hints, got[0].Stars(), got[1].Stars(), c.ten, c.one)
		}
	}
}

func TestClassExerciseStatsMedian(t *testing.T) {
	for _, tc := range []struct {
		times []int
		want  float64
	}{{nil, 0}, {[]int{5}, 5}, {[]int{9, 1, 4}, 4}, {[]int{8, 2, 4, 6}, 5}} {
		c := ClassExerciseStats{FirstTimesMS: tc.times, Students: 4, FirstTry: 1}
		if got := c.MedianTimeMS(); got != tc.want {
			t.Errorf("median %v = %v, want %v", tc.times, got, tc.want)
		}
		if c.SuccessRate() != 0.25 {
			t.Errorf("success rate %v", c.SuccessRate())
		}
	}
	if (ClassExerciseStats{}).SuccessRate() != 0 {
		t.Error("success rate of nobody")
	}
}

func TestHandoutPoints(t *testing.T) {
	for _, tc := range []struct {
		winner, loser float64
		draw          bool
		want          float64
	}{
		{500, 505, true, 0},
		{500, 550, true, 7.5},      // (10 + 5) / 2
		{700, 500, true, 50},       // 200 / 4
		{500, 505, false, 10},      // lower wins, d < 10
		{500, 550, false, 15},      // 10 + 50/10
		{500, 700, false, 100},     // 200 / 2
		{505, 500, false, 10},      // higher wins, d < 10
		{550, 500, false, 6},       // 10 - 50/12.5
		{650, 500, false, 2},       // d 150
		{700, 500, false, 0},       // d 200
		{1000, 500, false, 0},      // d 500
		{500, 500, false, 10},      // equal: the winner gains 10
		{560, 500, true, 8},        // (10 + 6) / 2
		{600, 500, true, 25},       // 100 / 4
		{599.9, 500, false, 2.008}, // 10 - 99.9/12.5
	} {
		if got := HandoutPoints(tc.winner, tc.loser, tc.draw); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("HandoutPoints(%v, %v, %v) = %v, want %v", tc.winner, tc.loser, tc.draw, got, tc.want)
		}
	}
}
