package api_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/domain"
	"qixue/identity"
	"qixue/models/modelstest"
)

// TestRoleChangeEndsEnrollments: a teacher demoted to student (PATCH)
// keeps no teacher enrollment, so promoting them back gives no class
// access back; the ended enrollment shows as inactive, and a school admin
// can enrol the teacher again. On main the teacher read the class again.
func TestRoleChangeEndsEnrollments(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		teacher := "/v1/users/" + a.Teacher.ID
		class := "/v1/classes/" + a.Class.ID
		h.Run(t, []apitest.Case{
			{Name: "demote", Method: "PATCH", Path: teacher, Token: a.AdminToken, Body: map[string]any{"role": "student"}, Status: 200},
			{Name: "enrollment ended", Method: "GET", Path: class + "/enrollments?status=inactive", Token: a.AdminToken, Status: 200, Contains: []string{a.Teacher.ID}},
			{Name: "promote back", Method: "PATCH", Path: teacher, Token: a.AdminToken, Body: map[string]any{"role": "teacher"}, Status: 200},
		})
		h.Advance(time.Second) // a login after the revocation
		token := h.Login(t, a.Teacher.Username)
		h.Run(t, []apitest.Case{
			{Name: "no class access back", Method: "GET", Path: class, Token: token, Status: 404},
			{Name: "no PIN reset", Method: "POST", Path: "/v1/users/" + a.Student.ID + "/pin", Token: token, Status: 404},
			{Name: "still not in the active members", Method: "GET", Path: class + "/enrollments", Token: a.AdminToken, Status: 200, Excludes: []string{a.Teacher.ID}},
			{Name: "a school admin enrols again", Method: "POST", Path: class + "/enrollments", Token: a.AdminToken, Body: map[string]string{"user_id": a.Teacher.ID}, Status: 201},
			{Name: "twice is a conflict", Method: "POST", Path: class + "/enrollments", Token: a.AdminToken, Body: map[string]string{"user_id": a.Teacher.ID}, Status: 409},
			{Name: "access as enrolled", Method: "GET", Path: class, Token: token, Status: 200},
		})
	})
}

// TestRosterRoleChangeEndsEnrollments: an import that changes only
// users.csv (enrollments absent) and demotes a teacher ends the teacher's
// enrollments, and counts them; a later promotion restores none.
func TestRosterRoleChangeEndsEnrollments(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		r := newRosterHarness(t, db)
		a := r.F.A
		r.imports(t, a.AdminToken, schoolFiles("org-a", "a"))
		usersOnly := func(role string) map[string]string {
			f := schoolFiles("org-a", "a")
			f["manifest.csv"] = strings.Replace(f["manifest.csv"], "file.enrollments,bulk", "file.enrollments,absent", 1)
			delete(f, "enrollments.csv")
			f["users.csv"] = strings.Replace(f["users.csv"], ",teacher,a-teacher,", ","+role+",a-teacher,", 1)
			return f
		}
		id := r.submit(t, a.AdminToken, zipOf(t, usersOnly("student")), "", 202)
		job := r.finish(t, a.AdminToken, id)
		if job.Status != "succeeded" {
			t.Fatalf("demotion: %+v", job)
		}
		// The fixture's class and the imported class.
		rec := r.Do(t, "GET", "/v1/roster/imports/"+id, a.AdminToken, nil, nil)
		if !strings.Contains(rec.Body.String(), `"enrollments":{"created":0,"updated":0,"deactivated":2`) {
			t.Errorf("summary does not count the ended enrollments: %s", rec.Body)
		}
		r.imports(t, a.AdminToken, usersOnly("teacher"))
		token := r.Login(t, a.Teacher.Username)
		r.Run(t, []apitest.Case{
			{Name: "no class back", Method: "GET", Path: "/v1/classes", Token: token, Status: 200, Contains: []string{`"items":[]`}},
			{Name: "no fixture class", Method: "GET", Path: "/v1/classes/" + a.Class.ID, Token: token, Status: 404},
		})
	})
}

// TestDeactivatedClassGrantsTeacherNothing: once a class is deactivated,
// its teacher no longer reads its students nor resets their PINs (on main
// both still worked); reactivated, both work again.
func TestDeactivatedClassGrantsTeacherNothing(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a := f.A
		class := "/v1/classes/" + a.Class.ID
		student := "/v1/users/" + a.Student.ID
		h.Run(t, []apitest.Case{
			{Name: "reads before", Method: "GET", Path: student, Token: a.TeacherToken, Status: 200},
			{Name: "deactivate", Method: "PATCH", Path: class, Token: a.AdminToken, Body: map[string]any{"active": false}, Status: 200},
			{Name: "reads no student", Method: "GET", Path: student, Token: a.TeacherToken, Status: 404},
			{Name: "resets no PIN", Method: "POST", Path: student + "/pin", Token: a.TeacherToken, Status: 404},
			{Name: "lists no student", Method: "GET", Path: "/v1/users", Token: a.TeacherToken, Status: 200, Excludes: []string{a.Student.ID}},
			{Name: "reactivate", Method: "PATCH", Path: class, Token: a.AdminToken, Body: map[string]any{"active": true}, Status: 200},
			{Name: "reads again", Method: "GET", Path: student, Token: a.TeacherToken, Status: 200},
			{Name: "lists again", Method: "GET", Path: "/v1/users", Token: a.TeacherToken, Status: 200, Contains: []string{a.Student.ID}},
			{Name: "resets again", Method: "POST", Path: student + "/pin", Token: a.TeacherToken, Status: 200},
		})
		// An ended enrollment grants nothing either.
		h.Run(t, []apitest.Case{
			{Name: "unenrol", Method: "DELETE", Path: class + "/enrollments/" + a.Student.ID, Token: a.AdminToken, Status: 204},
			{Name: "reads no former student", Method: "GET", Path: student, Token: a.TeacherToken, Status: 404},
		})
	})
}

// TestConcurrentTeacherEnrollments: several teachers enrol the same free
// student into their own classes at once; exactly one succeeds, the
// others are refused (enrollment_needs_school_admin), on both databases.
// The rule was checked outside the enrolment's transaction.
func TestConcurrentTeacherEnrollments(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		ctx := context.Background()
		root := domain.Principal{Role: domain.RolePlatformAdmin}
		school := f.A.School.ID
		const teachers = 4
		var ps []domain.Principal
		var classes []string
		for i := range teachers {
			u, err := h.Identity.CreateUser(ctx, root, identity.NewUser{SchoolID: school, Role: domain.RoleTeacher,
				Username: "race-t" + string(rune('a'+i)), RealName: "T", Password: apitest.Password})
			if err != nil {
				t.Fatal(err)
			}
			p := domain.Principal{UserID: u.ID, SchoolID: school, Role: domain.RoleTeacher}
			c, err := h.Identity.CreateClass(ctx, p, identity.NewClass{Name: "race", Grade: 3})
			if err != nil {
				t.Fatal(err)
			}
			ps, classes = append(ps, p), append(classes, c.ID)
		}
		for round := range 10 {
			st, err := h.Identity.CreateUser(ctx, root, identity.NewUser{SchoolID: school, Role: domain.RoleStudent,
				Username: "race-s" + string(rune('a'+round)), RealName: "S", Password: apitest.Password})
			if err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			start := make(chan struct{})
			errs := make([]error, teachers)
			for i := range teachers {
				wg.Go(func() {
					<-start
					_, errs[i] = h.Identity.Enroll(ctx, ps[i], classes[i], st.ID)
				})
			}
			close(start)
			wg.Wait()
			ok := 0
			for _, err := range errs {
				switch {
				case err == nil:
					ok++
				case !errors.Is(err, identity.ErrEnrollmentNeedsSchoolAdmin):
					t.Fatalf("round %d: %v", round, err)
				}
			}
			if ok != 1 {
				t.Fatalf("round %d: %d teachers enrolled the student, want 1", round, ok)
			}
		}
	})
}
