package models_test

import (
	"testing"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

// TestShownNamesWithoutGivenName reads a user stored with no given name
// or nickname (as every user from before F5: step 1 of the schema gave
// them empty ones): the shown name is the initial, and a nickname saved
// afterwards is what ShownNames returns.
func TestShownNamesWithoutGivenName(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewIdentityStore(db)
		sc := mustSchool(t, s)
		u := mustUser(t, s, sc.ID, domain.RoleStudent, "买买提·艾力")
		got, err := s.User(ctx, identity.Scope{SchoolID: sc.ID}, u.ID)
		if err != nil || got.RealName != u.RealName || got.GivenName != "" || got.Nickname != "" || got.Shown() != "买." {
			t.Fatalf("user after migration: %+v (shown %q), %v", got, got.Shown(), err)
		}
		got.Nickname = "小买"
		if err := s.UpdateUser(ctx, identity.Scope{SchoolID: sc.ID}, got, identity.SessionEnd{}); err != nil {
			t.Fatal(err)
		}
		names, err := s.ShownNames(ctx, identity.Scope{SchoolID: sc.ID}, []string{u.ID, id()})
		if err != nil || len(names) != 1 || names[u.ID] != "小买" {
			t.Fatalf("shown names %v, %v", names, err)
		}
		if names, err := s.ShownNames(ctx, identity.Scope{SchoolID: id()}, []string{u.ID}); err != nil || len(names) != 0 {
			t.Fatalf("another school's scope reads %v, %v", names, err)
		}
	})
}
