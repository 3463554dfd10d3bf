// Package served runs `qixue serve` as a separate process for the
// benchmarks, as it is deployed, and calls its API: it builds the
// binary from this tree, starts it with QIXUE_* variables, creates a
// platform admin with `qixue admin create`, logs in, uploads roster
// zips and polls their jobs, and reads the server's memory from /proc.
package served

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"qixue/models"
)

// Build compiles ./cmd/qixue into dir and returns the binary's path.
func Build(dir string) (string, error) {
	bin := filepath.Join(dir, "qixue")
	build := exec.Command("go", "build", "-o", bin, "./cmd/qixue")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("build: %w", err)
	}
	return bin, nil
}

// Server is a running `qixue serve`.
type Server struct {
	Addr string
	// Env is the server's environment, for other subcommands of the
	// binary on the same database (AdminCreate).
	Env []string
	// Stdout is the file with serve's standard output (the demo
	// credentials of a new embedded database); its log is in dir/serve.log.
	Stdout string
	bin    string
	cmd    *exec.Cmd
	done   chan error
}

var listening = regexp.MustCompile(`"msg":"listening","addr":"([^"]+)"`)

// Start runs `bin serve` on a free local port with the environment plus
// the given QIXUE_* variables (QIXUE_ADDR is set here), logging to
// dir/serve.log, and waits until it listens.
func Start(dir, bin string, vars ...string) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	s := &Server{Addr: addr, Stdout: filepath.Join(dir, "serve.out"), bin: bin, done: make(chan error, 1)}
	s.Env = append(append(os.Environ(), vars...), "QIXUE_ADDR="+addr)
	logf, err := os.Create(filepath.Join(dir, "serve.log"))
	if err != nil {
		return nil, err
	}
	outf, err := os.Create(s.Stdout)
	if err != nil {
		return nil, err
	}
	s.cmd = exec.Command(bin, "serve")
	s.cmd.Env = s.Env
	s.cmd.Stdout = outf
	s.cmd.Stderr = logf
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { s.done <- s.cmd.Wait(); logf.Close(); outf.Close() }()
	for deadline := time.Now().Add(120 * time.Second); ; {
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
			s.Stop()
			return nil, errors.New("serve did not start within 120 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Stop interrupts the server and waits for it to end (killing it after
// 30 s).
func (s *Server) Stop() {
	s.cmd.Process.Signal(os.Interrupt)
	select {
	case <-s.done:
	case <-time.After(30 * time.Second):
		s.cmd.Process.Kill()
	}
}

// AdminCreate creates a platform admin with `qixue admin create` on the
// server's database.
func (s *Server) AdminCreate(username, password string) error {
	admin := exec.Command(s.bin, "admin", "create", "--username", username, "--password-stdin")
	admin.Env = s.Env
	admin.Stdin = strings.NewReader(password + "\n")
	if out, err := admin.CombinedOutput(); err != nil {
		return fmt.Errorf("admin create: %v\n%s", err, out)
	}
	return nil
}

// PeakRSS returns the server's peak resident set size (VmHWM).
func (s *Server) PeakRSS() (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err
		}
	}
	return 0, errors.New("no VmHWM in /proc status")
}

// ResetPeakRSS starts a new peak: VmHWM becomes the current RSS
// (clear_refs 5).
func (s *Server) ResetPeakRSS() error {
	return os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", s.cmd.Process.Pid), []byte("5"), 0)
}

// Client calls a server's API.
type Client struct {
	Base string
	HTTP *http.Client
}

// NewClient returns a client of the server with a 60 s timeout.
func NewClient(s *Server) *Client {
	return &Client{Base: "http://" + s.Addr, HTTP: &http.Client{Timeout: 60 * time.Second}}
}

// Do sends a request and decodes a JSON answer into out (when not nil).
func (c *Client) Do(method, path, token, contentType string, body []byte, out any) (int, error) {
	req, err := http.NewRequest(method, c.Base+path, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.HTTP.Do(req)
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

// Login posts the credentials to /v1/auth/login and returns the access
// token.
func (c *Client) Login(body map[string]string) (string, error) {
	b, _ := json.Marshal(body)
	var s struct {
		AccessToken string `json:"access_token"`
	}
	_, err := c.Do(http.MethodPost, "/v1/auth/login", "", "application/json", b, &s)
	return s.AccessToken, err
}

// Upload submits the zip as a roster import and returns the job ID.
func (c *Client) Upload(token string, data []byte) (string, error) {
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
	_, err = c.Do(http.MethodPost, "/v1/roster/imports", token, mw.FormDataContentType(), body.Bytes(), &job)
	return job.ID, err
}

// Job is a finished import job as the API reports it.
type Job struct {
	Status     string          `json:"status"`
	Summary    json.RawMessage `json:"summary"`
	Errors     json.RawMessage `json:"errors"`
	CreatedAt  time.Time       `json:"created_at"`
	StartedAt  time.Time       `json:"started_at"`
	FinishedAt time.Time       `json:"finished_at"`
}

// WaitJob polls the import job every poll until it has finished and
// returns it; a failed job is an error.
func (c *Client) WaitJob(token, id string, poll time.Duration) (Job, error) {
	for {
		var job Job
		if _, err := c.Do(http.MethodGet, "/v1/roster/imports/"+id, token, "", nil, &job); err != nil {
			return job, err
		}
		switch job.Status {
		case "succeeded":
			return job, nil
		case "failed":
			return job, fmt.Errorf("import failed: %s", job.Errors)
		}
		time.Sleep(poll)
	}
}

// Setup prints the load average, makes the benchmark's temporary
// directory (kept and named when keep is set; cleanup removes it
// otherwise) and, when bin is "", builds the binary into it.
func Setup(name string, keep bool, bin string) (dir, qixue string, cleanup func(), err error) {
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("load average at start: %s", load)
	dir, err = os.MkdirTemp("", "qixue-"+name)
	if err != nil {
		return "", "", nil, err
	}
	cleanup = func() { os.RemoveAll(dir) }
	if keep {
		fmt.Println("directory:", dir)
		cleanup = func() {}
	}
	if bin == "" {
		if bin, err = Build(dir); err != nil {
			cleanup()
			return "", "", nil, err
		}
	}
	return dir, bin, cleanup, nil
}

// FreshSchema creates a schema named prefix plus random hex in the
// PostgreSQL database at base, and returns the URL that uses it (its
// search_path) and a cleanup that drops it (with keep, that names it
// instead).
func FreshSchema(base, prefix string, keep bool) (string, func(), error) {
	admin, err := models.Open(base)
	if err != nil {
		return "", nil, err
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := prefix + hex.EncodeToString(b)
	if err := admin.Exec("CREATE SCHEMA " + schema).Error; err != nil {
		models.Close(admin)
		return "", nil, err
	}
	drop := func() {
		if keep {
			fmt.Println("kept schema", schema)
		} else {
			admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		}
		models.Close(admin)
	}
	u, err := url.Parse(base)
	if err != nil {
		drop()
		return "", nil, err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), drop, nil
}

// Sched returns the CPU time the server's threads have used and the
// time they have waited for a CPU while runnable (sums of
// /proc/PID/task/*/schedstat; threads that ended are not counted, and Go
// keeps its threads). Wall time less both is time blocked (disk,
// network, PostgreSQL, sleeping).
func (s *Server) Sched() (cpu, wait time.Duration, err error) {
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", s.cmd.Process.Pid))
	if err != nil {
		return 0, 0, err
	}
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue // the thread ended
		}
		f := strings.Fields(string(b))
		if len(f) < 2 {
			return 0, 0, fmt.Errorf("%s: %q", t, b)
		}
		run, err1 := strconv.ParseInt(f[0], 10, 64)
		queued, err2 := strconv.ParseInt(f[1], 10, 64)
		if err := errors.Join(err1, err2); err != nil {
			return 0, 0, err
		}
		cpu += time.Duration(run)
		wait += time.Duration(queued)
	}
	return cpu, wait, nil
}

// ProcCPU returns the user plus system CPU time process pid has used
// (/proc/PID/stat, clock ticks of 10 ms).
func ProcCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// After the command name in parentheses: state is field 3, utime
	// 14, stime 15.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: too short", pid)
	}
	var ticks int64
	for _, v := range f[11:13] {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return 0, err
		}
		ticks += n
	}
	return time.Duration(ticks) * 10 * time.Millisecond, nil
}

// Env is the environment of a benchmark's server: a fresh JWT secret,
// logs at info (Start waits for the "listening" line), cheap bcrypt,
// login limits out of the way and hour-long access tokens, and the
// database: a fresh PostgreSQL schema under base when base is set (drop
// removes it), otherwise the SQLite file name.db in dir.
func Env(name, dir, base string, keep bool) (vars []string, drop func(), err error) {
	secret := make([]byte, 48)
	rand.Read(secret)
	vars = []string{"QIXUE_JWT_SECRET=" + hex.EncodeToString(secret), "QIXUE_LOG_LEVEL=info", "QIXUE_BCRYPT_COST=4",
		"QIXUE_LOGIN_ADDRESS_LIMIT=1000000", "QIXUE_LOGIN_ACCOUNT_LIMIT=1000", "QIXUE_ACCESS_TTL=1h"}
	if base == "" {
		return append(vars, "QIXUE_DATABASE_URL="+dir+"/"+name+".db"), func() {}, nil
	}
	url, drop, err := FreshSchema(base, name+"_", keep)
	if err != nil {
		return nil, nil, err
	}
	return append(vars, "QIXUE_DATABASE_URL="+url, "QIXUE_DB_MAX_OPEN_CONNS=40", "QIXUE_DB_MAX_IDLE_CONNS=40"), drop, nil
}
