package models

import (
	"strconv"
	"strings"
	"time"

	"qixue/tournaments"
)

// tournamentRow is a row of tournaments. Its classes, entrants, boards
// and absences are rows of their own tables keyed by tournament_id.
// Version counts changes: a change is saved only over the version it was
// made from (see TournamentStore.Save).
type tournamentRow struct {
	ID        string `gorm:"primaryKey;size:36"`
	SchoolID  string `gorm:"size:36;not null;index"`
	Name      string `gorm:"size:100;not null"`
	Game      string `gorm:"size:16;not null"`
	System    string `gorm:"size:32;not null"`
	Rounds    int    `gorm:"not null"`
	Scoring   string `gorm:"size:16;not null"`
	TieBreaks string `gorm:"size:400;not null;default:''"`
	// TieBreakRules is the C.07 text ("" for rows older than the setting:
	// fide2026, what they were ranked by).
	TieBreakRules string `gorm:"size:16;not null;default:''"`
	Ruleset       string `gorm:"size:8;not null;default:''"`
	// Knockout: tie rule, third-place match and the teacher's choices
	// ("round:winner,..."); arena: defences for the title and the queue
	// of entrant numbers ("3,1,2").
	TieRule       string `gorm:"size:16;not null;default:''"`
	ThirdPlace    bool   `gorm:"not null;default:false"`
	Decisions     string `gorm:"size:4000;not null;default:''"`
	TitleDefences int    `gorm:"not null;default:0"`
	Queue         string `gorm:"size:4000;not null;default:''"`
	PairedRounds  int    `gorm:"not null"`
	Version       int    `gorm:"not null"`
	CreatedBy     string `gorm:"size:36;not null;index"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (tournamentRow) TableName() string { return "tournaments" }

// tournamentClassRow is one class a tournament is for.
type tournamentClassRow struct {
	TournamentID string `gorm:"primaryKey;size:36"`
	ClassID      string `gorm:"primaryKey;size:36;index"`
	Position     int    `gorm:"not null"`
}

func (tournamentClassRow) TableName() string { return "tournament_classes" }

// tournamentPlayerRow is an entrant, by pairing number; a student enters a
// tournament once.
type tournamentPlayerRow struct {
	TournamentID  string `gorm:"primaryKey;size:36;uniqueIndex:tournament_players_student,priority:1"`
	Number        int    `gorm:"primaryKey"`
	StudentID     string `gorm:"size:36;not null;index;uniqueIndex:tournament_players_student,priority:2"`
	ClassID       string `gorm:"size:36;not null"`
	Name          string `gorm:"size:100;not null"`
	Rating        int    `gorm:"not null"`
	FromRound     int    `gorm:"not null"`
	WithdrawnFrom int    `gorm:"not null"`
}

func (tournamentPlayerRow) TableName() string { return "tournament_players" }

// tournamentBoardRow is one board of a paired round (black 0: the bye).
type tournamentBoardRow struct {
	TournamentID string `gorm:"primaryKey;size:36"`
	Round        int    `gorm:"primaryKey"`
	Number       int    `gorm:"primaryKey"`
	White        int    `gorm:"not null"`
	Black        int    `gorm:"not null"`
	Result       string `gorm:"size:8;not null;default:''"`
	Reported     string `gorm:"size:8;not null;default:''"`
	ReportedBy   int    `gorm:"not null"`
	Stage        int    `gorm:"not null;default:0"`
	Decider      bool   `gorm:"not null;default:false"`
	ThirdPlace   bool   `gorm:"not null;default:false"`
}

func (tournamentBoardRow) TableName() string { return "tournament_boards" }

// tournamentAbsenceRow is a round an entrant sits out (a requested bye,
// an absence), kind as a TRF result code.
type tournamentAbsenceRow struct {
	TournamentID string `gorm:"primaryKey;size:36"`
	Player       int    `gorm:"primaryKey"`
	Round        int    `gorm:"primaryKey"`
	Kind         string `gorm:"size:1;not null"`
}

func (tournamentAbsenceRow) TableName() string { return "tournament_absences" }

func toTournamentRow(ev *tournaments.Event) tournamentRow {
	decisions := make([]string, len(ev.Decisions))
	for i, d := range ev.Decisions {
		decisions[i] = strconv.Itoa(d.Round) + ":" + strconv.Itoa(d.Winner)
	}
	return tournamentRow{ID: ev.ID, SchoolID: ev.SchoolID, Name: ev.Name, Game: ev.Game, System: ev.System,
		Rounds: ev.Rounds, Scoring: ev.Scoring, TieBreaks: strings.Join(ev.TieBreaks, ","), PairedRounds: ev.PairedRounds,
		TieBreakRules: string(ev.TieBreakRules), Ruleset: ev.Ruleset, TieRule: ev.TieRule, ThirdPlace: ev.ThirdPlace,
		Decisions: strings.Join(decisions, ","), TitleDefences: ev.TitleDefences, Queue: joinInts(ev.Queue),
		Version: ev.Version, CreatedBy: ev.CreatedBy, CreatedAt: ev.CreatedAt, UpdatedAt: ev.UpdatedAt}
}

func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// splitInts reads what joinInts wrote (a bad item is skipped: the rows are
// written only by toTournamentRow).
func splitInts(s, sep string) []int {
	var out []int
	for _, f := range strings.Split(s, sep) {
		if n, err := strconv.Atoi(f); err == nil {
			out = append(out, n)
		}
	}
	return out
}

func (r tournamentRow) toEvent() *tournaments.Event {
	ev := &tournaments.Event{ID: r.ID, SchoolID: r.SchoolID, Name: r.Name, Game: r.Game, System: r.System,
		Rounds: r.Rounds, Scoring: r.Scoring, PairedRounds: r.PairedRounds, Version: r.Version, CreatedBy: r.CreatedBy,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(), TieBreaks: []string{},
		TieBreakRules: tournaments.TieBreakRules(r.TieBreakRules), Ruleset: r.Ruleset, TieRule: r.TieRule,
		ThirdPlace: r.ThirdPlace, TitleDefences: r.TitleDefences}
	if ev.TieBreakRules == "" {
		ev.TieBreakRules = tournaments.FIDE2026
	}
	if r.TieBreaks != "" {
		ev.TieBreaks = strings.Split(r.TieBreaks, ",")
	}
	if r.Queue != "" {
		ev.Queue = splitInts(r.Queue, ",")
	}
	for _, d := range strings.Split(r.Decisions, ",") {
		if rw := splitInts(d, ":"); len(rw) == 2 {
			ev.Decisions = append(ev.Decisions, tournaments.KnockoutChoice{Round: rw[0], Winner: rw[1]})
		}
	}
	return ev
}

// tournamentChildren are the rows of an event other than its own.
type tournamentChildren struct {
	classes  []tournamentClassRow
	players  []tournamentPlayerRow
	boards   []tournamentBoardRow
	absences []tournamentAbsenceRow
}

func toTournamentChildren(ev *tournaments.Event) tournamentChildren {
	var ch tournamentChildren
	for i, id := range ev.ClassIDs {
		ch.classes = append(ch.classes, tournamentClassRow{TournamentID: ev.ID, ClassID: id, Position: i})
	}
	for _, p := range ev.Players {
		ch.players = append(ch.players, tournamentPlayerRow{TournamentID: ev.ID, Number: p.Number, StudentID: p.StudentID,
			ClassID: p.ClassID, Name: p.Name, Rating: p.Rating, FromRound: p.FromRound, WithdrawnFrom: p.WithdrawnFrom})
	}
	for _, b := range ev.Boards {
		ch.boards = append(ch.boards, tournamentBoardRow{TournamentID: ev.ID, Round: b.Round, Number: b.Number, White: b.White,
			Black: b.Black, Result: string(b.Result), Reported: string(b.Reported), ReportedBy: b.ReportedBy,
			Stage: b.Stage, Decider: b.Decider, ThirdPlace: b.ThirdPlace})
	}
	for _, a := range ev.Absences {
		ch.absences = append(ch.absences, tournamentAbsenceRow{TournamentID: ev.ID, Player: a.Player, Round: a.Round, Kind: string(rune(a.Kind))})
	}
	return ch
}

// fill puts the children rows into ev.
func (ch tournamentChildren) fill(ev *tournaments.Event) {
	ev.ClassIDs = make([]string, 0, len(ch.classes))
	for _, c := range ch.classes {
		ev.ClassIDs = append(ev.ClassIDs, c.ClassID)
	}
	for _, p := range ch.players {
		ev.Players = append(ev.Players, tournaments.Entrant{Number: p.Number, StudentID: p.StudentID, ClassID: p.ClassID,
			Name: p.Name, Rating: p.Rating, FromRound: p.FromRound, WithdrawnFrom: p.WithdrawnFrom})
	}
	for _, b := range ch.boards {
		ev.Boards = append(ev.Boards, tournaments.Board{Round: b.Round, Number: b.Number, White: b.White, Black: b.Black,
			Result: tournaments.Outcome(b.Result), Reported: tournaments.Outcome(b.Reported), ReportedBy: b.ReportedBy,
			Stage: b.Stage, Decider: b.Decider, ThirdPlace: b.ThirdPlace})
	}
	for _, a := range ch.absences {
		if a.Kind != "" {
			ev.Absences = append(ev.Absences, tournaments.Absence{Player: a.Player, Round: a.Round, Kind: tournaments.Result(a.Kind[0])})
		}
	}
}
