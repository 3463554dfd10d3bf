package numchess

import (
	"fmt"
	"strings"
)

// ParseError reports malformed input: a position string, a point, a move in
// machine or Chinese notation, a ruleset name. Code is a stable snake_case
// identifier such as "duplicate_piece", "off_board", "point_occupied",
// "bad_point", "bad_move", "bad_expression".
type ParseError struct {
	code  string
	Input string // the text that was refused (or the part of it at fault)
	en    string
	zh    string
	err   error // underlying error, for errors.As (an arith syntax error)
}

// Code returns the stable error code.
func (e *ParseError) Code() string { return e.code }

// Error returns the English message.
func (e *ParseError) Error() string { return e.en }

// Message returns the message in "en" or, for any other lang, Chinese.
func (e *ParseError) Message(lang string) string { return pick(lang, e.en, e.zh) }

// Unwrap returns the underlying error, if any.
func (e *ParseError) Unwrap() error { return e.err }

// IllegalMoveError says why Play refused a move: which rule was broken and,
// for span moves, in which segment (1-based; 0 when the fault is not tied
// to one segment). Codes include "no_piece", "wrong_start", "not_your_turn",
// "occupied", "not_a_line", "nothing_to_span", "not_adjacent_to_last",
// "not_a_step", "expression_missing", "expression_not_allowed",
// "wrong_result", "values_differ", "chains_not_allowed", "chain_too_long",
// "front_follow", "front_follow_same", "returns_to_start", "five_piece_rule",
// "empty_move" and
// the arithmetic codes of arith.CheckError ("digit_missing",
// "operator_not_allowed", ...).
type IllegalMoveError struct {
	code    string
	Segment int
	en      string
	zh      string
	err     error // an arith error, when the arithmetic is at fault
}

// Code returns the stable error code.
func (e *IllegalMoveError) Code() string { return e.code }

// Error returns the English message.
func (e *IllegalMoveError) Error() string { return e.en }

// Message returns the message in "en" or, for any other lang, Chinese.
func (e *IllegalMoveError) Message(lang string) string { return pick(lang, e.en, e.zh) }

// Unwrap returns the arithmetic error behind the refusal, if any.
func (e *IllegalMoveError) Unwrap() error { return e.err }

func pick(lang, en, zh string) string {
	if lang == "en" {
		return en
	}
	return zh
}

// illegal builds an IllegalMoveError; seg > 0 prefixes the jump it is
// about, in a child's words: "second jump: ", "第二跳：".
func illegal(code string, seg int, en, zh string) *IllegalMoveError {
	if seg > 0 {
		jen, jzh := jumpName(seg)
		en = jen + ": " + en
		zh = jzh + "：" + zh
	}
	return &IllegalMoveError{code: code, Segment: seg, en: en, zh: zh}
}

// onlyJump drops the "first jump: " from the message of a move that makes
// one jump only.
func (e *IllegalMoveError) onlyJump() {
	if e.Segment == 1 {
		jen, jzh := jumpName(1)
		e.en = strings.TrimPrefix(e.en, jen+": ")
		e.zh = strings.TrimPrefix(e.zh, jzh+"：")
	}
}

// jumpName names the n-th jump (segment) of a span as a child says it:
// "first jump", "第一跳"; past the tenth, "jump 11", "第11跳".
func jumpName(n int) (en, zh string) {
	if n >= 1 && n <= 10 {
		return [...]string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"}[n-1] + " jump",
			"第" + [...]string{"一", "二", "三", "四", "五", "六", "七", "八", "九", "十"}[n-1] + "跳"
	}
	return fmt.Sprintf("jump %d", n), fmt.Sprintf("第%d跳", n)
}

// messager is implemented by the arith package's errors.
type messager interface {
	Message(lang string) string
}

// coder is implemented by the arith package's errors.
type coder interface {
	Code() string
}

// fromArith wraps an arithmetic error from segment seg.
func fromArith(seg int, err error) *IllegalMoveError {
	code := "bad_expression"
	if c, ok := err.(coder); ok {
		code = c.Code()
	}
	en, zh := err.Error(), err.Error()
	if m, ok := err.(messager); ok {
		en, zh = m.Message("en"), m.Message("zh-CN")
	}
	e := illegal(code, seg, en, zh)
	e.err = err
	return e
}

// sideName returns the side's name in both languages.
func sideName(s Side) (en, zh string) {
	if s == Red {
		return "Red", "红方"
	}
	return "Blue", "蓝方"
}
