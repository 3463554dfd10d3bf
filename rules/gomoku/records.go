package gomoku

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"qixue/rules/record"
)

// GameRecord is one game of a gomoku/renju record file. The file format is
// tag lines, then the moves in record notation (see Move.String), games
// separated by a blank line:
//
//	[Event "Club night"]
//	[Date "2026.11.07"]
//	[Black "Xiaoming"]
//	[White "Xiaohong"]
//	[Rule "renju"]
//	[Opening "RIF"]
//	[Result "1-0"]
//	h8 h9 i10 swap i9 {a calm fifth} j10,k11:k11 g7 1-0
//
// Rule is freestyle, standard or renju (the reader's default when absent).
// Opening, for renju, is the opening rule: "RIF" or "national" (or none)
// for exactly two fifth-move offers, "Soosorv-N" or "Taraguchi-N" for up to
// N. Result is "1-0" (Black won), "0-1" (White won), "1/2-1/2" or "*"; it
// may also close the move text. Move numbers ("1.") are skipped.
// {comments} and ;comments are kept at their moves.
type GameRecord struct {
	// Tags are every tag of the game in file order (Rule, Opening and
	// Result included).
	Tags  []record.Tag
	Rules Ruleset
	// MaxOffers is the most fifth-move offers the opening rule allows (2
	// for the seed's and RIF's rule).
	MaxOffers int
	Moves     []Move
	// Comments holds the comment after move n (1-based) at key n; key 0
	// is a comment before the first move.
	Comments map[int]string
	// Result is "1-0", "0-1", "1/2-1/2", "*" or "" when unknown.
	Result string
	// Game is the replayed game (nil when the record is refused).
	Game *Game
}

// Tag returns the value of the tag key (case-insensitive) or "".
func (r GameRecord) Tag(key string) string { return record.Block{Tags: r.Tags}.Get(key) }

// RecordError says which game of a file was refused and why: Err is an
// *Error (a move or a tag at fault) with the game's number and the file
// line.
type RecordError struct {
	Game, Line int
	Err        *Error
}

// Error returns the English message, naming the game and the line.
func (e *RecordError) Error() string {
	return fmt.Sprintf("game %d (line %d): %s", e.Game, e.Line, e.Err.Error())
}

// Code returns the code of the underlying refusal, e.g. "occupied".
func (e *RecordError) Code() string { return e.Err.Code() }

// Message returns the message in lang ("en" or Chinese).
func (e *RecordError) Message(lang string) string {
	if lang == "en" {
		return e.Error()
	}
	return fmt.Sprintf("第%d局（第%d行）：%s", e.Game, e.Line, e.Err.Message(lang))
}

// Unwrap returns the underlying *Error.
func (e *RecordError) Unwrap() error { return e.Err }

var moveNumber = regexp.MustCompile(`^[0-9]+\.+$`)

var offerRule = regexp.MustCompile(`(?i)^(soosorv|taraguchi)-([0-9]+)$`)

// ParseRecords reads every game of a record file and replays each under
// its rules (def when it has no Rule tag). It returns one GameRecord and
// one error per game, in file order: a refused game has a *RecordError
// naming the game, the line and the move or tag at fault, and the games
// after it are still read. A game without moves is refused ("empty_game").
func ParseRecords(text string, def Ruleset) ([]GameRecord, []error) {
	blocks := record.Split(text)
	recs := make([]GameRecord, len(blocks))
	errs := make([]error, len(blocks))
	for i, b := range blocks {
		rec, line, err := readRecord(b, def)
		recs[i] = rec
		if err != nil {
			errs[i] = &RecordError{Game: b.Number, Line: line, Err: err}
		}
	}
	return recs, errs
}

func readRecord(b record.Block, def Ruleset) (GameRecord, int, *Error) {
	rec := GameRecord{Tags: b.Tags, Rules: def, MaxOffers: 2}
	if b.Err != nil {
		return rec, b.Line, errf("bad_record", b.Err.Error(), "棋谱格式错误："+b.Err.Error())
	}
	if s := b.Get("Rule"); s != "" {
		r, err := ParseRuleset(s)
		if err != nil {
			return rec, b.Line, err.(*Error)
		}
		rec.Rules = r
	}
	switch o := b.Get("Opening"); {
	case o == "" || strings.EqualFold(o, "RIF") || strings.EqualFold(o, "national"):
	case offerRule.MatchString(o):
		n, _ := strconv.Atoi(offerRule.FindStringSubmatch(o)[2])
		rec.MaxOffers = max(2, min(n, 100))
	default:
		return rec, b.Line, errf("bad_opening_rule",
			fmt.Sprintf("the opening rule %q is unknown: write RIF, Soosorv-8 or Taraguchi-10", o),
			fmt.Sprintf("不认识开局规则“%s”：请写RIF、Soosorv-8或Taraguchi-10", o))
	}
	rec.Result = b.Get("Result")
	if rec.Result != "" && !record.IsResult(rec.Result) {
		return rec, b.Line, errf("bad_result", fmt.Sprintf("the result %q is not 1-0, 0-1, 1/2-1/2 or *", rec.Result),
			fmt.Sprintf("结果“%s”不对：请写1-0、0-1、1/2-1/2或*", rec.Result))
	}
	g := NewGameWithOffers(rec.Rules, rec.MaxOffers)
	ended := false
	for _, t := range b.Tokens {
		if t.Comment {
			if rec.Comments == nil {
				rec.Comments = map[int]string{}
			}
			n := len(rec.Moves)
			rec.Comments[n] = strings.TrimSpace(rec.Comments[n] + " " + t.Text)
			continue
		}
		if moveNumber.MatchString(t.Text) {
			continue
		}
		if ended {
			return rec, t.Line, errf("bad_record", fmt.Sprintf("%q comes after the result", t.Text),
				fmt.Sprintf("结果后面还有“%s”", t.Text))
		}
		if record.IsResult(t.Text) {
			if rec.Result != "" && rec.Result != t.Text {
				return rec, t.Line, errf("bad_result", fmt.Sprintf("the result %s after the moves differs from the Result tag %s", t.Text, rec.Result),
					fmt.Sprintf("棋谱末尾的结果%s和Result标签%s不一致", t.Text, rec.Result))
			}
			rec.Result, ended = t.Text, true
			continue
		}
		m, err := ParseMove(t.Text)
		if err == nil {
			var next *Game
			if next, err = g.Play(m); err == nil {
				g = next
			}
		}
		if err != nil {
			return rec, t.Line, err.(*Error).atMove(len(rec.Moves) + 1)
		}
		rec.Moves = append(rec.Moves, m)
	}
	if len(rec.Moves) == 0 {
		return rec, b.Line, errf("empty_game", "the game has no moves", "这盘棋没有着法")
	}
	if want := resultText(g); want != "" && rec.Result != "" && rec.Result != "*" && rec.Result != want {
		return rec, b.Line, errf("bad_result", fmt.Sprintf("the result says %s but the moves end %s (%s)", rec.Result, want, g.reason),
			fmt.Sprintf("结果写的是%s，但按棋谱是%s（%s）", rec.Result, want, g.reasonZh()))
	}
	rec.Game = g
	return rec, 0, nil
}

// resultText is the result token of a finished game, "" while it goes on.
func resultText(g *Game) string {
	switch g.result {
	case BlackWins:
		return "1-0"
	case WhiteWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	}
	return ""
}

// WriteRecords writes games in the format ParseRecords reads: tags (Rule
// set from Rules when no Rule tag is given; Result from Result), moves
// with their comments, the result, and a blank line between games.
func WriteRecords(games []GameRecord) string {
	var sb strings.Builder
	for i, g := range games {
		if i > 0 {
			sb.WriteString("\n")
		}
		tags := append([]record.Tag(nil), g.Tags...)
		if g.Tag("Rule") == "" {
			tags = append(tags, record.Tag{Key: "Rule", Value: g.Rules.String()})
		}
		res := g.Result
		if res != "" && g.Tag("Result") == "" {
			tags = append(tags, record.Tag{Key: "Result", Value: res})
		}
		record.WriteTags(&sb, tags)
		words := make([]string, 0, len(g.Moves)+len(g.Comments)+1)
		if c, ok := g.Comments[0]; ok {
			words = append(words, record.Comment(c))
		}
		for n, m := range g.Moves {
			words = append(words, m.String())
			if c, ok := g.Comments[n+1]; ok {
				words = append(words, record.Comment(c))
			}
		}
		if res != "" {
			words = append(words, res)
		}
		sb.WriteString(strings.Join(words, " "))
		sb.WriteString("\n")
	}
	return sb.String()
}
