package assignments_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"qixue/assignments"
	"qixue/domain"
	"qixue/progress"
)

// nextStore is fakeStore with a student's open assignments and practice.
type nextStore struct {
	fakeStore
	open     []assignments.StudentAssignment
	practice progress.Practice
	since    time.Time
	now      time.Time
}

func (f *nextStore) ForStudent(context.Context, string, time.Time) ([]assignments.StudentAssignment, error) {
	return slices.Clone(f.open), nil
}

func (f *nextStore) Practice(_ context.Context, _, _ string, since, now time.Time) (progress.Practice, error) {
	f.since, f.now = since, now
	return f.practice, nil
}

func TestNext(t *testing.T) {
	due := t0.Add(24 * time.Hour)
	f := &nextStore{
		open: []assignments.StudentAssignment{
			{Assignment: assignments.Assignment{ID: "done", DueAt: due}, Progress: assignments.Progress{Solved: 1, Total: 1}, Unsolved: nil},
			{Assignment: assignments.Assignment{ID: "a1", DueAt: due}, Progress: assignments.Progress{Solved: 1, Total: 3}, Unsolved: []string{"e1", "e2"}},
			{Assignment: assignments.Assignment{ID: "a2", DueAt: due.Add(time.Hour)}, Progress: assignments.Progress{Total: 2}, Unsolved: []string{"e2", "e3"}},
		},
		practice: progress.Practice{
			Candidates: []progress.Candidate{
				{ExerciseID: "e3", Game: "chess", Difficulty: 3, Tags: []string{"fork"}}, // already suggested by a2
				{ExerciseID: "p1", Game: "chess", Difficulty: 3},
				{ExerciseID: "p2", Game: "chess", Difficulty: 5, Tags: []string{"fork"}},
			},
			Skills: []progress.SkillStats{{Tag: "fork", FirstAttempts: 3}},
		},
	}
	svc := assignments.NewService(f, func() time.Time { return t0 })
	kid := domain.Principal{UserID: "s1", SchoolID: "A", Role: domain.RoleStudent}
	for _, tc := range []struct {
		limit int
		want  string
	}{
		{2, "[{e1 assignment a1} {e2 assignment a1}]"},
		{4, "[{e1 assignment a1} {e2 assignment a1} {e3 assignment a2} {p2 weak_skill fork}]"},
		{0, "[{e1 assignment a1} {e2 assignment a1} {e3 assignment a2} {p2 weak_skill fork} {p1 rating }]"},
	} {
		list, err := svc.Next(context.Background(), kid, tc.limit)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, s := range list {
			why := s.AssignmentID + s.Tag
			if s.Reason == assignments.ReasonAssignment && !s.DueAt.Equal(map[string]time.Time{"a1": due, "a2": due.Add(time.Hour)}[s.AssignmentID]) {
				t.Errorf("%+v: due time", s)
			}
			got = append(got, fmt.Sprintf("{%s %s %s}", s.ExerciseID, s.Reason, why))
		}
		if "["+strings.Join(got, " ")+"]" != tc.want {
			t.Errorf("limit %d: got %v, want %s", tc.limit, got, tc.want)
		}
	}
	if !f.since.Equal(t0.Add(-progress.RetryAfter)) || !f.now.Equal(t0) {
		t.Errorf("practice since %v, want %v", f.since, t0.Add(-progress.RetryAfter))
	}
	if _, err := svc.Next(context.Background(), domain.Principal{UserID: "t1", SchoolID: "A", Role: domain.RoleTeacher}, 5); !errors.Is(err, assignments.ErrForbidden) {
		t.Errorf("teacher: %v", err)
	}
}

// TestNextReviews: after the assignments, a due skill's review comes
// first among the practice suggestions, then at most one in three.
func TestNextReviews(t *testing.T) {
	f := &nextStore{
		open: []assignments.StudentAssignment{
			{Assignment: assignments.Assignment{ID: "a1", DueAt: t0.Add(time.Hour)}, Progress: assignments.Progress{Total: 1}, Unsolved: []string{"e1"}},
		},
		practice: progress.Practice{
			Candidates: []progress.Candidate{
				{ExerciseID: "p1", Game: "chess", Difficulty: 3},
				{ExerciseID: "p2", Game: "chess", Difficulty: 3},
				{ExerciseID: "r1", Game: "chess", Difficulty: 3, Tags: []string{"pin"}},
				{ExerciseID: "r2", Game: "chess", Difficulty: 3, Tags: []string{"mate"}},
			},
			Due: []progress.SkillReview{{Tag: "pin", Box: 1, DueAt: t0.Add(-time.Hour)}, {Tag: "mate", Box: 2, DueAt: t0.Add(-time.Minute)}},
		},
	}
	svc := assignments.NewService(f, func() time.Time { return t0 })
	list, err := svc.Next(context.Background(), domain.Principal{UserID: "s1", SchoolID: "A", Role: domain.RoleStudent}, 5)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range list {
		got = append(got, fmt.Sprintf("%s:%s:%s", s.ExerciseID, s.Reason, s.Tag))
	}
	if want := "e1:assignment: r1:review:pin p1:rating: p2:rating: r2:review:mate"; strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
}
