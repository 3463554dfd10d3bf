package progress

import (
	"cmp"
	"math"
	"slices"
	"time"
)

// Spaced review. A skill tag a student missed comes back in its
// suggestions over the following days, on a Leitner schedule kept per
// (student, skill tag):
//
//   - a miss (a wrong or partial answer, or a give-up) of an exercise
//     carrying the tag puts the skill in box 1, due a day later;
//   - a correct answer made once the skill is due moves it up a box, due
//     ReviewIntervals[box-1] later: 1, 3, 7, 14 and 30 days; after box 5
//     the skill leaves the schedule (learnt);
//   - a correct answer before the skill is due changes nothing (the child
//     is still inside the interval: a retry right after a miss is no
//     review).
//
// Due skills are suggested by Practice.Suggest, at most one review in
// every three practice suggestions.

// ReviewIntervals are how long a skill waits in each box.
var ReviewIntervals = []time.Duration{24 * time.Hour, 3 * 24 * time.Hour, 7 * 24 * time.Hour, 14 * 24 * time.Hour, 30 * 24 * time.Hour}

// ReasonReview: the exercise carries a skill the student missed and is
// due to review (Recommendation.Tag).
const ReasonReview Reason = "review"

// SkillReview is a skill's place on a student's review schedule.
type SkillReview struct {
	Tag   string
	Box   int // 1 to len(ReviewIntervals)
	DueAt time.Time
}

// Review applies one answer to a skill's schedule: r is its current
// place (scheduled false when the skill is not on the schedule) and the
// answer was correct or not at the time at. It returns the new place and
// whether the skill is (still) on the schedule.
func Review(r SkillReview, scheduled, correct bool, at time.Time) (SkillReview, bool) {
	switch {
	case !correct:
		return SkillReview{Tag: r.Tag, Box: 1, DueAt: at.Add(ReviewIntervals[0])}, true
	case !scheduled:
		return r, false
	case at.Before(r.DueAt):
		return r, true
	case r.Box >= len(ReviewIntervals):
		return r, false
	}
	return SkillReview{Tag: r.Tag, Box: r.Box + 1, DueAt: at.Add(ReviewIntervals[r.Box])}, true
}

// ReviewEvery is the share of practice suggestions that may be reviews:
// at most one in every ReviewEvery.
const ReviewEvery = 3

// Suggest returns up to limit practice suggestions: the reviews of the
// due skills in Practice.Due (the longest due first; for each, the
// candidate carrying the tag closest to the student's rating) mixed with
// Recommend's, a review first and then at most one in every ReviewEvery
// suggestions. A due skill with no candidate left is not suggested.
// skip leaves exercises out, as for Recommend.
func (in Practice) Suggest(limit int, skip func(exerciseID string) bool) []Recommendation {
	if limit <= 0 {
		return nil
	}
	chosen := map[string]bool{}
	taken := func(id string) bool { return chosen[id] || (skip != nil && skip(id)) }
	due := slices.Clone(in.Due)
	slices.SortFunc(due, func(a, b SkillReview) int { return cmp.Or(a.DueAt.Compare(b.DueAt), cmp.Compare(a.Tag, b.Tag)) })
	student := map[string]float64{}
	for _, r := range in.Ratings {
		student[r.Game] = r.Rating.Rating
	}
	maxReviews := (limit + ReviewEvery - 1) / ReviewEvery
	var reviews []Recommendation
	for _, d := range due {
		if len(reviews) == maxReviews {
			break
		}
		best, dist := "", math.Inf(1)
		for _, c := range in.Candidates {
			if taken(c.ExerciseID) || !slices.Contains(c.Tags, d.Tag) {
				continue
			}
			mine, ok := student[c.Game]
			if !ok {
				mine = DefaultRating
			}
			if x := math.Abs(c.Strength() - mine); x < dist || (x == dist && c.ExerciseID < best) {
				best, dist = c.ExerciseID, x
			}
		}
		if best != "" {
			chosen[best] = true
			reviews = append(reviews, Recommendation{ExerciseID: best, Reason: ReasonReview, Tag: d.Tag})
		}
	}
	rest := in.Recommend(limit-len(reviews), taken)
	out := make([]Recommendation, 0, limit)
	for i := 0; len(out) < limit; i++ {
		if i%ReviewEvery == 0 && len(reviews) > 0 {
			out, reviews = append(out, reviews[0]), reviews[1:]
			continue
		}
		if len(rest) == 0 {
			break
		}
		out, rest = append(out, rest[0]), rest[1:]
	}
	return out
}
