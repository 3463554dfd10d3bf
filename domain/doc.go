// Package domain is the small kernel every Qixue domain package shares:
// the one coded refusal (Error) with the fields at fault (FieldError) and
// the arguments of its message, the one page of a cursor-paginated list
// (Page), who is calling (Principal and its Role), and text in the two
// languages Qixue speaks (Text). It imports only the standard library and
// knows no HTTP, database or clock.
//
// A domain declares its refusals as sentinels and returns them, or copies
// naming the input at fault:
//
//	var ErrRoundIncomplete = domain.NewError("round_incomplete")
//
//	if missing > 0 {
//		return ErrRoundIncomplete.WithArgs(round, boards)
//	}
//	return domain.Invalid("name", "required")
//
// Callers compare with errors.Is (a copy matches its sentinel, wrapped or
// not) and read the code, fields and arguments through errors.As into an
// *Error; the HTTP layer maps each code to a status in one table.
package domain
