package exercises

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"qixue/rules/game"
)

// ncCase is one graded submission of a number-chess or gomoku kind.
type ncCase struct {
	name     string
	prompt   string
	solution string
	answer   string
	want     Outcome // "" means an *AnswerError is expected
	feedback string  // a substring of the English feedback (or error message)
}

// runNCCases grades each case with kind and checks outcome and feedback.
func runNCCases(t *testing.T, kind string, cases []ncCase) {
	t.Helper()
	k, ok := KindByName(kind)
	if !ok {
		t.Fatalf("kind %s not registered", kind)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := k.Check(json.RawMessage(c.prompt), json.RawMessage(c.solution),
				Submission{Answer: json.RawMessage(c.answer)})
			if c.want == "" {
				var ae *AnswerError
				if !errors.As(err, &ae) {
					t.Fatalf("got %+v, %v; want an AnswerError", res, err)
				}
				if ae.Message.ZH == "" || ae.Message.EN == "" {
					t.Errorf("AnswerError %+v lacks a language", ae)
				}
				if !strings.Contains(ae.Message.EN, c.feedback) {
					t.Errorf("AnswerError %q does not mention %q", ae.Message.EN, c.feedback)
				}
				return
			}
			if err != nil {
				t.Fatalf("Check: %v", err)
			}
			if res.Outcome != c.want {
				t.Fatalf("outcome %s (%+v), want %s", res.Outcome, res.Feedback, c.want)
			}
			if res.Feedback.ZH == "" || res.Feedback.EN == "" {
				t.Errorf("feedback %+v lacks a language", res.Feedback)
			}
			if !strings.Contains(res.Feedback.EN, c.feedback) {
				t.Errorf("feedback %q does not mention %q", res.Feedback.EN, c.feedback)
			}
			if (res.Outcome == Correct) != (res.Score == 1) {
				t.Errorf("outcome %s with score %v", res.Outcome, res.Score)
			}
		})
	}
}

func TestNumchessExpressionCheck(t *testing.T) {
	const k1 = `{"ruleset":"K1","digits":[9,5,4],"target":0}`
	const g23 = `{"ruleset":"G23","digits":[2,8,9],"target":7}`
	const sol = `{"expression":"9-5-4"}`
	runNCCases(t, "numchess.expression", []ncCase{
		{name: "k1 right", prompt: k1, solution: sol, answer: `{"expression":"9-5-4"}`, want: Correct, feedback: "Right"},
		{name: "k1 right other order", prompt: k1, solution: sol, answer: `{"expression":"9 − 4 − 5"}`, want: Correct},
		{name: "k1 full-width", prompt: k1, solution: sol, answer: `{"expression":"９－５－４"}`, want: Correct},
		{name: "k1 used twice", prompt: k1, solution: sol, answer: `{"expression":"9-9"}`, want: Wrong, feedback: "9 is used twice"},
		{name: "k1 missing", prompt: k1, solution: sol, answer: `{"expression":"9-5"}`, want: Wrong, feedback: "4 is missing"},
		{name: "k1 wrong value", prompt: k1, solution: sol, answer: `{"expression":"9+5-4"}`, want: Wrong, feedback: "not 0"},
		{name: "k1 negative", prompt: k1, solution: sol, answer: `{"expression":"4-9+5"}`, want: Wrong, feedback: "negative"},
		{name: "k1 times", prompt: k1, solution: sol, answer: `{"expression":"9×5×4"}`, want: Wrong, feedback: "only + and − are used in preschool and grade 1, so × cannot be used"},
		{name: "g23 right", prompt: g23, solution: `{"expression":"2×8−9"}`, answer: `{"expression":"2*8-9"}`, want: Correct},
		{name: "g23 other witness", prompt: g23, solution: `{"expression":"2×8−9"}`, answer: `{"expression":"8×2−9"}`, want: Correct},
		{name: "with its result", prompt: k1, solution: sol, answer: `{"expression":"9-5-4=0"}`, want: Correct},
		{name: "with a full-width equals", prompt: k1, solution: sol, answer: `{"expression":"9−5−4 ＝ ０"}`, want: Correct},
		{name: "with a trailing equals", prompt: k1, solution: sol, answer: `{"expression":"9-5-4="}`, want: Correct},
		{name: "with another result", prompt: k1, solution: sol, answer: `{"expression":"9-5-4=1"}`, want: Wrong, feedback: "to make is 0, not 1"},
		{name: "two equals", prompt: k1, solution: sol, answer: `{"expression":"9-5-4=0=0"}`, feedback: "after"},
		{name: "unparsable", prompt: k1, solution: sol, answer: `{"expression":"9-5-a"}`, feedback: "a"},
		{name: "empty", prompt: k1, solution: sol, answer: `{"expression":""}`},
		{name: "not json", prompt: k1, solution: sol, answer: `9-5-4`, feedback: "expected form"},
		{name: "unknown field", prompt: k1, solution: sol, answer: `{"expr":"9-5-4"}`, feedback: "expected form"},
	})
}

func TestNumchessExpressionValidate(t *testing.T) {
	k, _ := KindByName("numchess.expression")
	for _, c := range []struct {
		prompt, solution, code string
	}{
		{`{"ruleset":"K1","digits":[9,5,4],"target":0}`, `{"expression":"9-5-4"}`, ""},
		{`{"ruleset":"K1","digits":[9,5,4],"target":0}`, `{"expression":"9-4-5","explanation":{"zh-CN":"九减五减四","en":"nine minus five minus four"}}`, ""},
		{`{"ruleset":"K1","digits":[9,5,4],"target":0}`, `{"expression":"9+5-4"}`, "solution_fails"},
		{`{"ruleset":"K1","digits":[2,8,9],"target":7}`, `{"expression":"2×8−9"}`, "solution_fails"},
		{`{"ruleset":"X","digits":[9,5,4],"target":0}`, `{"expression":"9-5-4"}`, "bad_ruleset"},
		{`{"digits":[9,5,4],"target":0}`, `{"expression":"9-5-4"}`, "missing_ruleset"},
		{`{"ruleset":"K1","digits":[19],"target":19}`, `{"expression":"19"}`, "bad_digits"},
		{`{"ruleset":"K1","digits":[],"target":0}`, `{"expression":"0"}`, "bad_digits"},
		{`{"ruleset":"K1","digits":[1],"target":1,"x":1}`, `{"expression":"1"}`, "bad_prompt"},
		{`{"ruleset":"K1","digits":[1],"target":1}`, `{"expression":"1+"}`, "bad_solution"},
	} {
		err := k.Validate(json.RawMessage(c.prompt), json.RawMessage(c.solution))
		if c.code == "" {
			if err != nil {
				t.Errorf("%s %s: %v", c.prompt, c.solution, err)
			}
			continue
		}
		var pe *PromptError
		if !errors.As(err, &pe) || pe.Code != c.code {
			t.Errorf("%s %s: got %v, want PromptError %s", c.prompt, c.solution, err, c.code)
		}
	}
}

// TestNumchessExpressionMustUse: a prompt's must_use makes an expression
// that is right otherwise Wrong when it leaves the rule out, with feedback
// that says what to do; ÷ and a whole-number fraction are no fraction, as
// the parser reads them (8÷2/4 is two divisions).
func TestNumchessExpressionMustUse(t *testing.T) {
	const frac = `{"ruleset":"G46","digits":[6,6,4],"target":4,"must_use":["fraction"]}`
	const frac2 = `{"ruleset":"G46","digits":[8,4,2],"target":1,"must_use":["fraction"]}`
	const pow = `{"ruleset":"G23","digits":[3,2,1],"target":8,"must_use":["power"]}`
	const sol = `{"expression":"6×4/6"}`
	runNCCases(t, "numchess.expression", []ncCase{
		{name: "fraction used", prompt: frac, solution: sol, answer: `{"expression":"6×4/6"}`, want: Correct},
		{name: "fraction in brackets", prompt: frac, solution: sol, answer: `{"expression":"(4/6)×6"}`, want: Correct},
		{name: "division instead", prompt: frac, solution: sol, answer: `{"expression":"6×4÷6"}`, want: Wrong, feedback: "needs a fraction"},
		{name: "no fraction at all", prompt: frac, solution: sol, answer: `{"expression":"6−6+4"}`, want: Wrong, feedback: "6−6+4 does make 4, but this one needs a fraction"},
		{name: "wrong value first", prompt: frac, solution: sol, answer: `{"expression":"6+6+4"}`, want: Wrong, feedback: "not 4"},
		{name: "slash after a division", prompt: frac2, solution: `{"expression":"8×2/4÷4"}`, answer: `{"expression":"8÷2/4"}`, want: Wrong, feedback: "needs a fraction"},
		{name: "whole-number fraction", prompt: frac2, solution: `{"expression":"8×2/4÷4"}`, answer: `{"expression":"8/4÷2"}`, want: Wrong, feedback: "needs a fraction"},
		{name: "whole-number fraction named", prompt: frac2, solution: `{"expression":"8×2/4÷4"}`, answer: `{"expression":"8/4÷2"}`, want: Wrong, feedback: "your 8/4 comes to the whole number 2, so it is only a division"},
		{name: "power used", prompt: pow, solution: `{"expression":"3²−1"}`, answer: `{"expression":"3^2-1"}`, want: Correct},
		{name: "power left out", prompt: pow, solution: `{"expression":"3²−1"}`, answer: `{"expression":"(3+1)×2"}`, want: Wrong, feedback: "needs a power"},
	})
	k, _ := KindByName("numchess.expression")
	res, err := k.Check(json.RawMessage(frac), json.RawMessage(sol), Submission{Answer: json.RawMessage(`{"expression":"6×4÷6"}`)})
	if err != nil || res.Details["code"] != "must_use" || res.Details["must_use"] != "fraction" || !strings.Contains(res.Feedback.ZH, "这题要用分数") {
		t.Errorf("division for a fraction: %+v, %v", res, err)
	}
	for _, c := range []struct{ prompt, solution, code string }{
		{frac, sol, ""},
		{frac, `{"expression":"6×4÷6"}`, "solution_fails"},
		{`{"ruleset":"K1","digits":[1,2],"target":3,"must_use":["fraction"]}`, `{"expression":"1+2"}`, "bad_must_use"},
		{`{"ruleset":"G46","digits":[1,2],"target":3,"must_use":["brackets"]}`, `{"expression":"1+2"}`, "bad_must_use"},
		{`{"ruleset":"G46","digits":[2,3],"target":8,"must_use":["power","power"]}`, `{"expression":"2³"}`, "bad_must_use"},
		{`{"ruleset":"K1","digits":[1,2],"target":12,"must_use":["concat"]}`, `{"expression":"12"}`, ""},
	} {
		err := k.Validate(json.RawMessage(c.prompt), json.RawMessage(c.solution))
		var pe *PromptError
		switch {
		case c.code == "" && err != nil:
			t.Errorf("%s %s: %v", c.prompt, c.solution, err)
		case c.code != "" && (!errors.As(err, &pe) || pe.Code != c.code):
			t.Errorf("%s %s: got %v, want PromptError %s", c.prompt, c.solution, err, c.code)
		}
	}
	schema := ncCompileSchema(t, "numchess.expression.prompt", k.PromptSchema())
	if err := ncValidDoc(schema, json.RawMessage(frac)); err != nil {
		t.Errorf("must_use against the prompt schema: %v", err)
	}
	if ncValidDoc(schema, json.RawMessage(`{"ruleset":"G46","digits":[1],"target":1,"must_use":["brackets"]}`)) == nil {
		t.Error("the prompt schema accepts must_use brackets")
	}
}

// ncChainPos is the 1489 opening after 1d4-i5 and 4a4-e5 (Blue unmoved):
// Red's 8 can chain-span 8b2-f5[6-2]-d5[4].
const ncChainPos = "r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8b2,9a2;b:0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16 r 3"

func TestNumchessMoveCheck(t *testing.T) {
	chain := `{"ruleset":"G23","position":"` + ncChainPos + `","goal":{"type":"chain","piece":8}}`
	chainTo := `{"ruleset":"G23","position":"` + ncChainPos + `","goal":{"type":"chain","to":"d5"}}`
	span := `{"ruleset":"K1","position":"start","goal":{"type":"span","piece":0}}`
	camp := `{"ruleset":"K1","position":"r:7e13,3f13;b:0a17 r 20","goal":{"type":"enter_camp","to":"a14"}}`
	const sol = `{"move":"8b2-f5[6-2]-d5[4]"}`
	runNCCases(t, "numchess.move", []ncCase{
		{name: "chain right", prompt: chain, solution: sol, answer: `{"move":"8b2-f5[6-2]-d5[4]"}`, want: Correct, feedback: "Right! 8 spans"},
		{name: "chain other chain", prompt: chain, solution: sol, answer: `{"move":"8b2-f5[6-2]-d5[4]-j5[4*1]"}`, want: Correct},
		{name: "chain parts form", prompt: chain, solution: sol, answer: `{"piece":8,"path":["f5","d5"],"exprs":["6−2","4"]}`, want: Correct},
		{name: "parts with the result written", prompt: chain, solution: sol, answer: `{"piece":8,"path":["f5","d5"],"exprs":["6−2=4","4"]}`, want: Correct},
		{name: "parts with a wrong result written", prompt: chain, solution: sol, answer: `{"piece":8,"path":["f5","d5"],"exprs":["6−2=5","4"]}`, feedback: "6−2 makes 4, not 5"},
		{name: "chain parts omitted one-piece expr", prompt: chain, solution: sol, answer: `{"piece":8,"path":["f5","d5"],"exprs":["6−2"]}`, want: Correct},
		{name: "chain to point", prompt: chainTo, solution: sol, answer: `{"move":"8b2-f5[6-2]-d5[4]"}`, want: Correct},
		{name: "chain ends elsewhere", prompt: chainTo, solution: sol, answer: `{"move":"8b2-f5[6-2]-d5[4]-j5[4*1]"}`, want: Wrong, feedback: "not on d5"},
		{name: "single span is no chain", prompt: chain, solution: sol, answer: `{"move":"8b2-f5[6+2]"}`, want: Wrong, feedback: "not a chain span"},
		{name: "chain values differ", prompt: chain, solution: sol, answer: `{"move":"8b2-f5[6+2]-d5[4]"}`, want: Wrong, feedback: "second jump: the result is 4, but the first jump made 8"},
		{name: "wrong piece", prompt: chain, solution: sol, answer: `{"move":"9a2-h5[6/3]-c5[8/4]"}`, want: Wrong},
		{name: "span right", prompt: span, solution: `{"move":"0a1-e5[9-5-4]"}`, answer: `{"move":"0a1-e5[9-5-4]"}`, want: Correct},
		{name: "span times in K1", prompt: span, solution: `{"move":"0a1-e5[9-5-4]"}`, answer: `{"move":"0a1-e5[9*5*0]"}`, want: Wrong, feedback: "only + and − are used in preschool and grade 1, so × cannot be used"},
		{name: "step is no span", prompt: `{"ruleset":"K1","position":"start","goal":{"type":"span"}}`, solution: `{"move":"0a1-e5[9-5-4]"}`, answer: `{"move":"1d4-i5"}`, want: Wrong, feedback: "not a span"},
		{name: "camp right", prompt: camp, solution: `{"move":"7e13-a14"}`, answer: `{"move":"7e13-a14"}`, want: Correct},
		{name: "camp other piece", prompt: camp, solution: `{"move":"7e13-a14"}`, answer: `{"move":"3f13-a14"}`, want: Correct},
		{name: "camp missed", prompt: camp, solution: `{"move":"7e13-a14"}`, answer: `{"move":"3f13-b14"}`, want: Wrong, feedback: "not end on the circled point"},
		{name: "camp missed, named from G23", prompt: strings.Replace(camp, "K1", "G23", 1), solution: `{"move":"7e13-a14"}`, answer: `{"move":"3f13-b14"}`, want: Wrong, feedback: "not on a14"},
		{name: "camp occupied", prompt: camp, solution: `{"move":"7e13-a14"}`, answer: `{"move":"7e13-f13"}`, want: Wrong},
		{name: "bad move", prompt: camp, solution: `{"move":"7e13-a14"}`, answer: `{"move":"7e13-z99"}`},
		{name: "bad path point", prompt: camp, solution: `{"move":"7e13-a14"}`, answer: `{"piece":7,"path":["q1"]}`, feedback: "q1"},
		{name: "bad expr", prompt: chain, solution: sol, answer: `{"piece":8,"path":["f5","d5"],"exprs":["6−","4"]}`},
		{name: "both forms", prompt: chain, solution: sol, answer: `{"move":"8b2-f5[6-2]-d5[4]","piece":8}`, feedback: "not both"},
		{name: "nothing", prompt: chain, solution: sol, answer: `{}`},
	})
}

func TestNumchessMoveValidate(t *testing.T) {
	k, _ := KindByName("numchess.move")
	for _, c := range []struct{ prompt, solution, code string }{
		{`{"ruleset":"G23","position":"` + ncChainPos + `","goal":{"type":"chain","piece":8}}`, `{"move":"8b2-f5[6-2]-d5[4]"}`, ""},
		{`{"ruleset":"K1","position":"` + ncChainPos + `","goal":{"type":"chain","piece":8}}`, `{"move":"8b2-f5[6-2]-d5[4]"}`, "solution_fails"},
		{`{"ruleset":"K1","position":"start","goal":{"type":"enter_camp","to":"a4"}}`, `{"move":"1d4-i5"}`, "bad_goal"},
		{`{"ruleset":"K1","position":"start","goal":{"type":"fly"}}`, `{"move":"1d4-i5"}`, "bad_goal"},
		{`{"ruleset":"K1","position":"r:0a1,0a2 r 1","goal":{"type":"span"}}`, `{"move":"1d4-i5"}`, "bad_position"},
		{`{"ruleset":"K1","position":"start","goal":{"type":"span"}}`, `{"move":"1d4-"}`, "bad_solution"},
	} {
		err := k.Validate(json.RawMessage(c.prompt), json.RawMessage(c.solution))
		if c.code == "" {
			if err != nil {
				t.Errorf("%s: %v", c.prompt, err)
			}
			continue
		}
		var pe *PromptError
		if !errors.As(err, &pe) || pe.Code != c.code {
			t.Errorf("%s %s: got %v, want PromptError %s", c.prompt, c.solution, err, c.code)
		}
	}
}

func TestNumchessScoreCheck(t *testing.T) {
	// Red 7 on Blue's 1 and 3 on Blue's 6 (5 outside): product 25,
	// difference 9; Blue 2 on Red's 5 and 9 on Red's 3: product 37,
	// difference 9.
	const pos = "r:7a14,3b15,5e9;b:2a3,9c4 r 30"
	both := `{"ruleset":"G23","position":"` + pos + `","side":"both"}`
	red := `{"ruleset":"G23","position":"` + pos + `","side":"red","method":"difference"}`
	k1 := `{"ruleset":"K1","position":"` + pos + `","side":"blue"}`
	runNCCases(t, "numchess.score", []ncCase{
		{name: "both right", prompt: both, answer: `{"red":25,"blue":37}`, want: Correct},
		{name: "one right", prompt: both, answer: `{"red":25,"blue":30}`, want: Partial, feedback: "Blue's score is not 30"},
		{name: "both wrong", prompt: both, answer: `{"red":40,"blue":30}`, want: Wrong, feedback: "Red's score is not 40"},
		{name: "method fixed by prompt", prompt: red, answer: `{"red":9}`, want: Correct},
		{name: "K1 difference", prompt: k1, answer: `{"blue":9}`, want: Correct},
		{name: "K1 product is wrong", prompt: k1, answer: `{"blue":37}`, want: Wrong, feedback: "difference"},
		{name: "missing side", prompt: both, answer: `{"red":25}`, feedback: "Blue"},
		{name: "extra side", prompt: red, answer: `{"red":9,"blue":9}`, feedback: "only"},
		{name: "not a number", prompt: both, answer: `{"red":"25"}`},
	})
}

func TestNumchessSwapCostCheck(t *testing.T) {
	const p = `{"pieces":[3,7]}`
	runNCCases(t, "numchess.swap_cost", []ncCase{
		{name: "right", prompt: p, answer: `{"cost":16}`, want: Correct, feedback: "(3−7)² = 16"},
		{name: "wrong", prompt: p, answer: `{"cost":4}`, want: Wrong, feedback: "square of the difference"},
		{name: "missing", prompt: p, answer: `{}`},
	})
	k, _ := KindByName("numchess.swap_cost")
	if err := k.Validate(json.RawMessage(p), json.RawMessage(`{"cost":16}`)); err != nil {
		t.Error(err)
	}
	if err := k.Validate(json.RawMessage(p), json.RawMessage(`{"cost":4}`)); err == nil {
		t.Error("a wrong cost validated")
	}
	if err := k.Validate(json.RawMessage(`{"pieces":[3,3]}`), json.RawMessage(`{"cost":0}`)); err == nil {
		t.Error("a swap of a piece with itself validated")
	}
}

// ncBankOf returns the bank exercises of game's own kinds (key and kind
// prefixed by game). Generic kinds (choice, number) may stand in a game's
// bank files too; Bank() proves their solutions and the generic kinds' tests
// cover their formats.
func ncBankOf(t *testing.T, game string) []Exercise {
	t.Helper()
	all, err := Bank()
	if err != nil {
		t.Fatalf("Bank: %v", err)
	}
	var out []Exercise
	for _, ex := range all {
		if strings.HasPrefix(ex.Key, game+"/") && strings.HasPrefix(ex.Kind, game+".") {
			out = append(out, ex)
		}
	}
	return out
}

// ncProveBank checks the size and spread of a game's bank and that every
// exercise's own solution, submitted as an answer, is graded correct (for
// step-by-step kinds, Continue with the stored reply at every step).
func ncProveBank(t *testing.T, g string, minPerBand int) {
	exs := ncBankOf(t, g)
	if len(exs) < 40 {
		t.Errorf("%s bank: %d exercises, want at least 40", g, len(exs))
	}
	bands := map[Band]int{}
	for _, ex := range exs {
		bands[ex.Band]++
		k, _ := KindByName(ex.Kind)
		if k.Game() != game.Name(g) {
			t.Errorf("%s: kind %s is not a %s kind", ex.Key, ex.Kind, g)
		}
		if len(ex.Tags) == 0 {
			t.Errorf("%s: no skill tags", ex.Key)
		}
		for _, tag := range ex.Tags {
			if !strings.HasPrefix(tag, g+".") {
				t.Errorf("%s: tag %s outside the %s vocabulary", ex.Key, tag, g)
			}
		}
		var p struct {
			Ruleset string `json:"ruleset"`
		}
		_ = json.Unmarshal(ex.Prompt, &p)
		if p.Ruleset != "" && p.Ruleset != string(ex.Band) {
			t.Errorf("%s: ruleset %s in band %s", ex.Key, p.Ruleset, ex.Band)
		}
		answers := bankAnswers(t, ex)
		for i, a := range answers {
			res, err := k.Check(ex.Prompt, ex.Solution, Submission{Answer: a.answer})
			if err != nil {
				t.Errorf("%s: Check(%s): %v", ex.Key, a.answer, err)
				break
			}
			want := Correct
			if i < len(answers)-1 {
				want = Continue
			}
			if res.Outcome != want || res.Reply != a.reply {
				t.Errorf("%s: Check(%s) = %s %q (%s), want %s %q", ex.Key, a.answer, res.Outcome, res.Reply, res.Feedback.EN, want, a.reply)
				break
			}
		}
	}
	for _, b := range []Band{K1, G23, G46} {
		if bands[b] < minPerBand {
			t.Errorf("%s bank: %d exercises in %s, want at least %d", g, bands[b], b, minPerBand)
		}
	}
}

// bankAnswer is one submission made from a stored solution, with the reply
// expected for it ("" when the exercise ends).
type bankAnswer struct {
	answer json.RawMessage
	reply  string
}

// bankAnswers turns a solution into the answers a student who knows it
// would submit: the solution without its explanation, or for a line, each
// prefix that ends with the student's move.
func bankAnswers(t *testing.T, ex Exercise) []bankAnswer {
	t.Helper()
	var sol map[string]json.RawMessage
	if err := json.Unmarshal(ex.Solution, &sol); err != nil {
		t.Fatalf("%s: %v", ex.Key, err)
	}
	delete(sol, "explanation")
	if line, ok := sol["line"]; ok {
		var moves []string
		if err := json.Unmarshal(line, &moves); err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		var out []bankAnswer
		for i := 0; i < len(moves); i += 2 {
			a, _ := json.Marshal(map[string]any{"moves": moves[:i+1]})
			reply := ""
			if i+1 < len(moves) {
				reply = moves[i+1]
			}
			out = append(out, bankAnswer{answer: a, reply: reply})
		}
		return out
	}
	a, _ := json.Marshal(sol)
	return []bankAnswer{{answer: a}}
}

func TestNumchessBank(t *testing.T) {
	ncProveBank(t, "numchess", 10)
}

// fuzzKindCheck grades a fuzzed answer to each prompt of kind: Check must
// not panic, must return either a result or an *AnswerError, and a result
// must carry feedback in both languages.
func fuzzKindCheck(t *testing.T, kind string, prompts []string, answer []byte) {
	k, ok := KindByName(kind)
	if !ok {
		t.Fatalf("kind %s", kind)
	}
	for _, p := range prompts {
		res, err := k.Check(json.RawMessage(p), nil, Submission{Answer: answer})
		if err != nil {
			var ae *AnswerError
			if !errors.As(err, &ae) {
				t.Fatalf("Check(%q): %v is no AnswerError", answer, err)
			}
			if ae.Message.ZH == "" || ae.Message.EN == "" {
				t.Fatalf("Check(%q): AnswerError %+v lacks a language", answer, ae)
			}
			continue
		}
		if res.Feedback.ZH == "" || res.Feedback.EN == "" {
			t.Fatalf("Check(%q): feedback %+v lacks a language", answer, res.Feedback)
		}
		if res.Score < 0 || res.Score > 1 {
			t.Fatalf("Check(%q): score %v", answer, res.Score)
		}
	}
}

func FuzzNumchessExpressionAnswer(f *testing.F) {
	for _, s := range []string{`{"expression":"9-5-4"}`, `{"expression":"2×8−9"}`, `{"expression":"（9－5）÷4"}`, `{"expression":"2³+1"}`, `{"expression":"12/0"}`, `{}`, `[1]`} {
		f.Add([]byte(s))
	}
	prompts := []string{`{"ruleset":"K1","digits":[9,5,4],"target":0}`, `{"ruleset":"G46","digits":[2,8,9,1],"target":7}`}
	f.Fuzz(func(t *testing.T, answer []byte) {
		fuzzKindCheck(t, "numchess.expression", prompts, answer)
	})
}

func FuzzNumchessMoveAnswer(f *testing.F) {
	for _, s := range []string{`{"move":"8b2-f5[6-2]-d5[4]"}`, `{"move":"0a1-e5[9-5-4]"}`, `{"piece":8,"path":["f5","d5"],"exprs":["6-2","4"]}`, `{"piece":12,"path":["a1"]}`, `{"move":"1d4-i5"}`, `{"move":"x"}`} {
		f.Add([]byte(s))
	}
	prompts := []string{
		`{"ruleset":"G23","position":"` + ncChainPos + `","goal":{"type":"chain","piece":8}}`,
		`{"ruleset":"K1","position":"start","goal":{"type":"span"}}`,
	}
	f.Fuzz(func(t *testing.T, answer []byte) {
		fuzzKindCheck(t, "numchess.move", prompts, answer)
	})
}
