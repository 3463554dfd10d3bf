package games

import (
	"context"
	"qixue/domain"
	"qixue/rules/game"
	"slices"
	"time"
)

// MonthTable is the club charter's monthly points table of a class, or
// of the whole school, for one game and one month.
type MonthTable struct {
	Game  game.Name
	Month string // "2026-11"
	Class *Class // nil for the whole school
	Rows  []MonthEntry
}

// MonthEntry is one student's row: the charter's points of the month and
// the level (seed 004) at the month's end.
type MonthEntry struct {
	MonthRow
	StudentID, Name string
}

// MyLevel is a student's level in one game, from every confirmed game.
type MyLevel struct {
	Game         game.Name
	Points       int // level points
	Level        int // 30..1, Unrated (0) below 100 points
	PointsToNext int
	Games        int // confirmed games counted
}

// parseMonth reads "2026-11" and returns its first day and last day.
func parseMonth(s string) (time.Time, string, bool) {
	t, err := time.Parse("2006-01", s)
	if err != nil || t.Year() < 2000 || t.Year() > 2200 {
		return time.Time{}, "", false
	}
	return t, t.AddDate(0, 1, -1).Format(time.DateOnly), true
}

// playerKey names a player in the tables: a student by ID, an outsider
// by name (outsiders take part in the level exchange but get no row).
func playerKey(p Player) string {
	if p.StudentID != "" {
		return p.StudentID
	}
	return "outsider:" + nameKey(p.Name)
}

// results turns confirmed games into what the level functions read.
func results(played []Played) []GameResult {
	out := make([]GameResult, 0, len(played))
	for _, p := range played {
		if p.Result == Unfinished {
			continue
		}
		day, err := time.Parse(time.DateOnly, p.Day)
		if err != nil {
			continue
		}
		out = append(out, GameResult{First: playerKey(p.White), Second: playerKey(p.Black), Date: day, Result: p.Result})
	}
	return out
}

// Monthly returns the monthly table of a class (classID) or, with classID
// empty, of the school. Teachers read the tables of the classes they
// teach, school admins every table of the school; students none. month
// is "2026-11"; game "" is chess.
func (s *Service) Monthly(ctx context.Context, c domain.Principal, schoolID, classID string, name game.Name, month string) (*MonthTable, error) {
	if !staff(c) {
		return nil, ErrForbidden
	}
	var v domain.FieldErrors
	if name == "" {
		name = game.Chess
	}
	if !slices.Contains(Games, name) {
		v.Add("game", "invalid")
	}
	first, last, ok := parseMonth(month)
	if !ok {
		v.Add("month", "invalid")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	if c.Role != domain.RolePlatformAdmin {
		if schoolID != "" && schoolID != c.SchoolID {
			return nil, ErrNotFound
		}
		schoolID = c.SchoolID
	}
	t := &MonthTable{Game: name, Month: month}
	var classIDs []string
	if classID != "" {
		cl, err := s.store.Class(ctx, scope(c), classID)
		if err != nil {
			return nil, err
		}
		if c.Role == domain.RoleTeacher {
			mine, err := s.store.ClassesOf(ctx, c.UserID)
			if err != nil {
				return nil, err
			}
			if !slices.Contains(mine, classID) {
				return nil, ErrNotFound
			}
		}
		t.Class, schoolID, classIDs = &cl, cl.SchoolID, []string{classID}
	} else if c.Role == domain.RoleTeacher {
		return nil, ErrForbidden
	}
	students, err := s.store.Students(ctx, schoolID, classIDs)
	if err != nil {
		return nil, err
	}
	played, err := s.store.Played(ctx, schoolID, name, last)
	if err != nil {
		return nil, err
	}
	names := map[string]string{}
	for _, st := range students {
		names[st.ID] = st.Name
	}
	t.Rows = []MonthEntry{}
	for _, r := range MonthlyTable(results(played), nil, first.Year(), first.Month(), time.UTC) {
		if name, ok := names[r.Player]; ok {
			t.Rows = append(t.Rows, MonthEntry{MonthRow: r, StudentID: r.Player, Name: name})
		}
	}
	return t, nil
}

// MyLevels returns the calling student's level in each game, from every
// confirmed game of the school up to today.
func (s *Service) MyLevels(ctx context.Context, c domain.Principal) ([]MyLevel, error) {
	if c.Role != domain.RoleStudent {
		return nil, ErrForbidden
	}
	today := s.now().UTC().Format(time.DateOnly)
	out := make([]MyLevel, 0, len(Games))
	for _, g := range Games {
		played, err := s.store.Played(ctx, c.SchoolID, g, today)
		if err != nil {
			return nil, err
		}
		rs := results(played)
		n := 0
		for _, r := range rs {
			if r.First == c.UserID || r.Second == c.UserID {
				n++
			}
		}
		pts := LevelPoints(rs, nil)[c.UserID]
		out = append(out, MyLevel{Game: g, Points: pts, Level: LevelOf(pts), PointsToNext: PointsToNextLevel(pts), Games: n})
	}
	return out, nil
}
