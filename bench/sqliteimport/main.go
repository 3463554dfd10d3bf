// Command sqliteimport measures what a school's other users see while a
// large roster is imported into the embedded SQLite database: it builds
// `qixue serve` from this tree, starts it on a new database file (demo
// data seeded as on a fresh machine), creates a platform admin with
// `qixue admin create`, and uploads a OneRoster zip of one school with
// -students students through POST /v1/roster/imports. Before and during
// the import, clients read at a steady pace as the demo students and
// teacher would (GET /v1/me, /v1/me/assignments, /v1/me/next, /v1/classes,
// /v1/users?class_id=) and /readyz is polled every 100 ms.
//
// It prints the load average at the start, the import time, and for the
// reads before and during the import p50/p99/max, errors, the /readyz
// answers that were not 200, and a per-second p99 series of the import.
//
//	go run ./bench/sqliteimport -students 100000
package main

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"qixue/bench/internal/served"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench/sqliteimport:", err)
		os.Exit(1)
	}
}

type options struct {
	students, classSize int
	rate                float64
	warmup              time.Duration
	bin                 string
	keep                bool
}

func run() error {
	var o options
	flag.IntVar(&o.students, "students", 100_000, "students in the imported school")
	flag.IntVar(&o.classSize, "class-size", 30, "students per class (one teacher each)")
	flag.Float64Var(&o.rate, "rate", 50, "reads per second by the demo students and teacher")
	flag.DurationVar(&o.warmup, "warmup", 5*time.Second, "reads measured before the upload")
	flag.StringVar(&o.bin, "bin", "", "qixue binary to run (default: build ./cmd/qixue)")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary directory (database, server log)")
	flag.Parse()
	dir, bin, cleanup, err := served.Setup("sqliteimport", o.keep, o.bin)
	if err != nil {
		return err
	}
	defer cleanup()
	zipData, counts, err := rosterZip(o.students, o.classSize)
	if err != nil {
		return err
	}
	fmt.Printf("roster zip: %s (%.1f MB)\n", counts, float64(len(zipData))/(1<<20))

	srv, err := served.Start(dir, bin,
		"QIXUE_DATABASE_URL="+filepath.Join(dir, "qixue.db"),
		"QIXUE_DEMO_PASSWORD=bench-teacher-pw",
		"QIXUE_JWT_SECRET=",
	)
	if err != nil {
		return err
	}
	defer srv.Stop()
	c := &client{served.NewClient(srv)}
	readers, err := c.logins(srv)
	if err != nil {
		return err
	}
	rootPW := "bench-root-password-123"
	if err := srv.AdminCreate("root", rootPW); err != nil {
		return err
	}
	root, err := c.Login(map[string]string{"username": "root", "password": rootPW})
	if err != nil {
		return err
	}

	ctx, cancel := context.WithCancel(context.Background())
	rec := &recorder{}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); c.readLoop(ctx, readers, o.rate, rec) }()
	go func() { defer wg.Done(); c.readyLoop(ctx, rec) }()
	time.Sleep(o.warmup)

	start := time.Now()
	job, err := c.Upload(root, zipData)
	if err != nil {
		cancel()
		return err
	}
	done, err := c.WaitJob(root, job, 500*time.Millisecond)
	end := time.Now()
	time.Sleep(time.Second)
	cancel()
	wg.Wait()
	if err != nil {
		return err
	}
	fmt.Printf("import: job %s in %v (upload to finish)\n  %s\n", done.Status, end.Sub(start).Round(time.Millisecond), done.Summary)
	rec.report(start, end)
	return nil
}

// rosterZip builds a bulk OneRoster 1.1 zip of one school: students in
// classes of classSize, one teacher per class, every student with a
// username.
func rosterZip(students, classSize int) ([]byte, string, error) {
	classes := (students + classSize - 1) / classSize
	files := map[string]*strings.Builder{}
	for _, n := range []string{"manifest.csv", "orgs.csv", "users.csv", "classes.csv", "enrollments.csv"} {
		files[n] = &strings.Builder{}
	}
	w := func(name, format string, args ...any) { fmt.Fprintf(files[name], format, args...) }
	w("manifest.csv", "propertyName,value\nmanifest.version,1.0\noneroster.version,1.1\n"+
		"file.orgs,bulk\nfile.users,bulk\nfile.classes,bulk\nfile.enrollments,bulk\nfile.academicSessions,absent\nfile.courses,absent\n")
	w("orgs.csv", "sourcedId,status,dateLastModified,name,type\nbench-org,,,Bench Primary School,school\n")
	w("users.csv", "sourcedId,orgSourcedIds,role,username,givenName,familyName,password\n")
	w("classes.csv", "sourcedId,title,grades,schoolSourcedId\n")
	w("enrollments.csv", "sourcedId,classSourcedId,userSourcedId,role\n")
	given := []string{"伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "Amy", "Ben"}
	family := []string{"王", "李", "张", "刘", "陈", "杨", "Smith"}
	for c := range classes {
		w("classes.csv", "c%05d,Chess %d,%02d,bench-org\n", c, c, c%6+1)
		w("users.csv", "t%05d,bench-org,teacher,bt%05d,%s,%s,\n", c, c, given[c%len(given)], family[c%len(family)])
		w("enrollments.csv", "et%05d,c%05d,t%05d,teacher\n", c, c, c)
	}
	for s := range students {
		w("users.csv", "s%06d,bench-org,student,bs%06d,%s,%s,\n", s, s, given[s%len(given)], family[(s/7)%len(family)])
		w("enrollments.csv", "es%06d,c%05d,s%06d,student\n", s, s/classSize, s)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, b := range files {
		f, err := zw.Create(name)
		if err != nil {
			return nil, "", err
		}
		if _, err := io.WriteString(f, b.String()); err != nil {
			return nil, "", err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), fmt.Sprintf("1 school, %d students, %d teachers, %d classes, %d enrollments",
		students, classes, classes, students+classes), nil
}

// client calls the server.
type client struct{ *served.Client }

// reader is a demo user and the GETs it makes.
type reader struct {
	token string
	paths []string
}

var demoStudent = regexp.MustCompile(`student\s+username (\S+)\s+PIN (\d+)`)

// logins logs in the demo teacher and the demo students (credentials from
// serve's first-start output) and returns them as readers.
func (c *client) logins(s *served.Server) ([]reader, error) {
	teacher, err := c.Login(map[string]string{"username": "teacher", "password": "bench-teacher-pw"})
	if err != nil {
		return nil, err
	}
	var classes struct {
		Items []struct {
			ID        string `json:"id"`
			LoginCode string `json:"login_code"`
		} `json:"items"`
	}
	if _, err := c.Do(http.MethodGet, "/v1/classes", teacher, "", nil, &classes); err != nil {
		return nil, err
	}
	if len(classes.Items) == 0 {
		return nil, errors.New("the demo teacher has no class")
	}
	class := classes.Items[0]
	readers := []reader{{teacher, []string{"/v1/classes", "/v1/users?class_id=" + class.ID, "/v1/me"}}}
	out, err := os.ReadFile(s.Stdout)
	if err != nil {
		return nil, err
	}
	for _, m := range demoStudent.FindAllStringSubmatch(string(out), -1) {
		tok, err := c.Login(map[string]string{"class_code": class.LoginCode, "username": m[1], "pin": m[2]})
		if err != nil {
			return nil, err
		}
		readers = append(readers, reader{tok, []string{"/v1/me", "/v1/me/assignments", "/v1/me/next"}})
	}
	if len(readers) < 2 {
		return nil, errors.New("no demo student credentials in serve's output")
	}
	return readers, nil
}

// sample is one measured request.
type sample struct {
	at      time.Time
	latency time.Duration
	ok      bool
}

// recorder collects the samples of the reads and of /readyz.
type recorder struct {
	mu           sync.Mutex
	reads, ready []sample
}

func (r *recorder) add(ready bool, s sample) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if ready {
		r.ready = append(r.ready, s)
	} else {
		r.reads = append(r.reads, s)
	}
}

// readLoop sends reads at rate per second, round robin over the readers
// and their paths, each in its own goroutine (an open loop: a slow answer
// does not slow the pace), until ctx ends.
func (c *client) readLoop(ctx context.Context, readers []reader, rate float64, rec *recorder) {
	tick := time.NewTicker(time.Duration(float64(time.Second) / rate))
	defer tick.Stop()
	var wg sync.WaitGroup
	defer wg.Wait()
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		r := readers[i%len(readers)]
		path := r.paths[(i/len(readers))%len(r.paths)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.Now()
			_, err := c.Do(http.MethodGet, path, r.token, "", nil, nil)
			rec.add(false, sample{t, time.Since(t), err == nil})
		}()
	}
}

// readyLoop polls /readyz every 100 ms until ctx ends.
func (c *client) readyLoop(ctx context.Context, rec *recorder) {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		t := time.Now()
		status, _ := c.Do(http.MethodGet, "/readyz", "", "", nil, nil)
		rec.add(true, sample{t, time.Since(t), status == http.StatusOK})
	}
}

// report prints the reads and /readyz before start and between start and
// end (the import).
func (r *recorder) report(start, end time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	split := func(s []sample) (before, during []sample) {
		for _, x := range s {
			switch {
			case x.at.Before(start):
				before = append(before, x)
			case x.at.Before(end):
				during = append(during, x)
			}
		}
		return before, during
	}
	rb, rd := split(r.reads)
	yb, yd := split(r.ready)
	fmt.Printf("reads before the import:  %s\n", summarize(rb))
	fmt.Printf("reads during the import:  %s\n", summarize(rd))
	fmt.Printf("/readyz before the import: %s\n", summarize(yb))
	fmt.Printf("/readyz during the import: %s\n", summarize(yd))
	fmt.Print("per-second p99 of reads during the import (ms):")
	for sec := start; sec.Before(end); sec = sec.Add(time.Second) {
		var l []time.Duration
		for _, x := range rd {
			if !x.at.Before(sec) && x.at.Before(sec.Add(time.Second)) {
				l = append(l, x.latency)
			}
		}
		if len(l) > 0 {
			fmt.Printf(" %.0f", ms(percentile(l, 0.99)))
		}
	}
	fmt.Println()
}

func summarize(s []sample) string {
	if len(s) == 0 {
		return "none"
	}
	l := make([]time.Duration, len(s))
	failed := 0
	for i, x := range s {
		l[i] = x.latency
		if !x.ok {
			failed++
		}
	}
	return fmt.Sprintf("n=%d p50 %.1f ms, p99 %.1f ms, max %.1f ms, not 200: %d",
		len(s), ms(percentile(l, 0.5)), ms(percentile(l, 0.99)), ms(slices.Max(l)), failed)
}

func percentile(l []time.Duration, p float64) time.Duration {
	s := slices.Clone(l)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
