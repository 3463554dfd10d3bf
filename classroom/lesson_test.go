package classroom

import (
	"encoding/json"
	"testing"
	"time"

	"qixue/domain"
	"qixue/exercises"
)

func TestTallyOf(t *testing.T) {
	ans := func(i int, user, doc string, o exercises.Outcome) Answer {
		return Answer{Index: i, UserID: user, Answer: json.RawMessage(doc), Outcome: o,
			Feedback: domain.Text{ZH: "错 " + doc, EN: "wrong " + doc}}
	}
	all := []Answer{
		ans(0, "u1", `{"move":"e4"}`, exercises.Correct),
		ans(0, "u2", `{"move":"d4"}`, exercises.Wrong),
		ans(1, "u1", `{"move":"a3"}`, exercises.Wrong),
		ans(0, "u3", `{"move":"d4"}`, exercises.Wrong),
		ans(0, "u4", `{"move":"c4"}`, exercises.Partial),
		ans(0, "u5", `{"move":"h4"}`, exercises.Wrong),
	}
	tl := TallyOf(all, 0)
	if tl.Answered != 5 || tl.Correct != 1 || len(tl.Answers) != 4 || len(tl.Users) != 5 {
		t.Fatalf("tally: %+v", tl)
	}
	if string(tl.Answers[0].Answer) != `{"move":"d4"}` || tl.Answers[0].Count != 2 {
		t.Fatalf("most given first: %+v", tl.Answers)
	}
	wrong := tl.CommonWrong(2)
	if len(wrong) != 2 || string(wrong[0].Answer) != `{"move":"d4"}` || string(wrong[1].Answer) != `{"move":"c4"}` {
		t.Fatalf("common wrong: %+v", wrong)
	}
	if got := TallyOf(all, 2); got.Answered != 0 || len(got.Answers) != 0 {
		t.Fatalf("empty item: %+v", got)
	}
}

func TestOpenAndTakes(t *testing.T) {
	now := time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC)
	l := Lesson{Status: Running, Current: 1, Items: []Item{{ExerciseID: "a"}, {ExerciseID: "b", OpenedAt: now, Deadline: now.Add(30 * time.Second)}}}
	cases := []struct {
		name string
		l    Lesson
		i    int
		at   time.Time
		want error
	}{
		{"open item", l, 1, now.Add(29 * time.Second), nil},
		{"another item", l, 0, now, ErrItemNotOpen},
		{"time ran out", l, 1, now.Add(30 * time.Second), ErrItemClosed},
		{"revealed", func() Lesson { c := l; c.Items = append([]Item(nil), l.Items...); c.Items[1].Revealed = true; return c }(), 1, now, ErrItemClosed},
		{"ended", func() Lesson { c := l; c.Status = Ended; return c }(), 1, now, ErrEnded},
		{"not started", func() Lesson { c := l; c.Status, c.Current = Ready, -1; return c }(), 0, now, ErrItemNotOpen},
	}
	for _, c := range cases {
		if got := takes(c.l, c.i, c.at); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

func TestDraftCheck(t *testing.T) {
	ok := Draft{ClassID: "c", ExerciseIDs: []string{"e"}}
	if err := ok.check(); err != nil {
		t.Fatal(err)
	}
	many := make([]string, MaxItems+1)
	for i := range many {
		many[i] = "e"
	}
	for name, d := range map[string]Draft{
		"no class":      {ExerciseIDs: []string{"e"}},
		"no items":      {ClassID: "c"},
		"too many":      {ClassID: "c", ExerciseIDs: many},
		"empty id":      {ClassID: "c", ExerciseIDs: []string{""}},
		"short timer":   {ClassID: "c", ExerciseIDs: []string{"e"}, Options: Options{ItemSeconds: MinItemSeconds - 1}},
		"long timer":    {ClassID: "c", ExerciseIDs: []string{"e"}, Options: Options{ItemSeconds: MaxItemSeconds + 1}},
		"title newline": {ClassID: "c", ExerciseIDs: []string{"e"}, Title: "a\nb"},
	} {
		if d.check() == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestShuffleKeepsItems(t *testing.T) {
	ids := []string{"a", "b", "c", "d", "e"}
	shuffle(ids)
	seen := map[string]bool{}
	for _, id := range ids {
		seen[id] = true
	}
	if len(seen) != 5 {
		t.Fatalf("shuffle lost items: %v", ids)
	}
}
