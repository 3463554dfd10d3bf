package api_test

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/heavy"
	"qixue/models/modelstest"
)

// BenchmarkAnswersUnderUploadFlood: one student floods ~900 KB game files
// (multipart, as the web app sends files) over 8 connections of a real
// listener without pause, while a classmate answers a puzzle one request
// after another; it reports the answers' p50 and p99 latency and the
// flood's uploads read and refused, and fails on any 5xx. The guard has
// its defaults (one heavy request per caller, half the cores in all).
// Each database runs without the flood too ("none"), for the ratio in one
// run. SQLite, and PostgreSQL when QIXUE_TEST_DATABASE_URL is set:
//
//	go test ./api -run '^$' -bench AnswersUnderUploadFlood -benchtime 2000x
//
// bench/load -flood measures the same through qixue serve.
func BenchmarkAnswersUnderUploadFlood(b *testing.B) {
	dbs := map[string]func(testing.TB) *gorm.DB{"sqlite": modelstest.SQLite}
	if os.Getenv(modelstest.EnvURL) != "" {
		dbs["postgres"] = modelstest.Postgres
	}
	for name, open := range dbs {
		for _, conns := range []int{0, 8} {
			label := "none"
			if conns > 0 {
				label = "flood"
			}
			b.Run(name+"/"+label, func(b *testing.B) { benchFlood(b, open(b), conns) })
		}
	}
}

func benchFlood(b *testing.B, db *gorm.DB, conns int) {
	h, f, ex := heavyServer(b, db, heavy.New(heavy.Config{}))
	srv := httptest.NewServer(h.Echo)
	defer srv.Close()
	var form bytes.Buffer
	mw := multipart.NewWriter(&form)
	mw.WriteField("game", "chess")
	fw, _ := mw.CreateFormFile("file", "flood.pgn")
	io.WriteString(fw, floodText(900<<10))
	mw.Close()
	send := func(client *http.Client, path, token, contentType string, body []byte, key string) (int, error) {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+path, bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("Authorization", "Bearer "+token)
		if key != "" {
			req.Header.Set(api.HeaderIdempotencyKey, key)
		}
		res, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		return res.StatusCode, nil
	}
	var stop atomic.Bool
	var refused, read, failed atomic.Int64
	var wg sync.WaitGroup
	flooder := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 8}}
	for range conns {
		wg.Go(func() {
			for !stop.Load() {
				switch code, err := send(flooder, "/v1/games", f.A.OtherStudentToken, mw.FormDataContentType(), form.Bytes(), ""); {
				case err != nil:
					time.Sleep(time.Millisecond) // the server closed a refused upload's connection
				case code == http.StatusTooManyRequests:
					refused.Add(1)
				case code >= 500:
					failed.Add(1)
				default:
					read.Add(1)
				}
			}
		})
	}
	time.Sleep(200 * time.Millisecond) // the flood is under way
	answerer := &http.Client{}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		code, err := send(answerer, "/v1/exercises/"+ex+"/attempts", f.A.StudentToken, "application/json",
			[]byte(fmt.Sprintf(`{"answer":{"choice":%d}}`, i%2)), fmt.Sprintf("bench-%d", i))
		if err != nil || code >= 300 {
			b.Fatalf("answer %d: %d %v", i, code, err)
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
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(refused.Load()), "refused")
	b.ReportMetric(float64(read.Load()), "read")
}
