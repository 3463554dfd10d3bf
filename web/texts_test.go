package web_test

import (
	"io/fs"
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestTextKeys: every text the app's modules ask for by a literal key
// (t('key')) is in i18n.js in both languages, every key built from a
// prefix (t('system_' + s)) has at least one text, and the values the
// API answers with (systems, statuses, refusal codes, tie rules) each
// have theirs, so no screen shows a bare key.
func TestTextKeys(t *testing.T) {
	raw, err := os.ReadFile("static/js/i18n.js")
	if err != nil {
		t.Fatal(err)
	}
	entry := regexp.MustCompile(`(?m)(?:^\s+|,\s*)([A-Za-z_][A-Za-z0-9_]*): \[\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*,\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")\s*\]`)
	keys := map[string]bool{}
	for _, m := range entry.FindAllStringSubmatch(string(raw), -1) {
		if len(m[2]) <= 2 || len(m[3]) <= 2 {
			t.Errorf("text %s is empty in a language", m[1])
		}
		keys[m[1]] = true
	}
	if len(keys) < 100 {
		t.Fatalf("read only %d texts from i18n.js", len(keys))
	}
	literal := regexp.MustCompile(`\bt\('([A-Za-z0-9_]+)'\s*[,)]`)
	prefix := regexp.MustCompile(`\bt\('([A-Za-z0-9_]+_)'\s*\+`)
	err = fs.WalkDir(os.DirFS("static/js"), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") {
			return err
		}
		src, err := os.ReadFile("static/js/" + p)
		if err != nil {
			return err
		}
		for _, m := range literal.FindAllStringSubmatch(string(src), -1) {
			if !keys[m[1]] {
				t.Errorf("%s asks for text %q, which i18n.js does not have", p, m[1])
			}
		}
		for _, m := range prefix.FindAllStringSubmatch(string(src), -1) {
			found := false
			for k := range keys {
				found = found || strings.HasPrefix(k, m[1])
			}
			if !found {
				t.Errorf("%s builds texts from %q, and i18n.js has none", p, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The values of the API's enums that the screens name.
	for prefix, values := range map[string][]string{
		"system_":  {"dutch", "school_swiss", "round_robin", "double_round_robin", "knockout", "arena"},
		"tstatus_": {"registration", "running", "finished"},
		"tierule_": {"replay", "armageddon", "teacher"},
		"gstatus_": {"pending", "confirmed"},
		"refusal_": {"invalid", "duplicate", "not_your_game", "warning"},
		"first_":   {"chess", "draughts", "gomoku", "numchess"},
		"second_":  {"chess", "draughts", "gomoku", "numchess"},
		"game_":    {"chess", "draughts", "gomoku", "numchess"},
		"goesOn_":  {"white", "black"},
		"youPlay_": {"white", "black"},
		"tview_":   {"round", "players", "standings", "bracket", "arena"},
		"band_":    {"K1", "G23", "G46"},
		"replay_":  {"first", "prev", "next", "last"},
		"reason_":  {"double_three", "double_four", "overline", "none"},
		"status_":  {"not_started", "struggling", "partial", "overdue", "late", "done"},
		"outcome_": {"correct", "wrong", "partial"},
	} {
		for _, v := range values {
			if !keys[prefix+v] {
				t.Errorf("i18n.js has no text %s%s", prefix, v)
			}
		}
	}
}
