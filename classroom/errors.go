package classroom

import "qixue/domain"

// The refusals of live lessons. The API answers 409 for each, 403 for
// ErrNotInClass.
var (
	// ErrNotInClass: the student is not a student of the lesson's class.
	ErrNotInClass = domain.NewError("not_in_class")
	// ErrItemNotOpen: the answer is for an item that is not the one shown.
	ErrItemNotOpen = domain.NewError("lesson_item_not_open")
	// ErrItemClosed: the item shown takes no more answers (revealed, or
	// its time ran out).
	ErrItemClosed = domain.NewError("lesson_item_closed")
	// ErrAnswered: the student already answered this item.
	ErrAnswered = domain.NewError("lesson_already_answered")
	// ErrEnded: the lesson has ended.
	ErrEnded = domain.NewError("lesson_ended")
	// ErrNothingOpen: no item is shown (reveal before the first open).
	ErrNothingOpen = domain.NewError("lesson_nothing_open")
	// ErrHintsOff: the teacher did not allow hints in this lesson.
	ErrHintsOff = domain.NewError("lesson_hints_off")
)
