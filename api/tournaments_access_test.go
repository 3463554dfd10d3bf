package api_test

import (
	"context"
	"fmt"
	"net/url"
	"sync"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/domain"
	"qixue/identity"
	"qixue/models/modelstest"
)

// TestTournamentAccessFollowsClasses reproduces the review's F7: a
// teacher's rights over a tournament follow their current classes, not
// who created it. A teacher added to the class may run another teacher's
// tournament, and each change is audited as a takeover; the creator,
// removed from the class, reads and changes nothing; a deactivated class
// grants nothing.
func TestTournamentAccessFollowsClasses(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		a := th.F.A
		ctx, root := context.Background(), domain.Principal{Role: domain.RolePlatformAdmin}
		var ids []string
		for _, s := range th.Students[:8] {
			ids = append(ids, s.ID)
		}
		rec := th.must(t, 201, "POST", "/v1/tournaments", a.TeacherToken, map[string]any{
			"name": "交接赛", "game": "chess", "rounds": 3, "class_ids": []string{a.Class.ID}, "student_ids": ids})
		id := apitest.Decode[struct{ ID string }](t, rec).ID
		base := "/v1/tournaments/" + id
		th.must(t, 201, "POST", base+"/rounds", a.TeacherToken, nil)
		result := func(board int) map[string]any { return map[string]any{"round": 1, "board": board, "result": "1-0"} }

		th.problem(t, 404, "not_found", "", "GET", base, a.OtherTeacherToken, nil)
		if _, err := th.Identity.Enroll(ctx, root, a.Class.ID, a.OtherTeacher.ID); err != nil {
			t.Fatal(err)
		}
		th.must(t, 200, "POST", base+"/results", a.OtherTeacherToken, result(1))
		log := auditList(t, th.Harness, a.AdminToken, url.Values{"action": {"tournament_takeover"}})
		if len(log.Items) != 1 || log.Items[0].Actor.UserID == nil || *log.Items[0].Actor.UserID != a.OtherTeacher.ID ||
			log.Items[0].Target.ID != id || log.Items[0].Details["created_by"] != a.Teacher.ID {
			t.Fatalf("takeover log %+v", log.Items)
		}
		th.must(t, 200, "POST", base+"/results", a.TeacherToken, result(2)) // its creator: no takeover
		if n := len(auditList(t, th.Harness, a.AdminToken, url.Values{"action": {"tournament_takeover"}}).Items); n != 1 {
			t.Errorf("%d takeover entries after the creator's change, want 1", n)
		}

		if err := th.Identity.Unenroll(ctx, root, a.Class.ID, a.Teacher.ID); err != nil {
			t.Fatal(err)
		}
		for _, r := range []struct {
			method, path string
			body         any
		}{{"GET", base, nil}, {"GET", base + "/trf", nil}, {"GET", base + "/standings", nil}, {"POST", base + "/results", result(3)}} {
			th.problem(t, 404, "not_found", "", r.method, r.path, a.TeacherToken, r.body)
		}
		if l := apitest.Decode[struct{ Items []struct{ ID string } }](t, th.must(t, 200, "GET", "/v1/tournaments", a.TeacherToken, nil)); len(l.Items) != 0 {
			t.Errorf("the former teacher still lists %d tournaments", len(l.Items))
		}

		inactive := false
		if _, err := th.Identity.UpdateClass(ctx, root, a.Class.ID, identity.ClassPatch{Active: &inactive}); err != nil {
			t.Fatal(err)
		}
		th.problem(t, 404, "not_found", "", "GET", base, a.OtherTeacherToken, nil)
		th.problem(t, 404, "not_found", "", "POST", base+"/results", a.OtherTeacherToken, result(3))
		th.must(t, 200, "POST", base+"/results", a.AdminToken, result(3)) // the school admin still runs it
	})
}

// TestTournamentResultsOnEveryBoardAtOnce reproduces the review's F10: a
// teacher and an admin enter the results of every board of a round at the
// same moment; every one is accepted (200) and stored.
func TestTournamentResultsOnEveryBoardAtOnce(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		a := th.F.A
		ctx, root := context.Background(), domain.Principal{Role: domain.RolePlatformAdmin}
		var ids []string
		for _, s := range th.Students {
			ids = append(ids, s.ID)
		}
		for i := range 31 {
			u, err := th.Identity.CreateUser(ctx, root, identity.NewUser{SchoolID: a.School.ID, Role: domain.RoleStudent,
				Username: fmt.Sprintf("a-many%d", i), RealName: fmt.Sprintf("学生%d", i), Password: apitest.Password})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := th.Identity.Enroll(ctx, root, a.Class.ID, u.ID); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, u.ID)
		}
		rec := th.must(t, 201, "POST", "/v1/tournaments", a.TeacherToken, map[string]any{
			"name": "大瑞士", "game": "chess", "rounds": 5, "class_ids": []string{a.Class.ID}, "student_ids": ids})
		base := "/v1/tournaments/" + apitest.Decode[struct{ ID string }](t, rec).ID
		r := apitest.Decode[tourRound](t, th.must(t, 201, "POST", base+"/rounds", a.TeacherToken, nil))
		var wg sync.WaitGroup
		codes := make([]int, len(r.Boards))
		for i, b := range r.Boards {
			if b.Black == nil {
				codes[i] = 200
				continue
			}
			token := a.TeacherToken
			if i%2 == 1 {
				token = a.AdminToken
			}
			wg.Go(func() {
				codes[i] = th.Do(t, "POST", base+"/results", token, map[string]any{"round": 1, "board": b.Board, "result": "0-1"}, nil).Code
			})
		}
		wg.Wait()
		for i, c := range codes {
			if c != 200 {
				t.Errorf("board %d: %d", r.Boards[i].Board, c)
			}
		}
		got := apitest.Decode[tourRound](t, th.must(t, 200, "GET", base+"/pairings?round=1", a.TeacherToken, nil))
		for _, b := range got.Boards {
			if b.Black != nil && (b.Result == nil || *b.Result != "0-1") {
				t.Errorf("board %d: %v", b.Board, b.Result)
			}
		}
		th.must(t, 201, "POST", base+"/rounds", a.TeacherToken, nil) // the round is complete
	})
}

// TestGameAccessFollowsClasses: the teacher who uploaded a game of their
// class's student neither reads nor edits it once removed from the class
// (F7); a teacher newly given the class edits it, audited as a takeover.
func TestGameAccessFollowsClasses(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		a := w.F.A
		ctx, root := context.Background(), domain.Principal{Role: domain.RolePlatformAdmin}
		path := "/v1/games/" + w.A.Game
		patch := map[string]any{"event": "改过"}
		if rec := w.Do(t, "PATCH", path, a.OtherTeacherToken, patch, nil); rec.Code != 404 {
			t.Fatalf("a teacher of no class of it edits: %d", rec.Code)
		}
		if _, err := w.Identity.Enroll(ctx, root, a.Class.ID, a.OtherTeacher.ID); err != nil {
			t.Fatal(err)
		}
		if rec := w.Do(t, "PATCH", path, a.OtherTeacherToken, patch, nil); rec.Code != 200 {
			t.Fatalf("the class's new teacher edits: %d %s", rec.Code, rec.Body)
		}
		log := auditList(t, w.Harness, a.AdminToken, url.Values{"action": {"game_takeover"}})
		if len(log.Items) != 1 || log.Items[0].Target.ID != w.A.Game || log.Items[0].Details["submitted_by"] != a.Teacher.ID {
			t.Fatalf("takeover log %+v", log.Items)
		}
		if err := w.Identity.Unenroll(ctx, root, a.Class.ID, a.Teacher.ID); err != nil {
			t.Fatal(err)
		}
		for _, m := range []string{"GET", "PATCH"} {
			var body any
			if m == "PATCH" {
				body = patch
			}
			if rec := w.Do(t, m, path, a.TeacherToken, body, nil); rec.Code != 404 {
				t.Errorf("%s by the uploader after leaving the class: %d", m, rec.Code)
			}
		}
	})
}
