package tournaments

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"qixue/domain"
)

// TeamService runs team events with the tournament service's checks of
// classes and students.
type TeamService struct {
	svc   *Service
	store TeamStore
}

// NewTeamService returns the team events of svc's schools kept in store.
func NewTeamService(svc *Service, store TeamStore) *TeamService {
	return &TeamService{svc: svc, store: store}
}

// TeamDraft is the input of a new team event.
type TeamDraft struct {
	Name          string
	Game          string
	Format        string
	System        string // round_robin (default), double_round_robin, school_swiss, dutch
	Rounds        int    // a Swiss: 1..30
	Boards        int
	GamesPerBoard int // 0 is 1
	Ruleset       string
	ClassIDs      []string
	Teams         []TeamDraftTeam
	// Tournament is the individual tournament of a 队员总分制 event.
	Tournament string
	// DrawRule is a 擂台赛's: both_out (default) or replay
	// (TeamArenaDraws).
	DrawRule string
}

// TeamDraftTeam is a team: its name and its students in board order,
// reserves last.
type TeamDraftTeam struct {
	Name       string
	StudentIDs []string
}

// maxTeamGamesPerRound bounds the games of one round of a team event.
const maxTeamGamesPerRound = 500

// TeamSystems are the systems that pair teams.
var TeamSystems = []string{sysRoundRobin, sysDoubleRoundRobin, sysSchoolSwiss, sysDutch}

func (d *TeamDraft) validate(v *domain.FieldErrors) {
	validateNameGame(v, &d.Name, d.Game)
	validateRuleset(v, d.Game, &d.Ruleset)
	if d.Format == "" {
		v.Add("format", "required")
	} else if !TeamFormat(d.Format).Valid() {
		v.Add("format", "invalid")
	}
	memberTotal := TeamFormat(d.Format) == TeamMemberTotal
	arena := TeamFormat(d.Format) == TeamArenaFormat
	if d.System == "" && !memberTotal && !arena {
		d.System = sysRoundRobin
	}
	switch {
	case !arena && d.DrawRule != "":
		v.Add("draw_rule", "not_allowed")
	case arena && d.DrawRule == "":
		d.DrawRule = "both_out"
	}
	if _, ok := TeamArenaDraws[d.DrawRule]; arena && !ok {
		v.Add("draw_rule", "invalid")
	}
	if arena {
		// A 擂台赛 plays one game at a time: a team sends all its players.
		switch {
		case d.Boards != 0:
			v.Add("boards", "not_allowed")
		case d.GamesPerBoard > 1:
			v.Add("games_per_board", "not_allowed")
		}
		d.Boards, d.GamesPerBoard = 1, 1
	}
	swiss := d.System == sysSchoolSwiss || d.System == sysDutch
	switch {
	case (memberTotal || arena) && d.System != "":
		v.Add("system", "not_allowed")
	case !memberTotal && !arena && !slices.Contains(TeamSystems, d.System):
		v.Add("system", "invalid")
	case swiss && d.Rounds == 0:
		v.Add("rounds", "required")
	case swiss && (d.Rounds < 1 || d.Rounds > maxRounds):
		v.Add("rounds", "out_of_range")
	case !swiss && d.Rounds != 0:
		v.Add("rounds", "not_allowed")
	}
	if d.GamesPerBoard == 0 {
		d.GamesPerBoard = 1
	}
	switch {
	case d.Boards == 0:
		v.Add("boards", "required")
	case d.Boards < 1 || d.Boards > MaxTeamBoards:
		v.Add("boards", "out_of_range")
	}
	if d.GamesPerBoard < 1 || d.GamesPerBoard > 2 {
		v.Add("games_per_board", "out_of_range")
	}
	switch {
	case memberTotal && d.Tournament == "":
		v.Add("tournament_id", "required")
	case !memberTotal && d.Tournament != "":
		v.Add("tournament_id", "not_allowed")
	}
	switch {
	case len(d.ClassIDs) == 0:
		v.Add("class_ids", "required")
	case len(d.ClassIDs) > maxClasses:
		v.Add("class_ids", "too_many")
	}
	switch {
	case len(d.Teams) < 2:
		v.Add("teams", "too_short")
	case len(d.Teams) > MaxTeams:
		v.Add("teams", "too_many")
	}
	// Bounds on the whole event: players, and games a round.
	players, perMatch := 0, d.Boards*max(d.GamesPerBoard, 1)
	if TeamFormat(d.Format) == TeamAllPlay {
		perMatch *= d.Boards
	}
	for _, t := range d.Teams {
		players += len(t.StudentIDs)
	}
	if players > maxPlayers || len(d.Teams)/2*perMatch > maxTeamGamesPerRound {
		v.Add("teams", "too_many")
	}
	for i := range d.Teams {
		t := &d.Teams[i]
		t.Name = strings.TrimSpace(t.Name)
		f := fmt.Sprintf("teams[%d]", i)
		switch {
		case t.Name == "":
			v.Add(f+".name", "required")
		case utf8.RuneCountInString(t.Name) > maxNameLen:
			v.Add(f+".name", "too_long")
		}
		switch {
		case len(t.StudentIDs) < d.Boards:
			v.Add(f+".student_ids", "too_short")
		case len(t.StudentIDs) > MaxTeamPlayers:
			v.Add(f+".student_ids", "too_many")
		}
	}
}

// CreateTeam makes a team event of the classes (staff who may hold a
// tournament for them) with the teams given; every player is an active
// student of the classes and in one team only. A 队员总分制 event names
// an individual tournament of the school whose entrants include every
// player.
func (s *TeamService) CreateTeam(ctx context.Context, c domain.Principal, d TeamDraft) (*TeamTournament, error) {
	if !c.Staff() {
		return nil, ErrForbidden
	}
	var v domain.FieldErrors
	d.validate(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	school, err := s.svc.classes(ctx, c, d.ClassIDs)
	if err != nil {
		return nil, err
	}
	students, err := s.svc.store.Students(ctx, d.ClassIDs)
	if err != nil {
		return nil, err
	}
	byID := map[string]Student{}
	for _, st := range students {
		byID[st.ID] = st
	}
	now := s.svc.now().UTC()
	tt := &TeamTournament{ID: newID(), SchoolID: school, Name: d.Name, Game: d.Game, Format: TeamFormat(d.Format), System: d.System,
		Rounds: d.Rounds, Boards: d.Boards, GamesPerBoard: d.GamesPerBoard, Ruleset: d.Ruleset, ClassIDs: d.ClassIDs,
		Linked: d.Tournament, ArenaDraw: d.DrawRule, CreatedBy: c.UserID, CreatedAt: now, UpdatedAt: now, Version: 1}
	seen := map[string]bool{}
	for i, dt := range d.Teams {
		team := Team{Number: i + 1, Name: dt.Name}
		for _, id := range dt.StudentIDs {
			st, ok := byID[id]
			field := fmt.Sprintf("teams[%d].student_ids", i)
			switch {
			case !ok:
				return nil, invalid(field, "not_in_classes")
			case seen[id]:
				return nil, invalid(field, "already_entered")
			}
			seen[id] = true
			n := len(tt.Players) + 1
			tt.Players = append(tt.Players, TeamPlayer{Number: n, StudentID: id, ClassID: st.ClassID, Name: st.RealName, Team: team.Number})
			team.Players = append(team.Players, n)
		}
		tt.Teams = append(tt.Teams, team)
	}
	if tt.Format == TeamMemberTotal {
		ind, err := s.svc.load(ctx, c, d.Tournament, true)
		if errors.Is(err, ErrNotFound) {
			return nil, invalid("tournament_id", "not_found")
		}
		if err != nil {
			return nil, err
		}
		if ind.SchoolID != school || ind.Game != d.Game {
			return nil, invalid("tournament_id", "invalid")
		}
		for _, p := range tt.Players {
			if ind.Entrant(p.StudentID) == nil {
				return nil, invalid("tournament_id", "not_entered")
			}
		}
	}
	if err := s.store.CreateTeam(ctx, tt); err != nil {
		return nil, err
	}
	return tt, nil
}

// load returns a team event staff may run: admins of its school, teachers
// of one of its classes.
func (s *TeamService) load(ctx context.Context, c domain.Principal, id string) (*TeamTournament, error) {
	if !c.Staff() {
		return nil, ErrForbidden
	}
	tt, err := s.store.TeamEvent(ctx, c.SchoolScope(), id)
	if err != nil {
		return nil, err
	}
	if err := s.svc.teacherOf(ctx, c, tt.ClassIDs); err != nil {
		return nil, err
	}
	return tt, nil
}

// GetTeam returns a team event the caller runs.
func (s *TeamService) GetTeam(ctx context.Context, c domain.Principal, id string) (*TeamTournament, error) {
	return s.load(ctx, c, id)
}

// ListTeams returns the team events the caller runs, newest first.
func (s *TeamService) ListTeams(ctx context.Context, c domain.Principal) ([]*TeamTournament, error) {
	if !c.Staff() {
		return nil, ErrForbidden
	}
	all, err := s.store.ListTeams(ctx, c.SchoolScope(), 200)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, tt := range all {
		switch err := s.svc.teacherOf(ctx, c, tt.ClassIDs); {
		case err == nil:
			out = append(out, tt)
		case !errors.Is(err, ErrNotFound):
			return nil, err
		}
	}
	return out, nil
}

// changeTeam loads, changes and saves the event, again on a fresh load
// when another change won the race (at most maxRetries times).
func (s *TeamService) changeTeam(ctx context.Context, c domain.Principal, id string, f func(tt *TeamTournament) error) (*TeamTournament, error) {
	for attempt := 0; ; attempt++ {
		tt, err := s.load(ctx, c, id)
		if err != nil {
			return nil, err
		}
		if err := f(tt); err != nil {
			return nil, err
		}
		tt.UpdatedAt = s.svc.now().UTC()
		err = s.store.SaveTeam(ctx, tt)
		if errors.Is(err, ErrConflict) && attempt < maxRetries {
			continue
		}
		if err != nil {
			return nil, err
		}
		tt.Version++
		return tt, nil
	}
}

// teamError maps the engine's refusals to the service's errors.
func teamError(err error) error {
	var te *TeamError
	var se *SystemError
	switch {
	case errors.As(err, &te):
		return invalid(te.Field, te.Code)
	case errors.Is(err, ErrNoValidPairing):
		return ErrNoPairing
	case errors.Is(err, ErrRoundsComplete):
		return ErrAllRoundsPaired
	case errors.As(err, &se) && se.Code == CodeTooFewPlayers:
		return ErrTooFewPlayers
	}
	return err
}

// PairTeams pairs the next team round once every game of the current one
// has its result; every team plays its registered board order until its
// line-up is changed (SetLineup).
func (s *TeamService) PairTeams(ctx context.Context, c domain.Principal, id string) (*TeamTournament, error) {
	return s.changeTeam(ctx, c, id, func(tt *TeamTournament) error {
		if tt.Format == TeamMemberTotal {
			return invalid("format", "no_team_matches")
		}
		ev := tt.Engine()
		if r := len(tt.Played); r > 0 {
			var missing []int
			for _, g := range tt.RoundGames(r) {
				if g.Result == OutcomePending {
					missing = append(missing, g.Number)
				}
			}
			if len(missing) > 0 {
				return ErrRoundIncomplete.WithArgs(r, boardList(missing))
			}
		}
		if tt.Format == TeamArenaFormat {
			st, err := tt.ArenaState()
			switch {
			case err != nil:
				return err
			case st.Over:
				return ErrAllRoundsPaired
			}
			tt.Played = append(tt.Played, arenaRound(*st.Next))
			return nil
		}
		if tt.roundRobin() && len(tt.Played) == 0 {
			tt.Rounds = tt.system().(RoundRobin).Rounds(len(tt.Teams))
		}
		if len(tt.Played) >= tt.Rounds {
			return ErrAllRoundsPaired
		}
		pairs, err := ev.PairTeams(tt.system())
		if err != nil {
			return teamError(err)
		}
		var round TeamRound
		for _, p := range pairs {
			m, err := ev.NewMatch(p, nil, nil)
			if err != nil {
				return teamError(err)
			}
			round.Matches = append(round.Matches, m)
		}
		tt.Played = append(tt.Played, round)
		return nil
	})
}

// UnpairTeams takes back the current round while none of its games has
// a result.
func (s *TeamService) UnpairTeams(ctx context.Context, c domain.Principal, id string) (*TeamTournament, error) {
	return s.changeTeam(ctx, c, id, func(tt *TeamTournament) error {
		r := len(tt.Played)
		if r == 0 {
			return ErrNothingToUnpair
		}
		for _, g := range tt.RoundGames(r) {
			if g.Result != OutcomePending {
				return ErrResultsEntered.WithArgs(r, g.Number)
			}
		}
		tt.Played = tt.Played[:r-1]
		if tt.roundRobin() && len(tt.Played) == 0 {
			tt.Rounds = 0
		}
		return nil
	})
}

// SetLineup sets the players a team fields in its match of the current
// round (students in board order), as the format allows, while no game
// of that match has a result; the match's games are made again.
func (s *TeamService) SetLineup(ctx context.Context, c domain.Principal, id string, team int, studentIDs []string) (*TeamTournament, error) {
	return s.changeTeam(ctx, c, id, func(tt *TeamTournament) error {
		r := len(tt.Played)
		switch {
		case tt.Format == TeamArenaFormat:
			return invalid("format", "not_allowed")
		case r == 0:
			return ErrNothingToUnpair
		}
		var lineup []int
		for _, sid := range studentIDs {
			n := 0
			for _, p := range tt.Players {
				if p.StudentID == sid && p.Team == team {
					n = p.Number
				}
			}
			if n == 0 {
				return invalid("student_ids", "not_in_team")
			}
			lineup = append(lineup, n)
		}
		ev := tt.Engine()
		if ev.Team(team) == nil {
			return invalid("team", "not_found")
		}
		if err := ev.CheckLineup(team, lineup); err != nil {
			return teamError(err)
		}
		for i := range tt.Played[r-1].Matches {
			m := &tt.Played[r-1].Matches[i]
			if m.Away == 0 || m.Home != team && m.Away != team {
				continue
			}
			for _, g := range m.Games {
				if g.Result != OutcomePending {
					return ErrResultsEntered.WithArgs(r, i+1)
				}
			}
			if m.Home == team {
				m.HomeLineup = lineup
			} else {
				m.AwayLineup = lineup
			}
			m.Games = ev.MatchGames(m.HomeLineup, m.AwayLineup)
			return nil
		}
		return invalid("team", "bye")
	})
}

// SetTeamResult enters the result of game number (RoundGames) of a
// paired round; staff enter and correct any result.
func (s *TeamService) SetTeamResult(ctx context.Context, c domain.Principal, id string, in ResultInput) (*TeamTournament, error) {
	return s.changeTeam(ctx, c, id, func(tt *TeamTournament) error {
		switch {
		case in.Round == 0:
			return invalid("round", "required")
		case in.Round < 0 || in.Round > len(tt.Played):
			return invalid("round", "not_found")
		case in.Board == 0:
			return invalid("game", "required")
		case in.Result == OutcomePending:
			return invalid("result", "required")
		case !validOutcome(in.Result):
			return invalid("result", "invalid")
		}
		for _, g := range tt.RoundGames(in.Round) {
			if g.Number != in.Board {
				continue
			}
			m := &tt.Played[in.Round-1].Matches[g.Match]
			for i := range m.Games {
				if m.Games[i].Board == g.Board && m.Games[i].Against == g.Against && m.Games[i].Game == g.Game {
					m.Games[i].Result = in.Result
				}
			}
			if tt.Format == TeamArenaFormat {
				return tt.checkArena()
			}
			return nil
		}
		return invalid("game", "not_found")
	})
}

// TeamGameFor returns game number of round r of the team event: the
// students who move first and second, and whether it has its result.
func (s *TeamService) TeamGameFor(ctx context.Context, c domain.Principal, id string, r, number int) (first, second string, done bool, err error) {
	tt, err := s.load(ctx, c, id)
	if err != nil {
		return "", "", false, err
	}
	if r < 1 || r > len(tt.Played) {
		return "", "", false, invalid("round", "not_found")
	}
	for _, g := range tt.RoundGames(r) {
		if g.Number == number {
			return tt.Player(g.First).StudentID, tt.Player(g.Second).StudentID, g.Result != OutcomePending, nil
		}
	}
	return "", "", false, invalid("board", "not_found")
}

// MemberTotalStandings ranks the teams of a 队员总分制 event by their
// players' points in its individual tournament (then their 小分, the
// tournament's SB when it has it).
func (s *TeamService) MemberTotalStandings(ctx context.Context, c domain.Principal, tt *TeamTournament) ([]MemberTotal, error) {
	ind, err := s.svc.load(ctx, c, tt.Linked, false)
	if err != nil {
		return nil, err
	}
	byStudent := map[string]int{}
	for _, p := range tt.Players {
		byStudent[p.StudentID] = p.Number
	}
	sb := slices.Index(ind.TieBreaks, string(SonnebornBerger))
	points, small := map[int]Points{}, map[int]Points{}
	for _, row := range ind.Standings() {
		n, ok := byStudent[row.Player.StudentID]
		if !ok {
			continue
		}
		points[n] = row.Points
		if sb >= 0 && sb < len(row.TieBreaks) {
			small[n] = Points(row.TieBreaks[sb].Float64()*10 + 0.5)
		}
	}
	return MemberTotals(tt.Teams, points, small), nil
}

// Teams returns the team events kept beside the tournaments, or nil when
// the service's store keeps none (or s is nil).
func (s *Service) Teams() *TeamService {
	if s == nil {
		return nil
	}
	if ts, ok := s.store.(TeamStore); ok {
		return &TeamService{svc: s, store: ts}
	}
	return nil
}
