package web_test

import (
	"testing"
	"time"
)

// TestAnswerForm: a kind without a board of its own (number-chess
// scores) gets the generic answer form, labelled in the child's language
// (no field names or English descriptions of the schema in zh-CN), and
// its answer is judged.
func TestAnswerForm(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, class, cards := newStudents(t, base, "吴分")
	var list struct {
		Items []struct{ ID, Key string } `json:"items"`
	}
	apiCall(t, base, "GET", "/v1/exercises?limit=50&kind=numchess.score", tok, nil, &list)
	id := ""
	for _, x := range list.Items {
		if x.Key == "numchess/score-001" {
			id = x.ID
		}
	}
	if id == "" {
		t.Fatal("no exercise numchess/score-001")
	}
	var asg struct{ ID string }
	apiCall(t, base, "POST", "/v1/assignments", tok, map[string]any{"class_id": class, "title": "得分",
		"items":  []map[string]string{{"kind": "exercise", "id": id}},
		"due_at": time.Now().Add(72 * time.Hour).UTC().Format(time.RFC3339), "attempts_allowed": 3}, &asg)

	b := newBrowser(t, base, 1024, 768)
	st := cards.Students[0]
	b.studentLogin(cards.ClassCode, st.Username, st.PIN)
	b.open("/student/exercise/" + id + "?a=" + asg.ID)
	b.wait(".answer-form input[name=red]")
	labels := evalJS[string](b, `[...document.querySelectorAll('.answer-form label')].map((l) => l.textContent).join('|')`)
	if labels != "红方得分|蓝方得分" && labels != "蓝方得分|红方得分" {
		t.Errorf("zh labels %q", labels)
	}
	b.shot("answer-form")
	b.fill(".answer-form input[name=red]", "9")
	b.fill(".answer-form input[name=blue]", "2")
	b.click(".answer-form button[type=submit]")
	b.waitJS("the verdict", `['correct', 'wrong', 'partial'].includes((document.querySelector('#verdict') || {dataset: {}}).dataset.outcome)`)
	if got := evalJS[string](b, `document.querySelector('#verdict').dataset.outcome`); got != "correct" {
		t.Errorf("verdict %s: %q", got, b.text("#verdict"))
	}
	b.shot("answer-form-right")

	// In English the same form speaks English.
	b.click(`.top-actions button[lang="en"]`)
	b.waitJS("the English form", `[...document.querySelectorAll('.answer-form label')].some((l) => l.textContent === "Red's score")`)
}
