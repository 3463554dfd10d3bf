package api

import (
	"net/http"
	"time"

	"qixue/games"
	"qixue/identity"
	"qixue/lessons/diagram"
)

// gameUploadRequest is the body of POST /v1/games (or its multipart
// form).
type gameUploadRequest struct {
	Game         string `json:"game"`
	Variant      string `json:"variant"`
	Text         string `json:"text"`
	WhiteID      string `json:"white_id"`
	BlackID      string `json:"black_id"`
	TournamentID string `json:"tournament_id"`
	Round        *int   `json:"round"`
	Board        *int   `json:"board"`
}

func (r gameUploadRequest) upload() games.Upload {
	u := games.Upload{Game: games.Game(r.Game), Variant: r.Variant, Text: r.Text, WhiteID: r.WhiteID, BlackID: r.BlackID}
	if r.TournamentID != "" || r.Round != nil || r.Board != nil {
		p := games.Pairing{TournamentID: r.TournamentID}
		if r.Round != nil {
			p.Round = *r.Round
		}
		if r.Board != nil {
			p.Board = *r.Board
		}
		u.Pairing = &p
	}
	return u
}

// gameEditRequest is the body of PATCH /v1/games/{id}: the fields to
// change.
type gameEditRequest struct {
	Event     *string `json:"event"`
	Round     *string `json:"round"`
	Date      *string `json:"date"`
	Result    *string `json:"result"`
	Opening   *string `json:"opening"`
	WhiteID   *string `json:"white_id"`
	WhiteName *string `json:"white_name"`
	BlackID   *string `json:"black_id"`
	BlackName *string `json:"black_name"`
}

func (r gameEditRequest) edit() games.Edit {
	return games.Edit{Event: r.Event, Round: r.Round, Date: r.Date, Result: r.Result, Opening: r.Opening,
		WhiteID: r.WhiteID, WhiteName: r.WhiteName, BlackID: r.BlackID, BlackName: r.BlackName}
}

type gamePlayerResponse struct {
	StudentID *string `json:"student_id"`
	Name      string  `json:"name"`
}

type gamePairingResponse struct {
	TournamentID string `json:"tournament_id"`
	Round        int    `json:"round"`
	Board        int    `json:"board"`
}

// gameResponse is one record of the archive.
type gameResponse struct {
	ID          string               `json:"id"`
	Game        string               `json:"game"`
	Variant     string               `json:"variant"`
	White       gamePlayerResponse   `json:"white"`
	Black       gamePlayerResponse   `json:"black"`
	Date        *string              `json:"date"`
	Event       string               `json:"event"`
	Round       string               `json:"round"`
	Result      string               `json:"result"`
	Start       string               `json:"start"`
	Final       string               `json:"final"`
	Plies       int                  `json:"plies"`
	Opening     string               `json:"opening"`
	Status      string               `json:"status"`
	SubmittedBy *string              `json:"submitted_by"`
	ConfirmedAt *time.Time           `json:"confirmed_at"`
	Tournament  *gamePairingResponse `json:"tournament"`
	CreatedAt   time.Time            `json:"created_at"`
	UpdatedAt   time.Time            `json:"updated_at"`
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func toGamePlayer(p games.Player) gamePlayerResponse {
	return gamePlayerResponse{StudentID: nonEmpty(p.StudentID), Name: p.Name}
}

func toGameResponse(r *games.Record) gameResponse {
	out := gameResponse{ID: r.ID, Game: string(r.Game), Variant: r.Variant, White: toGamePlayer(r.White), Black: toGamePlayer(r.Black),
		Date: nonEmpty(r.Date), Event: r.Event, Round: r.Round, Result: r.Result, Start: r.Start, Final: r.Final, Plies: r.Plies,
		Opening: r.Opening, Status: string(r.Status), SubmittedBy: nonEmpty(r.SubmittedBy), CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt}
	if !r.ConfirmedAt.IsZero() {
		t := r.ConfirmedAt
		out.ConfirmedAt = &t
	}
	if r.Pairing != nil {
		out.Tournament = &gamePairingResponse{TournamentID: r.Pairing.TournamentID, Round: r.Pairing.Round, Board: r.Pairing.Board}
	}
	return out
}

// gameRefusalResponse is a game of an upload that was not stored, or a
// slip in one that was.
type gameRefusalResponse struct {
	Number int    `json:"number"`
	Code   string `json:"code"`
	Reason string `json:"reason"`
}

// gameUploadResponse is the report of an upload.
type gameUploadResponse struct {
	Games    int                   `json:"games"`
	Stored   []gameResponse        `json:"stored"`
	Refused  []gameRefusalResponse `json:"refused"`
	Warnings []gameRefusalResponse `json:"warnings"`
}

func toRefusals(rs []games.Refusal, lang string) []gameRefusalResponse {
	out := make([]gameRefusalResponse, len(rs))
	for i, r := range rs {
		out[i] = gameRefusalResponse{Number: r.Number, Code: r.Code, Reason: r.Reason.In(lang)}
	}
	return out
}

func toUploadResponse(rep *games.UploadReport, lang string) gameUploadResponse {
	out := gameUploadResponse{Games: rep.Games, Stored: make([]gameResponse, len(rep.Stored)),
		Refused: toRefusals(rep.Refused, lang), Warnings: toRefusals(rep.Warnings, lang)}
	for i, r := range rep.Stored {
		out.Stored[i] = toGameResponse(r)
	}
	return out
}

// textResponse is a text in both languages.
type textResponse struct {
	ZH string `json:"zh-CN"`
	EN string `json:"en"`
}

// plyResponse is one ply of a replay (ply 0: the start).
type plyResponse struct {
	Ply        int           `json:"ply"`
	Side       *string       `json:"side"`
	Notation   *string       `json:"notation"`
	Move       *textResponse `json:"move"`
	Position   string        `json:"position"`
	Diagram    string        `json:"diagram"`
	Comments   []string      `json:"comments"`
	Variations []string      `json:"variations"`
}

// replayResponse is a record played ply by ply.
type replayResponse struct {
	Game  gameResponse  `json:"game"`
	Start plyResponse   `json:"start"`
	Plies []plyResponse `json:"plies"`
}

// toReplayResponse answers every ply, or only ply (0: none) when ply is
// not negative.
func toReplayResponse(rp *games.Replay, ply int) replayResponse {
	g := diagram.Game(rp.Record.Game)
	out := replayResponse{Game: toGameResponse(rp.Record), Plies: []plyResponse{},
		Start: plyResponse{Position: rp.Record.Start, Diagram: diagram.Path(g, diagram.Options{Position: rp.Record.Start}),
			Comments: nonNilStrings(rp.Comments), Variations: []string{}}}
	for _, p := range rp.Plies {
		if ply >= 0 && p.Ply != ply {
			continue
		}
		side, notation := p.Side, p.Notation
		out.Plies = append(out.Plies, plyResponse{Ply: p.Ply, Side: &side, Notation: &notation,
			Move: &textResponse{ZH: p.Move.ZH, EN: p.Move.EN}, Position: p.Position,
			Diagram:  diagram.Path(g, diagram.Options{Position: p.Position, LastMove: p.LastMove}),
			Comments: nonNilStrings(p.Comments), Variations: nonNilStrings(p.Variations)})
	}
	return out
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// gameStatuses maps the games service's own codes to statuses.
var gameStatuses = map[string]int{
	"no_games":               http.StatusUnprocessableEntity,
	"game_already_confirmed": http.StatusConflict,
	"own_submission":         http.StatusForbidden,
	"duplicate":              http.StatusConflict,
}

// gameError converts a refusal of the games service into the HTTP
// layer's error; other errors pass through.
func gameError(err error) error {
	ge, ok := err.(*games.Error)
	if !ok {
		return err
	}
	e := domainError(ge.Code(), gameStatuses)
	if e == nil {
		return err
	}
	for _, f := range ge.Fields() {
		e.Fields = append(e.Fields, identity.FieldError{Field: f.Field, Code: f.Code})
	}
	return e
}

// domainError is the HTTP layer's error for a domain refusal code: its
// status from the domain's own table, else the common one; nil for a code
// neither knows (an internal error then).
func domainError(code string, own map[string]int) *Error {
	status, ok := own[code]
	if !ok {
		status = statuses[code]
	}
	if status == 0 {
		return nil
	}
	return &Error{Status: status, Code: code}
}
