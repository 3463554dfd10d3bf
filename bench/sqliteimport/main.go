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
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
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
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("load average at start: %s", load)

	dir, err := os.MkdirTemp("", "qixue-sqliteimport")
	if err != nil {
		return err
	}
	if o.keep {
		fmt.Println("directory:", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	if o.bin == "" {
		o.bin = filepath.Join(dir, "qixue")
		build := exec.Command("go", "build", "-o", o.bin, "./cmd/qixue")
		build.Stdout, build.Stderr = os.Stdout, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("build: %w", err)
		}
	}
	zipData, counts, err := rosterZip(o.students, o.classSize)
	if err != nil {
		return err
	}
	fmt.Printf("roster zip: %s (%.1f MB)\n", counts, float64(len(zipData))/(1<<20))

	srv, err := startServer(dir, o.bin)
	if err != nil {
		return err
	}
	defer srv.stop()
	c := &client{base: "http://" + srv.addr, http: &http.Client{Timeout: 60 * time.Second}}
	readers, err := c.logins(srv)
	if err != nil {
		return err
	}
	rootPW := "bench-root-password-123"
	admin := exec.Command(o.bin, "admin", "create", "--username", "root", "--password-stdin")
	admin.Env = srv.env
	admin.Stdin = strings.NewReader(rootPW + "\n")
	if out, err := admin.CombinedOutput(); err != nil {
		return fmt.Errorf("admin create: %v\n%s", err, out)
	}
	root, err := c.login(map[string]string{"username": "root", "password": rootPW})
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
	job, err := c.upload(root, zipData)
	if err != nil {
		cancel()
		return err
	}
	status, summary, err := c.waitJob(root, job)
	end := time.Now()
	time.Sleep(time.Second)
	cancel()
	wg.Wait()
	if err != nil {
		return err
	}
	fmt.Printf("import: job %s in %v (upload to finish)\n  %s\n", status, end.Sub(start).Round(time.Millisecond), summary)
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

// server is a running `qixue serve`.
type server struct {
	addr   string
	env    []string
	cmd    *exec.Cmd
	stdout string // file with serve's standard output
	done   chan error
}

var listening = regexp.MustCompile(`"msg":"listening","addr":"([^"]+)"`)

// startServer runs `qixue serve` on a new database in dir, logging to
// dir/serve.log, and waits until it listens.
func startServer(dir, bin string) (*server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &server{addr: addr, stdout: filepath.Join(dir, "serve.out"), done: make(chan error, 1)}
	s.env = append(os.Environ(),
		"QIXUE_ADDR="+addr,
		"QIXUE_DATABASE_URL="+filepath.Join(dir, "qixue.db"),
		"QIXUE_DEMO_PASSWORD=bench-teacher-pw",
		"QIXUE_JWT_SECRET=",
	)
	logf, err := os.Create(filepath.Join(dir, "serve.log"))
	if err != nil {
		return nil, err
	}
	outf, err := os.Create(s.stdout)
	if err != nil {
		return nil, err
	}
	s.cmd = exec.Command(bin, "serve")
	s.cmd.Env = s.env
	s.cmd.Stdout = outf
	s.cmd.Stderr = logf
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { s.done <- s.cmd.Wait(); logf.Close(); outf.Close() }()
	for deadline := time.Now().Add(60 * time.Second); ; {
		if b, _ := os.ReadFile(logf.Name()); listening.Match(b) {
			return s, nil
		}
		select {
		case err := <-s.done:
			b, _ := os.ReadFile(logf.Name())
			return nil, fmt.Errorf("serve ended: %v\n%s", err, b)
		default:
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, errors.New("serve did not start within 60 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (s *server) stop() {
	s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.done:
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
	}
}

// client calls the server.
type client struct {
	base string
	http *http.Client
}

// do sends a request and decodes a JSON answer into out (when not nil).
func (c *client) do(method, path, token, contentType string, body []byte, out any) (int, error) {
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		return res.StatusCode, err
	}
	if res.StatusCode >= 300 {
		return res.StatusCode, fmt.Errorf("%s %s: %d %s", method, path, res.StatusCode, b)
	}
	if out != nil {
		return res.StatusCode, json.Unmarshal(b, out)
	}
	return res.StatusCode, nil
}

func (c *client) login(body map[string]string) (string, error) {
	b, _ := json.Marshal(body)
	var s struct {
		AccessToken string `json:"access_token"`
	}
	_, err := c.do(http.MethodPost, "/v1/auth/login", "", "application/json", b, &s)
	return s.AccessToken, err
}

// reader is a demo user and the GETs it makes.
type reader struct {
	token string
	paths []string
}

var demoStudent = regexp.MustCompile(`student\s+username (\S+)\s+PIN (\d+)`)

// logins logs in the demo teacher and the demo students (credentials from
// serve's first-start output) and returns them as readers.
func (c *client) logins(s *server) ([]reader, error) {
	teacher, err := c.login(map[string]string{"username": "teacher", "password": "bench-teacher-pw"})
	if err != nil {
		return nil, err
	}
	var classes struct {
		Items []struct {
			ID        string `json:"id"`
			LoginCode string `json:"login_code"`
		} `json:"items"`
	}
	if _, err := c.do(http.MethodGet, "/v1/classes", teacher, "", nil, &classes); err != nil {
		return nil, err
	}
	if len(classes.Items) == 0 {
		return nil, errors.New("the demo teacher has no class")
	}
	class := classes.Items[0]
	readers := []reader{{teacher, []string{"/v1/classes", "/v1/users?class_id=" + class.ID, "/v1/me"}}}
	out, err := os.ReadFile(s.stdout)
	if err != nil {
		return nil, err
	}
	for _, m := range demoStudent.FindAllStringSubmatch(string(out), -1) {
		tok, err := c.login(map[string]string{"class_code": class.LoginCode, "username": m[1], "pin": m[2]})
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

// upload submits the zip as a roster import and returns the job ID.
func (c *client) upload(token string, data []byte) (string, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	fw, err := mw.CreateFormFile("file", "roster.zip")
	if err != nil {
		return "", err
	}
	fw.Write(data)
	mw.Close()
	var job struct {
		ID string `json:"id"`
	}
	_, err = c.do(http.MethodPost, "/v1/roster/imports", token, mw.FormDataContentType(), body.Bytes(), &job)
	return job.ID, err
}

// waitJob polls the job until it has finished and returns its status and
// summary.
func (c *client) waitJob(token, id string) (string, string, error) {
	for {
		var job struct {
			Status  string          `json:"status"`
			Summary json.RawMessage `json:"summary"`
			Errors  json.RawMessage `json:"errors"`
		}
		if _, err := c.do(http.MethodGet, "/v1/roster/imports/"+id, token, "", nil, &job); err != nil {
			return "", "", err
		}
		switch job.Status {
		case "succeeded":
			return job.Status, string(job.Summary), nil
		case "failed":
			return job.Status, "", fmt.Errorf("import failed: %s", job.Errors)
		}
		time.Sleep(500 * time.Millisecond)
	}
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
			_, err := c.do(http.MethodGet, path, r.token, "", nil, nil)
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
		status, _ := c.do(http.MethodGet, "/readyz", "", "", nil, nil)
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
