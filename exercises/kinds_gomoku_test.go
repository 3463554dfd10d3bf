package exercises

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"testing"

	"qixue/rules/gomoku"
)

// gmTestBoard builds a board diagram from black and white stones.
func gmTestBoard(t testing.TB, black, white []string) string {
	t.Helper()
	var b gomoku.Board
	for i, list := range [][]string{black, white} {
		for _, s := range list {
			p, err := gomoku.ParsePoint(s)
			if err != nil {
				t.Fatal(err)
			}
			if err := b.Put(p, gomoku.Colour(i+1)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return b.String()
}

// gmPrompt renders a prompt with a board.
func gmPrompt(t testing.TB, fields map[string]any) string {
	t.Helper()
	data, err := json.Marshal(fields)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestGomokuWinIn1Check(t *testing.T) {
	// Black f8 g8 h8 i8 and k8: e8 makes five; j8 makes six (f8-k8).
	board := gmTestBoard(t, []string{"f8", "g8", "h8", "i8", "k8"}, []string{"f9", "g9", "h9", "i10"})
	renju := gmPrompt(t, map[string]any{"board": board, "rules": "renju", "colour": "black"})
	standard := gmPrompt(t, map[string]any{"board": board, "rules": "standard", "colour": "black"})
	free := gmPrompt(t, map[string]any{"board": board, "rules": "freestyle", "colour": "black"})
	runNCCases(t, "gomoku.win_in_1", []ncCase{
		{name: "five", prompt: renju, answer: `{"point":"e8"}`, want: Correct, feedback: "e8 makes five"},
		{name: "upper case", prompt: renju, answer: `{"point":"E8"}`, want: Correct},
		{name: "overline forbidden in renju", prompt: renju, answer: `{"point":"j8"}`, want: Wrong, feedback: "forbidden"},
		{name: "overline no win in standard", prompt: standard, answer: `{"point":"j8"}`, want: Wrong, feedback: "overline"},
		{name: "overline wins in freestyle", prompt: free, answer: `{"point":"j8"}`, want: Correct},
		{name: "no five", prompt: renju, answer: `{"point":"a1"}`, want: Wrong, feedback: "does not make five"},
		{name: "occupied", prompt: renju, answer: `{"point":"f9"}`, want: Wrong, feedback: "already"},
		{name: "bad point", prompt: renju, answer: `{"point":"z9"}`, feedback: "z9"},
		{name: "bad json", prompt: renju, answer: `{"point":8}`},
	})
	k, _ := KindByName("gomoku.win_in_1")
	if err := k.Validate(json.RawMessage(renju), json.RawMessage(`{"point":"e8"}`)); err != nil {
		t.Error(err)
	}
	var pe *PromptError
	if err := k.Validate(json.RawMessage(renju), json.RawMessage(`{"point":"j8"}`)); !errors.As(err, &pe) || pe.Code != "solution_fails" {
		t.Errorf("overline solution: %v", err)
	}
	white := gmPrompt(t, map[string]any{"board": board, "rules": "renju", "colour": "white"})
	if err := k.Validate(json.RawMessage(white), json.RawMessage(`{"point":"j9"}`)); !errors.As(err, &pe) || pe.Code != "no_win" {
		t.Errorf("no win for white: %v", err)
	}
}

func TestGomokuForbiddenCheck(t *testing.T) {
	// h8 is a double three (h8-h10 and h8-j8); a2 is an ordinary point.
	three := gmTestBoard(t, []string{"h9", "h10", "i8", "j8"}, []string{"a15"})
	// h8 is a double four (h8-h11 and h8-k8).
	four := gmTestBoard(t, []string{"h9", "h10", "h11", "i8", "j8", "k8"}, []string{"a15", "h12", "g8"})
	p3 := gmPrompt(t, map[string]any{"board": three, "point": "h8"})
	p4 := gmPrompt(t, map[string]any{"board": four, "point": "h8"})
	pn := gmPrompt(t, map[string]any{"board": three, "point": "a2"})
	all := gmPrompt(t, map[string]any{"board": three, "mode": "all"})
	runNCCases(t, "gomoku.forbidden", []ncCase{
		{name: "double three", prompt: p3, answer: `{"forbidden":true,"reason":"double_three"}`, want: Correct, feedback: "double three"},
		{name: "wrong reason", prompt: p3, answer: `{"forbidden":true,"reason":"double_four"}`, want: Partial, feedback: "not a double four"},
		{name: "missed", prompt: p3, answer: `{"forbidden":false}`, want: Wrong, feedback: "is forbidden"},
		{name: "double four", prompt: p4, answer: `{"forbidden":true,"reason":"double_four"}`, want: Correct},
		{name: "not forbidden", prompt: pn, answer: `{"forbidden":false}`, want: Correct},
		{name: "not forbidden said yes", prompt: pn, answer: `{"forbidden":true,"reason":"overline"}`, want: Wrong, feedback: "not forbidden"},
		{name: "no reason", prompt: p3, answer: `{"forbidden":true}`, feedback: "reason"},
		{name: "reason without forbidden", prompt: pn, answer: `{"forbidden":false,"reason":"overline"}`},
		{name: "points for one point", prompt: p3, answer: `{"points":["h8"]}`},
		{name: "all right", prompt: all, answer: `{"points":["h8"]}`, want: Correct},
		{name: "all extra", prompt: all, answer: `{"points":["h8","a1"]}`, want: Partial, feedback: "not among"},
		{name: "all wrong", prompt: all, answer: `{"points":["a1"]}`, want: Wrong, feedback: "missing"},
		{name: "all none", prompt: all, answer: `{"points":[]}`, want: Wrong},
		{name: "all duplicate", prompt: all, answer: `{"points":["h8","h8"]}`, feedback: "twice"},
		{name: "verdict for all", prompt: all, answer: `{"forbidden":true,"reason":"double_three"}`},
	})
	k, _ := KindByName("gomoku.forbidden")
	for _, c := range []struct {
		prompt, solution string
		ok               bool
	}{
		{p3, `{"forbidden":true,"reason":"double_three"}`, true},
		{p3, `{"forbidden":false}`, false},
		{all, `{"points":["h8"]}`, true},
		{all, `{"points":[]}`, false},
		{gmPrompt(t, map[string]any{"board": three, "point": "h9"}), `{"forbidden":false}`, false},
	} {
		if err := k.Validate(json.RawMessage(c.prompt), json.RawMessage(c.solution)); (err == nil) != c.ok {
			t.Errorf("Validate(%s) = %v", c.solution, err)
		}
	}
}

func TestGomokuVCFCheck(t *testing.T) {
	// Black h8 i8 j8 (White g8) and l9 m10: k8 is a four (and a diagonal
	// three) that White must block on l8; n11 then makes the open four
	// k8-n11, White blocks j7 and o12 makes five.
	board := gmTestBoard(t, []string{"h8", "i8", "j8", "l9", "m10"}, []string{"g8", "a1", "c3"})
	p := gmPrompt(t, map[string]any{"board": board, "rules": "renju", "attacker": "black"})
	runNCCases(t, "gomoku.vcf", []ncCase{
		{name: "first four", prompt: p, answer: `{"moves":["k8"]}`, want: Continue, feedback: "must block on l8"},
		{name: "open four", prompt: p, answer: `{"moves":["k8","l8","n11"]}`, want: Continue, feedback: "cannot block both"},
		{name: "five", prompt: p, answer: `{"moves":["k8","l8","n11","j7","o12"]}`, want: Correct, feedback: "Black wins"},
		{name: "three first", prompt: p, answer: `{"moves":["n11"]}`, want: Wrong, feedback: "not a four"},
		{name: "not a four later", prompt: p, answer: `{"moves":["k8","l8","a15"]}`, want: Wrong, feedback: "not a four"},
		{name: "occupied", prompt: p, answer: `{"moves":["a1"]}`, want: Wrong, feedback: "not empty"},
		{name: "reply mismatch", prompt: p, answer: `{"moves":["k8","m1","n11"]}`, feedback: "l8"},
		{name: "ends with reply", prompt: p, answer: `{"moves":["k8","l8"]}`},
		{name: "after the end", prompt: p, answer: `{"moves":["k8","l8","n11","j7","o12","a2","a3"]}`},
		{name: "empty", prompt: p, answer: `{"moves":[]}`},
		{name: "bad point", prompt: p, answer: `{"moves":["k88"]}`},
	})
	k, _ := KindByName("gomoku.vcf")
	if err := k.Validate(json.RawMessage(p), json.RawMessage(`{"line":["k8","l8","n11","j7","o12"]}`)); err != nil {
		t.Error(err)
	}
	if err := k.Validate(json.RawMessage(p), json.RawMessage(`{"line":["k8","l8"]}`)); err == nil {
		t.Error("unfinished line validated")
	}
	// White attacking in renju: g4 makes a four whose only block, h4, is a
	// double three for Black (h4-h6 and h4-j6), so Black cannot block.
	fp := gmPrompt(t, map[string]any{"board": gmTestBoard(t, []string{"c4", "h5", "h6", "i5", "j6", "a15"}, []string{"d4", "e4", "f4", "o15", "o1"}), "rules": "renju", "attacker": "white"})
	runNCCases(t, "gomoku.vcf", []ncCase{{name: "block forbidden to black", prompt: fp, answer: `{"moves":["g4"]}`, want: Correct, feedback: "forbidden to Black"}})
	// White attacking: a five is correct at once.
	wp := gmPrompt(t, map[string]any{"board": gmTestBoard(t, []string{"a1", "b1", "c5"}, []string{"d4", "e4", "f4", "g4"}), "rules": "renju", "attacker": "white"})
	runNCCases(t, "gomoku.vcf", []ncCase{{name: "white five", prompt: wp, answer: `{"moves":["h4"]}`, want: Correct}})
}

func TestGomokuShapeCheck(t *testing.T) {
	// Black open three f8 g8 h8; Black four l2 l3 l4 l5 (White l1).
	board := gmTestBoard(t, []string{"f8", "g8", "h8", "l2", "l3", "l4", "l5"}, []string{"l1", "a15"})
	three := gmPrompt(t, map[string]any{"board": board, "rules": "renju", "colour": "black", "shape": "open_three"})
	four := gmPrompt(t, map[string]any{"board": board, "rules": "renju", "colour": "black", "shape": "four"})
	runNCCases(t, "gomoku.shape", []ncCase{
		{name: "three", prompt: three, answer: `{"points":["f8","g8","h8"]}`, want: Correct},
		{name: "three partial", prompt: three, answer: `{"points":["f8","g8"]}`, want: Partial, feedback: "1 of the stones"},
		{name: "three wrong", prompt: three, answer: `{"points":["l2"]}`, want: Wrong},
		{name: "four", prompt: four, answer: `{"points":["l2","l3","l4","l5"]}`, want: Correct},
		{name: "bad point", prompt: four, answer: `{"points":["l2","x"]}`},
	})
	k, _ := KindByName("gomoku.shape")
	var pe *PromptError
	none := gmPrompt(t, map[string]any{"board": board, "rules": "renju", "colour": "white", "shape": "open_three"})
	if err := k.Validate(json.RawMessage(none), json.RawMessage(`{"points":[]}`)); !errors.As(err, &pe) || pe.Code != "no_shape" {
		t.Errorf("no shape: %v", err)
	}
	if err := k.Validate(json.RawMessage(three), json.RawMessage(`{"points":["f8","g8","h8"]}`)); err != nil {
		t.Error(err)
	}
}

func TestGomokuOpeningNameCheck(t *testing.T) {
	p := `{"stones":["h8","h9","i10"],"choices":["寒星","溪月","疏星"]}`
	runNCCases(t, "gomoku.opening_name", []ncCase{
		{name: "chinese", prompt: p, answer: `{"name":"溪月"}`, want: Correct, feedback: "Keigetsu"},
		{name: "english", prompt: p, answer: `{"name":"keigetsu"}`, want: Correct},
		{name: "same family", prompt: p, answer: `{"name":"寒星"}`, want: Wrong, feedback: "Black 3"},
		{name: "other family", prompt: p, answer: `{"name":"长星"}`, want: Wrong, feedback: "direct opening"},
		{name: "unknown", prompt: p, answer: `{"name":"大月"}`},
	})
	k, _ := KindByName("gomoku.opening_name")
	if err := k.Validate(json.RawMessage(`{"stones":["i9","h8","h10"]}`), json.RawMessage(`{"name":"溪月"}`)); err == nil {
		t.Error("Black 1 off tengen validated")
	}
	if err := k.Validate(json.RawMessage(`{"stones":["h8","h9","i10"],"choices":["寒星"]}`), json.RawMessage(`{"name":"溪月"}`)); err == nil {
		t.Error("choices without the answer validated")
	}
	if err := k.Validate(json.RawMessage(`{"stones":["h8","i9","j10"]}`), json.RawMessage(`{"name":"Chosei"}`)); err != nil {
		t.Error(err)
	}
}

func TestGomokuBank(t *testing.T) {
	ncProveBank(t, "gomoku", 5)
	// Forbidden-point puzzles match the engine point by point.
	for _, ex := range ncBankOf(t, "gomoku") {
		if ex.Kind != "gomoku.forbidden" {
			continue
		}
		var p gmForbiddenPrompt
		var s gmForbiddenSolution
		if err := json.Unmarshal(ex.Prompt, &p); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(ex.Solution, &s); err != nil {
			t.Fatal(err)
		}
		b, err := gomoku.ParseBoard(p.Board)
		if err != nil {
			t.Fatal(err)
		}
		if p.Mode == "all" {
			var got []string
			for _, q := range b.ForbiddenPoints() {
				got = append(got, q.String())
			}
			sortedSol := append([]string(nil), s.Points...)
			sort.Strings(sortedSol)
			sort.Strings(got)
			if !reflect.DeepEqual(got, sortedSol) || len(got) == 0 {
				t.Errorf("%s: engine %v, solution %v", ex.Key, got, s.Points)
			}
			continue
		}
		q, _ := gomoku.ParsePoint(p.Point)
		f, isF := b.ExplainForbidden(q)
		if s.Forbidden == nil || *s.Forbidden != isF || (isF && "forbidden_"+s.Reason != f.Kind.Code()) {
			t.Errorf("%s: engine %v %v, solution %+v", ex.Key, isF, f.Kind, s)
		}
	}
}

func FuzzGomokuAnswers(f *testing.F) {
	for _, s := range []string{`{"point":"h8"}`, `{"moves":["k8","l8","n11"]}`, `{"moves":["k8"]}`, `{"forbidden":true,"reason":"double_three"}`, `{"points":["h8","a1"]}`, `{"name":"花月"}`, `{"moves":["k8","l8"]}`} {
		f.Add([]byte(s))
	}
	board := gmTestBoard(f, []string{"h8", "i8", "j8", "l9", "m10", "h9", "h10"}, []string{"g8", "a1", "c3", "m12", "d13", "h11"})
	prompts := map[string][]string{
		"gomoku.win_in_1":     {gmPrompt(f, map[string]any{"board": gmTestBoard(f, []string{"h8", "i8", "j8", "k8"}, []string{"a1", "b1", "c1"}), "rules": "renju", "colour": "black"})},
		"gomoku.vcf":          {gmPrompt(f, map[string]any{"board": board, "rules": "renju", "attacker": "black"})},
		"gomoku.forbidden":    {gmPrompt(f, map[string]any{"board": board, "mode": "all"}), gmPrompt(f, map[string]any{"board": board, "point": "e5"})},
		"gomoku.shape":        {gmPrompt(f, map[string]any{"board": gmTestBoard(f, []string{"f3", "g3", "h3"}, []string{"a15"}), "rules": "renju", "colour": "black", "shape": "open_three"})},
		"gomoku.opening_name": {`{"stones":["h8","h9","i10"]}`},
		"gomoku.key_point":    {gmPrompt(f, map[string]any{"board": gmTestBoard(f, []string{"f8", "g8", "h8", "i6", "i7"}, []string{"e8", "h9", "g7", "j7", "f9"}), "rules": "renju", "colour": "black", "goal": "four_three"})},
	}
	f.Fuzz(func(t *testing.T, answer []byte) {
		for kind, ps := range prompts {
			fuzzKindCheck(t, kind, ps, answer)
		}
	})
}

// BenchmarkGomokuChecks grades one right answer per op for three kinds
// (the VCF op replays a three-four line).
func BenchmarkGomokuChecks(b *testing.B) {
	board := gmTestBoard(b, []string{"h8", "i8", "j8", "l9", "m10"}, []string{"g8", "a1", "c3"})
	three := gmTestBoard(b, []string{"h9", "h10", "i8", "j8"}, []string{"a15"})
	cases := []struct{ kind, prompt, answer string }{
		{"gomoku.vcf", gmPrompt(b, map[string]any{"board": board, "rules": "renju", "attacker": "black"}), `{"moves":["k8","l8","n11","j7","o12"]}`},
		{"gomoku.forbidden", gmPrompt(b, map[string]any{"board": three, "mode": "all"}), `{"points":["h8"]}`},
		{"gomoku.win_in_1", gmPrompt(b, map[string]any{"board": gmTestBoard(b, []string{"h8", "i8", "j8", "k8"}, []string{"a1", "b1", "c1"}), "rules": "renju", "colour": "black"}), `{"point":"l8"}`},
	}
	for _, c := range cases {
		k, _ := KindByName(c.kind)
		b.Run(c.kind, func(b *testing.B) {
			cpu, n := ncCPUTime(), 0
			for b.Loop() {
				if _, err := k.Check(json.RawMessage(c.prompt), nil, Submission{Answer: json.RawMessage(c.answer)}); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64((ncCPUTime()-cpu).Nanoseconds())/float64(n), "cpu-ns/op")
		})
	}
}

// A victory by continuous fours is played step by step: each submission
// carries the whole line, the server's blocks included, and the answer to
// a four is Continue with the block as Reply.
func Example_gomokuVCF() {
	var b gomoku.Board
	for _, s := range []string{"h8", "i8", "j8", "l9", "m10"} {
		p, _ := gomoku.ParsePoint(s)
		_ = b.Put(p, gomoku.Black)
	}
	for _, s := range []string{"g8", "a1", "c3"} {
		p, _ := gomoku.ParsePoint(s)
		_ = b.Put(p, gomoku.White)
	}
	prompt, _ := json.Marshal(map[string]string{"board": b.String(), "rules": "renju", "attacker": "black"})
	k, _ := KindByName("gomoku.vcf")
	for _, line := range []string{`["k8"]`, `["k8","l8","n11"]`, `["k8","l8","n11","j7","o12"]`, `["k8","l8","a15"]`} {
		res, _ := k.Check(prompt, nil, Submission{Answer: json.RawMessage(`{"moves":` + line + `}`)})
		fmt.Printf("%s %s %q\n", line, res.Outcome, res.Reply)
	}
	// Output:
	// ["k8"] continue "l8"
	// ["k8","l8","n11"] continue "j7"
	// ["k8","l8","n11","j7","o12"] correct ""
	// ["k8","l8","a15"] wrong ""
}

// ncFuzzKinds are the kinds FuzzNumchessGomokuPrompts picks from.
var ncFuzzKinds = []string{"numchess.expression", "numchess.move", "numchess.score", "numchess.swap_cost",
	"gomoku.win_in_1", "gomoku.forbidden", "gomoku.vcf", "gomoku.shape", "gomoku.opening_name", "gomoku.key_point"}

// FuzzNumchessGomokuPrompts feeds authored prompts and solutions to the
// number-chess and gomoku kinds: Validate must not panic and must answer
// nil or a *PromptError with both languages.
func FuzzNumchessGomokuPrompts(f *testing.F) {
	for _, ex := range []struct{ kind, prompt, solution string }{
		{"numchess.expression", `{"ruleset":"K1","digits":[9,5,4],"target":0}`, `{"expression":"9-5-4"}`},
		{"numchess.move", `{"ruleset":"G23","position":"` + ncChainPos + `","goal":{"type":"chain","piece":8}}`, `{"move":"8b2-f5[6-2]-d5[4]"}`},
		{"numchess.score", `{"ruleset":"G23","position":"r:7a14,3b15,5e9;b:2a3,9c4 r 30","side":"both"}`, `{"red":25,"blue":37}`},
		{"numchess.swap_cost", `{"pieces":[3,7]}`, `{"cost":16}`},
		{"gomoku.win_in_1", `{"board":"` + gmTestBoard(f, []string{"h8", "i8", "j8", "k8"}, []string{"a1", "b1", "c1"}) + `","rules":"renju","colour":"black"}`, `{"point":"l8"}`},
		{"gomoku.forbidden", `{"board":"` + gmTestBoard(f, []string{"h9", "h10", "i8", "j8"}, []string{"a15"}) + `","point":"h8"}`, `{"forbidden":true,"reason":"double_three"}`},
		{"gomoku.vcf", `{"board":"` + gmTestBoard(f, []string{"h8", "i8", "j8", "l9", "m10"}, []string{"g8", "a1", "c3"}) + `","rules":"renju","attacker":"black"}`, `{"line":["k8","l8","n11","j7","o12"]}`},
		{"gomoku.shape", `{"board":"` + gmTestBoard(f, []string{"f3", "g3", "h3"}, []string{"a15"}) + `","rules":"renju","colour":"black","shape":"open_three"}`, `{"points":["f3","g3","h3"]}`},
		{"gomoku.opening_name", `{"stones":["h8","h9","i10"]}`, `{"name":"溪月"}`},
		{"gomoku.key_point", `{"board":"` + gmTestBoard(f, []string{"h8", "i8", "j8", "k8", "i9"}, []string{"g8", "h9", "j7", "k9"}) + `","rules":"renju","colour":"white","goal":"block_four"}`, `{"point":"l8"}`},
	} {
		for i, name := range ncFuzzKinds {
			if name == ex.kind {
				f.Add(uint8(i), []byte(ex.prompt), []byte(ex.solution))
			}
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, prompt, solution []byte) {
		k, _ := KindByName(ncFuzzKinds[int(which)%len(ncFuzzKinds)])
		err := k.Validate(prompt, solution)
		if err == nil {
			return
		}
		var pe *PromptError
		if !errors.As(err, &pe) {
			t.Fatalf("Validate(%q, %q): %v is no PromptError", prompt, solution, err)
		}
		if pe.Message.ZH == "" || pe.Message.EN == "" {
			t.Fatalf("Validate(%q, %q): %+v lacks a language", prompt, solution, pe)
		}
	})
}
