package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"syscall"
	"testing"
	"time"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/assignments"
	"qixue/models"
	"qixue/models/modelstest"
)

// BenchmarkClassProgressHTTP reads a class's progress matrix through
// GET /v1/classes/{id}/progress as its teacher (router, token check,
// store, matrix, JSON), on PostgreSQL (QIXUE_TEST_DATABASE_URL) and
// SQLite, with lesson items in every assignment (issue 20 targets on
// PostgreSQL: 50 × 40 with 20,000 attempts under 50 ms, 200 × 100 with
// 80,000 attempts over 500 exercises under 100 ms). It reports the
// process's CPU time per request beside the wall time.
func BenchmarkClassProgressHTTP(b *testing.B) {
	sizes := []struct {
		name string
		c    modelstest.Class
	}{
		{"50x40", modelstest.Class{Students: 49, Assignments: 40, Exercises: 100, Attempts: 20000, Lessons: true}},
		{"200x100", modelstest.Class{Students: 199, Assignments: 100, Exercises: 500, Attempts: 80000, Lessons: true}},
	}
	for _, db := range []string{"postgres", "sqlite"} {
		for _, sz := range sizes {
			b.Run(db+"/"+sz.name, func(b *testing.B) {
				d := modelstest.SQLite(b)
				if db == "postgres" {
					d = modelstest.Postgres(b)
				}
				h := apitest.New(b, d)
				f := h.Fixture(b)
				h.Echo = api.NewServer(api.Deps{
					Identity:    h.Identity,
					Ping:        func(ctx context.Context) error { return models.Ping(ctx, d) },
					Assignments: assignments.NewService(models.NewAssignmentStore(d), nil),
				})
				c := sz.c // the fixture's class already holds one student
				c.SchoolID, c.TeacherID, c.ClassID = f.A.School.ID, f.A.Teacher.ID, f.A.Class.ID
				modelstest.SeedClass(b, d, c)
				path := "/v1/classes/" + f.A.Class.ID + "/progress"
				get := func() *httptest.ResponseRecorder {
					req := httptest.NewRequest(http.MethodGet, path, nil)
					req.Header.Set("Authorization", "Bearer "+f.A.TeacherToken)
					rec := httptest.NewRecorder()
					h.Echo.ServeHTTP(rec, req)
					if rec.Code != http.StatusOK {
						b.Fatalf("%d %s", rec.Code, rec.Body)
					}
					return rec
				}
				var m struct {
					Students    []json.RawMessage `json:"students"`
					Assignments []json.RawMessage `json:"assignments"`
				}
				if err := json.Unmarshal(get().Body.Bytes(), &m); err != nil {
					b.Fatal(err)
				}
				if len(m.Students) != c.Students+1 || len(m.Assignments) != c.Assignments {
					b.Fatalf("matrix %d × %d, want %d × %d", len(m.Students), len(m.Assignments), c.Students+1, c.Assignments)
				}
				cpu0 := cpuTime()
				b.ResetTimer()
				for b.Loop() {
					get()
				}
				b.StopTimer()
				b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/float64(b.N)/1000, "cpu-ms/op")
			})
		}
	}
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
