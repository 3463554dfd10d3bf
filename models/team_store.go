package models

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"qixue/tournaments"
)

// teamEventRow is a team event. Its players, teams and rounds are one JSON
// document (doc): they are read and written together, always as a whole,
// and a result changes a handful of bytes of it; Version guards a save
// as it does a tournament's.
type teamEventRow struct {
	ID            string `gorm:"primaryKey;size:36"`
	SchoolID      string `gorm:"size:36;not null;index"`
	Name          string `gorm:"size:100;not null"`
	Game          string `gorm:"size:16;not null"`
	Format        string `gorm:"size:24;not null"`
	System        string `gorm:"size:32;not null;default:''"`
	Rounds        int    `gorm:"not null"`
	Boards        int    `gorm:"not null"`
	GamesPerBoard int    `gorm:"not null"`
	Ruleset       string `gorm:"size:8;not null;default:''"`
	ClassIDs      string `gorm:"size:1200;not null"` // JSON array
	Linked        string `gorm:"size:36;not null;default:''"`
	ArenaDraw     string `gorm:"size:16;not null;default:''"`
	Doc           string `gorm:"type:text;not null"`
	Version       int    `gorm:"not null"`
	CreatedBy     string `gorm:"size:36;not null"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (teamEventRow) TableName() string { return "team_events" }

// teamDoc is the JSON document of a team event.
type teamDoc struct {
	Players []teamDocPlayer  `json:"players"`
	Teams   []teamDocTeam    `json:"teams"`
	Rounds  [][]teamDocMatch `json:"rounds"`
}

type teamDocPlayer struct {
	StudentID string `json:"s"`
	ClassID   string `json:"c"`
	Name      string `json:"n"`
	Team      int    `json:"t"`
}

type teamDocTeam struct {
	Name    string `json:"n"`
	Players []int  `json:"p"`
}

type teamDocMatch struct {
	Home       int           `json:"h"`
	Away       int           `json:"a"`
	HomeLineup []int         `json:"hl,omitempty"`
	AwayLineup []int         `json:"al,omitempty"`
	Games      []teamDocGame `json:"g,omitempty"`
}

type teamDocGame struct {
	Board   int    `json:"b"`
	Against int    `json:"v"`
	Game    int    `json:"n"`
	First   int    `json:"f"`
	Second  int    `json:"s"`
	Result  string `json:"r,omitempty"`
}

func toTeamRow(tt *tournaments.TeamTournament) (teamEventRow, error) {
	var d teamDoc
	for _, p := range tt.Players {
		d.Players = append(d.Players, teamDocPlayer{StudentID: p.StudentID, ClassID: p.ClassID, Name: p.Name, Team: p.Team})
	}
	for _, t := range tt.Teams {
		d.Teams = append(d.Teams, teamDocTeam{Name: t.Name, Players: t.Players})
	}
	for _, r := range tt.Played {
		var ms []teamDocMatch
		for _, m := range r.Matches {
			dm := teamDocMatch{Home: m.Home, Away: m.Away, HomeLineup: m.HomeLineup, AwayLineup: m.AwayLineup}
			for _, g := range m.Games {
				dm.Games = append(dm.Games, teamDocGame{Board: g.Board, Against: g.Against, Game: g.Game, First: g.First, Second: g.Second, Result: string(g.Result)})
			}
			ms = append(ms, dm)
		}
		d.Rounds = append(d.Rounds, ms)
	}
	doc, err := json.Marshal(d)
	if err != nil {
		return teamEventRow{}, err
	}
	classes, err := json.Marshal(tt.ClassIDs)
	if err != nil {
		return teamEventRow{}, err
	}
	return teamEventRow{ID: tt.ID, SchoolID: tt.SchoolID, Name: tt.Name, Game: tt.Game, Format: string(tt.Format), System: tt.System,
		Rounds: tt.Rounds, Boards: tt.Boards, GamesPerBoard: tt.GamesPerBoard, Ruleset: tt.Ruleset, ClassIDs: string(classes),
		Linked: tt.Linked, ArenaDraw: tt.ArenaDraw, Doc: string(doc), Version: tt.Version, CreatedBy: tt.CreatedBy, CreatedAt: tt.CreatedAt, UpdatedAt: tt.UpdatedAt}, nil
}

func fromTeamRow(row teamEventRow) (*tournaments.TeamTournament, error) {
	tt := &tournaments.TeamTournament{ID: row.ID, SchoolID: row.SchoolID, Name: row.Name, Game: row.Game, Format: tournaments.TeamFormat(row.Format),
		System: row.System, Rounds: row.Rounds, Boards: row.Boards, GamesPerBoard: row.GamesPerBoard, Ruleset: row.Ruleset, Linked: row.Linked, ArenaDraw: row.ArenaDraw,
		Version: row.Version, CreatedBy: row.CreatedBy, CreatedAt: row.CreatedAt, UpdatedAt: row.UpdatedAt}
	if err := json.Unmarshal([]byte(row.ClassIDs), &tt.ClassIDs); err != nil {
		return nil, fmt.Errorf("team event %s: classes: %w", row.ID, err)
	}
	var d teamDoc
	if err := json.Unmarshal([]byte(row.Doc), &d); err != nil {
		return nil, fmt.Errorf("team event %s: %w", row.ID, err)
	}
	for i, p := range d.Players {
		tt.Players = append(tt.Players, tournaments.TeamPlayer{Number: i + 1, StudentID: p.StudentID, ClassID: p.ClassID, Name: p.Name, Team: p.Team})
	}
	for i, t := range d.Teams {
		tt.Teams = append(tt.Teams, tournaments.Team{Number: i + 1, Name: t.Name, Players: t.Players})
	}
	for _, r := range d.Rounds {
		var round tournaments.TeamRound
		for _, dm := range r {
			m := tournaments.TeamMatch{Home: dm.Home, Away: dm.Away, HomeLineup: dm.HomeLineup, AwayLineup: dm.AwayLineup}
			for _, g := range dm.Games {
				m.Games = append(m.Games, tournaments.TeamGame{Board: g.Board, Against: g.Against, Game: g.Game, First: g.First, Second: g.Second,
					Result: tournaments.Outcome(g.Result)})
			}
			round.Matches = append(round.Matches, m)
		}
		tt.Played = append(tt.Played, round)
	}
	return tt, nil
}

var _ tournaments.TeamStore = (*TournamentStore)(nil)

// CreateTeam stores a new team event at its version.
func (s *TournamentStore) CreateTeam(ctx context.Context, tt *tournaments.TeamTournament) error {
	row, err := toTeamRow(tt)
	if err != nil {
		return err
	}
	return conn(ctx, s.db).Create(&row).Error
}

// TeamEvent loads a team event of schoolID ("" any school).
func (s *TournamentStore) TeamEvent(ctx context.Context, schoolID, id string) (*tournaments.TeamTournament, error) {
	var row teamEventRow
	if err := takeOfSchool(conn(ctx, s.db), schoolID, id, &row); err != nil {
		return nil, err
	}
	return fromTeamRow(row)
}

// SaveTeam writes the event over the version it was loaded at (then
// version+1), or tournaments.ErrConflict and nothing is written.
func (s *TournamentStore) SaveTeam(ctx context.Context, tt *tournaments.TeamTournament) error {
	row, err := toTeamRow(tt)
	if err != nil {
		return err
	}
	res := conn(ctx, s.db).Model(&teamEventRow{}).Where("id = ? AND school_id = ? AND version = ?", tt.ID, tt.SchoolID, tt.Version).
		Updates(map[string]any{"rounds": row.Rounds, "doc": row.Doc, "version": tt.Version + 1, "updated_at": row.UpdatedAt})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return tournaments.ErrConflict
	}
	return nil
}

// ListTeams returns the team events of schoolID ("" all), newest first.
func (s *TournamentStore) ListTeams(ctx context.Context, schoolID string, limit int) ([]*tournaments.TeamTournament, error) {
	var rows []teamEventRow
	q := conn(ctx, s.db).Order("created_at DESC, id").Limit(limit)
	if schoolID != "" {
		q = q.Where("school_id = ?", schoolID)
	}
	if err := q.Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]*tournaments.TeamTournament, 0, len(rows))
	for _, r := range rows {
		tt, err := fromTeamRow(r)
		if err != nil {
			return nil, err
		}
		out = append(out, tt)
	}
	return out, nil
}
