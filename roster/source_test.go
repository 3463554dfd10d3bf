package roster_test

import (
	"archive/zip"
	"bytes"
	"errors"
	"strings"
	"testing"

	"qixue/roster"
)

func rawZip(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for n, s := range files {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(s))
	}
	zw.Close()
	return buf.Bytes()
}

func TestReadZipLimits(t *testing.T) {
	ok := rawZip(t, map[string]string{"export/manifest.csv": "propertyName,value\n", "__MACOSX/._x": "junk", "export/.DS_Store": "junk"})
	src, err := roster.ReadZip(ok, roster.Limits{})
	if err != nil || strings.Join(src.Names(), ",") != "manifest.csv" {
		t.Fatalf("folder in zip: %v %v", src.Names(), err)
	}
	bomb := rawZip(t, map[string]string{"users.csv": strings.Repeat("a", 4<<20)})
	if _, err := roster.ReadZip(bomb, roster.Limits{}); !errors.Is(err, roster.ErrTooLarge) {
		t.Errorf("zip bomb: %v", err)
	}
	if _, err := roster.ReadZip(ok, roster.Limits{MaxUpload: 10}); !errors.Is(err, roster.ErrTooLarge) {
		t.Errorf("upload limit: %v", err)
	}
	many := map[string]string{}
	for i := range 5 {
		many[string(rune('a'+i))+".csv"] = "x"
	}
	if _, err := roster.ReadZip(rawZip(t, many), roster.Limits{MaxFiles: 4}); !errors.Is(err, roster.ErrTooLarge) {
		t.Errorf("file count: %v", err)
	}
	big := rawZip(t, map[string]string{"users.csv": strings.Repeat("abcdefghij", 1000)})
	if _, err := roster.ReadZip(big, roster.Limits{MaxUncompressed: 5000}); !errors.Is(err, roster.ErrTooLarge) {
		t.Errorf("uncompressed limit: %v", err)
	}
	if _, err := roster.ReadZip([]byte("not a zip"), roster.Limits{}); !errors.Is(err, roster.ErrNotZip) {
		t.Errorf("not a zip: %v", err)
	}
	if err := roster.CheckZip(bomb, roster.Limits{}); !errors.Is(err, roster.ErrTooLarge) {
		t.Errorf("CheckZip of a bomb: %v", err)
	}
	if err := roster.CheckZip(ok, roster.Limits{}); err != nil {
		t.Errorf("CheckZip: %v", err)
	}
	if err := roster.CheckZip([]byte("PK"), roster.Limits{}); !errors.Is(err, roster.ErrNotZip) {
		t.Errorf("CheckZip of junk: %v", err)
	}
}

func TestManifestProblems(t *testing.T) {
	src := roster.NewSource(map[string][]byte{
		"manifest.csv": []byte("propertyName,value\nfile.users,sometimes\nfile.classes,bulk\n"),
	})
	_, err := roster.Parse(src)
	var re problemSet
	if !asInvalid(err, &re) {
		t.Fatalf("err %v", err)
	}
	got := []string{}
	for _, p := range re.Problems() {
		got = append(got, p.String())
	}
	want := "classes.csv: missing_file: a required file is missing (\"classes.csv\")\n" +
		"manifest.csv:2: column value: unknown_mode: a manifest file mode must be bulk, delta or absent (\"sometimes\")"
	if strings.Join(got, "\n") != want {
		t.Errorf("problems:\n%s", strings.Join(got, "\n"))
	}
	if _, err := roster.Parse(roster.NewSource(nil)); err == nil {
		t.Error("no manifest accepted")
	}
}

func TestMalformedCSV(t *testing.T) {
	src := roster.NewSource(map[string][]byte{
		"manifest.csv": []byte("propertyName,value\nfile.users,bulk\n"),
		"users.csv": []byte("sourcedId,orgSourcedIds,role,username,givenName,familyName\n" +
			"u1,s1,student,,\"multi\nline\",Li\n" + // fine: quoted newline
			"u2,s1,student,,Bad\"Quote,Li\n" + // bare quote
			"u3,s1,student,,Short\n" + // too few fields
			"u4,s1,student,,Ok,Li\n"),
	})
	_, err := roster.Parse(src)
	var re problemSet
	if !asInvalid(err, &re) {
		t.Fatalf("err %v", err)
	}
	var got []string
	for _, p := range re.Problems() {
		got = append(got, p.File+":"+itoa(p.Line)+":"+p.Code)
	}
	if strings.Join(got, " ") != "users.csv:4:bad_csv users.csv:5:wrong_field_count" {
		t.Errorf("problems %v", got)
	}
}

// OneRoster 1.2: roles come from roles.csv, the school from
// primaryOrgSourcedId or the role's org.
func TestOneRoster12Roles(t *testing.T) {
	src := roster.NewSource(map[string][]byte{
		"manifest.csv": []byte("propertyName,value\noneroster.version,1.2\nfile.users,bulk\nfile.roles,bulk\n"),
		"users.csv": []byte("sourcedId,status,dateLastModified,enabledUser,username,givenName,familyName,userMasterIdentifier,primaryOrgSourcedId,pronouns\n" +
			"p1,active,2026-01-01T00:00:00.000Z,true,head.one,Mei,Zhou,M1,s1,she\n" +
			"k1,active,2026-01-01T00:00:00.000Z,true,,Bo,Xu,M2,s1,\n"),
		"roles.csv": []byte("sourcedId,status,dateLastModified,userSourcedId,roleType,role,orgSourcedId\n" +
			"r1,active,2026-01-01T00:00:00.000Z,p1,primary,principal,s1\n" +
			"r2,active,2026-01-01T00:00:00.000Z,k1,primary,student,s1\n"),
	})
	f, err := roster.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	if f.Version != "1.2" || len(f.Users) != 2 || f.Users[0].Role != "school_admin" || f.Users[1].Role != "student" ||
		f.Users[1].OrgSourcedIDs[0] != "s1" {
		t.Fatalf("parsed %+v", f.Users)
	}
}
