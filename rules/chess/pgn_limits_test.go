package chess

import (
	"errors"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"qixue/rules/record"
)

// cpuBound fails the test when f takes more than max of CPU time: the
// readers and writers are linear, so inputs that were quadratic (the
// security review's F2) now take a small fraction of it.
func cpuBound(t *testing.T, max time.Duration, f func()) {
	t.Helper()
	start := cpuTime()
	f()
	if used := cpuTime() - start; used > max {
		t.Fatalf("took %v of CPU, want at most %v: not linear", used, max)
	}
}

// F1 of the security review: ~800 KB of nested "(" overflowed the stack
// and killed the server. The limited reader refuses it at once, naming
// the depth, the game and the ply.
func TestPGNDeepNestingRefused(t *testing.T) {
	text := "1. e4 " + strings.Repeat("(", 800000) + " *"
	var games []*PGNGame
	var err error
	cpuBound(t, 2*time.Second, func() { games, err = ReadPGN(text, record.DefaultLimits()) })
	var le *record.LimitError
	if !errors.As(err, &le) || le.Limit != record.LimitDepth || le.Max != 32 || le.Game != 1 || le.Ply != 1 {
		t.Fatalf("ReadPGN = %d games, %v; want the depth limit at game 1, ply 1", len(games), err)
	}
	if le.Message("en") != "game 1, ply 1: variations nested more than 32 deep" || le.Message("zh-CN") != "第1盘第1步：变着嵌套超过 32 层" {
		t.Fatalf("messages %q / %q", le.Message("en"), le.Message("zh-CN"))
	}
}

// The reader and the writer keep nested variations on explicit stacks:
// with the Go stack held to 16 MiB (a recursion of 100,000 levels needs
// over 100 MiB), deep nesting without limits still reads and writes.
func TestPGNNestingUsesNoStack(t *testing.T) {
	old := debug.SetMaxStack(16 << 20)
	defer debug.SetMaxStack(old)
	const depth = 100000
	text := "1. e4 " + strings.Repeat("(1. d4 ", depth) + strings.Repeat(")", depth) + " *"
	gs := ParsePGN(text)
	if len(gs) != 1 || gs[0].Err != nil || len(gs[0].Moves) != 1 {
		t.Fatalf("read %d games", len(gs))
	}
	n := 0
	for v := gs[0].Moves; len(v) > 0 && len(v[0].Variations) > 0; v = v[0].Variations[0] {
		n++
	}
	if n != depth {
		t.Fatalf("nesting read %d deep, want %d", n, depth)
	}
	out := gs[0].PGN()
	if !strings.Contains(out, "(1. d4 (1. d4") || !strings.Contains(out, "d4"+strings.Repeat(")", depth)+"\n*") {
		t.Fatalf("export %q...", out[:200])
	}
	// Unclosed variations end with the game.
	gs = ParsePGN("1. e4 " + strings.Repeat("(", depth) + " *")
	if len(gs) != 1 || len(gs[0].Moves) != 1 {
		t.Fatalf("unclosed: read %d games", len(gs))
	}
}

// F2 of the security review: 120,000 nested "(1. e4 " cost 188 s of CPU
// (40,000 levels 38 s). Reading and writing them is now linear.
func TestPGNNestedVariationsLinear(t *testing.T) {
	text := "1. e4 " + strings.Repeat("(1. e4 ", 120000) + " *"
	cpuBound(t, 5*time.Second, func() {
		gs := ParsePGN(text)
		if len(gs) != 1 || gs[0].Err != nil {
			t.Fatalf("read %d games", len(gs))
		}
		back := ParsePGN(gs[0].PGN())
		if len(back) != 1 || back[0].PGN() != gs[0].PGN() {
			t.Fatal("export does not read back")
		}
	})
	// Long runs of digits inside free text are read once.
	cpuBound(t, 2*time.Second, func() { ParsePGN("1. e4 年" + strings.Repeat("1", 1<<20) + "年 *") })
}

func TestPGNLimits(t *testing.T) {
	lim := record.Limits{Games: 2, Plies: 4, Variations: 3, Depth: 2, CommentBytes: 20, Tags: 3, TagBytes: 30}
	tests := []struct {
		name, text  string
		limit       string
		game, ply   int
		gamesBefore int
	}{
		{"within", "[Event \"x\"]\n1. e4 {ab} (1. d4 (1. c4)) e5 $1 *", "", 0, 0, 1},
		{"games", "1. e4 *\n\n1. d4 *\n\n1. c4 *", record.LimitGames, 3, 0, 2},
		{"plies", "1. e4 e5 2. Nf3 Nc6 3. Bb5 *", record.LimitPlies, 1, 5, 0},
		{"plies with variations", "1. e4 (1. d4 d5 2. c4) e5 *", record.LimitPlies, 1, 2, 0},
		{"null moves count", "1. e4 -- 2. d4 -- 3. c4 *", record.LimitPlies, 1, 5, 0},
		{"variations", "1. e4 (1. d4) (1. c4) (1. Nf3) (1. b3) *", record.LimitVariations, 1, 1, 0},
		{"dropped variations count", "1. e4 e5 (()) (())", record.LimitVariations, 1, 2, 0},
		{"depth", "1. e4 (1. d4 (1. c4 (1. Nf3))) *", record.LimitDepth, 1, 1, 0},
		{"comment bytes", "1. e4 {0123456789} e5 {0123456789} *", record.LimitCommentBytes, 1, 2, 0},
		{"line comments", "1. e4 ; 0123456789\n e5 ; 0123456789\n*", record.LimitCommentBytes, 1, 2, 0},
		{"NAGs count as annotations", "1. e4 " + strings.Repeat("$1 ", 11) + "*", record.LimitCommentBytes, 1, 1, 0},
		{"free text counts", "1. e4 " + strings.Repeat("好", 7) + " *", record.LimitCommentBytes, 1, 1, 0},
		{"tags", "[A \"1\"]\n[B \"2\"]\n[C \"3\"]\n[D \"4\"]\n1. e4 *", record.LimitTags, 1, 0, 0},
		{"tag bytes", "[Event \"" + strings.Repeat("x", 30) + "\"]\n1. e4 *", record.LimitTagBytes, 1, 0, 0},
		{"second game", "1. e4 *\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *", record.LimitPlies, 2, 5, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gs, err := ReadPGN(tc.text, lim)
			if tc.limit == "" {
				if err != nil || len(gs) != tc.gamesBefore {
					t.Fatalf("ReadPGN = %d games, %v", len(gs), err)
				}
				return
			}
			var le *record.LimitError
			if !errors.As(err, &le) || le.Limit != tc.limit || le.Game != tc.game || le.Ply != tc.ply || len(gs) != tc.gamesBefore {
				t.Fatalf("ReadPGN = %d games, %#v; want %s at game %d ply %d after %d games", len(gs), err, tc.limit, tc.game, tc.ply, tc.gamesBefore)
			}
			if len(ParsePGN(tc.text)) == 0 {
				t.Fatal("ParsePGN sets no limits")
			}
		})
	}
}

// F6 of the security review: a repeated tag keeps its first value, so an
// export that replaces the first cannot leak the second.
func TestPGNRepeatedTagKeepsFirst(t *testing.T) {
	gs := ParsePGN("[White \"甲一\"]\n[White \"王甲一\"]\n[white \"王甲一\"]\n[Black \"乙\"]\n\n1. e4 *")
	if len(gs) != 1 {
		t.Fatalf("read %d games", len(gs))
	}
	if len(gs[0].Tags) != 2 {
		t.Fatalf("tags %v", gs[0].Tags)
	}
	if v, _ := gs[0].Tag("White"); v != "甲一" || strings.Contains(gs[0].PGN(), "王甲一") {
		t.Fatalf("White %q, export %s", v, gs[0].PGN())
	}
}

// FuzzReadPGN: within small limits any text reads without a panic, every
// game returned keeps to them, and a refusal is a *record.LimitError
// naming the game.
func FuzzReadPGN(f *testing.F) {
	f.Add("[Event \"x\"]\n1. e4 {ab} (1. d4 (1. c4 {c})) e5 $1 2. Nf3 *\n\n1. d4 *")
	f.Add("1. e4 " + strings.Repeat("(1. d4 ", 5) + "e5 *")
	f.Add("1. e4 年1111年 ; x\n e5 !! ?? -- *")
	lim := record.Limits{Games: 3, Plies: 8, Variations: 3, Depth: 2, CommentBytes: 20, Tags: 3, TagBytes: 40}
	f.Fuzz(func(t *testing.T, s string) {
		gs, err := ReadPGN(s, lim)
		var le *record.LimitError
		if err != nil && (!errors.As(err, &le) || le.Game < 1 || le.Game != len(gs)+1) {
			t.Fatalf("ReadPGN: %#v after %d games", err, len(gs))
		}
		for _, g := range gs {
			if len(g.Tags) > lim.Tags {
				t.Fatalf("%d tags", len(g.Tags))
			}
			n, deepest, vars := 0, 0, 0
			type line struct {
				moves []PGNMove
				depth int
			}
			stack := []line{{g.Moves, 0}}
			for len(stack) > 0 {
				l := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				n += len(l.moves)
				deepest = max(deepest, l.depth)
				for _, m := range l.moves {
					for _, v := range m.Variations {
						vars++
						stack = append(stack, line{v, l.depth + 1})
					}
				}
			}
			if n > lim.Plies || deepest > lim.Depth || vars > lim.Variations {
				t.Fatalf("a game of %d moves, %d variations, %d deep", n, vars, deepest)
			}
		}
	})
}
