package models_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

// TestRevocations: deactivating and deleting a user record a revocation
// in the same write, reactivating does not, a failed write records none,
// and Revocations and PruneRevocations honour their time bounds.
func TestRevocations(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewIdentityStore(db)
		sc := mustSchool(t, s)
		other := mustSchool(t, s)
		u1 := mustUser(t, s, sc.ID, domain.RoleTeacher, "rev-t1")
		u2 := mustUser(t, s, sc.ID, domain.RoleStudent, "rev-s1")
		t0 := time.Now().UTC().Truncate(time.Microsecond)
		own := identity.Scope{SchoolID: sc.ID}

		deactivated := u1
		deactivated.DeactivatedAt, deactivated.UpdatedAt = t0, t0
		end := identity.SessionEnd{At: t0}
		if err := s.UpdateUser(ctx, identity.Scope{SchoolID: other.ID}, deactivated, end); !errors.Is(err, domain.ErrNotFound) {
			t.Fatalf("other school's deactivation: %v", err)
		}
		if err := s.UpdateUser(ctx, own, deactivated, end); err != nil {
			t.Fatal(err)
		}
		reactivated := u1
		reactivated.UpdatedAt = t0.Add(time.Second)
		if err := s.UpdateUser(ctx, own, reactivated, identity.SessionEnd{}); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteUser(ctx, identity.Scope{SchoolID: other.ID}, u2.ID, t0); !errors.Is(err, domain.ErrNotFound) {
			t.Fatalf("other school's deletion: %v", err)
		}
		if err := s.DeleteUser(ctx, own, u2.ID, t0.Add(2*time.Second)); err != nil {
			t.Fatal(err)
		}

		got, err := s.Revocations(ctx, t0.Add(-time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		want := []identity.Revocation{{UserID: u1.ID, At: t0}, {UserID: u2.ID, At: t0.Add(2 * time.Second)}}
		byTime := func(a, b identity.Revocation) int { return a.At.Compare(b.At) }
		slices.SortFunc(got, byTime)
		if !slices.Equal(got, want) {
			t.Fatalf("Revocations = %v, want %v", got, want)
		}
		if got, err := s.Revocations(ctx, t0.Add(time.Second)); err != nil || !slices.Equal(got, want[1:]) {
			t.Fatalf("Revocations since t0+1s = %v, %v", got, err)
		}
		if err := s.PruneRevocations(ctx, t0.Add(time.Second)); err != nil {
			t.Fatal(err)
		}
		if got, err := s.Revocations(ctx, time.Time{}); err != nil || !slices.Equal(got, want[1:]) {
			t.Fatalf("after prune = %v, %v", got, err)
		}
	})
}
