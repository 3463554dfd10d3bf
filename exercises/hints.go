package exercises

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"qixue/domain"
	"qixue/rules/chess"
	"qixue/rules/draughts"
	"qixue/rules/game"
	"qixue/rules/gomoku"
	"qixue/rules/numchess"
)

// Hints. An exercise may carry up to MaxHints hints, in increasing help:
// the first reminds the child of the idea ("look at every check"), the
// later ones point at the board (a hint may name squares or points to
// highlight) and the last may all but give the answer away. A student
// opens them one at a time (Service.Hint); the hints a student opened on
// an exercise are recorded with each of its later attempts
// (Attempt.HintsUsed) and lower the stars (see MaxStars).

// MaxHints bounds the hints of an exercise.
const MaxHints = 3

// MaxHintLen bounds a hint's text in each language, in characters.
const MaxHintLen = 500

// Hint is one step of help.
type Hint struct {
	Text domain.Text `json:"text"`
	// Squares are board squares or points to highlight, in the game's
	// coordinates as the lesson writes them ("e4", "h8", draughts
	// square numbers "24", number-chess points "a14").
	Squares []string `json:"squares,omitempty"`
}

// MaxStars is the stars rule of a finished attempt: 3 for a correct
// first attempt, 2 for a correct later one, 1 for partial credit and 0
// for a wrong answer or a give-up; using hints caps it: at most 2 stars
// with one hint, at most 1 with two or more (a correct answer keeps at
// least 1).
func MaxStars(outcome Outcome, first bool, hintsUsed int) int {
	stars := 0
	switch {
	case outcome == Correct && first:
		stars = 3
	case outcome == Correct:
		stars = 2
	case outcome == Partial:
		stars = 1
	}
	return min(stars, HintStarCap(hintsUsed))
}

// HintStarCap is the most stars an exercise solved with hintsUsed hints
// can give: 3 with none, 2 with one, 1 with two or more.
func HintStarCap(hintsUsed int) int {
	switch {
	case hintsUsed <= 0:
		return 3
	case hintsUsed == 1:
		return 2
	}
	return 1
}

// Stars are the attempt's stars (see MaxStars).
func (a Attempt) Stars() int { return MaxStars(a.Outcome, a.First, a.HintsUsed) }

// hintError is a refused hint of an exercise being saved or loaded.
func hintError(code, field string, zh, en string) *PromptError {
	return &PromptError{Code: code, Field: field, Message: domain.Text{ZH: zh, EN: en}}
}

// CheckHints validates the hints of an exercise: at most MaxHints, each
// with text in both languages (at most MaxHintLen characters), squares on
// the board of the exercise's game (none for an exercise of no game),
// and no hint but the last containing the answer's text verbatim (a move,
// an expression, a point, a number, a correct option: see answerTexts).
// It returns a *PromptError naming the hint at fault.
func CheckHints(ex Exercise) error {
	if len(ex.Hints) > MaxHints {
		return hintError("too_many_hints", "hints",
			fmt.Sprintf("一道题最多 %d 条提示。", MaxHints), fmt.Sprintf("an exercise has at most %d hints", MaxHints))
	}
	g := GameOf(ex)
	answers := answerTexts(ex)
	for i, h := range ex.Hints {
		field := "hints[" + strconv.Itoa(i) + "]"
		if strings.TrimSpace(h.Text.ZH) == "" || strings.TrimSpace(h.Text.EN) == "" {
			return hintError("hint_text_required", field+".text", "提示需要中文和英文两种文字。", "a hint needs its text in both zh-CN and en")
		}
		if len([]rune(h.Text.ZH)) > MaxHintLen || len([]rune(h.Text.EN)) > MaxHintLen {
			return hintError("hint_too_long", field+".text",
				fmt.Sprintf("提示最多 %d 个字。", MaxHintLen), fmt.Sprintf("a hint has at most %d characters", MaxHintLen))
		}
		for j, sq := range h.Squares {
			if !onBoard(g, sq) {
				return hintError("hint_square_off_board", field+".squares["+strconv.Itoa(j)+"]",
					fmt.Sprintf("提示里的“%s”不是这个棋盘上的格子或点。", sq), fmt.Sprintf("%q in a hint is not a square or point of this board", sq))
			}
		}
		if i == len(ex.Hints)-1 {
			continue
		}
		for _, lang := range []string{h.Text.ZH, h.Text.EN} {
			for _, a := range answers {
				if containsAnswer(lang, a) {
					return hintError("hint_gives_answer", field+".text",
						fmt.Sprintf("只有最后一条提示可以直接说出答案（“%s”）。", a),
						fmt.Sprintf("only the last hint may give the answer (%q) away", a))
				}
			}
		}
	}
	return nil
}

// onBoard reports whether sq names a square or point of game's board.
func onBoard(g game.Name, sq string) bool {
	var err error
	switch g {
	case game.Chess:
		_, err = chess.ParseSquare(sq)
	case game.Gomoku:
		if strings.TrimSpace(sq) != sq || strings.ToLower(sq) != sq {
			return false
		}
		_, err = gomoku.ParsePoint(sq)
	case game.NumChess:
		_, err = numchess.ParsePoint(sq)
	case game.Draughts:
		n, aerr := strconv.Atoi(sq)
		if aerr != nil || strconv.Itoa(n) != sq {
			return false
		}
		_, ok := draughts.NewSquare(n)
		return ok
	default:
		return false
	}
	return err == nil
}

// answerTexts returns the texts that give an exercise's answer away: the
// string and number leaves of its solution (explanations and option
// feedback left out), and for a choice question the text of its correct
// options. Strings shorter than two characters are left out, since a hint
// cannot avoid every letter, and so are machine codes (lower-case words
// and underscores such as a forbidden point's reason "overline"): a hint
// may name every kind of forbidden move without naming the one asked.
func answerTexts(ex Exercise) []string {
	var sol any
	if json.Unmarshal(ex.Solution, &sol) != nil {
		return nil
	}
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			if len([]rune(x)) >= 2 && !isCode(x) {
				out = append(out, x)
			}
		case float64:
			out = append(out, strconv.FormatFloat(x, 'f', -1, 64))
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			for k, e := range x {
				if k != "explanation" && k != "option_feedback" && k != "correct" {
					walk(e)
				}
			}
		}
	}
	walk(sol)
	if ex.Kind == "choice" {
		var p struct {
			Options []domain.Text `json:"options"`
		}
		var s struct {
			Correct []int `json:"correct"`
		}
		if json.Unmarshal(ex.Prompt, &p) == nil && json.Unmarshal(ex.Solution, &s) == nil {
			for _, i := range s.Correct {
				if i >= 0 && i < len(p.Options) {
					out = append(out, p.Options[i].ZH, p.Options[i].EN)
				}
			}
		}
	}
	return out
}

// containsAnswer reports whether text contains answer verbatim; a number
// counts only as a whole number (so the answer 2 is not found in "12").
func containsAnswer(text, answer string) bool {
	if answer == "" {
		return false
	}
	numeric := strings.IndexFunc(answer, func(r rune) bool { return !unicode.IsDigit(r) && r != '.' && r != '-' }) < 0
	for from := 0; ; {
		i := strings.Index(text[from:], answer)
		if i < 0 {
			return false
		}
		i += from
		end := i + len(answer)
		if !numeric || (!digitAt(text, i-1) && !digitAt(text, end)) {
			return true
		}
		from = i + 1
	}
}

func digitAt(s string, i int) bool { return i >= 0 && i < len(s) && s[i] >= '0' && s[i] <= '9' }

// isCode reports whether s is a machine code: lower-case ASCII letters
// and underscores only.
func isCode(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return (r < 'a' || r > 'z') && r != '_' }) < 0
}
