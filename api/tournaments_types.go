package api

import (
	"context"
	"slices"
	"time"

	"qixue/domain"
	"qixue/identity"
	"qixue/tournaments"
)

// tournamentRequest creates a tournament.
type tournamentRequest struct {
	Name       string   `json:"name"`
	Game       string   `json:"game"`
	System     string   `json:"system"`
	Rounds     int      `json:"rounds"`
	Points     string   `json:"points"`
	TieBreaks  []string `json:"tie_breaks"`
	ClassIDs   []string `json:"class_ids"`
	StudentIDs []string `json:"student_ids"`
	// TieBreakRules: fide2023 (default) or fide2026.
	TieBreakRules string `json:"tiebreak_rules"`
	// Ruleset: the number-chess band whose rules score the games.
	Ruleset string `json:"ruleset"`
	// Knockout: tie rule and third-place match; arena: defences for the
	// title.
	TieRule       string `json:"tie_rule"`
	ThirdPlace    bool   `json:"third_place"`
	TitleDefences int    `json:"title_defences"`
}

func (r tournamentRequest) draft() tournaments.Draft {
	return tournaments.Draft{Name: r.Name, Game: r.Game, System: r.System, Rounds: r.Rounds, Scoring: r.Points,
		TieBreaks: r.TieBreaks, ClassIDs: r.ClassIDs, StudentIDs: r.StudentIDs, TieBreakRules: r.TieBreakRules,
		Ruleset: r.Ruleset, TieRule: r.TieRule, ThirdPlace: r.ThirdPlace, TitleDefences: r.TitleDefences}
}

// tournamentImportRequest continues a tournament from a TRF file.
type tournamentImportRequest struct {
	Name      string   `json:"name"`
	Game      string   `json:"game"`
	ClassIDs  []string `json:"class_ids"`
	TieBreaks []string `json:"tie_breaks"`
	// TieBreakRules as tournamentRequest's.
	TieBreakRules string                  `json:"tiebreak_rules"`
	Rounds        int                     `json:"rounds"`
	TRF           string                  `json:"trf"`
	Players       []importedPlayerRequest `json:"players"`
}

// importedPlayerRequest maps a start rank of the file to a student.
type importedPlayerRequest struct {
	Number    int    `json:"number"`
	StudentID string `json:"student_id"`
}

func (r tournamentImportRequest) draft() (tournaments.ImportDraft, error) {
	d := tournaments.ImportDraft{Name: r.Name, Game: r.Game, ClassIDs: r.ClassIDs, TieBreaks: r.TieBreaks, Rounds: r.Rounds, TRF: r.TRF,
		TieBreakRules: r.TieBreakRules}
	if len(r.Players) > 0 {
		d.Players = map[int]string{}
		for _, p := range r.Players {
			if _, dup := d.Players[p.Number]; dup || p.Number < 1 || p.StudentID == "" {
				return d, domain.Invalid("players", "invalid")
			}
			d.Players[p.Number] = p.StudentID
		}
	}
	return d, nil
}

// entryRequest enters students.
type entryRequest struct {
	StudentIDs []string `json:"student_ids"`
}

// byeRequest asks for a half-point bye.
type byeRequest struct {
	StudentID string `json:"student_id"`
	Round     int    `json:"round"`
}

// resultRequest enters one board's result: the result, or for number
// chess the game (moves) or its final position, which the engine scores.
type resultRequest struct {
	Round    int      `json:"round"`
	Board    int      `json:"board"`
	Result   string   `json:"result"`
	Moves    []string `json:"moves"`
	Position string   `json:"position"`
}

// tournamentResponse is a tournament with its entrants. A student sees
// the other children by first name only, without their IDs.
type tournamentResponse struct {
	ID           string           `json:"id"`
	SchoolID     string           `json:"school_id"`
	Name         string           `json:"name"`
	Game         string           `json:"game"`
	System       string           `json:"system"`
	Rounds       int              `json:"rounds"`
	Points       string           `json:"points"`
	TieBreaks    []string         `json:"tie_breaks"`
	TieRules     string           `json:"tiebreak_rules"`
	Ruleset      *string          `json:"ruleset,omitempty"`
	TieRule      *string          `json:"tie_rule,omitempty"`
	ThirdPlace   *bool            `json:"third_place,omitempty"`
	Defences     *int             `json:"title_defences,omitempty"`
	ClassIDs     []string         `json:"class_ids"`
	CurrentRound int              `json:"current_round"`
	Status       string           `json:"status"`
	Players      []playerResponse `json:"players"`
	CreatedAt    time.Time        `json:"created_at"`
	UpdatedAt    time.Time        `json:"updated_at"`
}

// playerResponse is an entrant.
type playerResponse struct {
	Number        int     `json:"number"`
	Name          string  `json:"name"`
	StudentID     *string `json:"student_id,omitempty"`
	ClassID       *string `json:"class_id,omitempty"`
	FromRound     int     `json:"from_round"`
	WithdrawnFrom *int    `json:"withdrawn_from"`
	Points        float64 `json:"points"`
}

// names tells how entrants are named to the caller: in full to staff, by
// their shown name (identity.ShownName, looked up by student ID in shown)
// to a student, except the student itself.
type names struct {
	student bool
	self    string
	shown   map[string]string
}

// shownNamer looks up the shown names of students (identity.Service).
type shownNamer interface {
	ShownNames(ctx context.Context, schoolID string, ids []string) (map[string]string, error)
}

// namesIn returns how the entrants of the events are named to p: for a
// student, with the shown names of the other entrants looked up.
func namesIn(ctx context.Context, lookup shownNamer, p domain.Principal, evs ...*tournaments.Event) (names, error) {
	n := names{student: p.Role == domain.RoleStudent, self: p.UserID}
	if !n.student {
		return n, nil
	}
	var ids []string
	for _, ev := range evs {
		for _, e := range ev.Players {
			if e.StudentID != "" && e.StudentID != p.UserID {
				ids = append(ids, e.StudentID)
			}
		}
	}
	if len(ids) == 0 || lookup == nil {
		return n, nil
	}
	var err error
	n.shown, err = lookup.ShownNames(ctx, p.SchoolID, ids)
	return n, err
}

func (n names) of(e tournaments.Entrant) string {
	if n.student && e.StudentID != n.self {
		if s, ok := n.shown[e.StudentID]; ok {
			return s
		}
		return identity.Initial(e.Name) // a student since removed
	}
	return e.Name
}

func (n names) player(e tournaments.Entrant, pts tournaments.Points) playerResponse {
	r := playerResponse{Number: e.Number, Name: n.of(e), FromRound: e.FromRound, Points: pointsValue(pts)}
	if !n.student || e.StudentID == n.self {
		r.StudentID, r.ClassID = &e.StudentID, &e.ClassID
	}
	if e.WithdrawnFrom > 0 {
		w := e.WithdrawnFrom
		r.WithdrawnFrom = &w
	}
	return r
}

func pointsValue(p tournaments.Points) float64 { return float64(p) / 10 }

// status names the stage of a tournament.
func status(ev *tournaments.Event) string {
	switch {
	case ev.Finished():
		return "finished"
	case ev.PairedRounds == 0:
		return "registration"
	}
	return "running"
}

func toTournamentResponse(ev *tournaments.Event, n names) tournamentResponse {
	pts := map[int]tournaments.Points{}
	for _, s := range ev.Standings() {
		pts[s.Player.Number] = s.Points
	}
	r := tournamentResponse{ID: ev.ID, SchoolID: ev.SchoolID, Name: ev.Name, Game: ev.Game, System: ev.System, Rounds: ev.Rounds,
		Points: ev.Scoring, TieBreaks: ev.TieBreaks, ClassIDs: ev.ClassIDs, CurrentRound: ev.PairedRounds, Status: status(ev),
		Players: make([]playerResponse, 0, len(ev.Players)), CreatedAt: ev.CreatedAt, UpdatedAt: ev.UpdatedAt,
		TieRules: string(ev.TieBreakRules)}
	if ev.Game == "numchess" {
		r.Ruleset = &ev.Ruleset
	}
	switch ev.System {
	case "knockout":
		r.TieRule, r.ThirdPlace = &ev.TieRule, &ev.ThirdPlace
	case "arena":
		r.Defences = &ev.TitleDefences
	}
	if n.student {
		r.ClassIDs = nil
	}
	for _, e := range ev.Players {
		r.Players = append(r.Players, n.player(e, pts[e.Number]))
	}
	return r
}

// tournamentSummary is a tournament in a list.
type tournamentSummary struct {
	ID           string    `json:"id"`
	Name         string    `json:"name"`
	Game         string    `json:"game"`
	System       string    `json:"system"`
	Rounds       int       `json:"rounds"`
	ClassIDs     []string  `json:"class_ids"`
	CurrentRound int       `json:"current_round"`
	Status       string    `json:"status"`
	Players      int       `json:"players"`
	CreatedAt    time.Time `json:"created_at"`
}

func toTournamentSummary(ev *tournaments.Event) tournamentSummary {
	return tournamentSummary{ID: ev.ID, Name: ev.Name, Game: ev.Game, System: ev.System, Rounds: ev.Rounds, ClassIDs: ev.ClassIDs,
		CurrentRound: ev.PairedRounds, Status: status(ev), Players: len(ev.Players), CreatedAt: ev.CreatedAt}
}

// roundResponse is the pairing of one round.
type roundResponse struct {
	TournamentID string          `json:"tournament_id"`
	Round        int             `json:"round"`
	Boards       []boardResponse `json:"boards"`
}

// boardResponse is one board; Black is null for the bye.
type boardResponse struct {
	Board          int        `json:"board"`
	White          playerRef  `json:"white"`
	Black          *playerRef `json:"black"`
	Result         *string    `json:"result"`
	ReportedResult *string    `json:"reported_result"`
	// Knockout boards: the bracket round, the armageddon decider (a draw
	// wins for Black) and the match for third place.
	Stage      int  `json:"stage,omitempty"`
	Decider    bool `json:"decider,omitempty"`
	ThirdPlace bool `json:"third_place,omitempty"`
}

// playerRef names a player on a board.
type playerRef struct {
	Number int     `json:"number"`
	Name   string  `json:"name"`
	Points float64 `json:"points"`
}

// pointsBefore returns each entrant's points before round r.
func pointsBefore(ev *tournaments.Event, r int) map[int]tournaments.Points {
	t := ev.Tournament(r - 1)
	out := map[int]tournaments.Points{}
	for _, p := range t.Players {
		if p != nil {
			out[p.ID] = t.Score(p, r-1)
		}
	}
	return out
}

func toBoardResponse(ev *tournaments.Event, b tournaments.Board, n names, pts map[int]tournaments.Points) boardResponse {
	ref := func(num int) playerRef {
		e := ev.Player(num)
		return playerRef{Number: num, Name: n.of(*e), Points: pointsValue(pts[num])}
	}
	r := boardResponse{Board: b.Number, White: ref(b.White), Stage: b.Stage, Decider: b.Decider, ThirdPlace: b.ThirdPlace}
	if b.Black != 0 {
		black := ref(b.Black)
		r.Black = &black
	}
	if b.Result != tournaments.OutcomePending {
		s := string(b.Result)
		r.Result = &s
	}
	if b.Reported != tournaments.OutcomePending {
		s := string(b.Reported)
		r.ReportedResult = &s
	}
	return r
}

func toRoundResponse(ev *tournaments.Event, r int, n names) roundResponse {
	pts := pointsBefore(ev, r)
	out := roundResponse{TournamentID: ev.ID, Round: r, Boards: []boardResponse{}}
	for _, b := range ev.RoundBoards(r) {
		out.Boards = append(out.Boards, toBoardResponse(ev, b, n, pts))
	}
	return out
}

// resultResponse is the answer to a result entry.
type resultResponse struct {
	Round  int           `json:"round"`
	Status string        `json:"status"`
	Board  boardResponse `json:"board"`
}

// standingsResponse is the standings after the results entered so far.
type standingsResponse struct {
	TournamentID string             `json:"tournament_id"`
	Round        int                `json:"round"`
	TieBreaks    []string           `json:"tie_breaks"`
	Rows         []standingResponse `json:"rows"`
}

type standingResponse struct {
	Rank      int       `json:"rank"`
	Number    int       `json:"number"`
	Name      string    `json:"name"`
	Points    float64   `json:"points"`
	TieBreaks []float64 `json:"tie_breaks"`
	Played    int       `json:"played"`
	Wins      int       `json:"wins"`
	Draws     int       `json:"draws"`
	Losses    int       `json:"losses"`
	Rounds    []string  `json:"rounds"`
}

func toStandingsResponse(ev *tournaments.Event, n names) standingsResponse {
	out := standingsResponse{TournamentID: ev.ID, Round: ev.StandingsRound(), TieBreaks: ev.TieBreaks, Rows: []standingResponse{}}
	for _, s := range ev.Standings() {
		tbs := make([]float64, len(s.TieBreaks))
		for i, v := range s.TieBreaks {
			tbs[i] = v.Float64()
		}
		out.Rows = append(out.Rows, standingResponse{Rank: s.Rank, Number: s.Player.Number, Name: n.of(s.Player),
			Points: pointsValue(s.Points), TieBreaks: tbs, Played: s.Played, Wins: s.Wins, Draws: s.Draws, Losses: s.Losses, Rounds: s.Rounds})
	}
	return out
}

// myTournamentResponse is a tournament as the student playing in it sees
// it: its place and its next game.
type myTournamentResponse struct {
	ID           string    `json:"id"`
	Name         string    `json:"name"`
	Game         string    `json:"game"`
	System       string    `json:"system"`
	Rounds       int       `json:"rounds"`
	CurrentRound int       `json:"current_round"`
	Status       string    `json:"status"`
	Number       int       `json:"number"`
	Points       float64   `json:"points"`
	Rank         int       `json:"rank"`
	Withdrawn    bool      `json:"withdrawn"`
	Next         *nextGame `json:"next"`
	// Arena: whether the student holds the stage, or its place in the
	// queue of challengers (1: next to play).
	Defending     *bool `json:"defending,omitempty"`
	QueuePosition *int  `json:"queue_position,omitempty"`
}

// nextGame is the student's game of the current round while its result
// is not in: the board, the colour and the opponent (null for the bye).
type nextGame struct {
	Round          int        `json:"round"`
	Board          int        `json:"board"`
	Color          string     `json:"color"`
	Opponent       *playerRef `json:"opponent"`
	ReportedResult *string    `json:"reported_result"`
}

func toMyTournament(ev *tournaments.Event, n names) myTournamentResponse {
	studentID := n.self
	me := ev.Entrant(studentID)
	r := myTournamentResponse{ID: ev.ID, Name: ev.Name, Game: ev.Game, System: ev.System, Rounds: ev.Rounds,
		CurrentRound: ev.PairedRounds, Status: status(ev), Number: me.Number, Withdrawn: me.WithdrawnFrom > 0}
	for _, s := range ev.Standings() {
		if s.Player.Number == me.Number {
			r.Points, r.Rank = pointsValue(s.Points), s.Rank
		}
	}
	if st, err := ev.ArenaState(); err == nil && !st.Finished {
		defending := st.Defender == me.Number
		r.Defending = &defending
		if i := slices.Index(st.Queue, me.Number); i >= 0 {
			pos := i + 1
			r.QueuePosition = &pos
		}
	}
	pts := pointsBefore(ev, ev.PairedRounds)
	for _, b := range ev.RoundBoards(ev.PairedRounds) {
		if b.Result != tournaments.OutcomePending && b.Result != tournaments.OutcomeBye || (b.White != me.Number && b.Black != me.Number) {
			continue
		}
		br := toBoardResponse(ev, b, n, pts)
		next := &nextGame{Round: b.Round, Board: b.Number, Color: "white", Opponent: br.Black, ReportedResult: br.ReportedResult}
		if b.Black == me.Number {
			next.Color, next.Opponent = "black", &br.White
		}
		if b.Black == 0 {
			next.Color = "none"
		}
		r.Next = next
	}
	return r
}
