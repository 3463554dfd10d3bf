package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"time"

	"gorm.io/gorm"

	"qixue/models"
	"qixue/progress"
)

// raterInterval is how often serve rates pending first attempts.
const raterInterval = 30 * time.Second

// raterConns is the size of the rating pass's own PostgreSQL pool.
const raterConns = 1

// raterStore is the database of the periodic rating pass.
type raterStore struct {
	db    *gorm.DB
	close func()
}

// openRaterDB returns the database the periodic rating pass uses: on
// PostgreSQL a pool of its own (raterConns connections), so the pass never
// takes a connection that requests wait for; on the embedded database the
// server's own, whose one writer the pass shares in short transactions
// (a second writer would only meet SQLITE_BUSY).
func openRaterDB(cfg config, db *gorm.DB) (raterStore, error) {
	if !models.IsPostgres(cfg.DatabaseURL) {
		return raterStore{db: db, close: func() {}}, nil
	}
	own, err := models.OpenPool(withAppName(cfg.DatabaseURL, "qixue-rater"), models.Pool{MaxOpenConns: raterConns, MaxIdleConns: raterConns})
	if err != nil {
		return raterStore{}, fmt.Errorf("rating pass: %w", err)
	}
	return raterStore{db: own, close: func() { models.Close(own) }}, nil
}

// withAppName sets the application_name of a PostgreSQL URL that has
// none, so that pg_stat_activity tells the rating pass's connection from
// the requests' ones.
func withAppName(dbURL, name string) string {
	u, err := url.Parse(dbURL)
	if err != nil {
		return dbURL
	}
	q := u.Query()
	if q.Get("application_name") != "" {
		return dbURL
	}
	q.Set("application_name", name)
	u.RawQuery = q.Encode()
	return u.String()
}

// startRater rates pending first attempts every interval until stop is
// called; stop waits for a running pass to end.
func startRater(ctx context.Context, svc *progress.Service, every time.Duration, logger *slog.Logger) (stop func()) {
	rctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		svc.RateEvery(rctx, every, func(n int, took time.Duration, err error) {
			if err != nil {
				logger.Error("progress: rate pending attempts", "error", err.Error(), "took_ms", took.Milliseconds())
			} else if n > 0 {
				logger.Info("progress: rated first attempts", "count", n, "took_ms", took.Milliseconds())
			}
		})
	}()
	return func() {
		cancel()
		<-done
	}
}

// runRatings runs "ratings rebuild": recompute every puzzle rating and the
// rating history from the attempts, in the order they were first rated,
// then rate the pending ones. Safe while serve runs (it takes the rating
// lock).
func runRatings(ctx context.Context, args []string, _ io.Reader, stdout, _ io.Writer) error {
	if len(args) != 1 || args[0] != "rebuild" {
		return fmt.Errorf("usage: ratings rebuild")
	}
	cfg, err := loadConfig()
	if err != nil {
		return err
	}
	db, _, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer models.Close(db)
	n, err := models.NewProgressStore(db).Rebuild(ctx, time.Now().UTC())
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "rated %d first attempts\n", n)
	return nil
}
