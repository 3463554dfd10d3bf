package play

import (
	"context"
	"log/slog"
	"runtime"
	"sync"
	"time"
)

// pool runs the computer's turns: at most size searches at once, a queue
// of at most queueCap games, each waiting at most wait before it is
// dropped (the sweeper queues a dropped turn again once it has lasted
// ComputerStill). A game is queued once: a schedule while it
// waits or is being played marks it to be looked at again after.
type pool struct {
	// play plays the computer's turn of a game; stale: the game changed
	// meanwhile and another look is due.
	play func(ctx context.Context, id string) (stale bool, err error)
	size int
	wait time.Duration
	log  *slog.Logger

	mu     sync.Mutex
	queue  []queued
	ids    map[string]bool // queued or running; true: look again after
	busy   int
	closed bool
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

type queued struct {
	id string
	at time.Time
}

// queueCap bounds the games waiting for the computer in one process.
const queueCap = 1000

// ComputerStill is how long the computer's turn must have lasted before
// the sweeper queues it again.
const ComputerStill = 5 * time.Second

// PoolSize is the default number of computer searches at once: half the
// CPUs, at least one.
func PoolSize() int { return max(1, runtime.NumCPU()/2) }

func newPool(play func(context.Context, string) (bool, error), size int, wait time.Duration, log *slog.Logger) *pool {
	if size <= 0 {
		size = PoolSize()
	}
	if wait <= 0 {
		wait = 10 * time.Second
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &pool{play: play, size: size, wait: wait, log: log, ids: map[string]bool{}, ctx: ctx, cancel: cancel}
}

// schedule queues game id; false when it was queued already, the queue is
// full or the pool is closed.
func (p *pool) schedule(id string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	if _, ok := p.ids[id]; ok {
		p.ids[id] = true
		return false
	}
	if len(p.queue) >= queueCap {
		return false
	}
	p.ids[id] = false
	p.queue = append(p.queue, queued{id: id, at: time.Now()})
	if p.busy < p.size {
		p.busy++
		p.wg.Add(1)
		go p.work()
	}
	return true
}

// work plays queued turns until the queue is empty.
func (p *pool) work() {
	defer p.wg.Done()
	for {
		p.mu.Lock()
		if len(p.queue) == 0 || p.closed {
			p.busy--
			p.mu.Unlock()
			return
		}
		q := p.queue[0]
		p.queue = p.queue[1:]
		p.mu.Unlock()
		p.turn(q)
	}
}

// turn plays one queued game's turn, and again while it was scheduled
// meanwhile (or the game changed under the move), at most five times; a
// game leaves the pool's set in the same lock that finds it not
// scheduled again, so that no schedule is lost in between.
func (p *pool) turn(q queued) {
	for tries := 1; ; tries++ {
		stale := false
		if time.Since(q.at) <= p.wait && p.ctx.Err() == nil {
			var err error
			stale, err = p.play(p.ctx, q.id)
			if err != nil && p.ctx.Err() == nil {
				p.log.Warn("computer move", "game_id", q.id, "error", err.Error())
			}
		}
		p.mu.Lock()
		again := (stale || p.ids[q.id]) && tries < 5 && !p.closed
		if again {
			p.ids[q.id] = false
			q.at = time.Now()
		} else {
			delete(p.ids, q.id)
		}
		p.mu.Unlock()
		if !again {
			return
		}
	}
}

// close stops the pool: the searches running end (their context is
// cancelled), nothing more is queued, and it waits for the workers.
func (p *pool) close() {
	p.mu.Lock()
	p.closed = true
	p.queue = nil
	p.mu.Unlock()
	p.cancel()
	p.wg.Wait()
}
