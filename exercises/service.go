package exercises

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"

	"qixue/identity"
)

// Refusal is a practice use case's refusal that explains itself in zh-CN
// and en (an idempotency key reused for another request). The API answers
// 422 with its message.
type Refusal struct {
	code string
	msg  Text
}

// Refusals of the practice use cases.
var (
	ErrKeyReused = &Refusal{code: "idempotency_key_reused", msg: Text{
		ZH: "这个 Idempotency-Key 已经用于另一个请求了；每次新的提交请换一个新的 key。",
		EN: "this Idempotency-Key was already used for a different request; send a new key with each new submission",
	}}
	ErrNoGenerator = &Refusal{code: "no_generator", msg: Text{
		ZH: "这个题型还没有出题器。",
		EN: "there is no generator for this kind yet",
	}}
	ErrBuiltin = &Refusal{code: "builtin_exercise", msg: Text{
		ZH: "内置题目来自题库文件，不能通过接口修改或删除。",
		EN: "built-in exercises come from the puzzle bank files and cannot be changed or deleted through the API",
	}}
)

// Error returns the English message.
func (e *Refusal) Error() string { return "exercises: " + e.code + ": " + e.msg.EN }

// Code returns the stable snake_case code.
func (e *Refusal) Code() string { return e.code }

// Message returns the message in lang ("en", otherwise zh-CN).
func (e *Refusal) Message(lang string) string { return e.msg.Get(lang) }

// bankNamespace derives the IDs of built-in exercises from their keys, so
// every replica and every start agrees on them.
var bankNamespace = uuid.MustParse("6f6b1c2e-3d7a-4c59-9a51-0b8e2f7d4a10")

// BankID returns the ID of the built-in exercise with key.
func BankID(key string) string { return uuid.NewSHA1(bankNamespace, []byte(key)).String() }

func newPracticeID() string { return uuid.Must(uuid.NewV7()).String() }

// GameOf returns the game an exercise is about: its kind's game, else the
// "game" of a generic prompt, else the prefix of its bank key ("chess/..."),
// else "".
func GameOf(ex Exercise) Game {
	if k, ok := KindByName(ex.Kind); ok && k.Game() != "" {
		return k.Game()
	}
	var p struct {
		Game string `json:"game"`
	}
	if json.Unmarshal(ex.Prompt, &p) == nil {
		if g, err := ParseGame(p.Game); err == nil {
			return g
		}
	}
	if prefix, _, ok := strings.Cut(ex.Key, "/"); ok {
		if g, err := ParseGame(prefix); err == nil {
			return g
		}
	}
	return ""
}

// Service runs the practice use cases: reading and authoring exercises,
// grading and recording attempts, generating exercises. It applies the
// permission matrix: built-in exercises are readable by everyone;
// school-authored ones by their school (another school's are not found);
// teachers and admins author them; only students' attempts are recorded.
type Service struct {
	store Store
	now   func() time.Time

	mu      sync.RWMutex
	builtin map[string]Exercise // by ID, filled by LoadBank

	gradesMu sync.Mutex
	grades   map[string]cachedGrade // student ID -> class grade
}

// cachedGrade is a student's class grade as read at some time. Grades
// change rarely (a class moves up once a year); a short cache saves a
// query per number-chess answer and is the same on every replica within
// gradeTTL.
type cachedGrade struct {
	grade int
	ok    bool
	at    time.Time
}

// gradeTTL bounds how long a class grade change takes to reach grading;
// maxCachedGrades bounds the cache.
const (
	gradeTTL        = time.Minute
	maxCachedGrades = 100_000
)

// StudentBand returns the grade band of a student's class (the lowest
// grade of their classes), or false for callers in no class as students.
func (s *Service) StudentBand(ctx context.Context, p identity.Principal) (Band, bool, error) {
	grade, ok, err := s.studentGrade(ctx, p.UserID)
	if err != nil || !ok {
		return "", false, err
	}
	return BandOfGrade(grade), true, nil
}

// studentGrade returns the lowest class grade of a student, cached for
// gradeTTL.
func (s *Service) studentGrade(ctx context.Context, userID string) (int, bool, error) {
	now := time.Now()
	s.gradesMu.Lock()
	g, hit := s.grades[userID]
	s.gradesMu.Unlock()
	if hit && now.Sub(g.at) < gradeTTL {
		return g.grade, g.ok, nil
	}
	grade, ok, err := s.store.StudentGrade(ctx, userID)
	if err != nil {
		return 0, false, err
	}
	s.gradesMu.Lock()
	if s.grades == nil || len(s.grades) >= maxCachedGrades {
		s.grades = map[string]cachedGrade{}
	}
	s.grades[userID] = cachedGrade{grade: grade, ok: ok, at: now}
	s.gradesMu.Unlock()
	return grade, ok, nil
}

// NewService returns a Service on store; now defaults to time.Now.
func NewService(store Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

func (s *Service) clock() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

// LoadBank stores the embedded puzzle bank (see Bank) idempotently: every
// exercise keeps the ID derived from its key, changed exercises are updated
// in place and nothing is duplicated. Stored built-in exercises whose key
// is no longer in the bank are retired: hidden and closed to new attempts,
// while their attempts stay; they come back if the key returns. It also
// keeps the bank in memory so that grading a built-in exercise needs no
// database read.
func (s *Service) LoadBank(ctx context.Context) (inserted, updated int, err error) {
	bank, err := Bank()
	if err != nil {
		return 0, 0, fmt.Errorf("load puzzle bank: %w", err)
	}
	return s.SyncBank(ctx, bank)
}

// SyncBank is LoadBank with the given exercises, which must be the whole
// bank: built-in exercises missing from it are retired.
func (s *Service) SyncBank(ctx context.Context, bank []Exercise) (inserted, updated int, err error) {
	cache := make(map[string]Exercise, len(bank))
	for i := range bank {
		bank[i].ID = BankID(bank[i].Key)
		bank[i].SchoolID = ""
		cache[bank[i].ID] = bank[i]
	}
	inserted, updated, err = s.store.SyncBank(ctx, bank, s.clock())
	if err != nil {
		return 0, 0, err
	}
	s.mu.Lock()
	s.builtin = cache
	s.mu.Unlock()
	return inserted, updated, nil
}

// exercise returns the exercise id as seen from the principal's school,
// before the students' assignment rule (see access).
func (s *Service) exercise(ctx context.Context, p identity.Principal, id string) (Exercise, error) {
	s.mu.RLock()
	ex, ok := s.builtin[id]
	s.mu.RUnlock()
	if ok {
		return ex, nil
	}
	return s.store.Exercise(ctx, scopeOf(p), id)
}

// access returns the exercise id as the caller may read or work on it.
// Built-in exercises are open to everyone and staff read their school's;
// a student reaches a school-authored exercise only while an applicable
// assignment contains it (see Grant), and is otherwise told
// identity.ErrNotFound, as for another school's.
//
// With work set (an answer or a give-up) it also returns a student's
// grants when they may limit the attempts: for school exercises, and for
// built-in ones that Store.MayBeLimited names. Every other exercise, the
// common case, takes the unlimited path with no query beyond the
// attempt's insert.
func (s *Service) access(ctx context.Context, p identity.Principal, id string, work bool) (Exercise, []Grant, error) {
	ex, err := s.exercise(ctx, p, id)
	if err != nil || p.Role != identity.RoleStudent {
		return ex, nil, err
	}
	load := ex.SchoolID != ""
	if !load && work {
		if load, err = s.store.MayBeLimited(ctx, p.SchoolID, ex.ID); err != nil {
			return Exercise{}, nil, err
		}
	}
	if !load {
		return ex, nil, nil
	}
	grants, err := s.store.Grants(ctx, p.SchoolID, p.UserID, ex.ID, s.clock())
	if err != nil {
		return Exercise{}, nil, err
	}
	if ex.SchoolID != "" && len(grants) == 0 {
		return Exercise{}, nil, identity.ErrNotFound
	}
	return ex, grants, nil
}

// limits returns the grants that bound a student's attempts: none when
// no assignment applies or when any applicable one is unlimited (the
// student is not limited then), otherwise all of them.
func limits(grants []Grant) []Grant {
	for _, g := range grants {
		if g.AttemptsAllowed <= 0 {
			return nil
		}
	}
	return grants
}

// sinceOf returns the start of each grant's count of attempts.
func sinceOf(grants []Grant) []time.Time {
	out := make([]time.Time, len(grants))
	for i, g := range grants {
		out[i] = g.Since
	}
	return out
}

// allowAttempt is the attempts-allowed rule: a student may still submit
// while some limited grant has attempts left, its limit minus the
// attempts counted since its Since (counts, in grant order). Otherwise
// it returns an *ExhaustedError naming the grant with the largest limit.
func allowAttempt(limited []Grant, counts []int) error {
	worst := -1
	for i, g := range limited {
		if counts[i] < g.AttemptsAllowed {
			return nil
		}
		if worst < 0 || g.AttemptsAllowed > limited[worst].AttemptsAllowed {
			worst = i
		}
	}
	g := limited[worst]
	return &ExhaustedError{AssignmentID: g.AssignmentID, Title: g.Title, Allowed: g.AttemptsAllowed}
}

// checkLeft refuses a continuing step of a multi-step exercise when the
// student has no attempt left, so that a child is not led through a line
// that cannot count.
func (s *Service) checkLeft(ctx context.Context, p identity.Principal, exerciseID string, limited []Grant) error {
	counts, err := s.store.AttemptsSince(ctx, p.UserID, exerciseID, sinceOf(limited))
	if err != nil {
		return err
	}
	return allowAttempt(limited, counts)
}

func scopeOf(p identity.Principal) identity.Scope {
	if p.Role == identity.RolePlatformAdmin {
		return identity.Scope{}
	}
	return identity.Scope{SchoolID: p.SchoolID}
}

// isStaff reports whether p may see solutions and author exercises.
func isStaff(p identity.Principal) bool {
	switch p.Role {
	case identity.RolePlatformAdmin, identity.RoleSchoolAdmin, identity.RoleTeacher:
		return true
	}
	return false
}

// View is an exercise as its reader may see it.
type View struct {
	Exercise
	// ShowSolution is false for students who have neither solved nor
	// given up the exercise; the Solution must not be sent then.
	ShowSolution bool
}

// Exercise returns an exercise the caller may read (see access: students
// read school-authored exercises only while assigned). Students see the
// solution only after solving or giving up.
func (s *Service) Exercise(ctx context.Context, p identity.Principal, id string) (View, error) {
	ex, _, err := s.access(ctx, p, id, false)
	if err != nil {
		return View{}, err
	}
	if isStaff(p) {
		return View{Exercise: ex, ShowSolution: true}, nil
	}
	revealed, err := s.store.Revealed(ctx, p.UserID, ex.ID)
	if err != nil {
		return View{}, err
	}
	return View{Exercise: ex, ShowSolution: revealed}, nil
}

// ListQuery filters Exercises. Source is "builtin", "school" or "" for
// both; SchoolID narrows platform admins' lists to one school.
type ListQuery struct {
	Game     string
	Kind     string
	Band     string
	Tag      string
	Source   string
	SchoolID string
}

// Exercises lists the exercises the caller may read, in ID order; only
// staff see their solutions in a list. A student who gives no band sees
// the exercises of their class's band (see StudentBand) and generic ones
// (of no game); a student in no class sees every band. Of the school's
// own exercises a student sees only those assigned (see access).
func (s *Service) Exercises(ctx context.Context, p identity.Principal, in ListQuery, page identity.Page) ([]View, string, error) {
	q := Query{Scope: scopeOf(p), Kind: in.Kind, Tag: in.Tag}
	var fields []identity.FieldError
	if in.Game != "" {
		g, err := ParseGame(in.Game)
		if err != nil {
			fields = append(fields, identity.FieldError{Field: "game", Code: "invalid"})
		}
		q.Game = g
	}
	if in.Band != "" {
		b, err := ParseBand(in.Band)
		if err != nil {
			fields = append(fields, identity.FieldError{Field: "band", Code: "invalid"})
		}
		q.Band = b
	}
	switch in.Source {
	case "":
	case "builtin":
		q.OnlyBuiltin = true
	case "school":
		q.OnlySchool = true
	default:
		fields = append(fields, identity.FieldError{Field: "source", Code: "invalid"})
	}
	if in.SchoolID != "" {
		if p.Role != identity.RolePlatformAdmin {
			fields = append(fields, identity.FieldError{Field: "school_id", Code: "not_allowed"})
		}
		q.Scope = identity.Scope{SchoolID: in.SchoolID}
	}
	if len(fields) > 0 {
		return nil, "", identity.ValidationError(fields...)
	}
	if in.Band == "" && p.Role == identity.RoleStudent {
		band, ok, err := s.StudentBand(ctx, p)
		if err != nil {
			return nil, "", err
		}
		if ok {
			q.BandOrGeneric = band
		}
	}
	if p.Role == identity.RoleStudent && !q.OnlyBuiltin {
		assigned, err := s.store.AssignedExercises(ctx, p.SchoolID, p.UserID, s.clock())
		if err != nil {
			return nil, "", err
		}
		q.AssignedOnly, q.Assigned = true, assigned
	}
	page = normalPage(page)
	list, err := s.store.Exercises(ctx, q, page)
	if err != nil {
		return nil, "", err
	}
	list, next := trimPage(list, page.Limit, func(x Exercise) string { return x.ID })
	views := make([]View, len(list))
	for i, ex := range list {
		views[i] = View{Exercise: ex, ShowSolution: isStaff(p)}
	}
	return views, next, nil
}

// Readable returns those of ids the caller may read, by ID, in a fixed
// number of queries whatever their number (for the exercise blocks of a
// lesson); ids it may not read are absent. Built-in exercises come from
// memory.
func (s *Service) Readable(ctx context.Context, p identity.Principal, ids []string) (map[string]Exercise, error) {
	out := make(map[string]Exercise, len(ids))
	var rest []string
	s.mu.RLock()
	for _, id := range ids {
		if ex, ok := s.builtin[id]; ok {
			out[id] = ex
		} else {
			rest = append(rest, id)
		}
	}
	s.mu.RUnlock()
	if len(rest) == 0 {
		return out, nil
	}
	q := Query{Scope: scopeOf(p), IDs: rest}
	if p.Role == identity.RoleStudent {
		assigned, err := s.store.AssignedExercises(ctx, p.SchoolID, p.UserID, s.clock())
		if err != nil {
			return nil, err
		}
		q.AssignedOnly, q.Assigned = true, assigned
	}
	list, err := s.store.Exercises(ctx, q, identity.Page{Limit: len(rest)})
	if err != nil {
		return nil, err
	}
	for _, ex := range list {
		out[ex.ID] = ex
	}
	return out, nil
}

func normalPage(p identity.Page) identity.Page {
	if p.Limit <= 0 {
		p.Limit = identity.DefaultPageLimit
	}
	if p.Limit > identity.MaxPageLimit {
		p.Limit = identity.MaxPageLimit
	}
	return p
}

// trimPage drops the extra row a store returns and gives the next cursor.
func trimPage[T any](items []T, limit int, id func(T) string) ([]T, string) {
	if len(items) <= limit {
		return items, ""
	}
	items = items[:limit]
	return items, id(items[len(items)-1])
}

// Draft is an exercise written by a teacher or admin. SchoolID is
// required from platform admins and ignored for others.
type Draft struct {
	SchoolID   string
	Kind       string
	Title      Text
	Body       Text
	Prompt     json.RawMessage
	Solution   json.RawMessage
	Difficulty int
	Band       string
	Tags       []string
}

// Limits of authored exercises.
const (
	MaxTags      = 20
	MaxTagLen    = 64
	MaxTitleLen  = 200
	MaxBodyLen   = 20000
	MaxGenerated = 50
)

// check validates a draft into an exercise (without ID); the prompt and
// solution are checked by the kind, whose refusal is a *PromptError.
func (d Draft) check() (Exercise, error) {
	var fields []identity.FieldError
	add := func(f, c string) { fields = append(fields, identity.FieldError{Field: f, Code: c}) }
	k, ok := KindByName(d.Kind)
	if !ok {
		add("kind", "invalid")
	}
	band, err := ParseBand(d.Band)
	if err != nil {
		add("band", "invalid")
	}
	if d.Difficulty < 1 || d.Difficulty > 5 {
		add("difficulty", "out_of_range")
	}
	checkText := func(field string, t Text, max int) Text {
		t = Text{ZH: strings.TrimSpace(t.ZH), EN: strings.TrimSpace(t.EN)}
		switch {
		case t.ZH == "" && t.EN == "":
			add(field, "required")
		case utf8.RuneCountInString(t.ZH) > max || utf8.RuneCountInString(t.EN) > max:
			add(field, "too_long")
		}
		return t
	}
	title := checkText("title", d.Title, MaxTitleLen)
	body := checkText("body", d.Body, MaxBodyLen)
	if len(d.Tags) > MaxTags {
		add("tags", "too_many")
	}
	var tags []string
	seen := map[string]bool{}
	for i, t := range d.Tags {
		t = strings.TrimSpace(t)
		if t == "" || len(t) > MaxTagLen {
			add("tags["+strconv.Itoa(i)+"]", "invalid")
		}
		if !seen[t] {
			seen[t] = true
			tags = append(tags, t)
		}
	}
	for _, doc := range []struct {
		field string
		raw   json.RawMessage
	}{{"prompt", d.Prompt}, {"solution", d.Solution}} {
		switch {
		case len(bytes.TrimSpace(doc.raw)) == 0:
			add(doc.field, "required")
		case !utf8.Valid(doc.raw):
			add(doc.field, "invalid")
		}
	}
	if len(fields) > 0 {
		return Exercise{}, identity.ValidationError(fields...)
	}
	if err := k.Validate(d.Prompt, d.Solution); err != nil {
		return Exercise{}, err
	}
	return Exercise{Kind: d.Kind, Title: title, Body: body, Prompt: compactJSON(d.Prompt), Solution: compactJSON(d.Solution),
		Difficulty: d.Difficulty, Band: band, Tags: tags}, nil
}

func compactJSON(raw json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return raw
	}
	return b.Bytes()
}

// authorSchool returns the school a staff member authors for.
func authorSchool(p identity.Principal, schoolID string) (string, error) {
	switch p.Role {
	case identity.RolePlatformAdmin:
		if schoolID == "" {
			return "", identity.ValidationError(identity.FieldError{Field: "school_id", Code: "required"})
		}
		return schoolID, nil
	case identity.RoleSchoolAdmin, identity.RoleTeacher:
		return p.SchoolID, nil
	}
	return "", identity.ErrForbidden
}

// CreateExercise stores a school-authored exercise after its kind has
// validated the prompt and checked that the solution passes (a
// *PromptError otherwise).
func (s *Service) CreateExercise(ctx context.Context, p identity.Principal, d Draft) (Exercise, error) {
	school, err := authorSchool(p, d.SchoolID)
	if err != nil {
		return Exercise{}, err
	}
	ex, err := d.check()
	if err != nil {
		return Exercise{}, err
	}
	ex.ID, ex.SchoolID = newPracticeID(), school
	if err := s.store.CreateExercises(ctx, []Exercise{ex}, s.clock()); err != nil {
		return Exercise{}, err
	}
	return ex, nil
}

// writable loads an exercise the caller may change: school-authored, of
// the caller's school (any school for platform admins).
func (s *Service) writable(ctx context.Context, p identity.Principal, id string) (Exercise, error) {
	if !isStaff(p) {
		return Exercise{}, identity.ErrForbidden
	}
	ex, err := s.exercise(ctx, p, id)
	if err != nil {
		return Exercise{}, err
	}
	if ex.SchoolID == "" {
		return Exercise{}, ErrBuiltin
	}
	return ex, nil
}

// UpdateExercise replaces a school-authored exercise's content; the draft
// is validated as on create. Its SchoolID is ignored.
func (s *Service) UpdateExercise(ctx context.Context, p identity.Principal, id string, d Draft) (Exercise, error) {
	old, err := s.writable(ctx, p, id)
	if err != nil {
		return Exercise{}, err
	}
	ex, err := d.check()
	if err != nil {
		return Exercise{}, err
	}
	ex.ID, ex.SchoolID = old.ID, old.SchoolID
	if err := s.store.UpdateExercise(ctx, ex, s.clock()); err != nil {
		return Exercise{}, err
	}
	return ex, nil
}

// DeleteExercise deletes a school-authored exercise softly: it is no
// longer listed, read or attempted (identity.ErrNotFound), while the
// students' attempts of it stay in their history.
func (s *Service) DeleteExercise(ctx context.Context, p identity.Principal, id string) error {
	ex, err := s.writable(ctx, p, id)
	if err != nil {
		return err
	}
	return s.store.DeleteExercise(ctx, identity.Scope{SchoolID: ex.SchoolID}, ex.ID, s.clock())
}

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
func (s *Service) Submit(ctx context.Context, p identity.Principal, id string, in AnswerInput) (Verdict, error) {
	student := p.Role == identity.RoleStudent
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
	var fields []identity.FieldError
	switch {
	case student && key == "":
		fields = append(fields, identity.FieldError{Field: "Idempotency-Key", Code: "required"})
	case len(key) > MaxIdempotencyKeyLen:
		fields = append(fields, identity.FieldError{Field: "Idempotency-Key", Code: "too_long"})
	case strings.IndexFunc(key, func(r rune) bool { return r < 0x20 || r > 0x7e }) >= 0:
		fields = append(fields, identity.FieldError{Field: "Idempotency-Key", Code: "invalid"}) // printable ASCII only
	}
	if timeMS < 0 || timeMS > MaxTimeMS {
		fields = append(fields, identity.FieldError{Field: "time_ms", Code: "out_of_range"})
	}
	switch {
	case noAnswer:
		fields = append(fields, identity.FieldError{Field: "answer", Code: "required"})
	case !utf8.Valid(answer):
		fields = append(fields, identity.FieldError{Field: "answer", Code: "invalid"})
	}
	if len(fields) > 0 {
		return identity.ValidationError(fields...)
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
var giveUpFeedback = Text{ZH: "没关系，看看答案，想一想为什么。", EN: "That's all right: look at the solution and think about why it works."}

// GiveUpInput is a give-up request. IdempotencyKey is required from
// students.
type GiveUpInput struct {
	TimeMS         int
	IdempotencyKey string
}

// exhaustedGiveUpFeedback is the feedback of a give-up that is not
// recorded because no attempt is left.
var exhaustedGiveUpFeedback = Text{
	ZH: "这道题在作业里的次数已经用完了，这次放弃不计入。看看答案，想一想为什么。",
	EN: "You have used all your attempts at this exercise in the assignment, so this give-up is not recorded. Look at the solution and think about why it works.",
}

// GiveUp reveals the solution. For a student it records a failed attempt
// (once per idempotency key, as Submit does). When the student has no
// attempt left (see Submit) the solution is still shown, since a child
// who gives up should see it, but nothing is recorded: the attempts are
// used up, and a give-up recorded past the limit would count as work the
// assignment did not allow.
func (s *Service) GiveUp(ctx context.Context, p identity.Principal, id string, in GiveUpInput) (Verdict, error) {
	student := p.Role == identity.RoleStudent
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
func (s *Service) MyAttempts(ctx context.Context, p identity.Principal, exerciseID string, page identity.Page) ([]Attempt, string, error) {
	page = normalPage(page)
	list, err := s.store.Attempts(ctx, AttemptQuery{UserID: p.UserID, ExerciseID: exerciseID}, page)
	if err != nil {
		return nil, "", err
	}
	list, next := trimPage(list, page.Limit, func(a Attempt) string { return a.ID })
	return list, next, nil
}

// GenerateInput asks for fresh exercises. Seed makes the set
// reproducible (random when nil). With Save the exercises are stored as
// the school's (SchoolID required from platform admins).
type GenerateInput struct {
	Kind     string
	Band     string
	Count    int
	Seed     *uint64
	Save     bool
	SchoolID string
}

// Generate returns up to Count fresh, verified exercises of a kind for a
// band, for teachers and admins. Saved exercises get IDs; unsaved ones
// have none.
func (s *Service) Generate(ctx context.Context, p identity.Principal, in GenerateInput) ([]Exercise, error) {
	if !isStaff(p) {
		return nil, identity.ErrForbidden
	}
	var fields []identity.FieldError
	if _, ok := KindByName(in.Kind); !ok {
		fields = append(fields, identity.FieldError{Field: "kind", Code: "invalid"})
	}
	band, err := ParseBand(in.Band)
	if err != nil {
		fields = append(fields, identity.FieldError{Field: "band", Code: "invalid"})
	}
	if in.Count < 1 || in.Count > MaxGenerated {
		fields = append(fields, identity.FieldError{Field: "count", Code: "out_of_range"})
	}
	school := ""
	if in.Save {
		if school, err = authorSchool(p, in.SchoolID); err != nil {
			return nil, err
		}
	}
	if len(fields) > 0 {
		return nil, identity.ValidationError(fields...)
	}
	g, ok := GeneratorFor(in.Kind)
	if !ok {
		return nil, ErrNoGenerator
	}
	seed := rand.Uint64()
	if in.Seed != nil {
		seed = *in.Seed
	}
	exs, err := g.Generate(SeededRand(seed), band, in.Count)
	if err != nil {
		return nil, err
	}
	if !in.Save || len(exs) == 0 {
		return exs, nil
	}
	return s.saveAs(ctx, school, exs)
}

// SaveGenerated stores exercises that Generate made without saving as the
// school's (the caller's own; platform admins name schoolID), all in one
// transaction, and returns them with their new IDs. Each is validated by
// its kind first, as an authored exercise is, so nothing but a checked
// exercise is stored; a refusal stores none.
func (s *Service) SaveGenerated(ctx context.Context, p identity.Principal, schoolID string, exs []Exercise) ([]Exercise, error) {
	school, err := authorSchool(p, schoolID)
	if err != nil {
		return nil, err
	}
	for _, ex := range exs {
		k, ok := KindByName(ex.Kind)
		if !ok {
			return nil, identity.ValidationError(identity.FieldError{Field: "kind", Code: "invalid"})
		}
		if err := k.Validate(ex.Prompt, ex.Solution); err != nil {
			return nil, err
		}
	}
	if len(exs) == 0 {
		return exs, nil
	}
	return s.saveAs(ctx, school, exs)
}

// saveAs gives generated exercises IDs and stores them as the school's.
func (s *Service) saveAs(ctx context.Context, school string, exs []Exercise) ([]Exercise, error) {
	for i := range exs {
		exs[i].ID, exs[i].SchoolID, exs[i].Key = newPracticeID(), school, ""
	}
	if err := s.store.CreateExercises(ctx, exs, s.clock()); err != nil {
		return nil, err
	}
	return exs, nil
}

// SeededRand returns the random source that generators draw from for a
// seed: the same seed gives the same exercises through the API and the
// CLI.
func SeededRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}
