package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"time"

	"qixue/domain"
	"qixue/identity"
	"qixue/play"
	"qixue/realtime"
)

// clockRequest is a time control: milliseconds or seconds for each of
// its four parts (give one of the two; both zero or absent: off).
type clockRequest struct {
	InitialMs        *int64 `json:"initial_ms,omitempty"`
	IncrementMs      *int64 `json:"increment_ms,omitempty"`
	PerMoveMs        *int64 `json:"per_move_ms,omitempty"`
	GameLimitMs      *int64 `json:"game_limit_ms,omitempty"`
	InitialSeconds   *int64 `json:"initial_seconds,omitempty"`
	IncrementSeconds *int64 `json:"increment_seconds,omitempty"`
	PerMoveSeconds   *int64 `json:"per_move_seconds,omitempty"`
	GameLimitSeconds *int64 `json:"game_limit_seconds,omitempty"`
}

// clock converts the request; a part given twice or out of range is a
// validation error naming it.
func (r *clockRequest) clock() (*play.Clock, error) {
	if r == nil {
		return nil, nil
	}
	var c play.Clock
	parts := []struct {
		name    string
		ms, sec *int64
		into    *time.Duration
	}{
		{"initial", r.InitialMs, r.InitialSeconds, &c.Initial},
		{"increment", r.IncrementMs, r.IncrementSeconds, &c.Increment},
		{"per_move", r.PerMoveMs, r.PerMoveSeconds, &c.PerMove},
		{"game_limit", r.GameLimitMs, r.GameLimitSeconds, &c.GameLimit},
	}
	const maxMs = int64(play.MaxClock / time.Millisecond)
	for _, p := range parts {
		switch {
		case p.ms != nil && p.sec != nil:
			return nil, fieldError("clock."+p.name+"_ms", "conflict")
		case p.ms != nil:
			if *p.ms < 0 || *p.ms > maxMs {
				return nil, fieldError("clock."+p.name+"_ms", "out_of_range")
			}
			*p.into = time.Duration(*p.ms) * time.Millisecond
		case p.sec != nil:
			if *p.sec < 0 || *p.sec > maxMs/1000 {
				return nil, fieldError("clock."+p.name+"_seconds", "out_of_range")
			}
			*p.into = time.Duration(*p.sec) * time.Second
		}
	}
	return &c, nil
}

func fieldError(field, code string) *Error {
	return &Error{Status: http.StatusUnprocessableEntity, Code: "validation_failed", Fields: []domain.FieldError{{Field: field, Code: code}}}
}

// liveGameRequest starts a live game (POST /v1/live-games).
type liveGameRequest struct {
	Game          string        `json:"game"`
	Ruleset       string        `json:"ruleset,omitempty"`
	Players       []string      `json:"players"`
	Clock         *clockRequest `json:"clock,omitempty"`
	Mode          string        `json:"mode,omitempty"`
	Takebacks     bool          `json:"takebacks,omitempty"`
	PenaltyPoints int           `json:"penalty_points,omitempty"`
	Event         string        `json:"event,omitempty"`
	Round         string        `json:"round,omitempty"`
	Start         string        `json:"start,omitempty"`
}

func (r liveGameRequest) newGame() (play.NewGame, error) {
	if r.Game == "" {
		return play.NewGame{}, fieldError("game", "required")
	}
	if len(r.Players) != 2 {
		return play.NewGame{}, fieldError("players", "invalid")
	}
	clk, err := r.Clock.clock()
	if err != nil {
		return play.NewGame{}, err
	}
	return play.NewGame{Game: r.Game, Ruleset: r.Ruleset, Players: [2]string{r.Players[0], r.Players[1]}, Clock: clk,
		Mode: play.Mode(r.Mode), Takebck: r.Takebacks, Penalty: r.PenaltyPoints, Event: r.Event, Round: r.Round, Start: r.Start}, nil
}

// simulRequest starts a teacher's simul: the teacher against each student.
type simulRequest struct {
	Game     string        `json:"game"`
	Ruleset  string        `json:"ruleset,omitempty"`
	Students []string      `json:"students"`
	Clock    *clockRequest `json:"clock,omitempty"`
	Mode     string        `json:"mode,omitempty"`
	// TeacherFirst: the teacher moves first on every board (default: the
	// students do).
	TeacherFirst bool   `json:"teacher_first,omitempty"`
	Event        string `json:"event,omitempty"`
}

// pairsRequest starts games for chosen pairs.
type pairsRequest struct {
	Game    string        `json:"game"`
	Ruleset string        `json:"ruleset,omitempty"`
	Pairs   [][]string    `json:"pairs"`
	Clock   *clockRequest `json:"clock,omitempty"`
	Mode    string        `json:"mode,omitempty"`
	Event   string        `json:"event,omitempty"`
	Round   string        `json:"round,omitempty"`
}

// tabletsRequest opens the current round of a tournament on tablets.
type tabletsRequest struct {
	Clock *clockRequest `json:"clock,omitempty"`
	Mode  string        `json:"mode,omitempty"`
}

// moveRequest is a move for a ply (POST /v1/live-games/{id}/moves).
type moveRequest struct {
	Ply  int    `json:"ply"`
	Move string `json:"move"`
}

// plyRequest names the ply an action is for (optional).
type plyRequest struct {
	Ply int `json:"ply,omitempty"`
}

// answerRequest accepts or declines.
type answerRequest struct {
	Accept bool `json:"accept"`
}

// offerRequest is Black's fifth-move offer.
type offerRequest struct {
	Ply   int      `json:"ply,omitempty"`
	Moves []string `json:"moves"`
}

// choiceRequest is White's choice among the offers: the point kept (or
// the one removed, when two were offered).
type choiceRequest struct {
	Keep   string `json:"keep,omitempty"`
	Remove string `json:"remove,omitempty"`
}

// claimRequest is a claim.
type claimRequest struct {
	Claim string `json:"claim"`
	Move  string `json:"move,omitempty"`
}

// challengeRequest is a student's challenge to a classmate.
type challengeRequest struct {
	To      string        `json:"to"`
	Game    string        `json:"game"`
	Ruleset string        `json:"ruleset,omitempty"`
	Clock   *clockRequest `json:"clock,omitempty"`
	Mode    string        `json:"mode,omitempty"`
	Colour  string        `json:"colour,omitempty"`
}

// livePlayer is one seat of a live game.
type livePlayer struct {
	Seat    int     `json:"seat"`
	ID      string  `json:"id"`
	Name    string  `json:"name"`
	Side    string  `json:"side"`
	ClassID *string `json:"class_id"`
	Teacher bool    `json:"teacher"`
	// Computer is the computer's level when the computer plays the seat.
	Computer *int `json:"computer,omitempty"`
}

// liveMove is one stored move.
type liveMove struct {
	Ply     int       `json:"ply"`
	Seat    int       `json:"seat"`
	Move    string    `json:"move"`
	NameZH  string    `json:"name_zh"`
	NameEN  string    `json:"name_en"`
	SpentMs int64     `json:"spent_ms"`
	LeftMs  int64     `json:"left_ms"`
	At      time.Time `json:"at"`
}

// livePenalty is one number-chess penalty.
type livePenalty struct {
	Ply    int       `json:"ply"`
	Seat   int       `json:"seat"`
	Move   string    `json:"move"`
	Points int       `json:"points"`
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
}

// liveClock is the server's clock figures.
type liveClock struct {
	InitialMs   int64      `json:"initial_ms"`
	IncrementMs int64      `json:"increment_ms"`
	PerMoveMs   int64      `json:"per_move_ms"`
	GameLimitMs int64      `json:"game_limit_ms"`
	RemainingMs [2]int64   `json:"remaining_ms"`
	TurnStart   time.Time  `json:"turn_started_at"`
	Deadline    *time.Time `json:"deadline"`
	GameEnds    *time.Time `json:"game_ends_at"`
	ServerTime  time.Time  `json:"server_time"`
}

// liveGameResponse is a live game as a caller sees it.
type liveGameResponse struct {
	ID            string            `json:"id"`
	Game          string            `json:"game"`
	Ruleset       string            `json:"ruleset"`
	Mode          string            `json:"mode"`
	Status        string            `json:"status"`
	Result        *string           `json:"result"`
	End           *string           `json:"end"`
	EndReason     *string           `json:"end_reason"`
	Players       []livePlayer      `json:"players"`
	ToMove        *int              `json:"to_move"`
	Ply           int               `json:"ply"`
	Moves         []string          `json:"moves"`
	Position      string            `json:"position,omitempty"`
	Targets       []liveTarget      `json:"targets,omitempty"`
	MoveDetails   []liveMove        `json:"move_details,omitempty"`
	LastMove      *liveMove         `json:"last_move"`
	Clock         liveClock         `json:"clock"`
	DrawOffer     *int              `json:"draw_offer"`
	Swapped       bool              `json:"swapped"`
	Offered       []string          `json:"offered"`
	Claimable     bool              `json:"claimable"`
	Blocked       *string           `json:"blocked_piece"`
	Takebacks     bool              `json:"takebacks"`
	PenaltyPoints int               `json:"penalty_points"`
	Penalties     []livePenalty     `json:"penalties"`
	Scores        *[2]int           `json:"scores"`
	Event         string            `json:"event"`
	Round         string            `json:"round"`
	Tournament    *liveTournament   `json:"tournament"`
	ArchiveID     *string           `json:"archive_id"`
	Version       int               `json:"version"`
	CreatedAt     time.Time         `json:"created_at"`
	FinishedAt    *time.Time        `json:"finished_at"`
	Extra         map[string]string `json:"-"`
}

// liveTarget is a number-chess move the caller, to move, can make
// (play.Target): the screen lights the destinations and asks for an
// expression per span segment.
type liveTarget struct {
	Piece int      `json:"piece"`
	Kind  string   `json:"kind"`
	From  string   `json:"from"`
	Path  []string `json:"path"`
	Spans [][]int  `json:"spans"`
}

type liveTournament struct {
	ID    string `json:"id"`
	Round int    `json:"round"`
	Board int    `json:"board"`
}

// liveView decides what a caller sees of names: a student sees the full
// name of its own class's players, and a given name only of others.
type liveView struct {
	student bool
	self    string
	classes []string
	lang    string
	full    bool // moves with their details
}

func (v liveView) name(p play.Player) string {
	if p.Computer > 0 {
		return domain.Text{ZH: p.Name, EN: p.Shown}.In(v.lang)
	}
	if !v.student || p.UserID == v.self {
		return p.Name
	}
	for _, c := range v.classes {
		if c != "" && c == p.ClassID {
			return p.Name
		}
	}
	if p.Shown != "" {
		return p.Shown
	}
	return identity.Initial(p.Name) // a game from before shown names
}

func strPtr(s string) *string { return &s }

func toLiveGame(g *play.Game, v liveView, sides func(string, int, string) string, scores func(*play.Game) ([2]int, bool), now time.Time) liveGameResponse {
	r := liveGameResponse{
		ID: g.ID, Game: g.Game, Ruleset: g.Ruleset, Mode: string(g.Mode), Status: string(g.Status),
		Ply: len(g.Moves), Swapped: g.Swapped, Offered: g.Offered, Claimable: g.Claimable > 0,
		Takebacks: g.Takebacks, PenaltyPoints: g.PenaltyPoints, Event: g.Event, Round: g.Round,
		Version: g.Version, CreatedAt: g.CreatedAt, FinishedAt: g.FinishedAt,
		Moves: make([]string, len(g.Moves)), Penalties: []livePenalty{},
	}
	if r.Offered == nil {
		r.Offered = []string{}
	}
	if g.Status == play.Finished {
		r.Result, r.End, r.EndReason = strPtr(g.Result), strPtr(g.End), strPtr(g.Reason.In(v.lang))
	}
	for i, p := range g.Players {
		lp := livePlayer{Seat: i, ID: p.UserID, Name: v.name(p), Side: sides(g.Game, g.SideOf(play.Seat(i)), v.lang), Teacher: p.Teacher}
		if p.ClassID != "" {
			lp.ClassID = strPtr(p.ClassID)
		}
		if p.Computer > 0 {
			lp.Computer = &p.Computer
		}
		r.Players = append(r.Players, lp)
	}
	if s := g.ToMove(); s >= 0 {
		n := int(s)
		r.ToMove = &n
	}
	for i, m := range g.Moves {
		r.Moves[i] = m.Notation
		if v.full {
			r.MoveDetails = append(r.MoveDetails, toLiveMove(m))
		}
	}
	if n := len(g.Moves); n > 0 {
		m := toLiveMove(g.Moves[n-1])
		r.LastMove = &m
	}
	rem := g.Remaining(now)
	r.Clock = liveClock{InitialMs: g.Clock.Initial.Milliseconds(), IncrementMs: g.Clock.Increment.Milliseconds(),
		PerMoveMs: g.Clock.PerMove.Milliseconds(), GameLimitMs: g.Clock.GameLimit.Milliseconds(),
		RemainingMs: [2]int64{rem[0].Milliseconds(), rem[1].Milliseconds()},
		TurnStart:   g.TurnStart, Deadline: g.Deadline, GameEnds: g.GameEnds, ServerTime: now}
	if g.DrawOffer >= 0 {
		n := int(g.DrawOffer)
		r.DrawOffer = &n
	}
	if g.Blocked != "" {
		r.Blocked = strPtr(g.Blocked)
	}
	for _, p := range g.Penalties {
		r.Penalties = append(r.Penalties, livePenalty{Ply: p.Ply, Seat: int(p.Seat), Move: p.Input, Points: p.Points, Reason: p.Reason.In(v.lang), At: p.At})
	}
	if scores != nil {
		if sc, ok := scores(g); ok {
			r.Scores = &sc
		}
	}
	if t := g.Tournament; t != nil {
		r.Tournament = &liveTournament{ID: t.TournamentID, Round: t.Round, Board: t.Board}
	}
	if g.ArchiveID != "" {
		r.ArchiveID = strPtr(g.ArchiveID)
	}
	return r
}

func toLiveMove(m play.Move) liveMove {
	return liveMove{Ply: m.Ply, Seat: int(m.Seat), Move: m.Notation, NameZH: m.Name.ZH, NameEN: m.Name.EN,
		SpentMs: m.Spent.Milliseconds(), LeftMs: m.Left.Milliseconds(), At: m.At}
}

// challengeResponse is a challenge.
type challengeResponse struct {
	ID        string          `json:"id"`
	ClassID   string          `json:"class_id"`
	From      challengePlayer `json:"from"`
	To        challengePlayer `json:"to"`
	Game      string          `json:"game"`
	Ruleset   string          `json:"ruleset"`
	Mode      string          `json:"mode"`
	Colour    string          `json:"colour"`
	Status    string          `json:"status"`
	GameID    *string         `json:"game_id"`
	CreatedAt time.Time       `json:"created_at"`
}

type challengePlayer struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

func toChallenge(c *play.Challenge) challengeResponse {
	r := challengeResponse{ID: c.ID, ClassID: c.ClassID, From: challengePlayer{c.From.UserID, c.From.Name},
		To: challengePlayer{c.To.UserID, c.To.Name}, Game: c.Game, Ruleset: c.Ruleset, Mode: string(c.Mode),
		Colour: string(c.Colour), Status: string(c.Status), CreatedAt: c.CreatedAt}
	if r.Mode == "" {
		r.Mode = string(play.Competition)
	}
	if r.Colour == "" {
		r.Colour = string(play.ColourFirst)
	}
	if c.GameID != "" {
		r.GameID = strPtr(c.GameID)
	}
	return r
}

// liveStatuses maps the play service's codes to HTTP statuses.
var liveStatuses = map[string]int{
	"not_your_turn":      http.StatusConflict,
	"game_finished":      http.StatusConflict,
	"stale_ply":          http.StatusConflict,
	"ply_taken":          http.StatusConflict,
	"illegal_move":       http.StatusUnprocessableEntity,
	"malformed_move":     http.StatusUnprocessableEntity,
	"move_penalised":     http.StatusUnprocessableEntity,
	"action_not_allowed": http.StatusConflict,
	"live_game_changed":  http.StatusConflict,
	"challenge_closed":   http.StatusConflict,
}

// liveError converts the play service's refusals into the HTTP layer's.
func liveError(err error) error {
	var pe *play.Error
	if !errors.As(err, &pe) {
		return err
	}
	status, ok := liveStatuses[pe.Code()]
	if !ok {
		status = statuses[pe.Code()]
	}
	if status == 0 {
		return err
	}
	e := &Error{Status: status, Code: pe.Code()}
	for _, f := range pe.Fields() {
		e.Fields = append(e.Fields, domain.FieldError{Field: f.Field, Code: f.Code})
	}
	if r := pe.Reason(); r.ZH != "" {
		e.Args = []any{text{r.ZH, r.EN}}
	} else if _, ok := liveStatuses[pe.Code()]; ok && strings.Contains(messages[pe.Code()].detail.zh, "%s") {
		// A refusal whose message is its reason, given none.
		e.Args = []any{text{"", ""}}
	}
	if e.Code == "validation_failed" && len(e.Args) > 0 {
		e.Args = nil
	}
	return e
}

// liveEvent is the body of a socket event: what changed and the game as
// it stands, names given by their given names only (an event goes to
// every follower of the game).
type liveEvent struct {
	Type string           `json:"type"`
	Kind string           `json:"kind"`
	Seat *int             `json:"seat"`
	At   time.Time        `json:"at"`
	Game liveGameResponse `json:"game"`
}

// maxNotice keeps a notice under PostgreSQL's 8,000-byte NOTIFY limit.
const maxNotice = 7800

// EncodeLiveEvent builds the notice of a change: topics game:<id> and
// class:<id> of each player's class, and the event body; a body too large
// for a notice is replaced by a "reload" event naming the game.
func EncodeLiveEvent(sides func(string, int, string) string) func(play.Event) []byte {
	return func(ev play.Event) []byte {
		g := ev.Game
		topics := []string{"game:" + g.ID}
		for _, p := range g.Players {
			if p.ClassID != "" {
				topics = append(topics, "class:"+p.ClassID)
			}
		}
		if g.Tournament != nil {
			topics = append(topics, "tournament:"+g.Tournament.TournamentID)
		}
		body := liveEvent{Type: "event", Kind: ev.Kind, At: ev.At,
			Game: toLiveGame(g, liveView{student: true, lang: LangZH}, sides, nil, ev.At)}
		body.Game.Moves = nil
		if ev.Seat >= 0 {
			n := int(ev.Seat)
			body.Seat = &n
		}
		b, _ := json.Marshal(body)
		if len(b) > maxNotice {
			b, _ = json.Marshal(map[string]any{"type": "reload", "kind": ev.Kind, "game_id": g.ID, "version": g.Version})
		}
		return realtime.Pack(topics, b)
	}
}
