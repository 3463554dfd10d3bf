package identity_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/crypto/bcrypt"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
)

// A school's teacher creates a class with managed students, and a student
// logs in with the class code and PIN.
func Example() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "identity-example")
	defer os.RemoveAll(dir)
	db, _ := models.Open(filepath.Join(dir, "example.db"))
	defer models.Close(db)
	models.Migrate(ctx, db)

	svc, _ := identity.NewService(models.NewIdentityStore(db), identity.Config{
		Secret: []byte(identity.NewSecret()), BcryptCost: bcrypt.MinCost,
	})
	root := domain.Principal{Role: domain.RolePlatformAdmin}
	school, _ := svc.CreateSchool(ctx, root, identity.SchoolInput{Name: "棋学小学"})
	svc.CreateUser(ctx, root, identity.NewUser{SchoolID: school.ID, Role: domain.RoleTeacher,
		Username: "lin", RealName: "林老师", Password: "a-long-password"})

	session, _ := svc.Login(ctx, identity.Credentials{Username: "lin", Password: "a-long-password"}, "198.51.100.7")
	teacher, _ := svc.Authenticate(ctx, session.AccessToken)
	class, _ := svc.CreateClass(ctx, teacher, identity.NewClass{Name: "一年级(1)班", Grade: 1})
	_, cards, _ := svc.CreateStudents(ctx, teacher, class.ID, []string{"王小明"})

	student, err := svc.Login(ctx, identity.Credentials{
		ClassCode: class.LoginCode, Username: cards[0].User.Username, PIN: cards[0].PIN,
	}, "198.51.100.8")
	fmt.Println(teacher.Role, err, student.User.Role, student.User.RealName)
	// Output: teacher <nil> student 王小明
}
