package api

import (
	"encoding/json"
	"time"

	"qixue/domain"
	"qixue/exercises"
)

// Request bodies of the exercise routes.

// textRequest is a text in both languages.
type textRequest struct {
	ZH string `json:"zh-CN"`
	EN string `json:"en"`
}

func (t textRequest) text() domain.Text { return domain.Text{ZH: t.ZH, EN: t.EN} }

type exerciseRequest struct {
	SchoolID   string          `json:"school_id"`
	Kind       string          `json:"kind"`
	Title      textRequest     `json:"title"`
	Body       textRequest     `json:"body"`
	Prompt     json.RawMessage `json:"prompt"`
	Solution   json.RawMessage `json:"solution"`
	Difficulty int             `json:"difficulty"`
	Band       string          `json:"band"`
	Tags       []string        `json:"tags"`
	Hints      []hintRequest   `json:"hints"`
}

// hintRequest is an authored hint (see exercises.Hint).
type hintRequest struct {
	Text    textRequest `json:"text"`
	Squares []string    `json:"squares"`
}

func (r exerciseRequest) draft() exercises.Draft {
	var hints []exercises.Hint
	for _, h := range r.Hints {
		hints = append(hints, exercises.Hint{Text: h.Text.text(), Squares: h.Squares})
	}
	return exercises.Draft{SchoolID: r.SchoolID, Kind: r.Kind, Title: r.Title.text(), Body: r.Body.text(),
		Prompt: r.Prompt, Solution: r.Solution, Difficulty: r.Difficulty, Band: r.Band, Tags: r.Tags, Hints: hints}
}

// openHintRequest asks for one hint.
type openHintRequest struct {
	Step int `json:"step"`
}

type attemptRequest struct {
	Answer json.RawMessage `json:"answer"`
	TimeMS int             `json:"time_ms"`
}

type giveUpRequest struct {
	TimeMS int `json:"time_ms"`
}

type generateRequest struct {
	Kind     string  `json:"kind"`
	Band     string  `json:"band"`
	Count    int     `json:"count"`
	Seed     *uint64 `json:"seed"`
	Save     bool    `json:"save"`
	SchoolID string  `json:"school_id"`
}

// Response bodies of the exercise routes.

type exerciseResponse struct {
	ID         string          `json:"id"`
	Key        string          `json:"key,omitempty"`
	SchoolID   *string         `json:"school_id"`
	Source     string          `json:"source"`
	Kind       string          `json:"kind"`
	Game       string          `json:"game,omitempty"`
	Band       string          `json:"band"`
	Difficulty int             `json:"difficulty"`
	Tags       []string        `json:"tags"`
	Title      string          `json:"title"`
	Body       string          `json:"body"`
	Steps      bool            `json:"steps"`
	Prompt     json.RawMessage `json:"prompt"`
	Solution   json.RawMessage `json:"solution,omitempty"`
	// ForbiddenPoints: Black's forbidden points to mark on the board, for
	// a renju exercise whose prompt has show_forbidden.
	ForbiddenPoints []string `json:"forbidden_points,omitempty"`
	// HintsTotal is the number of the exercise's hints; Hints are those
	// the reader may see (see exercises.View.HintsShown).
	HintsTotal int            `json:"hints_total"`
	Hints      []hintResponse `json:"hints"`
}

// hintResponse is one hint in the reader's language.
type hintResponse struct {
	Step    int      `json:"step"`
	Text    string   `json:"text"`
	Squares []string `json:"squares"`
}

func toHintResponse(step int, h exercises.Hint, lang string) hintResponse {
	sq := h.Squares
	if sq == nil {
		sq = []string{}
	}
	return hintResponse{Step: step, Text: h.Text.In(lang), Squares: sq}
}

// openedHintResponse answers a hint request.
type openedHintResponse struct {
	hintResponse
	Total  int `json:"total"`
	Opened int `json:"opened"`
}

// toExerciseResponse converts an exercise in lang; the solution is only
// included when shown.
func toExerciseResponse(v exercises.View, lang string) exerciseResponse {
	ex := v.Exercise
	r := exerciseResponse{
		ID: ex.ID, Key: ex.Key, Source: "builtin", Kind: ex.Kind, Game: string(exercises.GameOf(ex)),
		Band: string(ex.Band), Difficulty: ex.Difficulty, Tags: ex.Tags, Title: ex.Title.In(lang), Body: ex.Body.In(lang),
		Prompt: ex.Prompt,
	}
	if r.Tags == nil {
		r.Tags = []string{}
	}
	if ex.SchoolID != "" {
		r.Source, r.SchoolID = "school", &ex.SchoolID
	}
	if k, ok := exercises.KindByName(ex.Kind); ok {
		r.Steps = k.Steps()
	}
	if v.ShowSolution {
		r.Solution = ex.Solution
	}
	r.ForbiddenPoints = exercises.ForbiddenMarks(ex)
	r.HintsTotal, r.Hints = len(ex.Hints), []hintResponse{}
	for i := range min(v.HintsShown, len(ex.Hints)) {
		r.Hints = append(r.Hints, toHintResponse(i+1, ex.Hints[i], lang))
	}
	return r
}

type verdictResponse struct {
	Outcome      string          `json:"outcome"`
	Correct      bool            `json:"correct"`
	Done         bool            `json:"done"`
	Score        float64         `json:"score"`
	Feedback     string          `json:"feedback"`
	Reply        string          `json:"reply,omitempty"`
	Details      map[string]any  `json:"details,omitempty"`
	Recorded     bool            `json:"recorded"`
	Replayed     bool            `json:"replayed"`
	AttemptID    string          `json:"attempt_id,omitempty"`
	FirstAttempt bool            `json:"first_attempt"`
	HintsUsed    int             `json:"hints_used"`
	Stars        int             `json:"stars"`
	Solution     json.RawMessage `json:"solution,omitempty"`
	// ForbiddenPoints: Black's forbidden points after the reply, for a
	// board that marks them.
	ForbiddenPoints []string `json:"forbidden_points,omitempty"`
}

func toVerdictResponse(v exercises.Verdict, lang string) verdictResponse {
	r := verdictResponse{
		Outcome: string(v.Result.Outcome), Correct: v.Result.Outcome == exercises.Correct, Done: v.Result.Done(),
		Score: v.Result.Score, Feedback: v.Result.Feedback.In(lang), Reply: v.Result.Reply, Details: v.Result.Details,
		Replayed: v.Replayed, Solution: v.Solution, ForbiddenPoints: v.ForbiddenPoints,
	}
	if v.Attempt != nil {
		r.Recorded, r.AttemptID, r.FirstAttempt = true, v.Attempt.ID, v.Attempt.First
		r.HintsUsed, r.Stars = v.Attempt.HintsUsed, v.Attempt.Stars()
	}
	return r
}

type attemptResponse struct {
	ID           string          `json:"id"`
	ExerciseID   string          `json:"exercise_id"`
	Outcome      string          `json:"outcome"`
	Correct      bool            `json:"correct"`
	Score        float64         `json:"score"`
	Feedback     string          `json:"feedback"`
	Answer       json.RawMessage `json:"answer"`
	TimeMS       int             `json:"time_ms"`
	GaveUp       bool            `json:"gave_up"`
	FirstAttempt bool            `json:"first_attempt"`
	HintsUsed    int             `json:"hints_used"`
	Stars        int             `json:"stars"`
	CreatedAt    time.Time       `json:"created_at"`
}

func toAttemptResponse(a exercises.Attempt, lang string) attemptResponse {
	r := attemptResponse{ID: a.ID, ExerciseID: a.ExerciseID, Outcome: string(a.Outcome), Correct: a.Correct(), Score: a.Score,
		Feedback: a.Feedback.In(lang), Answer: a.Answer, TimeMS: a.TimeMS, GaveUp: a.GaveUp, FirstAttempt: a.First,
		HintsUsed: a.HintsUsed, Stars: a.Stars(), CreatedAt: a.CreatedAt}
	if r.Answer == nil {
		r.Answer = json.RawMessage("null")
	}
	return r
}

type kindResponse struct {
	Name           string          `json:"name"`
	Game           string          `json:"game,omitempty"`
	Steps          bool            `json:"steps"`
	Generator      bool            `json:"generator"`
	PromptSchema   json.RawMessage `json:"prompt_schema"`
	AnswerSchema   json.RawMessage `json:"answer_schema"`
	SolutionSchema json.RawMessage `json:"solution_schema"`
}

func toKindResponse(k exercises.Kind) kindResponse {
	_, gen := exercises.GeneratorFor(k.Name())
	return kindResponse{Name: k.Name(), Game: string(k.Game()), Steps: k.Steps(), Generator: gen,
		PromptSchema: k.PromptSchema(), AnswerSchema: k.AnswerSchema(), SolutionSchema: k.SolutionSchema()}
}

// generatedResponse is a generated exercise with its solution, in both
// languages (a teacher may save or print it); ID is set when it was saved.
type generatedResponse struct {
	ID         string          `json:"id,omitempty"`
	Kind       string          `json:"kind"`
	Game       string          `json:"game,omitempty"`
	Band       string          `json:"band"`
	Difficulty int             `json:"difficulty"`
	Tags       []string        `json:"tags"`
	Title      domain.Text     `json:"title"`
	Body       domain.Text     `json:"body"`
	Prompt     json.RawMessage `json:"prompt"`
	Solution   json.RawMessage `json:"solution"`
}

func toGeneratedResponse(ex exercises.Exercise) generatedResponse {
	r := generatedResponse{ID: ex.ID, Kind: ex.Kind, Game: string(exercises.GameOf(ex)), Band: string(ex.Band),
		Difficulty: ex.Difficulty, Tags: ex.Tags, Title: ex.Title, Body: ex.Body, Prompt: ex.Prompt, Solution: ex.Solution}
	if r.Tags == nil {
		r.Tags = []string{}
	}
	return r
}

// answerProblem is a malformed answer: a 422 naming the field at fault
// ("answer.move"), with the kind's message as the detail. No attempt is
// recorded.
type answerProblem struct{ e *exercises.AnswerError }

func (p answerProblem) Error() string { return p.e.Error() }

// Code returns the problem code of every malformed answer.
func (p answerProblem) Code() string { return "invalid_answer" }

// Message returns the kind's explanation in lang.
func (p answerProblem) Message(lang string) string { return p.e.Message.In(lang) }

// Fields names the part of the answer at fault with the kind's code.
func (p answerProblem) Fields() []domain.FieldError {
	return []domain.FieldError{{Field: joinField("answer", p.e.Field), Code: p.e.Code}}
}

// promptProblem is an authored exercise refused by its kind (its own
// solution fails, the position is illegal): a 422 with the reason.
type promptProblem struct{ e *exercises.PromptError }

func (p promptProblem) Error() string { return p.e.Error() }

// Code returns the problem code of every refused exercise.
func (p promptProblem) Code() string { return "invalid_exercise" }

// Message returns the kind's reason in lang.
func (p promptProblem) Message(lang string) string { return p.e.Message.In(lang) }

// Refutation returns the move refuting the stated solution, or "".
func (p promptProblem) Refutation() string { return p.e.Refutation }

// Fields names the document at fault ("prompt...", "solution...").
func (p promptProblem) Fields() []domain.FieldError {
	f := p.e.Field
	if f == "" {
		f = "prompt"
	}
	return []domain.FieldError{{Field: f, Code: p.e.Code}}
}

func joinField(base, f string) string {
	switch {
	case f == "":
		return base
	case f[0] == '[':
		return base + f
	}
	return base + "." + f
}
