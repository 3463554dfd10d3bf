package api_test

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/csv"
	"encoding/hex"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3filter"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/audit"
	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/roster"
)

type rosterHarness struct {
	*apitest.Harness
	F      apitest.Fixture
	Im     *roster.Importer
	Worker *roster.Worker
}

// htmlDecoder lets the spec validator read printable login-card pages.
var htmlDecoder sync.Once

func newRosterHarness(t *testing.T, db *gorm.DB) *rosterHarness {
	t.Helper()
	htmlDecoder.Do(func() { openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.FileBodyDecoder) })
	h := apitest.New(t, db)
	r := &rosterHarness{Harness: h, F: h.Fixture(t)}
	r.Im = roster.NewImporter(models.NewRosterStore(db), roster.Config{
		HashPassword: func(s string) (string, error) {
			b, err := bcrypt.GenerateFromPassword([]byte(s), bcrypt.MinCost)
			return string(b), err
		},
	})
	r.Worker = r.Im.NewWorker(nil)
	h.Echo = api.NewServer(api.Deps{
		Identity: h.Identity,
		Ping:     func(ctx context.Context) error { return models.Ping(ctx, db) },
		Roster:   r.Im,
		Audit:    audit.NewService(models.NewAuditStore(db), nil),
	})
	r.link(t, r.F.A.School.ID, "org-a")
	return r
}

// link binds a school to an org sourcedId as only a platform admin may
// (roster.Importer.ImportInto), so that its admin can import the org.
func (r *rosterHarness) link(t *testing.T, schoolID, org string) {
	t.Helper()
	src := roster.NewSource(map[string][]byte{
		"manifest.csv": []byte("propertyName,value\noneroster.version,1.1\nfile.orgs,bulk\n"),
		"orgs.csv":     []byte("sourcedId,name,type\n" + org + ",School of " + org + ",school\n"),
	})
	root := domain.Principal{Role: domain.RolePlatformAdmin}
	if _, err := r.Im.ImportInto(context.Background(), root, schoolID, src, false); err != nil {
		t.Fatalf("link %s: %v", org, err)
	}
}

// zipOf packs files into a zip.
func zipOf(t testing.TB, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for n, s := range files {
		w, err := zw.Create("export/" + n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(s))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// upload returns a multipart body with the zip and its content type.
func upload(t testing.TB, data []byte) ([]byte, map[string]string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, err := mw.CreateFormFile("file", "roster.zip")
	if err != nil {
		t.Fatal(err)
	}
	fw.Write(data)
	mw.Close()
	return buf.Bytes(), map[string]string{"Content-Type": mw.FormDataContentType(), "Accept-Language": "en"}
}

const rosterManifest = "propertyName,value\nmanifest.version,1.0\noneroster.version,1.1\n" +
	"file.orgs,bulk\nfile.users,bulk\nfile.classes,bulk\nfile.enrollments,bulk\nfile.academicSessions,absent\nfile.courses,absent\n"

// schoolFiles is a small bulk roster for one school org.
func schoolFiles(org, prefix string) map[string]string {
	return map[string]string{
		"manifest.csv": rosterManifest,
		"orgs.csv":     "sourcedId,status,dateLastModified,name,type\n" + org + ",,,Imported " + org + ",school\n",
		"users.csv": "sourcedId,orgSourcedIds,role,username,givenName,familyName,password\n" +
			prefix + "t1," + org + ",teacher," + prefix + "-teacher,Lin,Wei,\n" + // adopts the fixture's teacher
			prefix + "u1," + org + ",student,,明,李,\n" +
			prefix + "u2," + org + ",student,,红,王,\n",
		"classes.csv": "sourcedId,title,grades,schoolSourcedId\n" + prefix + "c1,Chess 2B,02," + org + "\n",
		"enrollments.csv": "sourcedId,classSourcedId,userSourcedId,role\n" +
			prefix + "e1," + prefix + "c1," + prefix + "t1,teacher\n" +
			prefix + "e2," + prefix + "c1," + prefix + "u1,student\n" +
			prefix + "e3," + prefix + "c1," + prefix + "u2,student\n",
	}
}

func (r *rosterHarness) submit(t *testing.T, token string, data []byte, query string, status int) string {
	t.Helper()
	body, hdr := upload(t, data)
	rec := r.Do(t, http.MethodPost, "/v1/roster/imports"+query, token, body, hdr)
	if rec.Code != status {
		t.Fatalf("submit: %d, want %d\n%s", rec.Code, status, rec.Body.String())
	}
	if status != http.StatusAccepted {
		return ""
	}
	return apitest.Decode[struct{ ID string }](t, rec).ID
}

type jobBody struct {
	Status  string
	Summary map[string]roster.Counts
	Errors  []struct {
		File, Column, Code, Reason string
		Line                       int
	}
}

// finish runs queued jobs and returns the job.
func (r *rosterHarness) finish(t *testing.T, token, id string) jobBody {
	t.Helper()
	for {
		ran, err := r.Worker.RunOne(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !ran {
			break
		}
	}
	rec := r.Do(t, http.MethodGet, "/v1/roster/imports/"+id, token, nil, map[string]string{"Accept-Language": "en"})
	if rec.Code != http.StatusOK {
		t.Fatalf("get job: %d\n%s", rec.Code, rec.Body.String())
	}
	return apitest.Decode[jobBody](t, rec)
}

func TestRosterImportAPI(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		r := newRosterHarness(t, db)
		a, b := r.F.A, r.F.B
		files := schoolFiles("org-a", "a")

		// Only admins import.
		for _, tok := range []string{a.TeacherToken, a.StudentToken} {
			r.submit(t, tok, zipOf(t, files), "", http.StatusForbidden)
		}
		// A dry run writes nothing.
		id := r.submit(t, a.AdminToken, zipOf(t, files), "?dry_run=true", http.StatusAccepted)
		job := r.finish(t, a.AdminToken, id)
		if job.Status != "succeeded" || job.Summary["users"].Created != 2 || job.Summary["users"].Updated != 1 {
			t.Fatalf("dry run job %+v", job)
		}
		var n int64
		db.Table("classes").Where("sourced_id = ?", "ac1").Count(&n)
		if n != 0 {
			t.Fatal("dry run created a class")
		}

		id = r.submit(t, a.AdminToken, zipOf(t, files), "", http.StatusAccepted)
		job = r.finish(t, a.AdminToken, id)
		want := roster.Counts{Created: 1}
		if job.Status != "succeeded" || job.Summary["classes"] != want || job.Summary["enrollments"].Created != 3 {
			t.Fatalf("import job %+v", job)
		}
		// Another school's admin cannot see it, nor import school A's org.
		r.Run(t, []apitest.Case{
			{Name: "other school's job", Method: "GET", Path: "/v1/roster/imports/" + id, Token: b.AdminToken, Status: 404, Code: "not_found"},
			{Name: "teacher lists imports", Method: "GET", Path: "/v1/roster/imports", Token: a.TeacherToken, Status: 403, Code: "forbidden"},
			{Name: "admin lists imports", Method: "GET", Path: "/v1/roster/imports?limit=1", Token: a.AdminToken, Status: 200, Contains: []string{id}},
			{Name: "platform lists imports", Method: "GET", Path: "/v1/roster/imports", Token: r.F.AdminToken, Status: 200, Contains: []string{id}},
		})
		id = r.submit(t, b.AdminToken, zipOf(t, files), "", http.StatusAccepted)
		job = r.finish(t, b.AdminToken, id)
		if job.Status != "failed" || len(job.Errors) == 0 || job.Errors[0].Code != "other_school" || job.Errors[0].File != "orgs.csv" || job.Errors[0].Line != 2 {
			t.Fatalf("cross-school job %+v", job)
		}

		// Errors list file, line, column and reason, of every file in one
		// pass (a bad role and an unknown class); nothing is written.
		bad := schoolFiles("org-a", "a")
		bad["users.csv"] += "au9,org-a,wizard,,X,Y,\n"
		bad["enrollments.csv"] += "ae9,nope,au1,student\n"
		id = r.submit(t, a.AdminToken, zipOf(t, bad), "", http.StatusAccepted)
		job = r.finish(t, a.AdminToken, id)
		if job.Status != "failed" || len(job.Errors) != 2 ||
			job.Errors[0].File != "enrollments.csv" || job.Errors[0].Line != 5 || job.Errors[0].Column != "classSourcedId" || job.Errors[0].Code != "unknown_class" ||
			job.Errors[1].File != "users.csv" || job.Errors[1].Line != 5 || job.Errors[1].Column != "role" ||
			job.Errors[1].Code != "unknown_role" || !strings.Contains(job.Errors[1].Reason, "role") {
			t.Fatalf("invalid job %+v", job)
		}

		// Login cards: new imported students get PINs once; they can log in.
		var class struct{ ID, LoginCode string }
		db.Table("classes").Select("id, login_code").Where("sourced_id = ?", "ac1").Take(&class)
		rec := r.Do(t, http.MethodPost, "/v1/roster/classes/"+class.ID+"/login-cards", a.TeacherToken, nil, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("login cards: %d %s", rec.Code, rec.Body.String())
		}
		rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(rec.Body.String(), "\ufeff"))).ReadAll()
		if err != nil || len(rows) != 3 {
			t.Fatalf("cards csv %v %q", err, rec.Body.String())
		}
		if rows[1][2] != class.LoginCode {
			t.Errorf("card class code %q, want %q", rows[1][2], class.LoginCode)
		}
		if _, err := r.Identity.Login(context.Background(), identity.Credentials{ClassCode: rows[1][2], Username: rows[1][3], PIN: rows[1][4]}, "9.9.9.9"); err != nil {
			t.Errorf("student cannot log in with card: %v", err)
		}
		r.Run(t, []apitest.Case{
			{Name: "cards again (none new)", Method: "POST", Path: "/v1/roster/classes/" + class.ID + "/login-cards?format=html", Token: a.AdminToken, Status: 200, Contains: []string{"没有新学生"}},
			{Name: "cards by other teacher", Method: "POST", Path: "/v1/roster/classes/" + class.ID + "/login-cards", Token: a.OtherTeacherToken, Status: 404},
			{Name: "cards by student", Method: "POST", Path: "/v1/roster/classes/" + class.ID + "/login-cards", Token: a.StudentToken, Status: 403},
			{Name: "export by teacher", Method: "GET", Path: "/v1/roster/export", Token: a.TeacherToken, Status: 403},
			{Name: "export without school", Method: "GET", Path: "/v1/roster/export", Token: r.F.AdminToken, Status: 422},
		})

		// Export and re-import: nothing changes.
		rec = r.Do(t, http.MethodGet, "/v1/roster/export", a.AdminToken, nil, nil)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/zip" {
			t.Fatalf("export: %d %s", rec.Code, rec.Header().Get("Content-Type"))
		}
		exported := rec.Body.Bytes()
		id = r.submit(t, a.AdminToken, exported, "", http.StatusAccepted)
		job = r.finish(t, a.AdminToken, id)
		if job.Status != "failed" && job.Status != "succeeded" {
			t.Fatalf("re-import job %+v", job)
		}
		if job.Status == "failed" {
			t.Fatalf("exported roster does not re-import: %+v", job.Errors)
		}
		// The first round trip links the fixture's rows made in Qixue to
		// their exported IDs; a second changes nothing at all.
		id = r.submit(t, a.AdminToken, exported, "", http.StatusAccepted)
		job = r.finish(t, a.AdminToken, id)
		for entity, c := range job.Summary {
			if c.Created+c.Updated+c.Deactivated != 0 {
				t.Errorf("round trip changed %s: %+v", entity, c)
			}
		}
	})
}

func TestRosterUploadLimits(t *testing.T) {
	db := modelstest.SQLite(t)
	r := newRosterHarness(t, db)
	r.submit(t, r.F.A.AdminToken, []byte("not a zip"), "", http.StatusUnprocessableEntity)
	// Past the server-wide 1 MB body limit, within the roster limit.
	pad := make([]byte, 3<<20)
	rand.Read(pad)
	big := map[string]string{"manifest.csv": rosterManifest, "pad.txt": hex.EncodeToString(pad)}
	r.submit(t, r.F.A.AdminToken, zipOf(t, big), "", http.StatusAccepted)
	small := roster.NewImporter(models.NewRosterStore(db), roster.Config{Limits: roster.Limits{MaxUpload: 1000}})
	r.Echo = api.NewServer(api.Deps{Identity: r.Identity, Ping: func(context.Context) error { return nil }, Roster: small})
	r.submit(t, r.F.A.AdminToken, zipOf(t, big), "", http.StatusRequestEntityTooLarge)
}
