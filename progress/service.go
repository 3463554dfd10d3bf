package progress

import (
	"context"
	"slices"
	"strconv"
	"time"

	"qixue/domain"
	"qixue/exercises"
	"qixue/identity"
)

// ExerciseStats is a student's work on one exercise.
type ExerciseStats struct {
	ExerciseID string
	Game       string
	Attempts   int
	// Solved is set when any attempt was correct; FirstTry when the
	// first one was.
	Solved, FirstTry bool
	// TimeMS is the time spent over all attempts, as reported by the app.
	TimeMS int64
	// HintsUsed is the number of hints the student had opened when the
	// first attempt was recorded (see exercises.Service.Hint).
	HintsUsed int
}

// SkillStats counts a student's work on the exercises carrying one skill
// tag, one count per exercise.
type SkillStats struct {
	Tag string
	// Attempted counts the exercises the student tried, Solved those
	// solved at any attempt (as ExerciseStats.Solved).
	Attempted, Solved int
	// FirstAttempts counts the exercises whose first attempt is counted,
	// FirstTry those solved at it: mastery and weakness are of these
	// (see Mastery).
	FirstAttempts, FirstTry int
}

// Mastery is the skill's smoothed mastery over first attempts (see
// Mastery).
func (s SkillStats) Mastery() float64 { return Mastery(s.FirstTry, s.FirstAttempts) }

// Weak reports whether the skill is weak (see Weak).
func (s SkillStats) Weak() bool { return Weak(s.FirstTry, s.FirstAttempts) }

// LessonStats is a student's work on the exercises of one lesson.
type LessonStats struct {
	LessonID string
	// Exercises is the number of exercises in the lesson; Attempted,
	// Solved and FirstTry count those the student tried, solved at any
	// attempt and solved on the first attempt.
	Exercises, Attempted, Solved, FirstTry int
	// HintsUsed sums the hints used on the first attempts; FirstTryStars
	// sums the stars hints leave to the first-try solves (3 each without
	// a hint, see exercises.HintStarCap).
	HintsUsed, FirstTryStars int
}

// Completion is the share of the lesson's exercises solved, 0..1.
func (l LessonStats) Completion() float64 {
	if l.Exercises == 0 {
		return 0
	}
	return float64(l.Solved) / float64(l.Exercises)
}

// Accuracy is the share of the attempted exercises solved on the first
// attempt, 0..1.
func (l LessonStats) Accuracy() float64 {
	if l.Attempted == 0 {
		return 0
	}
	return float64(l.FirstTry) / float64(l.Attempted)
}

// StarAccuracy is Accuracy with the hints counted: a first-try solve
// counts 1 without a hint, 2/3 with one and 1/3 with two or more (the
// stars the hints leave it, out of 3).
func (l LessonStats) StarAccuracy() float64 {
	if l.Attempted == 0 {
		return 0
	}
	return float64(l.FirstTryStars) / float64(3*l.Attempted)
}

// Stars are the lesson's stars from its accuracy with hints counted (see
// Stars and StarAccuracy): a lesson solved on the first try with a hint
// here and there keeps its stars only while they are few.
func (l LessonStats) Stars() int { return Stars(l.StarAccuracy(), l.Attempted) }

// LessonExercises are the exercise IDs of one lesson.
type LessonExercises struct {
	LessonID    string
	ExerciseIDs []string
}

// lessonStats rolls the exercise stats up to the lessons with at least
// one attempted exercise, in the given lesson order.
func lessonStats(lessons []LessonExercises, exs []ExerciseStats) []LessonStats {
	byID := make(map[string]ExerciseStats, len(exs))
	for _, e := range exs {
		byID[e.ExerciseID] = e
	}
	var out []LessonStats
	for _, l := range lessons {
		st := LessonStats{LessonID: l.LessonID, Exercises: len(l.ExerciseIDs)}
		for _, id := range l.ExerciseIDs {
			e, ok := byID[id]
			if !ok {
				continue
			}
			st.Attempted++
			if e.Solved {
				st.Solved++
			}
			st.HintsUsed += e.HintsUsed
			if e.FirstTry {
				st.FirstTry++
				st.FirstTryStars += exercises.HintStarCap(e.HintsUsed)
			}
		}
		if st.Attempted > 0 {
			out = append(out, st)
		}
	}
	return out
}

// Summary is a student's progress: per exercise, per lesson, per skill
// tag and the puzzle ratings per game.
type Summary struct {
	Exercises []ExerciseStats
	Lessons   []LessonStats
	Skills    []SkillStats
	Ratings   []GameRating
}

// StatsStore reads the rollups of a student's attempts.
type StatsStore interface {
	// ExerciseStats returns the user's work per attempted exercise, in
	// exercise ID order, counting only attempts made at or after since
	// (all for the zero time).
	ExerciseStats(ctx context.Context, userID string, since time.Time) ([]ExerciseStats, error)
	// SkillStats returns the user's first attempts per skill tag, in tag
	// order, counting only first attempts made at or after since (all for
	// the zero time).
	SkillStats(ctx context.Context, userID string, since time.Time) ([]SkillStats, error)
	// LessonExercises returns the exercises of every active lesson a
	// school can read (built-in ones and its own), in lesson ID order.
	LessonExercises(ctx context.Context, schoolID string) ([]LessonExercises, error)
	// RecentActivity returns the user's newest attempts made at or after
	// since (all for the zero time), up to limit.
	RecentActivity(ctx context.Context, userID string, since time.Time, limit int) ([]Activity, error)
	// JoinedTaught returns when the student joined the first of its
	// classes that the teacher teaches (active enrollments of both in the
	// class, as for identity's teacher access); ok is false when they
	// share no class.
	JoinedTaught(ctx context.Context, teacherID, studentID string) (joined time.Time, ok bool, err error)
	// ClassExerciseStats sums the attempts of one exercise by the active
	// students of a class, counting only attempts made since the student
	// joined the class. The exercise must be built-in or of schoolID (any
	// school for ""), else domain.ErrNotFound.
	ClassExerciseStats(ctx context.Context, schoolID, classID, exerciseID string, topWrong int) (ClassExerciseStats, error)
}

// Activity is one recent attempt.
type Activity struct {
	AttemptID  string
	ExerciseID string
	Outcome    string
	TimeMS     int
	HintsUsed  int
	At         time.Time
}

// WrongAnswer is a wrong answer and how often it was given.
type WrongAnswer struct {
	Answer string
	Count  int
}

// ClassExerciseStats is a class's work on one exercise.
type ClassExerciseStats struct {
	// Students attempted the exercise; FirstTry of them solved it on the
	// first attempt and Solved at some attempt.
	Students, FirstTry, Solved int
	Attempts                   int
	// Hinted counts the students whose first attempt used hints, and
	// HintsUsed the hints used on first attempts.
	Hinted, HintsUsed int
	// FirstTimesMS are the times of the students' first attempts.
	FirstTimesMS []int
	// Wrong are the most common wrong answers, most common first.
	Wrong []WrongAnswer
}

// SuccessRate is the share of the students who solved the exercise on
// the first attempt (0 when nobody tried).
func (c ClassExerciseStats) SuccessRate() float64 {
	if c.Students == 0 {
		return 0
	}
	return float64(c.FirstTry) / float64(c.Students)
}

// MedianTimeMS is the median time of the first attempts (0 when none).
func (c ClassExerciseStats) MedianTimeMS() float64 {
	n := len(c.FirstTimesMS)
	if n == 0 {
		return 0
	}
	t := slices.Clone(c.FirstTimesMS)
	slices.Sort(t)
	if n%2 == 1 {
		return float64(t[n/2])
	}
	return float64(t[n/2-1]+t[n/2]) / 2
}

// Access checks who may read a student or a class; *identity.Service
// implements it. User and Class return domain.ErrNotFound for what the
// caller may not read.
type Access interface {
	User(ctx context.Context, p domain.Principal, id string) (identity.User, error)
	Class(ctx context.Context, p domain.Principal, id string) (identity.Class, error)
}

// RecentLimit is the number of recent attempts in a student view.
const RecentLimit = 20

// StudentView is what a teacher sees of a student: its progress, its weak
// skills (weakest first) and its recent attempts, counting the attempts
// made at or after Since (all of them when Since is zero).
type StudentView struct {
	Summary
	Weak   []SkillStats
	Recent []Activity
	Since  time.Time
}

// Service runs the progress use cases.
type Service struct {
	ratings Store
	stats   StatsStore
	access  Access
	now     func() time.Time
}

// NewService returns a Service on the given stores, checking access
// with access; now defaults to time.Now.
func NewService(ratings Store, stats StatsStore, access Access, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{ratings: ratings, stats: stats, access: access, now: now}
}

// rate brings the user's ratings up to date with its attempts.
func (s *Service) rate(ctx context.Context, userID string) error {
	_, err := s.ratings.RatePending(ctx, userID, s.now().UTC())
	return err
}

// MyProgress returns the caller's own progress, rating its pending first
// attempts first. Staff callers have attempts only if they were students.
func (s *Service) MyProgress(ctx context.Context, p domain.Principal) (Summary, error) {
	return s.summary(ctx, p.SchoolID, p.UserID, time.Time{})
}

// summary returns the user's progress from its attempts made at or after
// since (all for the zero time) and its whole ratings.
func (s *Service) summary(ctx context.Context, schoolID, userID string, since time.Time) (Summary, error) {
	if err := s.rate(ctx, userID); err != nil {
		return Summary{}, err
	}
	var sum Summary
	var err error
	if sum.Exercises, err = s.stats.ExerciseStats(ctx, userID, since); err != nil {
		return Summary{}, err
	}
	lessons, err := s.stats.LessonExercises(ctx, schoolID)
	if err != nil {
		return Summary{}, err
	}
	sum.Lessons = lessonStats(lessons, sum.Exercises)
	if sum.Skills, err = s.stats.SkillStats(ctx, userID, since); err != nil {
		return Summary{}, err
	}
	if sum.Ratings, err = s.ratings.StudentRatings(ctx, userID); err != nil {
		return Summary{}, err
	}
	return sum, nil
}

// StudentProgress returns a student's progress for a teacher of one of
// its classes, an admin of its school or the student itself; anyone else,
// and a user who is not a student, gets domain.ErrNotFound.
//
// Only activity after a student joined a class counts for that class: a
// teacher sees the attempts made since the student joined the first of
// the classes the teacher teaches (StudentView.Since), in the exercise,
// lesson and skill stats and the recent activity. Admins and the student
// itself see all of them. Ratings are the student's own and stay whole.
func (s *Service) StudentProgress(ctx context.Context, p domain.Principal, studentID string) (StudentView, error) {
	u, err := s.access.User(ctx, p, studentID)
	if err != nil {
		return StudentView{}, err
	}
	if u.Role != domain.RoleStudent {
		return StudentView{}, domain.ErrNotFound
	}
	var since time.Time
	if p.Role == domain.RoleTeacher {
		joined, ok, err := s.stats.JoinedTaught(ctx, p.UserID, u.ID)
		if err != nil {
			return StudentView{}, err
		}
		if !ok {
			return StudentView{}, domain.ErrNotFound
		}
		since = joined
	}
	sum, err := s.summary(ctx, u.SchoolID, u.ID, since)
	if err != nil {
		return StudentView{}, err
	}
	v := StudentView{Summary: sum, Since: since, Weak: WeakSkills(sum.Skills)}
	if v.Recent, err = s.stats.RecentActivity(ctx, u.ID, since, RecentLimit); err != nil {
		return StudentView{}, err
	}
	return v, nil
}

// TopWrongAnswers is the number of wrong answers in exercise statistics.
const TopWrongAnswers = 5

// ClassExerciseStats returns the statistics of one exercise in a class
// for its teachers and the admins of its school. Students get
// domain.ErrForbidden; a class or exercise the caller cannot read is
// domain.ErrNotFound.
func (s *Service) ClassExerciseStats(ctx context.Context, p domain.Principal, classID, exerciseID string) (ClassExerciseStats, error) {
	if p.Role == domain.RoleStudent {
		return ClassExerciseStats{}, domain.ErrForbidden
	}
	c, err := s.access.Class(ctx, p, classID)
	if err != nil {
		return ClassExerciseStats{}, err
	}
	return s.stats.ClassExerciseStats(ctx, c.SchoolID, c.ID, exerciseID, TopWrongAnswers)
}

// MyRatingHistory returns a page of the caller's rating changes, newest
// first, of one game ("" for all), and the cursor of the next page ("" at
// the end).
func (s *Service) MyRatingHistory(ctx context.Context, p domain.Principal, game string, page domain.Page) ([]Change, string, error) {
	if err := s.rate(ctx, p.UserID); err != nil {
		return nil, "", err
	}
	if page.Limit <= 0 {
		page.Limit = domain.DefaultPageLimit
	}
	list, err := s.ratings.History(ctx, p.UserID, game, page)
	if err != nil {
		return nil, "", err
	}
	if len(list) > page.Limit {
		list = list[:page.Limit]
		return list, strconv.FormatInt(list[len(list)-1].Seq, 10), nil
	}
	return list, "", nil
}

// RateAll rates the pending first attempts of every user and returns how
// many it rated: the periodic pass that keeps puzzle ratings current
// between students' own progress reads.
func (s *Service) RateAll(ctx context.Context) (int, error) {
	return s.ratings.RatePending(ctx, "", s.now().UTC())
}

// RateEvery runs RateAll every interval until ctx is done, calling report
// (when not nil) after each pass with the attempts rated, how long the
// pass took and its error; a pass cut short by ctx is not reported. It is
// the periodic pass of a server.
func (s *Service) RateEvery(ctx context.Context, every time.Duration, report func(rated int, took time.Duration, err error)) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		began := time.Now()
		n, err := s.RateAll(ctx)
		if ctx.Err() != nil {
			return
		}
		if report != nil {
			report(n, time.Since(began), err)
		}
	}
}
