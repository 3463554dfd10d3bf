package models_test

import (
	"testing"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

// TestMigrateAddsShownNameColumns migrates a database from before given
// names and nicknames (F5): the columns are added, existing users read
// with none (their shown name is the initial), a nickname saved afterwards
// is what ShownNames returns, and migrating again changes nothing.
func TestMigrateAddsShownNameColumns(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewIdentityStore(db)
		sc := mustSchool(t, s)
		u := mustUser(t, s, sc.ID, domain.RoleStudent, "买买提·艾力")
		for _, c := range [][2]string{{"users", "given_name"}, {"users", "nickname"}, {"live_games", "first_shown"},
			{"live_games", "second_shown"}, {"live_challenges", "from_shown"}, {"live_challenges", "to_shown"}} {
			if err := db.Exec("ALTER TABLE " + c[0] + " DROP COLUMN " + c[1]).Error; err != nil {
				t.Fatal(err)
			}
		}
		for range 2 {
			if err := models.Migrate(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
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
