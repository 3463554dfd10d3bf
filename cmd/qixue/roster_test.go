package main

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/roster"
)

func writeRoster(t *testing.T, dir string, users string) {
	t.Helper()
	files := map[string]string{
		"manifest.csv": "propertyName,value\noneroster.version,1.1\nfile.orgs,bulk\nfile.users,bulk\nfile.classes,bulk\nfile.enrollments,bulk\n",
		"orgs.csv":     "sourcedId,name,type\ns1,CLI Primary,school\n",
		"users.csv":    "sourcedId,orgSourcedIds,role,username,givenName,familyName\n" + users,
		"classes.csv":  "sourcedId,title,grades,schoolSourcedId\nc1,Chess 1A,01,s1\n",
		"enrollments.csv": "sourcedId,classSourcedId,userSourcedId,role\n" +
			"e1,c1,t1,teacher\ne2,c1,u1,student\n",
	}
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRosterImportCommand(t *testing.T) {
	t.Setenv("QIXUE_DATABASE_URL", filepath.Join(t.TempDir(), "cli.db"))
	t.Setenv("QIXUE_BCRYPT_COST", "4")
	dir := t.TempDir()
	writeRoster(t, dir, "t1,s1,teacher,cli.teacher,Wei,Lin\nu1,s1,student,,明,李\n")

	out, stderr, err := runCLI(t, "roster", "import", dir, "--dry-run")
	if err != nil || !strings.Contains(out, "would change") || !strings.Contains(out, "users        created 2, updated 0") {
		t.Fatalf("dry run: %v\n%s%s", err, out, stderr)
	}
	out, stderr, err = runCLI(t, "roster", "import", dir)
	if err != nil || !strings.Contains(out, "enrollments  created 2,") {
		t.Fatalf("import: %v\n%s%s", err, out, stderr)
	}
	out, _, err = runCLI(t, "roster", "import", dir)
	if err != nil || !strings.Contains(out, "users        created 0, updated 0, deactivated 0, unchanged 2") {
		t.Fatalf("re-import: %v\n%s", err, out)
	}

	writeRoster(t, dir, "t1,s1,teacher,cli.teacher,Wei,Lin\nu1,s1,pupil,,明,李\n")
	_, stderr, err = runCLI(t, "roster", "import", dir)
	var code exitError
	if !errors.As(err, &code) || code != 1 || !strings.Contains(stderr, "users.csv:3: column role: unknown_role") {
		t.Fatalf("invalid import: %v\n%s", err, stderr)
	}
	// Every problem of every file at once: an enrollment of an unknown class too.
	os.WriteFile(filepath.Join(dir, "enrollments.csv"), []byte("sourcedId,classSourcedId,userSourcedId,role\ne1,c1,t1,teacher\ne2,c9,t1,teacher\n"), 0o600)
	_, stderr, err = runCLI(t, "roster", "import", dir)
	if !errors.As(err, &code) || code != 1 || !strings.Contains(stderr, "users.csv:3: column role: unknown_role") ||
		!strings.Contains(stderr, "enrollments.csv:3: column classSourcedId: unknown_class") {
		t.Fatalf("invalid import, two files: %v\n%s", err, stderr)
	}
	if _, _, err := runCLI(t, "roster", "import"); !errors.As(err, &code) || code != 2 {
		t.Errorf("no path: %v", err)
	}
}

// TestRosterWorkerLifecycle: the worker serve starts requeues a job a
// crashed process left running, runs it, and stops when asked.
func TestRosterWorkerLifecycle(t *testing.T) {
	url := filepath.Join(t.TempDir(), "worker.db")
	t.Setenv("QIXUE_DATABASE_URL", url)
	cfg, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	db, _, err := openMigrated(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer models.Close(db)
	svc, err := newIdentityService(cfg, db, []byte(identity.NewSecret()))
	if err != nil {
		t.Fatal(err)
	}
	im := newImporter(cfg, db, svc)
	dir := t.TempDir()
	writeRoster(t, dir, "t1,s1,teacher,cli.teacher,Wei,Lin\nu1,s1,student,,明,李\n")
	src, err := roster.ReadPath(dir, im.Limits())
	if err != nil {
		t.Fatal(err)
	}
	data, err := src.Zip()
	if err != nil {
		t.Fatal(err)
	}
	root := domain.Principal{Role: domain.RolePlatformAdmin}
	job, err := im.Submit(ctx, root, "r.zip", data, false)
	if err != nil {
		t.Fatal(err)
	}
	// A previous process claimed it and died.
	if _, _, ok, err := models.NewRosterStore(db).ClaimJob(ctx, time.Now()); !ok || err != nil {
		t.Fatal(ok, err)
	}
	stop := startRosterWorker(ctx, cfg, im, slog.New(slog.DiscardHandler))
	deadline := time.Now().Add(20 * time.Second)
	for {
		j, err := im.Job(ctx, root, job.ID)
		if err != nil {
			t.Fatal(err)
		}
		if j.Status == roster.JobSucceeded {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("job not finished: %+v", j)
		}
		time.Sleep(20 * time.Millisecond)
	}
	stop()
}

// TestRosterImportLink: with --school alone the seeded school (no org)
// cannot take the files' org; --link, run by the operator, links it, and
// after that the school's own imports work.
func TestRosterImportLink(t *testing.T) {
	url := filepath.Join(t.TempDir(), "link.db")
	t.Setenv("QIXUE_DATABASE_URL", url)
	t.Setenv("QIXUE_BCRYPT_COST", "4")
	if _, stderr, err := runCLI(t, "seed"); err != nil {
		t.Fatalf("seed: %v %s", err, stderr)
	}
	cfg, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	db, _, err := openMigrated(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	var school string
	db.Raw("SELECT id FROM schools").Scan(&school)
	models.Close(db)
	dir := t.TempDir()
	writeRoster(t, dir, "t1,s1,teacher,cli.teacher,Wei,Lin\nu1,s1,student,,明,李\n")

	var code exitError
	_, stderr, err := runCLI(t, "roster", "import", dir, "--school", school)
	if !errors.As(err, &code) || code != 1 || !strings.Contains(stderr, "orgs.csv:2: column sourcedId: unlinked_org") {
		t.Fatalf("school admin's import of an unlinked org: %v\n%s", err, stderr)
	}
	if _, _, err := runCLI(t, "roster", "import", dir, "--link"); !errors.As(err, &code) || code != 2 {
		t.Errorf("--link without --school: %v", err)
	}
	out, stderr, err := runCLI(t, "roster", "import", dir, "--school", school, "--link")
	if err != nil || !strings.Contains(out, "schools      created 0, updated 1") || !strings.Contains(out, "users        created 2,") {
		t.Fatalf("linking import: %v\n%s%s", err, out, stderr)
	}
	out, stderr, err = runCLI(t, "roster", "import", dir, "--school", school)
	if err != nil || !strings.Contains(out, "users        created 0, updated 0, deactivated 0, unchanged 2") {
		t.Fatalf("school's import after linking: %v\n%s%s", err, out, stderr)
	}
}
