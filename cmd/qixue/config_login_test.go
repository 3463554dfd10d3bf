package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"qixue/domain"
	"qixue/identity"
	"qixue/models/modelstest"
)

// TestLoginLimitsConfig: the login limits and hashing slots are QIXUE_*
// settings with identity's defaults, logged at start, checked, and in
// force in the identity service serve builds (they were identity.Config
// fields only).
func TestLoginLimitsConfig(t *testing.T) {
	t.Setenv("QIXUE_DATABASE_URL", filepath.Join(t.TempDir(), "login.db"))
	cfg, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.LoginWindow != identity.DefaultLimitWindow || cfg.LoginAccountLimit != identity.DefaultAccountLimit ||
		cfg.LoginAddressLimit != identity.DefaultAddressLimit || cfg.HashSlots != identity.DefaultHashSlots() ||
		cfg.HashWait != identity.DefaultHashWait || cfg.ImportHashSlots != identity.DefaultImportSlots(cfg.HashSlots) {
		t.Errorf("defaults %+v", cfg)
	}
	t.Setenv("QIXUE_LOGIN_WINDOW", "2m")
	t.Setenv("QIXUE_LOGIN_ACCOUNT_LIMIT", "2")
	t.Setenv("QIXUE_LOGIN_ADDRESS_LIMIT", "300")
	t.Setenv("QIXUE_HASH_SLOTS", "4")
	t.Setenv("QIXUE_HASH_WAIT", "500ms")
	t.Setenv("QIXUE_IMPORT_HASH_SLOTS", "1")
	if cfg, err = loadConfig(); err != nil {
		t.Fatal(err)
	}
	logged := fmt.Sprintln(cfg.logAttrs()...)
	for _, want := range []string{"login_window 2m0s", "login_account_limit 2", "login_address_limit 300", "hash_slots 4", "hash_wait 500ms", "import_hash_slots 1"} {
		if !strings.Contains(logged, want) {
			t.Errorf("start-up log lacks %q: %s", want, logged)
		}
	}
	// In force: the third wrong password of an account is refused.
	t.Setenv("QIXUE_BCRYPT_COST", "4")
	if cfg, err = loadConfig(); err != nil {
		t.Fatal(err)
	}
	svc, err := newIdentityService(cfg, modelstest.SQLite(t), []byte(strings.Repeat("s", 32)))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	root := domain.Principal{Role: domain.RolePlatformAdmin}
	if _, err := svc.CreateUser(ctx, root, identity.NewUser{Role: domain.RolePlatformAdmin, Username: "root", RealName: "Root", Password: "right-password-1"}); err != nil {
		t.Fatal(err)
	}
	wrong := identity.Credentials{Username: "root", Password: "wrong-password"}
	for i := range 2 {
		if _, err := svc.Login(ctx, wrong, "192.0.2.1"); !errors.Is(err, identity.ErrInvalidCredentials) {
			t.Fatalf("failure %d: %v", i+1, err)
		}
	}
	_, err = svc.Login(ctx, identity.Credentials{Username: "root", Password: "right-password-1"}, "192.0.2.1")
	var ie *domain.Error
	if !errors.As(err, &ie) || !errors.Is(err, identity.ErrRateLimited) || ie.RetryAfter() > 2*time.Minute {
		t.Errorf("after 2 failures with QIXUE_LOGIN_ACCOUNT_LIMIT=2: %v", err)
	}

	for name, bad := range map[string]string{
		"QIXUE_LOGIN_ACCOUNT_LIMIT": "0", "QIXUE_LOGIN_ADDRESS_LIMIT": "x", "QIXUE_HASH_SLOTS": "-1",
		"QIXUE_HASH_WAIT": "soon", "QIXUE_LOGIN_WINDOW": "0s", "QIXUE_IMPORT_HASH_SLOTS": "5", // more than the 4 hash slots
	} {
		t.Run(name, func(t *testing.T) {
			t.Setenv(name, bad)
			if _, err := loadConfig(); err == nil || !strings.Contains(err.Error(), name) {
				t.Errorf("%s=%s: %v", name, bad, err)
			}
		})
	}
}
