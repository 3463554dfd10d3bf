package api

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"qixue/tournaments"
)

// teamHandlers serve team events (seed 001's 团体赛): staff of the
// school create them, pair team rounds, set line-ups and enter results.
// A round's games are opened on tablets by the same live-round handler
// as a tournament's (POST /v1/team-tournaments/{id}/live-round).
type teamHandlers struct {
	svc *tournaments.TeamService
}

func (h *teamHandlers) register(v1 *echo.Group, auth echo.MiddlewareFunc) {
	routes := []route{
		{http.MethodPost, "/team-tournaments", h.create},
		{http.MethodGet, "/team-tournaments", h.list},
		{http.MethodGet, "/team-tournaments/:id", h.get},
		{http.MethodPost, "/team-tournaments/:id/rounds", h.pair},
		{http.MethodDelete, "/team-tournaments/:id/rounds/current", h.unpair},
		{http.MethodGet, "/team-tournaments/:id/pairings", h.pairings},
		{http.MethodPut, "/team-tournaments/:id/lineups", h.lineup},
		{http.MethodPost, "/team-tournaments/:id/results", h.result},
		{http.MethodGet, "/team-tournaments/:id/standings", h.standings},
	}
	addRoutes(v1, auth, h.svc != nil, routes)
}

func (h *teamHandlers) create(c echo.Context) error {
	var req teamTournamentRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	tt, err := h.svc.CreateTeam(c.Request().Context(), Caller(c), req.draft())
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderLocation, "/v1/team-tournaments/"+tt.ID)
	return c.JSON(http.StatusCreated, toTeamTournamentResponse(tt))
}

func (h *teamHandlers) list(c echo.Context) error {
	list, err := h.svc.ListTeams(c.Request().Context(), Caller(c))
	if err != nil {
		return err
	}
	out := teamTournamentList{Items: []teamTournamentSummary{}}
	for _, tt := range list {
		out.Items = append(out.Items, toTeamSummary(tt))
	}
	return c.JSON(http.StatusOK, out)
}

func (h *teamHandlers) get(c echo.Context) error {
	tt, err := h.svc.GetTeam(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toTeamTournamentResponse(tt))
}

func (h *teamHandlers) pair(c echo.Context) error {
	tt, err := h.svc.PairTeams(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toTeamRoundResponse(tt, len(tt.Played)))
}

func (h *teamHandlers) unpair(c echo.Context) error {
	tt, err := h.svc.UnpairTeams(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toTeamTournamentResponse(tt))
}

func (h *teamHandlers) pairings(c echo.Context) error {
	if _, err := roundQuery(c); err != nil {
		return err
	}
	tt, err := h.svc.GetTeam(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	r, err := pairedRound(c, len(tt.Played))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toTeamRoundResponse(tt, r))
}

func (h *teamHandlers) lineup(c echo.Context) error {
	var req teamLineupRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	if req.Team == 0 {
		return fieldError("team", "required")
	}
	tt, err := h.svc.SetLineup(c.Request().Context(), Caller(c), c.Param("id"), req.Team, req.StudentIDs)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toTeamRoundResponse(tt, len(tt.Played)))
}

func (h *teamHandlers) result(c echo.Context) error {
	var req teamResultRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	in := tournaments.ResultInput{Round: req.Round, Board: req.Game, Result: tournaments.Outcome(req.Result)}
	tt, err := h.svc.SetTeamResult(c.Request().Context(), Caller(c), c.Param("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toTeamRoundResponse(tt, req.Round))
}

func (h *teamHandlers) standings(c echo.Context) error {
	ctx, p := c.Request().Context(), Caller(c)
	tt, err := h.svc.GetTeam(ctx, p, c.Param("id"))
	if err != nil {
		return err
	}
	out := teamStandingsResponse{TeamTournamentID: tt.ID, Format: string(tt.Format), Teams: []teamStandingResponse{}}
	if tt.Format == tournaments.TeamMemberTotal {
		rows, err := h.svc.MemberTotalStandings(ctx, p, tt)
		if err != nil {
			return err
		}
		for _, r := range rows {
			out.Teams = append(out.Teams, teamStandingResponse{Rank: r.Rank, Team: teamRef(tt, r.Team), Points: pointsValue(r.Points),
				SmallPoints: ptr(pointsValue(r.Small))})
		}
		return c.JSON(http.StatusOK, out)
	}
	out.Round = tt.Engine().CompleteRounds()
	if tt.Format == tournaments.TeamArenaFormat {
		st, err := tt.ArenaState()
		if err != nil {
			return err
		}
		out.Over = &st.Over
		if st.Champion != 0 {
			out.Champion = ptr(teamRef(tt, st.Champion))
		}
		if st.Holder != 0 {
			out.Holder = ptr(teamPlayerRef(tt, st.Holder))
		}
		for _, p := range st.Places {
			out.Teams = append(out.Teams, teamStandingResponse{Rank: p.Rank, Team: teamRef(tt, p.Team), Points: float64(p.Wins),
				Won: ptr(p.Wins), FinishedAt: ptr(p.FinishedAt), Left: ptr(p.Left)})
		}
		return c.JSON(http.StatusOK, out)
	}
	for _, r := range tt.Standings() {
		out.Teams = append(out.Teams, teamStandingResponse{Rank: r.Rank, Team: teamRef(tt, r.Team), Points: pointsValue(r.Match),
			MatchPoints: ptr(pointsValue(r.Match)), SetPoints: ptr(pointsValue(r.Sets)), GamePoints: ptr(pointsValue(r.Games)),
			SmallPoints: ptr(pointsValue(r.Small)), Played: ptr(r.Played), Won: ptr(r.Won), Drawn: ptr(r.Drawn), Lost: ptr(r.Lost)})
	}
	out.Boards = []boardStandingResponse{}
	for _, r := range tt.BoardStandings() {
		out.Boards = append(out.Boards, boardStandingResponse{Board: r.Board, Rank: r.Rank, Player: teamPlayerRef(tt, r.Player),
			Team: teamRef(tt, r.Team), Points: pointsValue(r.Points), Games: r.Games})
	}
	return c.JSON(http.StatusOK, out)
}

func ptr[T any](v T) *T { return &v }

// teamTournamentRequest creates a team event.
type teamTournamentRequest struct {
	Name          string            `json:"name"`
	Game          string            `json:"game"`
	Format        string            `json:"format"`
	System        string            `json:"system"`
	Rounds        int               `json:"rounds"`
	Boards        int               `json:"boards"`
	GamesPerBoard int               `json:"games_per_board"`
	Ruleset       string            `json:"ruleset"`
	ClassIDs      []string          `json:"class_ids"`
	Teams         []teamRequestTeam `json:"teams"`
	TournamentID  string            `json:"tournament_id"`
	DrawRule      string            `json:"draw_rule"`
}

type teamRequestTeam struct {
	Name       string   `json:"name"`
	StudentIDs []string `json:"student_ids"`
}

func (r teamTournamentRequest) draft() tournaments.TeamDraft {
	d := tournaments.TeamDraft{Name: r.Name, Game: r.Game, Format: r.Format, System: r.System, Rounds: r.Rounds, Boards: r.Boards,
		GamesPerBoard: r.GamesPerBoard, Ruleset: r.Ruleset, ClassIDs: r.ClassIDs, Tournament: r.TournamentID,
		DrawRule: r.DrawRule}
	for _, t := range r.Teams {
		d.Teams = append(d.Teams, tournaments.TeamDraftTeam{Name: t.Name, StudentIDs: t.StudentIDs})
	}
	return d
}

type teamLineupRequest struct {
	Team       int      `json:"team"`
	StudentIDs []string `json:"student_ids"`
}

type teamResultRequest struct {
	Round  int    `json:"round"`
	Game   int    `json:"game"`
	Result string `json:"result"`
}

type teamTournamentSummary struct {
	ID           string    `json:"id"`
	Name         string    `json:"name"`
	Game         string    `json:"game"`
	Format       string    `json:"format"`
	System       string    `json:"system,omitempty"`
	Teams        int       `json:"teams"`
	PairedRounds int       `json:"paired_rounds"`
	Rounds       int       `json:"rounds"`
	CreatedAt    time.Time `json:"created_at"`
}

type teamTournamentList struct {
	Items []teamTournamentSummary `json:"items"`
}

func toTeamSummary(tt *tournaments.TeamTournament) teamTournamentSummary {
	return teamTournamentSummary{ID: tt.ID, Name: tt.Name, Game: tt.Game, Format: string(tt.Format), System: tt.System, Teams: len(tt.Teams),
		PairedRounds: len(tt.Played), Rounds: tt.Rounds, CreatedAt: tt.CreatedAt}
}

type teamTournamentResponse struct {
	teamTournamentSummary
	Boards        int                `json:"boards"`
	GamesPerBoard int                `json:"games_per_board"`
	Ruleset       string             `json:"ruleset,omitempty"`
	ClassIDs      []string           `json:"class_ids"`
	TournamentID  string             `json:"tournament_id,omitempty"`
	DrawRule      string             `json:"draw_rule,omitempty"`
	Version       int                `json:"version"`
	TeamList      []teamResponseTeam `json:"team_list"`
}

type teamResponseTeam struct {
	Number  int                  `json:"number"`
	Name    string               `json:"name"`
	Players []teamPlayerResponse `json:"players"`
}

type teamPlayerResponse struct {
	Number    int    `json:"number"`
	StudentID string `json:"student_id"`
	Name      string `json:"name"`
	ClassID   string `json:"class_id,omitempty"`
}

func toTeamTournamentResponse(tt *tournaments.TeamTournament) teamTournamentResponse {
	out := teamTournamentResponse{teamTournamentSummary: toTeamSummary(tt), Boards: tt.Boards, GamesPerBoard: tt.GamesPerBoard, Ruleset: tt.Ruleset,
		ClassIDs: tt.ClassIDs, TournamentID: tt.Linked, DrawRule: tt.ArenaDraw, Version: tt.Version, TeamList: []teamResponseTeam{}}
	for _, t := range tt.Teams {
		rt := teamResponseTeam{Number: t.Number, Name: t.Name, Players: []teamPlayerResponse{}}
		for _, n := range t.Players {
			p := tt.Player(n)
			rt.Players = append(rt.Players, teamPlayerResponse{Number: n, StudentID: p.StudentID, Name: p.Name, ClassID: p.ClassID})
		}
		out.TeamList = append(out.TeamList, rt)
	}
	return out
}

type teamRefResponse struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
}

func teamRef(tt *tournaments.TeamTournament, n int) teamRefResponse {
	return teamRefResponse{Number: n, Name: tt.Engine().Team(n).Name}
}

func teamPlayerRef(tt *tournaments.TeamTournament, n int) teamPlayerResponse {
	p := tt.Player(n)
	return teamPlayerResponse{Number: n, StudentID: p.StudentID, Name: p.Name}
}

type teamRoundResponse struct {
	TeamTournamentID string              `json:"team_tournament_id"`
	Round            int                 `json:"round"`
	Matches          []teamMatchResponse `json:"matches"`
}

type teamMatchResponse struct {
	Match      int                  `json:"match"`
	Home       teamRefResponse      `json:"home"`
	Away       *teamRefResponse     `json:"away"`
	HomeLineup []teamPlayerResponse `json:"home_lineup"`
	AwayLineup []teamPlayerResponse `json:"away_lineup"`
	Games      []teamGameResponse   `json:"games"`
	// Score is null until every game has its result.
	Score *teamMatchScore `json:"score"`
}

type teamGameResponse struct {
	Game    int                `json:"game"`
	Board   int                `json:"board"`
	Against int                `json:"against"`
	Number  int                `json:"number"`
	First   teamPlayerResponse `json:"first"`
	Second  teamPlayerResponse `json:"second"`
	Result  *string            `json:"result"`
}

type teamMatchScore struct {
	Home teamScoreResponse `json:"home"`
	Away teamScoreResponse `json:"away"`
}

type teamScoreResponse struct {
	MatchPoints float64 `json:"match_points"`
	SetPoints   float64 `json:"set_points"`
	GamePoints  float64 `json:"game_points"`
}

func toTeamRoundResponse(tt *tournaments.TeamTournament, r int) teamRoundResponse {
	out := teamRoundResponse{TeamTournamentID: tt.ID, Round: r, Matches: []teamMatchResponse{}}
	if r < 1 || r > len(tt.Played) {
		return out
	}
	ev := tt.Engine()
	games := tt.RoundGames(r)
	for mi, m := range tt.Played[r-1].Matches {
		rm := teamMatchResponse{Match: mi + 1, Home: teamRef(tt, m.Home), HomeLineup: []teamPlayerResponse{}, AwayLineup: []teamPlayerResponse{},
			Games: []teamGameResponse{}}
		if m.Away != 0 {
			a := teamRef(tt, m.Away)
			rm.Away = &a
		}
		for _, n := range m.HomeLineup {
			rm.HomeLineup = append(rm.HomeLineup, teamPlayerRef(tt, n))
		}
		for _, n := range m.AwayLineup {
			rm.AwayLineup = append(rm.AwayLineup, teamPlayerRef(tt, n))
		}
		for _, g := range games {
			if g.Match != mi {
				continue
			}
			rg := teamGameResponse{Game: g.Number, Board: g.Board, Against: g.Against, Number: g.Game, First: teamPlayerRef(tt, g.First),
				Second: teamPlayerRef(tt, g.Second)}
			if g.Result != tournaments.OutcomePending {
				s := string(g.Result)
				rg.Result = &s
			}
			rm.Games = append(rm.Games, rg)
		}
		if h, a, done := ev.Score(m); done {
			rm.Score = &teamMatchScore{Home: teamScoreResponse{pointsValue(h.Match), pointsValue(h.Sets), pointsValue(h.Games)},
				Away: teamScoreResponse{pointsValue(a.Match), pointsValue(a.Sets), pointsValue(a.Games)}}
		}
		out.Matches = append(out.Matches, rm)
	}
	return out
}

type teamStandingsResponse struct {
	TeamTournamentID string                  `json:"team_tournament_id"`
	Format           string                  `json:"format"`
	Round            int                     `json:"round"`
	Teams            []teamStandingResponse  `json:"teams"`
	Boards           []boardStandingResponse `json:"boards,omitempty"`
	// A 擂台赛: whether it is over, its champion and the player on the
	// stage.
	Over     *bool               `json:"over,omitempty"`
	Champion *teamRefResponse    `json:"champion,omitempty"`
	Holder   *teamPlayerResponse `json:"holder,omitempty"`
}

type teamStandingResponse struct {
	Rank        int             `json:"rank"`
	Team        teamRefResponse `json:"team"`
	Points      float64         `json:"points"`
	MatchPoints *float64        `json:"match_points,omitempty"`
	SetPoints   *float64        `json:"set_points,omitempty"`
	GamePoints  *float64        `json:"game_points,omitempty"`
	SmallPoints *float64        `json:"small_points,omitempty"`
	// A 擂台赛: the game the team finished with (0 still in) and its
	// players not beaten yet.
	FinishedAt *int `json:"finished_at,omitempty"`
	Left       *int `json:"left,omitempty"`
	Played     *int `json:"played,omitempty"`
	Won        *int `json:"won,omitempty"`
	Drawn      *int `json:"drawn,omitempty"`
	Lost       *int `json:"lost,omitempty"`
}

type boardStandingResponse struct {
	Board  int                `json:"board"`
	Rank   int                `json:"rank"`
	Player teamPlayerResponse `json:"player"`
	Team   teamRefResponse    `json:"team"`
	Points float64            `json:"points"`
	Games  int                `json:"games"`
}
