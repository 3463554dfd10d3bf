package roster_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/roster"
)

var root = domain.Principal{Role: domain.RolePlatformAdmin}

// bundle builds a source from file contents; "manifest.csv" defaults to
// every imported file in mode.
func bundle(mode string, files map[string]string) roster.Source {
	m := map[string][]byte{}
	if _, ok := files["manifest.csv"]; !ok {
		man := "propertyName,value\nmanifest.version,1.0\noneroster.version,1.1\n"
		for _, f := range []string{"orgs", "users", "classes", "enrollments"} {
			if _, ok := files[f+".csv"]; ok {
				man += "file." + f + "," + mode + "\n"
			} else {
				man += "file." + f + ",absent\n"
			}
		}
		m["manifest.csv"] = []byte(man)
	}
	for n, s := range files {
		m[n] = []byte(s)
	}
	return roster.NewSource(m)
}

// messy is a real-shaped bulk bundle: BOM, CRLF, columns in unusual
// order, quoted commas and newlines, extension columns, an unknown file.
func messy() map[string]string {
	return map[string]string{
		"orgs.csv": "\uFEFFsourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\r\n" +
			"d1,,,North District,district,,\r\n" +
			"s1,,,\"Hope Primary, North\",school,HP,d1\r\n",
		"users.csv": "\uFEFFrole,sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,metadata.extra\n" +
			"teacher,t1,,2026-08-01T08:00:00.000Z,true,s1,wang.li,,丽,王,,,wang@example.org,,,,,secret-pass-1,x\n" +
			"student,u1,,,true,s1,,,三,张,,,,,,,03,,\n" +
			"student,u2,,,true,\"s1,d1\",,,\"Ann\nMarie\",\"O'Neil, Jr\",,,,,,,03,,\n" +
			"administrator,a1,,,true,s1,head.hope,,Li,Ming,,,,,,,,,\n" +
			"guardian,g1,,,true,s1,,,Pat,Parent,,,,,,,,,\n",
		"classes.csv": "title,sourcedId,schoolSourcedId,grades,classCode,classType,courseSourcedId,status\n" +
			"Chess 3A,c1,s1,\"03,04\",CH3A,scheduled,co1,\n" +
			"Gomoku K,c2,s1,KG,GOK,scheduled,co1,\n",
		"enrollments.csv": "sourcedId,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate\n" +
			"e1,c1,s1,t1,teacher,true,2026-09-01,\n" +
			"e2,c1,s1,u1,student,false,2026-09-01,2027-07-01\n" +
			"e3,c1,s1,u2,student,false,,\n" +
			"e4,c2,s1,u1,student,false,,\n" +
			"e5,c2,s1,g1,guardian,false,,\n",
		"demographics.csv": "sourcedId,birthDate\nu1,2017-01-01\n",
	}
}

func newImporter(db *gorm.DB) *roster.Importer {
	return roster.NewImporter(models.NewRosterStore(db), roster.Config{
		HashPassword: func(s string) (string, error) {
			h, err := bcrypt.GenerateFromPassword([]byte(s), bcrypt.MinCost)
			return string(h), err
		},
	})
}

func counts(c, u, d, n int) roster.Counts {
	return roster.Counts{Created: c, Updated: u, Deactivated: d, Unchanged: n}
}

func mustImport(t *testing.T, im *roster.Importer, p domain.Principal, src roster.Source) roster.Result {
	t.Helper()
	res, err := im.Import(context.Background(), p, src, false)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	return res
}

type snapshot struct {
	users       map[string]identity.User
	classes     map[string]identity.Class
	enrollments map[[2]string]identity.Enrollment
	school      identity.School
}

func load(t *testing.T, db *gorm.DB) snapshot {
	t.Helper()
	st := models.NewRosterStore(db)
	ctx := context.Background()
	schools, err := st.SchoolsBySourcedID(ctx, []string{"s1"})
	if err != nil || len(schools) != 1 {
		t.Fatalf("school s1: %v %v", schools, err)
	}
	state, err := st.State(ctx, []string{schools[0].ID})
	if err != nil {
		t.Fatal(err)
	}
	s := snapshot{users: map[string]identity.User{}, classes: map[string]identity.Class{},
		enrollments: map[[2]string]identity.Enrollment{}, school: schools[0]}
	ids := map[string]string{}
	for _, u := range state.Users {
		s.users[u.SourcedID] = u
		ids[u.ID] = u.SourcedID
	}
	for _, c := range state.Classes {
		s.classes[c.SourcedID] = c
		ids[c.ID] = c.SourcedID
	}
	for _, e := range state.Enrollments {
		s.enrollments[[2]string{ids[e.ClassID], ids[e.UserID]}] = e
	}
	return s
}

func TestBulkDeltaBulk(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		im := newImporter(db)
		res := mustImport(t, im, root, bundle("bulk", messy()))
		want := roster.Summary{Schools: counts(1, 0, 0, 0), Users: counts(4, 0, 0, 0),
			Classes: counts(2, 0, 0, 0), Enrollments: counts(4, 0, 0, 0)}
		if res.Summary != want {
			t.Fatalf("summary %+v, want %+v", res.Summary, want)
		}
		if len(res.Warnings) != 3 { // demographics.csv, guardian user, guardian enrollment
			t.Errorf("warnings %q", res.Warnings)
		}
		s := load(t, db)
		if s.school.Name != "Hope Primary, North" {
			t.Errorf("school name %q", s.school.Name)
		}
		if u := s.users["t1"]; u.RealName != "王丽" || u.Username != "wang.li" || u.Role != domain.RoleTeacher ||
			bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte("secret-pass-1")) != nil {
			t.Errorf("teacher %+v", u)
		}
		if u := s.users["u2"]; u.RealName != "Ann\nMarie O'Neil, Jr" || !strings.HasPrefix(u.Username, "s") || u.PINHash != "" {
			t.Errorf("student u2 %+v", u)
		}
		if u := s.users["a1"]; u.Role != domain.RoleSchoolAdmin {
			t.Errorf("administrator role %q", u.Role)
		}
		if c := s.classes["c1"]; c.Grade.Int() != 3 || c.Name != "Chess 3A" || len(c.LoginCode) != 6 {
			t.Errorf("class c1 %+v", c)
		}
		if c := s.classes["c2"]; c.Grade.Int() != 0 {
			t.Errorf("KG grade %d", c.Grade.Int())
		}
		u2name := s.users["u2"].Username

		// The same files again change nothing.
		res = mustImport(t, im, root, bundle("bulk", messy()))
		want = roster.Summary{Schools: counts(0, 0, 0, 1), Users: counts(0, 0, 0, 4),
			Classes: counts(0, 0, 0, 2), Enrollments: counts(0, 0, 0, 4)}
		if res.Summary != want {
			t.Fatalf("re-import summary %+v, want %+v", res.Summary, want)
		}
		if load(t, db).users["u2"].Username != u2name {
			t.Error("re-import changed a generated username")
		}

		// Delta: u1 leaves, u3 arrives in c2, u2 is renamed.
		delta := map[string]string{
			"users.csv": "sourcedId,status,dateLastModified,orgSourcedIds,role,username,givenName,familyName\n" +
				"u1,tobedeleted,2026-10-01T00:00:00Z,s1,student,,三,张\n" +
				"u2,active,2026-10-01T00:00:00Z,s1,student,,Anne,O'Neil\n" +
				"u3,active,2026-10-01T00:00:00Z,s1,student,kid.three,Kai,Wu\n",
			"enrollments.csv": "sourcedId,status,dateLastModified,classSourcedId,userSourcedId,role\n" +
				"e6,active,2026-10-01T00:00:00Z,c2,u3,student\n",
		}
		res = mustImport(t, im, root, bundle("delta", delta))
		want = roster.Summary{Users: counts(1, 1, 1, 0), Enrollments: counts(1, 0, 0, 0)}
		if res.Summary != want {
			t.Fatalf("delta summary %+v, want %+v", res.Summary, want)
		}
		s = load(t, db)
		if s.users["u1"].Active() || s.users["u2"].RealName != "Anne O'Neil" || s.users["u2"].Username != u2name {
			t.Errorf("after delta: u1 %+v u2 %+v", s.users["u1"], s.users["u2"])
		}
		// A deactivated student is kept (with its attempts) but leaves class lists.
		store := models.NewIdentityStore(db)
		list, err := store.Users(context.Background(), identity.Scope{}, identity.UserQuery{ClassID: s.classes["c1"].ID}, domain.Page{Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range list {
			if u.SourcedID == "u1" {
				t.Error("deactivated u1 still listed in class c1")
			}
		}
		if len(list) != 2 {
			t.Errorf("class c1 lists %d members, want 2 (t1, u2)", len(list))
		}

		// Bulk again with u1 back and without c2: c2 and its enrollments
		// are deactivated, u1 returns, u3 (not in the file) is deactivated.
		again := messy()
		again["classes.csv"] = "title,sourcedId,schoolSourcedId,grades\nChess 3A,c1,s1,\"03,04\"\n"
		again["enrollments.csv"] = "sourcedId,classSourcedId,schoolSourcedId,userSourcedId,role\n" +
			"e1,c1,s1,t1,teacher\ne2,c1,s1,u1,student\ne3,c1,s1,u2,student\n"
		res = mustImport(t, im, root, bundle("bulk", again))
		want = roster.Summary{Schools: counts(0, 0, 0, 1), Users: counts(0, 2, 1, 2),
			Classes: counts(0, 0, 1, 1), Enrollments: counts(0, 0, 2, 3)}
		if res.Summary != want {
			t.Fatalf("bulk again summary %+v, want %+v", res.Summary, want)
		}
		s = load(t, db)
		if !s.users["u1"].Active() || s.users["u3"].Active() || s.classes["c2"].Active() {
			t.Errorf("after bulk: u1 active %v, u3 active %v, c2 active %v", s.users["u1"].Active(), s.users["u3"].Active(), s.classes["c2"].Active())
		}
		if len(s.users) != 5 || len(s.classes) != 2 || len(s.enrollments) != 5 {
			t.Errorf("rows lost: %d users, %d classes, %d enrollments", len(s.users), len(s.classes), len(s.enrollments))
		}
		if s.enrollments[[2]string{"c2", "u1"}].Active() || !s.enrollments[[2]string{"c1", "u1"}].Active() {
			t.Error("enrollments of c2 should be ended, of c1 active")
		}
		// A deactivated class's login code logs nobody in.
		if _, err := store.ClassByLoginCode(context.Background(), s.classes["c2"].LoginCode); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("login code of a deactivated class: %v", err)
		}
		if _, err := store.ClassByLoginCode(context.Background(), s.classes["c1"].LoginCode); err != nil {
			t.Errorf("login code of an active class: %v", err)
		}
	})
}

func TestDeactivatedUserCannotLogIn(t *testing.T) {
	db := modelstest.SQLite(t)
	im := newImporter(db)
	mustImport(t, im, root, bundle("bulk", messy()))
	svc, err := identity.NewService(models.NewIdentityStore(db), identity.Config{
		Secret: []byte("roster-test-secret-roster-test-secret"), BcryptCost: bcrypt.MinCost})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := svc.Login(ctx, identity.Credentials{Username: "wang.li", Password: "secret-pass-1"}, "1.1.1.1"); err != nil {
		t.Fatalf("imported teacher cannot log in: %v", err)
	}
	files := messy()
	files["users.csv"] = "sourcedId,status,orgSourcedIds,role,username,givenName,familyName\n" +
		"t1,tobedeleted,s1,teacher,wang.li,丽,王\n"
	files["manifest.csv"] = "propertyName,value\nfile.users,delta\nfile.orgs,absent\nfile.classes,absent\nfile.enrollments,absent\n"
	mustImport(t, im, root, roster.NewSource(map[string][]byte{"manifest.csv": []byte(files["manifest.csv"]), "users.csv": []byte(files["users.csv"])}))
	if _, err := svc.Login(ctx, identity.Credentials{Username: "wang.li", Password: "secret-pass-1"}, "1.1.1.2"); !errors.Is(err, identity.ErrInvalidCredentials) {
		t.Fatalf("deactivated teacher login: %v, want invalid credentials", err)
	}
}

func TestProblems(t *testing.T) {
	files := messy()
	files["users.csv"] = "sourcedId,orgSourcedIds,role,username,givenName,familyName,dateLastModified\n" +
		"t1,s1,teacher,wang.li,丽,王,\n" +
		"u1,s1,boss,,三,张,\n" + // unknown role
		"t1,s1,student,,A,B,\n" + // duplicate sourcedId
		"u4,s1,student,,,,\n" + // missing name
		"u5,s1,student,,C,D,yesterday\n" // bad date
	files["enrollments.csv"] = "sourcedId,classSourcedId,userSourcedId,role\n" +
		"e1,c1,t1,teacher\n" +
		"e2,c9,t1,teacher\n" // unknown class
	// Every problem of every file, in one pass: the unknown class too.
	want := []string{
		"enrollments.csv:3:classSourcedId:unknown_class",
		"users.csv:3:role:unknown_role",
		"users.csv:4:sourcedId:duplicate_sourced_id",
		"users.csv:5:givenName:required",
		"users.csv:6:dateLastModified:bad_date",
	}
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		im := newImporter(db)
		_, err := im.Import(context.Background(), root, bundle("bulk", files), false)
		var re problemSet
		ok := asInvalid(err, &re)
		if !ok || !errors.Is(err, roster.ErrInvalid) {
			t.Fatalf("err %v, want ErrInvalid", err)
		}
		got := problemKeys(re.Problems())
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		// Database-level problems come after the file checks pass.
		files := messy()
		files["enrollments.csv"] += "e9,c9,s1,u1,student,false,,\ne10,c1,s1,nobody,student,false,,\ne11,c2,s1,t1,student,false,,\n"
		_, err = im.Import(context.Background(), root, bundle("bulk", files), false)
		if !asInvalid(err, &re) {
			t.Fatalf("err %v, want ErrInvalid", err)
		}
		got = problemKeys(re.Problems())
		wantDB := []string{
			"enrollments.csv:7:classSourcedId:unknown_class",
			"enrollments.csv:8:userSourcedId:unknown_user",
			"enrollments.csv:9:role:role_mismatch",
		}
		if strings.Join(got, "\n") != strings.Join(wantDB, "\n") {
			t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantDB, "\n"))
		}
		var n int64
		db.Table("users").Count(&n)
		if n != 0 {
			t.Errorf("%d users written by a failed import", n)
		}
	})
}

func itoa(n int) string { return strconv.Itoa(n) }

// problemKeys lists the problems as FILE:LINE:COLUMN:CODE.
func problemKeys(problems []roster.Problem) []string {
	var out []string
	for _, p := range problems {
		out = append(out, p.File+":"+itoa(p.Line)+":"+p.Column+":"+p.Code)
	}
	return out
}

func TestDryRun(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		im := newImporter(db)
		res, err := im.Import(context.Background(), root, bundle("bulk", messy()), true)
		if err != nil {
			t.Fatal(err)
		}
		if !res.DryRun || res.Summary.Users.Created != 4 || res.Summary.Enrollments.Created != 4 {
			t.Errorf("dry run summary %+v", res.Summary)
		}
		var n int64
		db.Table("users").Count(&n)
		if n != 0 {
			t.Errorf("dry run wrote %d users", n)
		}
	})
}

func TestSchoolAdminOwnSchoolOnly(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		im := newImporter(db)
		mustImport(t, im, root, bundle("bulk", messy()))
		ctx := context.Background()
		other := identity.School{ID: "01930000-0000-7000-8000-000000000001", Name: "Other"}
		if err := models.NewIdentityStore(db).CreateSchool(ctx, other); err != nil {
			t.Fatal(err)
		}
		// An admin of another school uploads s1's files: every s1 row is refused.
		admin := domain.Principal{UserID: "01930000-0000-7000-8000-000000000002", SchoolID: other.ID, Role: domain.RoleSchoolAdmin}
		_, err := im.Import(ctx, admin, bundle("bulk", messy()), false)
		var re problemSet
		ok := asInvalid(err, &re)
		if !ok || re.Problems()[0].Code != roster.CodeOtherSchool || re.Problems()[0].File != "orgs.csv" {
			t.Fatalf("cross-school import: %v", err)
		}
		// Teachers may not import at all.
		if _, err := im.Import(ctx, domain.Principal{Role: domain.RoleTeacher, SchoolID: other.ID}, bundle("bulk", messy()), false); !errors.Is(err, roster.ErrForbidden) {
			t.Errorf("teacher import: %v", err)
		}
		// The other school's admin cannot link its school to an org; a
		// platform admin links it (ImportInto), then the admin imports.
		files := messy()
		for n, s := range files {
			files[n] = strings.ReplaceAll(strings.ReplaceAll(s, "s1", "s2"), "wang.li", "wang.li2")
		}
		files["users.csv"] = strings.ReplaceAll(files["users.csv"], "head.hope", "head.two")
		_, err = im.Import(ctx, admin, bundle("bulk", files), false)
		if !asInvalid(err, &re) || re.Problems()[0].Code != roster.CodeUnlinkedOrg || re.Problems()[0].Value != "s2" {
			t.Fatalf("admin's first import: %v", err)
		}
		if _, err := im.ImportInto(ctx, admin, other.ID, bundle("bulk", files), false); !errors.Is(err, roster.ErrForbidden) {
			t.Errorf("school admin ImportInto: %v", err)
		}
		res, err := im.ImportInto(ctx, root, other.ID, bundle("bulk", files), false)
		if err != nil {
			t.Fatal(err)
		}
		if res.Summary.Schools.Updated != 1 || res.Summary.Users.Created != 4 {
			t.Errorf("linking import summary %+v", res.Summary)
		}
		res, err = im.Import(ctx, admin, bundle("bulk", files), false)
		if err != nil {
			t.Fatal(err)
		}
		if res.Summary.Schools.Unchanged != 1 || res.Summary.Users.Unchanged != 4 {
			t.Errorf("own import summary %+v", res.Summary)
		}
		// Linked, the school cannot be linked to a second org.
		files["orgs.csv"] += "s3,,,Third,school,,\n"
		if _, err := im.ImportInto(ctx, root, other.ID, bundle("bulk", files), false); !asInvalid(err, &re) ||
			re.Problems()[0].Code != roster.CodeUnlinkedOrg || re.Problems()[0].Value != "s3" {
			t.Errorf("second link: %v", err)
		}
	})
}

func TestParseGrades(t *testing.T) {
	for in, want := range map[string]int{"KG": 0, "PK": 0, "01": 1, "03,04": 3, "06": 6, " 05 , 02": 2} {
		if got, ok := roster.ParseGrades(in); !ok || got != want {
			t.Errorf("ParseGrades(%q) = %d, %v; want %d", in, got, ok, want)
		}
	}
	for _, in := range []string{"07", "12", "Other", ""} {
		if _, ok := roster.ParseGrades(in); ok {
			t.Errorf("ParseGrades(%q) accepted", in)
		}
	}
}

func TestPasswordChangeIsRehashed(t *testing.T) {
	db := modelstest.SQLite(t)
	im := newImporter(db)
	mustImport(t, im, root, bundle("bulk", messy()))
	files := messy()
	files["users.csv"] = strings.Replace(files["users.csv"], "secret-pass-1", "secret-pass-2", 1)
	res := mustImport(t, im, root, bundle("bulk", files))
	if res.Summary.Users.Updated != 1 || res.Summary.Users.Unchanged != 3 {
		t.Fatalf("summary %+v", res.Summary.Users)
	}
	h := load(t, db).users["t1"].PasswordHash
	if strings.Contains(h, "secret") || bcrypt.CompareHashAndPassword([]byte(h), []byte("secret-pass-2")) != nil {
		t.Errorf("stored %q is not the hash of the new password", h)
	}
}

func TestEnabledUserFalseDeactivates(t *testing.T) {
	db := modelstest.SQLite(t)
	im := newImporter(db)
	mustImport(t, im, root, bundle("bulk", messy()))
	files := messy()
	files["users.csv"] = strings.Replace(files["users.csv"], "student,u1,,,true,", "student,u1,,,false,", 1)
	res := mustImport(t, im, root, bundle("bulk", files))
	if res.Summary.Users.Updated != 1 || load(t, db).users["u1"].Active() {
		t.Fatalf("enabledUser=false: %+v", res.Summary.Users)
	}
	if res := mustImport(t, im, root, bundle("bulk", files)); res.Summary.Users.Unchanged != 4 {
		t.Errorf("re-import of a disabled user: %+v", res.Summary.Users)
	}
	res = mustImport(t, im, root, bundle("bulk", messy()))
	if res.Summary.Users.Updated != 1 || !load(t, db).users["u1"].Active() {
		t.Errorf("enabledUser=true again: %+v", res.Summary.Users)
	}
}

// TestSchoolAdminCannotClaimOrg: a school admin who imports an org
// sourcedId not bound to any school is refused (file, line, sourcedId),
// so a later district import of that org by the platform admin makes its
// own school and neither renames the admin's school nor moves students
// into it (issue 14 item 5).
func TestSchoolAdminCannotClaimOrg(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		im := newImporter(db)
		ctx := context.Background()
		c := identity.School{ID: "01930000-0000-7000-8000-0000000000c0", Name: "School C"}
		if err := models.NewIdentityStore(db).CreateSchool(ctx, c); err != nil {
			t.Fatal(err)
		}
		admin := domain.Principal{UserID: "01930000-0000-7000-8000-0000000000c1", SchoolID: c.ID, Role: domain.RoleSchoolAdmin}
		claim := bundle("bulk", map[string]string{"orgs.csv": "sourcedId,name,type\ns1,School C,school\n"})
		_, err := im.Import(ctx, admin, claim, false)
		var re problemSet
		ok := asInvalid(err, &re)
		if !ok || len(re.Problems()) != 1 {
			t.Fatalf("claim: %v, want one problem", err)
		}
		if p := re.Problems()[0]; p.File != "orgs.csv" || p.Line != 2 || p.Column != "sourcedId" || p.Code != "unlinked_org" || p.Value != "s1" {
			t.Errorf("claim problem %+v", p)
		}
		if _, err := im.Import(ctx, admin, claim, true); !errors.Is(err, roster.ErrInvalid) {
			t.Errorf("claim as a dry run: %v", err)
		}

		// The district's import later: s1 becomes a school of its own.
		res := mustImport(t, im, root, bundle("bulk", messy()))
		if res.Summary.Schools.Created != 1 || res.Summary.Users.Created != 4 {
			t.Errorf("district import summary %+v", res.Summary)
		}
		s := load(t, db)
		if s.school.ID == c.ID || s.school.Name != "Hope Primary, North" {
			t.Errorf("s1 is school %+v, want a new school", s.school)
		}
		after, err := models.NewRosterStore(db).School(ctx, c.ID)
		if err != nil || after.Name != "School C" || after.SourcedID != "" {
			t.Errorf("school C after the district import: %+v %v", after, err)
		}
		st, err := models.NewRosterStore(db).State(ctx, []string{c.ID})
		if err != nil || len(st.Users) != 0 || len(st.Classes) != 0 {
			t.Errorf("school C holds %d users and %d classes (%v)", len(st.Users), len(st.Classes), err)
		}
	})
}

// TestAllProblemsInOnePass: the file checks and the checks against the
// database report together, every file at once; rows refused by one
// check are not reported again where other rows refer to them; past
// MaxProblems the rest are counted (issue 15 item 6).
func TestAllProblemsInOnePass(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		im := newImporter(db)
		ctx := context.Background()
		files := messy()
		files["users.csv"] = "sourcedId,orgSourcedIds,role,username,givenName,familyName\n" +
			"t1,s1,teacher,wang.li,丽,王\n" +
			"u1,s1,boss,,三,张\n" + // unknown role: its enrollment e2 is not reported again
			"u2,s9,student,,A,B\n" // unknown org
		files["classes.csv"] = "sourcedId,title,grades,schoolSourcedId\n" +
			"c1,Chess,03,s1\n" +
			"c2,Gomoku,09,s1\n" // bad grade: e3 not reported again
		files["enrollments.csv"] = "sourcedId,classSourcedId,userSourcedId,role\n" +
			"e1,c1,t1,teacher\n" +
			"e2,c1,u1,student\n" +
			"e3,c2,t1,teacher\n" +
			"e4,c7,t1,teacher\n" + // unknown class
			"e5,c1,nobody,student\n" // unknown user
		_, err := im.Import(ctx, root, bundle("bulk", files), true)
		var re problemSet
		if !asInvalid(err, &re) {
			t.Fatalf("err %v, want ErrInvalid", err)
		}
		got := problemKeys(re.Problems())
		want := []string{
			"classes.csv:3:grades:bad_grade",
			"enrollments.csv:5:classSourcedId:unknown_class",
			"enrollments.csv:6:userSourcedId:unknown_user",
			"users.csv:3:role:unknown_role",
			"users.csv:4:orgSourcedIds:unknown_org",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") || re.More() != 0 {
			t.Errorf("problems (%d more):\n%s\nwant:\n%s", re.More(), strings.Join(got, "\n"), strings.Join(want, "\n"))
		}

		// A file that cannot be read whole (a malformed row) leaves its
		// references unreported rather than all wrong.
		files = messy()
		files["users.csv"] = "sourcedId,orgSourcedIds,role,username,givenName,familyName\n" +
			"t1,s1,teacher,wang.li,丽,王\n" + "u1,s1,\"student,,三,张\n"
		_, err = im.Import(ctx, root, bundle("bulk", files), false)
		if !asInvalid(err, &re) || len(re.Problems()) != 1 || re.Problems()[0].File != "users.csv" || re.Problems()[0].Code != roster.CodeBadCSV {
			t.Errorf("malformed users.csv: %v", err)
		}

		// Past MaxProblems the rest are counted.
		var b strings.Builder
		b.WriteString("sourcedId,orgSourcedIds,role,username,givenName,familyName\n")
		for i := range roster.MaxProblems + 250 {
			b.WriteString("x" + itoa(i) + ",s1,pupil,,A,B\n")
		}
		files = messy()
		files["users.csv"] = b.String()
		delete(files, "enrollments.csv")
		_, err = im.Import(ctx, root, bundle("bulk", files), false)
		if !asInvalid(err, &re) || len(re.Problems()) != roster.MaxProblems || re.More() != 250 || !strings.Contains(err.Error(), "and 1245 more") {
			t.Errorf("many problems: %d listed, %d more: %v", len(re.Problems()), re.More(), err)
		}
		var n int64
		db.Table("users").Count(&n)
		if n != 0 {
			t.Errorf("%d users written by failed imports", n)
		}
	})
}

// problemSet is what roster.ProblemsOf returns of an ErrInvalid.
type problemSet struct {
	list []roster.Problem
	more int
}

func (p problemSet) Problems() []roster.Problem { return p.list }
func (p problemSet) More() int                  { return p.more }

// asInvalid reads the problems of an ErrInvalid into re.
func asInvalid(err error, re *problemSet) bool {
	list, more, ok := roster.ProblemsOf(err)
	*re = problemSet{list, more}
	return ok
}
