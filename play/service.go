package play

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"qixue/domain"
	"slices"
	"strings"
	"time"

	"qixue/rules/game"
)

// Service runs live games: it creates them (a teacher for chosen pairs, a
// simul, a tournament round on tablets, a student's accepted challenge),
// referees every move through the engines, holds the clocks, and ends
// games by the rules, by agreement, resignation, a claim or a flag. Every
// change is one transaction of the store; after it the change is
// announced to the game's sockets (Config.Deliver, or the store's notices
// on PostgreSQL).
type Service struct {
	store    Store
	dir      Directory
	reg      *game.Registry
	now      func() time.Time
	archive  Archive
	encode   func(Event) []byte
	deliver  func([]byte)
	cache    engines
	penalty  int
	firstMax int
	computer Computer
	pool     *pool
}

// Config holds what a Service needs beside its store.
type Config struct {
	// Now is the server's clock (time.Now when nil); it is read once per
	// change and handed to the rules as a value.
	Now func() time.Time
	// Archive stores finished games in the game archive (nil: none).
	Archive Archive
	// Encode turns a change into the notice every socket of the game
	// receives (nil: no notices).
	Encode func(Event) []byte
	// Deliver hands a notice to this process's sockets; it is called after
	// the commit when the store does not broadcast (SQLite).
	Deliver func([]byte)
	// PenaltyPoints is what a number-chess penalty costs by default: the
	// seed says 扣规定分 (the set points) without a figure; 10 when zero.
	PenaltyPoints int
	// Computer plays the seats of the computer (nil: games against the
	// computer cannot be made, and nobody plays their computer's turns).
	Computer Computer
	// ComputerSearches bounds the computer's searches running at once in
	// this process (PoolSize when zero).
	ComputerSearches int
	// Logger logs what goes wrong outside requests (a computer move).
	Logger *slog.Logger
}

// DefaultPenaltyPoints is the default cost of a number-chess penalty.
const DefaultPenaltyPoints = 10

// NewService returns a Service on store; dir says who users are and reg
// holds the engines.
func NewService(store Store, dir Directory, reg *game.Registry, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.PenaltyPoints <= 0 {
		cfg.PenaltyPoints = DefaultPenaltyPoints
	}
	s := &Service{store: store, dir: dir, reg: reg, now: cfg.Now, archive: cfg.Archive,
		encode: cfg.Encode, deliver: cfg.Deliver, penalty: cfg.PenaltyPoints, computer: cfg.Computer}
	if cfg.Computer != nil {
		s.pool = newPool(s.playComputer, cfg.ComputerSearches, 0, cfg.Logger)
	}
	return s
}

// Event is one change of a game, announced to its sockets.
type Event struct {
	// Kind says what happened: "created", "move", "penalty", "draw_offer",
	// "draw_declined", "swap", "offer", "takeback", "end".
	Kind string
	Game *Game
	// Seat is who acted (-1: the server, a flag).
	Seat Seat
	// At is the server's time of the change.
	At time.Time
}

func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// NewGame is a game to start.
type NewGame struct {
	Game, Ruleset string
	// Players are the user IDs: the first moves first.
	Players [2]string
	// Clock is the time control (zero: the game's default, see
	// DefaultClock; Untimed for none).
	Clock   *Clock
	Mode    Mode
	Event   string
	Round   string
	Start   string
	Takebck bool
	// Penalty is the number-chess penalty (0: the service's default).
	Penalty    int
	Tournament *Board
}

// DefaultClock returns the time control a game gets when none is given:
// the seed's 30 s a move and 20 min a game for number chess; no clock for
// the others (a class decides).
func DefaultClock(name string) Clock {
	if name == string(game.NumChess) {
		return Clock{PerMove: 30 * time.Second, GameLimit: 20 * time.Minute}
	}
	return Clock{}
}

// MaxClock bounds every time of a clock.
const MaxClock = 24 * time.Hour

// Create starts a live game for two players chosen by a teacher (or a
// school admin): two students of one of the teacher's classes, students of
// two classes of the school the teacher teaches (a teacher bringing them
// together), or the teacher and a student (one board of a simul). The
// caller's school holds the game. Errors: ErrForbidden for a student,
// ErrValidation naming the field (game, ruleset, players, clock, mode).
func (s *Service) Create(ctx context.Context, p domain.Principal, in NewGame) (*Game, error) {
	if p.Role == domain.RoleStudent {
		return nil, ErrForbidden
	}
	g, err := s.prepare(ctx, p, in)
	if err != nil {
		return nil, err
	}
	if err := s.store.Create(ctx, g); err != nil {
		return nil, err
	}
	s.announce(Event{Kind: "created", Game: g, Seat: -1, At: g.CreatedAt}, true)
	return g, nil
}

// CreateMany starts several games at once (a teacher's pairs, a simul, a
// tournament round on tablets): all of them, or none when one is refused
// (the error names it by index: players[i] of games[n]).
func (s *Service) CreateMany(ctx context.Context, p domain.Principal, ins []NewGame) ([]*Game, error) {
	if p.Role == domain.RoleStudent {
		return nil, ErrForbidden
	}
	out := make([]*Game, 0, len(ins))
	for i, in := range ins {
		g, err := s.prepare(ctx, p, in)
		if err != nil {
			var pe *Error
			if errors.As(err, &pe) && len(pe.fields) > 0 {
				e := *pe
				e.fields = nil
				for _, f := range pe.fields {
					e.fields = append(e.fields, FieldError{Field: fmt.Sprintf("games[%d].%s", i, f.Field), Code: f.Code})
				}
				return nil, &e
			}
			return nil, err
		}
		out = append(out, g)
	}
	if err := s.store.Create(ctx, out...); err != nil {
		return nil, err
	}
	for _, g := range out {
		s.announce(Event{Kind: "created", Game: g, Seat: -1, At: g.CreatedAt}, true)
	}
	return out, nil
}

// Member returns the caller as the directory knows it (its classes).
func (s *Service) Member(ctx context.Context, p domain.Principal) (Member, error) {
	return s.dir.Member(ctx, p.SchoolID, p.UserID)
}

// prepare checks a new game and builds it, not yet stored.
func (s *Service) prepare(ctx context.Context, p domain.Principal, in NewGame) (*Game, error) {
	if len(in.Start) > 400 {
		return nil, invalid("start", "too_long")
	}
	if len(in.Event) > 200 {
		return nil, invalid("event", "too_long")
	}
	if len(in.Round) > 20 {
		return nil, invalid("round", "too_long")
	}
	if in.Penalty < 0 || in.Penalty > 1000 {
		return nil, invalid("penalty_points", "out_of_range")
	}
	if in.Players[0] == "" || in.Players[1] == "" || in.Players[0] == in.Players[1] {
		return nil, invalid("players", "invalid")
	}
	var seats [2]Player
	var members [2]Member
	for i, id := range in.Players {
		m, err := s.dir.Member(ctx, scope(p), id)
		if errors.Is(err, ErrNotFound) {
			return nil, invalid(fmt.Sprintf("players[%d]", i), "not_found")
		}
		if err != nil {
			return nil, err
		}
		members[i] = m
		seats[i] = Player{UserID: m.UserID, Name: m.Name, Shown: m.Shown, Teacher: !m.Student}
	}
	if err := s.mayPair(ctx, p, members, &seats); err != nil {
		return nil, err
	}
	g, err := s.build(p, in.Game, in.Ruleset, in.Clock, in.Mode, seats)
	if err != nil {
		return nil, err
	}
	if in.Start != "" {
		rules, _ := s.reg.Lookup(g.Game)
		if _, err := rules.Parse(g.Ruleset, in.Start); err != nil {
			return nil, invalid("start", "invalid")
		}
	}
	g.SchoolID = members[0].SchoolID
	g.Start, g.Event, g.Round, g.Tournament = in.Start, in.Event, in.Round, in.Tournament
	g.Takebacks = in.Takebck && g.Mode == Practice
	if in.Penalty > 0 {
		g.PenaltyPoints = in.Penalty
	}
	return g, nil
}

// build checks a game's settings (game, ruleset, clock, mode) and returns
// the new game between seats, its clocks started, not yet stored.
func (s *Service) build(p domain.Principal, name, ruleset string, clock *Clock, mode Mode, seats [2]Player) (*Game, error) {
	rules, err := s.reg.Lookup(name)
	if err != nil {
		return nil, invalid("game", "invalid")
	}
	variant := strings.TrimSpace(ruleset)
	if variant == "" {
		variant = rules.Variants()[0]
	}
	ok := false
	for _, v := range rules.Variants() {
		if strings.EqualFold(v, variant) {
			variant, ok = v, true
		}
	}
	if !ok {
		return nil, invalid("ruleset", "invalid")
	}
	switch mode {
	case "":
		mode = Competition
	case Competition, Practice:
	default:
		return nil, invalid("mode", "invalid")
	}
	clk := DefaultClock(string(rules.Name()))
	if clock != nil {
		clk = *clock
	}
	for _, d := range []time.Duration{clk.Initial, clk.Increment, clk.PerMove, clk.GameLimit} {
		if d < 0 || d > MaxClock {
			return nil, invalid("clock", "out_of_range")
		}
	}
	if clk.Increment > 0 && clk.Initial == 0 {
		return nil, invalid("clock", "increment_without_time")
	}
	now := s.clock()
	g := &Game{
		ID: newID(now), SchoolID: p.SchoolID, Game: string(rules.Name()), Ruleset: variant,
		Mode: mode, PenaltyPoints: s.penalty, Players: seats, CreatedBy: p.UserID,
		Status: Playing, Clock: clk, DrawOffer: -1, Takeback: -1, Version: 1, CreatedAt: now, UpdatedAt: now,
	}
	g.startClocks(now)
	return g, nil
}

// mayPair checks who plays whom: both players of the school; at most one
// staff member, and then the caller itself (teacher against student, a
// simul board); each student in a class the caller teaches (any class of
// the school for a school admin). A student's class is the one the caller
// teaches, the first otherwise.
func (s *Service) mayPair(ctx context.Context, p domain.Principal, m [2]Member, seats *[2]Player) error {
	var taught []string
	if p.Role == domain.RoleTeacher {
		me, err := s.dir.Member(ctx, p.SchoolID, p.UserID)
		if err != nil {
			return err
		}
		taught = me.Classes
	}
	staff := 0
	for i, x := range m {
		if p.Role != domain.RolePlatformAdmin && x.SchoolID != p.SchoolID || m[0].SchoolID != m[1].SchoolID {
			return invalid(fmt.Sprintf("players[%d]", i), "not_found")
		}
		if !x.Student {
			staff++
			if x.UserID != p.UserID {
				return invalid(fmt.Sprintf("players[%d]", i), "not_a_student")
			}
			continue
		}
		class := ""
		for _, c := range x.Classes {
			if p.Role != domain.RoleTeacher || slices.Contains(taught, c) {
				class = c
				break
			}
		}
		if class == "" {
			return invalid(fmt.Sprintf("players[%d]", i), "not_your_student")
		}
		seats[i].ClassID = class
	}
	if staff > 1 {
		return invalid("players", "two_teachers")
	}
	return nil
}

// Get returns a game the caller may see: its players, the staff of its
// school, and the classmates of its student players (watching).
func (s *Service) Get(ctx context.Context, p domain.Principal, id string) (*Game, error) {
	g, err := s.store.Game(ctx, scope(p), id)
	if err != nil {
		return nil, err
	}
	if err := s.maySee(ctx, p, g); err != nil {
		return nil, err
	}
	return g, nil
}

// maySee refuses a student who neither plays the game nor shares a class
// with one of its players.
func (s *Service) maySee(ctx context.Context, p domain.Principal, g *Game) error {
	if p.Role != domain.RoleStudent {
		return nil
	}
	if _, ok := g.SeatOf(p.UserID); ok {
		return nil
	}
	me, err := s.dir.Member(ctx, p.SchoolID, p.UserID)
	if err != nil {
		return ErrNotFound
	}
	for _, pl := range g.Players {
		if pl.ClassID != "" && slices.Contains(me.Classes, pl.ClassID) {
			return nil
		}
	}
	return ErrNotFound
}

// List returns the games of a class (staff, or a student of the class),
// of a tournament, or the caller's own games.
func (s *Service) List(ctx context.Context, p domain.Principal, q Query) ([]*Game, error) {
	q.SchoolID = scope(p)
	if p.Role == domain.RoleStudent {
		if q.ClassID == "" {
			q.UserID = p.UserID
		} else {
			me, err := s.dir.Member(ctx, p.SchoolID, p.UserID)
			if err != nil {
				return nil, err
			}
			if !slices.Contains(me.Classes, q.ClassID) {
				return nil, ErrNotFound
			}
		}
	}
	return s.store.List(ctx, q)
}

func scope(p domain.Principal) string {
	if p.Role == domain.RolePlatformAdmin {
		return ""
	}
	return p.SchoolID
}

// announce hands an event to the sockets: through the store's notices
// when it broadcasts (already sent in its transaction, unless stored is
// false), otherwise to this process's subscribers.
func (s *Service) announce(ev Event, fresh bool) {
	if s.encode == nil || s.deliver == nil {
		return
	}
	if s.store.Broadcasts() && !fresh {
		return
	}
	if n := s.encode(ev); n != nil {
		s.deliver(n)
	}
}

// Say hands a notice that changes no game (a friendly phrase) to the
// sockets of every replica.
func (s *Service) Say(ctx context.Context, notice []byte) error {
	if s.store.Broadcasts() {
		return s.store.Notify(ctx, notice)
	}
	if s.deliver != nil {
		s.deliver(notice)
	}
	return nil
}

// Registry returns the engines' registry the service referees with.
func (s *Service) Registry() *game.Registry { return s.reg }

// newID returns a UUIDv7.
func newID(now time.Time) string {
	var b [16]byte
	rand.Read(b[:])
	var ms [8]byte
	binary.BigEndian.PutUint64(ms[:], uint64(now.UnixMilli()))
	copy(b[0:6], ms[2:8])
	b[6] = b[6]&0x0f | 0x70
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
