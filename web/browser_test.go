package web_test

// The harness of the browser tests: the real binary serving a fresh
// embedded database, and Debian's chromium, headless, driven with
// chromedp. Without chromium the tests skip with a message; CI (.ci/run)
// installs it, so there they always run.

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromium returns the browser's path, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("QIXUE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("browser tests skipped: no chromium installed (apt-get install -y chromium; CI installs it)")
	return ""
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// qixueBinary builds cmd/qixue once per test run.
func qixueBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "qixue-web-bin-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "qixue")
		_, here, _, _ := runtime.Caller(0)
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/qixue")
		cmd.Dir = filepath.Join(filepath.Dir(here), "..")
		out, err := cmd.CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build ./cmd/qixue: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

const demoPassword = "browser-test-teacher-pw"

// startServer runs `qixue serve` on a fresh embedded database with the
// demo data (teacher "teacher" with demoPassword) and returns its URL;
// env adds QIXUE_* settings.
func startServer(t *testing.T, env ...string) string {
	t.Helper()
	base, _ := startStoppable(t, env...)
	return base
}

// startStoppable is startServer, with a function that stops the server
// before the test ends (it waits until the process is gone).
func startStoppable(t *testing.T, env ...string) (base string, stop func()) {
	t.Helper()
	chromium(t) // skip before building anything when there is no browser
	bin := qixueBinary(t)
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "serve")
	cmd.Env = append(os.Environ(),
		"QIXUE_ADDR=127.0.0.1:0",
		"QIXUE_DATABASE_URL="+filepath.Join(dir, "qixue.db"),
		"QIXUE_DEMO_PASSWORD="+demoPassword,
		"QIXUE_BCRYPT_COST=4",
		"QIXUE_JWT_SECRET=",
	)
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdout = io.Discard
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
	cmd.WaitDelay = 10 * time.Second
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	stop = func() { once.Do(func() { cancel(); _ = cmd.Wait() }) }
	t.Cleanup(stop)
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
		sent := false
		for sc.Scan() {
			var line struct{ Msg, Addr string }
			if !sent && json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "listening" {
				addr <- line.Addr
				sent = true
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a, stop
	case <-time.After(60 * time.Second):
		t.Fatal("qixue serve did not start listening within 60 s")
	}
	return "", stop
}

// browser is one headless chromium tab with the screenshots taken so far.
type browser struct {
	t     *testing.T
	ctx   context.Context
	base  string
	shots map[string][]byte
	order []string
}

// newBrowser starts chromium with a new empty profile at the given
// window size. On failure, and always when QIXUE_SCREENSHOTS names a
// directory, the screenshots are written out (failure: under the test's
// artifact directory, kept with `go test -artifacts -outputdir DIR`).
func newBrowser(t *testing.T, base string, width, height int) *browser {
	t.Helper()
	path := chromium(t)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(width, height),
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	b := &browser{t: t, ctx: ctx, base: base, shots: map[string][]byte{}}
	// The first call starts the browser and must not carry a timeout.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		cancel()
		acancel()
		t.Fatalf("start chromium: %v", err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			b.shot("failure")
			b.save(t.ArtifactDir())
		} else if dir := os.Getenv("QIXUE_SCREENSHOTS"); dir != "" {
			b.save(filepath.Join(dir, t.Name()))
		}
		cancel()
		acancel()
	})
	return b
}

// run runs chromedp actions, each step within 30 s, and fails the test
// (keeping a screenshot) on error.
func (b *browser) run(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// shot keeps a screenshot of the viewport under a name, and checks that
// the screen in zh-CN shows no English (checkZh).
func (b *browser) shot(name string) {
	b.t.Helper()
	b.checkZh(name)
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if _, ok := b.shots[name]; !ok {
		b.order = append(b.order, name)
	}
	b.shots[name] = png
}

func (b *browser) save(dir string) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.t.Logf("screenshots: %v", err)
		return
	}
	for i, name := range b.order {
		p := filepath.Join(dir, fmt.Sprintf("%02d-%s.png", i+1, strings.ReplaceAll(name, "/", "-")))
		if err := os.WriteFile(p, b.shots[name], 0o644); err != nil {
			b.t.Logf("screenshot %s: %v", p, err)
		}
	}
	b.t.Logf("screenshots in %s", dir)
}

// text returns the text of the first element matching sel.
func (b *browser) text(sel string) string {
	b.t.Helper()
	return strings.TrimSpace(runValue(b, "read "+sel, chromedp.Text(chromedp.CSS(sel), chromedp.NodeVisible)))
}

// runValue runs one action that returns a value, within 30 s.
func runValue[T any](b *browser, what string, a chromedp.Action[T]) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
	return v
}

// evalJS evaluates a JavaScript expression (awaiting a promise) into T.
func evalJS[T any](b *browser, js string) T {
	b.t.Helper()
	return runValue(b, "eval "+js, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
}

// click waits for sel to be visible and clicks it. A screen that redraws
// between the wait and the click replaces the node found (Chromium: "Could
// not find node with given id"): the click looks for sel again, up to
// three times.
func (b *browser) click(sel string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	defer cancel()
	var err error
	for range 3 {
		err = chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Click(chromedp.CSS(sel)))
		if err == nil || !strings.Contains(err.Error(), "Could not find node") {
			break
		}
	}
	if err != nil {
		b.t.Fatalf("click %s: %v", sel, err)
	}
}

// wait waits until sel is visible.
func (b *browser) wait(sel string) {
	b.t.Helper()
	b.run("wait for "+sel, chromedp.WaitVisible(chromedp.CSS(sel)))
}

// waitJS waits until a JavaScript expression is true.
func (b *browser) waitJS(what, js string) {
	b.t.Helper()
	_ = runValue(b, "wait until "+what, chromedp.Poll[bool](js, chromedp.WithPollingTimeout(20*time.Second)))
}

// fill types a value into an input (replacing what it held).
func (b *browser) fill(sel, value string) {
	b.t.Helper()
	b.wait(sel)
	evalJS[bool](b, fmt.Sprintf(`(() => { document.querySelector(%q).value = ''; return true; })()`, sel))
	b.run("fill "+sel, chromedp.SendKeys(chromedp.CSS(sel), value))
}

// open navigates to a path of the app.
func (b *browser) open(path string) {
	b.t.Helper()
	b.run("open "+path, chromedp.Navigate(b.base+path))
}

// selectOption chooses the option of a select by value and fires its
// change event, as a person choosing it does.
func (b *browser) selectOption(sel, value string) {
	b.t.Helper()
	b.wait(sel)
	js := fmt.Sprintf(`(() => { const s = document.querySelector(%q);
		s.value = %q; s.dispatchEvent(new Event('change')); return s.value; })()`, sel, value)
	if got := evalJS[string](b, js); got != value {
		b.t.Fatalf("select %s: no option %q", sel, value)
	}
}

// teacherLogin logs the demo teacher in through the login page and waits
// for the class list.
func (b *browser) teacherLogin() {
	b.t.Helper()
	b.open("/teacher/login")
	b.fill("#username", "teacher")
	b.fill("#password", demoPassword)
	b.click("#login")
	b.wait(".class-card")
}

// studentLogin logs a student in through the login pages: the class code,
// their name in the class list, the PIN on the keypad; it waits for the
// home page.
func (b *browser) studentLogin(code, username, pin string) {
	b.t.Helper()
	b.open("/student/login")
	b.fill("#class-code", code)
	b.click("#to-names")
	b.click(fmt.Sprintf(`.name-btn[data-username="%s"]`, username))
	for _, d := range pin {
		b.click(fmt.Sprintf(`.pinpad [data-digit="%c"]`, d))
	}
	b.click("#pin-go")
	b.wait("#next-btn")
}
