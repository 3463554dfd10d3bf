// Command live is the load benchmark of live games through `qixue serve`
// as deployed: it builds the binary, starts one or two servers (two
// replicas on one PostgreSQL schema, or the embedded SQLite default),
// creates a school whose students play -games chess games against each
// other over the live socket (one socket per player), each side moving a
// random legal move every -min to -max seconds for -duration, and -flags
// more games with a short clock in which nobody moves. It reports how long
// a move takes from its sender to the opponent's socket (p50, p99, max),
// moves lost or delivered twice, how late flags fall, and the servers'
// peak memory.
//
//	go run ./bench/live -db 'postgres://postgres@127.0.0.1:5432/test?sslmode=disable' -games 2000
//	go run ./bench/live -db 'postgres://...' -games 2000 -replicas 2
//	go run ./bench/live -games 500   # embedded SQLite
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"os"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"qixue/bench/internal/served"
	"qixue/rules/game"
)

type options struct {
	db                 string
	games, flags       int
	replicas           int
	duration           time.Duration
	minWait, maxWait   time.Duration
	keep               bool
	bin                string
	loginConcurrency   int
	connectConcurrency int
}

func main() {
	var o options
	flag.StringVar(&o.db, "db", "", "PostgreSQL URL (a fresh schema is made in it); empty: embedded SQLite")
	flag.IntVar(&o.games, "games", 500, "games played")
	flag.IntVar(&o.flags, "flags", 0, "games with a short clock in which nobody moves (default games/20)")
	flag.IntVar(&o.replicas, "replicas", 1, "servers (2: half the pairs split between them; PostgreSQL only)")
	flag.DurationVar(&o.duration, "duration", 2*time.Minute, "how long the players move")
	flag.DurationVar(&o.minWait, "min", 2*time.Second, "shortest wait before a move")
	flag.DurationVar(&o.maxWait, "max", 5*time.Second, "longest wait before a move")
	flag.BoolVar(&o.keep, "keep", false, "keep the directory and schema")
	flag.StringVar(&o.bin, "bin", "", "a built qixue binary (default: build one)")
	flag.IntVar(&o.loginConcurrency, "login-concurrency", 16, "parallel logins")
	flag.IntVar(&o.connectConcurrency, "connect-concurrency", 64, "parallel socket connects")
	flag.Parse()
	if o.flags == 0 {
		o.flags = max(o.games/20, 1)
	}
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "live:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	dir, bin, cleanup, err := served.Setup("live", o.keep, o.bin)
	if err != nil {
		return err
	}
	defer cleanup()
	if o.db == "" && o.replicas > 1 {
		return fmt.Errorf("two replicas need PostgreSQL (-db)")
	}
	vars, drop, err := served.Env("live", dir, o.db, o.keep)
	if err != nil {
		return err
	}
	defer drop()
	var servers []*served.Server
	for i := range o.replicas {
		sdir := fmt.Sprintf("%s/r%d", dir, i)
		os.MkdirAll(sdir, 0o700)
		s, err := served.Start(sdir, bin, vars...)
		if err != nil {
			return err
		}
		defer s.Stop()
		servers = append(servers, s)
	}
	c := served.NewClient(servers[0])
	if err := servers[0].AdminCreate("bench-admin", "bench-admin-password-1"); err != nil {
		return err
	}
	fmt.Printf("servers: %d, games: %d (+%d flag games), each side moving every %v-%v for %v\n", o.replicas, o.games, o.flags, o.minWait, o.maxWait, o.duration)
	t0 := time.Now()
	fx, err := setup(c, o)
	if err != nil {
		return err
	}
	fmt.Printf("setup: %d students logged in, %d games started in %v\n", len(fx.tokens), len(fx.games), time.Since(t0).Round(time.Millisecond))
	for _, s := range servers {
		s.ResetPeakRSS()
	}
	return drive(servers, fx, o)
}

// fixture is the school of the benchmark.
type fixture struct {
	teacher string
	tokens  []string
	ids     []string
	games   []benchGame
}

type benchGame struct {
	id     string
	seats  [2]int // indexes into tokens
	flag   bool
	server [2]int
}

func setup(c *served.Client, o options) (*fixture, error) {
	admin, err := c.Login(map[string]string{"username": "bench-admin", "password": "bench-admin-password-1"})
	if err != nil {
		return nil, err
	}
	var school struct{ ID string }
	if err := call(c, "POST", "/v1/schools", admin, map[string]any{"name": "Live bench"}, &school); err != nil {
		return nil, err
	}
	var teacher struct{ ID string }
	if err := call(c, "POST", "/v1/users", admin, map[string]any{"school_id": school.ID, "role": "teacher", "username": "bench-teacher",
		"real_name": "Teacher", "password": "bench-teacher-password-1"}, &teacher); err != nil {
		return nil, err
	}
	fx := &fixture{}
	if fx.teacher, err = c.Login(map[string]string{"username": "bench-teacher", "password": "bench-teacher-password-1"}); err != nil {
		return nil, err
	}
	players := 2 * (o.games + o.flags)
	type card struct{ code, username, pin, id string }
	var cards []card
	for n := 0; len(cards) < players; n++ {
		var class struct{ ID string }
		if err := call(c, "POST", "/v1/classes", admin, map[string]any{"school_id": school.ID, "name": fmt.Sprintf("C%d", n), "grade": 4,
			"teacher_ids": []string{teacher.ID}}, &class); err != nil {
			return nil, err
		}
		k := min(players-len(cards), 200)
		list := make([]map[string]string, k)
		for i := range list {
			list[i] = map[string]string{"real_name": fmt.Sprintf("学生%d", len(cards)+i+1)}
		}
		var out struct {
			ClassCode string `json:"class_code"`
			Students  []struct {
				ID       string `json:"user_id"`
				Username string `json:"username"`
				PIN      string `json:"pin"`
			} `json:"students"`
		}
		if err := call(c, "POST", "/v1/classes/"+class.ID+"/students", admin, map[string]any{"students": list}, &out); err != nil {
			return nil, err
		}
		for _, s := range out.Students {
			cards = append(cards, card{out.ClassCode, s.Username, s.PIN, s.ID})
		}
	}
	fx.tokens, fx.ids = make([]string, len(cards)), make([]string, len(cards))
	var wg sync.WaitGroup
	var firstErr atomic.Value
	sem := make(chan struct{}, o.loginConcurrency)
	for i, cd := range cards {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			tok, err := c.Login(map[string]string{"class_code": cd.code, "username": cd.username, "pin": cd.pin})
			if err != nil {
				firstErr.CompareAndSwap(nil, err)
			}
			fx.tokens[i], fx.ids[i] = tok, cd.id
		}()
	}
	wg.Wait()
	if e, ok := firstErr.Load().(error); ok {
		return nil, e
	}
	// Pairs within a class of 200: players 2k and 2k+1; batches of 100
	// games of one kind.
	total := o.games + o.flags
	for start := 0; start < total; {
		isFlag := start >= o.games
		end := min(start+100, total)
		if !isFlag {
			end = min(end, o.games)
		}
		var pairs [][]string
		for k := start; k < end; k++ {
			pairs = append(pairs, []string{fx.ids[2*k], fx.ids[2*k+1]})
		}
		clock := map[string]any{"initial_seconds": 3600, "increment_seconds": 5}
		if isFlag {
			clock = map[string]any{"initial_seconds": 60}
		}
		var out struct{ Games []struct{ ID string } }
		if err := call(c, "POST", "/v1/live-games/pairs", fx.teacher, map[string]any{"game": "chess", "pairs": pairs, "clock": clock}, &out); err != nil {
			return nil, err
		}
		for i, g := range out.Games {
			k := start + i
			fx.games = append(fx.games, benchGame{id: g.ID, seats: [2]int{2 * k, 2*k + 1}, flag: isFlag})
		}
		start = end
	}
	return fx, nil
}

func call(c *served.Client, method, path, token string, in, out any) error {
	b, _ := json.Marshal(in)
	status, err := c.Do(method, path, token, "application/json", b, out)
	if err != nil {
		return err
	}
	if status/100 != 2 {
		return fmt.Errorf("%s %s: %d", method, path, status)
	}
	return nil
}

// event is what the benchmark reads of a socket message.
type event struct {
	Type string `json:"type"`
	Kind string `json:"kind"`
	Ref  string `json:"ref"`
	Game *struct {
		ID     string `json:"id"`
		Ply    int    `json:"ply"`
		Status string `json:"status"`
		Clock  struct {
			Deadline *time.Time `json:"deadline"`
		} `json:"clock"`
		LastMove *struct {
			Move string `json:"move"`
		} `json:"last_move"`
	} `json:"game"`
	Error *struct {
		Code string `json:"code"`
	} `json:"error"`
}

type stats struct {
	mu        sync.Mutex
	latencies []time.Duration
	flagLate  []time.Duration
	sent      map[string]map[int]time.Time // game -> ply -> send time
	got       map[string]map[int]int       // game -> ply -> deliveries to the opponent
	errors    map[string]int
	acked     atomic.Int64
}

func (s *stats) errorf(code string) {
	s.mu.Lock()
	s.errors[code]++
	s.mu.Unlock()
}

func drive(servers []*served.Server, fx *fixture, o options) error {
	st := &stats{sent: map[string]map[int]time.Time{}, got: map[string]map[int]int{}, errors: map[string]int{}}
	ctx, cancel := context.WithTimeout(context.Background(), o.duration+2*time.Minute)
	defer cancel()
	type seat struct {
		conn *websocket.Conn
		g    *benchGame
		me   int
	}
	seats := make([]*seat, 0, 2*len(fx.games))
	var mu sync.Mutex
	sem := make(chan struct{}, o.connectConcurrency)
	var wg sync.WaitGroup
	var dialErr atomic.Value
	deadlines := map[string]time.Time{}
	for gi := range fx.games {
		g := &fx.games[gi]
		for me := range 2 {
			srv := servers[0]
			if len(servers) > 1 && gi%2 == 0 && me == 1 {
				srv = servers[1] // half the pairs split between the replicas
			}
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				h := http.Header{}
				h.Set("Authorization", "Bearer "+fx.tokens[g.seats[me]])
				conn, _, err := websocket.Dial(ctx, "ws://"+srv.Addr+"/v1/live/socket", &websocket.DialOptions{HTTPHeader: h})
				if err != nil {
					dialErr.CompareAndSwap(nil, err)
					return
				}
				conn.SetReadLimit(1 << 20)
				b, _ := json.Marshal(map[string]any{"type": "subscribe", "game_id": g.id})
				conn.Write(ctx, websocket.MessageText, b)
				mu.Lock()
				seats = append(seats, &seat{conn: conn, g: g, me: me})
				mu.Unlock()
			}()
		}
	}
	wg.Wait()
	if e, ok := dialErr.Load().(error); ok {
		return fmt.Errorf("dial: %w", e)
	}
	fmt.Printf("sockets: %d open\n", len(seats))
	// Each game's engine state for the movers, and the readers.
	type play struct {
		mu  sync.Mutex
		eg  *game.Game
		ply int
		// turn signals the seat to move that the opponent's move arrived.
		turn [2]chan int
		done bool
	}
	reg := game.NewRegistry()
	plays := map[string]*play{}
	for i := range fx.games {
		start, _ := reg.Must(game.Chess).Start("")
		plays[fx.games[i].id] = &play{eg: game.NewGame(start), turn: [2]chan int{make(chan int, 4), make(chan int, 4)}}
	}
	stop := time.Now().Add(o.duration)
	var readers sync.WaitGroup
	for _, s := range seats {
		readers.Add(1)
		go func() {
			defer readers.Done()
			p := plays[s.g.id]
			for {
				_, data, err := s.conn.Read(ctx)
				if err != nil {
					return
				}
				now := time.Now()
				var ev event
				if json.Unmarshal(data, &ev) != nil {
					continue
				}
				switch {
				case ev.Type == "error":
					st.errorf(ev.Error.Code)
				case ev.Type == "state" && ev.Game != nil && s.g.flag && ev.Game.Clock.Deadline != nil:
					mu.Lock()
					deadlines[s.g.id] = *ev.Game.Clock.Deadline
					mu.Unlock()
				case ev.Type == "ack":
					st.acked.Add(1)
				case ev.Type == "event" && ev.Game != nil && ev.Kind == "end" && s.g.flag && s.me == 0:
					mu.Lock()
					d, ok := deadlines[s.g.id]
					mu.Unlock()
					if ok {
						st.mu.Lock()
						st.flagLate = append(st.flagLate, now.Sub(d))
						st.mu.Unlock()
					}
				case ev.Type == "event" && ev.Game != nil && ev.Kind == "move":
					mover := (ev.Game.Ply - 1) % 2
					if mover == s.me {
						continue
					}
					st.mu.Lock()
					if st.got[s.g.id] == nil {
						st.got[s.g.id] = map[int]int{}
					}
					st.got[s.g.id][ev.Game.Ply]++
					if t, ok := st.sent[s.g.id][ev.Game.Ply]; ok && st.got[s.g.id][ev.Game.Ply] == 1 {
						st.latencies = append(st.latencies, now.Sub(t))
					}
					st.mu.Unlock()
					if ev.Game.Status == "playing" {
						p.turn[s.me] <- ev.Game.Ply
					}
				}
			}
		}()
	}
	// Movers: seat 0 starts each game; each side waits 2-5 s, plays a
	// random legal move, and waits for the opponent's move.
	var movers sync.WaitGroup
	bySeat := map[string][2]*seat{}
	for _, s := range seats {
		x := bySeat[s.g.id]
		x[s.me] = s
		bySeat[s.g.id] = x
	}
	for i := range fx.games {
		g := &fx.games[i]
		if g.flag {
			continue
		}
		p := plays[g.id]
		p.turn[0] <- 0
		for me := range 2 {
			movers.Add(1)
			go func() {
				defer movers.Done()
				rng := mrand.New(mrand.NewPCG(uint64(i), uint64(me)))
				for {
					select {
					case <-ctx.Done():
						return
					case <-p.turn[me]:
					}
					wait := o.minWait + time.Duration(rng.Int64N(int64(o.maxWait-o.minWait)+1))
					time.Sleep(wait)
					if time.Now().After(stop) {
						return
					}
					p.mu.Lock()
					moves, _ := p.eg.Position().Moves(ctx)
					if len(moves) == 0 || p.eg.Outcome().Over() {
						p.mu.Unlock()
						return
					}
					m := moves[rng.IntN(len(moves))]
					text := m.String()
					if err := p.eg.PlayMove(m); err != nil {
						p.mu.Unlock()
						return
					}
					ply := p.eg.Ply()
					p.mu.Unlock()
					b, _ := json.Marshal(map[string]any{"type": "move", "game_id": g.id, "ply": ply, "move": text, "ref": fmt.Sprint(ply)})
					st.mu.Lock()
					if st.sent[g.id] == nil {
						st.sent[g.id] = map[int]time.Time{}
					}
					st.sent[g.id][ply] = time.Now()
					st.mu.Unlock()
					if err := bySeat[g.id][me].conn.Write(ctx, websocket.MessageText, b); err != nil {
						st.errorf("write")
						return
					}
					if p.eg.Outcome().Over() {
						return
					}
				}
			}()
		}
	}
	movers.Wait()
	time.Sleep(3 * time.Second) // the last events
	var rss []int64
	for _, s := range servers {
		r, _ := s.PeakRSS()
		rss = append(rss, r)
	}
	for _, s := range seats {
		s.conn.Close(websocket.StatusNormalClosure, "")
	}
	cancel()
	readers.Wait()
	// Verify: every sent move is stored once, in order, and reached the
	// opponent once.
	c := served.NewClient(servers[0])
	lost, dup, stored, sentN := 0, 0, 0, 0
	for _, g := range fx.games {
		if g.flag {
			continue
		}
		var got struct {
			Moves []string `json:"moves"`
		}
		if status, err := c.Do("GET", "/v1/live-games/"+g.id, fx.teacher, "", nil, &got); err != nil || status != 200 {
			return fmt.Errorf("GET game: %v %d", err, status)
		}
		stored += len(got.Moves)
		n := len(st.sent[g.id])
		sentN += n
		if len(got.Moves) != n {
			lost += n - len(got.Moves)
		}
		for ply := 1; ply <= n; ply++ {
			switch st.got[g.id][ply] {
			case 0:
				lost++
			case 1:
			default:
				dup++
			}
		}
	}
	flagsDown := 0
	for _, g := range fx.games {
		if !g.flag {
			continue
		}
		var got struct{ Status, End string }
		c.Do("GET", "/v1/live-games/"+g.id, fx.teacher, "", nil, &got)
		if got.Status == "finished" && got.End == "flag" {
			flagsDown++
		}
	}
	lat := st.latencies
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	fl := st.flagLate
	sort.Slice(fl, func(i, j int) bool { return fl[i] < fl[j] })
	fmt.Printf("moves sent %d, stored %d, acked %d; delivered to the opponent: %d measured; lost %d, delivered twice %d\n", sentN, stored, st.acked.Load(), len(lat), lost, dup)
	if len(lat) > 0 {
		fmt.Printf("move to opponent: p50 %v, p99 %v, max %v\n", pct(lat, 0.50), pct(lat, 0.99), lat[len(lat)-1])
	}
	fmt.Printf("flags: %d of %d fell; late by p50 %v, p99 %v, max %v (after the deadline the server gave)\n", flagsDown, o.flags, pct(fl, 0.5), pct(fl, 0.99), pct(fl, 1))
	for i, r := range rss {
		fmt.Printf("server %d peak RSS: %d MB\n", i+1, r>>20)
	}
	if len(st.errors) > 0 {
		fmt.Printf("errors: %v\n", st.errors)
	}
	return nil
}

func pct(l []time.Duration, p float64) time.Duration {
	if len(l) == 0 {
		return 0
	}
	i := int(float64(len(l)-1) * p)
	return l[i].Round(100 * time.Microsecond)
}
