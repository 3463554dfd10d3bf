package api_test

import (
	"encoding/base64"
	"net/url"
	"slices"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// auditEntry is an entry of GET /v1/audit.
type auditEntry struct {
	ID       string  `json:"id"`
	SchoolID *string `json:"school_id"`
	Actor    struct {
		UserID *string `json:"user_id"`
		Role   string  `json:"role"`
	} `json:"actor"`
	Action string `json:"action"`
	Target struct {
		Type string `json:"type"`
		ID   string `json:"id"`
	} `json:"target"`
	Details map[string]any `json:"details"`
	At      time.Time      `json:"at"`
	From    struct {
		Address   string `json:"address"`
		RequestID string `json:"request_id"`
	} `json:"from"`
}

type auditPage struct {
	Items      []auditEntry `json:"items"`
	NextCursor *string      `json:"next_cursor"`
}

// auditList reads one page of the audit log as token.
func auditList(t *testing.T, h *apitest.Harness, token string, q url.Values) auditPage {
	t.Helper()
	rec := h.Do(t, "GET", "/v1/audit?"+q.Encode(), token, nil, nil)
	if rec.Code != 200 {
		t.Fatalf("GET /v1/audit?%s: %d %s", q.Encode(), rec.Code, rec.Body)
	}
	return apitest.Decode[auditPage](t, rec)
}

// TestAuditActions: each audited action writes exactly one entry, with
// its actor, target, school and origin (client address, request ID), and
// no secret in its details.
func TestAuditActions(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a, b := f.A, f.B
		h.Advance(time.Second)
		since := h.Now.UTC().Truncate(time.Second).Format(time.RFC3339)
		var created struct {
			ID string `json:"id"`
		}
		type act struct {
			action, method, path, token string
			body                        any
			status                      int
			actor, target, school       string
		}
		acts := []act{
			{"pin_reset", "POST", "/v1/users/" + a.Student.ID + "/pin", a.TeacherToken, nil, 200, a.Teacher.ID, a.Student.ID, a.School.ID},
			{"password_set", "PUT", "/v1/users/" + a.OtherStudent.ID + "/password", a.AdminToken, map[string]string{"password": "new-password-1"}, 204, a.Admin.ID, a.OtherStudent.ID, a.School.ID},
			{"enrollment_added", "POST", "/v1/classes/" + a.Class.ID + "/enrollments", a.TeacherToken, map[string]string{"user_id": a.OtherStudent.ID}, 201, a.Teacher.ID, a.OtherStudent.ID, a.School.ID},
			{"enrollment_removed", "DELETE", "/v1/classes/" + a.Class.ID + "/enrollments/" + a.OtherStudent.ID, a.TeacherToken, nil, 204, a.Teacher.ID, a.OtherStudent.ID, a.School.ID},
			{"role_changed", "PATCH", "/v1/users/" + a.OtherTeacher.ID, a.AdminToken, map[string]string{"role": "school_admin"}, 200, a.Admin.ID, a.OtherTeacher.ID, a.School.ID},
			{"user_deactivated", "PATCH", "/v1/users/" + a.OtherStudent.ID, a.AdminToken, map[string]bool{"active": false}, 200, a.Admin.ID, a.OtherStudent.ID, a.School.ID},
			{"user_reactivated", "PATCH", "/v1/users/" + a.OtherStudent.ID, a.AdminToken, map[string]bool{"active": true}, 200, a.Admin.ID, a.OtherStudent.ID, a.School.ID},
			{"user_created", "POST", "/v1/users", a.AdminToken, map[string]string{"role": "teacher", "username": "a-new", "real_name": "New", "password": apitest.Password}, 201, a.Admin.ID, "", a.School.ID},
			{"user_deleted", "DELETE", "", a.AdminToken, nil, 204, a.Admin.ID, "", a.School.ID},
			{"login_cards_reissued", "POST", "/v1/classes/" + a.Class.ID + "/login-cards", a.TeacherToken, nil, 200, a.Teacher.ID, a.Class.ID, a.School.ID},
			{"students_created", "POST", "/v1/classes/" + a.Class.ID + "/students", a.TeacherToken, map[string]any{"students": []map[string]string{{"real_name": "小明"}}}, 201, a.Teacher.ID, a.Class.ID, a.School.ID},
			{"password_changed", "POST", "/v1/me/password", b.TeacherToken, map[string]string{"current_password": apitest.Password, "new_password": "another-password-2"}, 200, b.Teacher.ID, b.Teacher.ID, b.School.ID},
		}
		for i, x := range acts {
			if x.action == "user_deleted" {
				x.path, x.target = "/v1/users/"+created.ID, created.ID
			}
			if x.action == "user_created" {
				defer func() { acts[i].target = created.ID }()
			}
			rec := h.Do(t, x.method, x.path, x.token, x.body, map[string]string{"X-Request-ID": "req-" + x.action})
			if rec.Code != x.status {
				t.Fatalf("%s: %d %s", x.action, rec.Code, rec.Body)
			}
			if x.action == "user_created" {
				created = apitest.Decode[struct {
					ID string `json:"id"`
				}](t, rec)
				x.target = created.ID
			}
			acts[i] = x
		}
		for _, x := range acts {
			t.Run(x.action, func(t *testing.T) {
				admin := a.AdminToken
				if x.school == b.School.ID {
					admin = b.AdminToken
				}
				got := auditList(t, h, admin, url.Values{"action": {x.action}, "since": {since}}).Items
				if len(got) != 1 {
					t.Fatalf("%d entries, want 1: %+v", len(got), got)
				}
				e := got[0]
				if e.Actor.UserID == nil || *e.Actor.UserID != x.actor || e.Target.ID != x.target || e.SchoolID == nil || *e.SchoolID != x.school {
					t.Errorf("entry %+v, want actor %s target %s school %s", e, x.actor, x.target, x.school)
				}
				if e.From.RequestID != "req-"+x.action || e.From.Address != "192.0.2.1" {
					t.Errorf("from %+v", e.From)
				}
				for k, v := range e.Details {
					if s, ok := v.(string); ok && (s == "new-password-1" || s == "another-password-2" || s == apitest.Password) {
						t.Errorf("details %s hold a password", k)
					}
				}
			})
		}
		role := auditList(t, h, a.AdminToken, url.Values{"action": {"role_changed"}, "since": {since}}).Items[0]
		if role.Details["from"] != "teacher" || role.Details["to"] != "school_admin" || role.Actor.Role != "school_admin" {
			t.Errorf("role change entry %+v", role)
		}
	})
}

// TestAuditReading: only admins read the log; a school admin reads only
// their school's entries; pages are newest first without gaps or
// repeats; filters work and bad ones are 400 naming the parameter.
func TestAuditReading(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		a, b := f.A, f.B
		for range 3 {
			h.Advance(time.Second)
			h.Do(t, "POST", "/v1/users/"+a.Student.ID+"/pin", a.TeacherToken, nil, nil)
			h.Do(t, "POST", "/v1/users/"+b.Student.ID+"/pin", b.TeacherToken, nil, nil)
		}
		h.Run(t, []apitest.Case{
			{Name: "teachers may not", Method: "GET", Path: "/v1/audit", Token: a.TeacherToken, Status: 403, Code: "forbidden"},
			{Name: "students may not", Method: "GET", Path: "/v1/audit", Token: a.OtherStudentToken, Status: 403, Code: "forbidden"},
			{Name: "anonymous", Method: "GET", Path: "/v1/audit", Status: 401},
			{Name: "bad action", Method: "GET", Path: "/v1/audit?action=nope", Token: a.AdminToken, Status: 400, Code: "invalid_parameter", Contains: []string{`"field":"action"`}},
			{Name: "bad user_id", Method: "GET", Path: "/v1/audit?user_id=xyz", Token: a.AdminToken, Status: 400, Code: "invalid_parameter", Contains: []string{`"field":"user_id"`}},
			{Name: "bad since", Method: "GET", Path: "/v1/audit?since=yesterday", Token: a.AdminToken, Status: 400, Code: "invalid_parameter", Contains: []string{`"field":"since"`}},
			{Name: "bad until", Method: "GET", Path: "/v1/audit?until=2026-13-01T00:00:00Z", Token: a.AdminToken, Status: 400, Code: "invalid_parameter", Contains: []string{`"field":"until"`}},
			{Name: "until before since", Method: "GET", Path: "/v1/audit?since=2026-01-02T00:00:00Z&until=2026-01-01T00:00:00Z", Token: a.AdminToken, Status: 400, Contains: []string{`"field":"until"`}},
			{Name: "bad cursor", Method: "GET", Path: "/v1/audit?cursor=" + base64.RawURLEncoding.EncodeToString([]byte("garbage")), Token: a.AdminToken, Status: 400, Contains: []string{`"field":"cursor"`}},
			{Name: "bad limit", Method: "GET", Path: "/v1/audit?limit=0", Token: a.AdminToken, Status: 400, Contains: []string{`"field":"limit"`}},
			{Name: "bad school_id", Method: "GET", Path: "/v1/audit?school_id=xyz", Token: f.AdminToken, Status: 400, Contains: []string{`"field":"school_id"`}},
		})

		all := func(token string, q url.Values) []auditEntry {
			t.Helper()
			q.Set("limit", "200")
			return auditList(t, h, token, q).Items
		}
		ofA := all(a.AdminToken, url.Values{})
		ofB := all(b.AdminToken, url.Values{})
		if len(ofA) == 0 || len(ofB) == 0 {
			t.Fatalf("entries: %d of A, %d of B", len(ofA), len(ofB))
		}
		for _, e := range ofA {
			if e.SchoolID == nil || *e.SchoolID != a.School.ID {
				t.Fatalf("school A's admin sees %+v", e)
			}
		}
		// A school admin's school_id is their own, whatever they ask.
		if got := all(a.AdminToken, url.Values{"school_id": {b.School.ID}}); len(got) != len(ofA) || got[0].ID != ofA[0].ID {
			t.Errorf("school A's admin asking for B got %d entries", len(got))
		}
		everything := all(f.AdminToken, url.Values{})
		if len(everything) < len(ofA)+len(ofB) {
			t.Errorf("platform admin sees %d, want at least %d", len(everything), len(ofA)+len(ofB))
		}
		if got := all(f.AdminToken, url.Values{"school_id": {a.School.ID}}); len(got) != len(ofA) {
			t.Errorf("platform admin, school A: %d entries, want %d", len(got), len(ofA))
		}

		// Newest first, and pages of 2 walk the same list.
		for i := 1; i < len(ofA); i++ {
			if ofA[i].At.After(ofA[i-1].At) {
				t.Fatalf("entry %d is newer than entry %d", i, i-1)
			}
		}
		var walked []string
		q := url.Values{"limit": {"2"}}
		for {
			p := auditList(t, h, a.AdminToken, q)
			for _, e := range p.Items {
				walked = append(walked, e.ID)
			}
			if p.NextCursor == nil {
				break
			}
			q.Set("cursor", *p.NextCursor)
		}
		var want []string
		for _, e := range ofA {
			want = append(want, e.ID)
		}
		if !slices.Equal(walked, want) {
			t.Errorf("pages walked %d entries, want the %d of one page in the same order", len(walked), len(want))
		}

		// Filters.
		pins := all(a.AdminToken, url.Values{"action": {"pin_reset"}, "user_id": {a.Student.ID}})
		if len(pins) != 4 { // the fixture's and three resets
			t.Errorf("pin resets of the student: %d, want 4", len(pins))
		}
		byTeacher := all(a.AdminToken, url.Values{"user_id": {a.Teacher.ID}})
		for _, e := range byTeacher {
			if (e.Actor.UserID == nil || *e.Actor.UserID != a.Teacher.ID) && e.Target.ID != a.Teacher.ID {
				t.Errorf("user filter kept %+v", e)
			}
		}
		if len(byTeacher) != 4 { // created, enrolled by the fixture, three resets
			t.Errorf("entries of the teacher: %d, want 4", len(byTeacher))
		}
		last := pins[0].At
		window := all(a.AdminToken, url.Values{"action": {"pin_reset"}, "since": {last.Add(-time.Second).Format(time.RFC3339Nano)}, "until": {last.Format(time.RFC3339Nano)}})
		if len(window) != 1 || window[0].At != pins[1].At {
			t.Errorf("since/until window: %+v", window)
		}
		if got := all(b.AdminToken, url.Values{"user_id": {a.Student.ID}}); len(got) != 0 {
			t.Errorf("school B's admin sees %d entries of A's student", len(got))
		}
	})
}

// TestAuditRosterImport: a succeeded import writes one entry with its
// counts and the uploader's origin; a dry run writes none.
func TestAuditRosterImport(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		r := newRosterHarness(t, db)
		a := r.F.A
		id := r.submit(t, a.AdminToken, zipOf(t, schoolFiles("org-a", "a")), "?dry_run=true", 202)
		r.finish(t, a.AdminToken, id)
		r.imports(t, a.AdminToken, schoolFiles("org-a", "a"))
		got := auditList(t, r.Harness, a.AdminToken, url.Values{"action": {"roster_import"}}).Items
		if len(got) != 1 {
			t.Fatalf("%d roster_import entries, want 1: %+v", len(got), got)
		}
		e := got[0]
		if e.Actor.UserID == nil || *e.Actor.UserID != a.Admin.ID || e.Target.Type != "roster_import" || e.From.Address != "192.0.2.1" || e.From.RequestID == "" {
			t.Errorf("entry %+v", e)
		}
		users, _ := e.Details["users"].(map[string]any)
		if users["created"] != float64(2) {
			t.Errorf("details %+v, want 2 users created", e.Details)
		}
		if got := auditList(t, r.Harness, r.F.B.AdminToken, url.Values{"action": {"roster_import"}}).Items; len(got) != 0 {
			t.Errorf("school B sees school A's import")
		}
	})
}
