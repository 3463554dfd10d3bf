package assignments

import "qixue/domain"

// Refusal is a refusal of the assignments domain that explains itself in
// zh-CN and en. The API answers 422 with its message.
type Refusal struct {
	code   string
	en, zh string
}

// Error returns the English message.
func (e *Refusal) Error() string { return "assignments: " + e.code + ": " + e.en }

// Code returns the stable snake_case code.
func (e *Refusal) Code() string { return e.code }

// Message returns the message in lang ("en", otherwise zh-CN).
func (e *Refusal) Message(lang string) string {
	if lang == "en" {
		return e.en
	}
	return e.zh
}

// Sentinel errors. Unknown or invisible assignments and classes are
// ErrNotFound (so another school's IDs are not revealed), callers whose
// role may not do something are ErrForbidden, bad input is ErrValidation
// with fields; all three are identity's, so the API maps them alike.
var (
	ErrNotFound   = domain.ErrNotFound
	ErrForbidden  = domain.ErrForbidden
	ErrValidation = domain.ErrValidation

	// ErrWithdrawn refuses to edit or copy a withdrawn assignment.
	ErrWithdrawn = &Refusal{"assignment_withdrawn",
		"this assignment was withdrawn and can no longer be changed",
		"这份作业已经撤回，不能再修改"}
	// ErrNotInClass refuses chosen students who are not students of the
	// class.
	ErrNotInClass = &Refusal{"student_not_in_class",
		"every chosen student must be a student of the class",
		"选中的每个学生都必须是这个班的学生"}
	// ErrUnknownItem refuses an item that names no visible lesson or
	// exercise.
	ErrUnknownItem = &Refusal{"unknown_item",
		"an item names a lesson or exercise that does not exist or is not visible to your school",
		"作业里有一项课程或题目不存在，或者你的学校看不到它"}
)

func invalid(field, code string) error {
	return domain.Invalid(field, code)
}
