package models_test

import (
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/exercises"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/progress"
)

// ratedBank stores n chess exercises and returns their IDs.
func ratedBank(t testing.TB, db *gorm.DB, n int) []string {
	t.Helper()
	var bank []exercises.Exercise
	var ids []string
	for i := range n {
		ex := choiceExercise(fmt.Sprintf("chess/rated-%03d", i), "tag")
		bank = append(bank, ex)
		ids = append(ids, ex.ID)
	}
	if _, _, err := models.NewExerciseStore(db).SyncBank(ctx, bank, time.Now().UTC()); err != nil {
		t.Fatal(err)
	}
	return ids
}

func record(t testing.TB, s *models.ExerciseStore, user, ex string, correct bool) exercises.Attempt {
	t.Helper()
	a := attempt(user, ex, id())
	if correct {
		a.Outcome = exercises.Correct
	}
	got, _, err := s.RecordAttempt(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestRatePendingFirstAttemptsOnly(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		exs := ratedBank(t, db, 2)
		es, ps := models.NewExerciseStore(db), models.NewProgressStore(db)
		user, now := id(), time.Now().UTC()
		record(t, es, user, exs[0], true)
		record(t, es, user, exs[0], false) // a retry: not rated
		record(t, es, user, exs[1], false)
		if n, err := ps.RatePending(ctx, user, now); err != nil || n != 2 {
			t.Fatalf("rated %d (%v), want 2", n, err)
		}
		if n, err := ps.RatePending(ctx, "", now); err != nil || n != 0 {
			t.Fatalf("second run rated %d (%v), want 0", n, err)
		}
		// The expected numbers, computed by the domain in the same order.
		s1, p1 := progress.RatePuzzle(progress.NewRating(), progress.NewRating(), true)
		s2, p2 := progress.RatePuzzle(s1, progress.NewRating(), false)
		rs, err := ps.StudentRatings(ctx, user)
		if err != nil || len(rs) != 1 || rs[0].Game != "chess" || rs[0].Games != 2 || rs[0].Rating != s2 {
			t.Fatalf("ratings %+v (%v), want chess %+v after 2 games", rs, err, s2)
		}
		for i, want := range []progress.Rating{p1, p2} {
			r, games, err := ps.ExerciseRating(ctx, exs[i])
			if err != nil || games != 1 || r != want {
				t.Fatalf("puzzle %d: %+v %d (%v), want %+v", i, r, games, err, want)
			}
		}
		hist, err := ps.History(ctx, user, "", domain.Page{Limit: 1})
		if err != nil || len(hist) != 2 || hist[0].ExerciseID != exs[1] || hist[0].Solved || hist[0].Before != s1 || hist[0].After != s2 {
			t.Fatalf("history %+v (%v)", hist, err)
		}
		older, err := ps.History(ctx, user, "chess", domain.Page{Limit: 10, After: fmt.Sprint(hist[0].Seq)})
		if err != nil || len(older) != 1 || !older[0].Solved || older[0].After != s1 {
			t.Fatalf("older history %+v (%v)", older, err)
		}
		if r, games, err := ps.ExerciseRating(ctx, id()); err != nil || games != 0 || r != progress.NewRating() {
			t.Fatalf("unplayed puzzle %+v %d %v", r, games, err)
		}
		stats, err := ps.ExerciseStats(ctx, user, time.Time{})
		if err != nil || len(stats) != 2 {
			t.Fatalf("exercise stats %+v (%v)", stats, err)
		}
		want := map[string]progress.ExerciseStats{
			exs[0]: {ExerciseID: exs[0], Game: "chess", Attempts: 2, Solved: true, FirstTry: true, TimeMS: 3000},
			exs[1]: {ExerciseID: exs[1], Game: "chess", Attempts: 1, TimeMS: 1500},
		}
		for _, st := range stats {
			if st != want[st.ExerciseID] {
				t.Errorf("stats %+v, want %+v", st, want[st.ExerciseID])
			}
		}
		skills, err := ps.SkillStats(ctx, user, time.Time{})
		wantSkills := []progress.SkillStats{{Tag: "chess.rules", Attempted: 2, Solved: 1, FirstAttempts: 2, FirstTry: 1}, {Tag: "tag", Attempted: 2, Solved: 1, FirstAttempts: 2, FirstTry: 1}}
		if err != nil || !reflect.DeepEqual(skills, wantSkills) {
			t.Fatalf("skills %+v (%v), want %+v", skills, err, wantSkills)
		}
	})
}

// ratingSnapshot is every stored rating number, for comparisons.
type ratingSnapshot struct {
	Students map[string]progress.GameRating
	Puzzles  map[string][2]any
	Changes  []progress.Change
}

func snapshot(t *testing.T, db *gorm.DB, users, exs []string) ratingSnapshot {
	t.Helper()
	ps := models.NewProgressStore(db)
	snap := ratingSnapshot{Students: map[string]progress.GameRating{}, Puzzles: map[string][2]any{}}
	for _, u := range users {
		rs, err := ps.StudentRatings(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rs {
			r.UpdatedAt = time.Time{}
			snap.Students[u+"/"+r.Game] = r
		}
		hist, err := ps.History(ctx, u, "", domain.Page{Limit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		snap.Changes = append(snap.Changes, hist...)
	}
	for _, e := range exs {
		r, n, err := ps.ExerciseRating(ctx, e)
		if err != nil {
			t.Fatal(err)
		}
		snap.Puzzles[e] = [2]any{r, n}
	}
	return snap
}

// TestRatingsConcurrentAndRebuild records attempts of many students in
// parallel, each followed by a rating run of its student, and checks that
// every first attempt is rated exactly once and that a rebuild from the
// attempts gives the same numbers.
func TestRatingsConcurrentAndRebuild(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		exs := ratedBank(t, db, 4)
		es, ps := models.NewExerciseStore(db), models.NewProgressStore(db)
		users := []string{id(), id(), id(), id(), id(), id()}
		var wg sync.WaitGroup
		errs := make(chan error, len(users))
		for ui, u := range users {
			wg.Go(func() {
				for i := range 8 {
					a := attempt(u, exs[(ui+i)%len(exs)], id())
					if (ui+i)%3 != 0 {
						a.Outcome = exercises.Correct
					}
					if _, _, err := es.RecordAttempt(ctx, a); err != nil {
						errs <- err
						return
					}
					if _, err := ps.RatePending(ctx, u, time.Now().UTC()); err != nil {
						errs <- err
						return
					}
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		// Each user attempted each of the 4 exercises twice: 4 first
		// attempts each, rated once.
		var changes, games int64
		db.Table("rating_changes").Count(&changes)
		db.Table("student_ratings").Select("COALESCE(SUM(games), 0)").Scan(&games)
		if want := int64(4 * len(users)); changes != want || games != want {
			t.Fatalf("%d rating changes, %d games, want %d", changes, games, want)
		}
		if n, err := ps.RatePending(ctx, "", time.Now().UTC()); err != nil || n != 0 {
			t.Fatalf("left over %d (%v)", n, err)
		}
		before := snapshot(t, db, users, exs)
		if n, err := ps.Rebuild(ctx, time.Now().UTC()); err != nil || n != 4*len(users) {
			t.Fatalf("rebuild rated %d (%v)", n, err)
		}
		if after := snapshot(t, db, users, exs); !reflect.DeepEqual(before, after) {
			t.Fatalf("rebuild differs:\nbefore %+v\nafter  %+v", before, after)
		}
	})
}
