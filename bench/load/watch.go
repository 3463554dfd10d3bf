package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"qixue/models"
)

// pgWatch samples PostgreSQL during the run: the server's database
// sessions opened (pg_stat_database.sessions: a pool that closes and
// reopens connections under load pays a backend start each time) and,
// every 50 ms, the backends of the database waiting on a lock and the CPU
// time of each backend (from /proc; PostgreSQL on this machine), by
// application_name (the rating pass's connection is "qixue-rater").
type pgWatch struct {
	stop     func()
	sessions int64 // at the start
	samples  int
	waiting  int // samples with a backend waiting on a lock
	maxWait  int
	events   map[string]int
	first    map[int]time.Duration // CPU of each backend when first seen
	last     map[int]time.Duration
	app      map[int]string
	// ratingBusy holds, per second from the start of the run, the
	// samples in which the rater's backend was running a statement.
	ratingBusy []int
}

// backendCPU sums the CPU the backends used while watched, by
// application name ("" for the server's requests).
func (w *pgWatch) backendCPU() map[string]time.Duration {
	out := map[string]time.Duration{}
	for pid, c := range w.last {
		out[w.app[pid]] += c - w.first[pid]
	}
	return out
}

func watchPostgres(dbURL string) (*pgWatch, error) {
	db, err := models.Open(dbURL)
	if err != nil {
		return nil, err
	}
	w := &pgWatch{events: map[string]int{}, first: map[int]time.Duration{}, last: map[int]time.Duration{}, app: map[int]string{}}
	start := time.Now()
	if err := db.Raw("SELECT sessions FROM pg_stat_database WHERE datname = current_database()").Scan(&w.sessions).Error; err != nil {
		models.Close(db)
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			var rows []struct {
				PID                                      int `gorm:"column:pid"`
				AppName, State, WaitEventType, WaitEvent string
			}
			if db.WithContext(ctx).Raw(`SELECT pid, application_name AS app_name, coalesce(state, '') AS state,
 coalesce(wait_event_type, '') AS wait_event_type, coalesce(wait_event, '') AS wait_event
 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`).Scan(&rows).Error != nil {
				continue
			}
			w.samples++
			waiting := 0
			for _, r := range rows {
				cpu := procCPU(r.PID)
				if _, ok := w.first[r.PID]; !ok {
					w.first[r.PID] = cpu
				}
				w.last[r.PID], w.app[r.PID] = cpu, r.AppName
				if r.WaitEventType == "Lock" {
					waiting++
					w.events[r.WaitEvent]++
				}
				if r.AppName == "qixue-rater" && r.State == "active" {
					sec := int(time.Since(start) / time.Second)
					for len(w.ratingBusy) <= sec {
						w.ratingBusy = append(w.ratingBusy, 0)
					}
					w.ratingBusy[sec]++
				}
			}
			if waiting > 0 {
				w.waiting++
				w.maxWait = max(w.maxWait, waiting)
			}
		}
	}()
	w.stop = func() {
		cancel()
		wg.Wait()
		var now int64
		db.Raw("SELECT sessions FROM pg_stat_database WHERE datname = current_database()").Scan(&now)
		w.sessions = now - w.sessions
		models.Close(db)
	}
	return w, nil
}

func (w *pgWatch) print(requests int, warmup time.Duration) {
	fmt.Printf("PostgreSQL during the run: %d sessions opened in the database (every client of it, the server's pools included); a backend waiting on a lock in %d of %d samples (every 50 ms), at most %d at once %v\n",
		w.sessions, w.waiting, w.samples, w.maxWait, w.events)
	cpu := w.backendCPU()
	var req, rater time.Duration
	for app, c := range cpu {
		if app == "qixue-rater" {
			rater += c
		} else {
			req += c
		}
	}
	if requests > 0 {
		fmt.Printf("PostgreSQL backend CPU over the run: requests' connections %s (%.0f µs/request), rating pass's connection %s\n",
			req.Round(time.Millisecond), req.Seconds()/float64(requests)*1e6, rater.Round(time.Millisecond))
	}
	first := int(warmup / time.Second)
	if len(w.ratingBusy) > first {
		fmt.Print("rating pass's backend busy, per second of the window (of 20 samples):")
		for _, n := range w.ratingBusy[first:] {
			fmt.Printf(" %d", n)
		}
		fmt.Println()
	}
}

// ratingPasses prints the periodic rating passes the server logged
// (their end, from the start of the measured window, with the attempts
// rated and the time taken), to read beside the per-second series.
func ratingPasses(logPath string, window time.Time) {
	f, err := os.Open(logPath)
	if err != nil {
		return
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var l struct {
			Time  time.Time `json:"time"`
			Msg   string    `json:"msg"`
			Count int       `json:"count"`
			Took  int64     `json:"took_ms"`
			Error string    `json:"error"`
		}
		if json.Unmarshal(sc.Bytes(), &l) != nil || !strings.HasPrefix(l.Msg, "progress: rat") {
			continue
		}
		at := l.Time.Sub(window).Seconds()
		if l.Error != "" {
			out = append(out, fmt.Sprintf("ended %.1f s: error %s", at, l.Error))
			continue
		}
		out = append(out, fmt.Sprintf("%.1f-%.1f s: %d rated", at-float64(l.Took)/1000, at, l.Count))
	}
	if len(out) == 0 {
		fmt.Println("rating passes (server log): none rated anything")
		return
	}
	fmt.Printf("rating passes (server log; seconds from the start of the window): %s\n", strings.Join(out, "; "))
}
