package gomoku

import "fmt"

// Error is every refusal of this package: a bad coordinate, diagram or
// record, an occupied point, a forbidden move, a protocol violation. Code
// returns a stable snake_case code; Error the English text; Message the
// text in "zh-CN" (the default) or "en".
type Error struct {
	code string
	en   string
	zh   string
	// Move is the 1-based number of the move in a record the error is
	// about, or 0.
	Move int
	// Forbidden is set when the refusal is one of Black's forbidden moves.
	Forbidden *Forbidden
}

func errf(code, en, zh string) *Error { return &Error{code: code, en: en, zh: zh} }

// Code returns the stable error code, e.g. "forbidden_double_three".
func (e *Error) Code() string { return e.code }

// Error returns the English message.
func (e *Error) Error() string {
	if e.Move > 0 {
		return fmt.Sprintf("move %d: %s", e.Move, e.en)
	}
	return e.en
}

// Message returns the message in lang: "en" for English, anything else
// for simplified Chinese.
func (e *Error) Message(lang string) string {
	if lang == "en" {
		return e.Error()
	}
	if e.Move > 0 {
		return fmt.Sprintf("第%d手：%s", e.Move, e.zh)
	}
	return e.zh
}

// atMove returns a copy of e naming move n.
func (e *Error) atMove(n int) *Error {
	c := *e
	c.Move = n
	return &c
}
