package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"qixue/bench/internal/served"
)

// server is a `qixue serve` process started by the benchmark.
type server struct {
	cmd   *exec.Cmd
	base  string // http://127.0.0.1:PORT
	pprof string // http://127.0.0.1:PORT of its /debug/pprof ("" if off)
	log   string // file of its stderr (the JSON request log)
	env   []string
	done  chan error
}

// buildServer builds cmd/qixue into dir and returns the binary's path.
func buildServer(dir string) (string, error) {
	root, err := moduleRoot()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "qixue")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/qixue")
	cmd.Dir, cmd.Stdout, cmd.Stderr = root, os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go build ./cmd/qixue: %w", err)
	}
	return bin, nil
}

func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", errors.New("run bench/load inside the qixue module")
	}
	return filepath.Dir(mod), nil
}

// serverEnv returns the environment of the server: the deployed
// defaults (request logging at info, the default pool, bcrypt cost, the
// rating pass on its own schedule) with the database, a signing secret and
// loopback addresses.
func serverEnv(dbURL, addr, pprofAddr string) []string {
	secret := make([]byte, 48)
	rand.Read(secret)
	env := []string{}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "QIXUE_") {
			env = append(env, kv)
		}
	}
	env = append(env,
		"QIXUE_DATABASE_URL="+dbURL,
		"QIXUE_ADDR="+addr,
		"QIXUE_JWT_SECRET="+hex.EncodeToString(secret),
		"QIXUE_LOG_LEVEL=info",
	)
	if pprofAddr != "" {
		env = append(env, "QIXUE_PPROF_ADDR="+pprofAddr)
	}
	return env
}

// freePort returns a loopback address with a port free at the moment.
func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// createAdmin runs `qixue admin create` for the benchmark's platform admin.
func createAdmin(bin string, env []string, username, password string) error {
	cmd := exec.Command(bin, "admin", "create", "--username", username, "--password-stdin")
	cmd.Env, cmd.Stdin = env, strings.NewReader(password+"\n")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("qixue admin create: %w: %s", err, strings.TrimSpace(string(out)))
	}
	return nil
}

// startServer starts `qixue serve` with env, its stderr (the request log)
// in logPath, and waits until /readyz answers 200.
func startServer(bin string, env []string, addr, pprofAddr, logPath string) (*server, error) {
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "serve")
	cmd.Env, cmd.Stdout, cmd.Stderr = env, io.Discard, logf
	if err := cmd.Start(); err != nil {
		logf.Close()
		return nil, err
	}
	s := &server{cmd: cmd, base: "http://" + addr, log: logPath, env: env, done: make(chan error, 1)}
	if pprofAddr != "" {
		s.pprof = "http://" + pprofAddr
	}
	go func() { s.done <- cmd.Wait(); logf.Close() }()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		resp, err := http.Get(s.base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return s, nil
			}
		}
		select {
		case err := <-s.done:
			return nil, fmt.Errorf("qixue serve exited before it was ready (%v); its log: %s", err, logPath)
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, fmt.Errorf("qixue serve not ready after 2 minutes; its log: %s", logPath)
		}
	}
}

// stop sends SIGTERM and waits for the server to drain and exit.
func (s *server) stop() error {
	if s.cmd.ProcessState != nil {
		return nil
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.done:
		return err
	case <-time.After(time.Minute):
		s.cmd.Process.Kill()
		return errors.New("qixue serve did not stop within a minute of SIGTERM")
	}
}

// cpu returns the user and system CPU time of the server process so far
// (from /proc; 0 where that is not available).
func (s *server) cpu() time.Duration {
	return procCPU(s.cmd.Process.Pid)
}

// procCPU returns the user and system CPU time of process pid (0 where
// /proc cannot tell).
func procCPU(pid int) time.Duration {
	d, _ := served.ProcCPU(pid)
	return d
}

// cpuProfile fetches a CPU profile of the server over seconds into path.
func (s *server) cpuProfile(ctx context.Context, seconds int, path string) error {
	if s.pprof == "" {
		return errors.New("no pprof address")
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.pprof+"/debug/pprof/profile?seconds="+strconv.Itoa(seconds), nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("pprof: status %d", resp.StatusCode)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := io.Copy(f, resp.Body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// pgSchema creates a new schema in the PostgreSQL database at base and
// returns the URL that uses it and a cleanup that drops it (unless keep).
func pgSchema(base string, keep bool) (string, func(), error) {
	return served.FreshSchema(base, "load_", keep)
}
