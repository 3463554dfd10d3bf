package main

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
)

// Demo data names.
const (
	demoTeacher = "teacher"
	demoSchool  = "棋学示范小学"
	demoClass   = "一年级(1)班"
)

var demoStudents = []string{"王小明", "李小红", "张伟", "刘洋", "陈静"}

// runSeed loads the demo school, teacher, class and students into the
// configured database (migrating it first) and prints their credentials.
func runSeed(ctx context.Context, args []string, _ io.Reader, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("seed takes no arguments")
	}
	cfg, err := loadConfig()
	if err != nil {
		return err
	}
	db, _, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer models.Close(db)
	svc, err := newIdentityService(cfg, db, []byte(identity.NewSecret()))
	if err != nil {
		return err
	}
	return seedDemo(ctx, svc, models.NewIdentityStore(db), cfg.DemoPassword, stdout)
}

// seedDemo creates the demo data through the identity service and prints
// the credentials once. It does nothing when the demo teacher exists.
func seedDemo(ctx context.Context, svc *identity.Service, store identity.Store, password string, stdout io.Writer) error {
	if _, err := store.UserByUsername(ctx, demoTeacher); err == nil {
		fmt.Fprintln(stdout, "demo data already present; nothing seeded")
		return nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return err
	}
	if password == "" {
		password = randomPassword()
	}
	root := domain.Principal{Role: domain.RolePlatformAdmin}
	school, err := svc.CreateSchool(ctx, root, identity.SchoolInput{Name: demoSchool})
	if err != nil {
		return fmt.Errorf("seed school: %w", err)
	}
	teacher, err := svc.CreateUser(ctx, root, identity.NewUser{
		SchoolID: school.ID, Role: domain.RoleTeacher, Username: demoTeacher, RealName: "林老师", Password: password,
	})
	if err != nil {
		return fmt.Errorf("seed teacher: %w", err)
	}
	class, err := svc.CreateClass(ctx, root, identity.NewClass{
		SchoolID: school.ID, Name: demoClass, Grade: 1, TeacherIDs: []string{teacher.ID},
	})
	if err != nil {
		return fmt.Errorf("seed class: %w", err)
	}
	_, students, err := svc.CreateStudents(ctx, root, class.ID, demoStudents)
	if err != nil {
		return fmt.Errorf("seed students: %w", err)
	}
	fmt.Fprintln(stdout, "Demo data created. These credentials are shown only once:")
	fmt.Fprintf(stdout, "  school   %s\n", school.Name)
	fmt.Fprintf(stdout, "  teacher  username %s  password %s\n", teacher.Username, password)
	fmt.Fprintf(stdout, "  class    %s  login code %s\n", class.Name, class.LoginCode)
	for _, s := range students {
		fmt.Fprintf(stdout, "  student  username %s  PIN %s  (%s)\n", s.User.Username, s.PIN, s.User.RealName)
	}
	return nil
}

// randomPassword returns 16 characters without look-alikes.
func randomPassword() string {
	const alphabet = "23456789abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
	b := make([]byte, 16)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}
