package apitest

import (
	"context"
	"testing"

	"qixue/domain"
	"qixue/identity"
)

// Password is the password of every fixture user.
const Password = "correct-horse-battery"

// Fixture is a platform admin and two schools with the same shape.
type Fixture struct {
	Admin      identity.User
	AdminToken string
	A, B       School
}

// School is a school with one user of each role and a class:
// Teacher teaches Class, in which Student is enrolled; OtherTeacher and
// OtherStudent belong to the school but not to Class.
type School struct {
	School                                      identity.School
	Admin, Teacher, OtherTeacher                identity.User
	Student, OtherStudent                       identity.User
	StudentPIN                                  string
	Class                                       identity.Class
	AdminToken, TeacherToken, OtherTeacherToken string
	StudentToken, OtherStudentToken             string
}

// Fixture creates the fixture through the service and logs everyone in.
func (h *Harness) Fixture(t testing.TB) Fixture {
	t.Helper()
	ctx := context.Background()
	root := domain.Principal{Role: domain.RolePlatformAdmin}
	var f Fixture
	f.Admin = h.user(t, root, identity.NewUser{Role: domain.RolePlatformAdmin, Username: "root", RealName: "Root"})
	f.AdminToken = h.Login(t, "root")
	for i, s := range []*School{&f.A, &f.B} {
		p := string(rune('a' + i))
		sc, err := h.Identity.CreateSchool(ctx, root, identity.SchoolInput{Name: "School " + p})
		if err != nil {
			t.Fatal(err)
		}
		s.School = sc
		mk := func(role domain.Role, name string) identity.User {
			return h.user(t, root, identity.NewUser{SchoolID: sc.ID, Role: role, Username: p + "-" + name, RealName: name})
		}
		s.Admin = mk(domain.RoleSchoolAdmin, "admin")
		s.Teacher = mk(domain.RoleTeacher, "teacher")
		s.OtherTeacher = mk(domain.RoleTeacher, "teacher2")
		s.Student = mk(domain.RoleStudent, "student")
		s.OtherStudent = mk(domain.RoleStudent, "student2")
		s.Class, err = h.Identity.CreateClass(ctx, root, identity.NewClass{SchoolID: sc.ID, Name: "Class " + p, Grade: 2, TeacherIDs: []string{s.Teacher.ID}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.Identity.Enroll(ctx, root, s.Class.ID, s.Student.ID); err != nil {
			t.Fatal(err)
		}
		if _, s.StudentPIN, err = h.Identity.ResetPIN(ctx, root, s.Student.ID); err != nil {
			t.Fatal(err)
		}
		s.AdminToken = h.Login(t, s.Admin.Username)
		s.TeacherToken = h.Login(t, s.Teacher.Username)
		s.OtherTeacherToken = h.Login(t, s.OtherTeacher.Username)
		s.StudentToken = h.Login(t, s.Student.Username)
		s.OtherStudentToken = h.Login(t, s.OtherStudent.Username)
	}
	return f
}

func (h *Harness) user(t testing.TB, p domain.Principal, in identity.NewUser) identity.User {
	t.Helper()
	in.Password = Password
	u, err := h.Identity.CreateUser(context.Background(), p, in)
	if err != nil {
		t.Fatalf("create %s: %v", in.Username, err)
	}
	return u
}

// Login returns an access token of a fixture user.
func (h *Harness) Login(t testing.TB, username string) string {
	t.Helper()
	s, err := h.Identity.Login(context.Background(), identity.Credentials{Username: username, Password: Password}, "fixture")
	if err != nil {
		t.Fatalf("login %s: %v", username, err)
	}
	return s.AccessToken
}
