package domain

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

func TestErrorCopiesMatchTheirSentinel(t *testing.T) {
	sentinel := NewError("round_incomplete")
	err := fmt.Errorf("pairing: %w", sentinel.WithArgs(3, "1, 2").WithFields(FieldError{Field: "round", Code: "open"}))
	if !errors.Is(err, sentinel) {
		t.Fatal("a wrapped copy does not match its sentinel")
	}
	if errors.Is(err, ErrNotFound) {
		t.Fatal("a copy matches another code")
	}
	e, ok := As(err)
	if !ok || e.Code() != "round_incomplete" || len(e.Args()) != 2 || e.Fields()[0].Field != "round" {
		t.Fatalf("As = %v, %v", e, ok)
	}
	if sentinel.Args() != nil || sentinel.Fields() != nil {
		t.Fatal("With changed the sentinel")
	}
	if got := CodeOf(errors.New("plain")); got != "" {
		t.Fatalf("CodeOf(plain) = %q", got)
	}
	if d := ErrUnavailable.WithRetryAfter(time.Second).RetryAfter(); d != time.Second {
		t.Fatalf("RetryAfter = %v", d)
	}
}

func TestFieldErrors(t *testing.T) {
	var v FieldErrors
	if v.Err() != nil {
		t.Fatal("no fields, yet an error")
	}
	v.Add("name", "required")
	e, ok := As(v.Err())
	if !ok || !errors.Is(e, ErrValidation) || len(e.Fields()) != 1 || e.Error() != "validation_failed: name required;" {
		t.Fatalf("Err = %v", e)
	}
}

func TestPageAndPrincipal(t *testing.T) {
	if p := (Page{}).Normalized(); p.Limit != DefaultPageLimit {
		t.Fatalf("zero page limit %d", p.Limit)
	}
	if p := (Page{Limit: 10_000}).Normalized(); p.Limit != MaxPageLimit {
		t.Fatalf("large page limit %d", p.Limit)
	}
	admin := Principal{UserID: "u", SchoolID: "s", Role: RolePlatformAdmin}
	teacher := Principal{UserID: "t", SchoolID: "s", Role: RoleTeacher}
	if admin.SchoolScope() != "" || teacher.SchoolScope() != "s" || !teacher.Staff() || (Principal{Role: RoleStudent}).Staff() {
		t.Fatal("scope or staff wrong")
	}
	if _, err := ParseRole("boss"); !errors.Is(err, ErrValidation) {
		t.Fatalf("ParseRole(boss) = %v", err)
	}
	if (Text{ZH: "你好"}).In("en") != "你好" || (Text{ZH: "你好", EN: "hi"}).In("en") != "hi" || (Text{ZH: "你好", EN: "hi"}).In("zh-CN") != "你好" {
		t.Fatal("Text.In")
	}
}
