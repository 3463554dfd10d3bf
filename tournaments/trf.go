package tournaments

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

// FIDE Tournament Report File (TRF): TRF16 (FIDE Handbook C.04 Annex 2),
// the TRF(x) extensions of JaVaFo (XXR rounds, XXC first colour, XXA
// acceleration, XXS points, XXP forbidden pairs) and the TRF-2026 codes
// 142 (rounds), 152 (first colour), 162 (point system) and 240 (byes
// ahead); 250, 260 and 299 are refused as not supported yet, and other
// lines (012-132, 192, team lines 013/310) are kept verbatim.
//
// A 001 line has fixed columns (1-based): 1-3 "001", 5-8 start rank, 10 sex,
// 11-13 title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id,
// 70-79 birth date, 81-84 points, 86-89 rank, then for round r, starting at
// column 92+10(r-1): 4 columns opponent (0000 none), a blank, colour (w, b
// or -), a blank, result. Columns count characters in a UTF-8 file
// (see trfColumns).

// TRFError reports a malformed or inconsistent TRF file: the line (from 1)
// and column (from 1, 0 when the whole line is at fault).
type TRFError struct {
	Line   int
	Column int
	Msg    string // in English
	Zh     string // the same in Chinese
}

// trfMsg is a message of the TRF reader in English and Chinese.
type trfMsg struct{ en, zh string }

func (m trfMsg) Error() string { return m.en }

// trfErr is the error at line and column, in English and Chinese.
func trfErr(line, col int, en, zh string) *TRFError {
	return &TRFError{Line: line, Column: col, Msg: en, Zh: zh}
}

// trfErrOf is trfErr for a trfMsg (prefixed by prefix, English and
// Chinese) or another error.
func trfErrOf(line, col int, err error, prefix ...string) *TRFError {
	m, ok := err.(trfMsg)
	if !ok {
		m = trfMsg{err.Error(), err.Error()}
	}
	if len(prefix) == 2 {
		m = trfMsg{prefix[0] + m.en, prefix[1] + m.zh}
	}
	return trfErr(line, col, m.en, m.zh)
}

func (e *TRFError) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("trf line %d column %d: %s", e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("trf line %d: %s", e.Line, e.Msg)
}

// maxTRFPlayers and maxTRFRounds bound what a file may declare, so a
// hostile file cannot make the reader allocate without limit.
const (
	maxTRFPlayers = 9999
	maxTRFRounds  = 99
)

type trfReader struct {
	t       *Tournament
	lineOf  map[int]int // player id -> line number
	byes    []byeAhead
	acc     map[int][]Points
	accLine [][2]int // player id, line of its XXA record
}

type byeAhead struct {
	round, player, line int
	kind                byte
}

// ReadTRF parses a TRF file. It checks the columns of every line, that each
// opponent exists and lists the game back with the other colour and the
// matching result, and that each player's points agree with the results.
// Errors are *TRFError values naming line and column.
func ReadTRF(r io.Reader) (*Tournament, error) {
	rd := &trfReader{t: &Tournament{Points: Standard}, lineOf: map[int]int{}}
	rd.t.Points.pairingByeIsDefault = true
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	sc.Split(splitTRFLines)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimRight(textOf(sc.Bytes()), " \t")
		if len(line) < 3 {
			if strings.TrimSpace(line) != "" {
				return nil, trfErr(n, 1, "line too short for a code", "这一行太短，没有行代码")
			}
			continue
		}
		if err := rd.line(n, line); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, trfErrOf(n+1, 0, err)
	}
	if err := rd.finish(); err != nil {
		return nil, err
	}
	return rd.t, nil
}

// textOf reads one line of a TRF file as text: UTF-8, or, when the line
// is not valid UTF-8, Windows-1252 (the "ANSI" of the Windows pairing
// programs that write most TRF files: Müller as 4D FC 6C 6C 65 72), one
// character a byte, so that the line's columns stay where they were and
// the name reads, and writes back, as its characters.
func textOf(line []byte) string {
	if utf8.Valid(line) {
		return string(line)
	}
	s, err := charmap.Windows1252.NewDecoder().Bytes(line)
	if err != nil {
		return strings.ToValidUTF8(string(line), "\uFFFD")
	}
	return string(s)
}

func splitTRFLines(data []byte, atEOF bool) (int, []byte, error) {
	for i, c := range data {
		if c == '\n' || c == '\r' {
			j := i + 1
			if c == '\r' && j < len(data) && data[j] == '\n' {
				j++
			} else if c == '\r' && j == len(data) && !atEOF {
				return 0, nil, nil
			}
			return j, data[:i], nil
		}
	}
	if atEOF && len(data) > 0 {
		return len(data), data, nil
	}
	return 0, nil, nil
}

func (rd *trfReader) line(n int, line string) error {
	code := line[:3]
	rest := ""
	if len(line) > 4 {
		rest = line[4:]
	}
	switch code {
	case "001":
		return rd.player(n, line)
	case "XXR", "142":
		v, err := strconv.Atoi(strings.TrimSpace(line[3:]))
		if err != nil || v < 1 || v > maxTRFRounds {
			return trfErr(n, 5, "the number of rounds must be a whole number from 1 to 99", "轮数必须是 1 到 99 的整数")
		}
		rd.t.Rounds = v
	case "XXC":
		for _, f := range strings.Fields(line[3:]) {
			switch f {
			case "white1":
				rd.t.InitialColor = White
			case "black1":
				rd.t.InitialColor = Black
			case "rank":
			default:
				return trfErr(n, 5+strings.Index(line[3:], f)-1, fmt.Sprintf("unknown XXC option %q", f), fmt.Sprintf("不认识的 XXC 选项 %q", f))
			}
		}
	case "152":
		switch strings.TrimSpace(rest) {
		case "W":
			rd.t.InitialColor = White
		case "B":
			rd.t.InitialColor = Black
		default:
			return trfErr(n, 5, "the first colour must be W or B", "第一轮的颜色必须是 W 或 B")
		}
	case "162":
		return rd.pointSystem162(n, line)
	case "XXS":
		return rd.pointSystemXXS(n, line)
	case "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU":
		v, err := parsePoints(strings.TrimSpace(line[3:]))
		if err != nil {
			return trfErrOf(n, 5, err)
		}
		ps := &rd.t.Points
		switch code {
		case "BBW":
			ps.Win, ps.FullBye, ps.ForfeitWin = v, v, v
			if ps.pairingByeIsDefault {
				ps.PairingBye = v
			}
		case "BBD":
			ps.Draw, ps.HalfBye = v, v
		case "BBL":
			ps.Loss = v
		case "BBZ":
			ps.ZeroBye = v
		case "BBF":
			ps.Forfeit = v
		case "BBU":
			ps.PairingBye, ps.pairingByeIsDefault = v, false
		}
	case "XXA":
		return rd.accelerationXXA(n, line)
	case "XXP":
		var group []int
		for _, f := range strings.Fields(line[3:]) {
			id, err := strconv.Atoi(f)
			if err != nil || id < 1 || id > maxTRFPlayers {
				return trfErr(n, 5+strings.Index(line[3:], f)-1, fmt.Sprintf("%q is not a start rank", f), fmt.Sprintf("%q 不是编号", f))
			}
			group = append(group, id)
		}
		rd.t.Forbidden = append(rd.t.Forbidden, group)
	case "240":
		return rd.byes240(n, line)
	case "250", "260", "299":
		// Accelerations, round-limited forbidden pairs and abnormal points
		// of TRF-2026 change the pairing; refuse rather than ignore them.
		return trfErr(n, 1, fmt.Sprintf("TRF-2026 line %s is not supported yet", code), fmt.Sprintf("还不支持 TRF-2026 的 %s 行", code))
	default:
		rd.t.Header = append(rd.t.Header, HeaderLine{Code: code, Text: strings.TrimPrefix(line[3:], " ")})
	}
	return nil
}

// field returns columns from..to (1-based, inclusive) of line, padded.
func field(line string, from, to int) string {
	if from > len(line) {
		return ""
	}
	if to > len(line) {
		to = len(line)
	}
	return line[from-1 : to]
}

// trfColumns gives the columns of a 001 line. TRF columns count
// characters: bbpPairings decodes the file as UTF-8 and JaVaFo reads
// characters, so a line in UTF-8 is indexed by character (a Chinese name
// takes as many columns as it has characters, not bytes). line has one
// byte a column (a non-ASCII character as '?') for the fixed columns, and
// text gives the characters of columns from..to. (A line that is not
// UTF-8 was read as Windows-1252 before it got here, one character a
// byte, so it counts its columns as it was written.)
func trfColumns(raw string) (line string, text func(from, to int) string) {
	ascii := true
	for i := 0; i < len(raw) && ascii; i++ {
		ascii = raw[i] < utf8.RuneSelf
	}
	if ascii || !utf8.ValidString(raw) {
		return raw, func(from, to int) string { return field(raw, from, to) }
	}
	rs := []rune(raw)
	shape := make([]byte, len(rs))
	for i, r := range rs {
		shape[i] = '?'
		if r < utf8.RuneSelf {
			shape[i] = byte(r)
		}
	}
	return string(shape), func(from, to int) string {
		if from > len(rs) {
			return ""
		}
		return string(rs[from-1 : min(to, len(rs))])
	}
}

func parsePoints(s string) (Points, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, trfMsg{"points are missing", "缺少积分"}
	}
	whole, frac, ok := strings.Cut(s, ".")
	w, err := strconv.Atoi(whole)
	if err != nil || w < 0 || w > 9999 {
		return 0, trfMsg{fmt.Sprintf("%q is not a number of points", s), fmt.Sprintf("%q 不是积分", s)}
	}
	p := Points(w * 10)
	if ok {
		if len(frac) != 1 || frac[0] < '0' || frac[0] > '9' {
			return 0, trfMsg{fmt.Sprintf("%q is not a number of points (one decimal)", s), fmt.Sprintf("%q 不是积分（只能有一位小数）", s)}
		}
		p += Points(frac[0] - '0')
	}
	return p, nil
}

func (rd *trfReader) player(n int, raw string) error {
	line, text := trfColumns(raw)
	err := rd.playerAt(n, line, text)
	if err != nil && line != raw && wholeCharacters(raw) {
		// A UTF-8 line whose name was padded by bytes (as WriteTRF did
		// before it counted characters) reads by byte columns.
		if rd.playerAt(n, raw, func(from, to int) string { return field(raw, from, to) }) == nil {
			return nil
		}
	}
	return err
}

// wholeCharacters reports whether the text columns of a 001 line, counted
// in bytes, each hold whole UTF-8 characters: only then can the line have
// been padded by bytes (a byte column through the middle of a character
// is a line of other columns, too short or misaligned).
func wholeCharacters(raw string) bool {
	for _, c := range [][2]int{{10, 10}, {11, 13}, {15, 47}, {54, 56}, {58, 68}, {70, 79}} {
		if !utf8.ValidString(field(raw, c[0], c[1])) {
			return false
		}
	}
	return true
}

// playerAt reads a 001 line whose columns are line's bytes (text gives
// the characters of a column range); nothing is kept unless it reads.
func (rd *trfReader) playerAt(n int, line string, text func(from, to int) string) error {
	if len(line) < 84 {
		return trfErr(n, len(line)+1, "a 001 line needs at least 84 columns (up to the points)", "001 行至少要有 84 列（写到积分为止）")
	}
	id, err := strconv.Atoi(strings.TrimSpace(field(line, 5, 8)))
	if err != nil || id < 1 || id > maxTRFPlayers {
		return trfErr(n, 5, "the start rank (columns 5-8) must be a number from 1 to 9999", "编号（第 5-8 列）必须是 1 到 9999 的数")
	}
	if _, dup := rd.lineOf[id]; dup {
		return trfErr(n, 5, fmt.Sprintf("start rank %d appears twice (first on line %d)", id, rd.lineOf[id]), fmt.Sprintf("编号 %d 出现了两次（第一次在第 %d 行）", id, rd.lineOf[id]))
	}
	p := &Player{
		ID:         id,
		Sex:        strings.TrimSpace(text(10, 10)),
		Title:      strings.TrimSpace(text(11, 13)),
		Name:       strings.TrimSpace(text(15, 47)),
		Federation: strings.TrimSpace(text(54, 56)),
		FideID:     strings.TrimSpace(text(58, 68)),
		Birth:      strings.TrimSpace(text(70, 79)),
	}
	if s := strings.TrimSpace(field(line, 49, 52)); s != "" {
		if p.Rating, err = strconv.Atoi(s); err != nil || p.Rating < 0 {
			return trfErr(n, 49, "the rating (columns 49-52) must be a number", "等级分（第 49-52 列）必须是数")
		}
	}
	if s := strings.TrimSpace(field(line, 81, 84)); s != "" {
		if p.Declared, err = parsePoints(s); err != nil {
			return trfErrOf(n, 81, err, "points (columns 81-84): ", "积分（第 81-84 列）：")
		}
	} else {
		p.Declared = -1
	}
	if s := strings.TrimSpace(field(line, 86, 89)); s != "" {
		if p.Rank, err = strconv.Atoi(s); err != nil {
			return trfErr(n, 86, "the rank (columns 86-89) must be a number", "名次（第 86-89 列）必须是数")
		}
	}
	for col := 92; col <= len(line); col += 10 {
		if len(p.Rounds) >= maxTRFRounds {
			return trfErr(n, col, "more than 99 rounds", "超过了 99 轮")
		}
		if sep := field(line, col-2, col-1); strings.TrimSpace(sep) != "" {
			return trfErr(n, col-2, "expected blanks between rounds", "两轮之间应该是空格")
		}
		e, err := parseEntry(n, col, line, id)
		if err != nil {
			return err
		}
		p.Rounds = append(p.Rounds, e)
	}
	rd.lineOf[id] = n
	for len(rd.t.Players) < id {
		rd.t.Players = append(rd.t.Players, nil)
	}
	rd.t.Players[id-1] = p
	return nil
}

func parseEntry(n, col int, line string, self int) (Entry, error) {
	var e Entry
	opp := field(line, col, col+3)
	switch strings.TrimSpace(opp) {
	case "":
	case "0000", "0":
	default:
		v, err := strconv.Atoi(strings.TrimSpace(opp))
		if err != nil || v < 1 || v > maxTRFPlayers {
			return e, trfErr(n, col, fmt.Sprintf("opponent %q is not a start rank", opp), fmt.Sprintf("对手 %q 不是编号", opp))
		}
		if v == self {
			return e, trfErr(n, col, "a player cannot play against themselves", "棋手不能和自己对局")
		}
		e.Opponent = v
	}
	if s := field(line, col+4, col+4); strings.TrimSpace(s) != "" {
		return e, trfErr(n, col+4, "expected a blank after the opponent", "对手编号后面应该是空格")
	}
	switch c := field(line, col+5, col+5); c {
	case "w", "W":
		e.Color = White
	case "b", "B":
		e.Color = Black
	case "-", " ", "":
	default:
		return e, trfErr(n, col+5, fmt.Sprintf("colour %q must be w, b or -", c), fmt.Sprintf("颜色 %q 必须是 w、b 或 -", c))
	}
	if s := field(line, col+6, col+6); strings.TrimSpace(s) != "" {
		return e, trfErr(n, col+6, "expected a blank after the colour", "颜色后面应该是空格")
	}
	rc := field(line, col+7, col+7)
	if rc == "" {
		rc = " "
	}
	if len(field(line, col+8, col+9)) > 0 && strings.TrimSpace(field(line, col+8, col+8)) != "" {
		return e, trfErr(n, col+8, "unexpected text after the result", "结果后面有多余的文字")
	}
	r := Result(strings.ToUpper(rc)[0])
	switch r {
	case Win, Draw, Loss, UnratedWin, UnratedDraw, UnratedLoss:
		if e.Opponent == 0 || e.Color == NoColor {
			return e, trfErr(n, col+7, "a played game needs an opponent and a colour", "下过的对局要有对手和颜色")
		}
	case ForfeitWin, ForfeitLoss:
		// A forfeit may name the absent opponent or not.
	case PairingBye, HalfPointBye, FullPointBye, ZeroPointBye:
		if e.Opponent != 0 || e.Color != NoColor {
			return e, trfErr(n, col+7, "a bye has no opponent and no colour", "轮空没有对手，也没有颜色")
		}
	case NotPaired:
		if e.Opponent != 0 || e.Color != NoColor {
			return e, trfErr(n, col+7, "the result is missing", "缺少结果")
		}
	default:
		return e, trfErr(n, col+7, fmt.Sprintf("unknown result %q", rc), fmt.Sprintf("不认识的结果 %q", rc))
	}
	e.Result = r
	return e, nil
}

func (rd *trfReader) finish() error {
	t := rd.t
	if len(t.Players) == 0 {
		return trfErr(1, 0, "the file has no players (001 lines)", "文件里没有棋手（001 行）")
	}
	for _, a := range rd.accLine {
		p := t.Player(a[0])
		if p == nil {
			return trfErr(a[1], 5, fmt.Sprintf("acceleration for unknown player %d", a[0]), fmt.Sprintf("加速积分给了不存在的棋手 %d", a[0]))
		}
		p.Acceleration = rd.acc[a[0]]
	}
	played := t.PlayedRounds()
	// Byes written ahead (240) for the round to pair.
	for _, b := range rd.byes {
		p := t.Player(b.player)
		if p == nil {
			return trfErr(b.line, 0, fmt.Sprintf("unknown player %d", b.player), fmt.Sprintf("没有编号为 %d 的棋手", b.player))
		}
		if b.round == played+1 && countEntries(p) <= played {
			for len(p.Rounds) < played {
				p.Rounds = append(p.Rounds, Entry{Result: NotPaired})
			}
			p.Rounds = append(p.Rounds[:played], Entry{Result: ZeroPointBye})
			if b.kind == 'H' {
				p.Rounds[played].Result = HalfPointBye
			}
		}
	}
	ids := make([]int, 0, len(rd.lineOf))
	for id := range rd.lineOf {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		p := t.Player(id)
		n := rd.lineOf[id]
		for r, e := range p.Rounds {
			col := 92 + 10*r
			if e.Opponent == 0 {
				continue
			}
			o := t.Player(e.Opponent)
			if o == nil {
				return trfErr(n, col, fmt.Sprintf("round %d: opponent %d is not in the file", r+1, e.Opponent), fmt.Sprintf("第 %d 轮：对手 %d 不在文件里", r+1, e.Opponent))
			}
			if r >= len(o.Rounds) || o.Rounds[r].Opponent != id {
				return trfErr(n, col, fmt.Sprintf("round %d: player %d does not list player %d as opponent", r+1, e.Opponent, id), fmt.Sprintf("第 %d 轮：棋手 %d 的对手不是 %d", r+1, e.Opponent, id))
			}
			oe := o.Rounds[r]
			if e.Played() != oe.Played() || e.Played() && e.Color == oe.Color {
				return trfErr(n, col+5, fmt.Sprintf("round %d: colours of players %d and %d do not fit together", r+1, id, e.Opponent), fmt.Sprintf("第 %d 轮：棋手 %d 和 %d 的颜色对不上", r+1, id, e.Opponent))
			}
			if oe.Result != e.Result.reverse() && !(e.Result == ForfeitLoss && oe.Result == ForfeitLoss) {
				return trfErr(n, col+7, fmt.Sprintf("round %d: result %q of player %d does not match result %q of player %d", r+1, e.Result, id, oe.Result, e.Opponent), fmt.Sprintf("第 %d 轮：棋手 %d 的结果 %q 和棋手 %d 的结果 %q 对不上", r+1, id, e.Result, e.Opponent, oe.Result))
			}
		}
		if p.Declared >= 0 {
			s := t.Score(p, played)
			ok := p.Declared == s
			if !ok && len(p.Rounds) > played {
				ok = p.Declared == s+t.Points.Points(p.Rounds[played])
			}
			if !ok && len(p.Acceleration) > 0 {
				ok = p.Declared == s+accelerationAt(p, played)
			}
			if !ok {
				return trfErr(n, 81, fmt.Sprintf("player %d has %s points in the file but %s from the results", id, p.Declared, s), fmt.Sprintf("棋手 %d 在文件里是 %s 分，按结果算是 %s 分", id, p.Declared, s))
			}
		}
	}
	if t.Rounds > 0 && played > t.Rounds {
		return trfErr(1, 0, fmt.Sprintf("%d rounds are played but the tournament has %d", played, t.Rounds), fmt.Sprintf("已经下了 %d 轮，可是比赛只有 %d 轮", played, t.Rounds))
	}
	for _, g := range t.Forbidden {
		for _, id := range g {
			if t.Player(id) == nil {
				return trfErr(1, 0, fmt.Sprintf("forbidden pair names unknown player %d", id), fmt.Sprintf("禁止配对里有不存在的棋手 %d", id))
			}
		}
	}
	return nil
}

func accelerationAt(p *Player, round int) Points {
	if round < len(p.Acceleration) {
		return p.Acceleration[round]
	}
	return 0
}
