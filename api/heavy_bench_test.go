package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"qixue/api"
	"qixue/heavy"
	"qixue/models/modelstest"
)

// BenchmarkAnswersUnderUploadFlood: one student floods ~900 KB uploads
// from 8 goroutines without pause while the class answers a puzzle; it
// reports the answers' p99 latency and the flood's refusals, and fails on
// any 5xx (SQLite; default guard limits but 2 per school).
func BenchmarkAnswersUnderUploadFlood(b *testing.B) {
	db := modelstest.SQLite(b)
	h, f, ex := heavyServer(b, db, heavy.New(heavy.Config{PerSchool: 2}))
	body, _ := json.Marshal(map[string]any{"game": "chess", "text": floodText(900 << 10)})
	send := func(method, path, token string, raw []byte, key string) int {
		req := httptest.NewRequest(method, path, bytes.NewReader(raw))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		if key != "" {
			req.Header.Set(api.HeaderIdempotencyKey, key)
		}
		rec := httptest.NewRecorder()
		h.Echo.ServeHTTP(rec, req)
		return rec.Code
	}
	var stop atomic.Bool
	var refused, admitted, failed atomic.Int64
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				switch code := send("POST", "/v1/games", f.A.StudentToken, body, ""); {
				case code == 429:
					refused.Add(1)
				case code >= 500:
					failed.Add(1)
				default:
					admitted.Add(1)
				}
			}
		}()
	}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		raw := []byte(fmt.Sprintf(`{"answer":{"choice":%d}}`, i%2))
		start := time.Now()
		if code := send("POST", "/v1/exercises/"+ex+"/attempts", f.A.StudentToken, raw, fmt.Sprintf("bench-%d", i)); code >= 300 {
			b.Fatalf("answer %d: %d", i, code)
		}
		lat = append(lat, time.Since(start))
	}
	b.StopTimer()
	stop.Store(true)
	wg.Wait()
	if failed.Load() > 0 {
		b.Fatalf("%d uploads answered 5xx", failed.Load())
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(refused.Load()), "refused")
	b.ReportMetric(float64(admitted.Load()), "admitted")
}
