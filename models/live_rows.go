package models

import (
	"strings"
	"time"

	"qixue/domain"
	"qixue/play"
)

// liveGameRow is a row of live_games: one live game, its clocks and the
// state of its protocols. Its moves and penalties are rows of their own
// tables. Deadline is when the flag of the player to move falls (NULL once
// finished, or with no clock): the flag sweepers of every replica read the
// playing games by it.
type liveGameRow struct {
	ID            string `gorm:"primaryKey;size:36"`
	SchoolID      string `gorm:"size:36;not null;index"`
	Game          string `gorm:"size:16;not null"`
	Ruleset       string `gorm:"size:16;not null;default:''"`
	Start         string `gorm:"size:400;not null;default:''"`
	Mode          string `gorm:"size:16;not null"`
	Takebacks     bool   `gorm:"not null;default:false"`
	PenaltyPoints int    `gorm:"not null;default:0"`
	FirstID       string `gorm:"size:36;not null;index"`
	SecondID      string `gorm:"size:36;not null;index"`
	FirstName     string `gorm:"size:100;not null"`
	SecondName    string `gorm:"size:100;not null"`
	FirstShown    string `gorm:"size:100;not null;default:''"`
	SecondShown   string `gorm:"size:100;not null;default:''"`
	FirstClass    string `gorm:"size:36;not null;default:'';index"`
	SecondClass   string `gorm:"size:36;not null;default:'';index"`
	FirstTeacher  bool   `gorm:"not null;default:false"`
	SecondTeacher bool   `gorm:"not null;default:false"`
	// FirstComputer and SecondComputer are the computer's level on a seat
	// (0: a person); ComputerTurn marks a playing game where the computer
	// is to move, for the sweepers that queue turns a stopped process lost.
	FirstComputer  int    `gorm:"not null;default:0"`
	SecondComputer int    `gorm:"not null;default:0"`
	ComputerTurn   bool   `gorm:"not null;default:false;index"`
	CreatedBy      string `gorm:"size:36;not null"`
	Event          string `gorm:"size:200;not null;default:''"`
	Round          string `gorm:"size:20;not null;default:''"`
	TournamentID   string `gorm:"size:36;not null;default:'';index"`
	TRound         int    `gorm:"column:t_round;not null;default:0"`
	TBoard         int    `gorm:"column:t_board;not null;default:0"`
	Status         string `gorm:"size:16;not null;index"`
	Result         string `gorm:"size:8;not null;default:''"`
	EndCode        string `gorm:"size:32;not null;default:''"`
	ReasonZH       string `gorm:"column:reason_zh;size:400;not null;default:''"`
	ReasonEN       string `gorm:"column:reason_en;size:400;not null;default:''"`
	Plies          int    `gorm:"not null;default:0"`
	InitialMs      int64  `gorm:"not null;default:0"`
	IncrementMs    int64  `gorm:"not null;default:0"`
	PerMoveMs      int64  `gorm:"not null;default:0"`
	GameLimitMs    int64  `gorm:"not null;default:0"`
	Left0Ms        int64  `gorm:"column:left0_ms;not null;default:0"`
	Left1Ms        int64  `gorm:"column:left1_ms;not null;default:0"`
	TurnStart      time.Time
	Deadline       *time.Time `gorm:"index"`
	GameEnds       *time.Time
	Swapped        bool   `gorm:"not null;default:false"`
	DrawOffer      int    `gorm:"not null;default:-1"`
	DrawOffers0    int    `gorm:"column:draw_offers0;not null;default:0"`
	DrawOffers1    int    `gorm:"column:draw_offers1;not null;default:0"`
	Penalty0       int    `gorm:"column:penalty0;not null;default:0"`
	Penalty1       int    `gorm:"column:penalty1;not null;default:0"`
	Offered        string `gorm:"size:200;not null;default:''"`
	Blocked        string `gorm:"size:8;not null;default:''"`
	Claimable      int    `gorm:"not null;default:0"`
	Takeback       int    `gorm:"not null;default:-1"`
	Version        int    `gorm:"not null"`
	ArchiveID      string `gorm:"size:36;not null;default:''"`
	CreatedAt      time.Time
	UpdatedAt      time.Time
	FinishedAt     *time.Time `gorm:"index"`
}

func (liveGameRow) TableName() string { return "live_games" }

// liveMoveRow is one accepted move; (game_id, ply) is its key, so that a
// ply is stored once.
type liveMoveRow struct {
	GameID   string `gorm:"primaryKey;size:36"`
	Ply      int    `gorm:"primaryKey"`
	Seat     int    `gorm:"not null"`
	Notation string `gorm:"size:200;not null"`
	NameZH   string `gorm:"column:name_zh;size:400;not null;default:''"`
	NameEN   string `gorm:"column:name_en;size:400;not null;default:''"`
	SpentMs  int64  `gorm:"not null"`
	LeftMs   int64  `gorm:"not null"`
	At       time.Time
}

func (liveMoveRow) TableName() string { return "live_moves" }

// livePenaltyRow is one number-chess penalty of a live game, numbered in
// the game's order.
type livePenaltyRow struct {
	GameID   string `gorm:"primaryKey;size:36"`
	Number   int    `gorm:"primaryKey"`
	Ply      int    `gorm:"not null"`
	Seat     int    `gorm:"not null"`
	Input    string `gorm:"size:200;not null"`
	Points   int    `gorm:"not null"`
	ReasonZH string `gorm:"column:reason_zh;size:400;not null"`
	ReasonEN string `gorm:"column:reason_en;size:400;not null"`
	At       time.Time
}

func (livePenaltyRow) TableName() string { return "live_penalties" }

// liveChallengeRow is a student's challenge to a classmate.
type liveChallengeRow struct {
	ID          string `gorm:"primaryKey;size:36"`
	SchoolID    string `gorm:"size:36;not null;index"`
	ClassID     string `gorm:"size:36;not null"`
	FromID      string `gorm:"size:36;not null;index"`
	ToID        string `gorm:"size:36;not null;index"`
	FromName    string `gorm:"size:100;not null"`
	ToName      string `gorm:"size:100;not null"`
	FromShown   string `gorm:"size:100;not null;default:''"`
	ToShown     string `gorm:"size:100;not null;default:''"`
	Game        string `gorm:"size:16;not null"`
	Ruleset     string `gorm:"size:16;not null;default:''"`
	Mode        string `gorm:"size:16;not null"`
	Colour      string `gorm:"size:8;not null;default:'first'"`
	InitialMs   int64  `gorm:"not null;default:0"`
	IncrementMs int64  `gorm:"not null;default:0"`
	PerMoveMs   int64  `gorm:"not null;default:0"`
	GameLimitMs int64  `gorm:"not null;default:0"`
	Status      string `gorm:"size:16;not null"`
	GameID      string `gorm:"size:36;not null;default:''"`
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

func (liveChallengeRow) TableName() string { return "live_challenges" }

func ms(d time.Duration) int64   { return d.Milliseconds() }
func dur(ms int64) time.Duration { return time.Duration(ms) * time.Millisecond }
func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

func toLiveGameRow(g *play.Game) liveGameRow {
	r := liveGameRow{
		ID: g.ID, SchoolID: g.SchoolID, Game: g.Game, Ruleset: g.Ruleset, Start: g.Start, Mode: string(g.Mode),
		Takebacks: g.Takebacks, PenaltyPoints: g.PenaltyPoints,
		FirstID: g.Players[0].UserID, SecondID: g.Players[1].UserID,
		FirstName: g.Players[0].Name, SecondName: g.Players[1].Name,
		FirstShown: g.Players[0].Shown, SecondShown: g.Players[1].Shown,
		FirstClass: g.Players[0].ClassID, SecondClass: g.Players[1].ClassID,
		FirstTeacher: g.Players[0].Teacher, SecondTeacher: g.Players[1].Teacher,
		FirstComputer: g.Players[0].Computer, SecondComputer: g.Players[1].Computer, ComputerTurn: g.ComputerToMove(),
		CreatedBy: g.CreatedBy, Event: g.Event, Round: g.Round,
		Status: string(g.Status), Result: g.Result, EndCode: g.End, ReasonZH: g.Reason.ZH, ReasonEN: g.Reason.EN,
		Plies:     len(g.Moves),
		InitialMs: ms(g.Clock.Initial), IncrementMs: ms(g.Clock.Increment), PerMoveMs: ms(g.Clock.PerMove), GameLimitMs: ms(g.Clock.GameLimit),
		Left0Ms: ms(g.Left[0]), Left1Ms: ms(g.Left[1]),
		TurnStart: g.TurnStart.UTC(), Deadline: utcPtr(g.Deadline), GameEnds: utcPtr(g.GameEnds),
		Swapped: g.Swapped, DrawOffer: int(g.DrawOffer), DrawOffers0: g.DrawOffers[0], DrawOffers1: g.DrawOffers[1],
		Penalty0: g.PenaltyTotal[0], Penalty1: g.PenaltyTotal[1],
		Offered: strings.Join(g.Offered, ","), Blocked: g.Blocked, Claimable: g.Claimable, Takeback: int(g.Takeback),
		Version: g.Version, ArchiveID: g.ArchiveID, CreatedAt: g.CreatedAt, UpdatedAt: g.UpdatedAt, FinishedAt: utcPtr(g.FinishedAt),
	}
	if t := g.Tournament; t != nil {
		r.TournamentID, r.TRound, r.TBoard = t.TournamentID, t.Round, t.Board
	}
	return r
}

func (r liveGameRow) game(moves []liveMoveRow, pens []livePenaltyRow) *play.Game {
	g := &play.Game{
		ID: r.ID, SchoolID: r.SchoolID, Game: r.Game, Ruleset: r.Ruleset, Start: r.Start, Mode: play.Mode(r.Mode),
		Takebacks: r.Takebacks, PenaltyPoints: r.PenaltyPoints,
		Players: [2]play.Player{
			{UserID: r.FirstID, Name: r.FirstName, Shown: r.FirstShown, ClassID: r.FirstClass, Teacher: r.FirstTeacher, Computer: r.FirstComputer},
			{UserID: r.SecondID, Name: r.SecondName, Shown: r.SecondShown, ClassID: r.SecondClass, Teacher: r.SecondTeacher, Computer: r.SecondComputer},
		},
		CreatedBy: r.CreatedBy, Event: r.Event, Round: r.Round,
		Status: play.Status(r.Status), Result: r.Result, End: r.EndCode, Reason: domain.Text{ZH: r.ReasonZH, EN: r.ReasonEN},
		Clock:     play.Clock{Initial: dur(r.InitialMs), Increment: dur(r.IncrementMs), PerMove: dur(r.PerMoveMs), GameLimit: dur(r.GameLimitMs)},
		Left:      [2]time.Duration{dur(r.Left0Ms), dur(r.Left1Ms)},
		TurnStart: r.TurnStart.UTC(), Deadline: utcPtr(r.Deadline), GameEnds: utcPtr(r.GameEnds),
		Swapped: r.Swapped, DrawOffer: play.Seat(r.DrawOffer), DrawOffers: [2]int{r.DrawOffers0, r.DrawOffers1},
		PenaltyTotal: [2]int{r.Penalty0, r.Penalty1}, Blocked: r.Blocked, Claimable: r.Claimable, Takeback: play.Seat(r.Takeback),
		Version: r.Version, ArchiveID: r.ArchiveID, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), FinishedAt: utcPtr(r.FinishedAt),
	}
	if r.Offered != "" {
		g.Offered = strings.Split(r.Offered, ",")
	}
	if r.TournamentID != "" {
		g.Tournament = &play.Board{TournamentID: r.TournamentID, Round: r.TRound, Board: r.TBoard}
	}
	g.Moves = make([]play.Move, len(moves))
	for i, m := range moves {
		g.Moves[i] = play.Move{Ply: m.Ply, Seat: play.Seat(m.Seat), Notation: m.Notation, Name: domain.Text{ZH: m.NameZH, EN: m.NameEN},
			Spent: dur(m.SpentMs), Left: dur(m.LeftMs), At: m.At.UTC()}
	}
	for _, p := range pens {
		g.Penalties = append(g.Penalties, play.Penalty{Ply: p.Ply, Seat: play.Seat(p.Seat), Input: p.Input, Points: p.Points,
			Reason: domain.Text{ZH: p.ReasonZH, EN: p.ReasonEN}, At: p.At.UTC()})
	}
	return g
}

func toLiveMoveRow(id string, m play.Move) liveMoveRow {
	return liveMoveRow{GameID: id, Ply: m.Ply, Seat: int(m.Seat), Notation: m.Notation, NameZH: m.Name.ZH, NameEN: m.Name.EN,
		SpentMs: ms(m.Spent), LeftMs: ms(m.Left), At: m.At.UTC()}
}

func toChallengeRow(c *play.Challenge) liveChallengeRow {
	return liveChallengeRow{ID: c.ID, SchoolID: c.SchoolID, ClassID: c.ClassID, FromID: c.From.UserID, ToID: c.To.UserID,
		FromName: c.From.Name, ToName: c.To.Name, FromShown: c.From.Shown, ToShown: c.To.Shown, Game: c.Game, Ruleset: c.Ruleset, Mode: string(c.Mode), Colour: string(c.Colour),
		InitialMs: ms(c.Clock.Initial), IncrementMs: ms(c.Clock.Increment), PerMoveMs: ms(c.Clock.PerMove), GameLimitMs: ms(c.Clock.GameLimit),
		Status: string(c.Status), GameID: c.GameID, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt}
}

func (r liveChallengeRow) challenge() *play.Challenge {
	return &play.Challenge{ID: r.ID, SchoolID: r.SchoolID, ClassID: r.ClassID,
		From: play.Player{UserID: r.FromID, Name: r.FromName, Shown: r.FromShown, ClassID: r.ClassID},
		To:   play.Player{UserID: r.ToID, Name: r.ToName, Shown: r.ToShown, ClassID: r.ClassID},
		Game: r.Game, Ruleset: r.Ruleset, Mode: play.Mode(r.Mode), Colour: play.Colour(r.Colour),
		Clock:  play.Clock{Initial: dur(r.InitialMs), Increment: dur(r.IncrementMs), PerMove: dur(r.PerMoveMs), GameLimit: dur(r.GameLimitMs)},
		Status: play.ChallengeStatus(r.Status), GameID: r.GameID, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}
