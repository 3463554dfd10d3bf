package main

import (
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"testing"

	"qixue/games"
	"qixue/rules/record"
)

func TestParseSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int64
	}{
		{"1048576", 1 << 20}, {"64MiB", 64 << 20}, {"64mib", 64 << 20}, {" 512 KiB ", 512 << 10}, {"2GiB", 2 << 30},
		{"1GB", 1e9}, {"3kB", 3000}, {"5MB", 5e6}, {"100B", 100}, {"1b", 1},
	} {
		if got, err := parseSize(c.in); err != nil || got != c.want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"", "0", "-1MiB", "+1MiB", "MiB", "1.5MiB", "64 MiBs", "64iB", "1TB", "0x10", "9223372036854775807KiB", "9223372036854775808"} {
		if n, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) = %d, want an error", in, n)
		}
	}
}

func TestFormatSize(t *testing.T) {
	for n, want := range map[int64]string{64 << 20: "64MiB", 200 << 20: "200MiB", 1 << 30: "1GiB", 3 << 10: "3KiB", 1536: "1536B", 1000: "1000B"} {
		if got := formatSize(n); got != want {
			t.Errorf("formatSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// FuzzParseSize: accepted sizes are positive and survive formatSize.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"64MiB", "1GB", "100", " 2 kib", "-1", "9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := parseSize(s)
		if err != nil {
			return
		}
		if n <= 0 {
			t.Fatalf("parseSize(%q) = %d", s, n)
		}
		if m, err := parseSize(formatSize(n)); err != nil || m != n {
			t.Fatalf("parseSize(formatSize(%d)) = %d, %v", n, m, err)
		}
	})
}

func TestRosterLimitsConfig(t *testing.T) {
	t.Setenv("QIXUE_DATABASE_URL", filepath.Join(t.TempDir(), "limits.db"))
	t.Setenv("QIXUE_BCRYPT_COST", "4")
	cfg, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if l := cfg.rosterLimits(); l.MaxUpload != 64<<20 || l.MaxUncompressed != 200<<20 {
		t.Errorf("default limits %+v, want 64 MiB and 200 MiB", l)
	}
	logged := fmt.Sprintln(cfg.logAttrs()...)
	if !strings.Contains(logged, "roster_max_upload 64MiB") || !strings.Contains(logged, "roster_max_unpacked 200MiB") {
		t.Errorf("start-up log lacks the roster limits: %s", logged)
	}

	t.Setenv("QIXUE_ROSTER_MAX_UPLOAD", "8MiB")
	t.Setenv("QIXUE_ROSTER_MAX_UNPACKED", "100B")
	if cfg, err = loadConfig(); err != nil {
		t.Fatal(err)
	}
	if l := cfg.rosterLimits(); l.MaxUpload != 8<<20 || l.MaxUncompressed != 100 {
		t.Errorf("limits %+v, want 8 MiB and 100 B", l)
	}
	if logged := fmt.Sprintln(cfg.logAttrs()...); !strings.Contains(logged, "roster_max_upload 8MiB") || !strings.Contains(logged, "roster_max_unpacked 100B") {
		t.Errorf("start-up log lacks the roster limits: %s", logged)
	}
	// The CLI import obeys the configured limit: the roster is larger.
	dir := t.TempDir()
	writeRoster(t, dir, "t1,s1,teacher,cli.teacher,Wei,Lin\nu1,s1,student,,明,李\n")
	_, stderr, err := runCLI(t, "roster", "import", dir, "--dry-run")
	var code exitError
	if !errors.As(err, &code) || code != 1 || !strings.Contains(stderr, "roster_too_large") {
		t.Errorf("import over the limit: %v\n%s", err, stderr)
	}
	t.Setenv("QIXUE_ROSTER_MAX_UNPACKED", "1MiB")
	if out, stderr, err := runCLI(t, "roster", "import", dir, "--dry-run"); err != nil {
		t.Errorf("import under the limit: %v\n%s%s", err, out, stderr)
	}

	for _, bad := range []string{"lots", "0", "-5MiB", "1.5GiB"} {
		t.Setenv("QIXUE_ROSTER_MAX_UPLOAD", bad)
		if _, err := loadConfig(); err == nil || !strings.Contains(err.Error(), "QIXUE_ROSTER_MAX_UPLOAD") {
			t.Errorf("QIXUE_ROSTER_MAX_UPLOAD=%q: %v", bad, err)
		}
	}
}

// TestGameLimitsConfig: the game upload limits have their defaults, are
// set from QIXUE_GAMES_MAX_*, logged at start-up, and refused out of range.
func TestGameLimitsConfig(t *testing.T) {
	cfg, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.GameLimits != games.DefaultLimits() {
		t.Errorf("default game limits %+v", cfg.GameLimits)
	}
	for name, v := range map[string]string{"QIXUE_GAMES_MAX_UPLOAD": "2MiB", "QIXUE_GAMES_MAX_GAMES": "10", "QIXUE_GAMES_MAX_PLIES": "300",
		"QIXUE_GAMES_MAX_VARIATIONS": "5", "QIXUE_GAMES_MAX_DEPTH": "3", "QIXUE_GAMES_MAX_COMMENT_BYTES": "4KiB",
		"QIXUE_GAMES_MAX_TAGS": "20", "QIXUE_GAMES_MAX_TAG_BYTES": "200"} {
		t.Setenv(name, v)
	}
	if cfg, err = loadConfig(); err != nil {
		t.Fatal(err)
	}
	want := games.Limits{UploadBytes: 2 << 20, Read: record.Limits{Games: 10, Plies: 300, Variations: 5, Depth: 3, CommentBytes: 4 << 10, Tags: 20, TagBytes: 200}}
	if cfg.GameLimits != want {
		t.Errorf("game limits %+v, want %+v", cfg.GameLimits, want)
	}
	if logged := fmt.Sprintln(cfg.logAttrs()...); !strings.Contains(logged, "upload=2MiB games=10 plies=300 variations=5 depth=3 comment_bytes=4096 tags=20 tag_bytes=200") {
		t.Errorf("start-up log lacks the game limits: %s", logged)
	}
	for name, bad := range map[string]string{"QIXUE_GAMES_MAX_PLIES": "0", "QIXUE_GAMES_MAX_DEPTH": "deep", "QIXUE_GAMES_MAX_UPLOAD": "2GiB", "QIXUE_GAMES_MAX_TAG_BYTES": "-1"} {
		t.Run(name, func(t *testing.T) {
			t.Setenv(name, bad)
			if _, err := loadConfig(); err == nil || !strings.Contains(err.Error(), name) {
				t.Errorf("%s=%q: %v", name, bad, err)
			}
		})
	}
}

// TestPublicURL: QIXUE_PUBLIC_URL must be an http(s) origin; unset, the
// listening address is the public URL.
func TestPublicURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"https://qixue.example.org", "https://qixue.example.org"},
		{"https://qixue.example.org/", "https://qixue.example.org"},
		{"http://10.0.0.5:8080", "http://10.0.0.5:8080"},
	} {
		if got, err := publicURL(c.in); err != nil || got != c.want {
			t.Errorf("publicURL(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"qixue.example.org", "ftp://x.example", "https://x.example/app", "https://x.example/?a=1",
		"https://x.example/#f", "https://u:p@x.example", "https://", "https://" + strings.Repeat("a", 300) + ".example"} {
		if got, err := publicURL(bad); err == nil {
			t.Errorf("publicURL(%q) = %q, want an error", bad, got)
		}
	}
	for addr, want := range map[string]string{"[::]:8080": "http://localhost:8080", "0.0.0.0:9000": "http://localhost:9000",
		"127.0.0.1:41234": "http://127.0.0.1:41234", "[::1]:80": "http://[::1]:80"} {
		a, err := net.ResolveTCPAddr("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := listenURL(a); got != want {
			t.Errorf("listenURL(%s) = %q, want %q", addr, got, want)
		}
	}
}
