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
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime/pprof"
	"time"

	"qixue/api"
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
