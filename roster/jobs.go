package roster

import (
	"context"
	"errors"
	"log/slog"
	"qixue/domain"
	"runtime/debug"
	"sort"
	"sync"
	"time"
)

// JobStatus is where an import job is in its life.
type JobStatus string

// Job statuses.
const (
	JobQueued    JobStatus = "queued"
	JobRunning   JobStatus = "running"
	JobSucceeded JobStatus = "succeeded"
	JobFailed    JobStatus = "failed"
)

// Job is an import run in the background. Its upload is kept until the
// job ends.
type Job struct {
	ID string
	// SchoolID is the importing school admin's school ("" for platform
	// admins); it scopes who may read the job.
	SchoolID  string
	CreatedBy string
	Role      domain.Role
	DryRun    bool
	Filename  string
	Size      int64
	Status    JobStatus
	// Stage and Progress (0-100) report a running job.
	Stage    string
	Progress int
	Attempts int
	Summary  Summary
	Warnings []string
	Problems []Problem
	// MoreProblems counts the problems past MaxProblems, not in Problems.
	MoreProblems int
	// ErrorCode is set on failure ("roster_invalid", "roster_not_zip",
	// "internal", "interrupted").
	ErrorCode  string
	CreatedAt  time.Time
	StartedAt  time.Time
	FinishedAt time.Time
	// HeartbeatAt is refreshed while a worker runs the job.
	HeartbeatAt time.Time
}

// JobStore keeps import jobs and their uploads.
type JobStore interface {
	CreateJob(ctx context.Context, j Job, upload []byte) error
	// Job returns a job by ID within the school scope ("" = any);
	// ErrNotFound when missing.
	Job(ctx context.Context, schoolID, id string) (Job, error)
	// Jobs lists jobs newest first within the school scope, up to
	// page.Limit+1 of them, after the page.After cursor (a job ID).
	Jobs(ctx context.Context, schoolID string, page domain.Page) ([]Job, error)
	// ClaimJob marks the oldest queued job running and returns it with
	// its upload; ok is false when none is queued. Concurrent claims never
	// return the same job.
	ClaimJob(ctx context.Context, now time.Time) (j Job, upload []byte, ok bool, err error)
	// Heartbeat records progress of a running job.
	Heartbeat(ctx context.Context, id, stage string, progress int, now time.Time) error
	// FinishJob stores the final state of a job and drops its upload.
	FinishJob(ctx context.Context, j Job) error
	// RequeueStale puts back running jobs whose heartbeat is older than
	// before (their worker died), and returns how many.
	RequeueStale(ctx context.Context, before time.Time) (int, error)
}

// MaxAttempts bounds how often a job is retried after its worker died;
// past it the job fails with ErrorCode "interrupted".
const MaxAttempts = 3

// Submit stores an upload as a queued job for the worker. The zip is
// checked for size and readability now; its content when the job runs.
func (im *Importer) Submit(ctx context.Context, p domain.Principal, filename string, upload []byte, dryRun bool) (Job, error) {
	if err := CanImport(p); err != nil {
		return Job{}, err
	}
	if int64(len(upload)) > im.cfg.Limits.MaxUpload {
		return Job{}, ErrTooLarge
	}
	if err := CheckZip(upload, im.cfg.Limits); err != nil {
		return Job{}, err
	}
	now := im.now()
	j := Job{ID: newID(), SchoolID: p.SchoolID, CreatedBy: p.UserID, Role: p.Role, DryRun: dryRun,
		Filename: filename, Size: int64(len(upload)), Status: JobQueued, Stage: "queued", CreatedAt: now}
	if p.Role == domain.RolePlatformAdmin {
		j.SchoolID = ""
	}
	if err := im.store.CreateJob(ctx, j, upload); err != nil {
		return Job{}, err
	}
	select {
	case im.wake <- struct{}{}:
	default:
	}
	return j, nil
}

// scope returns the school scope of jobs p may see.
func jobScope(p domain.Principal) (string, error) {
	if err := CanImport(p); err != nil {
		return "", err
	}
	if p.Role == domain.RolePlatformAdmin {
		return "", nil
	}
	return p.SchoolID, nil
}

// Job returns an import job the caller may see.
func (im *Importer) Job(ctx context.Context, p domain.Principal, id string) (Job, error) {
	sc, err := jobScope(p)
	if err != nil {
		return Job{}, err
	}
	return im.store.Job(ctx, sc, id)
}

// Jobs lists the caller's visible import jobs, newest first, with the
// cursor of the next page.
func (im *Importer) Jobs(ctx context.Context, p domain.Principal, page domain.Page) ([]Job, string, error) {
	sc, err := jobScope(p)
	if err != nil {
		return nil, "", err
	}
	if page.Limit <= 0 {
		page.Limit = domain.DefaultPageLimit
	}
	page.Limit = min(page.Limit, domain.MaxPageLimit)
	list, err := im.store.Jobs(ctx, sc, page)
	if err != nil {
		return nil, "", err
	}
	if len(list) > page.Limit {
		list = list[:page.Limit]
		return list, list[len(list)-1].ID, nil
	}
	return list, "", nil
}

// Worker runs queued jobs one at a time until its context ends.
type Worker struct {
	im *Importer
	// Poll is how often the queue is checked without a wake-up (default 2s).
	Poll time.Duration
	// StaleAfter is how old a running job's heartbeat must be before it
	// counts as abandoned by a dead worker (default 2 minutes).
	StaleAfter time.Duration
	// GCPercent, when above 0, is the garbage collector's target
	// (debug.SetGCPercent) while a job runs, restored after it. A
	// district's import holds a few hundred MB for some seconds; at Go's
	// default of 100 the heap may grow to twice that before a collection,
	// which is what bounds the process's peak memory.
	GCPercent int
	Logger    *slog.Logger
}

// NewWorker returns a worker for the importer's jobs.
func (im *Importer) NewWorker(logger *slog.Logger) *Worker {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Worker{im: im, Poll: 2 * time.Second, StaleAfter: 2 * time.Minute, Logger: logger}
}

// Recover requeues the jobs left running by a process that died: with
// the import's single transaction they were never half-applied. Call it
// at start-up; Run also calls it now and then.
func (w *Worker) Recover(ctx context.Context, staleAfter time.Duration) (int, error) {
	return w.im.store.RequeueStale(ctx, w.im.now().Add(-staleAfter))
}

// Run processes jobs until ctx is cancelled. A job interrupted by the
// cancellation is rolled back and queued again for the next start.
func (w *Worker) Run(ctx context.Context) {
	last := time.Time{}
	for ctx.Err() == nil {
		if time.Since(last) > w.StaleAfter/2 {
			if n, err := w.Recover(ctx, w.StaleAfter); err != nil && ctx.Err() == nil {
				w.Logger.Error("roster: requeue stale jobs", "error", err.Error())
			} else if n > 0 {
				w.Logger.Info("roster: requeued interrupted jobs", "count", n)
			}
			last = time.Now()
		}
		ran, err := w.RunOne(ctx)
		if err != nil && ctx.Err() == nil {
			w.Logger.Error("roster: job", "error", err.Error())
		}
		if ran {
			continue
		}
		select {
		case <-ctx.Done():
		case <-w.im.wake:
		case <-time.After(w.Poll):
		}
	}
}

// RunOne claims and runs one queued job; ran is false when none was queued.
func (w *Worker) RunOne(ctx context.Context) (ran bool, err error) {
	st := w.im.store
	j, upload, ok, err := st.ClaimJob(ctx, w.im.now())
	if err != nil || !ok {
		return false, err
	}
	if w.GCPercent > 0 {
		defer debug.SetGCPercent(debug.SetGCPercent(w.GCPercent))
	}
	if j.Attempts > MaxAttempts {
		j.Status, j.ErrorCode, j.FinishedAt = JobFailed, "interrupted", w.im.now()
		return true, st.FinishJob(context.WithoutCancel(ctx), j)
	}
	var mu sync.Mutex // guards stage and progress, shared with the ticker
	stage, progress := j.Stage, j.Progress
	beat := func(s string, p int) {
		mu.Lock()
		stage, progress = s, p
		mu.Unlock()
		if err := st.Heartbeat(ctx, j.ID, s, p, w.im.now()); err != nil && ctx.Err() == nil {
			w.Logger.Warn("roster: heartbeat", "job", j.ID, "error", err.Error())
		}
	}
	// Keep the heartbeat fresh while the transaction runs.
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(w.StaleAfter / 4)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				mu.Lock()
				s, p := stage, progress
				mu.Unlock()
				beat(s, p)
			}
		}
	}()
	res, err := w.im.runJob(ctx, j, upload, beat)
	close(done)
	if ctx.Err() != nil {
		// Shutting down: the transaction rolled back; the job stays
		// running with an old heartbeat and is requeued on the next start.
		return true, ctx.Err()
	}
	j.FinishedAt, j.Progress = w.im.now(), 100
	problems, more, invalid := ProblemsOf(err)
	switch {
	case err == nil:
		j.Status, j.Stage, j.Summary, j.Warnings = JobSucceeded, "done", res.Summary, res.Warnings
	case invalid:
		j.Status, j.Stage, j.ErrorCode, j.Problems, j.MoreProblems = JobFailed, "done", ErrInvalid.Code(), problems, more
	case errors.Is(err, ErrTooLarge) || errors.Is(err, ErrNotZip):
		j.Status, j.Stage, j.ErrorCode = JobFailed, "done", domain.CodeOf(err)
	default:
		w.Logger.Error("roster: import failed", "job", j.ID, "error", err.Error())
		j.Status, j.Stage, j.ErrorCode = JobFailed, "done", "internal"
	}
	return true, st.FinishJob(context.WithoutCancel(ctx), j)
}

func (im *Importer) runJob(ctx context.Context, j Job, upload []byte, beat func(string, int)) (Result, error) {
	p := domain.Principal{UserID: j.CreatedBy, SchoolID: j.SchoolID, Role: j.Role}
	beat("reading", 5)
	src, err := ReadZip(upload, im.cfg.Limits)
	if err != nil {
		return Result{}, err
	}
	beat("validating", 15)
	files, parsed := parse(src)
	beat("applying", 40)
	return im.apply(ctx, scopeOf(p), files, parsed, j.DryRun)
}

// sortProblems orders problems by file, line and column.
func sortProblems(ps []Problem) []Problem {
	sort.SliceStable(ps, func(i, k int) bool {
		a, b := ps[i], ps[k]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	return ps
}
