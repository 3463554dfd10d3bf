package models_test

import (
	"fmt"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

// TestReviewSchedule: misses and later correct answers move a student's
// skills through the review boxes, read back as due skills by Practice
// (each attempt applied once, however often it is read), and a class
// with review off has none.
func TestReviewSchedule(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		is, es, as := models.NewIdentityStore(db), models.NewExerciseStore(db), models.NewAssignmentStore(db)
		sc := mustSchool(t, is)
		kid, other := mustUser(t, is, sc.ID, domain.RoleStudent, "kid"), mustUser(t, is, sc.ID, domain.RoleStudent, "other")
		now := time.Now().UTC().Truncate(time.Microsecond)
		t0 := now.Add(-10 * 24 * time.Hour)
		pin, fork := choiceExercise("chess/review-pin", "pin"), choiceExercise("chess/review-fork", "fork")
		pin.Band, fork.Band = exercises.G23, exercises.G23
		if _, _, err := es.SyncBank(ctx, []exercises.Exercise{pin, fork}, now); err != nil {
			t.Fatal(err)
		}
		class := classOf(t, is, sc.ID, 2, t0.Add(-time.Hour), nil, kid.ID, other.ID)
		day := 24 * time.Hour
		due := func(at time.Time) string {
			t.Helper()
			in, err := as.Practice(ctx, kid.ID, sc.ID, at, at)
			if err != nil {
				t.Fatal(err)
			}
			out := ""
			for _, d := range in.Due {
				out += fmt.Sprintf("%s:%d:%s ", d.Tag, d.Box, d.DueAt.Sub(t0))
			}
			return out
		}
		// Missed both skills of pin (pin, chess.rules) at t0; the other
		// student's miss is its own.
		recordAt(t, es, sc.ID, kid.ID, pin.ID, false, t0)
		recordAt(t, es, sc.ID, other.ID, fork.ID, false, t0)
		if got := due(t0.Add(time.Hour)); got != "" {
			t.Errorf("due an hour after the miss: %q, want nothing", got)
		}
		got := due(now)
		if got != "chess.rules:1:24h0m0s pin:1:24h0m0s " && got != "pin:1:24h0m0s chess.rules:1:24h0m0s " {
			t.Errorf("due after the miss: %q", got)
		}
		// A correct fork at t0+2d reviews chess.rules (box 2, 3 days), not
		// pin; a correct pin before it is due changes nothing.
		recordAt(t, es, sc.ID, kid.ID, fork.ID, true, t0.Add(2*day))
		got = due(now)
		if got != "chess.rules:2:120h0m0s pin:1:24h0m0s " && got != "pin:1:24h0m0s chess.rules:2:120h0m0s " {
			t.Errorf("due after a review: %q", got)
		}
		if again := due(now); again != got {
			t.Errorf("read again: %q, want %q", again, got)
		}
		recordAt(t, es, sc.ID, kid.ID, pin.ID, true, t0.Add(3*day))
		if got := due(t0.Add(4 * day)); got != "" {
			t.Errorf("due at t0+4d: %q, want nothing (pin in box 2 until t0+6d, chess.rules until t0+5d)", got)
		}
		c, err := is.Class(ctx, identity.Scope{SchoolID: sc.ID}, class)
		if err != nil {
			t.Fatal(err)
		}
		c.ReviewOff = true
		if err := is.UpdateClass(ctx, c); err != nil {
			t.Fatal(err)
		}
		if got := due(now); got != "" {
			t.Errorf("due with review off: %q", got)
		}
	})
}
