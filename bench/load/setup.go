package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"
	"net/url"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models"
	"time"
)

// freshSchema creates a new schema in the database at base and returns a
// migrated connection using it, and a cleanup that drops it.
func freshSchema(ctx context.Context, base string, keep bool) (*gorm.DB, func(), error) {
	admin, err := models.Open(base)
	if err != nil {
		return nil, nil, err
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "load_" + hex.EncodeToString(b)
	if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
		models.Close(admin)
		return nil, nil, err
	}
	u, err := url.Parse(base)
	if err != nil {
		return nil, nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	db, err := models.Open(u.String())
	if err == nil {
		err = models.Migrate(ctx, db)
	}
	cleanup := func() {
		if db != nil {
			models.Close(db)
		}
		if keep {
			fmt.Println("kept schema", schema)
		} else {
			admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		}
		models.Close(admin)
	}
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	return db, cleanup, nil
}

type environment struct {
	identity *identity.Service
	practice *exercises.Service
	bank     []exercises.Exercise
	tokens   []string
}

// setUp creates a school, a grade-4 class with students and their access
// tokens, and loads the puzzle bank.
func setUp(ctx context.Context, db *gorm.DB, students int) (environment, error) {
	var env environment
	secret := make([]byte, 48)
	rand.Read(secret)
	svc, err := identity.NewService(models.NewIdentityStore(db), identity.Config{
		Secret: secret, BcryptCost: bcrypt.MinCost, AccessTTL: time.Hour,
	})
	if err != nil {
		return env, err
	}
	env.identity = svc
	root := identity.Principal{Role: identity.RolePlatformAdmin}
	school, err := svc.CreateSchool(ctx, root, identity.SchoolInput{Name: "Load Test School"})
	if err != nil {
		return env, err
	}
	class, err := svc.CreateClass(ctx, root, identity.NewClass{SchoolID: school.ID, Name: "4A", Grade: 4})
	if err != nil {
		return env, err
	}
	for len(env.tokens) < students {
		n := min(students-len(env.tokens), identity.MaxBulkStudents)
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("Student %d", len(env.tokens)+i+1)
		}
		_, created, err := svc.CreateStudents(ctx, root, class.ID, names)
		if err != nil {
			return env, err
		}
		for _, st := range created {
			s, err := svc.Login(ctx, identity.Credentials{Username: st.User.Username, ClassCode: class.LoginCode, PIN: st.PIN}, "load")
			if err != nil {
				return env, err
			}
			env.tokens = append(env.tokens, s.AccessToken)
		}
	}
	env.practice = exercises.NewService(models.NewExerciseStore(db), nil)
	if _, _, err := env.practice.LoadBank(ctx); err != nil {
		return env, err
	}
	env.bank, err = exercises.Bank()
	return env, err
}
