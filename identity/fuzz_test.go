package identity_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"qixue/identity"
)

// FuzzAuthenticate checks that arbitrary token strings never authenticate
// and are refused with a token error, never a panic.
func FuzzAuthenticate(f *testing.F) {
	f.Add("")
	f.Add("a.b.c")
	f.Add("eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwicm9sZSI6InRlYWNoZXIifQ.")
	f.Add("eyJhbGciOiJIUzI1NiJ9.e30.AAAA")
	f.Add(strings.Repeat("A", 300))
	svc, err := identity.NewService(nil, identity.Config{Secret: []byte(secret), Now: func() time.Time { return time.Unix(1.8e9, 0) }})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, token string) {
		p, err := svc.Authenticate(t.Context(), token)
		if err == nil {
			t.Fatalf("token %q authenticated as %+v", token, p)
		}
		if !errors.Is(err, identity.ErrTokenInvalid) && !errors.Is(err, identity.ErrTokenExpired) {
			t.Fatalf("token %q: %v", token, err)
		}
	})
}
