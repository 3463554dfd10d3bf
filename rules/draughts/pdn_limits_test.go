package draughts

import (
	"errors"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"
	"time"

	"qixue/rules/record"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuBound fails the test when f takes more than max of CPU time: the
// reader and the writer are linear, so inputs that were quadratic (the
// security review's F2) take a small fraction of it.
func cpuBound(t *testing.T, max time.Duration, f func()) {
	t.Helper()
	start := cpuTime()
	f()
	if used := cpuTime() - start; used > max {
		t.Fatalf("took %v of CPU, want at most %v: not linear", used, max)
	}
}

// F2 of the security review: 125,000 nested "(32-28 " cost 215 s of CPU
// (20,000 levels 4.1 s, 40,000 21.8 s): every level rescanned the rest of
// the text. Reading, writing and reading back are now linear, on
// explicit stacks (the Go stack is held to 16 MiB here).
func TestPDNNestedVariationsLinear(t *testing.T) {
	old := debug.SetMaxStack(16 << 20)
	defer debug.SetMaxStack(old)
	const depth = 125000
	text := "1. 32-28 " + strings.Repeat("(32-28 ", depth) + strings.Repeat(")", depth) + " *"
	cpuBound(t, 5*time.Second, func() {
		g, err := ParsePDN(text)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for v := g.Variations(1); len(v) > 0; v = v[0].Moves[0].Variations {
			n++
		}
		if n != depth {
			t.Fatalf("nesting read %d deep, want %d", n, depth)
		}
		out := g.PDN()
		back, err := ParsePDN(out)
		if err != nil || back.PDN() != out {
			t.Fatalf("export does not read back: %v", err)
		}
	})
	// Unclosed: refused, in linear time.
	cpuBound(t, 2*time.Second, func() {
		if _, err := ParsePDN("1. 32-28 " + strings.Repeat("(32-28 ", depth) + " *"); err == nil {
			t.Fatal("unclosed variations read")
		}
	})
	// The limited reader stops at the depth limit.
	_, err := ReadPDNGames(text, record.DefaultLimits())
	var le *record.LimitError
	if !errors.As(err, &le) || le.Limit != record.LimitDepth || le.Game != 1 || le.Ply != 1 {
		t.Fatalf("ReadPDNGames: %v", err)
	}
}

// Many comments at one move cost their length, not its square.
func TestPDNManyCommentsLinear(t *testing.T) {
	text := "1. 32-28 " + strings.Repeat("{c}", 1<<20) + " (31-27 " + strings.Repeat("{c}", 1<<20) + ") *"
	cpuBound(t, 3*time.Second, func() {
		g, err := ParsePDN(text)
		if err != nil || len(g.Comment(1)) != 2<<20-1 || len(g.Variations(1)[0].Moves[0].Comment) != 2<<20-1 {
			t.Fatalf("%v", err)
		}
	})
}

func TestPDNLimits(t *testing.T) {
	lim := record.Limits{Games: 2, Plies: 4, Variations: 3, Depth: 2, CommentBytes: 20, Tags: 3, TagBytes: 30}
	tests := []struct {
		name, text  string
		limit       string
		game, ply   int
		gamesBefore int
	}{
		{"within", "[Event \"x\"]\n1. 32-28 {ab} (31-27 (33-29)) 19-23 *", "", 0, 0, 1},
		{"games", "1. 32-28 *\n\n1. 31-27 *\n\n1. 33-29 *", record.LimitGames, 3, 0, 2},
		{"bad games count", "1. 32-28 *\n\n1. 1-2 *\n\n1. 33-29 *", record.LimitGames, 3, 0, 2},
		{"plies", "1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *", record.LimitPlies, 1, 5, 0},
		{"plies with variations", "1. 32-28 (31-27 19-23 2. 37-31 14-19) 19-23 *", record.LimitPlies, 1, 1, 0},
		{"variations", "1. 32-28 (31-27) (33-29) (34-29) (34-30) *", record.LimitVariations, 1, 1, 0},
		{"dropped variations count", "(31-27) (33-29) (34-29) (34-30) 1. 32-28 *", record.LimitVariations, 1, 0, 0},
		{"depth", "1. 32-28 (31-27 (33-29 (34-29))) *", record.LimitDepth, 1, 1, 0},
		{"comment bytes", "1. 32-28 {0123456789} 19-23 {0123456789} *", record.LimitCommentBytes, 1, 2, 0},
		{"comments in variations", "1. 32-28 (31-27 {0123456789} 19-23 {0123456789}) *", record.LimitCommentBytes, 1, 1, 0},
		{"line comments", "1. 32-28 ; 0123456789\n 19-23 ; 0123456789\n*", record.LimitCommentBytes, 1, 2, 0},
		{"tags", "[A \"1\"]\n[B \"2\"]\n[C \"3\"]\n[D \"4\"]\n1. 32-28 *", record.LimitTags, 1, 0, 0},
		{"tag bytes", "[Event \"" + strings.Repeat("x", 30) + "\"]\n1. 32-28 *", record.LimitTagBytes, 1, 0, 0},
		{"unclosed tag", "[Event \"" + strings.Repeat("x", 300), record.LimitTagBytes, 1, 0, 0},
		{"second game", "1. 32-28 *\n\n1. 32-28 19-23 2. 28x19 14x23 3. 37-32 *", record.LimitPlies, 2, 5, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gs, err := ReadPDNGames(tc.text, lim)
			if tc.limit == "" {
				if err != nil || len(gs) != tc.gamesBefore || gs[0].Err != nil {
					t.Fatalf("ReadPDNGames = %+v, %v", gs, err)
				}
				return
			}
			var le *record.LimitError
			if !errors.As(err, &le) || le.Limit != tc.limit || le.Game != tc.game || le.Ply != tc.ply || len(gs) != tc.gamesBefore {
				t.Fatalf("ReadPDNGames = %d games, %#v; want %s at game %d ply %d after %d games", len(gs), err, tc.limit, tc.game, tc.ply, tc.gamesBefore)
			}
			if len(ParsePDNGames(tc.text)) == 0 {
				t.Fatal("ParsePDNGames sets no limits")
			}
		})
	}
}

// F6 of the security review: a repeated [White] tag (in any case) keeps
// its first value, and SetTag replaces it whatever its case, so an export
// that sets the players' names cannot leak another.
func TestPDNRepeatedTagKeepsFirst(t *testing.T) {
	g, err := ParsePDN("[White \"甲一\"]\n[White \"王甲一\"]\n[WHITE \"王甲一\"]\n[black \"王乙\"]\n\n1. 32-28 *")
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := g.Tag("White"); v != "甲一" || len(g.Tags()) != 2 {
		t.Fatalf("White %q, tags %v", v, g.Tags())
	}
	g.SetTag("Black", "乙")
	if out := g.PDN(); strings.Contains(out, "王") || !strings.Contains(out, `[black "乙"]`) {
		t.Fatalf("export:\n%s", out)
	}
}

// FuzzReadPDN: within small limits any text reads without a panic, every
// game returned keeps to them, and a refusal is a *record.LimitError
// naming the game.
func FuzzReadPDN(f *testing.F) {
	f.Add("[Event \"x\"]\n1. 32-28 {ab} (31-27 (33-29 {c})) 19-23 *\n\n1. 31-27 *")
	f.Add("1. 32-28 " + strings.Repeat("(32-28 ", 5) + "19-23 *")
	f.Add("[White \"a\"]\n[white \"b\"]\n1. 32-28 ; x ) (\n 19-23 *")
	lim := record.Limits{Games: 3, Plies: 8, Variations: 3, Depth: 2, CommentBytes: 20, Tags: 3, TagBytes: 40}
	f.Fuzz(func(t *testing.T, s string) {
		gs, err := ReadPDNGames(s, lim)
		var le *record.LimitError
		if err != nil && (!errors.As(err, &le) || le.Game < 1 || le.Game != len(gs)+1) {
			t.Fatalf("ReadPDNGames: %#v after %d games", err, len(gs))
		}
		for _, pg := range gs {
			if pg.Game == nil {
				continue
			}
			g := pg.Game
			if len(g.Tags()) > lim.Tags {
				t.Fatalf("%d tags", len(g.Tags()))
			}
			n, vars := len(g.Moves()), 0
			for ply := 1; ply <= len(g.Moves()); ply++ {
				stack := g.Variations(ply)
				for len(stack) > 0 {
					v := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					vars++
					n += len(v.Moves)
					for _, m := range v.Moves {
						stack = append(stack, m.Variations...)
					}
				}
			}
			if n > lim.Plies || vars > lim.Variations {
				t.Fatalf("a game of %d moves, %d variations", n, vars)
			}
		}
	})
}
