package exercises

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"qixue/domain"
	"qixue/rules/chess"
	"qixue/rules/record"
)

// Lichess puzzle database rows (https://database.lichess.org/#puzzles):
//
//	PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags
//
// FEN is the position before the opponent's move; Moves are UCI moves, the
// first the opponent's, the rest the solution, which ends with the solver's
// move. A row becomes a school exercise: chess.mate_in with n = N for the
// themes mateIn1 to mateIn3 (when the line has 2N-1 moves), chess.best_move
// otherwise; the themes become its tags and the puzzle rating its
// difficulty and band (see lichessLevel).

// LichessRow is one data row of a Lichess puzzle file: the exercise it
// makes, or why it was refused.
type LichessRow struct {
	Line     int         // line number in the file, 1-based
	PuzzleID string      // "" when the row has no id
	Draft    Draft       // the exercise, when Reason is empty
	Reason   domain.Text // why the row was refused
	// Code is the stable code of a refusal: CodeDuplicate, or
	// "invalid" for a row that cannot be read or checked.
	Code string
}

// CodeDuplicate refuses a puzzle the school already holds, or one that
// came earlier in the same file.
const CodeDuplicate = "duplicate"

// lichessSource is the Source of an exercise imported from a puzzle.
func lichessSource(puzzleID string) string { return "lichess:" + puzzleID }

// LichessReport is the outcome of an import: how many exercises were (or,
// in a dry run, would be) stored and every refused row.
type LichessReport struct {
	Imported int
	Refused  []LichessRow
}

// lichessColumns are the columns of the puzzle database, in order; files
// from before 2021 have no OpeningTags. A file without a header line is
// read by these positions.
var lichessColumns = []string{"PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation", "Popularity", "NbPlays", "Themes", "GameUrl", "OpeningTags"}

// lichessRequired are the columns a file with a header line must have;
// the others (GameUrl, and any the export adds, such as DailyDate) are
// optional and ignored when unknown.
var lichessRequired = []string{"PuzzleId", "FEN", "Moves", "Rating", "Themes"}

// CodeMissingColumn refuses a whole file whose header line lacks a
// required column; it is reported once, on line 1.
const CodeMissingColumn = "missing_column"

// lichessLayout is where each known column stands in the rows; want is
// the number of fields of the header (0 for a file without one: rows of 9
// or 10), need the fewest a row may have (up to its last required column;
// the optional columns after it may be left off, as rows without
// OpeningTags do).
type lichessLayout struct {
	col        map[string]int
	want, need int
}

// positional is the layout of a file without a header line.
func positional() lichessLayout {
	l := lichessLayout{col: map[string]int{}}
	for i, c := range lichessColumns {
		l.col[c] = i
	}
	return l
}

// field returns the trimmed field of column c, "" when the file has no
// such column.
func (l lichessLayout) field(rec []string, c string) string {
	i, ok := l.col[c]
	if !ok || i >= len(rec) {
		return ""
	}
	return strings.TrimSpace(rec[i])
}

// headerLayout reads a header line: columns by name (case and spaces
// ignored), unknown ones skipped. missing lists the required columns it
// lacks.
func headerLayout(rec []string) (l lichessLayout, missing []string) {
	l = lichessLayout{col: map[string]int{}, want: len(rec)}
	for i, h := range rec {
		h = strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))
		for _, c := range lichessColumns {
			if strings.EqualFold(h, c) {
				if _, dup := l.col[c]; !dup {
					l.col[c] = i
				}
			}
		}
	}
	for _, c := range lichessRequired {
		i, ok := l.col[c]
		if !ok {
			missing = append(missing, c)
		}
		l.need = max(l.need, i+1)
	}
	return l, missing
}

// isLichessHeader reports whether a first line is a header: a field named
// PuzzleId, or no field that could be a FEN.
func isLichessHeader(rec []string) bool {
	for _, f := range rec {
		f = strings.TrimSpace(strings.TrimPrefix(f, "\ufeff"))
		if strings.EqualFold(f, "PuzzleId") {
			return true
		}
	}
	return false
}

// MaxLichessRows is the largest number of rows one import reads.
const MaxLichessRows = 20000

// ReadLichessCSV reads Lichess puzzle rows into drafts of school
// exercises; every row is returned, a bad one with its Reason. With a
// header line (a field PuzzleId) the columns are found by their names, in
// any order, and columns it does not know (DailyDate, ...) are ignored; a
// header without a required column (lichessRequired) gives one refusal
// for the file, on line 1, code CodeMissingColumn, and no rows. Without a
// header the columns are those of the database, in order (9 or 10). It
// returns an error only when the file is not CSV text at all or has more
// than MaxLichessRows rows (a *record.LimitError naming rows).
func ReadLichessCSV(r io.Reader) ([]LichessRow, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = true
	var rows []LichessRow
	seen := map[string]int{}
	layout, first := positional(), true
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			rows = append(rows, LichessRow{Line: pe.StartLine, Reason: domain.Text{
				ZH: "这一行不是正确的 CSV：" + pe.Err.Error(), EN: "this line is not valid CSV: " + pe.Err.Error()}})
			continue
		}
		if err != nil {
			return nil, err
		}
		line, _ := cr.FieldPos(0)
		if first {
			first = false
			if isLichessHeader(rec) {
				var missing []string
				layout, missing = headerLayout(rec)
				if len(missing) > 0 {
					return []LichessRow{{Line: line, Code: CodeMissingColumn, Reason: domain.Text{
						ZH: fmt.Sprintf("表头缺少必需的列 %s（必需：%s），整个文件没有导入", strings.Join(missing, "、"), strings.Join(lichessRequired, ",")),
						EN: fmt.Sprintf("the header line has no column %s (required: %s); nothing in the file was read", strings.Join(missing, ", "), strings.Join(lichessRequired, ","))}}}, nil
				}
				continue
			}
		}
		if len(rows) >= MaxLichessRows {
			return nil, &record.LimitError{Limit: record.LimitRows, Max: MaxLichessRows}
		}
		row := lichessRow(layout, rec)
		row.Line = line
		if row.Reason == (domain.Text{}) && row.PuzzleID != "" {
			if first, dup := seen[row.PuzzleID]; dup {
				row.Reason = domain.Text{ZH: fmt.Sprintf("谜题 %s 在第 %d 行已经出现过", row.PuzzleID, first),
					EN: fmt.Sprintf("puzzle %s already appears on line %d", row.PuzzleID, first)}
			} else {
				seen[row.PuzzleID] = line
			}
		}
		rows = append(rows, row)
	}
}

// lichessRow turns one record into an exercise draft or a refusal.
func lichessRow(l lichessLayout, rec []string) LichessRow {
	var row LichessRow
	refuse := func(zh, en string) LichessRow {
		row.Reason = domain.Text{ZH: zh, EN: en}
		return row
	}
	if id := l.field(rec, "PuzzleId"); len(id) <= 32 {
		row.PuzzleID = id
	}
	switch {
	case l.want > 0 && (len(rec) > l.want || len(rec) < l.need):
		return refuse(fmt.Sprintf("应有 %d 列（和表头一样），实际有 %d 列", l.want, len(rec)),
			fmt.Sprintf("expected %d columns (as the header line has), found %d", l.want, len(rec)))
	case l.want == 0 && len(rec) != len(lichessColumns) && len(rec) != len(lichessColumns)-1:
		return refuse(fmt.Sprintf("应有 %d 列（%s），实际有 %d 列", len(lichessColumns), strings.Join(lichessColumns, ","), len(rec)),
			fmt.Sprintf("expected %d columns (%s), found %d", len(lichessColumns), strings.Join(lichessColumns, ","), len(rec)))
	}
	fen, moves, ratingText, themesText, url := l.field(rec, "FEN"), l.field(rec, "Moves"), l.field(rec, "Rating"), l.field(rec, "Themes"), l.field(rec, "GameUrl")
	row.PuzzleID = l.field(rec, "PuzzleId")
	if row.PuzzleID == "" || len(row.PuzzleID) > 32 {
		return refuse("PuzzleId 为空或太长", "PuzzleId is empty or too long")
	}
	pos, err := chess.ParseFEN(fen)
	if err != nil {
		var ce chess.Error
		errors.As(err, &ce)
		return refuse("FEN 列："+ce.Message("zh-CN"), "FEN column: "+ce.Message("en"))
	}
	uci := strings.Fields(moves)
	if len(uci) < 2 {
		return refuse("Moves 列至少要有对手的一步和答案的一步", "the Moves column needs the opponent's move and at least one solution move")
	}
	if len(uci)%2 != 0 {
		return refuse("答案要以解题一方的着法结束，Moves 列的着法数应为奇数加一", "the solution must end with the solver's move: Moves should hold an even number of moves")
	}
	var line []string
	start := pos
	for i, u := range uci {
		m, err := pos.ParseMove(u)
		if err != nil {
			var ce chess.Error
			errors.As(err, &ce)
			return refuse(fmt.Sprintf("Moves 列第 %d 步：%s", i+1, ce.Message("zh-CN")),
				fmt.Sprintf("Moves column, move %d: %s", i+1, ce.Message("en")))
		}
		if i == 0 {
			start, _ = pos.Play(m)
		} else {
			line = append(line, pos.SAN(m))
		}
		pos, _ = pos.Play(m)
	}
	rating, err := strconv.Atoi(ratingText)
	if err != nil || rating < 0 || rating > 4000 {
		return refuse(fmt.Sprintf("Rating 列 %q 不是 0 到 4000 的整数", ratingText), fmt.Sprintf("the Rating column %q is not a whole number from 0 to 4000", ratingText))
	}
	themes := strings.Fields(themesText)
	difficulty, band := lichessLevel(rating)
	d := Draft{Kind: "chess.best_move", Difficulty: difficulty, Band: string(band), Tags: themes}
	side := domain.Text{ZH: "白方走", EN: "White to move"}
	if start.Turn() == chess.Black {
		side = domain.Text{ZH: "黑方走", EN: "Black to move"}
	}
	task := domain.Text{ZH: "找出最好的着法。", EN: "find the best move."}
	prompt := map[string]any{"fen": start.FEN()}
	for _, t := range themes {
		n, ok := strings.CutPrefix(t, "mateIn")
		if k, err := strconv.Atoi(n); ok && err == nil && k >= 1 && k <= 3 && len(line) == 2*k-1 {
			d.Kind = "chess.mate_in"
			prompt["n"] = k
			task = domain.Text{ZH: fmt.Sprintf("%d 步杀。", k), EN: fmt.Sprintf("mate in %d.", k)}
		}
	}
	d.Title = domain.Text{ZH: "Lichess 谜题 " + row.PuzzleID, EN: "Lichess puzzle " + row.PuzzleID}
	d.Body = domain.Text{ZH: side.ZH + "，" + task.ZH, EN: side.EN + ": " + task.EN}
	if strings.HasPrefix(url, "https://lichess.org/") {
		d.Body.ZH += "\n\n来源：" + url
		d.Body.EN += "\n\nFrom " + url
	}
	d.Prompt, _ = json.Marshal(prompt)
	d.Solution, _ = json.Marshal(map[string]any{"moves": line})
	row.Draft = d
	return row
}

// lichessLevel maps a Lichess puzzle rating to a difficulty (1 below
// 1000, 2 below 1400, 3 below 1800, 4 below 2200, else 5) and a grade band
// (K1 below 1000, G23 below 1600, else G46).
func lichessLevel(rating int) (int, Band) {
	difficulty := 5
	for i, limit := range []int{1000, 1400, 1800, 2200} {
		if rating < limit {
			difficulty = i + 1
			break
		}
	}
	switch {
	case rating < 1000:
		return difficulty, K1
	case rating < 1600:
		return difficulty, G23
	}
	return difficulty, G46
}

// ImportLichess reads Lichess puzzle rows and stores every good one as an
// exercise of the school (the caller's; platform admins name schoolID),
// each checked by its kind as an authored exercise is. Refused rows are
// reported, not stored; the good ones are stored all in one go, or none
// when dryRun is set. Only staff may import.
func (s *Service) ImportLichess(ctx context.Context, p domain.Principal, schoolID string, r io.Reader, dryRun bool) (LichessReport, error) {
	school, err := authorSchool(p, schoolID)
	if err != nil {
		return LichessReport{}, err
	}
	rows, err := ReadLichessCSV(r)
	var limit *record.LimitError
	if errors.As(err, &limit) {
		return LichessReport{}, limit
	}
	if err != nil {
		return LichessReport{}, domain.Invalid("file", "invalid")
	}
	var sources []string
	for _, row := range rows {
		if row.PuzzleID != "" {
			sources = append(sources, lichessSource(row.PuzzleID))
		}
	}
	stored, err := s.store.StoredSources(ctx, school, sources)
	if err != nil {
		return LichessReport{}, err
	}
	seen := map[string]bool{}
	for _, src := range stored {
		seen[src] = true
	}
	var rep LichessReport
	var exs []Exercise
	for _, row := range rows {
		src := lichessSource(row.PuzzleID)
		switch {
		case row.Reason != (domain.Text{}) && row.Code != "":
		case row.Reason != (domain.Text{}):
			row.Code = "invalid"
		case seen[src]:
			row.Code = CodeDuplicate
			row.Reason = domain.Text{ZH: "学校里已经有这道谜题（PuzzleId " + row.PuzzleID + "）", EN: "the school already has this puzzle (PuzzleId " + row.PuzzleID + ")"}
		default:
			ex, err := row.Draft.check()
			if err != nil {
				row.Code, row.Reason = "invalid", draftRefusal(err)
				break
			}
			ex.Source = src
			seen[src] = true
			exs = append(exs, ex)
			continue
		}
		rep.Refused = append(rep.Refused, row)
	}
	rep.Imported = len(exs)
	if dryRun || len(exs) == 0 {
		return rep, nil
	}
	if _, err := s.saveAs(ctx, school, exs); err != nil {
		return LichessReport{}, err
	}
	return rep, nil
}

// draftRefusal explains why a draft was refused.
func draftRefusal(err error) domain.Text {
	var pe *PromptError
	if errors.As(err, &pe) {
		return pe.Message
	}
	var ie *domain.Error
	if errors.As(err, &ie) {
		var fs []string
		for _, f := range ie.Fields() {
			fs = append(fs, f.Field+" ("+f.Code+")")
		}
		return domain.Text{ZH: "字段不符合要求：" + strings.Join(fs, "、"), EN: "fields not accepted: " + strings.Join(fs, ", ")}
	}
	return domain.Text{ZH: "无法导入", EN: "cannot be imported"}
}
