// Command load is the answer-submission load benchmark. It builds
// cmd/qixue, starts `qixue serve` as a separate process configured as
// deployed (request logging at info into a file, the default connection
// pool, bcrypt cost and rating pass schedule) on PostgreSQL (a new schema
// of -db) or on a new embedded SQLite file (-sqlite), creates a platform
// admin with `qixue admin create`, and through the API a school, a class
// and its students, who log in with their class code and PIN. Then
// -clients concurrent students submit right and wrong answers to every
// bank exercise of all 18 kinds (the step-by-step ones line by line,
// replies included), some retried with the same Idempotency-Key, paced
// (-rate) or flat out, for a -warmup and then the measured -duration. It
// prints p50/p90/p99/max over the measured window, the p99 and max of
// each of its seconds, the server's CPU per request and the errors by
// status. After stopping the server it reads the database directly and
// checks every 201's attempt ID: stored exactly once, with its exercise
// and outcome, and no other attempt rows.
//
//	go run ./bench/load -db 'postgres://postgres@127.0.0.1:5432/test?sslmode=disable' -rate 2000
//	go run ./bench/load -sqlite -rate 500
//
// With -flood N, one more student of the school uploads ~900 KB game
// files from N connections without pause during the whole run (issue
// 31's resource guard): the answers' latency is then that of a class
// beside a flood, and the flood's answers are counted by status.
package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"qixue/exercises"
	"qixue/models"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		os.Exit(1)
	}
}

type options struct {
	db         string
	sqlite     bool
	bin        string
	clients    int
	duration   time.Duration
	warmup     time.Duration
	retry      float64
	rate       float64
	keep       bool
	cpuProfile string
	flood      int
	lag        time.Duration
}

func run() error {
	var o options
	flag.StringVar(&o.db, "db", os.Getenv("QIXUE_LOAD_DATABASE_URL"), "PostgreSQL URL; the run uses a new schema of it (default $QIXUE_LOAD_DATABASE_URL)")
	flag.BoolVar(&o.sqlite, "sqlite", false, "run the server on a new embedded SQLite file instead of PostgreSQL")
	flag.StringVar(&o.bin, "bin", "", "qixue binary to run (default: go build ./cmd/qixue into a temporary directory)")
	flag.IntVar(&o.clients, "clients", 100, "concurrent students")
	flag.DurationVar(&o.duration, "duration", 60*time.Second, "measured window, after the warm-up")
	flag.DurationVar(&o.warmup, "warmup", 5*time.Second, "warm-up before the measured window (its requests are reported apart)")
	flag.Float64Var(&o.retry, "retry", 0.05, "fraction of recorded answers sent a second time with the same Idempotency-Key")
	flag.Float64Var(&o.rate, "rate", 0, "requests per second over all clients (0: each client as fast as it can); latency then counts from each request's scheduled time")
	flag.BoolVar(&o.keep, "keep", false, "keep the database (schema or file)")
	flag.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the server over the measured window to this file (served on QIXUE_PPROF_ADDR)")
	flag.IntVar(&o.flood, "flood", 0, "connections of one more student uploading ~900 KB game files without pause during the run (issue 31's flood; 0: none)")
	flag.DurationVar(&o.lag, "lag", 0, "after the window, wait up to this long for the rating pass to rate every first attempt and print how long it took (0: not measured)")
	flag.Parse()
	if o.sqlite == (o.db != "") {
		return errors.New("give either -db postgres://... or -sqlite")
	}
	if o.db != "" && !models.IsPostgres(o.db) {
		return errors.New("-db must be a postgres:// URL")
	}
	if o.duration <= 0 || o.duration > 10*time.Minute || o.warmup < 0 || o.clients < 1 {
		return errors.New("-duration must be in (0, 10m], -warmup not negative, -clients at least 1")
	}
	ctx := context.Background()

	dir, err := os.MkdirTemp("", "qixue-load-")
	if err != nil {
		return err
	}
	if !o.keep {
		defer os.RemoveAll(dir)
	}
	if o.bin == "" {
		if o.bin, err = buildServer(dir); err != nil {
			return err
		}
	}
	dbURL := filepath.Join(dir, "qixue.db")
	if !o.sqlite {
		var cleanup func()
		if dbURL, cleanup, err = pgSchema(o.db, o.keep); err != nil {
			return err
		}
		defer cleanup()
	} else if o.keep {
		fmt.Println("kept database", dbURL)
	}
	addr, err := freePort()
	if err != nil {
		return err
	}
	pprofAddr := ""
	if o.cpuProfile != "" {
		if pprofAddr, err = freePort(); err != nil {
			return err
		}
	}
	env := serverEnv(dbURL, addr, pprofAddr)
	pw := make([]byte, 16)
	rand.Read(pw)
	password := hex.EncodeToString(pw)
	if err := createAdmin(o.bin, env, "loadadmin", password); err != nil {
		return err
	}
	srv, err := startServer(o.bin, env, addr, pprofAddr, filepath.Join(dir, "serve.log"))
	if err != nil {
		return err
	}
	defer srv.stop()
	students := o.clients
	if o.flood > 0 {
		students++ // the flooder, beside the class
	}
	tokens, err := fixture(srv.base, "loadadmin", password, students)
	if err != nil {
		return fmt.Errorf("fixture: %w", err)
	}
	var fl *flood
	if o.flood > 0 {
		fl = startFlood(srv.base, tokens[len(tokens)-1], o.flood)
		tokens = tokens[:len(tokens)-1]
	}
	bank, err := exercises.Bank()
	if err != nil {
		return err
	}
	pool, err := answerPool(bank)
	if err != nil {
		return err
	}
	db := "PostgreSQL (" + redact(o.db) + ")"
	if o.sqlite {
		db = "embedded SQLite " + dbURL
	}
	fmt.Printf("qixue serve (pid %d) on %s, request log %s\n", srv.cmd.Process.Pid, db, srv.log)
	fmt.Printf("setup: %d students, %d bank exercises, %d answers in the mix (%d right, %d wrong) over %d kinds\n",
		len(tokens), len(bank), len(pool), countRight(pool), len(pool)-countRight(pool), countKinds(pool))

	profiled := make(chan error, 1)
	if o.cpuProfile != "" {
		go func() {
			time.Sleep(o.warmup)
			profiled <- srv.cpuProfile(ctx, int(o.duration/time.Second), o.cpuProfile)
		}()
	}
	var watch *pgWatch
	if !o.sqlite {
		if watch, err = watchPostgres(dbURL); err != nil {
			return err
		}
	}
	cpu0, srv0 := processCPU(), srv.cpu()
	window := time.Now().Add(o.warmup)
	res := load(srv.base, tokens, pool, o)
	res.cpu, res.srvCPU = processCPU()-cpu0, srv.cpu()-srv0
	floodFailed := 0
	if fl != nil {
		floodFailed = fl.end()
	}
	if o.lag > 0 {
		ratingLag(ctx, dbURL, o.lag)
	}
	if watch != nil {
		watch.stop()
	}
	if o.cpuProfile != "" {
		if err := <-profiled; err != nil {
			fmt.Fprintln(os.Stderr, "load: cpu profile:", err)
		} else {
			fmt.Println("server CPU profile of the window:", o.cpuProfile)
		}
	}
	res.print(o)
	if watch != nil {
		watch.print(len(res.samples), o.warmup)
	}
	if err := srv.stop(); err != nil {
		return fmt.Errorf("qixue serve: %w (log %s)", err, srv.log)
	}
	ratingPasses(srv.log, window)
	if err := verify(ctx, dbURL, res.recorded); err != nil {
		return err
	}
	if n := res.errors(); n > 0 {
		return fmt.Errorf("%d errors", n)
	}
	if floodFailed > 0 {
		return fmt.Errorf("%d flood uploads answered 5xx", floodFailed)
	}
	return nil
}

// redact drops the password of a database URL for printing.
func redact(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "?"
	}
	return u.Redacted()
}
