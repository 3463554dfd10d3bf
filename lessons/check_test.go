package lessons

import (
	"os"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"qixue/exercises"
	"qixue/rules/game"
)

var (
	bankOnce sync.Once
	bankList []exercises.Exercise
	bankErr  error
)

// testBank loads the built-in exercise bank once for all tests.
func testBank(t testing.TB) []exercises.Exercise {
	t.Helper()
	bankOnce.Do(func() { bankList, bankErr = exercises.Bank() })
	if bankErr != nil {
		t.Fatalf("exercises.Bank: %v", bankErr)
	}
	return bankList
}

func TestCheckGood(t *testing.T) {
	curricula, problems := Check(os.DirFS("testdata/good"), testBank(t))
	for _, p := range problems {
		t.Errorf("unexpected problem: %s", p)
	}
	if len(curricula) != 2 || curricula[0].ID != "chess-k1" || curricula[1].ID != "numchess-k1" {
		t.Fatalf("curricula = %+v", curricula)
	}
	nc := curricula[1]
	if nc.Game != game.NumChess || nc.Band != exercises.K1 || nc.Version != 1 || len(nc.Units) != 2 {
		t.Errorf("numchess-k1 = %+v", nc)
	}
	l := nc.Units[0].Lessons[0]
	if l.Minutes != 15 || len(l.Blocks) != 5 || l.Blocks[1].Type != BlockDiagram || l.Blocks[1].Position != "start" {
		t.Errorf("lesson = %+v", l)
	}
	if got := strings.Join(l.ExerciseKeys(), " "); got != "numchess/expression-001 numchess/move-001 numchess/expression-004" {
		t.Errorf("ExerciseKeys = %q", got)
	}
	ch := curricula[0].Units[0].Lessons[0].Blocks[1]
	if !ch.Flip || ch.Last != "e2e4" || len(ch.Highlight) != 1 || len(ch.Arrows) != 1 {
		t.Errorf("chess diagram block = %+v", ch)
	}
}

func TestCheckBad(t *testing.T) {
	curricula, problems := Check(os.DirFS("testdata/bad"), testBank(t))
	if len(curricula) != 0 {
		t.Errorf("curricula with problems returned: %+v", curricula)
	}
	want := []struct{ file, path, msg string }{
		{"broken.json", "$", "unexpected EOF"},
		{"numchess/k1.json", "$.version", "version must be 1"},
		{"numchess/k1.json", "$.title", "missing en"},
		{"numchess/k1.json", "$.units[0].lessons[0].blocks[0].text", "empty"},
		{"numchess/k1.json", "$.units[0].lessons[0].blocks[1].position", "does not render"},
		{"numchess/k1.json", "$.units[0].lessons[0].blocks[2].exercise", "of band G23"},
		{"numchess/k1.json", "$.units[0].lessons[0].blocks[2].exercise", "uses the G23 ruleset"},
		{"numchess/k1.json", "$.units[0].lessons[0].blocks[3].exercise", "not in the bank"},
		{"numchess/k1.json", "$.units[0].lessons[0].blocks[4].exercise", "is a chess exercise"},
		{"numchess/k1.json", "$.units[0].lessons[0].blocks[5].type", `"video"`},
		{"numchess/k1.json", "$.units[0].lessons[1].id", "already used at numchess/k1.json: $.units[0].lessons[0].id"},
		{"numchess/k1.json", "$.units[0].lessons[1].objectives", "at least one objective"},
		{"numchess/k1.json", "$.units[0].lessons[1].tags", "at least one skill tag"},
		{"numchess/k1.json", "$.units[0].lessons[1].minutes", "not 1-120"},
		{"numchess/k1.json", "$.units[0].lessons[1].blocks", "at least 3 exercise blocks, has 1"},
		{"numchess/k1.json", "$.units[0].id", "review unit"},
	}
	for _, w := range want {
		found := false
		for _, p := range problems {
			if p.File == w.file && p.Path == w.path && strings.Contains(p.Message, w.msg) {
				found = true
			}
		}
		if !found {
			t.Errorf("no problem %s: %s: ...%s...", w.file, w.path, w.msg)
		}
	}
	if len(problems) != len(want) {
		for _, p := range problems {
			t.Log(p)
		}
		t.Errorf("%d problems, want %d", len(problems), len(want))
	}
}

func TestCheckRules(t *testing.T) {
	good, err := os.ReadFile("testdata/good/chess/k1.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name      string
		file      string
		old, new  string
		path, msg string
	}{
		{"unknown field", "chess/k1.json", `"minutes": 10`, `"minutes": 10, "duration": 3`, "$", `unknown field "duration"`},
		{"wrong type", "chess/k1.json", `"minutes": 10`, `"minutes": "ten"`, "$", "minutes"},
		{"bad id", "chess/k1.json", `"chess-k1-review-check"`, `"chess-k1-Review_check"`, "$.units[0].lessons[0].id", "lowercase"},
		{"unprefixed id", "chess/k1.json", `"chess-k1-review-check"`, `"check-lesson"`, "$.units[0].lessons[0].id", `does not start with "chess-k1-"`},
		{"wrong folder", "gomoku/k1.json", "", "", "$.game", "folder named chess"},
		{"wrong file name", "chess/g23.json", "", "", "$.band", "named k1.json"},
		{"unknown game", "chess/k1.json", `"game": "chess"`, `"game": "go"`, "$.game", `"go" is not one of`},
		{"unknown band", "chess/k1.json", `"band": "K1"`, `"band": "G5"`, "$.band", `"G5" is not one of`},
		{"bad highlight", "chess/k1.json", `"highlight": ["e4"]`, `"highlight": ["z9"]`, "$.units[0].lessons[0].blocks[1].highlight", "does not render"},
		{"caption one language", "chess/k1.json", `"flip": true}`, `"flip": true, "caption": {"zh-CN": "开局", "en": ""}}`, "$.units[0].lessons[0].blocks[1].caption", "missing en"},
		{"text block with position", "chess/k1.json", `{"type": "text", "text"`, `{"type": "text", "position": "8/8/8/8/8/8/8/8", "text"`, "$.units[0].lessons[0].blocks[0]", "only diagram blocks"},
		{"empty objective", "chess/k1.json", `{"zh-CN": "帮国王逃出将军。", "en": "Help the king out of check."}`, `{"zh-CN": "", "en": " "}`, "$.units[0].lessons[0].objectives[0]", "empty"},
		{"missing exercise key", "chess/k1.json", `"exercise": "chess/escape-lesson-3"`, `"exercise": ""`, "$.units[0].lessons[0].blocks[4].exercise", "missing exercise key"},
		{"no units", "chess/k1.json", `"units": [`, `"units": [], "x": [`, "$", "unknown field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := strings.Replace(string(good), tt.old, tt.new, 1)
			if tt.old != "" && data == string(good) {
				t.Fatalf("%q not found in the fixture", tt.old)
			}
			_, problems := Check(fstest.MapFS{tt.file: {Data: []byte(data)}}, testBank(t))
			for _, p := range problems {
				if p.File == tt.file && p.Path == tt.path && strings.Contains(p.Message, tt.msg) {
					return
				}
			}
			t.Errorf("no problem at %s containing %q; got %v", tt.path, tt.msg, problems)
		})
	}
}

func TestCheckDuplicateAcrossFiles(t *testing.T) {
	good, err := os.ReadFile("testdata/good/chess/k1.json")
	if err != nil {
		t.Fatal(err)
	}
	g23 := strings.ReplaceAll(strings.Replace(string(good), `"band": "K1"`, `"band": "G23"`, 1), `"id": "chess-k1"`, `"id": "chess-g23"`)
	g23 = strings.ReplaceAll(g23, `"chess-k1-review"`, `"chess-g23-review"`)
	_, problems := Check(fstest.MapFS{
		"chess/k1.json":  {Data: good},
		"chess/g23.json": {Data: []byte(g23)},
	}, testBank(t))
	var dup []Problem
	for _, p := range problems {
		if strings.Contains(p.Message, "already used") {
			dup = append(dup, p)
		}
	}
	if len(dup) != 1 || dup[0].Path != "$.units[0].lessons[0].id" {
		t.Errorf("duplicate lesson id across files: %v (all: %v)", dup, problems)
	}
}

func TestCheckExerciseFailsChecker(t *testing.T) {
	bank := append([]exercises.Exercise(nil), testBank(t)...)
	for i := range bank {
		if bank[i].Key == "chess/escape-lesson-2" {
			bank[i].Solution = []byte(`{"nonsense": true}`)
		}
	}
	_, problems := Check(os.DirFS("testdata/good/chess"), bank)
	// The folder is chess/ itself, so k1.json sits at the root: no folder rule.
	if len(problems) != 1 || problems[0].Path != "$.units[0].lessons[0].blocks[3].exercise" ||
		!strings.Contains(problems[0].Message, "fails its checker") {
		t.Errorf("problems = %v", problems)
	}
}

// TestBuiltIn checks every built-in curriculum the content engineers have
// committed: go test ./... fails on broken content.
func TestBuiltIn(t *testing.T) {
	testBank(t)
	_, problems := Check(Content(), bankList)
	for _, p := range problems {
		t.Errorf("%s", p)
	}
	if _, err := BuiltIn(); len(problems) == 0 && err != nil {
		t.Errorf("BuiltIn: %v", err)
	}
}
