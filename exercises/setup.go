package exercises

// Authored positions must stand: an exercise a teacher writes (from the
// board editor or by hand) is refused, besides what its kind checks, for a
// position no game reaches, by the engines' set-up rules (the ones POST
// /v1/positions/check applies): a draughts side with more than 20 pieces,
// gomoku stone counts the colour to move cannot have or a renju black
// overline, a number-chess side to move already in place. Chess positions
// are read strictly by every chess kind already. The built-in bank is not
// held to it: composed puzzles leave the stone count free.

import (
	"encoding/json"
	"errors"

	"qixue/rules/draughts"
	"qixue/rules/gomoku"
	"qixue/rules/numchess"
)

// setupChecked is a kind whose prompt holds a set-up position.
type setupChecked interface {
	checkSetup(prompt json.RawMessage) error
}

// checkSetup refuses an authored prompt whose position cannot stand, as a
// *PromptError naming the prompt's field and the engine's rule.
func checkSetup(k Kind, prompt json.RawMessage) error {
	if sc, ok := k.(setupChecked); ok {
		return sc.checkSetup(prompt)
	}
	return nil
}

// setupErr turns an engine's refusal into a PromptError on field.
func setupErr(field string, err error) error {
	var l ncLocalized
	if !errors.As(err, &l) {
		return err
	}
	return &PromptError{Code: l.Code(), Field: field, Message: ncTextOf(l)}
}

// draughtsSetup checks the FEN of a draughts prompt.
func draughtsSetup(prompt json.RawMessage) error {
	var p struct {
		FEN string `json:"fen"`
	}
	if json.Unmarshal(prompt, &p) != nil {
		return nil // the kind's own check has refused it
	}
	pos, err := draughts.ParseFEN(p.FEN)
	if err != nil {
		return nil
	}
	if err := draughts.CheckSetup(pos); err != nil {
		return setupErr("fen", err)
	}
	return nil
}

func (draughtsCaptureKind) checkSetup(prompt json.RawMessage) error { return draughtsSetup(prompt) }
func (draughtsShotKind) checkSetup(prompt json.RawMessage) error    { return draughtsSetup(prompt) }

// gomokuSetup checks a gomoku prompt's board with the colour named by
// field (the colour to move: the one that plays the winning stone, the
// key point or the fours).
func gomokuSetup(prompt json.RawMessage, field string) error {
	var p map[string]any
	if json.Unmarshal(prompt, &p) != nil {
		return nil
	}
	board, _ := p["board"].(string)
	rules, _ := p["rules"].(string)
	colour, _ := p[field].(string)
	b, err := gomoku.ParseBoard(board)
	if err != nil {
		return nil
	}
	r, err := gomoku.ParseRuleset(rules)
	if err != nil {
		return nil
	}
	c := map[string]gomoku.Colour{"black": gomoku.Black, "white": gomoku.White}[colour]
	if c == gomoku.Empty {
		return nil
	}
	if err := gomoku.CheckSetup(r, b, c); err != nil {
		return setupErr("board", err)
	}
	return nil
}

func (gomokuWinIn1) checkSetup(prompt json.RawMessage) error   { return gomokuSetup(prompt, "colour") }
func (gomokuKeyPoint) checkSetup(prompt json.RawMessage) error { return gomokuSetup(prompt, "colour") }
func (gomokuVCF) checkSetup(prompt json.RawMessage) error      { return gomokuSetup(prompt, "attacker") }

// checkSetup refuses a number-chess position whose side to move is
// already in place.
func (numchessMove) checkSetup(prompt json.RawMessage) error {
	var p struct {
		Position string `json:"position"`
	}
	if json.Unmarshal(prompt, &p) != nil {
		return nil
	}
	pos, err := numchess.ParsePosition(p.Position)
	if err != nil {
		return nil
	}
	if err := numchess.CheckSetup(pos); err != nil {
		return setupErr("position", err)
	}
	return nil
}
