// Command lessons is the load benchmark of live lessons through `qixue
// serve` as deployed: it builds the binary, starts it (PostgreSQL, or the
// embedded SQLite default), makes -classes classes of -students students,
// each class with its own teacher and live lesson of -items items, opens
// one socket per student and one projector socket per teacher, and runs
// the lessons at once: every teacher opens an item, every student answers
// it at a random moment within -window, the teacher reveals it, and so on.
// It reports how long an answer takes from the student's POST to the
// teacher's socket (the tally that counts it), how long a reveal takes
// from the teacher's POST to each tablet of the class, and, read back
// from the server, answers lost or recorded twice.
//
//	go run ./bench/lessons -db 'postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
//	go run ./bench/lessons -classes 20 -students 40   # embedded SQLite
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"qixue/bench/internal/served"
)

type options struct {
	db                     string
	classes, students      int
	items                  int
	window                 time.Duration
	keep                   bool
	bin                    string
	loginConc, connectConc int
}

func main() {
	var o options
	flag.StringVar(&o.db, "db", "", "PostgreSQL URL (a fresh schema is made in it); empty: embedded SQLite")
	flag.IntVar(&o.classes, "classes", 200, "classes, each with its teacher and lesson")
	flag.IntVar(&o.students, "students", 40, "students a class")
	flag.IntVar(&o.items, "items", 3, "items a lesson")
	flag.DurationVar(&o.window, "window", 20*time.Second, "every student answers an item within this time of its opening")
	flag.BoolVar(&o.keep, "keep", false, "keep the directory and schema")
	flag.StringVar(&o.bin, "bin", "", "a built qixue binary (default: build one)")
	flag.IntVar(&o.loginConc, "login-concurrency", 16, "parallel logins")
	flag.IntVar(&o.connectConc, "connect-concurrency", 64, "parallel socket connects")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "lessons:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	dir, bin, cleanup, err := served.Setup("lessons", o.keep, o.bin)
	if err != nil {
		return err
	}
	defer cleanup()
	vars, drop, err := served.Env("lessons", dir, o.db, o.keep)
	if err != nil {
		return err
	}
	defer drop()
	srv, err := served.Start(dir, bin, vars...)
	if err != nil {
		return err
	}
	defer srv.Stop()
	c := served.NewClient(srv)
	c.HTTP.Transport = &http.Transport{MaxIdleConnsPerHost: 256, MaxConnsPerHost: 512}
	if err := srv.AdminCreate("bench-admin", "bench-admin-password-1"); err != nil {
		return err
	}
	fmt.Printf("%d classes x %d students, %d items a lesson, answers within %v\n", o.classes, o.students, o.items, o.window)
	t0 := time.Now()
	fx, err := setup(c, o)
	if err != nil {
		return err
	}
	fmt.Printf("setup: %d students and %d teachers logged in, %d lessons made in %v\n", o.classes*o.students, o.classes, len(fx.classes), time.Since(t0).Round(time.Millisecond))
	srv.ResetPeakRSS()
	if err := drive(srv, c, fx, o); err != nil {
		return err
	}
	if rss, err := srv.PeakRSS(); err == nil {
		fmt.Printf("server peak RSS: %d MB\n", rss>>20)
	}
	return nil
}

type class struct {
	lesson   string
	teacher  string   // token
	students []string // tokens
	ids      []string
}

type fixture struct{ classes []*class }

func call(c *served.Client, method, path, token string, in, out any) error {
	var b []byte
	if in != nil {
		b, _ = json.Marshal(in)
	}
	ct := ""
	if in != nil {
		ct = "application/json"
	}
	status, err := c.Do(method, path, token, ct, b, out)
	if err != nil {
		return err
	}
	if status/100 != 2 {
		return fmt.Errorf("%s %s: %d", method, path, status)
	}
	return nil
}

func setup(c *served.Client, o options) (*fixture, error) {
	admin, err := c.Login(map[string]string{"username": "bench-admin", "password": "bench-admin-password-1"})
	if err != nil {
		return nil, err
	}
	var school struct{ ID string }
	if err := call(c, "POST", "/v1/schools", admin, map[string]any{"name": "Lesson bench"}, &school); err != nil {
		return nil, err
	}
	var exs struct {
		Items []struct{ ID string } `json:"items"`
	}
	if err := call(c, "GET", "/v1/exercises?kind=choice&limit="+fmt.Sprint(o.items), admin, nil, &exs); err != nil {
		return nil, err
	}
	if len(exs.Items) < o.items {
		return nil, fmt.Errorf("only %d choice exercises in the bank", len(exs.Items))
	}
	items := make([]string, o.items)
	for i := range items {
		items[i] = exs.Items[i].ID
	}
	type card struct{ code, username, pin, id string }
	fx := &fixture{classes: make([]*class, o.classes)}
	cards := make([][]card, o.classes)
	var wg sync.WaitGroup
	var firstErr atomic.Value
	sem := make(chan struct{}, o.loginConc)
	for n := range o.classes {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			fail := func(err error) { firstErr.CompareAndSwap(nil, err) }
			user := fmt.Sprintf("bench-teacher-%d", n)
			var teacher struct{ ID string }
			if err := call(c, "POST", "/v1/users", admin, map[string]any{"school_id": school.ID, "role": "teacher", "username": user,
				"real_name": "Teacher", "password": "bench-teacher-password-1"}, &teacher); err != nil {
				fail(err)
				return
			}
			var cl struct{ ID string }
			if err := call(c, "POST", "/v1/classes", admin, map[string]any{"school_id": school.ID, "name": fmt.Sprintf("C%d", n), "grade": 3,
				"teacher_ids": []string{teacher.ID}}, &cl); err != nil {
				fail(err)
				return
			}
			list := make([]map[string]string, o.students)
			for i := range list {
				list[i] = map[string]string{"real_name": fmt.Sprintf("学生%d", n*o.students+i+1)}
			}
			var out struct {
				ClassCode string `json:"class_code"`
				Students  []struct {
					ID       string `json:"user_id"`
					Username string `json:"username"`
					PIN      string `json:"pin"`
				} `json:"students"`
			}
			if err := call(c, "POST", "/v1/classes/"+cl.ID+"/students", admin, map[string]any{"students": list}, &out); err != nil {
				fail(err)
				return
			}
			tok, err := c.Login(map[string]string{"username": user, "password": "bench-teacher-password-1"})
			if err != nil {
				fail(err)
				return
			}
			var l struct{ ID string }
			if err := call(c, "POST", "/v1/live-lessons", tok, map[string]any{"class_id": cl.ID, "exercise_ids": items}, &l); err != nil {
				fail(err)
				return
			}
			k := &class{lesson: l.ID, teacher: tok}
			for _, s := range out.Students {
				cards[n] = append(cards[n], card{out.ClassCode, s.Username, s.PIN, s.ID})
				k.ids = append(k.ids, s.ID)
			}
			k.students = make([]string, len(k.ids))
			fx.classes[n] = k
		}()
	}
	wg.Wait()
	if e, ok := firstErr.Load().(error); ok {
		return nil, e
	}
	for n, list := range cards {
		for i, cd := range list {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				tok, err := c.Login(map[string]string{"class_code": cd.code, "username": cd.username, "pin": cd.pin})
				if err != nil {
					firstErr.CompareAndSwap(nil, err)
				}
				fx.classes[n].students[i] = tok
			}()
		}
	}
	wg.Wait()
	if e, ok := firstErr.Load().(error); ok {
		return nil, e
	}
	return fx, nil
}

// msg is what the benchmark reads of a socket message.
type msg struct {
	Type       string   `json:"type"`
	Kind       string   `json:"kind"`
	Ref        string   `json:"ref"`
	LessonID   string   `json:"lesson_id"`
	Index      int      `json:"index"`
	AnsweredBy []string `json:"answered_by"`
}

// clock keeps the moments the benchmark measures between.
type clock struct {
	mu       sync.Mutex
	answered map[string]time.Time // lesson/index/user -> POST sent
	seen     map[string]bool      // answers seen on the teacher's socket
	revealed map[string]time.Time // lesson/index -> reveal POST sent
	answerL  []time.Duration
	revealL  []time.Duration
	revealN  map[string]int // tablets that got the reveal
	errors   map[string]int
}

func (k *clock) fail(what string) {
	k.mu.Lock()
	k.errors[what]++
	k.mu.Unlock()
}

func dial(ctx context.Context, addr, token string) (*websocket.Conn, error) {
	h := http.Header{}
	h.Set("Authorization", "Bearer "+token)
	conn, _, err := websocket.Dial(ctx, "ws://"+addr+"/v1/live/socket", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, err
	}
	conn.SetReadLimit(1 << 20)
	// Wait for hello: the socket follows its topics then.
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return nil, err
		}
		var m msg
		if json.Unmarshal(data, &m) == nil && m.Type == "hello" {
			return conn, nil
		}
	}
}

func drive(srv *served.Server, c *served.Client, fx *fixture, o options) error {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	k := &clock{answered: map[string]time.Time{}, seen: map[string]bool{}, revealed: map[string]time.Time{}, revealN: map[string]int{}, errors: map[string]int{}}
	t0 := time.Now()
	var conns []*websocket.Conn
	var cmu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, o.connectConc)
	var dialErr atomic.Value
	for _, cl := range fx.classes {
		// The projector: every tally of its lesson.
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			conn, err := dial(ctx, srv.Addr, cl.teacher)
			if err != nil {
				dialErr.CompareAndSwap(nil, err)
				return
			}
			b, _ := json.Marshal(map[string]string{"type": "lesson_subscribe", "ref": "s", "lesson_id": cl.lesson})
			conn.Write(ctx, websocket.MessageText, b)
			cmu.Lock()
			conns = append(conns, conn)
			cmu.Unlock()
			go func() {
				for {
					_, data, err := conn.Read(ctx)
					if err != nil {
						return
					}
					var m msg
					if json.Unmarshal(data, &m) != nil || m.Type != "lesson" || m.Kind != "answered" {
						continue
					}
					now := time.Now()
					k.mu.Lock()
					for _, u := range m.AnsweredBy {
						key := fmt.Sprintf("%s/%d/%s", m.LessonID, m.Index, u)
						if at, ok := k.answered[key]; ok && !k.seen[key] {
							k.seen[key] = true
							k.answerL = append(k.answerL, now.Sub(at))
						}
					}
					k.mu.Unlock()
				}
			}()
		}()
		for _, tok := range cl.students {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				conn, err := dial(ctx, srv.Addr, tok)
				if err != nil {
					dialErr.CompareAndSwap(nil, err)
					return
				}
				cmu.Lock()
				conns = append(conns, conn)
				cmu.Unlock()
				go func() {
					for {
						_, data, err := conn.Read(ctx)
						if err != nil {
							return
						}
						var m msg
						if json.Unmarshal(data, &m) != nil || m.Type != "lesson" || m.Kind != "revealed" {
							continue
						}
						now := time.Now()
						key := fmt.Sprintf("%s/%d", m.LessonID, m.Index)
						k.mu.Lock()
						if at, ok := k.revealed[key]; ok {
							k.revealL = append(k.revealL, now.Sub(at))
							k.revealN[key]++
						}
						k.mu.Unlock()
					}
				}()
			}()
		}
	}
	wg.Wait()
	if e, ok := dialErr.Load().(error); ok {
		return fmt.Errorf("socket: %w", e)
	}
	fmt.Printf("sockets: %d open in %v\n", len(conns), time.Since(t0).Round(time.Millisecond))
	defer func() {
		for _, conn := range conns {
			conn.CloseNow()
		}
	}()
	sent := 0
	for item := range o.items {
		// Every teacher opens the item; every student answers within the
		// window; then every teacher reveals it.
		var iw sync.WaitGroup
		for _, cl := range fx.classes {
			iw.Add(1)
			go func() {
				defer iw.Done()
				if err := call(c, "POST", "/v1/live-lessons/"+cl.lesson+"/open", cl.teacher, map[string]int{"index": item}, nil); err != nil {
					k.fail("open")
					return
				}
				var aw sync.WaitGroup
				for i, tok := range cl.students {
					aw.Add(1)
					go func() {
						defer aw.Done()
						time.Sleep(time.Duration(mrand.Int64N(int64(o.window))))
						key := fmt.Sprintf("%s/%d/%s", cl.lesson, item, cl.ids[i])
						k.mu.Lock()
						k.answered[key] = time.Now()
						k.mu.Unlock()
						if err := call(c, "POST", "/v1/live-lessons/"+cl.lesson+"/answers", tok, map[string]any{"index": item, "answer": map[string]int{"choice": mrand.IntN(2)}}, nil); err != nil {
							code := "answer"
							if m := problemCode.FindStringSubmatch(err.Error()); m != nil {
								code = "answer " + m[1]
							}
							k.fail(code)
						}
					}()
				}
				aw.Wait()
			}()
			sent += len(cl.students)
		}
		iw.Wait()
		time.Sleep(2 * time.Second) // the last tallies
		var rw sync.WaitGroup
		for _, cl := range fx.classes {
			rw.Add(1)
			go func() {
				defer rw.Done()
				key := fmt.Sprintf("%s/%d", cl.lesson, item)
				k.mu.Lock()
				k.revealed[key] = time.Now()
				k.mu.Unlock()
				if err := call(c, "POST", "/v1/live-lessons/"+cl.lesson+"/reveal", cl.teacher, nil, nil); err != nil {
					k.fail("reveal")
				}
			}()
		}
		rw.Wait()
		time.Sleep(3 * time.Second)
		fmt.Printf("item %d done at %v\n", item+1, time.Since(t0).Round(time.Second))
	}
	// Read back: each lesson's items answered by every student once.
	recorded, missing := 0, 0
	for _, cl := range fx.classes {
		var l struct {
			Items []struct {
				Answered   int      `json:"answered"`
				AnsweredBy []string `json:"answered_by"`
			} `json:"items"`
		}
		if err := call(c, "GET", "/v1/live-lessons/"+cl.lesson, cl.teacher, nil, &l); err != nil {
			return err
		}
		for _, it := range l.Items {
			recorded += it.Answered
			seen := map[string]bool{}
			for _, u := range it.AnsweredBy {
				if seen[u] {
					k.fail("recorded twice")
				}
				seen[u] = true
			}
			missing += len(cl.ids) - len(seen)
		}
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	sort.Slice(k.answerL, func(i, j int) bool { return k.answerL[i] < k.answerL[j] })
	sort.Slice(k.revealL, func(i, j int) bool { return k.revealL[i] < k.revealL[j] })
	short := 0
	for key := range k.revealed {
		if n := k.revealN[key]; n < o.students {
			short += o.students - n
		}
	}
	fmt.Printf("answers: %d sent, %d recorded, %d missing; errors %v\n", sent, recorded, missing, k.errors)
	fmt.Printf("answer to the teacher's socket: %d seen of %d, p50 %v, p99 %v, max %v\n", len(k.answerL), sent, pct(k.answerL, 0.5), pct(k.answerL, 0.99), pct(k.answerL, 1))
	fmt.Printf("reveal to the tablets: %d deliveries (%d tablets missed one), p50 %v, p99 %v, max %v\n", len(k.revealL), short, pct(k.revealL, 0.5), pct(k.revealL, 0.99), pct(k.revealL, 1))
	return nil
}

var problemCode = regexp.MustCompile(`"code":"([a-z_]+)"`)

func pct(l []time.Duration, p float64) time.Duration {
	if len(l) == 0 {
		return 0
	}
	i := int(float64(len(l)-1) * p)
	return l[i].Round(100 * time.Microsecond)
}
