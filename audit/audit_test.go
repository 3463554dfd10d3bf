package audit_test

import (
	"errors"
	"testing"
	"time"

	"qixue/audit"
)

// TestCursorRoundTrip: a cursor reads back as written; malformed ones are
// validation errors naming cursor.
func TestCursorRoundTrip(t *testing.T) {
	c := audit.Cursor{At: time.Date(2026, 3, 1, 8, 30, 0, 123456000, time.UTC), ID: "01a23232-eb52-769c-9019-592d002b96eb"}
	got, err := audit.ParseCursor(c.String())
	if err != nil || !got.At.Equal(c.At) || got.ID != c.ID {
		t.Fatalf("ParseCursor(%q) = %+v, %v", c.String(), got, err)
	}
	for _, bad := range []string{"", "garbage", "2026-03-01T08:30:00Z", "2026-03-01T08:30:00Z not-a-uuid", "yesterday " + c.ID} {
		var ve *audit.ValidationError
		if _, err := audit.ParseCursor(bad); !errors.As(err, &ve) || ve.Field != "cursor" {
			t.Errorf("ParseCursor(%q) = %v, want a cursor validation error", bad, err)
		}
	}
}

// TestParseAction: every listed action parses; others name the field.
func TestParseAction(t *testing.T) {
	for _, a := range audit.Actions {
		if got, err := audit.ParseAction(string(a)); err != nil || got != a {
			t.Errorf("ParseAction(%q) = %q, %v", a, got, err)
		}
	}
	var ve *audit.ValidationError
	if _, err := audit.ParseAction("pin"); !errors.As(err, &ve) || ve.Field != "action" {
		t.Errorf("ParseAction(pin) = %v", err)
	}
}
