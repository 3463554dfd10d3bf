package realtime

import (
	"context"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// ListenPostgres follows the NOTIFY channel of a PostgreSQL database and
// publishes every notice on hub, until ctx ends. It holds one connection
// of its own; when the connection breaks it connects again (backing off
// up to 5 s) and sends Resync to every subscriber, since notices of the
// gap are lost. ready, when not nil, is closed once the first LISTEN is
// in place.
func ListenPostgres(ctx context.Context, url, channel string, hub *Hub, log *slog.Logger, ready chan<- struct{}) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	wait := 100 * time.Millisecond
	first := true
	for ctx.Err() == nil {
		err := listen(ctx, url, channel, hub, func() {
			if first && ready != nil {
				close(ready)
			}
			if !first {
				hub.ResyncAll()
			}
			first = false
			wait = 100 * time.Millisecond
		})
		if ctx.Err() != nil {
			return
		}
		log.Warn("live fan-out: listener lost its connection", "error", err.Error(), "retry_in_ms", wait.Milliseconds())
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(wait*2, 5*time.Second)
	}
}

func listen(ctx context.Context, url, channel string, hub *Hub, listening func()) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{channel}.Sanitize()); err != nil {
		return err
	}
	listening()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		hub.Publish([]byte(n.Payload))
	}
}
