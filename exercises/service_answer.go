package exercises

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"qixue/domain"
)

// Submission limits.
const (
	MaxIdempotencyKeyLen = 255
	MaxTimeMS            = 24 * 60 * 60 * 1000
)

// AnswerInput is one answer submission. IdempotencyKey is required from
// students.
type AnswerInput struct {
	Answer         json.RawMessage
	TimeMS         int
	IdempotencyKey string
}

// Verdict is the outcome of a submission or a give-up.
type Verdict struct {
	Result Result
	// Attempt is the recorded attempt, nil when none was recorded (a
	// continuing step, or a caller who is not a student).
	Attempt *Attempt
	// Replayed is set when the idempotency key had been used by the same
	// request before: Result and Attempt are the first ones and nothing
	// new was recorded.
	Replayed bool
	// Solution is the exercise's solution when the caller may see it now:
	// after a correct answer or a give-up, and always for staff.
	Solution json.RawMessage
	// ForbiddenPoints are the points forbidden to Black after a
	// continuing step and its reply, for a board that marks them (see
	// ForbiddenMarksAfter).
	ForbiddenPoints []string
}

// Submit grades an answer. A malformed answer is the kind's *AnswerError
// and records nothing. A finished result (correct, wrong, partial) of a
// student is recorded once per idempotency key: a retry returns the first
// verdict, and a reuse of the key for another request is ErrKeyReused.
// Continuing steps of a multi-step exercise are graded afresh each time
// (replies are deterministic) and not recorded. Every answer is checked
// under the exercise's own rules (a number-chess prompt's ruleset), never
// under the band of the student's class.
//
// Attempts allowed: when the assignments that apply to the student and
// the exercise (see Grant) all have a limit, the student may submit while
// one of them has attempts left: its limit minus the student's attempts
// of the exercise (answers and give-ups) since its Since. Otherwise every
// submission, each step of a multi-step line included, is an
// *ExhaustedError; a retry of a recorded submission (same idempotency
// key) still replays its first verdict. Counting and recording are one
// transaction serialized per student and exercise, so parallel
// submissions cannot overrun the limit.
func (s *Service) Submit(ctx context.Context, p domain.Principal, id string, in AnswerInput) (Verdict, error) {
	student := p.Role == domain.RoleStudent
	if err := checkAttemptInput(student, in.IdempotencyKey, in.TimeMS, in.Answer, true); err != nil {
		return Verdict{}, err
	}
	ex, grants, err := s.access(ctx, p, id, true)
	if err != nil {
		return Verdict{}, err
	}
	k, ok := KindByName(ex.Kind)
	if !ok {
		return Verdict{}, fmt.Errorf("exercise %s has unknown kind %q", ex.ID, ex.Kind)
	}
	res, err := k.Check(ex.Prompt, ex.Solution, Submission{Answer: in.Answer})
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Result: res}
	if !res.Done() && res.Reply != "" {
		v.ForbiddenPoints = ForbiddenMarksAfter(ex, in.Answer, res.Reply)
	}
	if res.Outcome == Correct || isStaff(p) {
		v.Solution = ex.Solution
	}
	limited := limits(grants)
	if !student {
		return v, nil
	}
	if !res.Done() {
		if limited != nil {
			if err := s.checkLeft(ctx, p, ex.ID, limited); err != nil {
				return Verdict{}, err
			}
		}
		return v, nil
	}
	a := Attempt{
		ID: newPracticeID(), SchoolID: p.SchoolID, UserID: p.UserID, ExerciseID: ex.ID,
		Answer: compactJSON(in.Answer), Outcome: res.Outcome, Score: res.Score, Feedback: res.Feedback, Details: res.Details,
		TimeMS: in.TimeMS, IdempotencyKey: in.IdempotencyKey, CreatedAt: s.clock(),
	}
	a.RequestHash = requestHash("answer", ex.ID, a.Answer)
	return s.record(ctx, ex, a, v, limited)
}

// record stores a student's attempt, or replays the first one recorded
// with its idempotency key. With limited grants the attempt is stored
// only while one has attempts left (an *ExhaustedError otherwise).
func (s *Service) record(ctx context.Context, ex Exercise, a Attempt, v Verdict, limited []Grant) (Verdict, error) {
	var (
		stored  Attempt
		created bool
		err     error
	)
	if limited == nil {
		stored, created, err = s.store.RecordAttempt(ctx, a)
	} else {
		stored, created, err = s.store.RecordAttemptIf(ctx, a, sinceOf(limited), func(counts []int) error {
			return allowAttempt(limited, counts)
		})
	}
	if err != nil {
		return Verdict{}, err
	}
	if !created {
		if stored.RequestHash != a.RequestHash {
			return Verdict{}, ErrKeyReused
		}
		v = Verdict{Replayed: true, Result: Result{
			Outcome: stored.Outcome, Score: stored.Score, Feedback: stored.Feedback, Details: stored.Details,
		}}
		if stored.Outcome == Correct || stored.GaveUp {
			v.Solution = ex.Solution
		}
	}
	v.Attempt = &stored
	return v, nil
}

func checkAttemptInput(student bool, key string, timeMS int, answer json.RawMessage, needAnswer bool) error {
	noAnswer := needAnswer && len(bytes.TrimSpace(answer)) == 0
	var fields []domain.FieldError
	switch {
	case student && key == "":
		fields = append(fields, domain.FieldError{Field: "Idempotency-Key", Code: "required"})
	case len(key) > MaxIdempotencyKeyLen:
		fields = append(fields, domain.FieldError{Field: "Idempotency-Key", Code: "too_long"})
	case strings.IndexFunc(key, func(r rune) bool { return r < 0x20 || r > 0x7e }) >= 0:
		fields = append(fields, domain.FieldError{Field: "Idempotency-Key", Code: "invalid"}) // printable ASCII only
	}
	if timeMS < 0 || timeMS > MaxTimeMS {
		fields = append(fields, domain.FieldError{Field: "time_ms", Code: "out_of_range"})
	}
	switch {
	case noAnswer:
		fields = append(fields, domain.FieldError{Field: "answer", Code: "required"})
	case !utf8.Valid(answer):
		fields = append(fields, domain.FieldError{Field: "answer", Code: "invalid"})
	}
	if len(fields) > 0 {
		return domain.Validation(fields...)
	}
	return nil
}

// requestHash fingerprints a request for idempotency-key reuse checks:
// what was submitted to which exercise. The reported time is left out, so
// an app that retries with its timer moved on still gets its first verdict.
func requestHash(action, exerciseID string, answer json.RawMessage) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", action, exerciseID)
	h.Write(answer)
	return hex.EncodeToString(h.Sum(nil))
}

// giveUpFeedback is the feedback of a give-up.
var giveUpFeedback = domain.Text{ZH: "没关系，看看答案，想一想为什么。", EN: "That's all right: look at the solution and think about why it works."}

// GiveUpInput is a give-up request. IdempotencyKey is required from
// students.
type GiveUpInput struct {
	TimeMS         int
	IdempotencyKey string
}

// exhaustedGiveUpFeedback is the feedback of a give-up that is not
// recorded because no attempt is left.
var exhaustedGiveUpFeedback = domain.Text{
	ZH: "这道题在作业里的次数已经用完了，这次放弃不计入。看看答案，想一想为什么。",
	EN: "You have used all your attempts at this exercise in the assignment, so this give-up is not recorded. Look at the solution and think about why it works.",
}

// GiveUp reveals the solution. For a student it records a failed attempt
// (once per idempotency key, as Submit does). When the student has no
// attempt left (see Submit) the solution is still shown, since a child
// who gives up should see it, but nothing is recorded: the attempts are
// used up, and a give-up recorded past the limit would count as work the
// assignment did not allow.
func (s *Service) GiveUp(ctx context.Context, p domain.Principal, id string, in GiveUpInput) (Verdict, error) {
	student := p.Role == domain.RoleStudent
	if err := checkAttemptInput(student, in.IdempotencyKey, in.TimeMS, nil, false); err != nil {
		return Verdict{}, err
	}
	ex, grants, err := s.access(ctx, p, id, true)
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Result: Result{Outcome: Wrong, Feedback: giveUpFeedback}, Solution: ex.Solution}
	if !student {
		return v, nil
	}
	a := Attempt{
		ID: newPracticeID(), SchoolID: p.SchoolID, UserID: p.UserID, ExerciseID: ex.ID,
		Outcome: Wrong, Feedback: giveUpFeedback, GaveUp: true, TimeMS: in.TimeMS,
		IdempotencyKey: in.IdempotencyKey, CreatedAt: s.clock(),
	}
	a.RequestHash = requestHash("give-up", ex.ID, nil)
	out, err := s.record(ctx, ex, a, v, limits(grants))
	var exhausted *ExhaustedError
	if errors.As(err, &exhausted) {
		return Verdict{Result: Result{Outcome: Wrong, Feedback: exhaustedGiveUpFeedback}, Solution: ex.Solution}, nil
	}
	return out, err
}

// MyAttempts lists the caller's own attempts, newest first, optionally of
// one exercise.
func (s *Service) MyAttempts(ctx context.Context, p domain.Principal, exerciseID string, page domain.Page) ([]Attempt, string, error) {
	page = normalPage(page)
	list, err := s.store.Attempts(ctx, AttemptQuery{UserID: p.UserID, ExerciseID: exerciseID}, page)
	if err != nil {
		return nil, "", err
	}
	list, next := trimPage(list, page.Limit, func(a Attempt) string { return a.ID })
	return list, next, nil
}
