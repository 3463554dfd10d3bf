package draughts

// Error codes returned by Code on the errors of this package. They are
// stable and meant for clients that pick their own wording.
const (
	CodeInvalidFEN       = "invalid_fen"
	CodeInvalidPDN       = "invalid_pdn"
	CodeBadMoveSyntax    = "bad_move_syntax"
	CodeNoSuchSquare     = "no_such_square"
	CodeNoPiece          = "no_piece"
	CodeNotYourPiece     = "not_your_piece"
	CodeCaptureMandatory = "capture_mandatory"
	CodeMajorityCapture  = "majority_capture"
	CodeNotACapture      = "not_a_capture"
	CodeIllegalMove      = "illegal_move"
	CodeAmbiguousMove    = "ambiguous_move"
	CodeGameOver         = "game_over"
	CodeNoLegalMoves     = "no_legal_moves"
)

// message is an explanation in English and Simplified Chinese.
type message struct {
	code string
	en   string
	zh   string
}

func (m message) pick(lang string) string {
	if lang == "en" {
		return m.en
	}
	return m.zh
}

// IllegalMoveError is returned when a move is refused: bad notation, a
// square with no piece of the side to move, a missed mandatory capture, a
// capture that takes too few pieces, and so on. Move is the move as the user
// wrote it (or its PDN form).
type IllegalMoveError struct {
	Move string
	msg  message
}

// Code returns a stable snake_case code such as "capture_mandatory".
func (e *IllegalMoveError) Code() string { return e.msg.code }

// Error returns the English explanation.
func (e *IllegalMoveError) Error() string { return e.msg.en }

// Message returns the explanation in lang: "en" for English, Simplified
// Chinese ("zh-CN") for every other value.
func (e *IllegalMoveError) Message(lang string) string { return e.msg.pick(lang) }

func illegal(move, code, en, zh string) *IllegalMoveError {
	return &IllegalMoveError{Move: move, msg: message{code: code, en: en, zh: zh}}
}

// FormatError is returned when a FEN string or a PDN game cannot be read or
// describes an impossible setup. Its messages name the offending square or
// token.
type FormatError struct {
	msg message
}

// Code returns "invalid_fen" or "invalid_pdn".
func (e *FormatError) Code() string { return e.msg.code }

// Error returns the English explanation.
func (e *FormatError) Error() string { return e.msg.en }

// Message returns the explanation in lang: "en" for English, Simplified
// Chinese ("zh-CN") for every other value.
func (e *FormatError) Message(lang string) string { return e.msg.pick(lang) }

func fenError(en, zh string) *FormatError {
	return &FormatError{msg: message{code: CodeInvalidFEN,
		en: "invalid FEN: " + en, zh: "FEN 局面格式错误：" + zh}}
}

func pdnError(en, zh string) *FormatError {
	return &FormatError{msg: message{code: CodeInvalidPDN,
		en: "invalid PDN: " + en, zh: "PDN 棋谱格式错误：" + zh}}
}

// colorName returns the English and Chinese names of c.
func colorName(c Color) (string, string) {
	if c == White {
		return "White", "白方"
	}
	return "Black", "黑方"
}
