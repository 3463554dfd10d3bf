package diagram

import "fmt"

// Names of the options as the API's query parameters call them; Error.Param
// is one of these.
const (
	ParamGame      = "game"
	ParamPosition  = "position"
	ParamHighlight = "highlight"
	ParamArrows    = "arrows"
	ParamLastMove  = "last"
)

// Error is every refusal of Render: the option at fault (Param), a stable
// snake_case code, an English Error() and a message in zh-CN or en.
type Error struct {
	// Param is the option at fault: "game", "position", "highlight",
	// "arrows" or "last".
	Param  string
	code   string
	en, zh string
}

func newError(param, code, en, zh string) *Error {
	return &Error{Param: param, code: code, en: en, zh: zh}
}

// Code returns the stable code: unknown_game, invalid_position,
// invalid_square, invalid_arrow, invalid_last_move, too_long, too_many,
// or the rules engine's own code for a position it refuses.
func (e *Error) Code() string { return e.code }

// Error returns the English message.
func (e *Error) Error() string { return e.en }

// Message returns the message in "en", or in zh-CN for any other lang.
func (e *Error) Message(lang string) string {
	if lang == "en" {
		return e.en
	}
	return e.zh
}

// engineError is a rules engine's refusal.
type engineError interface {
	error
	Code() string
	Message(lang string) string
}

// positionError wraps an engine's refusal of a position, keeping its code
// and both messages.
func positionError(err error) *Error {
	if ee, ok := err.(engineError); ok {
		return newError(ParamPosition, ee.Code(), "position: "+ee.Message("en"), "局面："+ee.Message("zh-CN"))
	}
	return newError(ParamPosition, "invalid_position", "position: "+err.Error(), "局面无法读取："+err.Error())
}

// badSquare reports a highlight or arrow naming no square of the game.
func badSquare(param, s, what, whatZH string) *Error {
	return newError(param, "invalid_square",
		fmt.Sprintf("%s: %q is not a %s", param, clip(s), what),
		fmt.Sprintf("%s：%q 不是%s", param, clip(s), whatZH))
}

// badArrow reports an arrow that is not a from-to pair.
func badArrow(s, example string) *Error {
	return newError(ParamArrows, "invalid_arrow",
		fmt.Sprintf("arrows: %q is not a from-to pair such as %s", clip(s), example),
		fmt.Sprintf("arrows：%q 不是“起点-终点”，例如 %s", clip(s), example))
}

// badLastMove reports a last move that cannot be read.
func badLastMove(s, example string) *Error {
	return newError(ParamLastMove, "invalid_last_move",
		fmt.Sprintf("last: %q is not a move such as %s", clip(s), example),
		fmt.Sprintf("last：%q 不是一步棋，例如 %s", clip(s), example))
}

// clip shortens s for a message.
func clip(s string) string {
	r := []rune(s)
	if len(r) > 24 {
		return string(r[:24]) + "…"
	}
	return s
}
