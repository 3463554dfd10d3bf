package web_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// rosterFiles are a small OneRoster 1.1 bundle: one school, a teacher,
// two students, a class and its three enrollments.
var rosterFiles = map[string]string{
	"manifest.csv": "propertyName,value\nmanifest.version,1.0\noneroster.version,1.1\n" +
		"file.orgs,bulk\nfile.users,bulk\nfile.classes,bulk\nfile.enrollments,bulk\n",
	"orgs.csv": "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\ns1,,,希望小学,school,,\n",
	"users.csv": "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password\n" +
		"t1,,,true,s1,teacher,wang.li,,丽,王,,,,,,,,secret-pass-1\n" +
		"u1,,,true,s1,student,,,三,张,,,,,,,03,\n" +
		"u2,,,true,s1,student,,,四,李,,,,,,,03,\n",
	"classes.csv": "title,sourcedId,schoolSourcedId,grades,classCode,classType,courseSourcedId,status\n象棋三班,c1,s1,03,CH3A,scheduled,co1,\n",
	"enrollments.csv": "sourcedId,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate\n" +
		"e1,c1,s1,t1,teacher,true,,\ne2,c1,s1,u1,student,false,,\ne3,c1,s1,u2,student,false,,\n",
}

// TestRosterUpload: an administrator picks the CSV files on the roster
// screen; the check of a bundle with a broken enrollment lists the
// problem and imports nothing; the check of the fixed bundle says what
// would change, and the import then does it, the progress bar at 100.
func TestRosterUpload(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	dbPath := filepath.Join(t.TempDir(), "qixue.db")
	base := startServer(t, "QIXUE_DATABASE_URL="+dbPath)
	admin := exec.Command(qixueBinary(t), "admin", "create", "--username", "root", "--password-stdin")
	admin.Env = append(os.Environ(), "QIXUE_DATABASE_URL="+dbPath, "QIXUE_BCRYPT_COST=4")
	admin.Stdin = strings.NewReader(demoPassword + "\n")
	if out, err := admin.CombinedOutput(); err != nil {
		t.Fatalf("admin create: %v\n%s", err, out)
	}
	write := func(dir string, files map[string]string) []string {
		var paths []string
		for name, body := range files {
			p := filepath.Join(dir, name)
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			paths = append(paths, p)
		}
		return paths
	}
	broken := map[string]string{}
	for k, v := range rosterFiles {
		broken[k] = v
	}
	broken["enrollments.csv"] += "e4,c1,s1,u9,student,false,,\n"

	b := newBrowser(t, base, 1024, 768)
	b.open("/teacher/login")
	b.fill("#username", "root")
	b.fill("#password", demoPassword)
	b.click("#login")
	b.click(`nav.side a[href="/teacher/roster"]`)
	b.wait("#roster-files")

	b.run("pick the broken files", chromedp.SetUploadFiles(chromedp.CSS("#roster-files"), write(t.TempDir(), broken)))
	b.waitJS("five files listed", `document.querySelectorAll('#picked li').length === 5`)
	b.click("#roster-check")
	b.wait("#roster-errors")
	if status := evalJS[string](b, `document.getElementById('roster-outcome').dataset.status`); status != "failed" {
		t.Errorf("broken bundle: %s", status)
	}
	problem := evalJS[string](b, `[...document.querySelectorAll('#roster-errors tbody td')].map((td) => td.textContent).join('|')`)
	if !strings.Contains(problem, "enrollments.csv") || !strings.Contains(problem, "u9") {
		t.Errorf("the problem %q does not name the file and the unknown user", problem)
	}
	if !evalJS[bool](b, `document.getElementById('roster-run').disabled`) {
		t.Error("import offered after a failed check")
	}
	b.shot("roster-problems")

	b.run("pick the fixed files", chromedp.SetUploadFiles(chromedp.CSS("#roster-files"), write(t.TempDir(), rosterFiles)))
	b.click("#roster-check")
	b.wait("#roster-summary")
	count := func(entity, what string) string {
		return evalJS[string](b, `document.querySelector('#roster-summary tr[data-entity="`+entity+`"] td[data-count="`+what+`"]').textContent`)
	}
	if count("users", "created") != "3" || count("enrollments", "created") != "3" || count("classes", "created") != "1" {
		t.Errorf("dry run would create users %s, classes %s, enrollments %s; want 3, 1, 3",
			count("users", "created"), count("classes", "created"), count("enrollments", "created"))
	}
	b.click("#roster-run")
	b.waitJS("the import done", `(document.getElementById('roster-outcome') || {dataset: {}}).dataset.status === 'succeeded' && document.getElementById('roster-run').disabled`)
	if v := evalJS[int](b, `document.getElementById('roster-progress').value`); v != 100 {
		t.Errorf("progress bar at %d after the import", v)
	}
	if count("users", "created") != "3" {
		t.Errorf("import created %s users", count("users", "created"))
	}
	b.shot("roster-imported")

	// The import is real: the same files again change nothing.
	b.click("#roster-check")
	b.waitJS("the second check", `document.querySelector('#roster-summary tr[data-entity="users"] td[data-count="unchanged"]')?.textContent === '3'`)
}
