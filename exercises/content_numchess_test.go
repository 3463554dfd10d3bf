package exercises

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/numchess"
)

// shownExpression finds an arithmetic expression written in prose: numbers
// (with ² or ³) joined by operators, brackets allowed.
var shownExpression = regexp.MustCompile(`\(?\d+[²³]?(?:\s*[+−×÷*/^-]\s*\(?\d+[²³]?\)?)+`)

// normalExpression writes an expression one way: no spaces, × ÷ − for
// * / -, ^2 ^3 for ² ³, unmatched outer brackets dropped.
func normalExpression(s string) string {
	s = strings.NewReplacer(" ", "", "*", "×", "/", "÷", "-", "−", "（", "(", "）", ")", "²", "^2", "³", "^3").Replace(s)
	for strings.HasPrefix(s, "(") && strings.Count(s, "(") > strings.Count(s, ")") {
		s = s[1:]
	}
	for strings.HasSuffix(s, ")") && strings.Count(s, ")") > strings.Count(s, "(") {
		s = s[:len(s)-1]
	}
	return s
}

// segmentExpressions returns the expressions of a number-chess move in the
// engine's notation ("8b2-f5[6-2]-d5[4]" -> 6-2, 4).
func segmentExpressions(move string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`\[([^\]]*)\]`).FindAllStringSubmatch(move, -1) {
		out = append(out, m[1])
	}
	return out
}

// shownExpressionProblems returns the expressions shown in text that are
// not one of stored (normalised). A shown expression may also be the first
// steps of a stored one worked left to right ("2 − 7 = −5, −5 + 9 = 4" for
// 2−7+9): a prefix of it, a step that starts from a negative result, or
// one after an equals sign.
func shownExpressionProblems(text string, stored []string) []string {
	var problems []string
	for _, m := range shownExpression.FindAllStringIndex(text, -1) {
		shown := normalExpression(text[m[0]:m[1]])
		before := strings.TrimRight(text[:m[0]], " ")
		if strings.HasSuffix(before, "−") || strings.HasSuffix(before, "=") {
			continue // a worked step: "−5 + 9", "= 8 − 4"
		}
		ok := false
		for _, s := range stored {
			n := normalExpression(s)
			ok = ok || n == shown || strings.HasPrefix(n, shown) && strings.ContainsAny(n[len(shown):][:1], "+−×÷")
		}
		if !ok {
			problems = append(problems, text[m[0]:m[1]]+" is not the stored solution "+strings.Join(stored, ", "))
		}
	}
	return problems
}

// TestNumchessShownExpressions: an expression an explanation shows is the
// stored solution's (for a move, one of its segments'), written the same
// way up to operator signs and spaces, so a child comparing their answer
// with the explanation sees the same thing.
func TestNumchessShownExpressions(t *testing.T) {
	for _, ex := range wholeBank(t) {
		var s struct {
			Expression  string      `json:"expression"`
			Move        string      `json:"move"`
			Explanation domain.Text `json:"explanation"`
		}
		_ = json.Unmarshal(ex.Solution, &s)
		var stored []string
		switch ex.Kind {
		case "numchess.expression":
			stored = []string{s.Expression}
		case "numchess.move":
			stored = segmentExpressions(s.Move)
		default:
			continue
		}
		for _, text := range []string{s.Explanation.ZH, s.Explanation.EN} {
			for _, msg := range shownExpressionProblems(text, stored) {
				t.Errorf("%s: %s: %q", ex.Key, msg, text)
			}
		}
	}
}

// TestNumchessShownExpressionsCatches proves the check finds the mistake
// of the review (6×2−3 shown for 3*6/2) and passes worked steps.
func TestNumchessShownExpressionsCatches(t *testing.T) {
	if got := shownExpressionProblems("9 左斜进跨 (6×2−3=9)", []string{"3*6/2"}); len(got) != 1 {
		t.Errorf("6×2−3 for 3*6/2: %v", got)
	}
	if got := shownExpressionProblems("8 spans (4×2 = 8)", []string{"2*4"}); len(got) != 1 {
		t.Errorf("4×2 for 2*4: %v", got)
	}
	if got := shownExpressionProblems("2 − 7 = −5，−5 + 9 = 4", []string{"2-7+9"}); len(got) != 0 {
		t.Errorf("worked steps refused: %v", got)
	}
	if got := shownExpressionProblems("8 左斜进跨 6,2、左平跨 4 (6−2=4)", segmentExpressions("8b2-f5[6-2]-d5[4]")); len(got) != 0 {
		t.Errorf("a chain's first segment refused: %v", got)
	}
}

// pieceOnCampPoint returns Red's score under method with only Red's piece
// n in Blue's camp, on point k (the engine scores the position).
func pieceOnCampPoint(t *testing.T, method numchess.ScoringMethod, n, k int) int {
	t.Helper()
	start := numchess.Start()
	var pieces [2][10]numchess.Point
	for s := numchess.Red; s <= numchess.Blue; s++ {
		for i := range 10 {
			pieces[s][i] = start.Where(s, i)
		}
	}
	pieces[numchess.Red][n] = numchess.CampPoint(numchess.Blue, k)
	pieces[numchess.Blue][k] = start.Where(numchess.Red, n)
	pos, err := numchess.New(pieces, numchess.Red, 1)
	if err != nil {
		t.Fatal(err)
	}
	return pos.Score(numchess.Red, method)
}

// ownNumberIsBest reports whether, under method, a piece standing on the
// camp point of its own number scores at least as much as anywhere else
// in the camp, for every piece.
func ownNumberIsBest(t *testing.T, method numchess.ScoringMethod) bool {
	for n := range 10 {
		own := pieceOnCampPoint(t, method, n, n)
		for k := range 10 {
			if pieceOnCampPoint(t, method, n, k) > own {
				return false
			}
		}
	}
	return true
}

// claimsOwnNumberBest matches a text that calls standing on the point of
// the piece's own number the best place (or speaks of full marks, which
// only 积和法 has), or calls that point the piece's home (“7 号回家”, a
// title that sends piece 7 to point 7 as if it belonged there).
var claimsOwnNumberBest = regexp.MustCompile(`(和|跟)自己(的)?号码一样[^。]*(最好|分最多|得分最高)|满分|285|回家|(?i)own number[^.]*(best|most points|highest)|full marks|goes home|going home`)

// stated scores: "红方 2 分，蓝方 6 分" / "Red 2, Blue 6" and a piece's
// "红 5 在 1 号点：4 分" / "Red 5 on point 1: 4".
var (
	statedRedZH   = regexp.MustCompile(`红方 (\d+) 分`)
	statedBlueZH  = regexp.MustCompile(`蓝方 (\d+) 分`)
	statedRedEN   = regexp.MustCompile(`Red (\d+)\b`)
	statedBlueEN  = regexp.MustCompile(`Blue (\d+)\b`)
	statedPieceZH = regexp.MustCompile(`[红蓝] ?(\d) 在 (\d) 号点：(\d+) 分`)
	// the same with its colour, for where the piece stands
	statedPieceWhereZH = regexp.MustCompile(`([红蓝]) ?(\d) 在 (\d) 号点`)
)

// ncPieceOnPointProblem says why "colour n 在 k 号点" is not what pos has:
// piece n of that colour must stand on point k of the opponent's camp.
func ncPieceOnPointProblem(pos numchess.Position, colour, n, k string) string {
	side, opp := numchess.Red, numchess.Blue
	if colour == "蓝" {
		side, opp = numchess.Blue, numchess.Red
	}
	d, _ := strconv.Atoi(n)
	owner, point, ok := pos.Where(side, d).CampOf()
	if !ok || owner != opp || strconv.Itoa(point) != k {
		return fmt.Sprintf("the piece is at %s", pos.Where(side, d))
	}
	return ""
}

// TestNumchessK1ScoringClaims: K1 content scores as K1 scores (差和法, the
// higher score wins). No K1 text calls the piece's own number the best
// point unless K1's method makes it so (the engine decides); a per-piece
// score in a caption is the engine's; a score exercise says the scores it
// stores and uses K1's method.
func TestNumchessK1ScoringClaims(t *testing.T) {
	method := numchess.K1().Scoring
	ownBest := ownNumberIsBest(t, method)
	if ownBest {
		t.Log("under K1's method the own number is the best point")
	}
	check := func(where, s string) {
		if absoluteBars.MatchString(s) {
			t.Errorf("%s: %q writes a difference with absolute-value bars, which grade 1 has not learnt: say the bigger number minus the smaller (7 − 6 = 1)", where, s)
		}
		if claimsOwnNumberBest.MatchString(s) && !ownBest {
			t.Errorf("%s: %q says the own number is best, but under %s a piece there scores %d and on point 0 (piece 9) %d",
				where, s, method.Chinese(), pieceOnCampPoint(t, method, 9, 9), pieceOnCampPoint(t, method, 9, 0))
		}
		for _, m := range statedPieceZH.FindAllStringSubmatch(s, -1) {
			n, _ := strconv.Atoi(m[1])
			k, _ := strconv.Atoi(m[2])
			if got := pieceOnCampPoint(t, method, n, k); m[3] != strconv.Itoa(got) {
				t.Errorf("%s: %q: piece %d on point %d scores %d under %s", where, m[0], n, k, got, method.Chinese())
			}
		}
	}
	eachBandLessonText(t, game.NumChess, K1, check)
	for _, ex := range wholeBank(t) {
		if !strings.HasPrefix(ex.Key, "numchess/") || ex.Band != K1 {
			continue
		}
		for name, text := range exerciseTexts(ex) {
			check(ex.Key+" "+name, text.ZH)
			check(ex.Key+" "+name, text.EN)
		}
		if ex.Kind != "numchess.score" {
			continue
		}
		var p struct {
			Method string `json:"method"`
		}
		var s struct {
			Red, Blue   *int
			Explanation domain.Text `json:"explanation"`
		}
		_ = json.Unmarshal(ex.Prompt, &p)
		_ = json.Unmarshal(ex.Solution, &s)
		if p.Method != "" {
			if m, err := numchess.ParseScoringMethod(p.Method); err != nil || m != method {
				t.Errorf("%s: a K1 score exercise uses %q, K1 scores by %s", ex.Key, p.Method, method.Chinese())
			}
		}
		for _, c := range []struct {
			re    *regexp.Regexp
			text  string
			value *int
		}{
			{statedRedZH, s.Explanation.ZH, s.Red}, {statedBlueZH, s.Explanation.ZH, s.Blue},
			{statedRedEN, s.Explanation.EN, s.Red}, {statedBlueEN, s.Explanation.EN, s.Blue},
		} {
			m := c.re.FindStringSubmatch(c.text)
			if m != nil && c.value != nil && m[1] != strconv.Itoa(*c.value) {
				t.Errorf("%s: the explanation says %q, the stored score is %d", ex.Key, m[0], *c.value)
			}
		}
	}
}

// absoluteBars matches a difference written with absolute-value bars,
// |6−7|: grade 1 takes the smaller number from the bigger one instead.
var absoluteBars = regexp.MustCompile(`\|\s*\d+\s*[−-]\s*\d+\s*\|`)

// TestAbsoluteBars: the K1 score explanation "红方：|1−0| + |6−7|" is
// caught; "7 − 6 = 1" and a Markdown table row pass.
func TestAbsoluteBars(t *testing.T) {
	if !absoluteBars.MatchString("红方：|1−0| + |3−1| + |6−7| = 4") {
		t.Error("absolute-value bars passed")
	}
	for _, s := range []string{"红方：7 − 6 = 1，合起来 1", "| 甲 | | 3 | 1 | 0 | **4** |"} {
		if absoluteBars.MatchString(s) {
			t.Errorf("%q caught", s)
		}
	}
}

// TestOwnNumberBest: under 差和法 a piece on its own number scores
// nothing, so the own number is not the best point; the review's K1
// sentence is recognised as that claim.
func TestOwnNumberBest(t *testing.T) {
	if ownNumberIsBest(t, numchess.DifferenceSum) {
		t.Error("差和法: own number called best")
	}
	if !claimsOwnNumberBest.MatchString("棋子站到**和自己号码一样**的点上，最好！") || !claimsOwnNumberBest.MatchString("A piece standing on the point with **its own number** is best!") {
		t.Error("the review's sentence is not recognised")
	}
	if !claimsOwnNumberBest.MatchString("7 号回家") || claimsOwnNumberBest.MatchString("找到 7 号点") {
		t.Error("a K1 title sending piece 7 “home” to point 7 is not told from one that finds the point")
	}
	if got := pieceOnCampPoint(t, numchess.DifferenceSum, 5, 1); got != 4 {
		t.Errorf("piece 5 on point 1 under 差和法: %d, want 4", got)
	}
}

// ncPromptWithoutRuleset returns a prompt with its "ruleset" field taken
// out, so the same puzzle under two bands compares equal.
func ncPromptWithoutRuleset(prompt json.RawMessage) string {
	var m map[string]any
	if json.Unmarshal(prompt, &m) != nil {
		return string(prompt)
	}
	delete(m, "ruleset")
	out, _ := json.Marshal(m)
	return string(out)
}

// ncSharedG23G46 lists the grades 4-6 number-chess items that may repeat
// a grades 2-3 one on purpose: the competition rules (time per move, an
// illegal move, points for a win) are the same in every grade.
var ncSharedG23G46 = map[string]bool{
	"numchess/lesson-g46-match-rule-001": true,
	"numchess/lesson-g46-match-rule-002": true,
	"numchess/lesson-g46-match-rule-003": true,
}

// TestNumchessG46DiffersFromG23: grades 4-6 number chess is its own
// course, not a copy: no G46 item has the prompt (position and goal,
// digits and target, or scored position) of a G23 item, apart from the
// explicit list above.
func TestNumchessG46DiffersFromG23(t *testing.T) {
	g23 := map[string]string{}
	for _, ex := range wholeBank(t) {
		if ex.Band == G23 && strings.HasPrefix(ex.Key, "numchess/") {
			g23[ncPromptWithoutRuleset(ex.Prompt)] = ex.Key
		}
	}
	for _, ex := range wholeBank(t) {
		if ex.Band != G46 || !strings.HasPrefix(ex.Key, "numchess/") {
			continue
		}
		if other, ok := g23[ncPromptWithoutRuleset(ex.Prompt)]; ok && !ncSharedG23G46[ex.Key] {
			t.Errorf("%s repeats the grades 2-3 item %s", ex.Key, other)
		}
	}
}

// TestNumchessG46LessonsOwn: every grades 4-6 number-chess lesson has
// text of its own, found in no grades 2-3 lesson, so none is a copy.
func TestNumchessG46LessonsOwn(t *testing.T) {
	g23 := map[domain.Text]bool{}
	eachLesson(t, game.NumChess, func(c contentCurriculum, l contentLesson) {
		if c.Band == G23 {
			for _, b := range l.Blocks {
				g23[b.Text] = true
			}
		}
	})
	eachLesson(t, game.NumChess, func(c contentCurriculum, l contentLesson) {
		if c.Band != G46 {
			return
		}
		for _, b := range l.Blocks {
			if b.Type == "text" && !g23[b.Text] {
				return
			}
		}
		t.Errorf("%s: every text is also in a grades 2-3 lesson", l.ID)
	})
}

// statedCampPieces finds a side's list of pieces in the camp in a score
// explanation: "红方在对方阵营里的棋子（号码×点号）：0×6、1×4" and
// "Red's pieces in the camp (number×point): 0×6, 1×4".
var statedCampPieces = regexp.MustCompile(`(红方|蓝方|Red|Blue)(?:在对方阵营里的棋子（号码×点号）：|'s pieces in the camp \(number×point\): )((?:\d×\d[、, ]*)+)`)

// TestNumchessScoreClaims: in every band, a score explanation states the
// stored scores ("红方 111 分", "Red 111"), and a list of a side's pieces
// in the camp with their points is exactly what the engine sees in the
// position: every piece in the opponent's camp, each on its point.
func TestNumchessScoreClaims(t *testing.T) {
	lists := 0
	for _, ex := range wholeBank(t) {
		if ex.Kind != "numchess.score" {
			continue
		}
		var p ncScorePrompt
		var s ncScoreSolution
		_ = json.Unmarshal(ex.Prompt, &p)
		_ = json.Unmarshal(ex.Solution, &s)
		pos, err := numchess.ParsePosition(p.Position)
		if err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		for _, c := range []struct {
			re    *regexp.Regexp
			text  string
			value *int
		}{
			{statedRedZH, s.Explanation.ZH, s.Red}, {statedBlueZH, s.Explanation.ZH, s.Blue},
			{statedRedEN, s.Explanation.EN, s.Red}, {statedBlueEN, s.Explanation.EN, s.Blue},
		} {
			if m := c.re.FindStringSubmatch(c.text); m != nil && c.value != nil && m[1] != strconv.Itoa(*c.value) {
				t.Errorf("%s: the explanation says %q, the stored score is %d", ex.Key, m[0], *c.value)
			}
		}
		for _, text := range []string{s.Explanation.ZH, s.Explanation.EN} {
			for _, m := range statedCampPieces.FindAllStringSubmatch(text, -1) {
				lists++
				side := numchess.Red
				if m[1] == "蓝方" || m[1] == "Blue" {
					side = numchess.Blue
				}
				var want []string
				for n := range 10 {
					if owner, k, ok := pos.Where(side, n).CampOf(); ok && owner != side {
						want = append(want, fmt.Sprintf("%d×%d", n, k))
					}
				}
				got := regexp.MustCompile(`\d×\d`).FindAllString(m[2], -1)
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("%s: %s lists %v, the position has %v", ex.Key, m[1], got, want)
				}
			}
		}
		// "红 5 在 1 号点：4 分": that piece stands on that camp point.
		for _, m := range statedPieceWhereZH.FindAllStringSubmatch(s.Explanation.ZH, -1) {
			lists++
			if msg := ncPieceOnPointProblem(pos, m[1], m[2], m[3]); msg != "" {
				t.Errorf("%s: %q: %s", ex.Key, m[0], msg)
			}
		}
	}
	if lists == 0 {
		t.Error("no score explanation lists pieces in the camp")
	}
}

// TestNcPieceOnPointProblem: a score explanation's "红 7 在 7 号点" is held
// to the position (lesson-k1-score-001: red 7 on a15, point 7).
func TestNcPieceOnPointProblem(t *testing.T) {
	pos, err := numchess.ParsePosition("r:0a10,1b10,2d14,3c10,4d10,5a14,6e10,7a15,8f10,9g10;b:0a8,1b8,2c8,3c4,4d8,5e8,6f8,7g8,8h8,9b2 r 60")
	if err != nil {
		t.Fatal(err)
	}
	if msg := ncPieceOnPointProblem(pos, "红", "7", "7"); msg != "" {
		t.Errorf("red 7 on point 7: %s", msg)
	}
	if ncPieceOnPointProblem(pos, "红", "7", "1") == "" || ncPieceOnPointProblem(pos, "红", "1", "1") == "" || ncPieceOnPointProblem(pos, "蓝", "9", "8") != "" {
		t.Error("a wrong piece-on-point claim passed, or a right one failed")
	}
}

// ncK1MoveLosesPoints says whether the solution of a grade-1 move exercise
// leaves the mover's side with fewer points under K1's scoring (差和法)
// than before it: grade 1 would be taught to give points away. The
// review's "7 号回家" moved red 7 from point 1 (6 points) to point 7 (0).
func ncK1MoveLosesPoints(t *testing.T, ex Exercise) (before, after int, loses bool) {
	t.Helper()
	task, m := ncExerciseMove(t, ex)
	next, err := ncEngine(task.rs).Play(task.pos, m)
	if err != nil {
		t.Fatalf("%s: %v", ex.Key, err)
	}
	side, method := task.pos.Turn(), task.rs.Scoring
	before, after = task.pos.Score(side, method), next.Score(side, method)
	return before, after, after < before
}

// TestNumchessK1MovesScore: no grade-1 exercise that moves a piece into
// the camp asks for a move that loses points under 差和法, and the check
// catches the review's item.
func TestNumchessK1MovesScore(t *testing.T) {
	n := 0
	for _, ex := range wholeBank(t) {
		if ex.Band != K1 || ex.Kind != "numchess.move" || !ncContains(ex.Tags, "numchess.move.camp") {
			continue
		}
		n++
		if before, after, loses := ncK1MoveLosesPoints(t, ex); loses {
			t.Errorf("%s: the answer takes the score from %d to %d under 差和法", ex.Key, before, after)
		}
	}
	if n < 5 {
		t.Errorf("only %d grade-1 moves into the camp", n)
	}
	for seed := range uint64(5) {
		exs, err := (ncMoveGenerator{}).Generate(rand.New(rand.NewPCG(seed, 1)), K1, 20)
		if err != nil {
			t.Fatal(err)
		}
		for _, ex := range exs {
			if !ncContains(ex.Tags, "numchess.move.camp") {
				continue
			}
			if before, after, loses := ncK1MoveLosesPoints(t, ex); loses {
				t.Errorf("generated %s: the answer takes the score from %d to %d under 差和法", ex.Prompt, before, after)
			}
		}
	}
	old := Exercise{Key: "numchess/lesson-k1-board-001 before the fix", Kind: "numchess.move", Band: K1,
		Prompt:   json.RawMessage(`{"ruleset":"K1","position":"r:0a16,1a10,2b10,3c10,4d10,5e10,6f10,7a14,8g10,9b15;b:0a8,1b8,2c8,3d8,4e8,5f8,6g8,7h8,8i8,9j8 r 50","goal":{"type":"enter_camp","piece":7,"to":"a15"}}`),
		Solution: json.RawMessage(`{"move":"7a14-a15"}`)}
	if _, _, loses := ncK1MoveLosesPoints(t, old); !loses {
		t.Error("moving red 7 from point 1 to point 7 passed")
	}
}

// ncExerciseMove returns a number-chess move exercise's task and its
// stored solution move.
func ncExerciseMove(t *testing.T, ex Exercise) (ncMoveTask, numchess.Move) {
	t.Helper()
	var k numchessMove
	task, err := k.parsePrompt(ex.Prompt)
	if err != nil {
		t.Fatalf("%s: %v", ex.Key, err)
	}
	var s ncMoveSolution
	_ = json.Unmarshal(ex.Solution, &s)
	m, _ := numchess.ParseMove(s.Move)
	return task, m
}
