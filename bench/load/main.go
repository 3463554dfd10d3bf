// Command load is the answer-submission load benchmark: it starts the real
// Qixue server (api.NewServer on a loopback port) on PostgreSQL, creates a
// school with a class of students, loads the built-in puzzle bank, and runs
// concurrent students submitting mixed right and wrong answers (and some
// retries with the same Idempotency-Key) for a fixed time. It reports
// attempts per second, latency percentiles over the whole run and after a
// warm-up, the p99 of each second after the warm-up, and errors; it checks
// that the attempts table holds exactly one row per non-retried
// submission, and, by attempt ID, that each answer the server recorded is
// one row with its exercise and outcome.
//
//	go run ./bench/load -db 'postgres://postgres:postgres@127.0.0.1:5432/qixue_load?sslmode=disable'
//
// Everything happens in a new schema of that database, dropped at the end
// (-keep keeps it). The run stops by itself after -duration.
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"qixue/api"
	"qixue/exercises"
	"qixue/identity"
	"qixue/models"
	"qixue/progress"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

type options struct {
	db         string
	clients    int
	students   int
	duration   time.Duration
	retry      float64
	maxConns   int
	warmup     time.Duration
	keep       bool
	logs       bool
	cpuProfile string
	rate       float64
	rater      time.Duration
}

func run() error {
	var o options
	flag.StringVar(&o.db, "db", os.Getenv("QIXUE_LOAD_DATABASE_URL"), "PostgreSQL URL (default $QIXUE_LOAD_DATABASE_URL)")
	flag.IntVar(&o.clients, "clients", 100, "concurrent clients")
	flag.IntVar(&o.students, "students", 100, "students (each client is one student; clients > students share)")
	flag.DurationVar(&o.duration, "duration", 30*time.Second, "how long to submit")
	flag.Float64Var(&o.retry, "retry", 0.05, "fraction of submissions sent a second time with the same Idempotency-Key")
	flag.DurationVar(&o.warmup, "warmup", 5*time.Second, "also report latency percentiles of the requests sent after this warm-up (0: none)")
	flag.IntVar(&o.maxConns, "max-conns", 10, "database connection pool size of the server")
	flag.Float64Var(&o.rate, "rate", 0, "target submissions per second over all clients (0: each client as fast as it can); latency is then measured from each request's scheduled time")
	flag.DurationVar(&o.rater, "rater", 10*time.Second, "run the rating pass (progress.Service.RateAll, as serve does every 30 s) at this interval during the load (0: only once after it)")
	flag.BoolVar(&o.keep, "keep", false, "keep the benchmark schema")
	flag.BoolVar(&o.logs, "logs", false, "write the server's JSON request logs to stderr")
	flag.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the run (client and server) to this file")
	flag.Parse()
	if !models.IsPostgres(o.db) {
		return errors.New("-db must be a postgres:// URL")
	}
	if o.duration <= 0 || o.duration > 10*time.Minute || o.clients < 1 || o.students < 1 {
		return errors.New("-duration must be in (0, 10m], -clients and -students at least 1")
	}
	ctx := context.Background()

	db, cleanup, err := freshSchema(ctx, o.db, o.keep)
	if err != nil {
		return err
	}
	defer cleanup()
	sqlDB, err := db.DB()
	if err != nil {
		return err
	}
	sqlDB.SetMaxOpenConns(o.maxConns)
	sqlDB.SetMaxIdleConns(o.maxConns)

	env, err := setUp(ctx, db, o.students)
	if err != nil {
		return err
	}
	pool, err := answerPool(env.bank)
	if err != nil {
		return err
	}
	fmt.Printf("setup: %d students, %d bank exercises, %d answers in the mix (%d right, %d wrong) over %d kinds\n",
		len(env.tokens), len(env.bank), len(pool), countRight(pool), len(pool)-countRight(pool), countKinds(pool))

	logger := slog.New(slog.NewJSONHandler(io.Discard, nil))
	if o.logs {
		logger = slog.New(slog.NewJSONHandler(os.Stderr, nil))
	}
	e := api.NewServer(api.Deps{
		Identity:  env.identity,
		Ping:      func(ctx context.Context) error { return models.Ping(ctx, db) },
		Logger:    logger,
		Exercises: env.practice,
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: e, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	defer srv.Shutdown(context.Background())
	base := "http://" + ln.Addr().String()

	if o.cpuProfile != "" {
		f, err := os.Create(o.cpuProfile)
		if err != nil {
			return err
		}
		pprof.StartCPUProfile(f)
		defer f.Close()
	}
	ratings := progress.NewService(models.NewProgressStore(db), nil, nil, nil)
	cpu0, pg0 := processCPU(), postgresCPU()
	stopRater := startRater(ratings, o.rater)
	res := load(base, env.tokens, pool, o)
	passes, rated := stopRater()
	res.cpu, res.pgCPU = processCPU()-cpu0, postgresCPU()-pg0
	pprof.StopCPUProfile()
	res.print(o)
	if passes > 0 {
		fmt.Printf("rating passes during the load: %d, %d first attempts rated\n", passes, rated)
	}
	t0 := time.Now()
	n, err := ratings.RateAll(ctx)
	if err != nil {
		return fmt.Errorf("rating pass: %w", err)
	}
	fmt.Printf("rating pass after the load: %d first attempts rated in %s\n", n, time.Since(t0).Round(time.Millisecond))

	var rows int64
	if err := db.Table("attempts").Count(&rows).Error; err != nil {
		return err
	}
	fmt.Printf("attempts table: %d rows; non-retried submissions recorded: %d", rows, res.recorded)
	if rows != res.recorded {
		fmt.Println("  MISMATCH")
		return fmt.Errorf("attempts table has %d rows, want %d", rows, res.recorded)
	}
	fmt.Println("  (exactly one row each)")
	if err := verifyStored(ctx, db, res.stored); err != nil {
		return err
	}
	fmt.Printf("every one of the %d recorded answers checked by attempt ID: one row, its exercise, its outcome\n", len(res.stored))
	if res.errors > 0 {
		return fmt.Errorf("%d errors", res.errors)
	}
	return nil
}

// verifyStored checks, by attempt ID, that each recorded answer is
// exactly one row of attempts holding its exercise and outcome, and that
// no two answers were given the same ID.
func verifyStored(ctx context.Context, db *gorm.DB, stored []storedAnswer) error {
	want := make(map[string]storedAnswer, len(stored))
	for _, a := range stored {
		if _, dup := want[a.attemptID]; dup {
			return fmt.Errorf("attempt %s was answered 201 twice", a.attemptID)
		}
		want[a.attemptID] = a
	}
	seen := 0
	for i := 0; i < len(stored); i += 1000 {
		ids := make([]string, 0, 1000)
		for _, a := range stored[i:min(i+1000, len(stored))] {
			ids = append(ids, a.attemptID)
		}
		var rows []struct {
			ID         string
			ExerciseID string
			Outcome    string
		}
		if err := db.WithContext(ctx).Table("attempts").Select("id, exercise_id, outcome").
			Where("id IN ?", ids).Scan(&rows).Error; err != nil {
			return err
		}
		if len(rows) != len(ids) {
			return fmt.Errorf("%d of %d recorded attempts found by ID", len(rows), len(ids))
		}
		for _, r := range rows {
			a := want[r.ID]
			if r.ExerciseID != a.exerciseID || (r.Outcome == string(exercises.Correct)) != a.correct {
				return fmt.Errorf("attempt %s stored as %s %s, answered as %s correct=%v", r.ID, r.ExerciseID, r.Outcome, a.exerciseID, a.correct)
			}
			seen++
		}
	}
	if seen != len(stored) {
		return fmt.Errorf("%d of %d recorded attempts found", seen, len(stored))
	}
	return nil
}

// startRater runs the rating pass every interval, as serve does, until
// the returned stop is called; stop waits for a running pass and returns
// the number of passes and of attempts rated. A zero interval runs none.
func startRater(svc *progress.Service, every time.Duration) (stop func() (passes, rated int)) {
	if every <= 0 {
		return func() (int, int) { return 0, 0 }
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	var passes, rated int
	go func() {
		defer close(done)
		svc.RateEvery(ctx, every, func(n int, err error) {
			if err != nil {
				fmt.Fprintln(os.Stderr, "load: rating pass:", err)
			}
			passes, rated = passes+1, rated+n
		})
	}()
	return func() (int, int) {
		cancel()
		<-done
		return passes, rated
	}
}

// freshSchema creates a new schema in the database at base and returns a
// migrated connection using it, and a cleanup that drops it.
func freshSchema(ctx context.Context, base string, keep bool) (*gorm.DB, func(), error) {
	admin, err := models.Open(base)
	if err != nil {
		return nil, nil, err
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "load_" + hex.EncodeToString(b)
	if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
		models.Close(admin)
		return nil, nil, err
	}
	u, err := url.Parse(base)
	if err != nil {
		return nil, nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	db, err := models.Open(u.String())
	if err == nil {
		err = models.Migrate(ctx, db)
	}
	cleanup := func() {
		if db != nil {
			models.Close(db)
		}
		if keep {
			fmt.Println("kept schema", schema)
		} else {
			admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		}
		models.Close(admin)
	}
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	return db, cleanup, nil
}

type environment struct {
	identity *identity.Service
	practice *exercises.Service
	bank     []exercises.Exercise
	tokens   []string
}

// setUp creates a school, a grade-4 class with students and their access
// tokens, and loads the puzzle bank.
func setUp(ctx context.Context, db *gorm.DB, students int) (environment, error) {
	var env environment
	secret := make([]byte, 48)
	rand.Read(secret)
	svc, err := identity.NewService(models.NewIdentityStore(db), identity.Config{
		Secret: secret, BcryptCost: bcrypt.MinCost, AccessTTL: time.Hour,
	})
	if err != nil {
		return env, err
	}
	env.identity = svc
	root := identity.Principal{Role: identity.RolePlatformAdmin}
	school, err := svc.CreateSchool(ctx, root, identity.SchoolInput{Name: "Load Test School"})
	if err != nil {
		return env, err
	}
	class, err := svc.CreateClass(ctx, root, identity.NewClass{SchoolID: school.ID, Name: "4A", Grade: 4})
	if err != nil {
		return env, err
	}
	for len(env.tokens) < students {
		n := min(students-len(env.tokens), identity.MaxBulkStudents)
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("Student %d", len(env.tokens)+i+1)
		}
		_, created, err := svc.CreateStudents(ctx, root, class.ID, names)
		if err != nil {
			return env, err
		}
		for _, st := range created {
			s, err := svc.Login(ctx, identity.Credentials{Username: st.User.Username, ClassCode: class.LoginCode, PIN: st.PIN}, "load")
			if err != nil {
				return env, err
			}
			env.tokens = append(env.tokens, s.AccessToken)
		}
	}
	env.practice = exercises.NewService(models.NewExerciseStore(db), nil)
	if _, _, err := env.practice.LoadBank(ctx); err != nil {
		return env, err
	}
	env.bank, err = exercises.Bank()
	return env, err
}

// submission is one prepared answer and the verdict the server must give.
type submission struct {
	exerciseID string
	kind       string
	body       []byte
	correct    bool
}

// answerPool prepares right and wrong answers to the bank's single-step
// exercises, derived from their solutions, and keeps those whose verdict
// the checker confirms (under the exercise's own ruleset, as the server
// checks them).
func answerPool(bank []exercises.Exercise) ([]submission, error) {
	var pool []submission
	for _, ex := range bank {
		k, ok := exercises.KindByName(ex.Kind)
		if !ok || k.Steps() {
			continue
		}
		for _, ans := range candidates(ex) {
			res, err := k.Check(ex.Prompt, ex.Solution, exercises.Submission{Answer: ans})
			if err != nil || !res.Done() {
				continue
			}
			body, _ := json.Marshal(map[string]any{"answer": ans, "time_ms": 1000 + len(pool)%9000})
			pool = append(pool, submission{exerciseID: exercises.BankID(ex.Key), kind: ex.Kind, body: body, correct: res.Outcome == exercises.Correct})
		}
	}
	if len(pool) == 0 {
		return nil, errors.New("no single-step bank exercise to submit answers to")
	}
	return pool, nil
}

// candidates derives answers from a solution: the solution without its
// explanation (right for most kinds), and versions with numbers changed
// or the first choice picked (usually wrong).
func candidates(ex exercises.Exercise) []json.RawMessage {
	var sol map[string]any
	if json.Unmarshal(ex.Solution, &sol) != nil {
		return nil
	}
	for _, drop := range []string{"explanation", "option_feedback", "tolerance"} {
		delete(sol, drop)
	}
	var out []json.RawMessage
	add := func(v any) {
		b, err := json.Marshal(v)
		if err == nil {
			out = append(out, b)
		}
	}
	if correct, ok := sol["correct"].([]any); ok { // choice
		if len(correct) == 1 {
			add(map[string]any{"choice": correct[0]})
		} else {
			add(map[string]any{"choices": correct})
		}
		add(map[string]any{"choice": 0})
		add(map[string]any{"choice": 1})
		return out
	}
	add(sol)
	wrong := map[string]any{}
	changed := false
	for k, v := range sol {
		switch x := v.(type) {
		case float64:
			wrong[k], changed = x+1, true
		case bool:
			wrong[k], changed = !x, true
		default:
			wrong[k] = v
		}
	}
	if changed {
		add(wrong)
	}
	return out
}

func countRight(pool []submission) int {
	n := 0
	for _, s := range pool {
		if s.correct {
			n++
		}
	}
	return n
}

func countKinds(pool []submission) int {
	kinds := map[string]bool{}
	for _, s := range pool {
		kinds[s.kind] = true
	}
	return len(kinds)
}

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

// processCPU returns the user and system CPU time of this process.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// postgresCPU sums the CPU time of the machine's postgres processes (from
// /proc; 0 where that is not available).
func postgresCPU() time.Duration {
	dirs, _ := os.ReadDir("/proc")
	var ticks int64
	for _, d := range dirs {
		b, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(b)
		open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || close < open || s[open+1:close] != "postgres" {
			continue
		}
		f := strings.Fields(s[close+1:])
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += u + st
	}
	return time.Duration(ticks) * time.Second / 100 // USER_HZ
}

func (r result) print(o options) {
	slices.Sort(r.latencies)
	slices.Sort(r.steady)
	pctOf := func(l []time.Duration, p float64) time.Duration {
		if len(l) == 0 {
			return 0
		}
		return l[min(len(l)-1, int(p*float64(len(l))))]
	}
	pct := func(p float64) time.Duration { return pctOf(r.latencies, p) }
	secs := r.elapsed.Seconds()
	pace := "as fast as they can"
	if o.rate > 0 {
		pace = fmt.Sprintf("at a target of %.0f submissions/s in all", o.rate)
	}
	fmt.Printf("%d clients %s for %s (GOMAXPROCS %d)\n", o.clients, pace, r.elapsed.Round(time.Millisecond), runtime.GOMAXPROCS(0))
	fmt.Printf("requests: %d (%.0f/s); checked and recorded attempts: %d (%.0f/s, %d right); retries replayed: %d\n",
		len(r.latencies), float64(len(r.latencies))/secs, r.recorded, float64(r.recorded)/secs, r.right, r.replays)
	fmt.Printf("latency: p50 %s  p90 %s  p99 %s  max %s\n",
		pct(0.50).Round(10*time.Microsecond), pct(0.90).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), pct(1).Round(10*time.Microsecond))
	if o.warmup > 0 {
		sp := func(p float64) time.Duration { return pctOf(r.steady, p).Round(10 * time.Microsecond) }
		fmt.Printf("after the first %s (%d requests): p50 %s  p90 %s  p99 %s  max %s\n",
			o.warmup, len(r.steady), sp(0.50), sp(0.90), sp(0.99), sp(1))
	}
	n := float64(len(r.latencies))
	if n > 0 {
		per := (r.cpu + r.pgCPU).Seconds() / n
		fmt.Printf("CPU: this process %s (%.0f µs/request), postgres %s (%.0f µs/request; all of the machine's postgres processes)\n",
			r.cpu.Round(time.Millisecond), r.cpu.Seconds()/n*1e6, r.pgCPU.Round(time.Millisecond), r.pgCPU.Seconds()/n*1e6)
		fmt.Printf("CPU-bound capacity if %d cores were ours alone: about %.0f requests/s\n", runtime.NumCPU(), float64(runtime.NumCPU())/per)
	}
	if len(r.timed) > 0 {
		first := int(o.warmup / time.Second)
		fmt.Printf("p99 per second (ms), seconds %d-%d after the %s warm-up:", first+1, len(r.timed), o.warmup)
		for _, l := range r.timed[min(first, len(r.timed)):] {
			slices.Sort(l)
			fmt.Printf(" %.0f", float64(pctOf(l, 0.99).Microseconds())/1000)
		}
		fmt.Println()
	}
	fmt.Printf("errors: %d\n", r.errors)
	for _, s := range r.samples {
		fmt.Println("  e.g.", s)
	}
}
