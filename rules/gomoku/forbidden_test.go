package gomoku

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

type forbiddenCase struct {
	name   string
	board  *Board
	checks map[string]string
}

func readForbiddenCases(t *testing.T, path string) []forbiddenCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []forbiddenCase
	var cur *forbiddenCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "":
			cur = nil
		case strings.HasPrefix(line, "#"):
			if cur == nil {
				cases = append(cases, forbiddenCase{name: strings.TrimSpace(line[1:]), board: &Board{}, checks: map[string]string{}})
				cur = &cases[len(cases)-1]
			}
		default:
			key, val, ok := strings.Cut(line, ":")
			if !ok || cur == nil {
				t.Fatalf("bad line %q", line)
			}
			val = strings.TrimSpace(val)
			switch key {
			case "x", "o":
				c := Black
				if key == "o" {
					c = White
				}
				for _, s := range strings.Fields(val) {
					p, err := ParsePoint(s)
					if err != nil {
						t.Fatalf("%s: %v", cur.name, err)
					}
					if err := cur.board.Put(p, c); err != nil {
						t.Fatalf("%s: %v", cur.name, err)
					}
				}
			default:
				cur.checks[key] = val
			}
		}
	}
	return cases
}

func TestForbiddenCases(t *testing.T) {
	for _, fc := range readForbiddenCases(t, "testdata/forbidden.txt") {
		if len(fc.checks) == 0 {
			continue
		}
		t.Run(fc.name, func(t *testing.T) {
			ref := refFromBoard(fc.board)
			for ps, want := range fc.checks {
				p, err := ParsePoint(ps)
				if err != nil {
					t.Fatal(err)
				}
				got := "allowed"
				if f, ok := fc.board.ExplainForbidden(p); ok {
					got = f.Kind.String()
				}
				if got != want {
					t.Errorf("%s: got %s, want %s (board %s)", ps, got, want, fc.board)
				}
				if r := ref.refForbidden(p.Index()); r != (want != "allowed") {
					t.Errorf("%s: reference checker says forbidden=%v, want %s", ps, r, want)
				}
			}
		})
	}
}

func TestExplainForbidden(t *testing.T) {
	b := &Board{}
	for _, s := range []string{"g8", "i8", "h9", "h10"} {
		p, _ := ParsePoint(s)
		b.Put(p, Black)
	}
	f, ok := b.ExplainForbidden(Tengen)
	if !ok {
		t.Fatal("h8 should be forbidden")
	}
	if got, want := f.String(), "double three: lines g8-i8 and h8-h10"; got != want {
		t.Errorf("reason %q, want %q", got, want)
	}
	if got := f.Err().Code(); got != "forbidden_double_three" {
		t.Errorf("code %q", got)
	}
	if msg := f.Err().Message("zh-CN"); !strings.Contains(msg, "三三禁手") {
		t.Errorf("zh message %q", msg)
	}
}
