package api_test

import (
	"bytes"
	"net/http/httptest"
	"testing"

	"qixue/exercises"
	"qixue/models/modelstest"
)

// FuzzSubmitAnswer sends arbitrary answer documents to a bank exercise of
// every kind: the server must grade them (200) or refuse them as a
// malformed answer or bad request (4xx), never fail with a 500.
func FuzzSubmitAnswer(f *testing.F) {
	bank, err := exercises.Bank()
	if err != nil {
		f.Fatal(err)
	}
	var picked []exercises.Exercise
	seen := map[string]bool{}
	for _, ex := range bank {
		if !seen[ex.Kind] {
			seen[ex.Kind] = true
			picked = append(picked, ex)
		}
	}
	p := newPractice(f, modelstest.SQLite(f))
	if _, _, err := p.Svc.SyncBank(f.Context(), picked); err != nil {
		f.Fatal(err)
	}
	for i, ex := range picked {
		for _, a := range answersFor(ex, false) {
			f.Add(uint8(i), string(a))
		}
		f.Add(uint8(i), `{"moves":["e4","e5"]}`)
	}
	f.Add(uint8(0), `{"expression":"((((9"}`)
	f.Add(uint8(1), `null`)
	f.Fuzz(func(t *testing.T, which uint8, answer string) {
		ex := picked[int(which)%len(picked)]
		body := append(append([]byte(`{"answer":`), answer...), '}')
		req := httptest.NewRequest("POST", "/v1/exercises/"+exercises.BankID(ex.Key)+"/attempts", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+p.F.A.TeacherToken)
		rec := httptest.NewRecorder()
		p.Echo.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s (%s) answered %d to %s\n%s", ex.Key, ex.Kind, rec.Code, body, rec.Body.String())
		}
	})
}
