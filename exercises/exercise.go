// Package exercises owns Qixue's typed exercises: the kinds, their prompt and
// answer formats, the checkers built on the rules engines, the built-in puzzle
// bank and the generators. It knows nothing of HTTP or SQL: the api package
// exposes it and the models package stores it.
//
// A Kind grades answers. Single-step kinds (an expression, a set of squares,
// a choice) grade one Submission. Multi-step kinds (mate in N, a best-move
// line, a VCF, a draughts shot) are played step by step and stay stateless
// on the server: every Submission carries the whole line so far (the
// student's moves and the replies the server gave), the kind re-checks it,
// grades the newest student move and, if the line goes on, returns the
// opponent's reply.
//
//	k, _ := exercises.KindByName("numchess.expression")
//	res, err := k.Check(ex.Prompt, ex.Solution, exercises.Submission{Answer: answer})
//	// err is *AnswerError (malformed answer: 422, no attempt);
//	// res.Outcome says correct, wrong, partial or continue.
package exercises

import (
	"encoding/json"
	"fmt"
	"sort"

	"qixue/domain"
	"qixue/rules/game"
)

// ParseGame returns the game named s or an error. An exercise belongs to
// a game (game.Name); generic kinds (choice, number) may carry any game
// as their subject.
func ParseGame(s string) (game.Name, error) {
	if g := game.Name(s); g.Valid() {
		return g, nil
	}
	return "", fmt.Errorf("unknown game %q", s)
}

// Band is a grade band. The bands come from the number-chess source and are
// used for every game: K1 is preschool and grade 1, G23 grades 2-3, G46
// grades 4-6.
type Band string

// The grade bands.
const (
	K1  Band = "K1"
	G23 Band = "G23"
	G46 Band = "G46"
)

// ParseBand returns the Band named s or an error.
func ParseBand(s string) (Band, error) {
	switch b := Band(s); b {
	case K1, G23, G46:
		return b, nil
	}
	return "", fmt.Errorf("unknown grade band %q", s)
}

// BandOfGrade returns the band of a grade (0 = preschool .. 6).
func BandOfGrade(grade int) Band {
	switch {
	case grade <= 1:
		return K1
	case grade <= 3:
		return G23
	default:
		return G46
	}
}

// Exercise is one exercise: built-in (SchoolID empty, Key set) or authored
// by a school. Prompt and Solution are the kind's JSON documents; the
// Solution never reaches a student before they solve or give up.
type Exercise struct {
	ID       string
	SchoolID string
	Key      string // stable key of a built-in exercise, e.g. "chess/escape-001"
	// Source names where an imported exercise comes from ("lichess:00sHx");
	// a school holds at most one exercise of a source. Empty for others.
	Source     string
	Kind       string
	Title      domain.Text
	Body       domain.Text // the question as the student reads it (Markdown)
	Prompt     json.RawMessage
	Solution   json.RawMessage
	Difficulty int // 1 (easiest) to 5
	Band       Band
	Tags       []string // skill tags, e.g. "chess.check.block"
	// Hints are up to MaxHints steps of help, in increasing help (see
	// CheckHints); students open them one at a time (Service.Hint).
	Hints []Hint
}

// Submission is one answer to an exercise. For multi-step kinds Answer holds
// the whole line so far, as the kind's answer schema says.
type Submission struct {
	Answer json.RawMessage
}

// Outcome is the verdict on a submission.
type Outcome string

// Outcomes. Continue means the line is right so far and goes on (Reply
// holds the opponent's answer); the others end the exercise.
const (
	Correct  Outcome = "correct"
	Wrong    Outcome = "wrong"
	Partial  Outcome = "partial"
	Continue Outcome = "continue"
)

// Result is a graded submission.
type Result struct {
	Outcome Outcome
	// Score is the credit in [0, 1]: 1 for correct, 0 for wrong, between
	// for partial credit (set-valued answers).
	Score float64
	// Feedback says why, in both languages ("that leaves your king in
	// check", "9 is used twice").
	Feedback domain.Text
	// Reply is the opponent's move, in the game's notation, when Outcome
	// is Continue.
	Reply string
	// Details are kind-specific facts for the app (e.g. the escape method
	// used, the missing squares); JSON-encodable.
	Details map[string]any
}

// Done reports whether the result ends the exercise.
func (r Result) Done() bool { return r.Outcome != Continue }

// AnswerError is a malformed answer (bad JSON, an unparsable move or
// expression, an unknown point): the API answers 422 and records no
// attempt. Field names the part at fault as a JSON path ("move",
// "line[2]").
type AnswerError struct {
	Code    string
	Field   string
	Message domain.Text
}

func (e *AnswerError) Error() string {
	return "exercises: " + e.Code + ": " + e.Field + ": " + e.Message.EN
}

// PromptError is an invalid prompt or solution of an exercise being saved
// (an authored exercise whose own solution fails its checker, a FEN that
// does not parse): the API answers 422 and saves nothing.
type PromptError struct {
	Code    string
	Field   string
	Message domain.Text
	// Refutation is the move that refutes a stated solution, when the
	// engine found one: the defence a claimed mate does not meet, the
	// block after which a claimed VCF has no four left ("" otherwise).
	Refutation string
}

func (e *PromptError) Error() string {
	return "exercises: invalid exercise: " + e.Code + ": " + e.Field + ": " + e.Message.EN
}

// Kind is one type of exercise with its formats and checker.
type Kind interface {
	// Name is the stable kind name, e.g. "chess.escape_check".
	Name() string
	// Game is the game whose engine checks the kind ("" for generic kinds).
	Game() game.Name
	// Steps reports whether the kind is played step by step.
	Steps() bool
	// PromptSchema and AnswerSchema are JSON Schemas (draft 2020-12) of
	// the prompt and answer documents; SolutionSchema of the solution.
	PromptSchema() json.RawMessage
	AnswerSchema() json.RawMessage
	SolutionSchema() json.RawMessage
	// Validate checks a prompt and its solution: both parse, the position
	// is legal, and the solution passes the checker. It returns a
	// *PromptError.
	Validate(prompt, solution json.RawMessage) error
	// Check grades a submission against the prompt and solution. A
	// malformed answer is an *AnswerError; any other error is a bug.
	Check(prompt, solution json.RawMessage, s Submission) (Result, error)
}

// Kinds returns every kind, sorted by name.
func Kinds() []Kind {
	ks := allKinds()
	sort.Slice(ks, func(i, j int) bool { return ks[i].Name() < ks[j].Name() })
	return ks
}

// KindByName returns the kind called name.
func KindByName(name string) (Kind, bool) {
	for _, k := range allKinds() {
		if k.Name() == name {
			return k, true
		}
	}
	return nil, false
}
