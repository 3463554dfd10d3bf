package identity_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

// TestRevocationUnderLoad: while requests authenticate and the snapshot
// is read again every millisecond, a deactivation refuses the user's
// token as soon as it returns, and a concurrent reload never brings it
// back (run with -race).
func TestRevocationUnderLoad(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		svc, err := identity.NewService(models.NewIdentityStore(db), identity.Config{
			Secret: []byte(secret), BcryptCost: bcrypt.MinCost, RevocationRefresh: time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		root := domain.Principal{Role: domain.RolePlatformAdmin}
		sc, err := svc.CreateSchool(ctx, root, identity.SchoolInput{Name: "S"})
		if err != nil {
			t.Fatal(err)
		}
		u, err := svc.CreateUser(ctx, root, identity.NewUser{SchoolID: sc.ID, Role: domain.RoleTeacher, Username: "load-t1", RealName: "T", Password: "password-1"})
		if err != nil {
			t.Fatal(err)
		}
		s, err := svc.Login(ctx, identity.Credentials{Username: "load-t1", Password: "password-1"}, "a")
		if err != nil {
			t.Fatal(err)
		}
		stop := make(chan struct{})
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for {
					select {
					case <-stop:
						return
					default:
					}
					if _, err := svc.Authenticate(ctx, s.AccessToken); err != nil && !errors.Is(err, identity.ErrTokenInvalid) {
						t.Error(err)
						return
					}
				}
			})
		}
		time.Sleep(20 * time.Millisecond)
		inactive := false
		if _, err := svc.UpdateUser(ctx, root, u.ID, identity.UserPatch{Active: &inactive}); err != nil {
			t.Fatal(err)
		}
		for range 200 {
			if _, err := svc.Authenticate(ctx, s.AccessToken); !errors.Is(err, identity.ErrTokenInvalid) {
				t.Fatalf("after deactivation: %v", err)
			}
		}
		close(stop)
		wg.Wait()
	})
}
