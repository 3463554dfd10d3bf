package gomoku

import (
	"fmt"
	"regexp"
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
// Opening, for renju, is the opening rule (ParseOpeningRule): "RIF" or
// "national" (or none) for one swap and exactly two fifth-move offers,
// "Soosorv-N" or "Taraguchi-N" for their swaps and offers. A game whose
// last move is Black's forbidden move is read as lost by Black (0-1), as
// the rules score it. Result is "1-0" (Black won), "0-1" (White won), "1/2-1/2" or "*"; it
// may also close the move text. Move numbers ("1.") are skipped.
// {comments} and ;comments are kept at their moves.
type GameRecord struct {
	// Tags are every tag of the game in file order (Rule, Opening and
	// Result included).
	Tags  []record.Tag
	Rules Ruleset
	// OpeningRule is the renju opening rule of the Opening tag (the
	// national rule when there is none).
	OpeningRule OpeningRule
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

// ParseRecords reads every game of a record file and replays each under
// its rules (def when it has no Rule tag). It returns one GameRecord and
// one error per game, in file order: a refused game has a *RecordError
// naming the game, the line and the move or tag at fault, and the games
// after it are still read. A game without moves is refused ("empty_game").
//
// ParseRecords sets no limits: for untrusted text use ReadRecords.
func ParseRecords(text string, def Ruleset) ([]GameRecord, []error) {
	recs, errs, _ := ReadRecords(text, def, record.Limits{})
	return recs, errs
}

// ReadRecords reads the games of text as ParseRecords does, within lim
// (games, plies, comment bytes, tags and tag bytes): it stops at the first
// limit passed, returning the games before it and a *record.LimitError
// naming the limit, the game and the ply.
func ReadRecords(text string, def Ruleset, lim record.Limits) ([]GameRecord, []error, error) {
	blocks, lerr := record.SplitWithin(text, lim)
	recs := make([]GameRecord, 0, len(blocks))
	errs := make([]error, 0, len(blocks))
	for _, b := range blocks {
		if n := plies(b); record.Over(n, lim.Plies) {
			return recs, errs, &record.LimitError{Limit: record.LimitPlies, Max: lim.Plies, Game: b.Number, Ply: lim.Plies + 1}
		}
		rec, line, err := readRecord(b, def)
		recs = append(recs, rec)
		errs = append(errs, nil)
		if err != nil {
			errs[len(errs)-1] = &RecordError{Game: b.Number, Line: line, Err: err}
		}
	}
	if lerr != nil {
		return recs, errs, lerr
	}
	return recs, errs, nil
}

// plies counts the moves of a block: its words that are not comments,
// move numbers or a result.
func plies(b record.Block) int {
	n := 0
	for _, t := range b.Tokens {
		if !t.Comment && !moveNumber.MatchString(t.Text) && !record.IsResult(t.Text) {
			n++
		}
	}
	return n
}

func readRecord(b record.Block, def Ruleset) (rec GameRecord, line int, e *Error) {
	rec = GameRecord{Tags: b.Tags, Rules: def, MaxOffers: 2}
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
	rule, err := ParseOpeningRule(b.Get("Opening"))
	if err != nil {
		return rec, b.Line, err.(*Error)
	}
	rec.OpeningRule, rec.MaxOffers = rule, max(2, rule.N)
	rec.Result = b.Get("Result")
	if rec.Result != "" && !record.IsResult(rec.Result) {
		return rec, b.Line, errf("bad_result", fmt.Sprintf("the result %q is not 1-0, 0-1, 1/2-1/2 or *", rec.Result),
			fmt.Sprintf("结果“%s”不对：请写1-0、0-1、1/2-1/2或*", rec.Result))
	}
	g := NewGameWithRule(rec.Rules, rule)
	ended := false
	var comments record.Comments
	defer func() { rec.Comments = comments.Map() }()
	for k, t := range b.Tokens {
		if t.Comment {
			comments.Add(len(rec.Moves), t.Text)
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
			play := g.Play
			if lastMove(b.Tokens[k+1:]) {
				play = g.PlayRecorded // a final forbidden move loses
			}
			var next *Game
			if next, err = play(m); err == nil {
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

// lastMove reports whether no move follows in rest (only comments, move
// numbers and results).
func lastMove(rest []record.Token) bool {
	for _, t := range rest {
		if !t.Comment && !moveNumber.MatchString(t.Text) && !record.IsResult(t.Text) {
			return false
		}
	}
	return true
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
