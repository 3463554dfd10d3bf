package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/tournaments"
)

// Knockouts, arenas and number-chess games scored by the engine: the
// teacher's choice after a drawn knockout game, the arena queue, the
// bracket and the stage as JSON and printable pages.

// decisionRequest names who goes on from a drawn knockout game.
type decisionRequest struct {
	Round  int    `json:"round"`
	Board  int    `json:"board"`
	Winner string `json:"winner"`
}

func (h *tournamentHandlers) decide(c echo.Context) error {
	var req decisionRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	in := tournaments.DecisionInput{Round: req.Round, Board: req.Board, Winner: req.Winner}
	return h.tournamentReply(c, http.StatusOK)(h.svc.Decide(c.Request().Context(), Caller(c), c.Param("id"), in))
}

func (h *tournamentHandlers) queue(c echo.Context) error {
	var req entryRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	ev, err := h.svc.SetQueue(c.Request().Context(), Caller(c), c.Param("id"), req.StudentIDs)
	if err != nil {
		return err
	}
	n, err := h.namesFor(c, ev)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toArenaResponse(ev, n))
}

// bracketResponse is a knockout's bracket: its stages so far, the first
// first, and the champion once the final is decided.
type bracketResponse struct {
	TournamentID string           `json:"tournament_id"`
	Finished     bool             `json:"finished"`
	Champion     *playerRef       `json:"champion"`
	Stages       []bracketStageJS `json:"stages"`
}

type bracketStageJS struct {
	Stage   int              `json:"stage"`
	Matches []bracketMatchJS `json:"matches"`
}

// bracketMatchJS is one match: B null for a bye, the winner once decided,
// the rounds of its games (a replay or decider adds one).
type bracketMatchJS struct {
	A          playerRef  `json:"a"`
	B          *playerRef `json:"b"`
	Winner     *int       `json:"winner"`
	ThirdPlace bool       `json:"third_place"`
	Rounds     []int      `json:"rounds"`
}

func toBracketResponse(ev *tournaments.Event, n names) (bracketResponse, error) {
	stages, finished, err := ev.Bracket()
	if err != nil {
		return bracketResponse{}, err
	}
	ref := func(num int) playerRef { return playerRef{Number: num, Name: n.of(*ev.Player(num))} }
	out := bracketResponse{TournamentID: ev.ID, Finished: finished, Stages: []bracketStageJS{}}
	for i, st := range stages {
		js := bracketStageJS{Stage: i + 1, Matches: []bracketMatchJS{}}
		for _, m := range st {
			mj := bracketMatchJS{A: ref(m.A), ThirdPlace: m.ThirdPlace, Rounds: m.Rounds}
			if mj.Rounds == nil {
				mj.Rounds = []int{}
			}
			if m.B != 0 {
				b := ref(m.B)
				mj.B = &b
			}
			if m.Winner != 0 {
				w := m.Winner
				mj.Winner = &w
				if finished && i == len(stages)-1 && !m.ThirdPlace {
					champ := ref(w)
					out.Champion = &champ
				}
			}
			js.Matches = append(js.Matches, mj)
		}
		out.Stages = append(out.Stages, js)
	}
	return out, nil
}

// arenaResponse is an arena's stage: the defender and his defences in a
// row, the queue of challengers (the first plays next, or now), the
// players out (first out first), and the champion once it is over.
type arenaResponse struct {
	TournamentID  string      `json:"tournament_id"`
	TitleDefences int         `json:"title_defences"`
	Finished      bool        `json:"finished"`
	Defender      *playerRef  `json:"defender"`
	Defences      int         `json:"defences"`
	Champion      *playerRef  `json:"champion"`
	Queue         []playerRef `json:"queue"`
	Out           []playerRef `json:"out"`
}

func toArenaResponse(ev *tournaments.Event, n names) arenaResponse {
	st, _ := ev.ArenaState() // the event is an arena: SetQueue and the handler checked
	ref := func(num int) playerRef { return playerRef{Number: num, Name: n.of(*ev.Player(num))} }
	out := arenaResponse{TournamentID: ev.ID, TitleDefences: ev.TitleDefences, Finished: st.Finished, Defences: st.Defences,
		Queue: []playerRef{}, Out: []playerRef{}}
	if st.Defender != 0 {
		d := ref(st.Defender)
		out.Defender = &d
		if st.Finished {
			out.Champion = &d
		}
	}
	for _, q := range st.Queue {
		out.Queue = append(out.Queue, ref(q))
	}
	for _, o := range st.Out {
		out.Out = append(out.Out, ref(o))
	}
	return out
}

// bracket answers a knockout's bracket as JSON or, for staff, a
// printable page.
func (h *tournamentHandlers) bracket(c echo.Context) error {
	return h.view(c, "knockout", "not_knockout", bracketSheet, func(ev *tournaments.Event, n names) (any, error) {
		return toBracketResponse(ev, n)
	})
}

// arena answers an arena's stage as JSON or, for staff, a printable page.
func (h *tournamentHandlers) arena(c echo.Context) error {
	return h.view(c, "arena", "not_arena", arenaSheet, func(ev *tournaments.Event, n names) (any, error) {
		return toArenaResponse(ev, n), nil
	})
}

// view answers a view of a tournament of one system as JSON (asJSON) or,
// for staff, a printable page (sheet); another system is 422 naming id
// with code.
func (h *tournamentHandlers) view(c echo.Context, system, code string, sheet func(*tournaments.Event, string) printPage,
	asJSON func(*tournaments.Event, names) (any, error)) error {
	format, err := formatParam(c, "json", "html")
	if err != nil {
		return err
	}
	ev, err := h.svc.Get(c.Request().Context(), Caller(c), c.Param("id"))
	if err != nil {
		return err
	}
	if ev.System != system {
		return domain.Invalid("id", code)
	}
	n, err := h.namesFor(c, ev)
	if err != nil {
		return err
	}
	if format == "html" {
		if n.student {
			return tournaments.ErrForbidden
		}
		return writeTournamentHTML(c, sheet(ev, langOf(c)))
	}
	out, err := asJSON(ev, n)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// maxGameMoves bounds a number-chess game entered as a result.
const maxGameMoves = 1000

// numchessOutcome scores a number-chess game entered as a result: the
// moves from the start (machine or Chinese notation) or the final
// position, judged by the tournament's ruleset (Red, who moves first,
// plays White). The game ended after its last move (stop called, or the
// time limit). An illegal move is a 422 naming moves[i].
func numchessOutcome(games *game.Registry, ev *tournaments.Event, req resultRequest) (tournaments.Outcome, error) {
	var start game.Position
	rules, err := games.Get(game.Name(ev.Game))
	if err == nil {
		start, err = rules.Start(ev.Ruleset)
	}
	if _, scored := game.Judge(start); err != nil || !scored {
		return "", domain.Invalid("moves", "not_numchess")
	}
	switch {
	case req.Result != "":
		return "", domain.Invalid("result", "not_allowed")
	case len(req.Moves) > 0 && req.Position != "":
		return "", domain.Invalid("position", "not_allowed")
	case len(req.Moves) > maxGameMoves:
		return "", domain.Invalid("moves", "too_many")
	}
	pos, err := rules.Parse(ev.Ruleset, req.Position)
	if err != nil {
		return "", refusal("position", -1, err)
	}
	for i, s := range req.Moves {
		m, err := pos.ParseMove(s)
		if err == nil {
			pos, err = pos.Play(m)
		}
		if err != nil {
			return "", refusal("", i, err)
		}
	}
	o, _ := game.Judge(pos)
	switch o.Result {
	case game.FirstWins:
		return tournaments.OutcomeWhiteWins, nil
	case game.SecondWins:
		return tournaments.OutcomeBlackWins, nil
	}
	return tournaments.OutcomeDraw, nil
}
