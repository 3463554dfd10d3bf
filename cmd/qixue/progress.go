package main

import (
	"context"
	"log/slog"
	"time"

	"qixue/progress"
)

// raterInterval is how often serve rates pending first attempts.
const raterInterval = 30 * time.Second

// startRater rates pending first attempts every interval until stop is
// called; stop waits for a running pass to end.
func startRater(ctx context.Context, svc *progress.Service, every time.Duration, logger *slog.Logger) (stop func()) {
	rctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-rctx.Done():
				return
			case <-t.C:
			}
			if n, err := svc.RateAll(rctx); err != nil && rctx.Err() == nil {
				logger.Error("progress: rate pending attempts", "error", err.Error())
			} else if n > 0 {
				logger.Info("progress: rated first attempts", "count", n)
			}
		}
	}()
	return func() {
		cancel()
		<-done
	}
}
