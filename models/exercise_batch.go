package models

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"time"
)

// attemptBatcher groups concurrent attempt inserts on PostgreSQL into one
// multi-row INSERT, and so one commit: under load many students submit at
// once, and a statement and a WAL flush per batch instead of per answer is
// what lets one database keep up. Each request still waits until its row
// is committed. A row the batch skips (its idempotency key was used, or a
// concurrent first attempt won) is reported as not inserted, and the
// caller resolves it alone; so is every row of a batch that failed. Under light load a batch is one row and adds
// no delay: a flusher never waits for more rows.
type attemptBatcher struct {
	db       *sql.DB
	reqs     chan *batchReq
	flushers int
	maxRows  int

	// mu guards started and closed; a request is queued under its read
	// lock, so none is queued once close has set closed.
	mu      sync.RWMutex
	started bool
	closed  bool
	stop    chan struct{} // closed by close: the flushers answer what is queued and end
	wg      sync.WaitGroup
}

type batchReq struct {
	row  attemptRow
	done chan batchResult
}

type batchResult struct {
	inserted, first bool
	hints           int
	err             error
}

func newAttemptBatcher(db *sql.DB) *attemptBatcher {
	return &attemptBatcher{db: db, reqs: make(chan *batchReq, 1024), flushers: 4, maxRows: 64, stop: make(chan struct{})}
}

// start starts the flushers on the first insert.
func (b *attemptBatcher) start() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.started || b.closed {
		return
	}
	b.started = true
	b.wg.Add(b.flushers)
	for range b.flushers {
		go func() {
			defer b.wg.Done()
			b.flush()
		}()
	}
}

// close stops the flushers once they have answered every queued request
// and waits for them. Inserts after it report their row as not inserted,
// so the caller stores it alone.
func (b *attemptBatcher) close() {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return
	}
	b.closed = true
	close(b.stop)
	b.mu.Unlock()
	b.wg.Wait()
}

// enqueue queues req unless the batcher is closed or ctx ends first.
func (b *attemptBatcher) enqueue(ctx context.Context, req *batchReq) (queued bool, err error) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if b.closed {
		return false, nil
	}
	select {
	case b.reqs <- req:
		return true, nil
	case <-ctx.Done():
		return false, ctx.Err()
	}
}

// insert adds r to the next batch and waits for its commit. inserted is
// false when the row conflicted and was not stored.
func (b *attemptBatcher) insert(ctx context.Context, r attemptRow) (inserted, first bool, hints int, err error) {
	b.start()
	req := &batchReq{row: r, done: make(chan batchResult, 1)}
	if queued, err := b.enqueue(ctx, req); !queued {
		return false, false, 0, err
	}
	select {
	case res := <-req.done:
		return res.inserted, res.first, res.hints, res.err
	case <-ctx.Done():
		// The row may still be committed; a retry with the same
		// idempotency key finds it.
		return false, false, 0, ctx.Err()
	}
}

// flush runs batches until the batcher is closed: it takes one request,
// whatever else is already queued (up to maxRows), and inserts them
// together. Once closed it answers what is still queued as not inserted
// (the callers store those rows alone) and returns.
func (b *attemptBatcher) flush() {
	batch := make([]*batchReq, 0, b.maxRows)
	for {
		var req *batchReq
		select {
		case req = <-b.reqs:
		case <-b.stop:
			for {
				select {
				case r := <-b.reqs:
					r.done <- batchResult{}
				default:
					return
				}
			}
		}
		batch = append(batch[:0], req)
	more:
		for len(batch) < b.maxRows {
			select {
			case r := <-b.reqs:
				batch = append(batch, r)
			default:
				break more
			}
		}
		b.run(batch)
	}
}

// batchColumns are the VALUES columns with their PostgreSQL types.
var batchColumns = []struct{ name, typ string }{
	{"id", "text"}, {"school_id", "text"}, {"user_id", "text"}, {"exercise_id", "text"}, {"answer", "text"},
	{"outcome", "text"}, {"score", "float8"}, {"result", "text"}, {"time_ms", "int8"}, {"gave_up", "bool"},
	{"idempotency_key", "text"}, {"request_hash", "text"}, {"created_at", "timestamptz"},
}

// batchSQL returns the INSERT of n rows.
func batchSQL(n int) string {
	var b strings.Builder
	b.WriteString(`INSERT INTO attempts (id, school_id, user_id, exercise_id, answer, outcome, score, result, time_ms, gave_up, first_attempt, hints_used, idempotency_key, request_hash, created_at)
 SELECT v.id, v.school_id, v.user_id, v.exercise_id, v.answer, v.outcome, v.score, v.result, v.time_ms, v.gave_up,
  NOT EXISTS (SELECT 1 FROM attempts a WHERE a.user_id = v.user_id AND a.exercise_id = v.exercise_id AND a.first_attempt),
  (SELECT COUNT(*) FROM hint_uses h WHERE h.user_id = v.user_id AND h.exercise_id = v.exercise_id),
  v.idempotency_key, v.request_hash, v.created_at
 FROM (VALUES `)
	p := 0
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for j, c := range batchColumns {
			if j > 0 {
				b.WriteString(", ")
			}
			p++
			fmt.Fprintf(&b, "$%d::%s", p, c.typ)
		}
		b.WriteByte(')')
	}
	b.WriteString(") AS v(")
	for j, c := range batchColumns {
		if j > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.name)
	}
	b.WriteString(") ON CONFLICT DO NOTHING RETURNING id, first_attempt, hints_used")
	return b.String()
}

// run inserts one batch and answers each request.
func (b *attemptBatcher) run(batch []*batchReq) {
	args := make([]any, 0, len(batch)*len(batchColumns))
	for _, req := range batch {
		r := req.row
		args = append(args, r.ID, r.SchoolID, r.UserID, r.ExerciseID, r.Answer, r.Outcome, r.Score, r.Result,
			r.TimeMS, r.GaveUp, r.IdempotencyKey, r.RequestHash, r.CreatedAt)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	type got struct {
		first bool
		hints int
	}
	inserted := make(map[string]got, len(batch))
	err := func() error {
		rows, err := b.db.QueryContext(ctx, batchSQL(len(batch)), args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			var g got
			if err := rows.Scan(&id, &g.first, &g.hints); err != nil {
				return err
			}
			inserted[id] = g
		}
		return rows.Err()
	}()
	for _, req := range batch {
		if err != nil {
			// Nothing of the batch was stored: each request inserts
			// alone, so that one bad row fails only its own request.
			req.done <- batchResult{}
			continue
		}
		g, ok := inserted[req.row.ID]
		req.done <- batchResult{inserted: ok, first: g.first, hints: g.hints}
	}
}
