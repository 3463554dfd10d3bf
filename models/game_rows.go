package models

import (
	"time"

	"qixue/games"
	"qixue/rules/game"
)

// gameRecordRow is a row of game_records: one game of a school's club
// archive. Text is the whole record in its game's notation; the other
// columns are what the archive searches by. (school_id, hash) is unique:
// the same game is stored once.
type gameRecordRow struct {
	ID          string  `gorm:"primaryKey;size:36"`
	SchoolID    string  `gorm:"size:36;not null;index:idx_game_records_school_date,priority:1;uniqueIndex:idx_game_records_school_hash,priority:1"`
	Hash        string  `gorm:"size:64;not null;uniqueIndex:idx_game_records_school_hash,priority:2"`
	Game        string  `gorm:"size:16;not null"`
	Variant     string  `gorm:"size:16;not null;default:''"`
	WhiteID     *string `gorm:"size:36;index"`
	WhiteName   string  `gorm:"size:100;not null;default:''"`
	BlackID     *string `gorm:"size:36;index"`
	BlackName   string  `gorm:"size:100;not null;default:''"`
	PlayedOn    string  `gorm:"size:10;not null;default:'';index:idx_game_records_school_date,priority:2"`
	Event       string  `gorm:"size:200;not null;default:''"`
	RoundName   string  `gorm:"size:200;not null;default:''"`
	Result      string  `gorm:"size:8;not null"`
	StartPos    string  `gorm:"not null;default:''"`
	FinalPos    string  `gorm:"not null;default:''"`
	Plies       int     `gorm:"not null"`
	Opening     string  `gorm:"size:200;not null;default:''"`
	Body        string  `gorm:"not null"`
	Status      string  `gorm:"size:16;not null"`
	SubmittedBy string  `gorm:"size:36;not null;index"`
	ConfirmedBy *string `gorm:"size:36"`
	ConfirmedAt *time.Time
	// TournamentID, TournamentRound and TournamentBoard link the game to
	// a board of a tournament round.
	TournamentID    *string `gorm:"size:36;index"`
	TournamentRound int     `gorm:"not null;default:0"`
	TournamentBoard int     `gorm:"not null;default:0"`
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

func (gameRecordRow) TableName() string { return "game_records" }

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func valueOf(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func toGameRecordRow(r *games.Record) gameRecordRow {
	row := gameRecordRow{
		ID: r.ID, SchoolID: r.SchoolID, Hash: r.Hash, Game: string(r.Game), Variant: r.Variant,
		WhiteID: optional(r.White.StudentID), WhiteName: r.White.Name, BlackID: optional(r.Black.StudentID), BlackName: r.Black.Name,
		PlayedOn: r.Date, Event: r.Event, RoundName: r.Round, Result: r.Result, StartPos: r.Start, FinalPos: r.Final,
		Plies: r.Plies, Opening: r.Opening, Body: r.Text, Status: string(r.Status), SubmittedBy: r.SubmittedBy,
		ConfirmedBy: optional(r.ConfirmedBy), CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}
	if !r.ConfirmedAt.IsZero() {
		t := r.ConfirmedAt
		row.ConfirmedAt = &t
	}
	if r.Pairing != nil {
		row.TournamentID, row.TournamentRound, row.TournamentBoard = optional(r.Pairing.TournamentID), r.Pairing.Round, r.Pairing.Board
	}
	return row
}

func (row gameRecordRow) toRecord() *games.Record {
	r := &games.Record{
		ID: row.ID, SchoolID: row.SchoolID, Hash: row.Hash, Game: game.Name(row.Game), Variant: row.Variant,
		White: games.Player{StudentID: valueOf(row.WhiteID), Name: row.WhiteName},
		Black: games.Player{StudentID: valueOf(row.BlackID), Name: row.BlackName},
		Date:  row.PlayedOn, Event: row.Event, Round: row.RoundName, Result: row.Result, Start: row.StartPos, Final: row.FinalPos,
		Plies: row.Plies, Opening: row.Opening, Text: row.Body, Status: games.Status(row.Status), SubmittedBy: row.SubmittedBy,
		ConfirmedBy: valueOf(row.ConfirmedBy), CreatedAt: row.CreatedAt.UTC(), UpdatedAt: row.UpdatedAt.UTC(),
	}
	if row.ConfirmedAt != nil {
		r.ConfirmedAt = row.ConfirmedAt.UTC()
	}
	if row.TournamentID != nil {
		r.Pairing = &games.Pairing{TournamentID: *row.TournamentID, Round: row.TournamentRound, Board: row.TournamentBoard}
	}
	return r
}
