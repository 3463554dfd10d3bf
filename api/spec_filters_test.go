package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/exercises"
	"qixue/models/modelstest"
)

// filterCheck says how to test one documented filter of one list route:
// the values to send, the query the filtered answers are compared with
// (base: what the route lists with no value of the filter, e.g.
// status=all), and match, which says whether an item of the base answer
// belongs in the answer for value v. mayKeep marks filters whose match
// cannot be decided from an item alone (text search): the answer must then
// only be a subset of the base answer.
type filterCheck struct {
	token   string
	base    string
	values  []string
	match   func(item map[string]any, v string) bool
	mayKeep bool
}

func field(item map[string]any, path string) any {
	var v any = item
	for _, k := range strings.Split(path, ".") {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func fieldIs(path string) func(map[string]any, string) bool {
	return func(item map[string]any, v string) bool { return fmt.Sprint(field(item, path)) == v }
}

func hasTag(item map[string]any, v string) bool {
	tags, _ := item["tags"].([]any)
	return slices.Contains(tags, any(v))
}

func activeIs(item map[string]any, v string) bool {
	switch v {
	case "active":
		return item["active"] == true
	case "inactive":
		return item["active"] == false
	}
	return true
}

// itemKey names a list item: its id, or what stands for it.
func itemKey(item map[string]any) string {
	for _, k := range []string{"id", "attempt_id", "user_id"} {
		if s, ok := item[k].(string); ok {
			return s
		}
	}
	return fmt.Sprint(field(item, "assignment.id"))
}

// TestSpecListFilters checks every filter that openapi.yaml documents on
// every list route (a GET answering items): for each value, every item
// listed matches it and every item of the unfiltered answer that matches
// it is listed, and some value changes the answer (a filter that was
// ignored, as band on /v1/lessons was, fails). A documented filter with no
// check here fails the test, so that a new one cannot skip it.
func TestSpecListFilters(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		a := w.F.A
		now := w.Now
		// Rows in every state the filters tell apart.
		w.create(t, "PATCH", "/v1/users/"+a.OtherStudent.ID, a.AdminToken, map[string]any{"active": false}, nil)
		old := w.create(t, "POST", "/v1/classes", a.AdminToken, map[string]any{"name": "Old", "grade": 5}, nil)
		w.create(t, "PATCH", "/v1/classes/"+old, a.AdminToken, map[string]any{"active": false}, nil)
		extra := w.create(t, "POST", "/v1/users", a.AdminToken, map[string]any{"role": "teacher", "username": "a-extra", "real_name": "Extra", "password": "correct-horse-battery"}, nil)
		if rec := w.Do(t, "POST", "/v1/classes/"+a.Class.ID+"/enrollments", a.AdminToken, map[string]string{"user_id": extra}, nil); rec.Code != http.StatusCreated {
			t.Fatalf("enrol: %d %s", rec.Code, rec.Body)
		}
		w.create(t, "PATCH", "/v1/users/"+extra, a.AdminToken, map[string]any{"role": "student"}, nil) // ends the enrollment
		members := map[string]bool{a.Teacher.ID: true, a.Student.ID: true, w.A.Mate: true}
		bandOf := func(item map[string]any, v string) bool {
			g, _ := strconv.Atoi(v)
			return item["band"] == string(exercises.BandOfGrade(g))
		}
		assignmentStatus := func(item map[string]any, v string) bool {
			due, _ := time.Parse(time.RFC3339, fmt.Sprint(field(item, "assignment.due_at")))
			st := fmt.Sprint(field(item, "progress.status"))
			finished := st == "done" || st == "late"
			switch v {
			case "open":
				return !finished && due.After(now)
			case "due_soon":
				return !finished && due.After(now) && due.Before(now.Add(48*time.Hour+time.Second))
			case "overdue":
				return !finished && !due.After(now)
			}
			return finished
		}
		audited := func(item map[string]any, v string) bool {
			return field(item, "actor.user_id") == v || field(item, "target.id") == v
		}
		at := func(item map[string]any) time.Time {
			t, _ := time.Parse(time.RFC3339Nano, fmt.Sprint(item["at"]))
			return t
		}
		// Game records: the world's (chess, confirmed, the student white,
		// 2026-11-03, C20), an outsiders' draughts game and a student's
		// pending chess game.
		w.upload(t, a.AdminToken, map[string]any{"game": "draughts",
			"text": "[Event \"Autumn cup\"]\n[Date \"2026.10.01\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n"})
		w.upload(t, a.StudentToken, map[string]any{"game": "chess", "black_id": a.Student.ID,
			"text": "[Event \"Club\"]\n[Date \"2026.11.20\"]\n[White \"Cai\"]\n[ECO \"B01\"]\n\n1. e4 d5 *\n"})
		plays := func(it map[string]any, id string) bool {
			return field(it, "white.student_id") == id || field(it, "black.student_id") == id
		}
		dated := func(before bool) func(map[string]any, string) bool {
			return func(it map[string]any, v string) bool {
				d, ok := it["date"].(string)
				return ok && (before && d <= v || !before && d >= v)
			}
		}
		mid := now.Add(-time.Hour).Format(time.RFC3339)
		future := now.Add(time.Hour).Format(time.RFC3339)
		statuses := []string{"active", "inactive", "all"}
		checks := map[string]filterCheck{
			"/v1/users status":                    {base: "status=all", values: statuses, match: activeIs},
			"/v1/users school_id":                 {token: w.F.AdminToken, values: []string{a.School.ID}, match: fieldIs("school_id")},
			"/v1/users role":                      {values: []string{"school_admin", "teacher", "student", "platform_admin"}, match: fieldIs("role")},
			"/v1/users class_id":                  {values: []string{a.Class.ID}, match: func(it map[string]any, _ string) bool { return members[itemKey(it)] }},
			"/v1/classes status":                  {base: "status=all", values: statuses, match: activeIs},
			"/v1/classes school_id":               {token: w.F.AdminToken, values: []string{a.School.ID}, match: fieldIs("school_id")},
			"/v1/classes/{id}/enrollments status": {base: "status=all", values: statuses, match: activeIs},
			"/v1/exercises school_id": {token: w.F.AdminToken, values: []string{a.School.ID}, match: func(it map[string]any, v string) bool {
				return it["school_id"] == v || it["source"] == "builtin" // what the school sees
			}},
			"/v1/exercises game":          {values: []string{"chess", "numchess", "gomoku"}, match: fieldIs("game")},
			"/v1/exercises kind":          {values: []string{"choice", "expression"}, match: fieldIs("kind")},
			"/v1/exercises band":          {values: []string{"K1", "G23", "G46"}, match: fieldIs("band")},
			"/v1/exercises tag":           {values: []string{"numchess.rules", "chess.rules.castling"}, match: hasTag},
			"/v1/exercises source":        {values: []string{"builtin", "school"}, match: fieldIs("source")},
			"/v1/me/attempts exercise_id": {token: a.StudentToken, values: []string{w.A.Exercise, w.Bank}, match: fieldIs("exercise_id")},
			"/v1/me/ratings/history game": {token: a.StudentToken, values: []string{"numchess", "chess"}, match: fieldIs("game")},
			"/v1/curricula game":          {values: []string{"chess", "numchess", "draughts"}, match: fieldIs("game")},
			"/v1/curricula grade":         {values: []string{"0", "1", "2", "5"}, match: bandOf},
			"/v1/lessons q":               {values: []string{"复习", "no such words"}, mayKeep: true},
			"/v1/lessons tag":             {values: []string{"numchess.board"}, match: hasTag},
			"/v1/lessons game":            {values: []string{"chess", "numchess"}, match: fieldIs("game")},
			"/v1/lessons band":            {values: []string{"K1", "G23", "G46"}, match: fieldIs("band")},
			"/v1/assignments class_id":    {values: []string{a.Class.ID, old}, match: fieldIs("class_id")},
			"/v1/tournaments class_id": {values: []string{a.Class.ID, old}, match: func(it map[string]any, v string) bool {
				ids, _ := it["class_ids"].([]any)
				return slices.Contains(ids, any(v))
			}},
			"/v1/me/assignments status": {token: a.StudentToken, values: []string{"open", "due_soon", "overdue", "done"}, match: assignmentStatus},
			"/v1/audit user_id":         {values: []string{a.Student.ID, extra}, match: audited},
			"/v1/audit action":          {values: []string{"user_created", "role_changed", "enrollment_added"}, match: fieldIs("action")},
			"/v1/audit since":           {values: []string{mid, future}, match: func(it map[string]any, v string) bool { s, _ := time.Parse(time.RFC3339, v); return !at(it).Before(s) }},
			"/v1/audit until":           {values: []string{mid, future}, match: func(it map[string]any, v string) bool { u, _ := time.Parse(time.RFC3339, v); return at(it).Before(u) }},
			"/v1/audit school_id":       {token: w.F.AdminToken, values: []string{a.School.ID}, match: fieldIs("school_id")},
			"/v1/games user_id":         {values: []string{a.Student.ID}, match: plays},
			"/v1/games class_id": {values: []string{a.Class.ID, old}, match: func(it map[string]any, v string) bool {
				return v == a.Class.ID && plays(it, a.Student.ID)
			}},
			"/v1/games game": {values: []string{"chess", "draughts", "gomoku"}, match: fieldIs("game")},
			"/v1/live-games class_id": {values: []string{a.Class.ID, old}, match: func(it map[string]any, v string) bool {
				players, _ := it["players"].([]any)
				for _, p := range players {
					if m, _ := p.(map[string]any); m["class_id"] == v {
						return true
					}
				}
				return false
			}},
			"/v1/live-games tournament_id": {values: []string{w.A.Tournament}, match: func(it map[string]any, v string) bool {
				t, _ := it["tournament"].(map[string]any)
				return t != nil && t["id"] == v
			}},
			"/v1/live-games status":     {values: []string{"playing", "finished"}, match: fieldIs("status")},
			"/v1/live-lessons class_id": {values: []string{a.Class.ID, old}, match: fieldIs("class_id")},
			"/v1/live-lessons status":   {values: []string{"ready", "running", "ended"}, match: fieldIs("status")},
			"/v1/games event":           {values: []string{"autumn", "no such event"}, mayKeep: true},
			"/v1/games from":            {values: []string{"2026-11-01", "2026-11-03"}, match: dated(false)},
			"/v1/games to":              {values: []string{"2026-11-01", "2026-11-03"}, match: dated(true)},
			"/v1/games status":          {values: []string{"pending", "confirmed"}, match: fieldIs("status")},
			"/v1/games opening": {values: []string{"C20", "b0", "Sicilian"}, match: func(it map[string]any, v string) bool {
				return strings.Contains(strings.ToLower(fmt.Sprint(it["opening"])), strings.ToLower(v))
			}},
		}
		used := map[string]bool{}
		for _, o := range specOps(w) {
			if o.method != http.MethodGet || !answersItems(o) {
				continue
			}
			for _, p := range o.params {
				if p.In != "query" || p.Name == "lang" || p.Name == "limit" || p.Name == "cursor" || p.Name == "sort" {
					continue
				}
				key := o.path + " " + p.Name
				c, ok := checks[key]
				if !ok {
					t.Errorf("%s: documented filter %s has no check in TestSpecListFilters", o, p.Name)
					continue
				}
				used[key] = true
				t.Run(key, func(t *testing.T) { checkFilter(t, w, o, p.Name, c) })
			}
		}
		for k := range checks {
			if !used[k] {
				t.Errorf("check %q matches no documented filter", k)
			}
		}
	})
}

// answersItems reports whether the operation's 200 answer is a list.
func answersItems(o specOp) bool {
	r := o.op.Responses.Status(http.StatusOK)
	if r == nil || r.Value == nil {
		return false
	}
	mt := r.Value.Content.Get("application/json")
	return mt != nil && mt.Schema != nil && mt.Schema.Value != nil && mt.Schema.Value.Properties["items"] != nil
}

func checkFilter(t *testing.T, w *world, o specOp, name string, c filterCheck) {
	token := c.token
	if token == "" {
		token = w.reader(o.path)
	}
	path := w.fill(t, "A", o.path)
	hasLimit := false
	for _, p := range o.params {
		hasLimit = hasLimit || p.Name == "limit"
	}
	list := func(query string) map[string]map[string]any {
		t.Helper()
		q := path
		if hasLimit {
			q = withQuery(q, "limit", "200")
		}
		if query != "" {
			q += "&" + query
			if !strings.Contains(q, "?") {
				q = strings.Replace(q, "&", "?", 1)
			}
		}
		rec := w.Do(t, "GET", q, token, nil, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("GET %s: %d %s", q, rec.Code, rec.Body)
		}
		var body struct {
			Items      []map[string]any `json:"items"`
			NextCursor *string          `json:"next_cursor"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if body.NextCursor != nil {
			t.Fatalf("GET %s: more than one page", q)
		}
		out := map[string]map[string]any{}
		for _, it := range body.Items {
			out[itemKey(it)] = it
		}
		return out
	}
	base := list(c.base)
	changed := false
	for _, v := range c.values {
		got := list(withQuery("", name, v)[1:] + map[bool]string{true: "&" + c.base}[c.base != ""])
		if len(got) != len(base) {
			changed = true
		}
		for k, it := range got {
			if _, ok := base[k]; !ok {
				t.Errorf("%s=%s lists %s, which the unfiltered answer does not", name, v, k)
			}
			if c.match != nil && !c.match(it, v) {
				t.Errorf("%s=%s lists an item that does not match: %v", name, v, it)
			}
		}
		if c.mayKeep {
			continue
		}
		for k, it := range base {
			if _, ok := got[k]; !ok && c.match(it, v) {
				t.Errorf("%s=%s leaves out %s, which matches: %v", name, v, k, it)
			}
		}
	}
	if !changed {
		t.Errorf("no value of %s changes the answer (%d items): the filter is ignored, or the fixture cannot show it", name, len(base))
	}
}
