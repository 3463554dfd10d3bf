package exercises

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"qixue/domain"
	"qixue/identity"
	"qixue/rules/game"
)

// Refusal is a practice use case's refusal that explains itself in zh-CN
// and en (an idempotency key reused for another request). The API answers
// 422 with its message.
type Refusal struct {
	code string
	msg  domain.Text
}

// Refusals of the practice use cases.
var (
	ErrKeyReused = &Refusal{code: "idempotency_key_reused", msg: domain.Text{
		ZH: "这个 Idempotency-Key 已经用于另一个请求了；每次新的提交请换一个新的 key。",
		EN: "this Idempotency-Key was already used for a different request; send a new key with each new submission",
	}}
	ErrNoGenerator = &Refusal{code: "no_generator", msg: domain.Text{
		ZH: "这个题型还没有出题器。",
		EN: "there is no generator for this kind yet",
	}}
	ErrBuiltin = &Refusal{code: "builtin_exercise", msg: domain.Text{
		ZH: "内置题目来自题库文件，不能通过接口修改或删除。",
		EN: "built-in exercises come from the puzzle bank files and cannot be changed or deleted through the API",
	}}
)

// Error returns the English message.
func (e *Refusal) Error() string { return "exercises: " + e.code + ": " + e.msg.EN }

// Code returns the stable snake_case code.
func (e *Refusal) Code() string { return e.code }

// Message returns the message in lang ("en", otherwise zh-CN).
func (e *Refusal) Message(lang string) string { return e.msg.In(lang) }

// bankNamespace derives the IDs of built-in exercises from their keys, so
// every replica and every start agrees on them.
var bankNamespace = uuid.MustParse("6f6b1c2e-3d7a-4c59-9a51-0b8e2f7d4a10")

// BankID returns the ID of the built-in exercise with key.
func BankID(key string) string { return uuid.NewSHA1(bankNamespace, []byte(key)).String() }

func newPracticeID() string { return uuid.Must(uuid.NewV7()).String() }

// GameOf returns the game an exercise is about: its kind's game, else the
// "game" of a generic prompt, else the prefix of its bank key ("chess/..."),
// else "".
func GameOf(ex Exercise) game.Name {
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
func (s *Service) StudentBand(ctx context.Context, p domain.Principal) (Band, bool, error) {
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

// Close stops the store's background work, when it has any (a store with
// a Close method, such as the PostgreSQL attempt batcher's); call it when
// the service is no longer used for writes.
func (s *Service) Close() {
	if c, ok := s.store.(interface{ Close() }); ok {
		c.Close()
	}
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
func (s *Service) exercise(ctx context.Context, p domain.Principal, id string) (Exercise, error) {
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
// domain.ErrNotFound, as for another school's.
//
// With work set (an answer or a give-up) it also returns a student's
// grants when they may limit the attempts: for school exercises, and for
// built-in ones that Store.MayBeLimited names. Every other exercise, the
// common case, takes the unlimited path with no query beyond the
// attempt's insert.
func (s *Service) access(ctx context.Context, p domain.Principal, id string, work bool) (Exercise, []Grant, error) {
	ex, err := s.exercise(ctx, p, id)
	if err != nil || p.Role != domain.RoleStudent {
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
		return Exercise{}, nil, domain.ErrNotFound
	}
	if work {
		if err := lockedOut(grants); err != nil {
			return Exercise{}, nil, err
		}
	}
	return ex, grants, nil
}

// lockedOut is the mastery gate rule: work on an exercise is refused
// with a *LockedError when every applicable assignment keeps it locked
// (none when no assignment applies).
func lockedOut(grants []Grant) error {
	if len(grants) == 0 {
		return nil
	}
	for _, g := range grants {
		if !g.Locked {
			return nil
		}
	}
	g := grants[0]
	return &LockedError{AssignmentID: g.AssignmentID, Title: g.Title, UnlockedBy: g.UnlockedBy, Lesson: g.UnlockedByTitle}
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
func (s *Service) checkLeft(ctx context.Context, p domain.Principal, exerciseID string, limited []Grant) error {
	counts, err := s.store.AttemptsSince(ctx, p.UserID, exerciseID, sinceOf(limited))
	if err != nil {
		return err
	}
	return allowAttempt(limited, counts)
}

func scopeOf(p domain.Principal) identity.Scope {
	if p.Role == domain.RolePlatformAdmin {
		return identity.Scope{}
	}
	return identity.Scope{SchoolID: p.SchoolID}
}

// isStaff reports whether p may see solutions and author exercises.
func isStaff(p domain.Principal) bool {
	switch p.Role {
	case domain.RolePlatformAdmin, domain.RoleSchoolAdmin, domain.RoleTeacher:
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
	// HintsShown is how many of the exercise's hints (the first ones) the
	// reader may see: all of them for staff and once the solution is
	// shown, otherwise those the student opened (see Hint).
	HintsShown int
}

// Exercise returns an exercise the caller may read (see access: students
// read school-authored exercises only while assigned). Students see the
// solution only after solving or giving up.
func (s *Service) Exercise(ctx context.Context, p domain.Principal, id string) (View, error) {
	ex, _, err := s.access(ctx, p, id, false)
	if err != nil {
		return View{}, err
	}
	if isStaff(p) {
		return View{Exercise: ex, ShowSolution: true, HintsShown: len(ex.Hints)}, nil
	}
	revealed, err := s.store.Revealed(ctx, p.UserID, ex.ID)
	if err != nil {
		return View{}, err
	}
	v := View{Exercise: ex, ShowSolution: revealed, HintsShown: len(ex.Hints)}
	if !revealed && len(ex.Hints) > 0 {
		if v.HintsShown, err = s.store.HintsOpened(ctx, p.UserID, ex.ID); err != nil {
			return View{}, err
		}
		v.HintsShown = min(v.HintsShown, len(ex.Hints))
	}
	return v, nil
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
func (s *Service) Exercises(ctx context.Context, p domain.Principal, in ListQuery, page domain.Page) ([]View, string, error) {
	q := Query{Scope: scopeOf(p), Kind: in.Kind, Tag: in.Tag}
	var fields []domain.FieldError
	if in.Game != "" {
		g, err := ParseGame(in.Game)
		if err != nil {
			fields = append(fields, domain.FieldError{Field: "game", Code: "invalid"})
		}
		q.Game = g
	}
	if in.Band != "" {
		b, err := ParseBand(in.Band)
		if err != nil {
			fields = append(fields, domain.FieldError{Field: "band", Code: "invalid"})
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
		fields = append(fields, domain.FieldError{Field: "source", Code: "invalid"})
	}
	if in.SchoolID != "" {
		if p.Role != domain.RolePlatformAdmin {
			fields = append(fields, domain.FieldError{Field: "school_id", Code: "not_allowed"})
		}
		q.Scope = identity.Scope{SchoolID: in.SchoolID}
	}
	if len(fields) > 0 {
		return nil, "", domain.Validation(fields...)
	}
	if in.Band == "" && p.Role == domain.RoleStudent {
		band, ok, err := s.StudentBand(ctx, p)
		if err != nil {
			return nil, "", err
		}
		if ok {
			q.BandOrGeneric = band
		}
	}
	if p.Role == domain.RoleStudent && !q.OnlyBuiltin {
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
		if isStaff(p) {
			views[i].HintsShown = len(ex.Hints)
		}
	}
	return views, next, nil
}

// Readable returns those of ids the caller may read, by ID, in a fixed
// number of queries whatever their number (for the exercise blocks of a
// lesson); ids it may not read are absent. Built-in exercises come from
// memory.
func (s *Service) Readable(ctx context.Context, p domain.Principal, ids []string) (map[string]Exercise, error) {
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
	if p.Role == domain.RoleStudent {
		assigned, err := s.store.AssignedExercises(ctx, p.SchoolID, p.UserID, s.clock())
		if err != nil {
			return nil, err
		}
		q.AssignedOnly, q.Assigned = true, assigned
	}
	list, err := s.store.Exercises(ctx, q, domain.Page{Limit: len(rest)})
	if err != nil {
		return nil, err
	}
	for _, ex := range list {
		out[ex.ID] = ex
	}
	return out, nil
}

func normalPage(p domain.Page) domain.Page {
	if p.Limit <= 0 {
		p.Limit = domain.DefaultPageLimit
	}
	if p.Limit > domain.MaxPageLimit {
		p.Limit = domain.MaxPageLimit
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
