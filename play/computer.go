package play

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"qixue/domain"
	"qixue/rules/game"
)

// The computer as a player: a seat whose Player.Computer is a level plays
// through Config.Computer. After every change that leaves the computer to
// move, the service schedules its turn in a bounded pool (pool.go); the
// worker thinks outside any transaction and plays the move it chose
// through the same change as a person's move, at the version it read, so
// clocks, endings, the archive and the sockets treat it as any move. The
// sweeper schedules again the turns a stopped process lost.

// Computer is what plays the computer's seats: the games' computer
// players, wired where the program is (play does not know them).
type Computer interface {
	// Levels returns the levels of the computer player of a game, weakest
	// first (level n is Levels[n-1]), each named for children; none when
	// the game has no computer player.
	Levels(name string) []domain.Text
	// Think chooses the move of the turn's level for the side to move in
	// eg's position (eg holds the start and the moves played: the
	// history). It stops when ctx is done and answers with the best move
	// found.
	Think(ctx context.Context, eg *game.Game, turn ComputerTurn) (Thought, error)
}

// ComputerTurn is what the computer is asked on its turn.
type ComputerTurn struct {
	Level int
	Seed  uint64
	// Offered are Black's fifth-move points of a renju game (五手两打),
	// for the computer as White to keep one.
	Offered []string
	// DrawOffered: the opponent offers a draw, which the computer may
	// accept instead of moving.
	DrawOffered bool
}

// Thought is the computer's choice: a move in the game's notation
// ("swap" for the renju swap after move 3, the offered points "j10,k11"
// for Black's fifth-move offer, the kept point when choosing among
// offers), or a claim instead of a move (number chess's "stop", 叫停;
// "forbidden_move", White pointing out Black's forbidden stone;
// "agreement", accepting the opponent's draw offer).
type Thought struct {
	Move  string
	Claim string
}

// NewComputerGame is a game a player starts against the computer.
type NewComputerGame struct {
	Game, Ruleset string
	// Level is the computer's level, 1..len(Computer.Levels(Game)).
	Level int
	// Seat is the seat the caller plays: 0 moves first, 1 second, -1 (or
	// any other value) chosen at random.
	Seat  Seat
	Clock *Clock
	Mode  Mode
}

// ComputerName returns the computer's names at a level in both languages.
func ComputerName(level int, name domain.Text) domain.Text {
	t := domain.Text{ZH: fmt.Sprintf("电脑 第%d级", level), EN: fmt.Sprintf("Computer level %d", level)}
	if name.ZH != "" {
		t.ZH += "（" + name.ZH + "）"
	}
	if name.EN != "" {
		t.EN += " (" + name.EN + ")"
	}
	return t
}

// Levels returns the computer's levels of game name (none without a
// computer player).
func (s *Service) Levels(name string) []domain.Text {
	if s.computer == nil {
		return nil
	}
	return s.computer.Levels(strings.ToLower(strings.TrimSpace(name)))
}

// CreateComputer starts a game of the caller (a student or a teacher)
// against the computer at in.Level, in the caller's school. Errors:
// ErrValidation naming the field (game: no such game or no computer
// player for it; level out of range; seat; ruleset, clock, mode).
func (s *Service) CreateComputer(ctx context.Context, p domain.Principal, in NewComputerGame) (*Game, error) {
	if p.Role == domain.RolePlatformAdmin || p.SchoolID == "" {
		return nil, ErrForbidden
	}
	rules, err := s.reg.Lookup(in.Game)
	if err != nil {
		return nil, invalid("game", "invalid")
	}
	levels := s.Levels(string(rules.Name()))
	if len(levels) == 0 {
		return nil, invalid("game", "no_computer_player")
	}
	if in.Level < 1 || in.Level > len(levels) {
		return nil, invalid("level", "out_of_range")
	}
	me, err := s.dir.Member(ctx, p.SchoolID, p.UserID)
	if err != nil {
		return nil, err
	}
	if err := s.computerGamesFull(ctx, p.SchoolID, p.UserID); err != nil {
		return nil, err
	}
	person := Player{UserID: me.UserID, Name: me.Name, Shown: me.Shown, Teacher: !me.Student}
	if me.Student && len(me.Classes) > 0 {
		person.ClassID = me.Classes[0]
	}
	names := ComputerName(in.Level, levels[in.Level-1])
	computer := Player{Name: names.ZH, Shown: names.EN, Computer: in.Level}
	seat := in.Seat
	if seat != 0 && seat != 1 {
		seat = Seat(rand.IntN(2))
	}
	var seats [2]Player
	seats[seat], seats[seat.Other()] = person, computer
	g, err := s.build(p, in.Game, in.Ruleset, in.Clock, in.Mode, seats)
	if err != nil {
		return nil, err
	}
	g.Event = "电脑对局 · Game against the computer"
	if err := s.store.Create(ctx, g); err != nil {
		return nil, err
	}
	s.announce(Event{Kind: "created", Game: g, Seat: -1, At: g.CreatedAt}, true)
	s.scheduleComputer(g)
	return g, nil
}

// ComputerToMove reports whether the game is playing and the seat to move
// is the computer's.
func (g *Game) ComputerToMove() bool {
	return g.Status == Playing && g.Players[g.actor()].Computer > 0
}

// scheduleComputer queues the computer's turn when g leaves it to move.
func (s *Service) scheduleComputer(g *Game) {
	if s.pool != nil && g.ComputerToMove() {
		s.pool.schedule(g.ID)
	}
}

// seedOf is the computer's seed for a game: from its ID, so that a game
// replayed plays the same.
func seedOf(id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64()
}

// ThinkBudget is the time the computer may think at level of n: up to
// the middle level 200 ms, then more up to 1 s at the top.
func ThinkBudget(level, n int) time.Duration {
	mid := (n + 1) / 2
	if level <= mid || n <= mid {
		return 200 * time.Millisecond
	}
	return 200*time.Millisecond + time.Duration(level-mid)*800*time.Millisecond/time.Duration(n-mid)
}

// playComputer plays the computer's turn of game id: it reads the game,
// thinks if the computer is to move, and plays the move at the version it
// read. It reports whether the game changed meanwhile (the move was not
// played: another look is due).
func (s *Service) playComputer(ctx context.Context, id string) (stale bool, err error) {
	g, err := s.store.Game(ctx, "", id)
	if err != nil || !g.ComputerToMove() {
		return false, err
	}
	seat := g.actor()
	level := g.Players[seat].Computer
	eg, err := s.engineFor(g)
	if err != nil {
		return false, err
	}
	n := len(s.computer.Levels(g.Game))
	tctx, cancel := context.WithTimeout(ctx, ThinkBudget(level, n))
	ct := ComputerTurn{Level: level, Seed: seedOf(g.ID), Offered: slices.Clone(g.Offered), DrawOffered: g.DrawOffer == seat.Other()}
	th, err := s.computer.Think(tctx, eg, ct)
	cancel()
	if err != nil {
		return false, err
	}
	version := g.Version
	_, err = s.change(ctx, domain.Principal{Role: domain.RolePlatformAdmin}, id, false, func(t *turn) error {
		if t.g.Version != version {
			return ErrStalePly.with("ply", "stale")
		}
		if fallen, _ := t.g.flagDown(t.now); fallen {
			s.flag(t)
			return nil
		}
		t.seat = seat
		if th.Claim == string(game.Agreement) && t.g.DrawOffer == seat.Other() {
			return s.agree(t)
		}
		// The computer plays on: a draw offer of its opponent is declined
		// by its move.
		if t.g.DrawOffer == seat.Other() {
			t.g.DrawOffer = -1
		}
		switch {
		case th.Claim != "":
			return s.claim(t, th.Claim, "")
		case len(t.g.Offered) > 0:
			return s.choose(t, th.Move)
		case th.Move == "swap":
			return s.swap(t)
		}
		if pts, ok := isOffer(th.Move); ok && len(t.g.Moves) == 4 {
			return s.offer(t, pts)
		}
		return s.play(t, th.Move)
	})
	if errors.Is(err, ErrStalePly) || errors.Is(err, ErrConflict) {
		return true, nil
	}
	return false, err
}

// ScheduleComputerTurns schedules the computer's turns of the playing
// games where the computer is to move and its turn began before before
// (a process stopped while it thought: a turn takes at most a second). It
// returns how many it queued.
func (s *Service) ScheduleComputerTurns(ctx context.Context, before time.Time) (int, error) {
	if s.pool == nil {
		return 0, nil
	}
	ids, err := s.store.ComputerDue(ctx, before, 100)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		if s.pool.schedule(id) {
			n++
		}
	}
	return n, nil
}

// Close stops the computer's pool and waits for its searches to end.
func (s *Service) Close() {
	if s.pool != nil {
		s.pool.close()
	}
}
