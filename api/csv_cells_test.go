package api_test

import (
	"encoding/csv"
	"net/http"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/models/modelstest"
)

// readCSV parses a CSV response body after its byte-order mark.
func readCSV(t *testing.T, body string) [][]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatalf("csv: %v\n%s", err, body)
	}
	return rows
}

// TestCSVCellsAreText: the students' login cards (?format=csv) and the
// class progress sheet write every cell a spreadsheet would run as a
// formula (= + - @ tab CR first, after any single quotes) with one more
// leading single quote, as the roster export does (csvsafe).
func TestCSVCellsAreText(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		var now time.Time
		h, f, ex := newAssignmentsServer(t, db, &now)
		a := f.A
		names := []string{"-1 张三", "'=1+1", "@李四", "王五"}
		var students []map[string]string
		for _, n := range names {
			students = append(students, map[string]string{"real_name": n})
		}
		rec := h.Do(t, http.MethodPost, "/v1/classes/"+a.Class.ID+"/students?format=csv", a.TeacherToken,
			map[string]any{"students": students}, nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("create students: %d %s", rec.Code, rec.Body.String())
		}
		rows := readCSV(t, rec.Body.String())
		want := []string{"'-1 张三", "''=1+1", "'@李四", "王五"}
		for i, w := range want {
			if rows[i+1][2] != w {
				t.Errorf("login card name %q, want %q", rows[i+1][2], w)
			}
		}

		due := h.Now.Add(24 * time.Hour).UTC().Truncate(time.Second)
		rec = h.Do(t, http.MethodPost, "/v1/assignments", a.TeacherToken, map[string]any{"class_id": a.Class.ID,
			"title": "+第一周", "due_at": due, "items": []map[string]string{{"kind": "exercise", "id": ex[0]}}}, nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("assign: %d %s", rec.Code, rec.Body.String())
		}
		rec = h.Do(t, http.MethodGet, "/v1/classes/"+a.Class.ID+"/progress.csv", a.TeacherToken, nil, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("progress.csv: %d %s", rec.Code, rec.Body.String())
		}
		rows = readCSV(t, rec.Body.String())
		if rows[0][2] != "'+第一周" {
			t.Errorf("assignment title cell %q", rows[0][2])
		}
		cells := map[string]bool{}
		for _, r := range rows[1:] {
			cells[r[0]] = true
		}
		for _, w := range want {
			if !cells[w] {
				t.Errorf("progress.csv lacks the name cell %q: %q", w, rows)
			}
		}
		for _, r := range rows {
			for _, c := range r {
				if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
					t.Errorf("cell %q starts with a formula character", c)
				}
			}
		}
	})
}
