package exercises

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/gomoku"
)

// gomokuCountProblem says what is wrong with the stone count of a board
// on which toMove ("black", "white" or "" for either) plays next, or "".
// Black plays first and the players alternate, so before Black's move
// both have as many stones, and before White's Black has one more.
func gomokuCountProblem(board, toMove string) string {
	black, white := strings.Count(board, "x"), strings.Count(board, "o")
	switch {
	case toMove == "black" && black != white:
		return fmt.Sprintf("Black to play with %d black and %d white stones (Black to play needs as many of each)", black, white)
	case toMove == "white" && black != white+1:
		return fmt.Sprintf("White to play with %d black and %d white stones (White to play needs one black stone more)", black, white)
	case toMove == "" && black != white && black != white+1:
		return fmt.Sprintf("%d black and %d white stones cannot come from a game (Black plays first, then they alternate)", black, white)
	}
	return ""
}

// TestGomokuContentStoneCounts: every gomoku and renju position in the
// bank and in the lessons could come from a game: the count of stones
// fits the side to move (a forbidden-point question is Black's move).
func TestGomokuContentStoneCounts(t *testing.T) {
	for _, ex := range wholeBank(t) {
		var p struct {
			Board    string `json:"board"`
			Colour   string `json:"colour"`
			Attacker string `json:"attacker"`
		}
		_ = json.Unmarshal(ex.Prompt, &p)
		toMove := p.Colour
		switch ex.Kind {
		case "gomoku.forbidden":
			toMove = "black"
		case "gomoku.vcf":
			toMove = p.Attacker
		case "gomoku.win_in_1", "gomoku.shape":
		default:
			continue
		}
		if msg := gomokuCountProblem(p.Board, toMove); msg != "" {
			t.Errorf("%s: %s", ex.Key, msg)
		}
	}
	eachLesson(t, game.Gomoku, func(_ contentCurriculum, l contentLesson) {
		for i, b := range l.Blocks {
			if b.Type != "diagram" {
				continue
			}
			if msg := gomokuCountProblem(b.Position, gomokuCaptionToMove(b.Caption.ZH)); msg != "" {
				t.Errorf("%s block %d: %s", l.ID, i, msg)
			}
		}
	})
}

// gomokuCaptionAsks matches a diagram caption that asks what one colour
// plays next ("黑棋在哪里成五？", "轮到白棋"): that colour is to move.
var gomokuCaptionAsks = regexp.MustCompile(`轮到(黑|白)棋|(黑|白)棋(在哪里|下哪里|下一步|先走|要下|该下)|(黑|白)先`)

// gomokuCaptionToMove returns the colour a caption says is to move, or "".
func gomokuCaptionToMove(caption string) string {
	m := gomokuCaptionAsks.FindStringSubmatch(caption)
	if m == nil {
		return ""
	}
	if m[1]+m[2]+m[4] == "黑" {
		return "black"
	}
	return "white"
}

// TestGomokuCaptionToMove: the K1 review diagram asked where Black makes
// five over a board with 6 black and 5 white stones (White's turn); a
// caption's question now counts as the side to move.
func TestGomokuCaptionToMove(t *testing.T) {
	before := ".............../.............../.............../...o.........../....x........../.....xo......../....o.xoo....../.....x.x......./......x......../.............../.............../.............../.............../.............../..............."
	if gomokuCountProblem(before, gomokuCaptionToMove("复习题：黑棋在哪里成五？")) == "" {
		t.Error("6 black and 5 white stones with Black to move passed")
	}
	for caption, want := range map[string]string{"复习题：黑棋在哪里成五？": "black", "轮到白棋，白棋下哪里？": "white", "白先": "white", "黑棋 d8 到 h8 五连，黑棋赢了。": ""} {
		if got := gomokuCaptionToMove(caption); got != want {
			t.Errorf("%q: %q, want %q", caption, got, want)
		}
	}
}

// TestGomokuCountProblem: the counting rule on the review's cases.
func TestGomokuCountProblem(t *testing.T) {
	for _, c := range []struct {
		board, toMove string
		bad           bool
	}{
		{"xxxxx.oooo", "white", false}, // 5 black, 4 white: a five after Black's move
		{"xxxxx.ooooo", "white", true}, // lesson-k1-006 before the fix
		{"xxxxx.ooooo", "black", false},
		{"xxxx.ooo", "black", true},
		{"xxxx", "", true},
		{"xxxxooo", "", false},
	} {
		if got := gomokuCountProblem(c.board, c.toMove) != ""; got != c.bad {
			t.Errorf("%s %s: bad %v, want %v", c.board, c.toMove, got, c.bad)
		}
	}
}

// claimsFiveWithForbidden matches a text saying a move makes a five and a
// forbidden shape at once.
var claimsFiveWithForbidden = regexp.MustCompile(`五连和禁手|(同时|一起)[^。]*(五连|成五)[^。]*禁手|(五连|成五)[^。]*(同时|一起)[^。]*禁手|(?i)five and a forbidden|forbidden shape (come )?together`)

// claimsForbidden matches a text calling a point forbidden (questions
// such as "h7 是禁手吗？" claim nothing).
var claimsForbidden = regexp.MustCompile(`禁手|(?i)forbidden`)

// fiveWithForbidden reports whether Black on p makes a five that would be
// a forbidden point without it: p makes five, and with the other stones of
// that five taken off, p is forbidden (double four, double three or
// overline through the other lines).
func fiveWithForbidden(b *gomoku.Board, p gomoku.Point) bool {
	if !slices.Contains(gomoku.WinIn1(b, gomoku.Renju, gomoku.Black), p) {
		return false
	}
	for _, d := range [][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}} {
		c := *b
		var run []gomoku.Point
		for _, sign := range []int{1, -1} {
			for k := 1; ; k++ {
				q, err := gomoku.NewPoint(p.Col()+sign*k*d[0], p.Row()+sign*k*d[1])
				if err != nil || b.At(q) != gomoku.Black {
					break
				}
				run = append(run, q)
			}
		}
		if len(run) < 4 {
			continue
		}
		for _, q := range run {
			_ = c.Remove(q)
		}
		if c.IsForbidden(p) {
			return true
		}
	}
	return false
}

// TestGomokuContentForbiddenClaims: a renju exercise or diagram that says
// a move makes a five together with a forbidden shape shows one (the
// point makes five, and is forbidden once that five is taken away), and a
// diagram whose caption calls its highlighted point forbidden shows a
// forbidden point.
func TestGomokuContentForbiddenClaims(t *testing.T) {
	for _, ex := range wholeBank(t) {
		if ex.Kind != "gomoku.win_in_1" {
			continue
		}
		texts := exerciseTexts(ex)
		texts["title"] = ex.Title
		claim := false
		for _, text := range texts {
			claim = claim || claimsFiveWithForbidden.MatchString(text.ZH) || claimsFiveWithForbidden.MatchString(text.EN)
		}
		if !claim {
			continue
		}
		var p gmWinPrompt
		var s struct {
			Point string `json:"point"`
		}
		_ = json.Unmarshal(ex.Prompt, &p)
		_ = json.Unmarshal(ex.Solution, &s)
		b, _ := gomoku.ParseBoard(p.Board)
		pt, _ := gomoku.ParsePoint(s.Point)
		if p.Rules != "renju" || p.Colour != "black" || !fiveWithForbidden(b, pt) {
			t.Errorf("%s: says %s makes a five with a forbidden shape, but it does not (rules %s, %s to play)", ex.Key, s.Point, p.Rules, p.Colour)
		}
	}
	eachLesson(t, game.Gomoku, func(_ contentCurriculum, l contentLesson) {
		for i, blk := range l.Blocks {
			if blk.Type != "diagram" || len(blk.Hi) == 0 {
				continue
			}
			caption := blk.Caption.ZH + " " + blk.Caption.EN
			both := claimsFiveWithForbidden.MatchString(caption)
			if !both && (!claimsForbidden.MatchString(caption) || strings.Contains(caption, "吗")) {
				continue
			}
			b, err := gomoku.ParseBoard(blk.Position)
			if err != nil {
				t.Fatalf("%s block %d: %v", l.ID, i, err)
			}
			for _, h := range blk.Hi {
				pt, _ := gomoku.ParsePoint(h)
				if both && !fiveWithForbidden(b, pt) || !both && !b.IsForbidden(pt) {
					t.Errorf("%s block %d: the caption %q claims %s, which the engine does not find", l.ID, i, caption, h)
				}
			}
		}
	})
}

// TestFiveWithForbidden: the review's example (a five and one four) is
// not a five with a forbidden shape; a five and two more fours is.
func TestFiveWithForbidden(t *testing.T) {
	h8, _ := gomoku.ParsePoint("h8")
	oneFour, _ := gomoku.ParseBoard(".............../.............../.............../.............../.............../.............../......o.o....../..oxxxx..o...../.......x......./.......x......./.......x......./.............../.............../.............../...............")
	if fiveWithForbidden(oneFour, h8) {
		t.Error("a five and a single four called forbidden")
	}
	twoFours, _ := gomoku.ParseBoard(".............../.............../.............../.o.....o...o.../.....o.x..x..../....o..x.x...../.......xx...o../..oxxxx......../.........o...../..........o..../...o.........../.............../.............../.............../...............")
	if !fiveWithForbidden(twoFours, h8) {
		t.Error("a five with a double four not found")
	}
}

// TestGomokuK1ShapesSolid: grade-1 shape exercises (band K1 or in a K1
// lesson) ask only for solid shapes, stones next to each other: split
// threes and fours (x.xx) are taught from grade 4.
func TestGomokuK1ShapesSolid(t *testing.T) {
	inK1 := map[string]bool{}
	eachLesson(t, game.Gomoku, func(c contentCurriculum, l contentLesson) {
		for _, b := range l.Blocks {
			if c.Band == K1 && b.Type == "exercise" {
				inK1[b.Exercise] = true
			}
		}
	})
	for _, ex := range wholeBank(t) {
		if ex.Kind != "gomoku.shape" || ex.Band != K1 && !inK1[ex.Key] {
			continue
		}
		var p gmShapePrompt
		_ = json.Unmarshal(ex.Prompt, &p)
		b, _ := gomoku.ParseBoard(p.Board)
		r, _ := gomoku.ParseRuleset(p.Rules)
		colour, _ := gmColour("colour", p.Colour)
		for _, s := range gomoku.Shapes(b, r) {
			if s.Colour != colour || s.Kind != gmShapeKinds[p.Shape] {
				continue
			}
			if !solidStones(s.Stones) {
				t.Errorf("%s: a grade-1 shape exercise expects the split shape %s", ex.Key, s)
			}
		}
	}
}

// solidStones reports whether stones on one line stand next to each other.
func solidStones(stones []gomoku.Point) bool {
	span := 0
	for _, p := range stones {
		for _, q := range stones {
			span = max(span, p.Col()-q.Col(), p.Row()-q.Row())
		}
	}
	return span == len(stones)-1
}

// gomokuStrayStones returns the stones of a board that stand more than two
// points from every other stone: such a stone makes no shape, blocks
// nothing and threatens nothing, so on a lesson's board it is only there
// to make the count come out (the review found filler stones on the edge).
func gomokuStrayStones(board string) []string {
	b, err := gomoku.ParseBoard(board)
	if err != nil {
		return nil
	}
	var stones []gomoku.Point
	for i := range gomoku.NumPoints {
		if p := gomoku.PointAt(i); b.At(p) != gomoku.Empty {
			stones = append(stones, p)
		}
	}
	var stray []string
	for _, p := range stones {
		alone := true
		for _, q := range stones {
			if q != p && max(p.Col()-q.Col(), q.Col()-p.Col(), p.Row()-q.Row(), q.Row()-p.Row()) <= 2 {
				alone = false
				break
			}
		}
		if alone && len(stones) > 1 {
			stray = append(stray, p.String())
		}
	}
	return stray
}

// TestGomokuContentNoStrayStones: every stone of a bank position or a
// lesson diagram stands near the play (within two points of another
// stone), so counts are made legal by stones that belong to the game.
func TestGomokuContentNoStrayStones(t *testing.T) {
	for _, ex := range wholeBank(t) {
		var p struct {
			Board string `json:"board"`
		}
		if !strings.HasPrefix(ex.Key, "gomoku/") || json.Unmarshal(ex.Prompt, &p) != nil || p.Board == "" {
			continue
		}
		if s := gomokuStrayStones(p.Board); len(s) > 0 {
			t.Errorf("%s: stones far from the play: %v", ex.Key, s)
		}
	}
	eachLesson(t, game.Gomoku, func(_ contentCurriculum, l contentLesson) {
		for i, b := range l.Blocks {
			if b.Type != "diagram" {
				continue
			}
			if s := gomokuStrayStones(b.Position); len(s) > 0 {
				t.Errorf("%s block %d: stones far from the play: %v", l.ID, i, s)
			}
		}
	})
}

func TestGomokuStrayStones(t *testing.T) {
	row := strings.Repeat(".", 15)
	rows := make([]string, 15)
	for i := range rows {
		rows[i] = row
	}
	rows[7] = ".....xxo......."
	rows[0] = "o.............."
	if got := gomokuStrayStones(strings.Join(rows, "/")); !slices.Equal(got, []string{"a15"}) {
		t.Errorf("filler on a15: %v", got)
	}
	rows[0] = row
	rows[9] = "......o........"
	if got := gomokuStrayStones(strings.Join(rows, "/")); len(got) != 0 {
		t.Errorf("a stone two points away: %v", got)
	}
}

// gmVCFExplanationProblem says what a VCF explanation gets wrong about who
// plays which move of its line: the line alternates the attacker's fours
// and the defender's forced blocks, and a text that lists it as one row of
// points ("连续冲四：k8 l8 n11 j7 o12") tells a child that the attacker
// plays them all. Each block must be named as one (挡 l8 / block at l8).
func gmVCFExplanationProblem(line []string, expl domain.Text) string {
	for i := 1; i < len(line); i += 2 {
		if !strings.Contains(expl.ZH, "挡 "+line[i]) || !strings.Contains(expl.EN, "block at "+line[i]) {
			return fmt.Sprintf("the defender's reply %s is not named as a block in %q / %q", line[i], expl.ZH, expl.EN)
		}
	}
	return ""
}

// TestGomokuVCFExplanations: every VCF explanation says which moves are
// the defender's blocks; the old one-row list is caught.
func TestGomokuVCFExplanations(t *testing.T) {
	n := 0
	for _, ex := range wholeBank(t) {
		if ex.Kind != "gomoku.vcf" {
			continue
		}
		var s struct {
			Line        []string    `json:"line"`
			Explanation domain.Text `json:"explanation"`
		}
		_ = json.Unmarshal(ex.Solution, &s)
		if msg := gmVCFExplanationProblem(s.Line, s.Explanation); msg != "" {
			t.Errorf("%s: %s", ex.Key, msg)
		}
		n++
	}
	if n < 7 {
		t.Errorf("only %d VCF exercises", n)
	}
	old := domain.Text{ZH: "连续冲四：k8 l8 n11 j7 o12", EN: "Continuous fours: k8 l8 n11 j7 o12"}
	if gmVCFExplanationProblem([]string{"k8", "l8", "n11", "j7", "o12"}, old) == "" {
		t.Error("the one-row list passed")
	}
}
