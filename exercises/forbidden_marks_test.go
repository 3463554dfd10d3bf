package exercises

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// gomokuBoard draws a prompt board (rows 15 to 1, a to o) with the black
// (x) and white (o) stones.
func gomokuBoard(black, white []string) string {
	rows := make([][]byte, 15)
	for i := range rows {
		rows[i] = []byte(strings.Repeat(".", 15))
	}
	put := func(pts []string, c byte) {
		for _, p := range pts {
			var n int
			for _, d := range p[1:] {
				n = n*10 + int(d-'0')
			}
			rows[15-n][p[0]-'a'] = c
		}
	}
	put(black, 'x')
	put(white, 'o')
	out := make([]string, 15)
	for i, r := range rows {
		out[i] = string(r)
	}
	return strings.Join(out, "/")
}

// markBoard: Black wins at l8 (g8 is blocked) and e12 would be a double
// three (c12 d12 across, e13 e14 up).
var markBoard = gomokuBoard([]string{"h8", "i8", "j8", "k8", "c12", "d12", "e13", "e14"},
	[]string{"g8", "a1", "c1", "e1", "g1", "i1", "k1", "m1"})

func TestForbiddenMarks(t *testing.T) {
	prompt := func(kind string, fields map[string]any) Exercise {
		p := map[string]any{"board": markBoard, "rules": "renju"}
		for k, v := range fields {
			p[k] = v
		}
		raw, _ := json.Marshal(p)
		return Exercise{Kind: kind, Prompt: raw}
	}
	marked := ForbiddenMarks(prompt("gomoku.win_in_1", map[string]any{"colour": "black", "show_forbidden": true}))
	if !slices.Contains(marked, "e12") || slices.Contains(marked, "l8") {
		t.Errorf("marks %v: want e12, never the winning l8", marked)
	}
	if got := ForbiddenMarks(prompt("gomoku.vcf", map[string]any{"attacker": "black", "show_forbidden": true})); !slices.Equal(got, marked) {
		t.Errorf("vcf marks %v, want %v", got, marked)
	}
	for name, ex := range map[string]Exercise{
		"flag off":     prompt("gomoku.win_in_1", map[string]any{"colour": "black"}),
		"white":        prompt("gomoku.win_in_1", map[string]any{"colour": "white", "show_forbidden": true}),
		"standard":     prompt("gomoku.win_in_1", map[string]any{"colour": "black", "show_forbidden": true, "rules": "standard"}),
		"another kind": prompt("gomoku.forbidden", map[string]any{"mode": "all", "show_forbidden": true}),
	} {
		if got := ForbiddenMarks(ex); got != nil {
			t.Errorf("%s: marks %v", name, got)
		}
	}
	// The flag is part of the prompts' schemas, and their parsers take it.
	extra := map[string][2]string{"gomoku.shape": {"shape", "four"}, "gomoku.key_point": {"goal", "block_four"}}
	for kind, side := range map[string]string{"gomoku.win_in_1": "colour", "gomoku.key_point": "colour", "gomoku.vcf": "attacker", "gomoku.shape": "colour"} {
		k, _ := KindByName(kind)
		fields := map[string]any{side: "black", "show_forbidden": true}
		if e, ok := extra[kind]; ok {
			fields[e[0]] = e[1]
		}
		ex := prompt(kind, fields)
		var doc any
		_ = json.Unmarshal(ex.Prompt, &doc)
		if err := compileSchema(t, kind+".prompt", k.PromptSchema()).Validate(doc); err != nil {
			t.Errorf("%s: prompt with show_forbidden against its schema: %v", kind, err)
		}
	}
	k, _ := KindByName("gomoku.win_in_1")
	if err := k.Validate(prompt("gomoku.win_in_1", map[string]any{"colour": "black", "show_forbidden": true}).Prompt, json.RawMessage(`{"point": "l8"}`)); err != nil {
		t.Errorf("a win-in-1 with show_forbidden does not validate: %v", err)
	}
}

// TestForbiddenMarksAfter: the marks follow the line and the reply of a
// step; a line that does not fit the board gives none.
func TestForbiddenMarksAfter(t *testing.T) {
	ex := Exercise{Kind: "gomoku.vcf"}
	ex.Prompt, _ = json.Marshal(map[string]any{"board": markBoard, "rules": "renju", "attacker": "black", "show_forbidden": true})
	start := ForbiddenMarks(ex)
	if got := ForbiddenMarksAfter(ex, json.RawMessage(`{"moves": ["a15"]}`), "b15"); !slices.Equal(got, start) {
		t.Errorf("after a far move: %v, want %v", got, start)
	}
	// White takes e12: it is no longer a point to mark.
	if got := ForbiddenMarksAfter(ex, json.RawMessage(`{"moves": ["a15"]}`), "e12"); slices.Contains(got, "e12") || got == nil {
		t.Errorf("after White's e12: %v", got)
	}
	for _, bad := range []string{`{"moves": ["z99"]}`, `{"moves": ["h8"]}`, `{"moves": []}`, `{}`} {
		if got := ForbiddenMarksAfter(ex, json.RawMessage(bad), "b15"); got != nil {
			t.Errorf("%s: %v", bad, got)
		}
	}
	ex.Prompt, _ = json.Marshal(map[string]any{"board": markBoard, "rules": "renju", "attacker": "black"})
	if got := ForbiddenMarksAfter(ex, json.RawMessage(`{"moves": ["a15"]}`), "b15"); got != nil {
		t.Errorf("without show_forbidden: %v", got)
	}
}
