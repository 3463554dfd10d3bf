// Package arith is the arithmetic of International Number Chess (国际数棋):
// it parses the expressions children write for a span, evaluates them
// exactly, checks them against the spanned pieces under a grade band's
// rules, and solves spans (is there an expression? which is simplest?
// which values can these pieces make?).
//
// Usage:
//
//	e, err := arith.Parse("2×8−9")
//	if err != nil { ... }                      // *arith.SyntaxError
//	err = arith.Check(e, []int{9, 2, 8}, arith.Int(7), arith.G23())
//	// nil; under arith.K1() a *arith.CheckError: "× is not allowed in K1 ..."
//
//	s := arith.NewSolver(arith.G46())
//	w, ok := s.Solve([]int{9, 5, 4}, arith.Int(0)) // 9−5−4, true
//	vals := s.Reachable([]int{6, 2})               // −4, 1/3, 3, 4, 8, 12, 26, 36, 62
//
// # Decisions the spec leaves open
//
// Slash. ÷ is always division. A / between two single digits is a
// fraction (组分数) that binds tighter than × and ÷: 2/5 is two-fifths and
// 3×2/5 is 3×(2/5) — except when the first digit is itself divided
// (written right after ÷ or /), where the / is a division read left to
// right: 8÷2/4 is (8÷2)÷4 = 1, and 8/2/4 is (8/2)÷4 = 1 too. Anything else
// around a / (12/4, (7−3)/2, 2/3²) is a division. Under rules without
// fractions but with ÷, a fraction a/b is read as the division a÷b, which
// by the rule above never changes the value or the order of evaluation;
// under rules with fractions and no ÷, every division is refused with a
// message that a fraction of two digits would be allowed.
//
// Combining rules take whole pieces: a joined number (组大数) is a run of
// digits, a power (组乘方) is one digit with one exponent digit (2 or 3),
// a fraction is digit/digit. They do not nest: 12² and (1+2)² are refused.
//
// Brackets follow the spec's table: K1 has none, so a K1 expression is
// read left to right with no brackets at all (redundant brackets are
// refused too), and the K1 solver only finds such expressions.
//
// Negative values: with Negative off, no value along the way may be
// negative, in the order the written expression is evaluated (9−5−4 is
// fine, 4−9+5 is not). There is never a minus sign before a number.
//
// Simplest witness: fewest combining rules, then fewest × ÷, then fewest
// bracket pairs, then fewest negative values along the way, then fewest
// characters; ties go to a fixed enumeration order (larger pieces first on
// the left), so answers are deterministic. This is guaranteed up to
// ExactMax (6) digits and whenever + and − alone suffice; beyond, see
// Solver.Solve.
//
// Deciding: CanMake (one value) and Meet (many values at once) are exact
// for any target and any number of digits, without listing a long
// multiset's values: they split the digits into a part with a table and a
// part asked about the operand it would need. Under flat rules (+ and −
// without brackets, × ÷ or powers and fractions, as in K1) an expression
// is a run of signed terms, so they decide by a subset sum over the ways
// to cut the digits into terms. Reachable values are found fast; proving
// many values unreachable for eight or more digits with × ÷ can still
// take long (seconds, more with twelve or more digits).
//
// Bounded work: CanMakeContext, SolveContext, ReachableContext and
// MeetContext give up when their context is done (a deadline, a closed
// request) and return its error. They look at the context every few
// thousand values combined, and give up without leaving anything partial
// in the memo, so every later answer is exact.
//
// Solver memo: each Solver holds its own memo (no package-level state):
// per sub-multiset of digits, the values it can make and the cost of each
// value's simplest expression, bounded by MemoLimit values per tier.
// Keep one Solver per ruleset and share it; it is safe for concurrent use.
//
// Numbers are int64 rationals; a value that would overflow is treated as
// unreachable by the solver and reported as "too_large" by Eval and Check.
//
// Errors: Parse returns *SyntaxError, Check and Eval *CheckError; both
// have Code(), Error() (English) and Message(lang) for "zh-CN" and "en".
package arith
