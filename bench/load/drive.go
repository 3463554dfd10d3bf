package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"time"

	"qixue/api"
)

// sample is one request: when it was due (from the start of the run), how
// long its answer took (from when it was due), and its status (0: no
// answer).
type sample struct {
	at, latency time.Duration
	status      int
}

type result struct {
	elapsed time.Duration // warm-up and measured window
	samples []sample
	// recorded are the answers the server answered 201 to: each must be
	// one row of attempts with its exercise and outcome.
	recorded []storedAnswer
	steps    int // 200 "continue" answers to a step of a line
	replays  int // retries answered with the first verdict
	right    int
	// failures counts the errors by kind ("status 500", "wrong verdict",
	// "transport"); examples holds a few.
	failures map[string]int
	examples []string
	kinds    map[string]int // recorded answers by exercise kind
	cpu      time.Duration  // this process (the clients)
	srvCPU   time.Duration  // the qixue serve process
}

// clientState is what one client goroutine collects.
type clientState struct {
	samples  []sample
	recorded []storedAnswer
	steps    int
	replays  int
	right    int
	failures map[string]int
	examples []string
	kinds    map[string]int
}

func (c *clientState) fail(kind, format string, a ...any) {
	c.failures[kind]++
	if len(c.examples) < 3 {
		c.examples = append(c.examples, fmt.Sprintf(format, a...))
	}
}

// load runs the clients for the warm-up and the measured window.
func load(base string, tokens []string, pool []submission, o options) result {
	tr := &http.Transport{MaxIdleConns: o.clients * 2, MaxIdleConnsPerHost: o.clients * 2, IdleConnTimeout: time.Minute}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	defer tr.CloseIdleConnections()

	var (
		mu  sync.Mutex
		res = result{failures: map[string]int{}, kinds: map[string]int{}}
		wg  sync.WaitGroup
	)
	start := time.Now()
	deadline := start.Add(o.warmup + o.duration)
	for c := range o.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := clientState{failures: map[string]int{}, kinds: map[string]int{}}
			rng := mrand.New(mrand.NewPCG(uint64(c), 42))
			token := tokens[c%len(tokens)]
			// With -rate each client sends on a fixed schedule, offset so
			// that clients do not send together; a late request's latency
			// counts from when it should have been sent.
			var interval time.Duration
			next := start
			if o.rate > 0 {
				interval = time.Duration(float64(o.clients) / o.rate * float64(time.Second))
				next = start.Add(interval * time.Duration(c) / time.Duration(o.clients))
			}
			over := false // the run's end has come
			// send sends one request when it is due and records its sample.
			send := func(s submission, step int, key string) (int, verdict, bool) {
				t0 := time.Now()
				if interval > 0 {
					if next.After(deadline) {
						over = true
						return 0, verdict{}, false
					}
					time.Sleep(time.Until(next))
					t0, next = next, next.Add(interval)
				} else if !t0.Before(deadline) {
					over = true
					return 0, verdict{}, false
				}
				status, v, err := submit(client, base, token, key, s.exerciseID, s.steps[step])
				st.samples = append(st.samples, sample{at: t0.Sub(start), latency: time.Since(t0), status: status})
				if err != nil {
					kind := "transport"
					if status != 0 {
						kind = fmt.Sprintf("status %d", status)
					}
					st.fail(kind, "%s step %d: %v", s.kind, step+1, err)
					return status, v, false
				}
				return status, v, true
			}
		clients:
			for n := 0; ; n++ {
				s := pool[rng.IntN(len(pool))]
				var last verdict
				var key string
				for step := range s.steps {
					key = fmt.Sprintf("c%d-%d-%d-%x", c, n, step, rng.Uint64())
					status, v, ok := send(s, step, key)
					if over {
						break clients
					}
					if !ok {
						continue clients
					}
					if step < len(s.steps)-1 {
						if status != http.StatusOK || v.Done || v.Recorded {
							st.fail(fmt.Sprintf("status %d", status), "%s step %d: status %d done %v, want 200 continue", s.kind, step+1, status, v.Done)
							continue clients
						}
						st.steps++
						continue
					}
					last = v
					if status != http.StatusCreated || !v.Recorded || v.AttemptID == "" {
						st.fail(fmt.Sprintf("status %d", status), "%s: status %d recorded %v for a new answer", s.kind, status, v.Recorded)
						continue clients
					}
				}
				if last.Correct != s.correct {
					st.fail("wrong verdict", "%s: correct=%v, want %v", s.kind, last.Correct, s.correct)
				}
				st.recorded = append(st.recorded, storedAnswer{attemptID: last.AttemptID, exerciseID: s.exerciseID, correct: last.Correct})
				st.kinds[s.kind]++
				if last.Correct {
					st.right++
				}
				if rng.Float64() < o.retry {
					status, again, ok := send(s, len(s.steps)-1, key)
					switch {
					case over:
						break clients
					case !ok:
					case status != http.StatusOK || !again.Replayed || again.AttemptID != last.AttemptID:
						st.fail(fmt.Sprintf("retry status %d", status), "retry: status %d, replayed %v, attempt %s want %s", status, again.Replayed, again.AttemptID, last.AttemptID)
					default:
						st.replays++
					}
				}
			}
			mu.Lock()
			defer mu.Unlock()
			res.samples = append(res.samples, st.samples...)
			res.recorded = append(res.recorded, st.recorded...)
			res.steps += st.steps
			res.replays += st.replays
			res.right += st.right
			for k, n := range st.failures {
				res.failures[k] += n
			}
			for k, n := range st.kinds {
				res.kinds[k] += n
			}
			if len(res.examples) < 5 {
				res.examples = append(res.examples, st.examples...)
			}
		}()
	}
	wg.Wait()
	res.elapsed = time.Since(start)
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
	Done      bool   `json:"done"`
	Recorded  bool   `json:"recorded"`
	Replayed  bool   `json:"replayed"`
	AttemptID string `json:"attempt_id"`
}

func submit(client *http.Client, base, token, key, exerciseID string, body []byte) (int, verdict, error) {
	req, err := http.NewRequest(http.MethodPost, base+"/v1/exercises/"+exerciseID+"/attempts", bytes.NewReader(body))
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
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, verdict{}, err
	}
	var v verdict
	if resp.StatusCode >= 300 {
		return resp.StatusCode, v, fmt.Errorf("status %d: %s", resp.StatusCode, strings.TrimSpace(string(b)))
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return resp.StatusCode, verdict{}, fmt.Errorf("decode verdict: %w", err)
	}
	return resp.StatusCode, v, nil
}
