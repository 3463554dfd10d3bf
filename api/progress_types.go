package api

import (
	"encoding/json"
	"math"
	"time"

	"qixue/progress"
)

// progressResponse is the body of GET /v1/me/progress.
type progressResponse struct {
	Exercises []exerciseProgressResponse `json:"exercises"`
	Lessons   []lessonProgressResponse   `json:"lessons"`
	Skills    []skillProgressResponse    `json:"skills"`
	Ratings   []gameRatingResponse       `json:"ratings"`
}

type exerciseProgressResponse struct {
	ExerciseID string `json:"exercise_id"`
	Game       string `json:"game"`
	Attempts   int    `json:"attempts"`
	Solved     bool   `json:"solved"`
	FirstTry   bool   `json:"first_try"`
	TimeMS     int64  `json:"time_ms"`
	HintsUsed  int    `json:"hints_used"`
}

type lessonProgressResponse struct {
	LessonID   string  `json:"lesson_id"`
	Exercises  int     `json:"exercises"`
	Attempted  int     `json:"attempted"`
	Solved     int     `json:"solved"`
	FirstTry   int     `json:"first_try"`
	Completion float64 `json:"completion"`
	Stars      int     `json:"stars"`
	HintsUsed  int     `json:"hints_used"`
}

type skillProgressResponse struct {
	Tag       string  `json:"tag"`
	Attempted int     `json:"attempted"`
	Solved    int     `json:"solved"`
	FirstTry  int     `json:"first_try"`
	Mastery   float64 `json:"mastery"`
	Weak      bool    `json:"weak"`
}

type gameRatingResponse struct {
	Game       string  `json:"game"`
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
	Games      int     `json:"games"`
	Level      int     `json:"level"`
	Points     int     `json:"points"`
	ToNext     int     `json:"points_to_next_level"`
}

// ratingChangeResponse is one entry of GET /v1/me/ratings/history.
type ratingChangeResponse struct {
	AttemptID    string    `json:"attempt_id"`
	ExerciseID   string    `json:"exercise_id"`
	Game         string    `json:"game"`
	Solved       bool      `json:"solved"`
	RatingBefore float64   `json:"rating_before"`
	RatingAfter  float64   `json:"rating_after"`
	Deviation    float64   `json:"deviation"`
	Level        int       `json:"level"`
	At           time.Time `json:"at"`
}

// round2 rounds to two decimals for display.
func round2(x float64) float64 { return math.Round(x*100) / 100 }

func toProgressResponse(s progress.Summary) progressResponse {
	out := progressResponse{
		Exercises: make([]exerciseProgressResponse, len(s.Exercises)),
		Lessons:   make([]lessonProgressResponse, len(s.Lessons)),
		Skills:    make([]skillProgressResponse, len(s.Skills)),
		Ratings:   make([]gameRatingResponse, len(s.Ratings)),
	}
	for i, e := range s.Exercises {
		out.Exercises[i] = exerciseProgressResponse{ExerciseID: e.ExerciseID, Game: e.Game, Attempts: e.Attempts,
			Solved: e.Solved, FirstTry: e.FirstTry, TimeMS: e.TimeMS, HintsUsed: e.HintsUsed}
	}
	for i, l := range s.Lessons {
		out.Lessons[i] = lessonProgressResponse{LessonID: l.LessonID, Exercises: l.Exercises, Attempted: l.Attempted,
			Solved: l.Solved, FirstTry: l.FirstTry, Completion: round2(l.Completion()), Stars: l.Stars(), HintsUsed: l.HintsUsed}
	}
	for i, k := range s.Skills {
		out.Skills[i] = toSkillResponse(k)
	}
	for i, r := range s.Ratings {
		lvl := r.Level()
		out.Ratings[i] = gameRatingResponse{Game: r.Game, Rating: round2(r.Rating.Rating), Deviation: round2(r.Rating.Deviation),
			Volatility: math.Round(r.Rating.Volatility*1e6) / 1e6, Games: r.Games, Level: lvl.Level, Points: lvl.Points, ToNext: lvl.ToNext}
	}
	return out
}

func toRatingChangeResponse(c progress.Change) ratingChangeResponse {
	return ratingChangeResponse{AttemptID: c.AttemptID, ExerciseID: c.ExerciseID, Game: c.Game, Solved: c.Solved,
		RatingBefore: round2(c.Before.Rating), RatingAfter: round2(c.After.Rating), Deviation: round2(c.After.Deviation),
		Level: progress.LevelOf(c.After.Rating).Level, At: c.At}
}

// studentProgressResponse is the body of GET /v1/students/{id}/progress.
// Since is when the counted activity starts (nil: all of it).
type studentProgressResponse struct {
	progressResponse
	WeakSkills []skillProgressResponse `json:"weak_skills"`
	Recent     []activityResponse      `json:"recent"`
	Since      *time.Time              `json:"since"`
}

type activityResponse struct {
	AttemptID  string    `json:"attempt_id"`
	ExerciseID string    `json:"exercise_id"`
	Outcome    string    `json:"outcome"`
	TimeMS     int       `json:"time_ms"`
	HintsUsed  int       `json:"hints_used"`
	At         time.Time `json:"at"`
}

func toSkillResponse(k progress.SkillStats) skillProgressResponse {
	return skillProgressResponse{Tag: k.Tag, Attempted: k.Attempted, Solved: k.Solved, FirstTry: k.FirstTry,
		Mastery: round2(k.Mastery()), Weak: k.Weak()}
}

func toStudentProgressResponse(v progress.StudentView) studentProgressResponse {
	out := studentProgressResponse{progressResponse: toProgressResponse(v.Summary),
		WeakSkills: make([]skillProgressResponse, len(v.Weak)), Recent: make([]activityResponse, len(v.Recent))}
	for i, k := range v.Weak {
		out.WeakSkills[i] = toSkillResponse(k)
	}
	for i, a := range v.Recent {
		out.Recent[i] = activityResponse{AttemptID: a.AttemptID, ExerciseID: a.ExerciseID, Outcome: a.Outcome, TimeMS: a.TimeMS, HintsUsed: a.HintsUsed, At: a.At}
	}
	if !v.Since.IsZero() {
		since := v.Since.UTC()
		out.Since = &since
	}
	return out
}

// exerciseStatsResponse is the body of GET
// /v1/classes/{id}/exercises/{eid}/stats.
type exerciseStatsResponse struct {
	Students     int                   `json:"students"`
	Attempts     int                   `json:"attempts"`
	Solved       int                   `json:"solved"`
	FirstTry     int                   `json:"first_try"`
	SuccessRate  float64               `json:"success_rate"`
	MedianTimeMS float64               `json:"median_time_ms"`
	Hinted       int                   `json:"hinted"`
	HintsUsed    int                   `json:"hints_used"`
	WrongAnswers []wrongAnswerResponse `json:"wrong_answers"`
}

type wrongAnswerResponse struct {
	Answer json.RawMessage `json:"answer"`
	Count  int             `json:"count"`
}

func toExerciseStatsResponse(st progress.ClassExerciseStats) exerciseStatsResponse {
	out := exerciseStatsResponse{Students: st.Students, Attempts: st.Attempts, Solved: st.Solved, FirstTry: st.FirstTry,
		SuccessRate: round2(st.SuccessRate()), MedianTimeMS: st.MedianTimeMS(), Hinted: st.Hinted, HintsUsed: st.HintsUsed, WrongAnswers: make([]wrongAnswerResponse, len(st.Wrong))}
	for i, w := range st.Wrong {
		out.WrongAnswers[i] = wrongAnswerResponse{Answer: json.RawMessage(w.Answer), Count: w.Count}
	}
	return out
}
