package exercises

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"qixue/domain"
)

// Graded is a student's answer checked by GradeFor and not recorded yet:
// the verdict as Submit would give it and, when the answer ends the
// exercise, the attempt Record stores.
type Graded struct {
	Verdict  Verdict
	Exercise Exercise
	attempt  *Attempt
}

// Done reports whether the answer ends the exercise (a continuing step
// of a multi-step line does not, and is never recorded).
func (g Graded) Done() bool { return g.attempt != nil }

// ErrNotStudent refuses GradeFor for a caller who is not a student.
var ErrNotStudent = errors.New("exercises: only a student's answer is graded for recording")

// GradeFor grades a student's answer to exercise id on behalf of another
// use case that has already decided the student may work on it (a live
// lesson of the student's class): the exercise is read within the
// student's school, built-in or the school's own, without the
// assignment rules (grants, attempt limits, mastery gates), which govern
// homework, not a lesson the teacher runs. A malformed answer is the
// kind's *AnswerError. in.IdempotencyKey names the attempt Record will
// store (one per key and student). Nothing is stored.
func (s *Service) GradeFor(ctx context.Context, p domain.Principal, id string, in AnswerInput) (Graded, error) {
	if p.Role != domain.RoleStudent {
		return Graded{}, ErrNotStudent
	}
	if err := checkAttemptInput(true, in.IdempotencyKey, in.TimeMS, in.Answer, true); err != nil {
		return Graded{}, err
	}
	ex, err := s.exercise(ctx, p, id)
	if err != nil {
		return Graded{}, err
	}
	k, ok := KindByName(ex.Kind)
	if !ok {
		return Graded{}, fmt.Errorf("exercise %s has unknown kind %q", ex.ID, ex.Kind)
	}
	res, err := k.Check(ex.Prompt, ex.Solution, Submission{Answer: in.Answer})
	if err != nil {
		return Graded{}, err
	}
	g := Graded{Verdict: Verdict{Result: res}, Exercise: ex}
	if !res.Done() {
		if res.Reply != "" {
			g.Verdict.ForbiddenPoints = ForbiddenMarksAfter(ex, in.Answer, res.Reply)
		}
		return g, nil
	}
	a := Attempt{
		ID: newPracticeID(), SchoolID: p.SchoolID, UserID: p.UserID, ExerciseID: ex.ID,
		Answer: compactJSON(in.Answer), Outcome: res.Outcome, Score: res.Score, Feedback: res.Feedback, Details: res.Details,
		TimeMS: in.TimeMS, IdempotencyKey: in.IdempotencyKey, CreatedAt: s.clock(),
	}
	a.RequestHash = requestHash("answer", ex.ID, a.Answer)
	g.attempt = &a
	return g, nil
}

// Record stores the attempt of a finished answer graded by GradeFor, the
// same way Submit stores one (progress, ratings and the class matrix
// count it like any other): once per idempotency key; a second Record
// with the key returns the first attempt and created=false. ctx may carry
// a caller's unit of work (see models), so that the attempt is stored in
// the caller's transaction. A continuing step has nothing to record
// (created=false, no attempt).
func (s *Service) Record(ctx context.Context, g Graded) (Attempt, bool, error) {
	if g.attempt == nil {
		return Attempt{}, false, nil
	}
	return s.store.RecordAttempt(ctx, *g.attempt)
}

// Canonical returns an answer document in one spelling (keys sorted, no
// spaces), so that equal answers count together in a tally; a document
// that is not JSON is returned as it is.
func Canonical(answer json.RawMessage) json.RawMessage {
	d := json.NewDecoder(bytes.NewReader(answer))
	d.UseNumber() // numbers keep their digits
	var v any
	if d.Decode(&v) != nil || d.More() {
		return answer
	}
	b, err := json.Marshal(v)
	if err != nil {
		return answer
	}
	return b
}

// InSchool returns those of ids that exist for schoolID (built-in
// exercises and the school's own, not archived), by ID, as a teacher of
// the school reads them: for a use case that has already decided who may
// see them (a live lesson shows its items to its class).
func (s *Service) InSchool(ctx context.Context, schoolID string, ids []string) (map[string]Exercise, error) {
	return s.Readable(ctx, domain.Principal{Role: domain.RoleTeacher, SchoolID: schoolID}, ids)
}

// HintFor opens hint step of exercise id for a student on behalf of a use
// case that has already decided the student may work on it (see
// GradeFor): recorded as Hint records it, so the attempt that follows
// counts the hints opened.
func (s *Service) HintFor(ctx context.Context, p domain.Principal, id string, step int) (HintView, error) {
	if p.Role != domain.RoleStudent {
		return HintView{}, ErrNotStudent
	}
	ex, err := s.exercise(ctx, p, id)
	if err != nil {
		return HintView{}, err
	}
	return s.openHint(ctx, p, ex, step)
}

// HintsOpened returns how many of the exercise's hints the user opened.
func (s *Service) HintsOpened(ctx context.Context, userID, exerciseID string) (int, error) {
	return s.store.HintsOpened(ctx, userID, exerciseID)
}
