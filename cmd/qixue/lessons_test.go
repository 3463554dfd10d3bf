package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"qixue/lessons"
	"qixue/models"
)

func TestLessonsCheck(t *testing.T) {
	out, stderr, err := runCLI(t, "lessons", "check", "../../lessons/testdata/good")
	if err != nil {
		t.Fatalf("good content: %v\n%s", err, stderr)
	}
	if !strings.Contains(out, "2 curricula, 3 units, 3 lessons, 9 exercise blocks") {
		t.Errorf("summary = %q", out)
	}

	out, stderr, err = runCLI(t, "lessons", "check", "../../lessons/testdata/bad")
	if code, ok := err.(exitError); !ok || code != 1 {
		t.Fatalf("bad content: err = %v, want exit status 1", err)
	}
	for _, want := range []string{
		"numchess/k1.json: $.units[0].lessons[0].blocks[3].exercise: exercise \"numchess/no-such-001\" is not in the bank",
		"broken.json: $: ",
		"16 problem(s)",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if out != "" {
		t.Errorf("stdout = %q", out)
	}

	if _, _, err := runCLI(t, "lessons", "check", "no/such/dir"); err != exitError(2) {
		t.Errorf("missing folder: err = %v", err)
	}
	if _, _, err := runCLI(t, "lessons", "check", "a", "b"); err != exitError(2) {
		t.Errorf("two folders: err = %v", err)
	}
	if _, stderr, err := runCLI(t, "lessons", "check"); err != nil {
		t.Errorf("built-in content: %v\n%s", err, stderr)
	}
}

// TestMigrateLoadsCurricula checks that migrate stores every built-in
// curriculum and lesson, and that a second migrate changes nothing.
func TestMigrateLoadsCurricula(t *testing.T) {
	builtIn, err := lessons.BuiltIn()
	if err != nil {
		t.Fatal(err)
	}
	wantLessons := 0
	for _, c := range builtIn {
		for _, u := range c.Units {
			wantLessons += len(u.Lessons)
		}
	}
	url := "sqlite://" + filepath.Join(t.TempDir(), "q.db")
	t.Setenv("QIXUE_DATABASE_URL", url)
	for range 2 {
		if _, stderr, err := runCLI(t, "migrate"); err != nil {
			t.Fatalf("migrate: %v\n%s", err, stderr)
		}
	}
	db, err := models.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	defer models.Close(db)
	var curricula, stored, retired int64
	db.Table("curricula").Count(&curricula)
	db.Table("lessons").Where("retired_at IS NULL").Count(&stored)
	db.Table("lessons").Where("retired_at IS NOT NULL").Count(&retired)
	if int(curricula) != len(builtIn) || int(stored) != wantLessons || retired != 0 {
		t.Errorf("stored %d curricula and %d lessons (%d retired), want %d and %d", curricula, stored, retired, len(builtIn), wantLessons)
	}
	res, err := lessons.NewService(models.NewLessonStore(db), nil, nil).LoadBuiltIn(context.Background())
	if err != nil || res.Inserted != 0 || res.Updated != 0 || res.Unchanged != len(builtIn) {
		t.Errorf("a third load = %+v, %v", res, err)
	}
}
