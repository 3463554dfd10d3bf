// Package heavy admits heavy work on untrusted input (game uploads,
// exercise, roster and tournament imports, analysis, archive searches):
// at most PerUser such requests of one caller, PerSchool of one school and
// Total of all schools run at once in this process, each under a wall-time Budget carried by
// its context. A request past a limit is refused at once, never queued,
// so a flood costs its sender refusals and costs the others nothing.
//
// The limits are per process: a request holds its slot only while it
// runs, so a slot is a share of this process's CPU and memory, which
// another replica's slots do not use. N replicas admit at most N times
// the limits, which is what they can carry.
package heavy

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"
)

// Names of the limits, as a refusal names them.
const (
	LimitPerUser   = "heavy_per_user"
	LimitPerSchool = "heavy_per_school"
	LimitTotal     = "heavy_total"
)

// Config holds the limits. A zero field takes its default.
type Config struct {
	// PerUser is how many heavy requests of one caller run at once
	// (QIXUE_HEAVY_PER_USER): one student's flood holds one slot of
	// their school, and the school's teachers keep the others.
	PerUser int
	// PerSchool is how many heavy requests of one school run at once
	// (QIXUE_HEAVY_PER_SCHOOL).
	PerSchool int
	// Total is how many heavy requests of all schools run at once
	// (QIXUE_HEAVY_TOTAL).
	Total int
	// Budget is the wall time one heavy request may take; its context
	// ends then (QIXUE_HEAVY_BUDGET).
	Budget time.Duration
	// RetryAfter is the wait a refusal asks for.
	RetryAfter time.Duration
}

// DefaultConfig is one heavy request per caller, two per school, and in
// all half the cores (at least one), so that light requests (answers,
// moves, reads) always have the other half: heavy work that holds every
// core lifts every class's answer latency with it. 30 s each, retry
// after 2 s.
func DefaultConfig() Config {
	return Config{PerUser: 1, PerSchool: 2, Total: max(1, runtime.NumCPU()/2), Budget: 30 * time.Second, RetryAfter: 2 * time.Second}
}

func (c Config) withDefaults() Config {
	d := DefaultConfig()
	if c.PerUser <= 0 {
		c.PerUser = d.PerUser
	}
	if c.PerSchool <= 0 {
		c.PerSchool = d.PerSchool
	}
	if c.Total <= 0 {
		c.Total = d.Total
	}
	if c.Budget <= 0 {
		c.Budget = d.Budget
	}
	if c.RetryAfter <= 0 {
		c.RetryAfter = d.RetryAfter
	}
	return c
}

// Busy is the refusal of a request past a limit.
type Busy struct {
	Limit string // LimitPerUser, LimitPerSchool or LimitTotal
	Max   int
	Wait  time.Duration
}

func (b *Busy) Error() string {
	return fmt.Sprintf("too many heavy requests: %s %d", b.Limit, b.Max)
}

// Code is the problem code of the refusal.
func (b *Busy) Code() string { return "too_many_heavy_requests" }

// RetryAfter is the wait the refusal asks for.
func (b *Busy) RetryAfter() time.Duration { return b.Wait }

// Guard counts the heavy requests running. Its zero value is not usable;
// use New.
type Guard struct {
	cfg      Config
	mu       sync.Mutex
	total    int
	bySchool map[string]int
	byUser   map[string]int
}

// New returns a guard with cfg's limits (defaults for zero fields).
func New(cfg Config) *Guard {
	return &Guard{cfg: cfg.withDefaults(), bySchool: map[string]int{}, byUser: map[string]int{}}
}

// Config returns the limits in force.
func (g *Guard) Config() Config { return g.cfg }

// Enter admits one heavy request of user in school, or refuses it with
// *Busy naming the first limit it meets (the caller's, the school's, the
// total). Admitted, it returns ctx with the budget's deadline and the
// release the caller must call once when the work ends.
func (g *Guard) Enter(ctx context.Context, school, user string) (context.Context, func(), error) {
	g.mu.Lock()
	switch {
	case g.byUser[user] >= g.cfg.PerUser:
		g.mu.Unlock()
		return ctx, nil, &Busy{Limit: LimitPerUser, Max: g.cfg.PerUser, Wait: g.cfg.RetryAfter}
	case g.bySchool[school] >= g.cfg.PerSchool:
		g.mu.Unlock()
		return ctx, nil, &Busy{Limit: LimitPerSchool, Max: g.cfg.PerSchool, Wait: g.cfg.RetryAfter}
	case g.total >= g.cfg.Total:
		g.mu.Unlock()
		return ctx, nil, &Busy{Limit: LimitTotal, Max: g.cfg.Total, Wait: g.cfg.RetryAfter}
	}
	g.byUser[user]++
	g.bySchool[school]++
	g.total++
	g.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, g.cfg.Budget)
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			cancel()
			g.mu.Lock()
			g.total--
			if g.bySchool[school]--; g.bySchool[school] <= 0 {
				delete(g.bySchool, school)
			}
			if g.byUser[user]--; g.byUser[user] <= 0 {
				delete(g.byUser, user)
			}
			g.mu.Unlock()
		})
	}, nil
}

// Running is how many heavy requests of school, and of all schools, run
// now.
func (g *Guard) Running(school string) (int, int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.bySchool[school], g.total
}
