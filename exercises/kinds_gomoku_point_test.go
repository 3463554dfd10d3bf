package exercises

import (
	"encoding/json"
	"testing"
)

func TestGomokuKeyPointCheck(t *testing.T) {
	// Black f8 g8 h8 (e8 White's) and i6 i7: i8 is a four and an open
	// three; j8 only a four (White blocks on i8); i9 no four at all.
	fourThree := gmPrompt(t, map[string]any{"board": gmTestBoard(t, []string{"f8", "g8", "h8", "i6", "i7"}, []string{"e8", "h9", "g7", "j7", "f9"}),
		"rules": "renju", "colour": "black", "goal": "four_three"})
	// Black h8-k8 with g8 White's: only l8 blocks.
	blockFour := gmPrompt(t, map[string]any{"board": gmTestBoard(t, []string{"h8", "i8", "j8", "k8", "i9"}, []string{"g8", "h9", "j7", "k9"}),
		"rules": "renju", "colour": "white", "goal": "block_four"})
	// Black's open three f8-h8: e8 or i8 stop it, d8 is too far.
	blockThree := gmPrompt(t, map[string]any{"board": gmTestBoard(t, []string{"f8", "g8", "h8", "g10"}, []string{"g7", "h9", "f9"}),
		"rules": "renju", "colour": "white", "goal": "block_three"})
	// Black h8 is a double three (f8 g8, h6 h7): forbidden, whatever the goal.
	forbidden := gmPrompt(t, map[string]any{"board": gmTestBoard(t, []string{"f8", "g8", "h6", "h7", "j10"}, []string{"e5", "f6", "i9", "a1", "c3"}),
		"rules": "renju", "colour": "black", "goal": "four_three"})
	runNCCases(t, "gomoku.key_point", []ncCase{
		{"four-three", fourThree, "", `{"point":"i8"}`, Correct, "open four"},
		{"only a four", fourThree, "", `{"point":"j8"}`, Wrong, "after the block on i8"},
		{"no four", fourThree, "", `{"point":"i9"}`, Wrong, "makes no four"},
		{"occupied", fourThree, "", `{"point":"e8"}`, Wrong, "already a white stone"},
		{"block four", blockFour, "", `{"point":"l8"}`, Correct, "cannot make five"},
		{"four not blocked", blockFour, "", `{"point":"h7"}`, Wrong, "can still make five on l8"},
		{"block three", blockThree, "", `{"point":"i8"}`, Correct, "no longer become an open four"},
		{"three too far", blockThree, "", `{"point":"d8"}`, Wrong, "Black plays i8"},
		{"forbidden", forbidden, "", `{"point":"h8"}`, Wrong, "double"},
		{"bad point", fourThree, "", `{"point":"z9"}`, "", ""},
	})
	k, _ := KindByName("gomoku.key_point")
	for name, c := range map[string]struct{ prompt, solution string }{
		"no four to block": {gmPrompt(t, map[string]any{"board": gmTestBoard(t, []string{"f8", "g8", "h8", "g10"}, []string{"g7", "h9", "f9"}), "rules": "renju", "colour": "white", "goal": "block_four"}), `{"point":"e8"}`},
		"no three":         {gmPrompt(t, map[string]any{"board": gmTestBoard(t, []string{"f8", "g8", "a1", "o15"}, []string{"g7", "h9", "f9"}), "rules": "renju", "colour": "white", "goal": "block_three"}), `{"point":"e8"}`},
		"own five first":   {gmPrompt(t, map[string]any{"board": gmTestBoard(t, []string{"h8", "i8", "j8", "k8"}, []string{"g8", "h9", "j7", "k9"}), "rules": "renju", "colour": "black", "goal": "four_three"}), `{"point":"l8"}`},
		"unknown goal":     {gmPrompt(t, map[string]any{"board": gmTestBoard(t, []string{"f8"}, nil), "rules": "renju", "colour": "white", "goal": "win"}), `{"point":"e8"}`},
		"wrong solution":   {blockFour, `{"point":"h7"}`},
	} {
		if err := k.Validate(json.RawMessage(c.prompt), json.RawMessage(c.solution)); err == nil {
			t.Errorf("%s: Validate accepted it", name)
		}
	}
	if err := k.Validate(json.RawMessage(blockFour), json.RawMessage(`{"point":"l8","explanation":{"zh-CN":"挡","en":"block"}}`)); err != nil {
		t.Error(err)
	}
}
