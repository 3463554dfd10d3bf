package models_test

import (
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/roster"
)

// TestBadgeSweep: a roster import deletes the badges of the students it
// deactivates or moves to another school, in its own transaction, and
// leaves the others; a deletion ends a badge too.
func TestBadgeSweep(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewIdentityStore(db)
		sc := mustSchool(t, s)
		other := mustSchool(t, s)
		stay := mustUser(t, s, sc.ID, domain.RoleStudent, "badge-stay")
		moved := mustUser(t, s, sc.ID, domain.RoleStudent, "badge-moved")
		gone := mustUser(t, s, sc.ID, domain.RoleStudent, "badge-gone")
		deleted := mustUser(t, s, sc.ID, domain.RoleStudent, "badge-deleted")
		now := time.Now().UTC().Truncate(time.Microsecond)
		own := identity.Scope{SchoolID: sc.ID}
		var badges []identity.Badge
		for i, u := range []identity.User{stay, moved, gone, deleted} {
			badges = append(badges, identity.Badge{UserID: u.ID, SchoolID: sc.ID, Hash: string(rune('a'+i)) + "-hash", IssuedAt: now})
		}
		if err := s.SetBadges(ctx, identity.Scope{SchoolID: other.ID}, badges[:1], now, now); !errors.Is(err, domain.ErrNotFound) {
			t.Fatalf("badges of another school's students: %v", err)
		}
		if err := s.SetBadges(ctx, own, badges, now, now); err != nil {
			t.Fatal(err)
		}

		moved.SchoolID, moved.UpdatedAt = other.ID, now
		plan := &roster.Plan{Now: now, ChangedUsers: []identity.User{moved}, DeactivateUsers: []string{gone.ID}}
		if err := models.NewRosterStore(db).Apply(ctx, plan); err != nil {
			t.Fatal(err)
		}
		if err := s.DeleteUser(ctx, own, deleted.ID, now); err != nil {
			t.Fatal(err)
		}
		for i, u := range []identity.User{stay, moved, gone, deleted} {
			b, err := s.BadgeByHash(ctx, badges[i].Hash)
			switch {
			case u.ID == stay.ID && (err != nil || b.UserID != stay.ID):
				t.Errorf("the staying student's badge: %+v %v", b, err)
			case u.ID != stay.ID && !errors.Is(err, domain.ErrNotFound):
				t.Errorf("%s's badge survives: %+v %v", u.Username, b, err)
			}
		}
	})
}
