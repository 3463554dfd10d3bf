package roster_test

import (
	"context"
	"slices"
	"testing"

	"gorm.io/gorm"

	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/roster"
)

// askingStore records the usernames the importer looks up.
type askingStore struct {
	roster.Store
	asked *[]string
}

func (s askingStore) InTx(ctx context.Context, f func(tx roster.Store) error) error {
	return s.Store.InTx(ctx, func(tx roster.Store) error { return f(askingStore{tx, s.asked}) })
}

func (s askingStore) UsersByUsername(ctx context.Context, names []string) ([]identity.User, error) {
	*s.asked = append(*s.asked, names...)
	return s.Store.UsersByUsername(ctx, names)
}

// TestUsernameHoldersFromState: the holders of usernames that the
// importing schools' own users hold come from the loaded state, so a
// repeat import of unchanged files looks up no username (it looked up all
// of them, loading a district's users twice); clashes with users of the
// same school and of other schools are refused as before, and a school's
// own account without a sourcedId is adopted.
func TestUsernameHoldersFromState(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		var asked []string
		im := roster.NewImporter(askingStore{models.NewRosterStore(db), &asked}, roster.Config{})
		orgs := "sourcedId,name,type\ns1,Hope Primary,school\ns2,River Primary,school\n"
		users := func(rows string) roster.Source {
			return bundle("bulk", map[string]string{"orgs.csv": orgs,
				"users.csv": "sourcedId,orgSourcedIds,role,username,givenName,familyName\n" + rows})
		}
		run := func(src roster.Source) (roster.Result, []string) {
			t.Helper()
			asked = nil
			res, err := im.Import(context.Background(), root, src, false)
			if err != nil {
				t.Fatalf("import: %v", err)
			}
			return res, slices.Sorted(slices.Values(asked))
		}
		first := "u1,s1,student,alice,Ann,Li\nu2,s1,student,bob,Bo,Wu\nu3,s2,student,carol,Cai,Xu\n"
		res, got := run(users(first))
		if res.Summary.Users != counts(3, 0, 0, 0) || !slices.Equal(got, []string{"alice", "bob", "carol"}) {
			t.Fatalf("first import: %+v, looked up %v", res.Summary.Users, got)
		}
		res, got = run(users(first))
		if res.Summary.Users != counts(0, 0, 0, 3) || len(got) != 0 {
			t.Fatalf("repeat import: %+v, looked up %v; want 3 unchanged and no lookup", res.Summary.Users, got)
		}
		_, err := im.Import(context.Background(), root,
			users("u1,s1,student,alice,Ann,Li\nu4,s1,student,bob,Ben,Ma\nu3,s2,student,carol,Cai,Xu\n"), false)
		if !hasProblem(err, "username", roster.CodeUsernameTaken) {
			t.Fatalf("bob taken in the same school: %v", err)
		}
		// A school imported alone: carol's holder is not in its state.
		asked = nil
		_, err = im.Import(context.Background(), root, bundle("bulk", map[string]string{
			"orgs.csv":  "sourcedId,name,type\ns1,Hope Primary,school\n",
			"users.csv": "sourcedId,orgSourcedIds,role,username,givenName,familyName\nu1,s1,student,alice,Ann,Li\nu2,s1,student,bob,Bo,Wu\nu5,s1,student,carol,Cat,Li\n",
		}), false)
		if !hasProblem(err, "username", roster.CodeUsernameTaken) || !slices.Equal(asked, []string{"carol"}) {
			t.Fatalf("carol taken in another school: %v, looked up %v", err, asked)
		}
		// alice's account loses its sourcedId (as one a school made by
		// hand): a row asking for alice adopts it.
		if err := db.Exec("UPDATE users SET sourced_id = '' WHERE username = 'alice'").Error; err != nil {
			t.Fatal(err)
		}
		res, got = run(users("u9,s1,student,alice,Ann,Li\nu2,s1,student,bob,Bo,Wu\nu3,s2,student,carol,Cai,Xu\n"))
		if res.Summary.Users != counts(0, 1, 0, 2) || len(got) != 0 {
			t.Fatalf("adopting alice: %+v, looked up %v", res.Summary.Users, got)
		}
		var sourced string
		if err := db.Raw("SELECT sourced_id FROM users WHERE username = 'alice'").Scan(&sourced).Error; err != nil || sourced != "u9" {
			t.Fatalf("alice's sourcedId %q (%v), want u9", sourced, err)
		}
	})
}

// hasProblem reports whether err is an import refusal with a problem of
// that code in that column.
func hasProblem(err error, column, code string) bool {
	problems, _, ok := roster.ProblemsOf(err)
	if !ok {
		return false
	}
	for _, p := range problems {
		if p.Column == column && p.Code == code {
			return true
		}
	}
	return false
}
