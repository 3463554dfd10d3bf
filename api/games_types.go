package api

import (
	"encoding/json"
	"io"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"qixue/games"
	"qixue/lessons/diagram"
	"qixue/rules/game"
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
	u := games.Upload{Game: game.Name(r.Game), Variant: r.Variant, Text: r.Text, WhiteID: r.WhiteID, BlackID: r.BlackID}
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

// replayWriter writes a replay as it is made: {"game":..., "start":...,
// "plies":[ then each ply, then ]}.
type replayWriter struct {
	c   echo.Context
	rp  *games.Replay
	g   game.Name
	enc *json.Encoder
	n   int
}

func newReplayWriter(c echo.Context, rp *games.Replay) *replayWriter {
	return &replayWriter{c: c, rp: rp, g: game.Name(rp.Record.Game), enc: json.NewEncoder(c.Response())} // escaped as c.JSON escapes
}

// begin writes the status, the record and the start.
func (w *replayWriter) begin() error {
	res := w.c.Response()
	res.Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	res.WriteHeader(http.StatusOK)
	start := plyResponse{Position: w.rp.Record.Start, Diagram: diagram.Path(w.g, diagram.Options{Position: w.rp.Record.Start}),
		Comments: nonNilStrings(w.rp.Comments), Variations: []string{}}
	if _, err := io.WriteString(res, `{"game":`); err != nil {
		return err
	}
	if err := w.enc.Encode(toGameResponse(w.rp.Record)); err != nil {
		return err
	}
	if _, err := io.WriteString(res, `,"start":`); err != nil {
		return err
	}
	if err := w.enc.Encode(start); err != nil {
		return err
	}
	_, err := io.WriteString(res, `,"plies":[`)
	return err
}

// ply writes one ply.
func (w *replayWriter) ply(p games.Ply) error {
	if w.n > 0 {
		if _, err := io.WriteString(w.c.Response(), ","); err != nil {
			return err
		}
	}
	w.n++
	side, notation := p.Side, p.Notation
	return w.enc.Encode(plyResponse{Ply: p.Ply, Side: &side, Notation: &notation,
		Move: &textResponse{ZH: p.Move.ZH, EN: p.Move.EN}, Position: p.Position,
		Diagram:  diagram.Path(w.g, diagram.Options{Position: p.Position, LastMove: p.LastMove}),
		Comments: nonNilStrings(p.Comments), Variations: nonNilStrings(p.Variations)})
}

// end closes the document.
func (w *replayWriter) end() error {
	_, err := io.WriteString(w.c.Response(), "]}\n")
	return err
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
