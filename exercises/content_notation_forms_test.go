package exercises

import (
	"regexp"
	"strings"
	"testing"

	"qixue/rules/game"
	"qixue/rules/gomoku"
)

// TestChessCastlingWrittenOneWay: castling is written with the letter O
// (O-O, O-O-O), as the notation lesson teaches, in every chess text; the
// digit form 0-0 appears nowhere.
func TestChessCastlingWrittenOneWay(t *testing.T) {
	zero := regexp.MustCompile(`(^|[^0-9½-])0-0(-0)?([^0-9-]|$)`)
	for _, ex := range wholeBank(t) {
		if GameOf(ex) != game.Chess {
			continue
		}
		for name, txt := range exerciseTexts(ex) {
			if zero.MatchString(txt.ZH) || zero.MatchString(txt.EN) {
				t.Errorf("%s %s: castling written 0-0", ex.Key, name)
			}
		}
	}
	eachLesson(t, game.Chess, func(_ contentCurriculum, l contentLesson) {
		for _, b := range l.Blocks {
			if zero.MatchString(b.Text.ZH) || zero.MatchString(b.Text.EN) {
				t.Errorf("%s: castling written 0-0", l.ID)
			}
		}
	})
}

// TestGomokuOpeningNamesInEnglish: an English text that names one of the
// 26 openings gives its English (romanised) name with the Chinese one, so
// an English reader can say it.
func TestGomokuOpeningNamesInEnglish(t *testing.T) {
	check := func(where, en string) {
		for _, o := range gomoku.Openings() {
			if strings.Contains(en, o.Name) && !strings.Contains(en, o.English+" ("+o.Name+")") {
				t.Errorf("%s: names %s in English without %s", where, o.Name, o.English)
			}
		}
	}
	eachLesson(t, game.Gomoku, func(_ contentCurriculum, l contentLesson) {
		for _, b := range l.Blocks {
			check(l.ID, b.Text.EN)
			check(l.ID+" caption", b.Caption.EN)
		}
	})
}
