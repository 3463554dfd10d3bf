package api_test

import (
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// TestImportExercisesLichess goes through the router: a teacher's dry run
// and import of the sample Lichess file, the refused rows in the report,
// the exercises then listed as the school's, and the refusals of a
// student, a missing file and an unknown format.
func TestImportExercisesLichess(t *testing.T) {
	data, err := os.ReadFile("../exercises/testdata/lichess_sample.csv")
	if err != nil {
		t.Fatal(err)
	}
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		p := newPractice(t, db)
		a := p.F.A
		body, hdr := upload(t, data)
		report := func(imported, refused int) func(t *testing.T, rec *httptest.ResponseRecorder) {
			return func(t *testing.T, rec *httptest.ResponseRecorder) {
				r := apitest.Decode[struct {
					Imported int
					Refused  []struct {
						Line     int
						PuzzleID string `json:"puzzle_id"`
						Reason   string
					}
				}](t, rec)
				if r.Imported != imported || len(r.Refused) != refused {
					t.Fatalf("%s", rec.Body)
				}
				if refused > 0 && (r.Refused[0].Line != 5 || r.Refused[0].PuzzleID != "q4Bad" || r.Refused[0].Reason == "") {
					t.Errorf("first refusal %+v", r.Refused[0])
				}
			}
		}
		p.Run(t, []apitest.Case{
			{Name: "dry run", Method: "POST", Path: "/v1/exercises/import?format=lichess-csv&dry_run=true", Token: a.TeacherToken, Body: body, Header: hdr, Status: 200,
				Check: report(3, 7)},
			{Name: "nothing stored by the dry run", Method: "GET", Path: "/v1/exercises?source=school", Token: a.TeacherToken, Status: 200, Check: itemSet()},
			{Name: "import", Method: "POST", Path: "/v1/exercises/import?format=lichess-csv", Token: a.TeacherToken, Body: body, Header: hdr, Status: 201,
				Check: report(3, 7)},
			{Name: "stored as the school's", Method: "GET", Path: "/v1/exercises?source=school&lang=en", Token: a.TeacherToken, Status: 200,
				Contains: []string{"Lichess puzzle q1Mat2", "Lichess puzzle q2Sch1", "Lichess puzzle q3Fork"}},
			{Name: "the same puzzles again are duplicates", Method: "POST", Path: "/v1/exercises/import?format=lichess-csv", Token: a.TeacherToken, Body: body, Header: hdr, Status: 201,
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					r := apitest.Decode[struct {
						Imported int
						Refused  []struct {
							PuzzleID string `json:"puzzle_id"`
							Code     string
						}
					}](t, rec)
					dup := map[string]bool{}
					for _, x := range r.Refused {
						if x.Code == "duplicate" {
							dup[x.PuzzleID] = true
						}
					}
					if r.Imported != 0 || len(r.Refused) != 10 || !dup["q1Mat2"] || !dup["q2Sch1"] || !dup["q3Fork"] || len(dup) != 3 {
						t.Fatalf("%s", rec.Body)
					}
				}},
			{Name: "another school may import them", Method: "POST", Path: "/v1/exercises/import?format=lichess-csv", Token: p.F.B.TeacherToken, Body: body, Header: hdr, Status: 201,
				Check: report(3, 7)},
			{Name: "student", Method: "POST", Path: "/v1/exercises/import?format=lichess-csv", Token: a.StudentToken, Body: body, Header: hdr, Status: 403},
			{Name: "unknown format", Method: "POST", Path: "/v1/exercises/import?format=pgn", Token: a.TeacherToken, Body: body, Header: hdr, Status: 400, Code: "invalid_parameter"},
			{Name: "bad dry_run", Method: "POST", Path: "/v1/exercises/import?format=lichess-csv&dry_run=maybe", Token: a.TeacherToken, Body: body, Header: hdr, Status: 400},
			{Name: "no file", Method: "POST", Path: "/v1/exercises/import?format=lichess-csv", Token: a.TeacherToken, Body: "{}", Status: 422, Code: "validation_failed"},
		})
		if !strings.Contains(string(data), "q4Bad") {
			t.Fatal("sample file changed")
		}
	})
}
