package models_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/progress"
)

// classOf creates a class of grade in school, taught by the teachers,
// and enrolls the students at joined.
func classOf(t *testing.T, is *models.IdentityStore, school string, grade int, joined time.Time, teachers []string, students ...string) string {
	t.Helper()
	g, err := identity.ParseGrade(grade)
	if err != nil {
		t.Fatal(err)
	}
	c := identity.Class{ID: id(), SchoolID: school, Name: "c", Grade: g, LoginCode: uuid.NewString()[:8], CreatedAt: joined, UpdatedAt: joined}
	if err := is.CreateClass(ctx, c, teachers); err != nil {
		t.Fatal(err)
	}
	for _, s := range students {
		if err := is.Enroll(ctx, identity.Enrollment{ClassID: c.ID, UserID: s, SchoolID: school, Role: domain.RoleStudent, CreatedAt: joined}, ""); err != nil {
			t.Fatal(err)
		}
	}
	return c.ID
}

// recordAt stores an attempt of the user in school at a time.
func recordAt(t *testing.T, s *models.ExerciseStore, school, user, ex string, correct bool, at time.Time) {
	t.Helper()
	a := attempt(user, ex, id())
	a.SchoolID, a.CreatedAt = school, at.UTC().Truncate(time.Microsecond)
	if correct {
		a.Outcome = exercises.Correct
	}
	if _, _, err := s.RecordAttempt(ctx, a); err != nil {
		t.Fatal(err)
	}
}

func candidateIDs(in progress.Practice) []string {
	var ids []string
	for _, c := range in.Candidates {
		ids = append(ids, c.ExerciseID)
	}
	return ids
}

func TestPracticeCandidates(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		is, es := models.NewIdentityStore(db), models.NewExerciseStore(db)
		as, ps := models.NewAssignmentStore(db), models.NewProgressStore(db)
		sc := mustSchool(t, is)
		kid := mustUser(t, is, sc.ID, domain.RoleStudent, "kid")
		now := time.Now().UTC()
		// Four built-in G23 exercises (grade 2), one K1 and one G23 of the
		// school.
		var bank []exercises.Exercise
		for i := range 4 {
			ex := choiceExercise(fmt.Sprintf("chess/practice-%d", i), fmt.Sprintf("skill-%d", i))
			ex.Band, ex.Difficulty = exercises.G23, i+1
			bank = append(bank, ex)
		}
		k1 := choiceExercise("chess/practice-k1", "skill-0")
		if _, _, err := es.SyncBank(ctx, append(slices.Clone(bank), k1), now); err != nil {
			t.Fatal(err)
		}
		own := choiceExercise("own", "skill-0")
		own.ID, own.Key, own.SchoolID, own.Band = id(), "", sc.ID, exercises.G23
		if err := es.CreateExercises(ctx, []exercises.Exercise{own}, now); err != nil {
			t.Fatal(err)
		}

		if in, err := as.Practice(ctx, kid.ID, sc.ID, now, now); err != nil || len(in.Candidates) != 0 {
			t.Fatalf("a student in no class: %+v (%v)", in, err)
		}
		classOf(t, is, sc.ID, 4, now.Add(-time.Hour), nil, kid.ID)
		classOf(t, is, sc.ID, 2, now.Add(-time.Hour), nil, kid.ID)

		// Solved long ago: never again. Failed long ago: back. Failed a
		// minute ago: not yet.
		recordAt(t, es, sc.ID, kid.ID, bank[0].ID, true, now.Add(-time.Hour))
		recordAt(t, es, sc.ID, kid.ID, bank[1].ID, false, now.Add(-time.Hour))
		recordAt(t, es, sc.ID, kid.ID, bank[2].ID, false, now.Add(-time.Minute))
		if _, err := ps.RatePending(ctx, kid.ID, now); err != nil {
			t.Fatal(err)
		}
		since := now.Add(-progress.RetryAfter)
		in, err := as.Practice(ctx, kid.ID, sc.ID, since, now)
		if err != nil {
			t.Fatal(err)
		}
		want := []string{bank[1].ID, bank[3].ID}
		slices.Sort(want)
		if got := candidateIDs(in); !slices.Equal(got, want) {
			t.Fatalf("candidates %v, want %v (the band's built-ins, unsolved and not just tried)", got, want)
		}
		for _, c := range in.Candidates {
			wantTags := []string{"chess.rules", "skill-1"}
			rated := true
			if c.ExerciseID == bank[3].ID {
				wantTags, rated = []string{"chess.rules", "skill-3"}, false
			}
			if c.Game != "chess" || !slices.Equal(c.Tags, wantTags) || c.Rated != rated || (rated && c.Puzzle.Rating <= progress.DefaultRating) {
				t.Errorf("candidate %+v, want tags %v rated %v", c, wantTags, rated)
			}
		}
		if len(in.Ratings) != 1 || in.Ratings[0].Game != "chess" || in.Ratings[0].Games != 3 {
			t.Errorf("ratings %+v", in.Ratings)
		}
		if len(in.Skills) != 4 || in.Skills[0].Tag != "chess.rules" || in.Skills[0].Attempted != 3 || in.Skills[0].Solved != 1 {
			t.Errorf("skills %+v", in.Skills)
		}
		// Later, the exercise failed a minute ago is back.
		in, err = as.Practice(ctx, kid.ID, sc.ID, now, now)
		if got := candidateIDs(in); err != nil || len(got) != 3 || !slices.Contains(got, bank[2].ID) {
			t.Fatalf("candidates after the retry delay %v (%v)", got, err)
		}
	})
}

func TestStatsSinceAndJoinedTaught(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		is, es, ps := models.NewIdentityStore(db), models.NewExerciseStore(db), models.NewProgressStore(db)
		sc := mustSchool(t, is)
		kid := mustUser(t, is, sc.ID, domain.RoleStudent, "kid")
		teacher := mustUser(t, is, sc.ID, domain.RoleTeacher, "teacher")
		other := mustUser(t, is, sc.ID, domain.RoleTeacher, "other")
		exs := ratedBank(t, db, 3)
		t0 := time.Now().UTC().Add(-24 * time.Hour).Truncate(time.Microsecond)
		recordAt(t, es, sc.ID, kid.ID, exs[0], false, t0)
		recordAt(t, es, sc.ID, kid.ID, exs[1], true, t0.Add(time.Hour))
		joined := t0.Add(2 * time.Hour)
		recordAt(t, es, sc.ID, kid.ID, exs[0], true, joined.Add(time.Hour))
		recordAt(t, es, sc.ID, kid.ID, exs[2], true, joined.Add(2*time.Hour))

		if _, ok, err := ps.JoinedTaught(ctx, teacher.ID, kid.ID); err != nil || ok {
			t.Fatalf("no shared class: ok=%v err=%v", ok, err)
		}
		classOf(t, is, sc.ID, 3, joined.Add(time.Minute), []string{teacher.ID}) // a later class of the teacher, without kid
		classOf(t, is, sc.ID, 2, joined, []string{teacher.ID}, kid.ID)
		classOf(t, is, sc.ID, 2, t0.Add(-time.Hour), []string{other.ID}, kid.ID)
		got, ok, err := ps.JoinedTaught(ctx, teacher.ID, kid.ID)
		if err != nil || !ok || !got.Equal(joined) {
			t.Fatalf("joined %v ok=%v (%v), want %v", got, ok, err, joined)
		}
		if got, ok, err := ps.JoinedTaught(ctx, other.ID, kid.ID); err != nil || !ok || !got.Equal(t0.Add(-time.Hour)) {
			t.Fatalf("other teacher: joined %v ok=%v (%v)", got, ok, err)
		}

		stats, err := ps.ExerciseStats(ctx, kid.ID, joined)
		if err != nil || len(stats) != 2 {
			t.Fatalf("exercise stats since joining %+v (%v)", stats, err)
		}
		for _, st := range stats {
			// exs[0]: one attempt since joining, a retry (not a first try).
			if st.Attempts != 1 || !st.Solved || st.FirstTry != (st.ExerciseID == exs[2]) {
				t.Errorf("stats %+v", st)
			}
		}
		if all, err := ps.ExerciseStats(ctx, kid.ID, time.Time{}); err != nil || len(all) != 3 {
			t.Fatalf("all exercise stats %+v (%v)", all, err)
		}
		skills, err := ps.SkillStats(ctx, kid.ID, joined)
		if err != nil || len(skills) != 2 || skills[0] != (progress.SkillStats{Tag: "chess.rules", Attempted: 2, Solved: 2, FirstAttempts: 1, FirstTry: 1}) {
			// exs[0] solved on a retry since joining, exs[2] at its first try
			t.Fatalf("skills since joining %+v (%v)", skills, err)
		}
		recent, err := ps.RecentActivity(ctx, kid.ID, joined, 10)
		if err != nil || len(recent) != 2 || recent[0].ExerciseID != exs[2] || recent[1].ExerciseID != exs[0] {
			t.Fatalf("recent since joining %+v (%v)", recent, err)
		}
		if recent, err := ps.RecentActivity(ctx, kid.ID, time.Time{}, 10); err != nil || len(recent) != 4 {
			t.Fatalf("all recent %+v (%v)", recent, err)
		}
	})
}
