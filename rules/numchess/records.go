package numchess

import (
	"fmt"
	"regexp"
	"strings"

	"qixue/rules/record"
)

// Record is one number-chess game of a record file. The file format is a
// block of tag lines, then the moves in machine notation (Move.String),
// games separated by a blank line; {comments} and ;comments are kept at
// their moves, move numbers ("1." "1...") are skipped:
//
//	[Event "三年级班级赛"]
//	[Date "2026.11.07"]
//	[Round "2"]
//	[Red "小明"]
//	[Blue "小红"]
//	[Ruleset "G23"]
//	[Result "1-0"]
//	1. 1d4-i5 {a quiet step} 1c14-...
//
// Moves may also be written in the seed's Chinese notation (棋步表达, as
// MoveInfo.Chinese prints it, spaces allowed: "7 右平跨 (2×8−9=7)"); they
// are written back in machine form. Ruleset is K1, G23 or G46 (the
// default). Position, when present, is the
// start position in machine form (see ParsePosition); otherwise the game
// starts from the standard position. Result is "1-0" (Red won), "0-1"
// (Blue won), "1/2-1/2" or "*"; it may also close the move text.
type Record struct {
	// Tags are all the game's tags in file order.
	Tags    []record.Tag
	Ruleset Ruleset
	Start   Position
	Moves   []Move
	// Comments holds the comment after move n (1-based) at key n; key 0 is
	// a comment before the first move.
	Comments map[int]string
	// Result is "1-0", "0-1", "1/2-1/2", "*" or "".
	Result string
	// Final is the position after the last move.
	Final Position
}

// Tag returns the first non-empty value of the tag key (case-insensitive)
// or "".
func (r Record) Tag(key string) string { return record.Block{Tags: r.Tags}.Get(key) }

// RecordError says which game of a file was refused, where and why: Move
// is the 1-based number of the move at fault (0 for a tag), Text the move
// as written, Err the engine's *ParseError or *IllegalMoveError.
type RecordError struct {
	Game, Line, Move int
	Text             string
	Err              interface {
		error
		Code() string
		Message(lang string) string
	}
}

// Error returns the English message, naming the game and the line.
func (e *RecordError) Error() string { return e.Message("en") }

// Code returns the code of the underlying refusal, e.g. "wrong_result".
func (e *RecordError) Code() string { return e.Err.Code() }

// Message returns the message in lang ("en", anything else Chinese), e.g.
// "第2局（第14行）：第3步 1d4-i5：…".
func (e *RecordError) Message(lang string) string {
	if lang == "en" {
		if e.Move > 0 {
			return fmt.Sprintf("game %d (line %d): move %d %s: %s", e.Game, e.Line, e.Move, e.Text, e.Err.Message("en"))
		}
		return fmt.Sprintf("game %d (line %d): %s", e.Game, e.Line, e.Err.Message("en"))
	}
	if e.Move > 0 {
		return fmt.Sprintf("第%d局（第%d行）：第%d步 %s：%s", e.Game, e.Line, e.Move, e.Text, e.Err.Message(lang))
	}
	return fmt.Sprintf("第%d局（第%d行）：%s", e.Game, e.Line, e.Err.Message(lang))
}

// Unwrap returns the engine's error.
func (e *RecordError) Unwrap() error { return e.Err }

var moveNumberToken = regexp.MustCompile(`^[0-9]+\.+$`)

func recordErr(code, en, zh string) *ParseError {
	return &ParseError{code: code, en: en, zh: zh}
}

// ParseRecords reads every game of a record file and replays each move
// through the engine of the game's ruleset. It returns one Record and one
// error per game, in file order: a refused game has a *RecordError naming
// the game, the line and the move at fault, and the games after it are
// still read. A game without moves is refused ("empty_game").
//
// ParseRecords sets no limits: for untrusted text use ReadRecords.
func ParseRecords(text string) ([]Record, []error) {
	recs, errs, _ := ReadRecords(text, record.Limits{})
	return recs, errs
}

// ReadRecords reads the games of text as ParseRecords does, within lim
// (games, plies, comment bytes, tags and tag bytes): it stops at the first
// limit passed, returning the games before it and a *record.LimitError
// naming the limit, the game and the ply.
func ReadRecords(text string, lim record.Limits) ([]Record, []error, error) {
	blocks, lerr := record.SplitWithin(text, lim)
	recs := make([]Record, 0, len(blocks))
	errs := make([]error, 0, len(blocks))
	engines := map[string]*Engine{} // one per ruleset, warm across the file's games
	for _, b := range blocks {
		if record.Over(len(b.Tokens), lim.Plies) {
			// Every move is a word or more: count them exactly.
			toks, _ := joinChinese(b.Tokens)
			n := 0
			for _, t := range toks {
				if !t.Comment && !moveNumberToken.MatchString(t.Text) && !record.IsResult(t.Text) {
					n++
				}
			}
			if record.Over(n, lim.Plies) {
				return recs, errs, &record.LimitError{Limit: record.LimitPlies, Max: lim.Plies, Game: b.Number, Ply: lim.Plies + 1}
			}
		}
		rec, err := readRecord(b, engines)
		recs = append(recs, rec)
		errs = append(errs, nil)
		if err != nil {
			err.Game = b.Number
			errs[len(errs)-1] = err
		}
	}
	if lerr != nil {
		return recs, errs, lerr
	}
	return recs, errs, nil
}

func readRecord(b record.Block, engines map[string]*Engine) (rec Record, rerr *RecordError) {
	rec = Record{Tags: b.Tags, Start: Start()}
	var comments record.Comments
	defer func() { rec.Comments = comments.Map() }()
	atTag := func(err *ParseError) (Record, *RecordError) {
		return rec, &RecordError{Line: b.Line, Err: err}
	}
	if b.Err != nil {
		return atTag(recordErr("bad_record", b.Err.Error(), "棋谱格式错误："+b.Err.Error()))
	}
	rs, err := RulesetByName(b.Get("Ruleset"))
	if err != nil {
		return atTag(err.(*ParseError))
	}
	rec.Ruleset = rs
	if s := b.Get("Position"); s != "" {
		p, err := ParsePosition(s)
		if err != nil {
			return atTag(err.(*ParseError))
		}
		rec.Start = p
	}
	rec.Result = b.Get("Result")
	if rec.Result != "" && !record.IsResult(rec.Result) {
		return atTag(recordErr("bad_result", fmt.Sprintf("the result %q is not 1-0, 0-1, 1/2-1/2 or *", rec.Result),
			fmt.Sprintf("结果“%s”不对：请写1-0、0-1、1/2-1/2或*", rec.Result)))
	}
	eng, ok := engines[rs.Name]
	if !ok {
		eng = NewEngine(rs)
		engines[rs.Name] = eng
	}
	pos := rec.Start
	ended := false
	toks, chinese := joinChinese(b.Tokens)
	for i, t := range toks {
		n := len(rec.Moves) + 1
		at := func(err interface {
			error
			Code() string
			Message(string) string
		}) (Record, *RecordError) {
			return rec, &RecordError{Line: t.Line, Move: n, Text: t.Text, Err: err}
		}
		switch {
		case t.Comment:
			comments.Add(n-1, t.Text)
			continue
		case moveNumberToken.MatchString(t.Text):
			continue
		case ended:
			return at(recordErr("bad_record", "a move comes after the result", "结果后面还有棋步"))
		case record.IsResult(t.Text):
			if rec.Result != "" && rec.Result != t.Text {
				return at(recordErr("bad_result", fmt.Sprintf("the result after the moves differs from the Result tag %s", rec.Result),
					fmt.Sprintf("棋谱末尾的结果和Result标签%s不一致", rec.Result)))
			}
			rec.Result, ended = t.Text, true
			continue
		}
		m, err := ParseMove(t.Text)
		if chinese[i] {
			m, err = ParseChinese(pos, t.Text)
		}
		if err != nil {
			return at(err.(*ParseError))
		}
		next, err := eng.Play(pos, m)
		if err != nil {
			return at(err.(*IllegalMoveError))
		}
		pos = next
		rec.Moves = append(rec.Moves, m)
	}
	rec.Final = pos
	if len(rec.Moves) == 0 {
		return atTag(recordErr("empty_game", "the game has no moves", "这盘棋没有棋步"))
	}
	return rec, nil
}

// WriteRecords writes games in the format ParseRecords reads: the tags
// (Ruleset from the ruleset's name and Position from Start when they are
// not tags already, Result from Result), then the moves with move numbers
// and comments, then the result; a blank line between games.
func WriteRecords(games []Record) string {
	var sb strings.Builder
	for i, g := range games {
		if i > 0 {
			sb.WriteString("\n")
		}
		tags := append([]record.Tag(nil), g.Tags...)
		if g.Tag("Ruleset") == "" && g.Ruleset.Name != "" {
			tags = append(tags, record.Tag{Key: "Ruleset", Value: g.Ruleset.Name})
		}
		if g.Tag("Position") == "" && g.Start.String() != Start().String() {
			tags = append(tags, record.Tag{Key: "Position", Value: g.Start.String()})
		}
		if g.Result != "" && g.Tag("Result") == "" {
			tags = append(tags, record.Tag{Key: "Result", Value: g.Result})
		}
		record.WriteTags(&sb, tags)
		var words []string
		if c, ok := g.Comments[0]; ok {
			words = append(words, record.Comment(c))
		}
		pos := g.Start
		for n, m := range g.Moves {
			if pos.Turn() == Red || n == 0 {
				dots := "."
				if pos.Turn() != Red {
					dots = "..."
				}
				words = append(words, fmt.Sprintf("%d%s", pos.MoveNumber(), dots))
			}
			words = append(words, m.String())
			pos = pos.apply(pos.Turn(), m.Piece, m.To())
			if c, ok := g.Comments[n+1]; ok {
				words = append(words, record.Comment(c))
			}
		}
		if g.Result != "" {
			words = append(words, g.Result)
		}
		sb.WriteString(strings.Join(words, " "))
		sb.WriteString("\n")
	}
	return sb.String()
}

// joinChinese joins the words of moves written in the seed's Chinese
// notation (棋步表达), which has spaces inside ("7 右平跨 (2×8−9=7)"), into
// one token each, and marks them. A Chinese move starts with the piece's
// digit followed, in the same word or the next, by a direction term; it
// ends with its bracketed expressions, or for a step or a hop with the word
// that ends in 移 or 邻.
func joinChinese(in []record.Token) ([]record.Token, []bool) {
	out := make([]record.Token, 0, len(in))
	marks := make([]bool, 0, len(in))
	for i := 0; i < len(in); i++ {
		t := in[i]
		if !startsChinese(in, i) {
			out, marks = append(out, t), append(marks, false)
			continue
		}
		var sb strings.Builder
		depth, opened := 0, false
		for ; i < len(in) && !in[i].Comment; i++ {
			w := in[i].Text
			sb.WriteString(w + " ")
			for _, r := range w {
				switch r {
				case '(', '（':
					depth++
					opened = true
				case ')', '）':
					depth--
				}
			}
			if (opened && depth <= 0) || (!opened && (strings.HasSuffix(w, "移") || strings.HasSuffix(w, "邻") || strings.HasSuffix(w, "鄰"))) {
				break
			}
		}
		if i == len(in) || in[i].Comment {
			i-- // the move ran into a comment or the end: let ParseChinese say what is missing
		}
		out = append(out, record.Token{Text: strings.TrimSpace(sb.String()), Line: t.Line})
		marks = append(marks, true)
	}
	return out, marks
}

// startsChinese reports whether word i opens a move in Chinese notation.
func startsChinese(in []record.Token, i int) bool {
	w := in[i].Text
	if in[i].Comment || w == "" || w[0] < '0' || w[0] > '9' {
		return false
	}
	rest := strings.TrimLeft(w, "0123456789")
	if rest == "" && i+1 < len(in) && !in[i+1].Comment {
		rest = in[i+1].Text
	}
	return strings.HasPrefix(rest, "左") || strings.HasPrefix(rest, "右")
}
