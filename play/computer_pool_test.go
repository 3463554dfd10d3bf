package play

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"
)

// TestPoolBoundsSearchesAndCloses: at most size turns are played at once,
// a game is queued once however often it is scheduled, and Close cancels
// the searches, drops the queue and leaves no goroutine running.
func TestPoolBoundsSearchesAndCloses(t *testing.T) {
	before := runtime.NumGoroutine()
	var mu sync.Mutex
	running, most := 0, 0
	started := map[string]int{}
	release := make(chan struct{})
	play := func(ctx context.Context, id string) (bool, error) {
		mu.Lock()
		running++
		most = max(most, running)
		started[id]++
		mu.Unlock()
		defer func() { mu.Lock(); running--; mu.Unlock() }()
		select {
		case <-release:
			return false, nil
		case <-ctx.Done():
			return false, ctx.Err()
		}
	}
	p := newPool(play, 2, time.Minute, nil)
	for i := range 6 {
		if !p.schedule(fmt.Sprint("g", i)) {
			t.Fatalf("g%d not queued", i)
		}
	}
	if p.schedule("g0") || p.schedule("g5") {
		t.Fatal("a game queued twice")
	}
	// Two searches run; let one finish at a time and watch the bound.
	for range 3 {
		release <- struct{}{}
	}
	mu.Lock()
	if most > 2 {
		t.Errorf("%d searches at once, want at most 2", most)
	}
	mu.Unlock()
	p.close()
	if p.schedule("g9") {
		t.Fatal("queued after close")
	}
	mu.Lock()
	if running != 0 {
		t.Errorf("%d searches still running after close", running)
	}
	// g0 was scheduled again while it ran: it is looked at once more
	// (unless close came first); no game more than twice.
	for id, n := range started {
		if n > 2 {
			t.Errorf("%s played %d times", id, n)
		}
	}
	mu.Unlock()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<16)
			t.Fatalf("goroutines left: %d > %d\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
		}
		runtime.Gosched()
	}
}

// TestPoolDropsTurnsPastTheirWait: a turn that waited longer than the
// pool's wait is dropped (the sweeper queues it again later).
func TestPoolDropsTurnsPastTheirWait(t *testing.T) {
	played := make(chan string, 4)
	p := newPool(func(ctx context.Context, id string) (bool, error) {
		played <- id
		return false, nil
	}, 1, time.Minute, nil)
	defer p.close()
	p.mu.Lock()
	p.queue = append(p.queue, queued{id: "old", at: time.Now().Add(-time.Hour)})
	p.ids["old"] = false
	p.mu.Unlock()
	p.schedule("new")
	deadline := time.After(5 * time.Second)
	for {
		p.mu.Lock()
		idle := len(p.ids) == 0 && p.busy == 0
		p.mu.Unlock()
		if idle {
			break
		}
		select {
		case <-deadline:
			t.Fatal("the pool did not drain")
		default:
			runtime.Gosched()
		}
	}
	close(played)
	var got []string
	for id := range played {
		got = append(got, id)
	}
	if len(got) != 1 || got[0] != "new" {
		t.Fatalf("played %v, want only the fresh turn", got)
	}
}

// TestThinkBudget: the middle levels think 200 ms, the top level 1 s.
func TestThinkBudget(t *testing.T) {
	for _, c := range []struct {
		level, n int
		want     time.Duration
	}{{1, 10, 200 * time.Millisecond}, {5, 10, 200 * time.Millisecond}, {10, 10, time.Second}, {1, 1, 200 * time.Millisecond}} {
		if got := ThinkBudget(c.level, c.n); got != c.want {
			t.Errorf("ThinkBudget(%d, %d) = %v, want %v", c.level, c.n, got, c.want)
		}
	}
	if b := ThinkBudget(8, 10); b <= 200*time.Millisecond || b >= time.Second {
		t.Errorf("level 8 of 10: %v", b)
	}
}

// TestPoolScheduleDuringTurnIsKept: a game scheduled while its turn is
// being played (the child answered the computer's move before the worker
// was done with it) is played again, not lost.
func TestPoolScheduleDuringTurnIsKept(t *testing.T) {
	calls := make(chan int, 8)
	var p *pool
	n := 0
	p = newPool(func(ctx context.Context, id string) (bool, error) {
		n++
		if n == 1 {
			if p.schedule(id) {
				t.Error("a running game was queued a second time")
			}
		}
		calls <- n
		return false, nil
	}, 1, time.Minute, nil)
	defer p.close()
	p.schedule("g")
	deadline := time.After(5 * time.Second)
	for got := 0; got < 2; {
		select {
		case got = <-calls:
		case <-deadline:
			t.Fatalf("played %d times, want 2", got)
		}
	}
}
