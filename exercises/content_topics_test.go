package exercises

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"qixue/rules/game"
	"qixue/rules/numchess"
	"qixue/rules/numchess/arith"
)

// TestNumchessHopExercisesRefuseSteps: a number-chess exercise whose
// solution is a hop (邻), or that a lesson on hopping alone holds, asks for a hop
// (goal "hop"), and the checker refuses every plain step (移) of the
// position, so hopping is really tested.
func TestNumchessHopExercisesRefuseSteps(t *testing.T) {
	inHopLesson := map[string]bool{}
	eachLesson(t, game.NumChess, func(_ contentCurriculum, l contentLesson) {
		if len(l.Tags) != 1 || l.Tags[0] != "numchess.move.hop" {
			return
		}
		for _, b := range l.Blocks {
			if b.Type == "exercise" {
				inHopLesson[b.Exercise] = true
			}
		}
	})
	hops := 0
	for _, ex := range wholeBank(t) {
		if ex.Kind != "numchess.move" {
			continue
		}
		task, m := ncExerciseMove(t, ex)
		mi, err := ncEngine(task.rs).Check(task.pos, m)
		if err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		if mi.Kind != numchess.Hop && task.goal.Type != "hop" && !inHopLesson[ex.Key] {
			continue
		}
		hops++
		if task.goal.Type != "hop" {
			t.Errorf("%s: a hop exercise with goal %q, which a step can meet", ex.Key, task.goal.Type)
			continue
		}
		for _, step := range ncEngine(task.rs).LegalMoves(task.pos) {
			info, err := ncEngine(task.rs).Check(task.pos, step)
			if err != nil || info.Kind != numchess.Step {
				continue
			}
			if r := (numchessMove{}).grade(task, task.rs, step); r.Outcome == Correct {
				t.Errorf("%s: the step %s is accepted", ex.Key, info.Chinese())
			}
		}
	}
	if hops < 3 {
		t.Errorf("only %d hop exercises", hops)
	}
}

// TestLessonExercisesOnTopic: every exercise of a lesson carries one of
// the lesson's skill tags (its topic), and every exercise of a review
// lesson one of the tags taught in its curriculum, so a lesson's exercises
// test what the lesson teaches.
func TestLessonExercisesOnTopic(t *testing.T) {
	tags := map[string][]string{}
	for _, ex := range wholeBank(t) {
		tags[ex.Key] = ex.Tags
	}
	carries := func(key string, want map[string]bool) bool {
		for _, tag := range tags[key] {
			if want[tag] {
				return true
			}
		}
		return false
	}
	for _, c := range lessonContent(t) {
		taught := map[string]bool{}
		for _, u := range c.Units {
			for _, l := range u.Lessons {
				for _, tag := range l.Tags {
					taught[tag] = true
				}
			}
		}
		for _, u := range c.Units {
			review := strings.HasSuffix(u.ID, "-review")
			for _, l := range u.Lessons {
				want := map[string]bool{}
				for _, tag := range l.Tags {
					want[tag] = true
				}
				if review {
					want = taught
				}
				for _, b := range l.Blocks {
					if b.Type != "exercise" {
						continue
					}
					if !carries(b.Exercise, want) {
						t.Errorf("%s: exercise %s (tags %v) tests none of the lesson's topics %v", l.ID, b.Exercise, tags[b.Exercise], l.Tags)
					}
				}
			}
		}
	}
}

// ncTacticProblems checks an exercise tagged with one of the six tactics:
// it asks for a chain of a given piece, its solution has the tactic's
// shape (ncTactics), and no step, hop or single span of the piece reaches
// the goal point, so the tactic is needed. It returns the tactics tagged
// and what is wrong.
func ncTacticProblems(ex Exercise) (tactics, problems []string) {
	for _, tag := range ex.Tags {
		if ncContains(ncTacticTags, tag) {
			tactics = append(tactics, tag)
		}
	}
	if len(tactics) == 0 {
		return nil, nil
	}
	var k numchessMove
	task, err := k.parsePrompt(ex.Prompt)
	if err != nil {
		return tactics, []string{"a tactic exercise that is not a move: " + err.Error()}
	}
	var s ncMoveSolution
	_ = json.Unmarshal(ex.Solution, &s)
	m, _ := numchess.ParseMove(s.Move)
	eng := ncEngine(task.rs)
	mi, err := eng.Check(task.pos, m)
	if err != nil {
		return tactics, []string{err.Error()}
	}
	if task.goal.Type != "chain" || task.goal.Piece == nil {
		problems = append(problems, fmt.Sprintf("goal %+v, want a chain of a given piece", task.goal))
	}
	for _, tag := range tactics {
		if !ncContains(ncTactics(mi), tag) {
			problems = append(problems, fmt.Sprintf("%s does not have the shape of %s (shapes found: %v)", s.Move, tag, ncTactics(mi)))
		}
		why := ncTacticWhy(mi, tag)
		if why.ZH == "" || !strings.Contains(s.Explanation.ZH, why.ZH) || !strings.Contains(s.Explanation.EN, why.EN) {
			problems = append(problems, fmt.Sprintf("the explanation does not say where %s uses %s (%q)", s.Move, tag, why.ZH))
		}
	}
	if !ncOnlyByChain(eng, task.pos, mi) {
		problems = append(problems, fmt.Sprintf("the piece reaches %s without a chain", mi.To()))
	}
	return tactics, problems
}

// TestNumchessTacticExercises: every bank exercise tagged with a tactic
// passes ncTacticProblems, and each tactic has three or more; a lesson on
// a tactic carries its tag, so TestLessonExercisesOnTopic holds its
// exercises to it. Chains that enter the camp (连跨进营) are among them.
func TestNumchessTacticExercises(t *testing.T) {
	perTactic := map[string]int{}
	intoCamp := 0
	for _, ex := range wholeBank(t) {
		tactics, problems := ncTacticProblems(ex)
		for _, p := range problems {
			t.Errorf("%s: %s", ex.Key, p)
		}
		for _, tag := range tactics {
			perTactic[tag]++
		}
		if len(tactics) > 0 && ncContains(ex.Tags, "numchess.move.camp") {
			intoCamp++
		}
	}
	for _, tag := range ncTacticTags {
		if perTactic[tag] < 3 {
			t.Errorf("%s: %d exercises, want 3 or more", tag, perTactic[tag])
		}
	}
	if intoCamp < 3 {
		t.Errorf("%d tactic exercises enter the camp, want 3 or more", intoCamp)
	}
}

// ncBandTacticProblem says what in ex is a tactic its band has not learnt:
// a tag, or a tactic's name in its texts (grades 2-3 learn four of the
// six; the generator named 节外生枝 to grade 2-3 children).
func ncBandTacticProblem(ex Exercise) string {
	for _, tag := range ex.Tags {
		if ncContains(ncTacticTags, tag) && len(ncBandTactics(ex.Band, []string{tag})) == 0 {
			return fmt.Sprintf("tagged %s, which %s does not learn", tag, ex.Band)
		}
	}
	for _, tag := range ncTacticTags {
		if len(ncBandTactics(ex.Band, []string{tag})) > 0 {
			continue
		}
		name := ncTacticText[tag][0]
		for where, text := range exerciseTexts(ex) {
			if strings.Contains(text.ZH, name.ZH) || strings.Contains(text.EN, name.EN) {
				return fmt.Sprintf("the %s names %s, which %s does not learn", where, name.ZH, ex.Band)
			}
		}
		if strings.Contains(ex.Title.ZH, name.ZH) {
			return fmt.Sprintf("the title names %s, which %s does not learn", name.ZH, ex.Band)
		}
	}
	return ""
}

// TestNumchessBandTactics: no bank exercise teaches a tactic its band has
// not learnt, and the check catches the generator's grades 2-3 chain that
// was tagged and explained as 节外生枝.
func TestNumchessBandTactics(t *testing.T) {
	for _, ex := range wholeBank(t) {
		if strings.HasPrefix(ex.Key, "numchess/") {
			if problem := ncBandTacticProblem(ex); problem != "" {
				t.Errorf("%s: %s", ex.Key, problem)
			}
		}
	}
	bad := Exercise{Band: G23, Tags: []string{"numchess.span.chain", "numchess.tactic.branch"},
		Solution: json.RawMessage(`{"explanation":{"zh-CN":"这就是节外生枝：第二跳落在 f10。","en":"A branch from the span."}}`)}
	if ncBandTacticProblem(bad) == "" {
		t.Error("a grades 2-3 exercise tagged and explained as 节外生枝 passed")
	}
	bad.Tags = []string{"numchess.span.chain"}
	if ncBandTacticProblem(bad) == "" {
		t.Error("a grades 2-3 explanation naming 节外生枝 passed")
	}
	bad.Band = G46
	if ncBandTacticProblem(bad) != "" {
		t.Error("grades 4-6 may learn 节外生枝")
	}
}

// TestNumchessMoveGeneratorTactics: the move generator's chains name a
// tactic only when the chain has its shape and only a chain reaches the
// point, and in grades 2-3 and 4-6 some do; grade 1 has no chains.
func TestNumchessMoveGeneratorTactics(t *testing.T) {
	for _, band := range []Band{G23, G46} {
		n := 0
		for seed := range uint64(6) {
			exs, err := (ncMoveGenerator{}).Generate(rand.New(rand.NewPCG(seed, 15)), band, 10)
			if err != nil {
				t.Fatal(err)
			}
			for _, ex := range exs {
				tactics, problems := ncTacticProblems(ex)
				for _, p := range problems {
					t.Errorf("%s %s: %s", band, ex.Prompt, p)
				}
				if problem := ncBandTacticProblem(ex); problem != "" {
					t.Errorf("%s %s: %s", band, ex.Prompt, problem)
				}
				if len(tactics) > 0 {
					n++
				}
			}
		}
		t.Logf("%s: %d tactic exercises in 60", band, n)
		if n == 0 {
			t.Errorf("%s: no tactic exercise in 60", band)
		}
	}
}

// TestNcTacticsShapes checks the tactic shapes on chains from the seed
// and the engine: the 1489 opening's 9-chain back over its last segment
// is a back follow (跟步寻路); spanning 3 and back, then 3 and 9 along the
// same line, is 得寸进尺; the seed's 8-chain of the 1489 opening (over
// 6, 2, then 4) is a plain chain with no tactic. The review's grades 4-6
// items are not what they were called (W5, W6): a jump away and a longer
// one back past the start is 以退为进, not 得寸进尺 (nothing is spanned there
// and back first); a landing between the start and a single spanned piece
// is no 节外生枝 (it is not between two pieces of a spanned stretch).
func TestNcTacticsShapes(t *testing.T) {
	eng := ncEngine(numchess.G46())
	not := func(tag string) string { return "!" + tag }
	for _, c := range []struct{ pos, move, want string }{
		{"r:0i5,1i12,2a3,3h6,4d10,5e6,6d8,7h9,8c4,9i6;b:0b14,1a14,2e11,3c9,4g10,5f8,6e12,7f9,8a16,9h12 b 39", "4g10-j13[1]-f7[7-5-1]", not("numchess.tactic.inch")},
		{"r:0g7,1f9,2f10,3h13,4d9,5d6,6h6,7i8,8b4,9g5;b:0a14,1b9,2h8,3e7,4f11,5e8,6g9,7c10,8h7,9g13 r 60", "1f9-a9[4-1]-h9[6-4+1]-c14[3]", not("numchess.tactic.inch")},
		{"r:0e10,1d4,2e5,3g7,4e9,5d7,6f10,7i5,8i6,9h8;b:0a16,1d10,2h13,3f11,4i13,5d8,6d12,7b9,8g11,9f13 r 39", "1d4-d13[6+1]-d9[6+1]-a9[7]", not("numchess.tactic.branch")},
		{"r:0b9,1j7,2i10,3f12,4e7,5c7,6d7,7d8,8h6,9g5;b:0g13,1c4,2d10,3g7,4f11,5h11,6c8,7c10,8e13,9i7 b 60", "5h11-e11[4]-g11[4]-e6[4]", not("numchess.tactic.branch")},
		{"r:0b2,1e9,2g10,3f7,4e6,5a4,6c4,7f11,8a3,9f5;b:0c14,1d10,2b10,3d9,4j10,5g12,6b15,7h13,8a16,9a15 b 36", "4j10-a10[2+2-1]-e10[2+1]-d8[3]", "numchess.tactic.branch"},
		{"r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8d5,9a2;b:0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16 r 5", "9a2-h5[6/3]-c5[8/4]-f5[8/4]", "numchess.tactic.follow"},
		{"r:0e5,1d12,2h9,3f5,4f12,5f11,6h12,7e9,8g8,9d8;b:0g10,1f8,2f13,3d9,4e7,5h7,6f6,7e13,8e12,9b9 r 40", "7e9-c9[3]-e9[3]-a9[9/3]", "numchess.tactic.inch"},
		{"r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8b2,9a2;b:0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16 r 3", "8b2-f5[6-2]-d5[4]", ""},
	} {
		pos, _ := numchess.ParsePosition(c.pos)
		m, _ := numchess.ParseMove(c.move)
		mi, err := eng.Check(pos, m)
		if err != nil {
			t.Fatalf("%s: %v", c.move, err)
		}
		if tag, ok := strings.CutPrefix(c.want, "!"); ok {
			if ncContains(ncTactics(mi), tag) {
				t.Errorf("%s: shapes %v, but it is no %s", c.move, ncTactics(mi), tag)
			}
			continue
		}
		if c.want == "" && len(ncTactics(mi)) > 0 || c.want != "" && !ncContains(ncTactics(mi), c.want) {
			t.Errorf("%s: shapes %v, want %s", c.move, ncTactics(mi), c.want)
		}
	}
}

// TestNcRetreatGoesBack: 以退为进 starts with a jump back, away from where
// the chain ends. The grades 4-6 items the review found said "第一跳先往后
// 跨到 i5" of a jump forward (Blue's 左斜进) that landed on the chain's own
// end point, and "先往后跨" of chains whose first jump went forward; they
// are not retreats. A flat jump away from the end and straight back past
// the start is one.
func TestNcRetreatGoesBack(t *testing.T) {
	eng := ncEngine(numchess.G46())
	for _, c := range []struct {
		pos, move string
		retreat   bool
	}{
		// first jump forward onto the end point, back past the start, forward again
		{"r:0b2,1g7,2d8,3h7,4f6,5a1,6b3,7f7,8h6,9c4;b:0a17,1a15,2k13,3e10,4g12,5g13,6e11,7f12,8a14,9c14 b 26", "3e10-i5[8*1]-e12[16-8]-i5[16-8]", false},
		// first jump forward (左斜进), then back past the start and on
		{"r:0b4,1i6,2c9,3h9,4d9,5a2,6c4,7f7,8h6,9g9;b:0b10,1e8,2f8,3g10,4e13,5b9,6f10,7j6,8g13,9b14 b 47", "8g13-k5[(9+7)*3]-a15[(9+7)*9/3]-h8[39+9]-b3[8*6]", false},
		// a flat jump away from the end, then back past the start: a retreat
		{"r:0a4,1j11,2h11,3j7,4e5,5g13,6c14,7h5,8f6,9f8;b:0e12,1j6,2f7,3d4,4g11,5i13,6b15,7g12,8d11,9e13 r 60", "2h11-c11[8/4]-k11[8/4*1]", true},
	} {
		pos, err := numchess.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := numchess.ParseMove(c.move)
		mi, err := eng.Check(pos, m)
		if err != nil {
			t.Fatalf("%s: %v", c.move, err)
		}
		got := ncContains(ncTactics(mi), "numchess.tactic.retreat")
		if got != c.retreat {
			t.Errorf("%s: retreat %v, want %v (shapes %v)", c.move, got, c.retreat, ncTactics(mi))
		}
		if why := ncTacticWhy(mi, "numchess.tactic.retreat"); (why.ZH != "") != c.retreat {
			t.Errorf("%s: explanation %q", c.move, why.ZH)
		}
	}
}

// ncCombiningNotRequired returns the combining rules (power, fraction) an
// expression exercise is tagged with that a child could leave out: the
// prompt does not require them (must_use) and the band's solver makes the
// target without them. A fraction can always be written as a division in
// brackets, so a fraction item always needs must_use.
func ncCombiningNotRequired(t *testing.T, ex Exercise) []string {
	var p ncExpressionPrompt
	if err := json.Unmarshal(ex.Prompt, &p); err != nil {
		t.Fatalf("%s: %v", ex.Key, err)
	}
	rs, err := numchess.RulesetByName(p.Ruleset)
	if err != nil {
		t.Fatalf("%s: %v", ex.Key, err)
	}
	var out []string
	for _, name := range []string{"power", "fraction"} {
		if !ncContains(ex.Tags, "numchess.arith."+name) || ncContains(p.MustUse, name) {
			continue
		}
		without := rs.Rules
		if name == "power" {
			without.Power = false
		} else {
			without.Fraction = false
		}
		if w, ok := arith.NewSolver(without).Solve(p.Digits, arith.Int(p.Target)); ok {
			out = append(out, fmt.Sprintf("%s (%s)", name, w))
		}
	}
	return out
}

// TestNumchessCombiningRequired: every expression exercise tagged with
// powers or fractions, in the bank and from the generator in every band,
// needs them: must_use requires them or no expression without them makes
// the target. Otherwise a child who never writes a fraction gets it right.
func TestNumchessCombiningRequired(t *testing.T) {
	check := func(ex Exercise) {
		if ex.Kind != "numchess.expression" {
			return
		}
		if missed := ncCombiningNotRequired(t, ex); len(missed) > 0 {
			t.Errorf("%s %s: tagged %v but solvable without: %v", ex.Key, ex.Prompt, ex.Tags, missed)
		}
	}
	for _, ex := range wholeBank(t) {
		check(ex)
	}
	gen := ncExpressionGenerator{}
	for _, band := range []Band{G23, G46} {
		exs, err := gen.Generate(rand.New(rand.NewPCG(7, 46)), band, 60)
		if err != nil {
			t.Fatal(err)
		}
		for _, ex := range exs {
			check(ex)
		}
	}
	// The check catches an item about fractions that ÷ and brackets solve.
	caught := Exercise{Key: "fraction without must_use", Kind: "numchess.expression", Tags: []string{"numchess.arith.fraction"},
		Prompt: json.RawMessage(`{"ruleset":"G46","digits":[6,6,4],"target":4}`)}
	if len(ncCombiningNotRequired(t, caught)) == 0 {
		t.Error("a fraction item without must_use is not caught")
	}
}

// clubTopicWords are, per club topic (the last part of a rules tag), the
// words a question on that topic names in its title, body or options. The
// etiquette of gomoku, number chess and draughts covers their clock and
// time rules too.
var clubTopicWords = map[string][]string{
	"competition": {"循环", "淘汰", "瑞士", "擂台"},
	"tiebreak":    {"小分", "对手分", "直接对局", "胜局"},
	"etiquette":   {"握手", "安静", "礼", "争议", "迟到", "裁判", "罚", "拿起", "钟", "分钟", "秒"},
	"touch_move":  {"摸"},
	"clock":       {"钟", "分钟", "秒"},
	"notation":    {"记录", "棋谱", "谱纸", "编号", "写着", "说出"},
}

// clubTopicProblems returns what is wrong with the tags of a club question
// of a lesson with tags lessonTags: a tag the lesson does not teach, a
// tag that is not a club topic, or a topic the question never names.
func clubTopicProblems(ex Exercise, lessonTags []string) []string {
	text := ex.Title.ZH + " " + ex.Body.ZH + " " + string(ex.Prompt)
	var out []string
	for _, tag := range ex.Tags {
		if !ncContains(lessonTags, tag) {
			out = append(out, fmt.Sprintf("tag %s is not one of the lesson's %v", tag, lessonTags))
			continue
		}
		words, ok := clubTopicWords[tag[strings.LastIndex(tag, ".")+1:]]
		if !ok {
			out = append(out, fmt.Sprintf("tag %s is no club topic", tag))
			continue
		}
		named := false
		for _, w := range words {
			named = named || strings.Contains(text, w)
		}
		if !named {
			out = append(out, fmt.Sprintf("tagged %s, but the question is not about it (none of %v)", tag, words))
		}
	}
	return out
}

// TestClubItemsTaggedWithTheirTopic: every question of the club lessons
// (lesson_club.json of each game) carries only tags of its lesson, and
// each of its tags names what the question is about: a handshake question
// is etiquette, not touch-move.
func TestClubItemsTaggedWithTheirTopic(t *testing.T) {
	byKey := map[string]Exercise{}
	for _, ex := range wholeBank(t) {
		byKey[ex.Key] = ex
	}
	seen := 0
	for _, c := range lessonContent(t) {
		for _, u := range c.Units {
			for _, l := range u.Lessons {
				for _, b := range l.Blocks {
					if b.Type != "exercise" || !strings.Contains(b.Exercise, "/lesson-club-") {
						continue
					}
					seen++
					for _, p := range clubTopicProblems(byKey[b.Exercise], l.Tags) {
						t.Errorf("%s in %s: %s", b.Exercise, l.ID, p)
					}
				}
			}
		}
	}
	if seen < 40 {
		t.Errorf("only %d club questions in lessons", seen)
	}
	// The check catches the handshake question tagged touch-move.
	hand := byKey["chess/lesson-club-etiquette-001"]
	hand.Tags = []string{"chess.rules.touch_move"}
	if len(clubTopicProblems(hand, []string{"chess.rules.etiquette", "chess.rules.touch_move"})) == 0 {
		t.Error("a handshake question tagged touch-move is not caught")
	}
}
