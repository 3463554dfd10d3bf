package exercises

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"qixue/rules/game"
	"qixue/rules/numchess"
)

// ncChineseMove is a move in the Chinese form of 棋步表达: "7 右平跨
// (2×8−9=7)", "8 左斜进跨 6,2、左平跨 4 (6−2=4)".
var ncChineseMove = regexp.MustCompile(`\d [左右](?:平|斜进|斜退)(?:跨|移|邻)[0-9,、左右平斜进退跨移邻 ]*(?:\([^)]*\))?`)

// ncNamedMoves are the moves the number-chess texts write in Chinese, each
// with a position where it is legal, so the engine gives its English form.
var ncNamedMoves = map[string]struct{ pos, move string }{
	"7 右平跨 (2×8−9=7)":                          {"r:7a9,2b9,8c9,9d9;b:0a17 r 1", "7a9-e9[2×8−9]"},
	"8 左斜进跨 6,2、左平跨 4 (6−2=4)":                 {"r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8b2,9a2;b:0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16 r 3", "8b2-f5[6-2]-d5[4]"},
	"9 右斜进跨 6,3、左平跨 4,8、右平跨 8,4 (6÷3=8÷4=8÷4)": {"r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8d5,9a2;b:0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16 r 5", "9a2-h5[6÷3]-c5[8÷4]-f5[8÷4]"},
	"9 右斜进跨 (6+3=9)":                           {"start", "9a2-h5[6+3]"},
	"0 右斜进跨 (8−7−1=0)":                         {"start", "0a1-i5[8-7-1]"},
}

// ncEnglishOf returns the engine's English form of a move of ncNamedMoves.
func ncEnglishOf(t *testing.T, zh string) (string, bool) {
	t.Helper()
	nm, ok := ncNamedMoves[zh]
	if !ok {
		return "", false
	}
	pos := numchess.Start()
	if nm.pos != "start" {
		var err error
		if pos, err = numchess.ParsePosition(nm.pos); err != nil {
			t.Fatalf("%s: %v", zh, err)
		}
	}
	m, err := numchess.ParseMove(nm.move)
	if err != nil {
		t.Fatalf("%s: %v", zh, err)
	}
	mi, err := ncEngine(numchess.G46()).Check(pos, m)
	if err != nil {
		t.Fatalf("%s: %v", zh, err)
	}
	if got := mi.Chinese(); got != zh {
		t.Fatalf("the engine writes %s as %q, not %q", nm.move, got, zh)
	}
	return mi.English(), true
}

// TestNumchessEnglishMovesInEnglish: an English number-chess text that
// writes a move in its Chinese notation gives the engine's English form
// too ("8 spans forward-left over 6, 2, then left over 4 (6−2 = 4)"), so
// an English reader can follow it (W27).
func TestNumchessEnglishMovesInEnglish(t *testing.T) {
	seen := 0
	check := func(where, en string) {
		for _, zh := range ncChineseMove.FindAllString(en, -1) {
			zh = strings.TrimSpace(zh)
			seen++
			want, ok := ncEnglishOf(t, zh)
			if !ok {
				t.Errorf("%s: %q is not in ncNamedMoves (add it with a position)", where, zh)
				continue
			}
			if !strings.Contains(en, want) {
				t.Errorf("%s: writes %q without its English form %q", where, zh, want)
			}
		}
	}
	eachLesson(t, game.NumChess, func(_ contentCurriculum, l contentLesson) {
		for i, b := range l.Blocks {
			check(fmt.Sprintf("%s block %d", l.ID, i), b.Text.EN)
			check(fmt.Sprintf("%s block %d caption", l.ID, i), b.Caption.EN)
		}
	})
	for _, ex := range wholeBank(t) {
		if GameOf(ex) != game.NumChess {
			continue
		}
		for name, txt := range allExerciseTexts(ex) {
			check(ex.Key+" "+name, txt.EN)
		}
	}
	if seen < 8 {
		t.Errorf("only %d Chinese moves in English texts", seen)
	}
}
