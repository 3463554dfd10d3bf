package roster_test

import (
	"testing"

	"qixue/roster"
)

const fuzzManifest = "propertyName,value\nfile.orgs,bulk\nfile.users,bulk\nfile.classes,bulk\nfile.enrollments,delta\n"

// FuzzParse: any users.csv or enrollments.csv is either refused with
// problems that name a file, or parsed into rows that hold what the
// import relies on.
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, users, enrollments []byte) {
		src := roster.NewSource(map[string][]byte{
			"manifest.csv":    []byte(fuzzManifest),
			"orgs.csv":        []byte("sourcedId,name,type\ns1,School,school\n"),
			"users.csv":       users,
			"classes.csv":     []byte("sourcedId,title,grades,schoolSourcedId\nc1,A,01,s1\n"),
			"enrollments.csv": enrollments,
		})
		files, err := roster.Parse(src)
		if err != nil {
			problems, _, ok := roster.ProblemsOf(err)
			if !ok || len(problems) == 0 {
				t.Fatalf("error without problems: %v", err)
			}
			for _, p := range problems {
				if p.File == "" || p.Code == "" || p.Reason("en") == p.Code {
					t.Fatalf("problem without file or reason: %+v", p)
				}
			}
			return
		}
		ids := map[string]bool{}
		for _, u := range files.Users {
			if u.SourcedID == "" || ids[u.SourcedID] {
				t.Fatalf("user with empty or repeated sourcedId: %+v", u)
			}
			ids[u.SourcedID] = true
			if u.Status == roster.StatusActive {
				switch u.Role {
				case "student", "teacher", "school_admin":
				default:
					t.Fatalf("user with role %q", u.Role)
				}
				if len(u.OrgSourcedIDs) == 0 || (u.Role != "student" && u.Username == "") {
					t.Fatalf("user without org or username: %+v", u)
				}
			}
		}
		for _, e := range files.Enrollments {
			if e.Status == roster.StatusActive && (e.ClassSourcedID == "" || e.UserSourcedID == "") {
				t.Fatalf("enrollment without class or user: %+v", e)
			}
		}
	})
}

// FuzzReadZip: arbitrary bytes never crash the zip reader.
func FuzzReadZip(f *testing.F) {
	good, _ := roster.NewSource(map[string][]byte{"manifest.csv": []byte(fuzzManifest)}).Zip()
	f.Add(good)
	f.Fuzz(func(t *testing.T, data []byte) {
		src, err := roster.ReadZip(data, roster.Limits{MaxUncompressed: 1 << 20})
		if err == nil {
			for _, n := range src.Names() {
				if b, _ := src.File(n); len(b) > 1<<20 {
					t.Fatalf("%s is %d bytes, over the limit", n, len(b))
				}
			}
		}
	})
}
