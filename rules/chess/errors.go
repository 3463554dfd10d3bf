package chess

import "fmt"

// Error is implemented by every refusal of this package: a stable
// snake_case code, an English Error() and a message in Chinese or English.
type Error interface {
	error
	Code() string
	Message(lang string) string
}

// FENError says which field of a FEN string is wrong and why.
type FENError struct {
	Field  string // "placement", "side", "castling", "en_passant", "halfmove", "fullmove" or "position"
	code   string
	en, zh string
}

// Code returns the stable error code, e.g. "fen_bad_piece_letter".
func (e *FENError) Code() string { return e.code }

// Error returns the English message.
func (e *FENError) Error() string {
	if e.Field == "variant" {
		return e.en
	}
	return "invalid FEN: " + e.Field + ": " + e.en
}

// Message returns the message in "zh-CN" (default) or "en".
func (e *FENError) Message(lang string) string {
	if lang == "en" {
		return e.Error()
	}
	if e.Field == "variant" {
		return e.zh
	}
	return "FEN 格式错误（" + fieldZH[e.Field] + "）：" + e.zh
}

var fieldZH = map[string]string{
	"placement":  "棋子位置",
	"side":       "行棋方",
	"castling":   "易位权",
	"en_passant": "吃过路兵格",
	"halfmove":   "半回合计数",
	"fullmove":   "回合数",
	"position":   "局面",
	"fields":     "字段数",
	"variant":    "变体",
}

func fenErr(field, code, en, zh string) *FENError {
	return &FENError{Field: field, code: code, en: en, zh: zh}
}

// Reason codes of IllegalMoveError.
const (
	ReasonNoPiece         = "no_piece"
	ReasonNotYourPiece    = "not_your_piece"
	ReasonOwnPiece        = "own_piece_on_target"
	ReasonCannotMove      = "piece_cannot_move_so"
	ReasonPathBlocked     = "path_blocked"
	ReasonPawnNoCapture   = "pawn_diagonal_needs_capture"
	ReasonPromotionNeeded = "promotion_required"
	ReasonBadPromotion    = "bad_promotion"
	ReasonKingInCheck     = "king_would_be_in_check"
	ReasonCastleNoRight   = "castling_not_allowed"
	ReasonCastleBlocked   = "castling_path_blocked"
	ReasonCastleInCheck   = "castling_out_of_check"
	ReasonCastleThrough   = "castling_through_attacked_square"
	ReasonBadNotation     = "bad_notation"
	ReasonNoPieceCanReach = "no_piece_can_reach"
	ReasonAmbiguous       = "ambiguous_move"
	ReasonGameOver        = "game_over"
)

// IllegalMoveError refuses a move and says why. Reason is one of the
// Reason* codes; Candidates lists the matching moves in SAN when the
// notation was ambiguous.
type IllegalMoveError struct {
	Input      string // the move as given (SAN, UCI or squares)
	Reason     string
	Candidates []string
	en, zh     string
}

// Code returns the stable reason code, e.g. "king_would_be_in_check".
func (e *IllegalMoveError) Code() string { return e.Reason }

// Error returns the English reason, e.g. "Ne4: no knight can reach e4".
func (e *IllegalMoveError) Error() string {
	if e.Input == "" {
		return e.en
	}
	return e.Input + ": " + e.en
}

// Message returns the reason in "zh-CN" (default) or "en".
func (e *IllegalMoveError) Message(lang string) string {
	if lang == "en" {
		return e.Error()
	}
	if e.Input == "" {
		return e.zh
	}
	return e.Input + "：" + e.zh
}

func illegal(input, reason, en, zh string) *IllegalMoveError {
	return &IllegalMoveError{Input: input, Reason: reason, en: en, zh: zh}
}

// NotInCheckError is returned by Position.Escapes when the side to move is
// not in check.
type NotInCheckError struct{}

// Code returns "not_in_check".
func (NotInCheckError) Code() string { return "not_in_check" }

// Error returns the English message.
func (NotInCheckError) Error() string { return "the king is not in check" }

// Message returns the message in "zh-CN" (default) or "en".
func (e NotInCheckError) Message(lang string) string {
	if lang == "en" {
		return e.Error()
	}
	return "王没有被将军"
}

// PGNError locates a bad move of a PGN game: its move number, the side
// that played it, the move as written, whether it stood in a variation and
// the reason. A bad tag (FEN, or a Variant this engine does not play) is
// reported with Number 0 and Tag set.
type PGNError struct {
	Number    int
	Side      Color
	Text      string
	Tag       string // "FEN" or "Variant" for a bad tag
	Variation bool   // the move is inside a variation, not the main line
	Err       Error  // an *IllegalMoveError, or a *FENError for a bad tag
}

// Code returns the reason's code.
func (e *PGNError) Code() string { return e.Err.Code() }

// Unwrap returns the reason.
func (e *PGNError) Unwrap() error { return e.Err }

// Error returns e.g. "move 26 (black): Ne4: no knight can reach e4".
func (e *PGNError) Error() string {
	if e.Number == 0 {
		return e.tag() + " tag: " + e.Err.Error()
	}
	where := ""
	if e.Variation {
		where = "variation, "
	}
	return fmt.Sprintf("%smove %d (%s): %s", where, e.Number, e.Side, e.Err.Error())
}

func (e *PGNError) tag() string {
	if e.Tag == "" {
		return "FEN"
	}
	return e.Tag
}

// Message returns the message in "zh-CN" (default) or "en".
func (e *PGNError) Message(lang string) string {
	if lang == "en" {
		return e.Error()
	}
	if e.Number == 0 {
		return e.tag() + " 标签：" + e.Err.Message(lang)
	}
	where := ""
	if e.Variation {
		where = "变着中"
	}
	return fmt.Sprintf("%s第%d回合（%s）：%s", where, e.Number, e.Side.zh(), e.Err.Message(lang))
}
