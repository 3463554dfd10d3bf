package progress

import (
	"fmt"
	"testing"
	"time"
)

// TestReviewSchedule walks a skill through the boxes: a miss puts it in
// box 1 for a day, a correct answer before it is due changes nothing, one
// when due moves it up (3, 7, 14, 30 days), a miss sends it back to box 1
// and a correct answer in box 5 takes it off the schedule.
func TestReviewSchedule(t *testing.T) {
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	day := 24 * time.Hour
	r, on := Review(SkillReview{Tag: "x"}, false, true, t0)
	if on {
		t.Fatal("a correct answer put an unscheduled skill on the schedule")
	}
	r, on = Review(r, on, false, t0)
	if !on || r.Box != 1 || !r.DueAt.Equal(t0.Add(day)) {
		t.Fatalf("after a miss: %+v %v", r, on)
	}
	if r2, on2 := Review(r, on, true, t0.Add(time.Minute)); !on2 || r2 != r {
		t.Fatalf("a retry before due moved it: %+v", r2)
	}
	at := t0
	for box, wait := range []time.Duration{day, 3 * day, 7 * day, 14 * day} {
		at = r.DueAt
		r, on = Review(r, on, true, at)
		if !on || r.Box != box+2 || !r.DueAt.Equal(at.Add(ReviewIntervals[box+1])) {
			t.Fatalf("review %d after %v: %+v %v", box+1, wait, r, on)
		}
	}
	if r.Box != 5 || !r.DueAt.Equal(at.Add(30*day)) {
		t.Fatalf("box 5: %+v", r)
	}
	if back, on := Review(r, true, false, at.Add(day)); !on || back.Box != 1 {
		t.Fatalf("a miss in box 5: %+v %v", back, on)
	}
	if _, on := Review(r, true, true, r.DueAt); on {
		t.Fatal("a correct review in box 5 kept the skill")
	}
}

// TestSuggestMixesReviews: reviews come first and then at most one in
// every three suggestions, the longest due first, each the closest
// candidate carrying its tag; a due skill without a candidate is left
// out, and without due skills Suggest is Recommend.
func TestSuggestMixesReviews(t *testing.T) {
	now := time.Now()
	var cands []Candidate
	for i := range 9 {
		cands = append(cands, Candidate{ExerciseID: fmt.Sprintf("n%d", i), Game: "chess", Difficulty: 3, Tags: []string{"new"}})
	}
	cands = append(cands,
		Candidate{ExerciseID: "a-far", Game: "chess", Difficulty: 5, Tags: []string{"a"}},
		Candidate{ExerciseID: "a-near", Game: "chess", Difficulty: 3, Tags: []string{"a"}},
		Candidate{ExerciseID: "b1", Game: "chess", Difficulty: 2, Tags: []string{"b"}},
		Candidate{ExerciseID: "c1", Game: "chess", Difficulty: 2, Tags: []string{"c"}},
	)
	in := Practice{Candidates: cands, Due: []SkillReview{
		{Tag: "b", Box: 1, DueAt: now.Add(-time.Hour)},
		{Tag: "a", Box: 2, DueAt: now.Add(-48 * time.Hour)},
		{Tag: "gone", Box: 1, DueAt: now.Add(-72 * time.Hour)},
		{Tag: "c", Box: 1, DueAt: now.Add(-time.Minute)},
	}}
	got := in.Suggest(7, nil)
	var kinds string
	for _, r := range got {
		if r.Reason == ReasonReview {
			kinds += "R(" + r.ExerciseID + ")"
		} else {
			kinds += "."
		}
	}
	if want := "R(a-near)..R(b1)..R(c1)"; kinds != want {
		t.Fatalf("suggestions %s, want %s", kinds, want)
	}
	if got := in.Suggest(4, func(id string) bool { return id == "a-near" }); got[0].ExerciseID != "a-far" || got[0].Tag != "a" || got[3].ExerciseID != "b1" {
		t.Fatalf("skipping the nearest: %+v", got)
	}
	in.Due = nil
	if fmt.Sprint(in.Suggest(5, nil)) != fmt.Sprint(in.Recommend(5, nil)) {
		t.Fatal("without due skills Suggest differs from Recommend")
	}
}
