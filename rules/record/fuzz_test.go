package record

import (
	"errors"
	"testing"
)

// FuzzSplit: any text splits without a panic; within limits, every block
// keeps to them, and a refusal is a *LimitError naming a game.
func FuzzSplit(f *testing.F) {
	f.Add("[Event \"Club night\"]\n[Black \"Li\"]\nh8 h9 {first comment} i10\n\nh8 i9 ; no tags\n")
	f.Add("{open\ncomment} h8\n[Bad tag\n\n\n[A \"\\\"q\\\\\"]\n1. 1d4-i5 {x}{y} *")
	f.Fuzz(func(t *testing.T, s string) {
		Split(s)
		lim := Limits{Games: 3, Tags: 2, TagBytes: 20, CommentBytes: 30}
		blocks, err := SplitWithin(s, lim)
		var le *LimitError
		if err != nil && (!errors.As(err, &le) || le.Game < 1 || le.Message("en") == "" || le.Message("zh-CN") == "") {
			t.Fatalf("SplitWithin: %#v", err)
		}
		if len(blocks) > lim.Games {
			t.Fatalf("%d blocks", len(blocks))
		}
		for _, b := range blocks {
			if len(b.Tags) > lim.Tags {
				t.Fatalf("block %d: %d tags", b.Number, len(b.Tags))
			}
		}
	})
}
