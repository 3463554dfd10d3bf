package roster

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"qixue/domain"
	"qixue/identity"
)

// Store keeps roster data. Methods other than InTx run inside the
// transaction InTx opens when called on the store InTx passes.
type Store interface {
	// InTx runs f in one transaction on a store bound to it, serialized
	// against other imports; f's error rolls everything back.
	InTx(ctx context.Context, f func(tx Store) error) error
	// School returns a school by ID (domain.ErrNotFound when missing).
	School(ctx context.Context, id string) (identity.School, error)
	// SchoolsBySourcedID returns the schools linked to these org sourcedIds.
	SchoolsBySourcedID(ctx context.Context, ids []string) ([]identity.School, error)
	// State loads every user, class and enrollment of the schools.
	State(ctx context.Context, schoolIDs []string) (State, error)
	// UsersByUsername returns the users, of any school, holding these names.
	UsersByUsername(ctx context.Context, names []string) ([]identity.User, error)
	// LoginCodesTaken reports which of the class login codes exist.
	LoginCodesTaken(ctx context.Context, codes []string) (map[string]bool, error)
	// Apply writes the plan.
	Apply(ctx context.Context, p *Plan) error

	JobStore
}

// Config tunes an Importer. Zero fields take the defaults.
type Config struct {
	Limits Limits
	// HashPassword hashes passwords found in users.csv (default bcrypt at
	// bcrypt.DefaultCost, as identity does).
	HashPassword func(string) (string, error)
	// PasswordMatches compares a stored hash with a password from the file,
	// so an unchanged password is not rehashed (default bcrypt).
	PasswordMatches func(hash, password string) bool
	// Now returns the current time (default time.Now).
	Now func() time.Time
}

// Importer runs roster imports on a Store.
type Importer struct {
	store Store
	cfg   Config
	wake  chan struct{}
}

// NewImporter returns an Importer on store.
func NewImporter(store Store, cfg Config) *Importer {
	cfg.Limits = cfg.Limits.normalized()
	if cfg.HashPassword == nil {
		cfg.HashPassword = func(s string) (string, error) {
			h, err := bcrypt.GenerateFromPassword([]byte(s), bcrypt.DefaultCost)
			return string(h), err
		}
	}
	if cfg.PasswordMatches == nil {
		cfg.PasswordMatches = func(hash, s string) bool {
			return hash != "" && bcrypt.CompareHashAndPassword([]byte(hash), []byte(s)) == nil
		}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Importer{store: store, cfg: cfg, wake: make(chan struct{}, 1)}
}

// Limits returns the upload limits in force.
func (im *Importer) Limits() Limits { return im.cfg.Limits }

func (im *Importer) now() time.Time { return im.cfg.Now().UTC().Truncate(time.Microsecond) }

// CanImport returns ErrForbidden unless p may import rosters: platform
// admins anywhere, school admins into their own school.
func CanImport(p domain.Principal) error {
	switch p.Role {
	case domain.RolePlatformAdmin:
		return nil
	case domain.RoleSchoolAdmin:
		if p.SchoolID != "" {
			return nil
		}
	}
	return ErrForbidden
}

// Result is the outcome of an import: what changed (or would change) and
// the warnings about ignored files and rows.
type Result struct {
	Summary  Summary
	Warnings []string
	DryRun   bool
}

// Import checks the files and, unless dryRun, applies them in one
// transaction as p. Invalid files return an ErrInvalid listing every
// problem (file, line, column, reason) and change nothing.
func (im *Importer) Import(ctx context.Context, p domain.Principal, src Source, dryRun bool) (Result, error) {
	if err := CanImport(p); err != nil {
		return Result{}, err
	}
	files, parsed := parse(src)
	return im.apply(ctx, scopeOf(p), files, parsed, dryRun)
}

// scopeOf is the scope of p's imports: a school admin's own school, or
// any school for a platform admin.
func scopeOf(p domain.Principal) scope {
	if p.Role == domain.RolePlatformAdmin {
		return scope{}
	}
	return scope{school: p.SchoolID}
}

// ImportInto imports the files into one existing school as a platform
// admin: like a school admin's import of that school, except that a
// school not yet linked to an org is linked to the school org of the
// files (a school made in Qixue that starts syncing with its student
// information system). Only platform admins may (ErrForbidden); a missing
// school is domain.ErrNotFound.
func (im *Importer) ImportInto(ctx context.Context, p domain.Principal, schoolID string, src Source, dryRun bool) (Result, error) {
	if p.Role != domain.RolePlatformAdmin {
		return Result{}, ErrForbidden
	}
	if _, err := im.store.School(ctx, schoolID); err != nil {
		return Result{}, err
	}
	files, parsed := parse(src)
	return im.apply(ctx, scope{school: schoolID, link: true}, files, parsed, dryRun)
}

// errDryRun rolls back a dry run's transaction.
var errDryRun = errors.New("dry run")

// apply checks the rows that passed the file checks against the database
// and, when neither stage found a problem and dryRun is false, applies
// them, in one transaction. Problems of both stages are reported together.
func (im *Importer) apply(ctx context.Context, sc scope, files *Files, parsed *parser, dryRun bool) (Result, error) {
	res := Result{Warnings: files.Warnings, DryRun: dryRun}
	err := im.store.InTx(ctx, func(tx Store) error {
		pl := &planner{ctx: ctx, st: tx, files: files, scope: sc, doomed: len(parsed.problems)+parsed.more > 0, hasher: im.cfg.HashPassword,
			matches: im.cfg.PasswordMatches, plan: &Plan{Now: im.now()}}
		if err := pl.build(); err != nil {
			return err
		}
		if err := invalid(append(slices.Clip(parsed.problems), pl.problems...), parsed.more+pl.more); err != nil {
			return err
		}
		res.Summary = pl.plan.Summary
		if dryRun {
			return errDryRun
		}
		return tx.Apply(ctx, pl.plan)
	})
	if errors.Is(err, errDryRun) {
		err = nil
	}
	if err != nil {
		return Result{}, err
	}
	return res, nil
}

type hashJob struct {
	user     *identity.User
	password string
}

// hashAll hashes the passwords on every core: bcrypt is slow on purpose.
func hashAll(jobs []hashJob, hash func(string) (string, error)) error {
	var (
		mu    sync.Mutex
		first error
	)
	parallel(len(jobs), func(i int) {
		h, err := hash(jobs[i].password)
		mu.Lock()
		defer mu.Unlock()
		if err != nil && first == nil {
			first = err
		}
		jobs[i].user.PasswordHash = h
	})
	return first
}

// parallel calls f(0..n-1) on GOMAXPROCS goroutines.
func parallel(n int, f func(i int)) {
	if n == 0 {
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i := range next {
				f(i)
			}
		})
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
