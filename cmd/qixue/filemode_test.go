package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRefusesReadableDatabase checks that serve and migrate refuse an
// embedded database file that other users may read, saying how to fix it,
// and that migrate then works after `chmod 600`; a new file is made 0600.
func TestRefusesReadableDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "qixue.db")
	t.Setenv("QIXUE_DATABASE_URL", path)
	t.Setenv("QIXUE_ADDR", "127.0.0.1:0")
	t.Setenv("QIXUE_JWT_SECRET", "")
	ctx := context.Background()
	var out strings.Builder
	if err := run(ctx, []string{"migrate"}, strings.NewReader(""), &out, &out); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("new database: %v, %v; want mode 0600", info.Mode(), err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"serve", "migrate", "seed"} {
		err := run(ctx, []string{cmd}, strings.NewReader(""), &out, &out)
		if err == nil || !strings.Contains(err.Error(), "chmod 600 "+path) {
			t.Errorf("%s on a 0644 database: %v, want a refusal saying chmod 600 %s", cmd, err, path)
		}
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := run(ctx, []string{"migrate"}, strings.NewReader(""), &out, &out); err != nil {
		t.Fatalf("migrate after chmod 600: %v", err)
	}
}
