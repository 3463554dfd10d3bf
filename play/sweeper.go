package play

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"qixue/domain"
	"qixue/rules/game"
)

// Flags fall on the server: each replica runs a Sweeper, which reads the
// playing games whose deadline has passed from the database and ends each
// in its own transaction. Two replicas may pick the same game: the
// game's row is locked for the change and the second finds it finished
// (or its deadline moved by a move that came first), so a game ends once.

// flag ends the game of t by time at t.now: the game's limit scores it
// (number chess: as at a stop call, penalties counted; other games: a
// draw), a player's time or move time makes the opponent the winner.
func (s *Service) flag(t *turn) {
	g := t.g
	_, limit := g.flagDown(t.now)
	actor := g.actor()
	if g.Clock.Initial > 0 && !limit {
		g.Left[actor] = 0
	}
	var o game.Outcome
	switch {
	case limit:
		o = s.scoreAtLimit(t)
	default:
		o = game.Outcome{Result: game.Win(sideOf(g, actor).Opponent()), Rule: game.Flag}
	}
	if err := t.eg.End(o); err != nil && !t.eg.Outcome().Over() {
		o = t.eg.Outcome()
	}
	s.finish(g, o, domain.Text{})
	t.kind = "end"
	t.seat = -1
}

// scoreAtLimit judges a game whose time limit ended it: number chess as
// at a stop call (限时终局, 得分高者为胜); other games are drawn.
func (s *Service) scoreAtLimit(t *turn) game.Outcome {
	if o, ok := judgeAtLimit(t.eg); ok {
		return o
	}
	return game.Outcome{Result: game.Drawn, Rule: game.Flag}
}

// Flag ends game id if its flag has fallen at the server's now; a game
// whose deadline has not passed (a move came first) or that is already
// over is left as it is and reported unchanged (false).
func (s *Service) Flag(ctx context.Context, id string) (bool, error) {
	_, err := s.change(ctx, domain.Principal{Role: domain.RolePlatformAdmin}, id, false, func(t *turn) error {
		if fallen, _ := t.g.flagDown(t.now); !fallen {
			return errUnchanged
		}
		s.flag(t)
		return nil
	})
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, errUnchanged), errors.Is(err, ErrFinished), errors.Is(err, ErrNotFound):
		return false, nil
	}
	return false, err
}

// DefaultGap is how old the last heartbeat may grow before the clocks
// are moved on at start.
const DefaultGap = 5 * time.Second

// Heartbeat records that this server runs the clocks now and, when no
// server did for longer than gap, moves the playing games' clocks on by
// the time nobody ran them, which it returns. serve calls it once before
// it takes requests, so that no move is charged with the downtime.
func (s *Service) Heartbeat(ctx context.Context, gap time.Duration) (time.Duration, error) {
	return s.store.Heartbeat(ctx, s.clock(), gap)
}

// Sweeper runs the server's side of the clocks until its context ends:
// heartbeats (so that time nobody ran the clocks is not charged), flags,
// and archiving games whose archiving was cut short.
type Sweeper struct {
	Service *Service
	// Every is the interval between sweeps (50 ms when zero).
	Every time.Duration
	// Gap is how old the last heartbeat of every server may be before
	// the clocks are moved on at start (5 s when zero).
	Gap    time.Duration
	Logger *slog.Logger
}

// Run sweeps until ctx is done.
func (w *Sweeper) Run(ctx context.Context) {
	every, gap := w.Every, w.Gap
	if every <= 0 {
		every = 50 * time.Millisecond
	}
	if gap <= 0 {
		gap = DefaultGap
	}
	log := w.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	var lastBeat, lastArchive, lastComputer time.Time
	for {
		now := w.Service.clock()
		if now.Sub(lastBeat) >= time.Second {
			if shift, err := w.Service.store.Heartbeat(ctx, now, gap); err != nil {
				if ctx.Err() != nil {
					return
				}
				log.Warn("live clocks heartbeat", "error", err.Error())
			} else {
				lastBeat = now
				if shift > 0 {
					log.Info("live clocks moved on after downtime", "downtime_ms", shift.Milliseconds())
				}
			}
		}
		if !lastBeat.IsZero() {
			w.sweep(ctx, now, log)
		}
		if now.Sub(lastComputer) >= time.Second && w.Service.pool != nil {
			lastComputer = now
			if _, err := w.Service.ScheduleComputerTurns(ctx, now.Add(-ComputerStill)); err != nil && ctx.Err() == nil {
				log.Warn("computer turns", "error", err.Error())
			}
		}
		if now.Sub(lastArchive) >= 10*time.Second && w.Service.archive != nil {
			lastArchive = now
			w.Service.ArchivePending(ctx, now.Add(-5*time.Second))
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

func (w *Sweeper) sweep(ctx context.Context, now time.Time, log *slog.Logger) {
	ids, err := w.Service.store.Due(ctx, now, 200)
	if err != nil {
		if ctx.Err() == nil {
			log.Warn("live flags", "error", err.Error())
		}
		return
	}
	for _, id := range ids {
		if _, err := w.Service.Flag(ctx, id); err != nil && ctx.Err() == nil {
			log.Warn("live flag", "game_id", id, "error", err.Error())
		}
	}
}

// ArchivePending archives finished games that ended before before and are
// not in the archive yet (a server stopped between the end and the
// archiving).
func (s *Service) ArchivePending(ctx context.Context, before time.Time) {
	ids, err := s.store.Unarchived(ctx, before, 50)
	if err != nil {
		return
	}
	for _, id := range ids {
		g, err := s.store.Game(ctx, "", id)
		if err == nil {
			s.archiveGame(ctx, g)
		}
	}
}

// archiveGame stores a finished game in the archive and records its
// record's ID.
func (s *Service) archiveGame(ctx context.Context, g *Game) {
	if s.archive == nil || g.ArchiveID != "" || g.Status != Finished || g.End == string(game.Aborted) {
		return
	}
	eg, err := s.engineFor(g)
	if err != nil {
		return
	}
	id, err := s.archive.Archive(ctx, g, eg.Notation())
	if err != nil || id == "" {
		return
	}
	s.store.SetArchived(ctx, g.ID, id)
}
