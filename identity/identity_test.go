package identity_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

const secret = "identity-test-secret-identity-test-secret"

func newService(t testing.TB, db *gorm.DB, now func() time.Time) *identity.Service {
	t.Helper()
	svc, err := identity.NewService(models.NewIdentityStore(db), identity.Config{Secret: []byte(secret), BcryptCost: bcrypt.MinCost, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func TestParseGrade(t *testing.T) {
	for n := -1; n <= 7; n++ {
		g, err := identity.ParseGrade(n)
		if ok := n >= 0 && n <= 6; ok != (err == nil) {
			t.Errorf("ParseGrade(%d) error = %v", n, err)
		} else if ok && g.Int() != n {
			t.Errorf("ParseGrade(%d).Int() = %d", n, g.Int())
		}
		if err != nil && !errors.Is(err, domain.ErrValidation) {
			t.Errorf("ParseGrade(%d) error %v is not ErrValidation", n, err)
		}
	}
}

func TestParseRole(t *testing.T) {
	for _, r := range []string{"platform_admin", "school_admin", "teacher", "student"} {
		if got, err := domain.ParseRole(r); err != nil || string(got) != r {
			t.Errorf("domain.ParseRole(%q) = %q, %v", r, got, err)
		}
	}
	for _, r := range []string{"", "Teacher", "admin", "student "} {
		if _, err := domain.ParseRole(r); !errors.Is(err, domain.ErrValidation) {
			t.Errorf("domain.ParseRole(%q) error = %v", r, err)
		}
	}
}

func TestNewServiceRefusesShortSecret(t *testing.T) {
	if _, err := identity.NewService(nil, identity.Config{Secret: []byte("too short")}); err == nil {
		t.Fatal("short secret accepted")
	}
}

func TestErrorsMatchSentinels(t *testing.T) {
	err := fmt.Errorf("wrapped: %w", domain.Invalid("name", "required"))
	if !errors.Is(err, domain.ErrValidation) || errors.Is(err, domain.ErrNotFound) {
		t.Fatalf("errors.Is mismatch for %v", err)
	}
	var e *domain.Error
	if !errors.As(err, &e) || e.Code() != "validation_failed" || len(e.Fields()) != 1 {
		t.Fatalf("errors.As: %+v", e)
	}
}

func TestTokensAcrossServices(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		now := time.Now()
		svc := newService(t, db, func() time.Time { return now })
		root := domain.Principal{Role: domain.RolePlatformAdmin}
		sc, err := svc.CreateSchool(ctx, root, identity.SchoolInput{Name: "S"})
		if err != nil {
			t.Fatal(err)
		}
		u, err := svc.CreateUser(ctx, root, identity.NewUser{SchoolID: sc.ID, Role: domain.RoleTeacher, Username: "tea1", RealName: "T", Password: "password-1"})
		if err != nil {
			t.Fatal(err)
		}
		s, err := svc.Login(ctx, identity.Credentials{Username: "TEA1", Password: "password-1"}, "a")
		if err != nil {
			t.Fatal(err)
		}
		// A second replica with the same secret accepts the token.
		other := newService(t, db, func() time.Time { return now.Add(time.Minute) })
		p, err := other.Authenticate(ctx, s.AccessToken)
		if err != nil || p != (domain.Principal{UserID: u.ID, SchoolID: sc.ID, Role: domain.RoleTeacher}) {
			t.Fatalf("Authenticate = %+v, %v", p, err)
		}
		late := newService(t, db, func() time.Time { return now.Add(16 * time.Minute) })
		if _, err := late.Authenticate(ctx, s.AccessToken); !errors.Is(err, identity.ErrTokenExpired) {
			t.Fatalf("expired token: %v", err)
		}
		// The refresh token is shared state too: rotated on one replica, reused on another.
		if _, err := svc.Refresh(ctx, s.RefreshToken); err != nil {
			t.Fatal(err)
		}
		if _, err := other.Refresh(ctx, s.RefreshToken); !errors.Is(err, identity.ErrRefreshReused) {
			t.Fatalf("reuse on another replica: %v", err)
		}
	})
}

func TestCreateStudentsGeneratesCredentials(t *testing.T) {
	ctx := context.Background()
	svc := newService(t, modelstest.SQLite(t), nil)
	root := domain.Principal{Role: domain.RolePlatformAdmin}
	sc, _ := svc.CreateSchool(ctx, root, identity.SchoolInput{Name: "S"})
	c, err := svc.CreateClass(ctx, root, identity.NewClass{SchoolID: sc.ID, Name: "C", Grade: 0})
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, 30)
	for i := range names {
		names[i] = fmt.Sprintf("学生%d", i)
	}
	_, students, err := svc.CreateStudents(ctx, root, c.ID, names)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, s := range students {
		u := s.User
		if seen[u.Username] || len(u.Username) != 7 || u.Username[0] != 's' || len(s.PIN) != 6 || u.Email != "" || u.PINHash == "" || u.PINHash == s.PIN {
			t.Fatalf("bad student %+v pin %q", u, s.PIN)
		}
		seen[u.Username] = true
	}
	if _, err := svc.Login(ctx, identity.Credentials{ClassCode: c.LoginCode, Username: students[3].User.Username, PIN: students[3].PIN}, "a"); err != nil {
		t.Fatalf("PIN login: %v", err)
	}
	if len(c.LoginCode) != 6 {
		t.Errorf("login code %q", c.LoginCode)
	}
}

// TestRateLimitAcrossReplicas checks that failed logins counted by one
// service instance lock the account on another sharing the database.
func TestRateLimitAcrossReplicas(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		r1, r2 := newService(t, db, nil), newService(t, db, nil)
		root := domain.Principal{Role: domain.RolePlatformAdmin}
		sc, _ := r1.CreateSchool(ctx, root, identity.SchoolInput{Name: "S"})
		if _, err := r1.CreateUser(ctx, root, identity.NewUser{SchoolID: sc.ID, Role: domain.RoleTeacher, Username: "tea1", RealName: "T", Password: "password-1"}); err != nil {
			t.Fatal(err)
		}
		for i := range 10 {
			r := []*identity.Service{r1, r2}[i%2]
			if _, err := r.Login(ctx, identity.Credentials{Username: "tea1", Password: "wrong-pass"}, fmt.Sprint("addr", i)); !errors.Is(err, identity.ErrInvalidCredentials) {
				t.Fatalf("attempt %d: %v", i, err)
			}
		}
		for _, r := range []*identity.Service{r1, r2} {
			if _, err := r.Login(ctx, identity.Credentials{Username: "tea1", Password: "password-1"}, "fresh"); !errors.Is(err, identity.ErrRateLimited) {
				t.Errorf("after 10 failures on two replicas: %v", err)
			}
		}
	})
}
