package main

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/classroom"
	"qixue/exercises"
	"qixue/games"
	"qixue/models"
	"qixue/play"
	allplayers "qixue/players/all"
	"qixue/realtime"
	"qixue/rules/game"
)

// startLive builds the live-game service and starts what runs beside the
// requests: the flag sweeper (heartbeats, flags, archiving) and, on
// PostgreSQL, the LISTEN that carries every replica's changes to this
// process's sockets. The returned stop ends both and waits for them.
func startLive(ctx context.Context, cfg config, db *gorm.DB, reg *game.Registry, archive *games.Service, logger *slog.Logger) (*play.Service, *realtime.Hub, func(), error) {
	hub := realtime.NewHub()
	store := models.NewLiveStore(db)
	sides := func(name string, side int, lang string) string {
		r, err := reg.Lookup(name)
		if err != nil {
			return ""
		}
		return r.SideName(game.Side(side), lang)
	}
	svc := play.NewService(store, store, reg, play.Config{
		Archive: api.LiveArchive(archive, reg),
		Encode:  api.EncodeLiveEvent(sides),
		Deliver: hub.Publish,
		// The computer opponent: at most half the CPUs search at once.
		Computer: api.LiveComputer(allplayers.Registry()),
		Logger:   logger,
	})
	if shift, err := svc.Heartbeat(ctx, play.DefaultGap); err != nil {
		return nil, nil, nil, err
	} else if shift > 0 {
		logger.Info("live clocks moved on after downtime", "downtime_ms", shift.Milliseconds())
	}
	lctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	var wg sync.WaitGroup
	if models.IsPostgres(cfg.DatabaseURL) {
		ready := make(chan struct{})
		wg.Add(1)
		go func() {
			defer wg.Done()
			realtime.ListenPostgres(lctx, cfg.DatabaseURL, models.LiveChannel, hub, logger, ready)
		}()
		select {
		case <-ready:
		case <-time.After(10 * time.Second):
			logger.Warn("live fan-out: LISTEN not ready after 10 s; going on")
		case <-ctx.Done():
		}
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		(&play.Sweeper{Service: svc, Logger: logger}).Run(lctx)
	}()
	return svc, hub, func() { cancel(); wg.Wait(); svc.Close() }, nil
}

// startClassroom builds the live-lesson service and starts its sweeper
// (it closes the items whose time ran out): its answers are checked and
// recorded by practice, its events reach every replica's sockets on the
// live channel (PostgreSQL) or this process's hub (SQLite). The returned
// stop ends the sweeper and waits for it.
func startClassroom(ctx context.Context, db *gorm.DB, practice *exercises.Service, hub *realtime.Hub, logger *slog.Logger) (*classroom.Service, func()) {
	store := models.NewClassroomStore(db)
	svc := classroom.NewService(store, practice, classroom.Config{Announce: api.LessonAnnouncer(hub, store, nil)})
	sctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		(&classroom.Sweeper{Service: svc, Logger: logger}).Run(sctx)
	}()
	return svc, func() { cancel(); <-done }
}
