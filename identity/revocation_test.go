package identity

import (
	"testing"
	"time"
)

// TestRevokes: a token issued before its user's revocation, or within the
// revocation's second (iat has whole seconds), is refused; one issued in
// a later second, or of another user, is not.
func TestRevokes(t *testing.T) {
	at := time.Date(2026, 9, 1, 8, 0, 0, 400_000_000, time.UTC)
	rs := &revocationSet{at: map[string]time.Time{"u1": at}}
	for _, tc := range []struct {
		user   string
		issued time.Time
		want   bool
	}{
		{"u1", at.Add(-time.Minute).Truncate(time.Second), true},
		{"u1", at.Truncate(time.Second), true},
		{"u1", at.Truncate(time.Second).Add(time.Second), false},
		{"u2", at.Add(-time.Minute).Truncate(time.Second), false},
	} {
		if got := rs.revokes(tc.user, tc.issued); got != tc.want {
			t.Errorf("revokes(%s, %v) = %v, want %v", tc.user, tc.issued, got, tc.want)
		}
	}
}

// TestRevocationsFresh: a snapshot is used until it is refresh old, and
// read again if the clock went back.
func TestRevocationsFresh(t *testing.T) {
	read := time.Date(2026, 9, 1, 8, 0, 0, 0, time.UTC)
	rs := &revocationSet{read: read}
	for _, tc := range []struct {
		now  time.Time
		want bool
	}{
		{read, true},
		{read.Add(5*time.Second - 1), true},
		{read.Add(5 * time.Second), false},
		{read.Add(-time.Second), false},
	} {
		if got := rs.fresh(tc.now, 5*time.Second); got != tc.want {
			t.Errorf("fresh(%v) = %v, want %v", tc.now, got, tc.want)
		}
	}
	if (*revocationSet)(nil).fresh(read, time.Hour) {
		t.Error("no snapshot is fresh")
	}
}
