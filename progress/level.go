package progress

import "math"

// The level scheme of the chess rules handout (seed 004, 记分方法): "no
// level" (无级别), then levels 30 down to 1, each earned by 100 more points.
//
// Qixue takes the points from the puzzle rating: points are the rating
// minus LevelBase (500), rounded down, never below zero. Under 100 points
// a student has no level yet; 100 points earn level 30, 200 level 29, and
// so on, 100 points a level, until 3000 points (a rating of 3500) earn
// level 1, the top. A new student (1500) has 1000 points: level 21, with
// room both ways, and a child who fails many puzzles reaches "no level"
// only below a rating of 600.
const (
	// LevelBase is the rating worth zero points.
	LevelBase = 500
	// PointsPerLevel is the points between two levels.
	PointsPerLevel = 100
	// LowestLevel and TopLevel are the first and the last level.
	LowestLevel = 30
	TopLevel    = 1
)

// Level is a child-friendly view of a rating.
type Level struct {
	// Level is 30 (the first) down to 1 (the top), or 0 for no level yet.
	Level int
	// Points are the rating's points (rating - LevelBase, at least 0).
	Points int
	// ToNext is the points still needed for the next level, 0 at level 1.
	ToNext int
}

// LevelOf returns the level of a rating.
func LevelOf(rating float64) Level {
	points := max(int(math.Floor(rating-LevelBase)), 0)
	steps := points / PointsPerLevel // 0: no level, 1: level 30, ...
	if steps == 0 {
		return Level{Level: 0, Points: points, ToNext: PointsPerLevel - points}
	}
	level := max(LowestLevel+1-steps, TopLevel)
	toNext := 0
	if level > TopLevel {
		toNext = (steps+1)*PointsPerLevel - points
	}
	return Level{Level: level, Points: points, ToNext: toNext}
}
