package progress

import (
	"cmp"
	"math"
	"slices"
	"time"
)

// Candidate is an exercise a student may practise: live, of the student's
// grade band, never solved by it and not tried in the last RetryAfter.
type Candidate struct {
	ExerciseID string
	// Game is the exercise's game ("" for a generic question).
	Game string
	// Difficulty is the author's estimate, 1 (easiest) to 5.
	Difficulty int
	Tags       []string
	// Puzzle is the exercise's puzzle rating; Rated is false while no
	// first attempt has rated it, and Puzzle is then ignored.
	Puzzle Rating
	Rated  bool
}

// Strength returns the rating the candidate is compared with: its puzzle
// rating once rated, otherwise DifficultyRating of its difficulty.
func (c Candidate) Strength() float64 {
	if c.Rated {
		return c.Puzzle.Rating
	}
	return DifficultyRating(c.Difficulty)
}

// DifficultyStep is the rating between two difficulty levels of an
// unrated exercise.
const DifficultyStep = 150

// DifficultyRating returns the rating assumed for an unrated exercise of
// difficulty d (1 to 5): a middling exercise (3) is a new player's
// DefaultRating, each level up or down DifficultyStep more or less, so a
// new student starts on exercises of difficulty 3. Puzzles are rated from
// DefaultRating on their first attempt whatever their difficulty (see
// RatePuzzle), and their rating then replaces this estimate.
func DifficultyRating(d int) float64 {
	d = min(max(d, 1), 5)
	return DefaultRating + float64(d-3)*DifficultyStep
}

// RetryAfter is how long an exercise the student tried without solving it
// stays out of its practice suggestions, so that an app does not offer
// again what the child just failed or gave up.
const RetryAfter = 10 * time.Minute

// Reason says why an exercise is suggested.
type Reason string

// The reasons of a practice suggestion.
const (
	// ReasonWeakSkill: the exercise carries one of the student's weak
	// skill tags (Recommendation.Tag).
	ReasonWeakSkill Reason = "weak_skill"
	// ReasonRating: the exercise's rating is close to the student's in
	// its game.
	ReasonRating Reason = "rating"
)

// Recommendation is a suggested practice exercise and why.
type Recommendation struct {
	ExerciseID string
	Reason     Reason
	// Tag is the weak skill for ReasonWeakSkill, "" otherwise.
	Tag string
}

// Practice is what a student's practice suggestions are made from.
type Practice struct {
	Candidates []Candidate
	// Skills are the student's first attempts per skill tag.
	Skills []SkillStats
	// Ratings are the student's puzzle ratings; a game without one is
	// DefaultRating.
	Ratings []GameRating
	// Due are the student's skills due to review (see Review); empty when
	// its class turned review off.
	Due []SkillReview
}

// WeakSkills returns the weak skills of skills, weakest first (lowest
// mastery, then tag).
func WeakSkills(skills []SkillStats) []SkillStats {
	var weak []SkillStats
	for _, k := range skills {
		if k.Weak() {
			weak = append(weak, k)
		}
	}
	slices.SortFunc(weak, func(a, b SkillStats) int {
		return cmp.Or(cmp.Compare(a.Mastery(), b.Mastery()), cmp.Compare(a.Tag, b.Tag))
	})
	return weak
}

// Recommend returns up to limit of the candidates, best first, skipping
// those skip reports (nil skips none):
//
//  1. exercises carrying a weak skill tag (ReasonWeakSkill), the weakest
//     skill first, and within a skill the closest to the student's rating
//     in the exercise's game;
//  2. the others (ReasonRating), closest to the student's rating first,
//     taken in turn from each game (the closest of every game, then the
//     second closest, ...), so that a student new to every game gets a
//     mix of games rather than one game's exercises;
//
// ties broken by game, difficulty and exercise ID, so the order is
// stable.
func (in Practice) Recommend(limit int, skip func(exerciseID string) bool) []Recommendation {
	rank := map[string]int{}
	for i, k := range WeakSkills(in.Skills) {
		rank[k.Tag] = i
	}
	student := map[string]float64{}
	for _, r := range in.Ratings {
		student[r.Game] = r.Rating.Rating
	}
	type scored struct {
		c Candidate
		// weak is the rank of the weakest skill tag, -1 for none.
		weak int
		tag  string
		// dist is the distance to the student's rating; turn is the
		// candidate's place among its game's, by dist.
		dist float64
		turn int
	}
	list := make([]scored, 0, len(in.Candidates))
	for _, c := range in.Candidates {
		if skip != nil && skip(c.ExerciseID) {
			continue
		}
		s := scored{c: c, weak: -1}
		for _, t := range c.Tags {
			if r, ok := rank[t]; ok && (s.weak < 0 || r < s.weak) {
				s.weak, s.tag = r, t
			}
		}
		mine, ok := student[c.Game]
		if !ok {
			mine = DefaultRating
		}
		s.dist = math.Abs(c.Strength() - mine)
		list = append(list, s)
	}
	byCloseness := func(a, b scored) int {
		return cmp.Or(cmp.Compare(a.dist, b.dist), cmp.Compare(a.c.Game, b.c.Game),
			cmp.Compare(a.c.Difficulty, b.c.Difficulty), cmp.Compare(a.c.ExerciseID, b.c.ExerciseID))
	}
	slices.SortFunc(list, byCloseness)
	turns := map[string]int{}
	for i := range list {
		if list[i].weak < 0 {
			list[i].turn = turns[list[i].c.Game]
			turns[list[i].c.Game]++
		}
	}
	slices.SortStableFunc(list, func(a, b scored) int {
		switch {
		case a.weak >= 0 && b.weak >= 0:
			return cmp.Compare(a.weak, b.weak)
		case a.weak >= 0:
			return -1
		case b.weak >= 0:
			return 1
		}
		return cmp.Compare(a.turn, b.turn)
	})
	n := min(max(limit, 0), len(list))
	out := make([]Recommendation, 0, n)
	for _, s := range list[:n] {
		r := Recommendation{ExerciseID: s.c.ExerciseID, Reason: ReasonRating}
		if s.weak >= 0 {
			r.Reason, r.Tag = ReasonWeakSkill, s.tag
		}
		out = append(out, r)
	}
	return out
}
