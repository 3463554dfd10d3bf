package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net/http"
	"qixue/api"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

type result struct {
	elapsed   time.Duration
	latencies []time.Duration
	// steady holds the latencies of requests sent after the warm-up
	// (-warmup): the first seconds of a run pay for cold caches, new
	// database connections and prepared statements.
	steady   []time.Duration
	recorded int64 // 201 responses (non-retried submissions)
	replays  int64 // retries answered with the first verdict
	errors   int64
	samples  []string
	right    int64
	// timed are the requests by the second of the run they were sent in
	// (for the per-second p99 series).
	timed [][]time.Duration
	// stored are the answers the server answered 201 to: each must be
	// one row of attempts with its exercise and outcome.
	stored []storedAnswer
	cpu    time.Duration // this process (clients and server)
	pgCPU  time.Duration // every postgres process on the machine
}

// load runs the clients until the duration is over.
func load(base string, tokens []string, pool []submission, o options) result {
	tr := &http.Transport{MaxIdleConns: o.clients * 2, MaxIdleConnsPerHost: o.clients * 2, IdleConnTimeout: time.Minute}
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	defer tr.CloseIdleConnections()

	var (
		mu  sync.Mutex
		res result
		wg  sync.WaitGroup
	)
	var recorded, replays, errs, right atomic.Int64
	fail := func(format string, a ...any) {
		errs.Add(1)
		mu.Lock()
		if len(res.samples) < 5 {
			res.samples = append(res.samples, fmt.Sprintf(format, a...))
		}
		mu.Unlock()
	}
	start := time.Now()
	deadline := start.Add(o.duration)
	for c := range o.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := mrand.New(mrand.NewPCG(uint64(c), 42))
			token := tokens[c%len(tokens)]
			var lat, steady []time.Duration
			var sent []time.Duration // when each request of lat was due, from start
			var stored []storedAnswer
			warm := start.Add(o.warmup)
			// With -rate each client sends on a fixed schedule, offset so
			// that clients do not send together; a late request's latency
			// counts from when it should have been sent.
			var interval time.Duration
			next := start
			if o.rate > 0 {
				interval = time.Duration(float64(o.clients) / o.rate * float64(time.Second))
				next = start.Add(interval * time.Duration(c) / time.Duration(o.clients))
			}
			for time.Now().Before(deadline) {
				s := pool[rng.IntN(len(pool))]
				key := fmt.Sprintf("c%d-%d-%x", c, len(lat), rng.Uint64())
				t0 := time.Now()
				if interval > 0 {
					if next.After(deadline) {
						break
					}
					time.Sleep(time.Until(next))
					t0, next = next, next.Add(interval)
				}
				status, v, err := submit(client, base, token, key, s)
				lat = append(lat, time.Since(t0))
				sent = append(sent, t0.Sub(start))
				if !t0.Before(warm) {
					steady = append(steady, lat[len(lat)-1])
				}
				switch {
				case err != nil:
					fail("%v", err)
					continue
				case status != http.StatusCreated || !v.Recorded:
					fail("status %d for a new submission to %s", status, s.kind)
					continue
				case v.Correct != s.correct:
					fail("%s: correct=%v, want %v", s.kind, v.Correct, s.correct)
				}
				recorded.Add(1)
				stored = append(stored, storedAnswer{attemptID: v.AttemptID, exerciseID: s.exerciseID, correct: v.Correct})
				if v.Correct {
					right.Add(1)
				}
				if rng.Float64() < o.retry {
					t0 := time.Now()
					status, again, err := submit(client, base, token, key, s)
					lat = append(lat, time.Since(t0))
					sent = append(sent, t0.Sub(start))
					switch {
					case err != nil:
						fail("retry: %v", err)
					case status != http.StatusOK || !again.Replayed || again.AttemptID != v.AttemptID:
						fail("retry: status %d, replayed %v, attempt %s want %s", status, again.Replayed, again.AttemptID, v.AttemptID)
					default:
						replays.Add(1)
					}
				}
			}
			mu.Lock()
			res.latencies = append(res.latencies, lat...)
			res.steady = append(res.steady, steady...)
			res.stored = append(res.stored, stored...)
			for i, at := range sent {
				sec := int(at / time.Second)
				for len(res.timed) <= sec {
					res.timed = append(res.timed, nil)
				}
				res.timed[sec] = append(res.timed[sec], lat[i])
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	res.recorded, res.replays, res.errors, res.right = recorded.Load(), replays.Load(), errs.Load(), right.Load()
	return res
}

// storedAnswer is an answer the server recorded: its attempt ID, the
// exercise and whether the verdict was correct.
type storedAnswer struct {
	attemptID, exerciseID string
	correct               bool
}

type verdict struct {
	Correct   bool   `json:"correct"`
	Recorded  bool   `json:"recorded"`
	Replayed  bool   `json:"replayed"`
	AttemptID string `json:"attempt_id"`
}

func submit(client *http.Client, base, token, key string, s submission) (int, verdict, error) {
	req, err := http.NewRequest(http.MethodPost, base+"/v1/exercises/"+s.exerciseID+"/attempts", bytes.NewReader(s.body))
	if err != nil {
		return 0, verdict{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set(api.HeaderIdempotencyKey, key)
	resp, err := client.Do(req)
	if err != nil {
		return 0, verdict{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, verdict{}, err
	}
	var v verdict
	if resp.StatusCode < 300 {
		if err := json.Unmarshal(body, &v); err != nil {
			return 0, verdict{}, fmt.Errorf("decode verdict: %w", err)
		}
	} else {
		return resp.StatusCode, v, fmt.Errorf("status %d: %s", resp.StatusCode, strings.TrimSpace(string(body)))
	}
	return resp.StatusCode, v, nil
}
