package main

import (
	"context"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// walkthroughScript returns the shell commands of README.md's walk-through
// section, in order, without the block that starts the server.
func walkthroughScript(t *testing.T) string {
	t.Helper()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	start := strings.Index(text, "\n## Walk-through with curl")
	if start < 0 {
		t.Fatal("README.md has no section \"Walk-through with curl\"")
	}
	section := text[start+1:]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	var blocks []string
	for _, m := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllStringSubmatch(section, -1) {
		if strings.Contains(m[1], "./cmd/qixue serve") {
			continue
		}
		blocks = append(blocks, m[1])
	}
	if len(blocks) < 5 {
		t.Fatalf("the walk-through has %d command blocks; expected the whole journey", len(blocks))
	}
	return strings.Join(blocks, "echo\necho '--- next block'\n")
}

// TestReadmeWalkthrough runs every command of the README's walk-through,
// as written, against a fresh server started as the README starts it,
// and checks that each step got what the next one needs and that the
// journey ends as the text says: a wrong answer, a right one, a replay.
func TestReadmeWalkthrough(t *testing.T) {
	for _, tool := range []string{"bash", "curl", "grep", "cut", "head", "date"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed: %v", tool, err)
		}
	}
	addr, _, stop := startServe(t)
	defer stop()
	script := strings.ReplaceAll(walkthroughScript(t), "localhost:8080", addr)
	// Fail on the first failing command and on an empty value that a later
	// command needs.
	script = "set -eu -o pipefail\n" + script + `
for v in TOKEN CLASS CODE NAME PIN STUDENT EXERCISE; do
	[ -n "${!v}" ] || { echo "walk-through left $v empty" >&2; exit 3; }
done
`
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", script)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("walk-through failed: %v\n%s", err, out)
	}
	got := string(out)
	for _, want := range []string{
		`"role":"teacher"`,
		`"role":"student"`,
		`"type":"urn:qixue:problem:unauthenticated"`,
		`"title":"用 9、4 算出 5"`,
		`"outcome":"wrong"`,
		`"outcome":"correct"`,
		`"replayed":true`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("walk-through output lacks %s:\n%s", want, got)
		}
	}
	if strings.Contains(got, `"status":5`) {
		t.Errorf("a server error in the walk-through:\n%s", got)
	}
}
