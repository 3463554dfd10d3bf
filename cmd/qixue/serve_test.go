package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for a writer goroutine and a reader.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

var listening = regexp.MustCompile(`"msg":"listening","addr":"([^"]+)"`)

// startServe runs `qixue serve` on a new embedded database and returns its
// address, its stdout and a function that stops it and returns run's error.
func startServe(t *testing.T) (addr string, stdout *syncBuffer, stop func() error) {
	t.Helper()
	return startServeOn(t, filepath.Join(t.TempDir(), "qixue.db"))
}

// startServeOn is startServe on the embedded database at path.
func startServeOn(t *testing.T, path string) (addr string, stdout *syncBuffer, stop func() error) {
	t.Helper()
	t.Setenv("QIXUE_ADDR", "127.0.0.1:0")
	t.Setenv("QIXUE_DATABASE_URL", path)
	t.Setenv("QIXUE_BCRYPT_COST", "4")
	t.Setenv("QIXUE_DEMO_PASSWORD", "demo-teacher-pw")
	t.Setenv("QIXUE_JWT_SECRET", "")
	ctx, cancel := context.WithCancel(context.Background())
	stdout, stderr := &syncBuffer{}, &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"serve"}, strings.NewReader(""), stdout, stderr) }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if m := listening.FindStringSubmatch(stderr.String()); m != nil {
			addr = m[1]
			break
		}
		select {
		case err := <-done:
			t.Fatalf("serve ended early: %v\n%s", err, stderr.String())
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("serve did not start:\n%s", stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	var once sync.Once
	var runErr error
	stop = func() error {
		once.Do(func() {
			cancel()
			runErr = <-done
		})
		return runErr
	}
	t.Cleanup(func() { stop() })
	if strings.Contains(stderr.String(), "demo-teacher-pw") {
		t.Error("the demo password was logged")
	}
	return addr, stdout, stop
}

func TestServeDemo(t *testing.T) {
	addr, stdout, stop := startServe(t)
	if !strings.Contains(stdout.String(), "username teacher  password demo-teacher-pw") {
		t.Fatalf("credentials not printed:\n%s", stdout.String())
	}
	base := "http://" + addr
	res, err := http.Post(base+"/v1/auth/login", "application/json", strings.NewReader(`{"username":"teacher","password":"demo-teacher-pw"}`))
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		AccessToken string `json:"access_token"`
	}
	json.NewDecoder(res.Body).Decode(&s)
	res.Body.Close()
	if res.StatusCode != 200 || s.AccessToken == "" {
		t.Fatalf("login: %d", res.StatusCode)
	}
	for _, path := range []string{"/v1/me", "/v1/classes"} {
		req, _ := http.NewRequest("GET", base+path, nil)
		req.Header.Set("Authorization", "Bearer "+s.AccessToken)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Errorf("%s: %d %s", path, res.StatusCode, body)
		}
	}
	res, err = http.Get(base + "/readyz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("readyz: %v %v", res, err)
	}
	res.Body.Close()
	if err := stop(); err != nil {
		t.Fatalf("serve returned %v", err)
	}
}

// TestServeDrains starts a request, stops the server while the request
// body is still arriving, and checks that the request is still answered.
func TestServeDrains(t *testing.T) {
	addr, _, stop := startServe(t)
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"username":"teacher","password":"demo-teacher-pw"}`
	fmt.Fprintf(conn, "POST /v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:10])
	time.Sleep(100 * time.Millisecond) // the server is now reading the body
	stopped := make(chan error, 1)
	go func() { stopped <- stop() }()
	time.Sleep(200 * time.Millisecond)
	select {
	case err := <-stopped:
		t.Fatalf("serve returned before the in-flight request ended: %v", err)
	default:
	}
	io.WriteString(conn, body[10:])
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "HTTP/1.1 200") {
		t.Fatalf("in-flight request: %q %v", line, err)
	}
	if err := <-stopped; err != nil {
		t.Fatalf("serve returned %v", err)
	}
}

func TestServeRefusesWeakSecretWithPostgres(t *testing.T) {
	t.Setenv("QIXUE_DATABASE_URL", "postgres://nobody@127.0.0.1:1/none")
	for _, secret := range []string{"", "short"} {
		t.Setenv("QIXUE_JWT_SECRET", secret)
		cfg, err := loadConfig()
		if err != nil {
			t.Fatal(err)
		}
		_, err = signingSecret(context.Background(), cfg, nil)
		if err == nil || !strings.Contains(err.Error(), "QIXUE_JWT_SECRET") {
			t.Errorf("secret %q: %v", secret, err)
		}
	}
	t.Setenv("QIXUE_JWT_SECRET", strings.Repeat("k", 32))
	cfg, _ := loadConfig()
	if s, err := signingSecret(context.Background(), cfg, nil); err != nil || len(s) != 32 {
		t.Errorf("strong secret: %v", err)
	}
}

func TestCommands(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("QIXUE_DATABASE_URL", "sqlite://"+filepath.Join(dir, "q.db"))
	t.Setenv("QIXUE_BCRYPT_COST", "4")
	ctx := context.Background()
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"help"}, nil, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{"serve", "migrate", "seed", "admin", "version", "rules"} {
		if !strings.Contains(out.String(), "  "+c+" ") {
			t.Errorf("help lacks %s:\n%s", c, out.String())
		}
	}
	for range 2 {
		out.Reset()
		if err := run(ctx, []string{"migrate"}, nil, &out, &errOut); err != nil {
			t.Fatalf("migrate: %v", err)
		}
	}
	out.Reset()
	if err := run(ctx, []string{"admin", "create", "--username", "root", "--password-stdin"}, strings.NewReader("a-long-password\n"), &out, &errOut); err != nil {
		t.Fatalf("admin create: %v", err)
	}
	if !strings.Contains(out.String(), "created platform admin root") {
		t.Errorf("admin create printed %q", out.String())
	}
	if err := run(ctx, []string{"admin", "create", "--username", "root", "--password-stdin"}, strings.NewReader("a-long-password\n"), &out, &errOut); err == nil {
		t.Error("second admin with the same username was created")
	}
	if err := run(ctx, []string{"admin", "create", "--username", "weak", "--password-stdin"}, strings.NewReader("short\n"), &out, &errOut); err == nil {
		t.Error("admin with a short password was created")
	}
	if err := run(ctx, []string{"admin", "create", "--username", "x"}, nil, &out, &errOut); err != exitError(2) {
		t.Errorf("admin create without --password-stdin: %v", err)
	}
	out.Reset()
	if err := run(ctx, []string{"seed"}, nil, &out, &errOut); err != nil || !strings.Contains(out.String(), "login code") {
		t.Fatalf("seed: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := run(ctx, []string{"seed"}, nil, &out, &errOut); err != nil || !strings.Contains(out.String(), "already present") {
		t.Fatalf("second seed: %v\n%s", err, out.String())
	}
	if err := run(ctx, []string{"nope"}, nil, &out, &errOut); err == nil {
		t.Error("unknown command accepted")
	}
}

func TestConfigMasksSecrets(t *testing.T) {
	t.Setenv("QIXUE_DATABASE_URL", "postgres://qixue:hunter2-db@db:5432/qixue?sslmode=disable")
	t.Setenv("QIXUE_JWT_SECRET", "super-secret-value-super-secret-value")
	t.Setenv("QIXUE_DEMO_PASSWORD", "demo-pw-123")
	cfg, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	logged := fmt.Sprint(cfg.logAttrs()...)
	for _, secret := range []string{"hunter2-db", "super-secret-value", "demo-pw-123"} {
		if strings.Contains(logged, secret) {
			t.Errorf("config log shows %q: %s", secret, logged)
		}
	}
	t.Setenv("QIXUE_ACCESS_TTL", "soon")
	if _, err := loadConfig(); err == nil {
		t.Error("bad duration accepted")
	}
}

// TestServeBusyPortSeedsNothing checks that serve fails on a taken port
// before it creates the database, so the demo credentials (shown once) are
// printed by the next start that can serve.
func TestServeBusyPortSeedsNothing(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	dbPath := filepath.Join(t.TempDir(), "qixue.db")
	t.Setenv("QIXUE_ADDR", busy.Addr().String())
	t.Setenv("QIXUE_DATABASE_URL", dbPath)
	t.Setenv("QIXUE_BCRYPT_COST", "4")
	t.Setenv("QIXUE_DEMO_PASSWORD", "demo-teacher-pw")
	t.Setenv("QIXUE_JWT_SECRET", "")
	var stdout, stderr syncBuffer
	err = run(context.Background(), []string{"serve"}, strings.NewReader(""), &stdout, &stderr)
	if err == nil || !strings.Contains(err.Error(), "QIXUE_ADDR") {
		t.Fatalf("serve on a busy port: %v", err)
	}
	if stdout.String() != "" {
		t.Errorf("serve printed before failing to listen:\n%s", stdout.String())
	}
	if _, err := os.Stat(dbPath); !os.IsNotExist(err) {
		t.Errorf("the database was created before listening: %v", err)
	}
}

// TestAdminResetPassword sets a forgotten demo password from the console
// and checks that the new one logs in and the old one does not.
func TestAdminResetPassword(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("QIXUE_DATABASE_URL", "sqlite://"+filepath.Join(dir, "q.db"))
	t.Setenv("QIXUE_BCRYPT_COST", "4")
	ctx := context.Background()
	var out, errOut bytes.Buffer
	if err := run(ctx, []string{"seed"}, nil, &out, &errOut); err != nil {
		t.Fatalf("seed: %v", err)
	}
	out.Reset()
	err := run(ctx, []string{"admin", "reset-password", "--username", " Teacher ", "--password-stdin"}, strings.NewReader("a-new-long-password\n"), &out, &errOut)
	if err != nil || !strings.Contains(out.String(), "password of teacher") {
		t.Fatalf("reset-password: %v %q", err, out.String())
	}
	if err := run(ctx, []string{"admin", "reset-password", "--username", "nobody", "--password-stdin"}, strings.NewReader("a-new-long-password\n"), &out, &errOut); err == nil || !strings.Contains(err.Error(), "no user") {
		t.Errorf("unknown user: %v", err)
	}
	if err := run(ctx, []string{"admin", "reset-password", "--username", "teacher", "--password-stdin"}, strings.NewReader("short\n"), &out, &errOut); err == nil {
		t.Error("a short password was accepted")
	}
	if err := run(ctx, []string{"admin", "reset-password", "--username", "teacher"}, nil, &out, &errOut); err != exitError(2) {
		t.Errorf("without --password-stdin: %v", err)
	}

	addr, _, stop := startServeOn(t, filepath.Join(dir, "q.db"))
	defer stop()
	for pw, want := range map[string]int{"a-new-long-password": 200, "demo-teacher-pw": 401} {
		res, err := http.Post("http://"+addr+"/v1/auth/login", "application/json",
			strings.NewReader(fmt.Sprintf(`{"username":"teacher","password":%q}`, pw)))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("login with %q: %d, want %d", pw, res.StatusCode, want)
		}
	}
}
