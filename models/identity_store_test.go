package models_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

var ctx = context.Background()

func id() string { return uuid.Must(uuid.NewV7()).String() }

func mustSchool(t *testing.T, s *models.IdentityStore) identity.School {
	t.Helper()
	now := time.Now().UTC()
	sc := identity.School{ID: id(), Name: "S", CreatedAt: now, UpdatedAt: now}
	if err := s.CreateSchool(ctx, sc); err != nil {
		t.Fatal(err)
	}
	return sc
}

func mustUser(t *testing.T, s *models.IdentityStore, school string, role domain.Role, name string) identity.User {
	t.Helper()
	now := time.Now().UTC()
	u := identity.User{ID: id(), SchoolID: school, Role: role, Username: name, RealName: name, CreatedAt: now, UpdatedAt: now}
	if err := s.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	return u
}

func TestMigrateIdempotent(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewIdentityStore(db)
		sc := mustSchool(t, s)
		if models.IsNew(db) {
			t.Fatal("migrated database reported new")
		}
		for range 2 {
			if err := models.Migrate(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.School(ctx, identity.Scope{}, sc.ID); err != nil {
			t.Fatalf("data lost by migrate: %v", err)
		}
	})
}

func TestStoreTranslatesErrors(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewIdentityStore(db)
		a, b := mustSchool(t, s), mustSchool(t, s)
		u := mustUser(t, s, a.ID, domain.RoleTeacher, "dup")
		now := time.Now().UTC()
		err := s.CreateUser(ctx, identity.User{ID: id(), SchoolID: b.ID, Role: domain.RoleTeacher, Username: "dup", RealName: "x", CreatedAt: now, UpdatedAt: now})
		if !errors.Is(err, identity.ErrUsernameTaken) {
			t.Errorf("duplicate username: %v", err)
		}
		if _, err := s.User(ctx, identity.Scope{SchoolID: b.ID}, u.ID); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("other school's user: %v", err)
		}
		if _, err := s.User(ctx, identity.Scope{SchoolID: a.ID}, u.ID); err != nil {
			t.Errorf("own school's user: %v", err)
		}
		if _, err := s.User(ctx, identity.Scope{}, "not-a-uuid"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("malformed id: %v", err)
		}
		if _, err := s.School(ctx, identity.Scope{SchoolID: a.ID}, b.ID); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("other school: %v", err)
		}
		if err := s.DeleteSchool(ctx, a.ID); !errors.Is(err, identity.ErrSchoolNotEmpty) {
			t.Errorf("delete non-empty school: %v", err)
		}
		c := identity.Class{ID: id(), SchoolID: a.ID, Name: "c", LoginCode: "AAAAAA", CreatedAt: now, UpdatedAt: now}
		if err := s.CreateClass(ctx, c, []string{u.ID}); err != nil {
			t.Fatal(err)
		}
		c2 := c
		c2.ID = id()
		if err := s.CreateClass(ctx, c2, nil); !errors.Is(err, identity.ErrConflict) {
			t.Errorf("duplicate login code: %v", err)
		}
		if err := s.Enroll(ctx, identity.Enrollment{ClassID: c.ID, UserID: u.ID, SchoolID: a.ID, Role: domain.RoleTeacher, CreatedAt: now}, ""); !errors.Is(err, identity.ErrConflict) {
			t.Errorf("duplicate enrollment: %v", err)
		}
		if err := s.DeleteClass(ctx, identity.Scope{SchoolID: b.ID}, c.ID); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("delete other school's class: %v", err)
		}
	})
}

func TestStudentsAndTeaches(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewIdentityStore(db)
		a := mustSchool(t, s)
		teacher := mustUser(t, s, a.ID, domain.RoleTeacher, "t")
		now := time.Now().UTC()
		c := identity.Class{ID: id(), SchoolID: a.ID, Name: "c", LoginCode: "BBBBBB", CreatedAt: now, UpdatedAt: now}
		if err := s.CreateClass(ctx, c, []string{teacher.ID}); err != nil {
			t.Fatal(err)
		}
		st := []identity.User{
			{ID: id(), SchoolID: a.ID, Role: domain.RoleStudent, Username: "s1", RealName: "一", CreatedAt: now, UpdatedAt: now},
			{ID: id(), SchoolID: a.ID, Role: domain.RoleStudent, Username: "s2", RealName: "二", CreatedAt: now, UpdatedAt: now},
		}
		if err := s.CreateStudents(ctx, c.ID, st); err != nil {
			t.Fatal(err)
		}
		// A clash rolls the whole batch back.
		clash := []identity.User{
			{ID: id(), SchoolID: a.ID, Role: domain.RoleStudent, Username: "s3", RealName: "三", CreatedAt: now, UpdatedAt: now},
			{ID: id(), SchoolID: a.ID, Role: domain.RoleStudent, Username: "s1", RealName: "x", CreatedAt: now, UpdatedAt: now},
		}
		if err := s.CreateStudents(ctx, c.ID, clash); !errors.Is(err, identity.ErrUsernameTaken) {
			t.Fatalf("clash: %v", err)
		}
		if _, err := s.UserByUsername(ctx, "s3"); !errors.Is(err, domain.ErrNotFound) {
			t.Errorf("partial batch committed: %v", err)
		}
		ok, err := s.Teaches(ctx, teacher.ID, st[1].ID)
		if err != nil || !ok {
			t.Errorf("Teaches = %v, %v", ok, err)
		}
		if ok, _ := s.Teaches(ctx, st[0].ID, st[1].ID); ok {
			t.Error("a student teaches")
		}
		// By name in pinyin: 二 (er) before 一 (yi).
		page, err := s.Users(ctx, identity.Scope{SchoolID: a.ID}, identity.UserQuery{TaughtBy: teacher.ID}, domain.Page{Limit: 1})
		if err != nil || len(page) != 2 || page[0].ID != st[1].ID {
			t.Fatalf("page 1: %v %v", page, err)
		}
		page, err = s.Users(ctx, identity.Scope{SchoolID: a.ID}, identity.UserQuery{TaughtBy: teacher.ID}, domain.Page{After: identity.UserCursor(page[0]), Limit: 1})
		if err != nil || len(page) != 1 || page[0].ID != st[0].ID {
			t.Fatalf("page 2: %v %v", page, err)
		}
	})
}

func TestRefreshRotationIsAtomic(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewIdentityStore(db)
		a := mustSchool(t, s)
		u := mustUser(t, s, a.ID, domain.RoleTeacher, "t")
		now := time.Now().UTC().Truncate(time.Microsecond)
		first := identity.RefreshToken{ID: id(), FamilyID: id(), UserID: u.ID, Hash: "h0", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := s.CreateRefreshToken(ctx, first); err != nil {
			t.Fatal(err)
		}
		const n = 8
		var wg sync.WaitGroup
		results := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				next := identity.RefreshToken{ID: id(), Hash: "h" + string(rune('a'+i)), CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
				_, results[i] = s.RotateRefreshToken(ctx, "h0", next, now)
			}()
		}
		wg.Wait()
		// One rotation wins; the others see a used token (and revoke the
		// family) or an already revoked one.
		wins, reused := 0, 0
		for _, err := range results {
			switch {
			case err == nil:
				wins++
			case errors.Is(err, identity.ErrRefreshReused):
				reused++
			case errors.Is(err, identity.ErrTokenInvalid):
			default:
				t.Errorf("rotation: %v", err)
			}
		}
		if wins != 1 || reused == 0 {
			t.Fatalf("%d concurrent rotations of one token succeeded (want 1), %d saw reuse", wins, reused)
		}
		// Every loser reused the token, so the whole family is revoked:
		// even the winner's new token no longer works.
		for i := range n {
			if results[i] == nil {
				_, err := s.RotateRefreshToken(ctx, "h"+string(rune('a'+i)), identity.RefreshToken{ID: id(), Hash: "z", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}, now)
				if !errors.Is(err, identity.ErrTokenInvalid) {
					t.Errorf("winner's token after family revocation: %v", err)
				}
			}
		}
	})
}

func TestSettingKeepsFirstValue(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		v1, err := models.Setting(ctx, db, "k", func() string { return "one" })
		if err != nil || v1 != "one" {
			t.Fatalf("first = %q, %v", v1, err)
		}
		v2, err := models.Setting(ctx, db, "k", func() string { return "two" })
		if err != nil || v2 != "one" {
			t.Fatalf("second = %q, %v", v2, err)
		}
	})
}

func TestSQLitePath(t *testing.T) {
	for in, want := range map[string]string{
		"":                   models.DefaultDatabase,
		"sqlite:///var/q.db": "/var/q.db",
		"sqlite://rel.db":    "rel.db",
		"data/qixue.db":      "data/qixue.db",
	} {
		if got := models.SQLitePath(in); got != want {
			t.Errorf("SQLitePath(%q) = %q, want %q", in, got, want)
		}
	}
	if !models.IsPostgres("postgresql://h/db") || models.IsPostgres("sqlite:///x") {
		t.Error("IsPostgres")
	}
}

func TestDeleteExpiredRefreshTokens(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewIdentityStore(db)
		a := mustSchool(t, s)
		u := mustUser(t, s, a.ID, domain.RoleTeacher, "t")
		now := time.Now().UTC().Truncate(time.Microsecond)
		for i, exp := range []time.Duration{-time.Hour, time.Hour} {
			tok := identity.RefreshToken{ID: id(), FamilyID: id(), UserID: u.ID, Hash: fmt.Sprint("h", i), CreatedAt: now, ExpiresAt: now.Add(exp)}
			if err := s.CreateRefreshToken(ctx, tok); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.DeleteExpiredRefreshTokens(ctx, u.ID, now); err != nil {
			t.Fatal(err)
		}
		next := identity.RefreshToken{ID: id(), Hash: "n", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if _, err := s.RotateRefreshToken(ctx, "h0", next, now); !errors.Is(err, identity.ErrTokenInvalid) {
			t.Errorf("expired token still stored: %v", err)
		}
		if _, err := s.RotateRefreshToken(ctx, "h1", next, now); err != nil {
			t.Errorf("live token deleted: %v", err)
		}
	})
}

// TestUsersByPinyin: user lists are ordered by real name in pinyin order
// (Latin names first, alphabetically), pages follow that order across
// page boundaries on both databases, and Migrate fills the sort keys of
// users stored without them (a database from before they existed).
func TestUsersByPinyin(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewIdentityStore(db)
		sc := mustSchool(t, s)
		names := []string{"刘", "孙", "张", "李", "王", "赵", "陈", "bob", "Anna", "Zoe", "张三", "欧阳娜娜", "李"}
		for i, n := range names {
			mustUser(t, s, sc.ID, domain.RoleStudent, fmt.Sprintf("u%02d", i))
			if err := db.Exec("UPDATE users SET real_name = ?, sort_key = ? WHERE username = ?", n, identity.NameSortKey(n), fmt.Sprintf("u%02d", i)).Error; err != nil {
				t.Fatal(err)
			}
		}
		want := []string{"Anna", "bob", "Zoe", "陈", "李", "李", "刘", "欧阳娜娜", "孙", "王", "张", "张三", "赵"}
		list := func() []string {
			t.Helper()
			var got []string
			var ids []string
			page := domain.Page{Limit: 3}
			for {
				batch, err := s.Users(ctx, identity.Scope{SchoolID: sc.ID}, identity.UserQuery{}, page)
				if err != nil {
					t.Fatal(err)
				}
				more := len(batch) > page.Limit
				if more {
					batch = batch[:page.Limit]
				}
				for _, u := range batch {
					got, ids = append(got, u.RealName), append(ids, u.ID)
				}
				if !more {
					break
				}
				page.After = identity.UserCursor(batch[len(batch)-1])
			}
			if len(ids) != len(names) {
				t.Fatalf("listed %d users, want %d", len(ids), len(names))
			}
			if ids[4] > ids[5] { // the two 李, by ID
				t.Errorf("equal names not in ID order: %v %v", got[4:6], ids[4:6])
			}
			return got
		}
		if got := list(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("by name, 3 a page:\n got %v\nwant %v", got, want)
		}
		// A database from before the keys: Migrate computes them.
		if err := db.Exec("UPDATE users SET sort_key = ''").Error; err != nil {
			t.Fatal(err)
		}
		if err := db.Exec("DELETE FROM settings WHERE name = 'name_sort_version'").Error; err != nil {
			t.Fatal(err)
		}
		if err := models.Migrate(ctx, db); err != nil {
			t.Fatal(err)
		}
		if got := list(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("after the backfill:\n got %v\nwant %v", got, want)
		}
	})
}
