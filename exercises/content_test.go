package exercises

// Helpers shared by the content-claim tests (content_*_test.go): they walk
// every bank exercise and every lesson of lessons/content, so a test of a
// class of mistake covers all built-in content, not one instance.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"qixue/domain"
	"qixue/rules/game"
)

// contentBlock is one block of a lesson as written in lessons/content.
type contentBlock struct {
	Type     string      `json:"type"`
	Text     domain.Text `json:"text"`
	Position string      `json:"position"`
	Caption  domain.Text `json:"caption"`
	Exercise string      `json:"exercise"`
	Hi       []string    `json:"highlight"`
	Arrows   []string    `json:"arrows"`
	Last     string      `json:"last"`
}

// contentLesson is one lesson of lessons/content.
type contentLesson struct {
	ID     string         `json:"id"`
	Tags   []string       `json:"tags"`
	Blocks []contentBlock `json:"blocks"`
}

// contentCurriculum is one file of lessons/content.
type contentCurriculum struct {
	ID    string    `json:"id"`
	Game  game.Name `json:"game"`
	Band  Band      `json:"band"`
	Units []struct {
		ID      string          `json:"id"`
		Lessons []contentLesson `json:"lessons"`
	} `json:"units"`
}

// lessonContent reads every curriculum file of lessons/content (the lessons
// package embeds them; this package only reads them in tests).
func lessonContent(t *testing.T) []contentCurriculum {
	t.Helper()
	files, err := filepath.Glob("../lessons/content/*/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no lesson content found: %v", err)
	}
	var out []contentCurriculum
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var c contentCurriculum
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out = append(out, c)
	}
	return out
}

// wholeBank returns every bank exercise.
func wholeBank(t *testing.T) []Exercise {
	t.Helper()
	exs, err := Bank()
	if err != nil {
		t.Fatal(err)
	}
	return exs
}

// exerciseTexts returns every student-facing text of an exercise with a
// name for messages: the body, the explanation, option texts and option
// feedback.
func exerciseTexts(ex Exercise) map[string]domain.Text {
	out := map[string]domain.Text{"body": ex.Body}
	var s struct {
		Explanation    domain.Text   `json:"explanation"`
		OptionFeedback []domain.Text `json:"option_feedback"`
	}
	_ = json.Unmarshal(ex.Solution, &s)
	out["explanation"] = s.Explanation
	for i, f := range s.OptionFeedback {
		out[fmt.Sprintf("option_feedback[%d]", i)] = f
	}
	var p struct {
		Options []domain.Text `json:"options"`
	}
	_ = json.Unmarshal(ex.Prompt, &p)
	for i, o := range p.Options {
		out[fmt.Sprintf("options[%d]", i)] = o
	}
	return out
}

// eachLesson calls f for every lesson of game's curricula in
// lessons/content.
func eachLesson(t *testing.T, game game.Name, f func(c contentCurriculum, l contentLesson)) {
	t.Helper()
	for _, c := range lessonContent(t) {
		if c.Game != game {
			continue
		}
		for _, u := range c.Units {
			for _, l := range u.Lessons {
				f(c, l)
			}
		}
	}
}
