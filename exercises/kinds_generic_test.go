package exercises

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"qixue/rules/game"
)

// checkKind runs kind k on one answer and fails the test on an unexpected
// AnswerError.
func checkKind(t *testing.T, k Kind, prompt, solution, answer string) Result {
	t.Helper()
	res, err := k.Check(json.RawMessage(prompt), json.RawMessage(solution), Submission{Answer: json.RawMessage(answer)})
	if err != nil {
		t.Fatalf("%s: Check(%s): %v", k.Name(), answer, err)
	}
	return res
}

// answerErrorCode runs kind k on a malformed answer and returns the code of
// the AnswerError it must give.
func answerErrorCode(t *testing.T, k Kind, prompt, solution, answer string) string {
	t.Helper()
	_, err := k.Check(json.RawMessage(prompt), json.RawMessage(solution), Submission{Answer: json.RawMessage(answer)})
	var ae *AnswerError
	if !errors.As(err, &ae) {
		t.Fatalf("%s: Check(%s): got %v, want an *AnswerError", k.Name(), answer, err)
	}
	if ae.Message.ZH == "" || ae.Message.EN == "" {
		t.Errorf("%s: AnswerError %s lacks a message in one language", k.Name(), ae.Code)
	}
	return ae.Code
}

func TestChoiceSingle(t *testing.T) {
	k := choiceKind{}
	prompt := `{"game":"chess","options":[{"zh-CN":"车","en":"rook"},{"zh-CN":"马","en":"knight"},{"zh-CN":"象","en":"bishop"}]}`
	solution := `{"correct":[1],"explanation":{"zh-CN":"马走日","en":"the knight jumps"},
		"option_feedback":[{"zh-CN":"车不能跳","en":"a rook cannot jump"},{"zh-CN":"对","en":"yes"},{"zh-CN":"象不能跳","en":"a bishop cannot jump"}]}`
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(solution)); err != nil {
		t.Fatal(err)
	}
	if r := checkKind(t, k, prompt, solution, `{"choice":1}`); r.Outcome != Correct || r.Score != 1 {
		t.Errorf("right choice: %+v", r)
	}
	if r := checkKind(t, k, prompt, solution, `{"choices":[1]}`); r.Outcome != Correct {
		t.Errorf("right choice as a list: %+v", r)
	}
	r := checkKind(t, k, prompt, solution, `{"choice":0}`)
	if r.Outcome != Wrong || r.Score != 0 || r.Feedback.EN != "Not quite. a rook cannot jump" {
		t.Errorf("wrong choice: %+v", r)
	}
	for answer, code := range map[string]string{
		`{"choice":3}`:               "no_such_option",
		`{"choice":-1}`:              "no_such_option",
		`{"choices":[0,1]}`:          "single_choice",
		`{}`:                         "no_choice",
		`{"choices":[]}`:             "no_choice",
		`{"choice":1,"choices":[1]}`: "choice_and_choices",
		`{"choice":"b"}`:             "bad_answer_json",
		`{"pick":1}`:                 "bad_answer_json",
		``:                           "bad_answer_json",
	} {
		if got := answerErrorCode(t, k, prompt, solution, answer); got != code {
			t.Errorf("%s: code %s, want %s", answer, got, code)
		}
	}
}

func TestChoiceMultiple(t *testing.T) {
	k := choiceKind{}
	prompt := `{"multiple":true,"options":[{"zh-CN":"a","en":"a"},{"zh-CN":"b","en":"b"},{"zh-CN":"c","en":"c"},{"zh-CN":"d","en":"d"}]}`
	solution := `{"correct":[0,2]}`
	for _, tc := range []struct {
		answer  string
		outcome Outcome
		score   float64
	}{
		{`{"choices":[2,0]}`, Correct, 1},
		{`{"choices":[0,0,2]}`, Correct, 1},
		{`{"choices":[0]}`, Partial, 0.5},
		{`{"choices":[0,1,2]}`, Partial, 0.5},
		{`{"choices":[0,1]}`, Wrong, 0},
		{`{"choices":[1,3]}`, Wrong, 0},
	} {
		r := checkKind(t, k, prompt, solution, tc.answer)
		if r.Outcome != tc.outcome || r.Score != tc.score {
			t.Errorf("%s: got %s %.2f, want %s %.2f", tc.answer, r.Outcome, r.Score, tc.outcome, tc.score)
		}
	}
}

func TestChoiceValidate(t *testing.T) {
	k := choiceKind{}
	two := `{"options":[{"zh-CN":"a","en":"a"},{"zh-CN":"b","en":"b"}]}`
	for _, tc := range []struct{ prompt, solution, code string }{
		{`{"options":[{"zh-CN":"a","en":"a"}]}`, `{"correct":[0]}`, "too_few_options"},
		{`{"options":[{"zh-CN":"a","en":"a"},{"zh-CN":"b"}]}`, `{"correct":[0]}`, "option_text_missing"},
		{two, `{"correct":[2]}`, "correct_out_of_range"},
		{two, `{"correct":[0,1]}`, "single_choice_needs_one"},
		{two, `{"correct":[]}`, "no_correct_option"},
		{two, `{"correct":[0],"option_feedback":[{"en":"x"}]}`, "option_feedback_count"},
		{`{"game":"go","options":[]}`, `{"correct":[0]}`, "unknown_game"},
		{`{"options":3}`, `{"correct":[0]}`, "bad_prompt_json"},
		{two, `{"right":[0]}`, "bad_solution_json"},
	} {
		err := k.Validate(json.RawMessage(tc.prompt), json.RawMessage(tc.solution))
		var pe *PromptError
		if !errors.As(err, &pe) || pe.Code != tc.code {
			t.Errorf("Validate(%s, %s) = %v, want code %s", tc.prompt, tc.solution, err, tc.code)
		}
	}
}

func TestNumber(t *testing.T) {
	k := numberKind{}
	prompt := `{"game":"chess","unit":{"zh-CN":"步","en":"moves"}}`
	solution := `{"value":20,"explanation":{"zh-CN":"白方第一步有20种走法","en":"White has 20 first moves"}}`
	if err := k.Validate(json.RawMessage(prompt), json.RawMessage(solution)); err != nil {
		t.Fatal(err)
	}
	if r := checkKind(t, k, prompt, solution, `{"value":20}`); r.Outcome != Correct {
		t.Errorf("20: %+v", r)
	}
	if r := checkKind(t, k, prompt, solution, `{"value":20.0}`); r.Outcome != Correct {
		t.Errorf("20.0: %+v", r)
	}
	r := checkKind(t, k, prompt, solution, `{"value":16}`)
	if r.Outcome != Wrong || r.Feedback.EN != "16 moves is too small; think again." || r.Feedback.ZH != "16步 太小了，再想一想。" {
		t.Errorf("16: %+v", r)
	}
	r = checkKind(t, k, `{}`, solution, `{"value":21}`)
	if r.Outcome != Wrong || r.Feedback.EN != "21 is too big; think again." {
		t.Errorf("21: %+v", r)
	}
	tol := `{"value":3.5,"tolerance":0.5}`
	if r := checkKind(t, k, `{}`, tol, `{"value":3}`); r.Outcome != Correct {
		t.Errorf("3 within 0.5 of 3.5: %+v", r)
	}
	for answer, code := range map[string]string{
		`{"value":"twenty"}`: "bad_answer_json",
		`{}`:                 "no_value",
		`{"value":1e999}`:    "not_a_number",
		`[20]`:               "bad_answer_json",
	} {
		if got := answerErrorCode(t, k, prompt, solution, answer); got != code {
			t.Errorf("%s: code %s, want %s", answer, got, code)
		}
	}
	for _, sol := range []string{`{}`, `{"value":1,"tolerance":-1}`} {
		if err := k.Validate(json.RawMessage(`{}`), json.RawMessage(sol)); err == nil {
			t.Errorf("Validate(%s) accepted a bad solution", sol)
		}
	}
}

// loadBankDir loads the bank files of one folder (one game).
func loadBankDir(t *testing.T, dir string) []Exercise {
	t.Helper()
	sub, err := fs.Sub(bankFS, "bank/"+dir)
	if err != nil {
		t.Fatal(err)
	}
	exs, err := LoadBank(sub)
	if err != nil {
		t.Fatalf("bank/%s: %v", dir, err)
	}
	return exs
}

// checkBankGame proves the bank of one game: enough exercises in every band,
// keys named for the game, skill tags, and every stored solution accepted by
// its checker when played as a student would (step by step for line kinds,
// each server reply matching the solution's).
func checkBankGame(t *testing.T, g game.Name, exs []Exercise) {
	t.Helper()
	if len(exs) < 40 {
		t.Errorf("%s bank: %d exercises, want at least 40", g, len(exs))
	}
	perBand := map[Band]int{}
	for _, ex := range exs {
		perBand[ex.Band]++
		if !strings.HasPrefix(ex.Key, string(g)+"/") {
			t.Errorf("%s: key not under %s/", ex.Key, g)
		}
		if len(ex.Tags) == 0 {
			t.Errorf("%s: no skill tags", ex.Key)
		}
		k, _ := KindByName(ex.Kind)
		if k.Game() != "" && k.Game() != g {
			t.Errorf("%s: kind %s is for %s", ex.Key, ex.Kind, k.Game())
		}
		var gp struct {
			Game game.Name `json:"game"`
		}
		_ = json.Unmarshal(ex.Prompt, &gp)
		if k.Game() == "" && gp.Game != g {
			t.Errorf("%s: generic prompt does not name game %s", ex.Key, g)
		}
		for _, answer := range solutionAnswers(t, ex) {
			res, err := k.Check(ex.Prompt, ex.Solution, Submission{Answer: answer.answer})
			if err != nil {
				t.Errorf("%s: solution step %s: %v", ex.Key, answer.answer, err)
				break
			}
			if res.Outcome != answer.outcome || answer.reply != "" && res.Reply != answer.reply {
				t.Errorf("%s: solution step %s: got %s %q, want %s %q", ex.Key, answer.answer, res.Outcome, res.Reply, answer.outcome, answer.reply)
				break
			}
		}
	}
	for _, b := range []Band{K1, G23, G46} {
		if perBand[b] < 10 {
			t.Errorf("%s bank: %d exercises in %s, want at least 10", g, perBand[b], b)
		}
	}
}

// solutionStep is one submission of a stored solution and its expected
// verdict.
type solutionStep struct {
	answer  json.RawMessage
	outcome Outcome
	reply   string
}

// solutionAnswers turns an exercise's solution into the submissions a
// student who knows it would make.
func solutionAnswers(t *testing.T, ex Exercise) []solutionStep {
	t.Helper()
	var s struct {
		Correct []int    `json:"correct"`
		Value   *float64 `json:"value"`
		Move    string   `json:"move"`
		Moves   []string `json:"moves"`
		Squares []string `json:"squares"`
	}
	if err := json.Unmarshal(ex.Solution, &s); err != nil {
		t.Fatalf("%s: %v", ex.Key, err)
	}
	one := func(v any) []solutionStep {
		b, _ := json.Marshal(v)
		return []solutionStep{{answer: b, outcome: Correct}}
	}
	switch ex.Kind {
	case "choice":
		return one(map[string]any{"choices": s.Correct})
	case "number":
		return one(map[string]any{"value": *s.Value})
	case "chess.escape_check", "draughts.capture":
		return one(map[string]any{"move": s.Move})
	case "chess.all_escapes":
		return one(map[string]any{"moves": s.Moves})
	case "chess.piece_moves":
		return one(map[string]any{"squares": s.Squares})
	case "chess.mate_in", "chess.best_move", "draughts.shot":
		var steps []solutionStep
		for i := 0; i < len(s.Moves); i += 2 {
			b, _ := json.Marshal(map[string]any{"moves": s.Moves[:i+1]})
			st := solutionStep{answer: b, outcome: Correct}
			if i+1 < len(s.Moves) {
				st.outcome, st.reply = Continue, s.Moves[i+1]
			}
			steps = append(steps, st)
		}
		return steps
	}
	t.Fatalf("%s: no solution player for kind %s", ex.Key, ex.Kind)
	return nil
}

// engineerAKinds are the kinds of kinds_generic.go, kinds_chess.go and
// kinds_draughts.go.
var engineerAKinds = []string{"choice", "number", "chess.escape_check", "chess.all_escapes", "chess.mate_in",
	"chess.best_move", "chess.piece_moves", "draughts.capture", "draughts.shot"}

// compileSchema compiles a kind's JSON Schema document.
func compileSchema(t *testing.T, name string, doc json.RawMessage) *jsonschema.Schema {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("%s: schema is not JSON: %v", name, err)
	}
	c := jsonschema.NewCompiler()
	url := "mem:///" + name + ".json"
	if err := c.AddResource(url, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s: schema does not compile: %v", name, err)
	}
	return s
}

// validDoc reports whether doc is valid against s.
func validDoc(s *jsonschema.Schema, doc json.RawMessage) error {
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return s.Validate(v)
}

// TestChessDraughtsGenericSchemas checks that the schemas of the chess,
// draughts and generic kinds compile, that every bank prompt and solution of
// chess and draughts is valid against them, and that every answer a
// student who knows the solution would send is valid against the answer
// schema.
func TestChessDraughtsGenericSchemas(t *testing.T) {
	type schemas struct{ prompt, answer, solution *jsonschema.Schema }
	byKind := map[string]schemas{}
	for _, name := range engineerAKinds {
		k, ok := KindByName(name)
		if !ok {
			t.Fatalf("kind %s not registered", name)
		}
		byKind[name] = schemas{
			prompt:   compileSchema(t, name+".prompt", k.PromptSchema()),
			answer:   compileSchema(t, name+".answer", k.AnswerSchema()),
			solution: compileSchema(t, name+".solution", k.SolutionSchema()),
		}
	}
	for _, dir := range []string{"chess", "draughts"} {
		for _, ex := range loadBankDir(t, dir) {
			s := byKind[ex.Kind]
			if err := validDoc(s.prompt, ex.Prompt); err != nil {
				t.Errorf("%s: prompt: %v", ex.Key, err)
			}
			if err := validDoc(s.solution, ex.Solution); err != nil {
				t.Errorf("%s: solution: %v", ex.Key, err)
			}
			for _, step := range solutionAnswers(t, ex) {
				if err := validDoc(s.answer, step.answer); err != nil {
					t.Errorf("%s: answer %s: %v", ex.Key, step.answer, err)
				}
			}
		}
	}
	for kind, bad := range map[string]string{
		"chess.escape_check": `{"mv":"Kd7"}`,
		"chess.mate_in":      `{"move":"Qh7","moves":["Qh7"]}`,
		"choice":             `{"choice":"a"}`,
		"number":             `{}`,
		"draughts.capture":   `{"move":32}`,
	} {
		if validDoc(byKind[kind].answer, json.RawMessage(bad)) == nil {
			t.Errorf("%s: answer schema accepts %s", kind, bad)
		}
	}
}

// fuzzCheckA runs one of the kinds on fuzzed input: it must not panic, and
// it returns either a result with a known outcome and a score in [0, 1] or
// an *AnswerError with messages in both languages.
func fuzzCheckA(t *testing.T, kind, prompt, solution string, answer []byte) {
	k, _ := KindByName(kind)
	watchdog := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("%s: Check(%q) hangs", kind, answer)) })
	res, err := k.Check(json.RawMessage(prompt), json.RawMessage(solution), Submission{Answer: answer})
	watchdog.Stop()
	if err != nil {
		var ae *AnswerError
		if !errors.As(err, &ae) || ae.Message.ZH == "" || ae.Message.EN == "" {
			t.Fatalf("%s: Check(%q): %v", kind, answer, err)
		}
		return
	}
	switch res.Outcome {
	case Correct, Wrong, Partial:
	case Continue:
		if res.Reply == "" {
			t.Fatalf("%s: Check(%q): continue without a reply", kind, answer)
		}
	default:
		t.Fatalf("%s: Check(%q): outcome %q", kind, answer, res.Outcome)
	}
	if res.Score < 0 || res.Score > 1 || res.Feedback.ZH == "" || res.Feedback.EN == "" {
		t.Fatalf("%s: Check(%q): %+v", kind, answer, res)
	}
}

// fuzzCasesA are a prompt and solution of each kind of this file set.
var fuzzCasesA = []struct{ kind, prompt, solution string }{
	{"choice", `{"multiple":true,"options":[{"zh-CN":"a","en":"a"},{"zh-CN":"b","en":"b"},{"zh-CN":"c","en":"c"}]}`, `{"correct":[0,2]}`},
	{"number", `{}`, `{"value":20,"tolerance":0.5}`},
	{"chess.escape_check", `{"fen":"2b1k3/7p/8/1B6/8/8/P7/4K3 b - - 0 1","method":"block"}`, `{"move":"Bd7"}`},
	{"chess.all_escapes", `{"fen":"2b1k3/7p/8/1B6/8/8/P7/4K3 b - - 0 1"}`, `{"moves":["Kd8","Ke7","Kf7","Kf8","Bd7"]}`},
	{"chess.mate_in", `{"fen":"k7/8/2K5/8/8/8/8/1R6 w - - 0 1","n":2}`, `{"moves":["Kc7","Ka7","Ra1#"]}`},
	{"chess.best_move", `{"fen":"5r1k/6pp/7N/3Q4/8/8/8/6K1 w - - 0 1"}`, `{"moves":["Qg8+","Rxg8","Nf7#"]}`},
	{"chess.piece_moves", `{"fen":"4k3/8/8/8/8/8/3P4/1N2K3 w - - 0 1","square":"b1"}`, `{"squares":["a3","c3"]}`},
	{"draughts.capture", `{"fen":"W:W32,33,38:B9,18,19,27,28"}`, `{"move":"32x3"}`},
	{"draughts.shot", `{"fen":"W:W28,29,33,39:B9,12,17,18,27,30"}`, `{"moves":["28-22","17x28","33x4"]}`},
}

func FuzzChessDraughtsAnswers(f *testing.F) {
	for i, s := range []string{`{"choices":[0,2]}`, `{"value":19.5}`, `{"move":"Bd7"}`, `{"moves":["Kd8","Bd7","??"]}`,
		`{"moves":["Kc7","Ka7","Ra1"]}`, `{"moves":["Qg8+","Rxg8","Nf7"]}`, `{"squares":["a3","C3","d2"]}`, `{"move":"32x21x12x3"}`,
		`{"moves":["28-22","17x28","33x22x13x4"]}`} {
		f.Add(uint8(i), []byte(s))
	}
	f.Add(uint8(4), []byte(`{"move":"Kc7"}`))
	f.Add(uint8(8), []byte(`{"moves":["28-22","18x27"]}`))
	f.Fuzz(func(t *testing.T, which uint8, answer []byte) {
		c := fuzzCasesA[int(which)%len(fuzzCasesA)]
		fuzzCheckA(t, c.kind, c.prompt, c.solution, answer)
	})
}

func FuzzChessDraughtsPrompts(f *testing.F) {
	for i, c := range fuzzCasesA {
		f.Add(uint8(i), []byte(c.prompt), []byte(c.solution))
	}
	f.Add(uint8(4), []byte(`{"fen":"k7/8/2K5/8/8/8/8/1R6 w - - 0 1","n":4}`), []byte(`{"moves":["Kc7"]}`))
	f.Add(uint8(7), []byte(`{"fen":"W:W31-50:B1-20"}`), []byte(`{"move":"32-28"}`))
	f.Fuzz(func(t *testing.T, which uint8, prompt, solution []byte) {
		c := fuzzCasesA[int(which)%len(fuzzCasesA)]
		k, _ := KindByName(c.kind)
		err := k.Validate(prompt, solution)
		if err == nil {
			// A valid exercise can be checked with any answer.
			fuzzCheckA(t, c.kind, string(prompt), string(solution), []byte(`{"move":"e4","moves":["e4"]}`))
			return
		}
		var pe *PromptError
		if !errors.As(err, &pe) || pe.Message.ZH == "" || pe.Message.EN == "" {
			t.Fatalf("%s: Validate(%q, %q): %v", c.kind, prompt, solution, err)
		}
	})
}
