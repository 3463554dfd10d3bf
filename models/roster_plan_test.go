package models_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/roster"
)

// TestRosterLookupsPlannedFromDataAfterBulkImport checks on PostgreSQL the
// plans of the batched roster lookups of a repeat import: each lookup
// statement, as the store sends it, is prepared on one connection and
// planned generically (as PostgreSQL does for a statement cached on a
// pooled connection) while the tables are empty; then a first import
// writes 20,000 students and 400 classes. A lookup of 1,000 usernames or
// login codes must then use an index, not scan the table once per batch.
// Before, a statement planned on the empty tables kept its sequential
// scan: nothing told PostgreSQL the tables had grown.
func TestRosterLookupsPlannedFromDataAfterBulkImport(t *testing.T) {
	db := modelstest.Postgres(t)
	store := models.NewRosterStore(db)
	// The statements the lookups send, recorded on the empty tables.
	var mu sync.Mutex
	sent := map[string]string{}
	record := func(d *gorm.DB) {
		mu.Lock()
		defer mu.Unlock()
		sent[d.Statement.Table] = d.Statement.SQL.String()
	}
	if err := db.Callback().Query().After("gorm:query").Register("test:record_sql", record); err != nil {
		t.Fatal(err)
	}
	if _, err := store.UsersByUsername(ctx, []string{"nobody"}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.LoginCodesTaken(ctx, []string{"nocode"}); err != nil {
		t.Fatal(err)
	}
	db.Callback().Query().Remove("test:record_sql")
	lookups := map[string]string{"username": sent["users"], "login_code": sent["classes"]}
	for name, q := range lookups {
		if q == "" || strings.Count(q, "$") != 1 {
			t.Fatalf("%s lookup sent %q, want one parameter", name, q)
		}
	}

	sqlDB, err := db.DB()
	if err != nil {
		t.Fatal(err)
	}
	conn, err := sqlDB.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	explain := func(name, arg string) string {
		t.Helper()
		rows, err := conn.QueryContext(ctx, "EXPLAIN EXECUTE lookup_"+name+"("+arg+")")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var plan []string
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, line)
		}
		return strings.Join(plan, "\n")
	}
	if _, err := conn.ExecContext(ctx, "SET plan_cache_mode = force_generic_plan"); err != nil {
		t.Fatal(err)
	}
	for name, q := range lookups {
		if _, err := conn.ExecContext(ctx, "PREPARE lookup_"+name+" AS "+q); err != nil {
			t.Fatal(err)
		}
		explain(name, "'{x}'")
	}

	now := time.Now().UTC().Truncate(time.Microsecond)
	school := identity.School{ID: id(), Name: "District school", CreatedAt: now, UpdatedAt: now}
	plan := &roster.Plan{Now: now, NewSchools: []identity.School{school}}
	var names, codes []string
	for i := range 20000 {
		u := identity.User{ID: id(), SchoolID: school.ID, Role: domain.RoleStudent, Username: fmt.Sprintf("s%05d", i),
			RealName: "学生", CreatedAt: now, UpdatedAt: now}
		plan.NewUsers = append(plan.NewUsers, u)
		if i%20 == 0 {
			names = append(names, u.Username)
		}
	}
	grade, _ := identity.ParseGrade(3)
	for i := range 400 {
		c := identity.Class{ID: id(), SchoolID: school.ID, Name: fmt.Sprintf("班 %d", i), Grade: grade, LoginCode: fmt.Sprintf("C%05d", i),
			CreatedAt: now, UpdatedAt: now}
		plan.NewClasses = append(plan.NewClasses, c)
		codes = append(codes, c.LoginCode)
	}
	if err := store.InTx(ctx, func(tx roster.Store) error { return tx.Apply(ctx, plan) }); err != nil {
		t.Fatal(err)
	}
	for name, list := range map[string][]string{"username": names, "login_code": codes} {
		got := explain(name, "'{"+strings.Join(list, ",")+"}'")
		if strings.Contains(got, "Seq Scan") {
			t.Errorf("%s lookup of %d values after the import scans the table:\n%s", name, len(list), got)
		}
	}
}

// TestBatchedLookupOfAwkwardValues checks that values holding the
// characters of PostgreSQL's array syntax (quotes, backslashes, commas,
// braces, spaces, NULL) come back as themselves through a batched lookup,
// now one array parameter there.
func TestBatchedLookupOfAwkwardValues(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		is, rs := models.NewIdentityStore(db), models.NewRosterStore(db)
		now := time.Now().UTC().Truncate(time.Microsecond)
		odd := []string{`a"b`, `c\d`, `e,f`, `{g}`, ` h `, `NULL`, `学校`}
		for i, sid := range odd {
			if err := is.CreateSchool(ctx, identity.School{ID: id(), Name: fmt.Sprint("S", i), SourcedID: sid, CreatedAt: now, UpdatedAt: now}); err != nil {
				t.Fatal(err)
			}
		}
		got, err := rs.SchoolsBySourcedID(ctx, append([]string{"missing"}, odd...))
		if err != nil {
			t.Fatal(err)
		}
		found := map[string]bool{}
		for _, s := range got {
			found[s.SourcedID] = true
		}
		for _, sid := range odd {
			if !found[sid] {
				t.Errorf("sourced id %q not found (got %d schools)", sid, len(got))
			}
		}
		if len(got) != len(odd) {
			t.Errorf("got %d schools, want %d", len(got), len(odd))
		}
	})
}
