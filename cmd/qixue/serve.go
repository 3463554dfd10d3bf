package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/assignments"
	"qixue/audit"
	"qixue/exercises"
	"qixue/heavy"
	"qixue/identity"
	"qixue/lessons"
	"qixue/models"
	"qixue/progress"
	"qixue/rules/game"
	"qixue/tournaments"
	"qixue/web"
)

// runServe migrates the database, seeds a new embedded database with demo
// data, and serves the API until ctx is cancelled, then drains in-flight
// requests.
func runServe(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("serve takes no arguments; configure it with QIXUE_* variables")
	}
	cfg, err := loadConfig()
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewJSONHandler(stderr, &slog.HandlerOptions{Level: cfg.LogLevel}))
	logger.Info("starting qixue", append([]any{"version", version}, cfg.logAttrs()...)...)

	// Listen before touching the database: with the port taken, serve
	// must fail before it seeds a new database and prints the demo
	// credentials that are shown only once.
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s (QIXUE_ADDR): %w", cfg.Addr, err)
	}
	defer ln.Close()

	db, fresh, practice, err := openLoaded(ctx, cfg)
	if err != nil {
		return err
	}
	defer models.Close(db)
	defer practice.Close() // before the database: the attempt batcher answers what it holds
	if err := models.Fill(ctx, db, min(cfg.DBMaxIdleConns, cfg.DBMaxOpenConns)); err != nil {
		return err
	}
	secret, err := signingSecret(ctx, cfg, db)
	if err != nil {
		return err
	}
	svc, err := newIdentityService(cfg, db, secret)
	if err != nil {
		return err
	}
	if fresh && !models.IsPostgres(cfg.DatabaseURL) {
		if err := seedDemo(ctx, svc, models.NewIdentityStore(db), cfg.DemoPassword, stdout); err != nil {
			return err
		}
	}

	importer := newImporter(cfg, db, svc)
	ratings := models.NewProgressStore(db)
	prog := progress.NewService(ratings, ratings, svc, nil)
	tourneys := tournaments.NewService(models.NewTournamentStore(db), nil)
	archive := api.NewGamesWithin(models.NewGameStore(db), tourneys, cfg.GameLimits)
	reg := game.NewRegistry()
	live, hub, stopLive, err := startLive(ctx, cfg, db, reg, archive, logger)
	if err != nil {
		return err
	}
	defer stopLive()
	liveLessons, stopLessons := startClassroom(ctx, db, practice, hub, logger)
	defer stopLessons()
	e := api.NewServer(api.Deps{
		Identity:        svc,
		Ping:            func(ctx context.Context) error { return models.Ping(ctx, db) },
		Unavailable:     models.IsUnavailable,
		Logger:          logger,
		CORSOrigins:     cfg.CORSOrigins,
		MetricsToken:    cfg.MetricsToken,
		TrustProxy:      cfg.TrustProxy,
		PublicURL:       cmp.Or(cfg.PublicURL, listenURL(ln.Addr())),
		RateLimitWindow: 15 * time.Minute,
		Exercises:       practice,
		Roster:          importer,
		Lessons:         lessons.NewService(models.NewLessonStore(db), nil, lessons.LookupIn(practice)),
		Assignments:     assignments.NewService(models.NewAssignmentStore(db), nil).WithPractice(api.PracticeMaker(practice)),
		Progress:        prog,
		Audit:           audit.NewService(models.NewAuditStore(db), nil),
		Tournaments:     tourneys,
		Games:           archive,
		Rules:           reg,
		Heavy:           heavy.New(cfg.Heavy),
		Live:            live,
		LiveHub:         hub,
		Tablets:         api.TournamentTablets(tourneys),
		Classroom:       liveLessons,
	})
	defer startRosterWorker(ctx, cfg, importer, logger)()
	raterDB, err := openRaterDB(cfg, db)
	if err != nil {
		return err
	}
	defer raterDB.close()
	rater := progress.NewService(models.NewProgressStore(raterDB.db), nil, nil, nil)
	defer startRater(ctx, rater, raterInterval, logger)()
	stopPprof, err := startPprof(cfg.PprofAddr, logger)
	if err != nil {
		return err
	}
	defer stopPprof()
	app, err := web.New()
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           web.Mount(e, app),
		ReadHeaderTimeout: 10 * time.Second,
		MaxHeaderBytes:    api.MaxHeaderBytes,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()
	logger.Info("listening", "addr", ln.Addr().String())

	select {
	case err := <-serveErr:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down", "timeout", cfg.ShutdownTimeout.String())
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-serveErr; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	logger.Info("stopped")
	return nil
}

// openMigrated opens and migrates the configured database and loads the
// built-in puzzle bank and curricula into it. fresh reports whether it had no schema
// before.
func openMigrated(ctx context.Context, cfg config) (db *gorm.DB, fresh bool, err error) {
	db, fresh, _, err = openLoaded(ctx, cfg)
	return db, fresh, err
}

// openLoaded is openMigrated that also returns the exercise service
// holding the bank it loaded.
func openLoaded(ctx context.Context, cfg config) (db *gorm.DB, fresh bool, practice *exercises.Service, err error) {
	db, err = models.OpenPool(cfg.DatabaseURL, cfg.dbPool())
	if err != nil {
		return nil, false, nil, err
	}
	fresh = models.IsNew(db)
	if err := models.Migrate(ctx, db); err != nil {
		models.Close(db)
		return nil, false, nil, err
	}
	practice = exercises.NewService(models.NewExerciseStore(db), nil)
	if _, _, err := practice.LoadBank(ctx); err != nil {
		models.Close(db)
		return nil, false, nil, err
	}
	if _, err := lessons.NewService(models.NewLessonStore(db), nil, nil).LoadBuiltIn(ctx); err != nil {
		models.Close(db)
		return nil, false, nil, err
	}
	return db, fresh, practice, nil
}

// signingSecret returns the access-token secret: QIXUE_JWT_SECRET when
// set (at least 32 bytes), required with PostgreSQL; otherwise, for the
// embedded database, a secret generated on first start and kept in it.
func signingSecret(ctx context.Context, cfg config, db *gorm.DB) ([]byte, error) {
	if cfg.JWTSecret != "" {
		if len(cfg.JWTSecret) < identity.MinSecretLen {
			return nil, fmt.Errorf("QIXUE_JWT_SECRET is %d bytes; use at least %d random bytes (e.g. `openssl rand -base64 48`)", len(cfg.JWTSecret), identity.MinSecretLen)
		}
		return []byte(cfg.JWTSecret), nil
	}
	if models.IsPostgres(cfg.DatabaseURL) {
		return nil, fmt.Errorf("QIXUE_JWT_SECRET is required with PostgreSQL: set it to at least %d random bytes (e.g. `openssl rand -base64 48`), the same on every replica", identity.MinSecretLen)
	}
	s, err := models.Setting(ctx, db, "jwt_secret", identity.NewSecret)
	if err != nil {
		return nil, fmt.Errorf("load signing secret: %w", err)
	}
	return []byte(s), nil
}

func newIdentityService(cfg config, db *gorm.DB, secret []byte) (*identity.Service, error) {
	return identity.NewService(models.NewIdentityStore(db), identity.Config{
		Secret:       secret,
		AccessTTL:    cfg.AccessTTL,
		RefreshTTL:   cfg.RefreshTTL,
		BcryptCost:   cfg.BcryptCost,
		LimitWindow:  cfg.LoginWindow,
		AccountLimit: cfg.LoginAccountLimit,
		AddressLimit: cfg.LoginAddressLimit,
		HashSlots:    identity.NewHashSlots(cfg.HashSlots),
		HashWait:     cfg.HashWait,
		ImportSlots:  cfg.ImportHashSlots,
	})
}
