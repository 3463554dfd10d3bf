package models

// This file holds what students reach through assignments (the
// "R when assigned" rule of the permission matrix) and the attempts
// allowed by assignments: the applicable assignments of a student, the
// snapshot of limited exercises that keeps the common answer path free
// of extra queries, and the serialized count-and-insert of a limited
// attempt.

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gorm.io/gorm"

	"qixue/assignments"
	"qixue/domain"
	"qixue/exercises"
)

// DefaultLimitsTTL is how long an ExerciseStore trusts its snapshot of
// the exercises that live limited assignments contain (see
// ExerciseStore.MayBeLimited).
const DefaultLimitsTTL = 2 * time.Second

// ExerciseStoreOption configures NewExerciseStore.
type ExerciseStoreOption func(*ExerciseStore)

// WithLimitsTTL sets how old the snapshot of limited exercises may be
// before it is read again; 0 reads it on every call (tests).
func WithLimitsTTL(ttl time.Duration) ExerciseStoreOption {
	return func(s *ExerciseStore) { s.limits.ttl = ttl }
}

// applicable restricts the assignments a (joined with their items i and
// the student's enrollment e) to those of schoolID that apply to the
// student at now: not withdrawn, open, meant for the student (the whole
// class or the student among the chosen) in a class where the student is
// an active student.
func applicable(db *gorm.DB, schoolID, userID string, now time.Time) *gorm.DB {
	return db.Table("assignments a").
		Joins("JOIN enrollments e ON e.class_id = a.class_id AND e.user_id = ? AND e.role = ? AND e.deactivated_at IS NULL",
			userID, domain.RoleStudent).
		Joins("JOIN assignment_items i ON i.assignment_id = a.id").
		Where("a.school_id = ? AND a.withdrawn_at IS NULL AND (a.opens_at IS NULL OR a.opens_at <= ?)", schoolID, now).
		Where("(NOT EXISTS (SELECT 1 FROM assignment_students c WHERE c.assignment_id = a.id) OR "+
			"EXISTS (SELECT 1 FROM assignment_students c WHERE c.assignment_id = a.id AND c.user_id = ?))", userID)
}

// withLessonBlocks joins the blocks of the live lesson of each lesson
// item i (NULL for exercise items and retired lessons).
func withLessonBlocks(q *gorm.DB) *gorm.DB {
	return q.Joins("LEFT JOIN lessons l ON i.kind = ? AND l.id = i.item_id AND l.retired_at IS NULL", assignments.LessonItem)
}

// itemRow is an assignment item with its lesson's blocks.
type itemRow struct {
	Kind     string
	ItemID   string
	LessonID *string
	Blocks   *string
}

// exerciseIDs returns the exercises the item gives: itself, or its live
// lesson's exercise blocks (read by blockExerciseIDs).
func (r itemRow) exerciseIDs() ([]string, error) {
	if r.Kind == string(assignments.ExerciseItem) {
		return []string{r.ItemID}, nil
	}
	if r.LessonID == nil || r.Blocks == nil {
		return nil, nil
	}
	return blockExerciseIDs(*r.LessonID, *r.Blocks)
}

// grantRow is an applicable assignment with one of its items (GORM does
// not fill an embedded unexported itemRow, hence the copy of its fields).
type grantRow struct {
	Kind            string
	ItemID          string
	LessonID        *string
	Blocks          *string
	AssignmentID    string
	Title           string
	AttemptsAllowed int
	MasteryGate     bool
	OpensAt         *time.Time
	CreatedAt       time.Time
	JoinedAt        time.Time
}

const grantColumns = "a.id AS assignment_id, a.title AS title, a.attempts_allowed AS attempts_allowed, a.mastery_gate AS mastery_gate, " +
	"a.opens_at AS opens_at, a.created_at AS created_at, e.created_at AS joined_at, " +
	"i.kind AS kind, i.item_id AS item_id, l.id AS lesson_id, l.blocks AS blocks"

// since is when the assignment starts counting the student's attempts:
// the latest of its creation, its open time and the student joining.
func (r grantRow) since() time.Time {
	t := r.CreatedAt
	if r.OpensAt != nil && r.OpensAt.After(t) {
		t = *r.OpensAt
	}
	if r.JoinedAt.After(t) {
		t = r.JoinedAt
	}
	return t.UTC()
}

// Grants implements exercises.Store in one query: the applicable
// assignments' exercise items naming the exercise and their lesson
// items, whose blocks are then searched for it.
func (s *ExerciseStore) Grants(ctx context.Context, schoolID, userID, exerciseID string, now time.Time) ([]exercises.Grant, error) {
	var rows []grantRow
	err := withLessonBlocks(applicable(s.db.WithContext(ctx), schoolID, userID, now)).
		Where("((i.kind = ? AND i.item_id = ?) OR i.kind = ?)", assignments.ExerciseItem, exerciseID, assignments.LessonItem).
		Select(grantColumns).Order("a.id").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("grants: %w", err)
	}
	var out []exercises.Grant
	for _, r := range rows {
		ids, err := itemRow{Kind: r.Kind, ItemID: r.ItemID, LessonID: r.LessonID, Blocks: r.Blocks}.exerciseIDs()
		if err != nil {
			return nil, err
		}
		if !slices.Contains(ids, exerciseID) || (len(out) > 0 && out[len(out)-1].AssignmentID == r.AssignmentID) {
			continue
		}
		g := exercises.Grant{AssignmentID: r.AssignmentID, Title: r.Title, AttemptsAllowed: r.AttemptsAllowed, Since: r.since()}
		if r.MasteryGate {
			if g.Locked, g.UnlockedBy, err = s.gateLocks(ctx, r.AssignmentID, userID, exerciseID, r.JoinedAt); err != nil {
				return nil, err
			}
			if g.Locked {
				if g.UnlockedByTitle, err = lessonTitle(s.db.WithContext(ctx), g.UnlockedBy); err != nil {
					return nil, err
				}
			}
		}
		out = append(out, g)
	}
	return out, nil
}

// gateLocks reports whether a gated assignment keeps the exercise locked
// for the student (see assignments.LockItems), counting the exercises it
// solved since joining the class, and the lesson that unlocks it: two
// queries, only for an assignment with a mastery gate.
func (s *ExerciseStore) gateLocks(ctx context.Context, assignmentID, userID, exerciseID string, joined time.Time) (bool, string, error) {
	db := s.db.WithContext(ctx)
	var rows []itemRow
	err := withLessonBlocks(db.Table("assignment_items i")).Where("i.assignment_id = ?", assignmentID).
		Select("i.kind AS kind, i.item_id AS item_id, l.id AS lesson_id, l.blocks AS blocks").Order("i.position").Scan(&rows).Error
	if err != nil {
		return false, "", fmt.Errorf("gate items: %w", err)
	}
	a := assignments.Assignment{MasteryGate: true, LessonExercises: map[string][]string{}}
	var all []string
	for _, r := range rows {
		a.Items = append(a.Items, assignments.Item{Kind: assignments.ItemKind(r.Kind), ID: r.ItemID})
		ids, err := r.exerciseIDs()
		if err != nil {
			return false, "", err
		}
		if r.Kind == string(assignments.LessonItem) {
			a.LessonExercises[r.ItemID] = ids
		}
		all = append(all, ids...)
	}
	var solved []string
	if len(all) > 0 {
		err = db.Model(&attemptRow{}).Distinct("exercise_id").
			Where("user_id = ? AND outcome = ? AND created_at >= ? AND exercise_id IN ?", userID, string(exercises.Correct), joined, uniq(all)).
			Pluck("exercise_id", &solved).Error
		if err != nil {
			return false, "", fmt.Errorf("gate solves: %w", err)
		}
	}
	sa := assignments.Track(a, func(id string) assignments.Work {
		if slices.Contains(solved, id) {
			return assignments.Work{SolvedAt: joined, Attempts: 1}
		}
		return assignments.Work{}
	})
	if !slices.Contains(sa.Locked, exerciseID) {
		return false, "", nil
	}
	for i, it := range a.Items {
		if sa.Items[i].Locked && slices.Contains(a.ItemExercises(it), exerciseID) {
			return true, sa.Items[i].UnlockedBy, nil
		}
	}
	return true, "", nil
}

// lessonTitle returns the title of a live lesson (empty when not found).
func lessonTitle(db *gorm.DB, id string) (domain.Text, error) {
	var r struct{ TitleZH, TitleEN string }
	err := db.Table("lessons").Select("title_zh, title_en").Where("id = ?", id).Limit(1).Scan(&r).Error
	return domain.Text{ZH: r.TitleZH, EN: r.TitleEN}, err
}

// AssignedExercises implements exercises.Store in one query.
func (s *ExerciseStore) AssignedExercises(ctx context.Context, schoolID, userID string, now time.Time) ([]string, error) {
	var rows []itemRow
	err := withLessonBlocks(applicable(s.db.WithContext(ctx), schoolID, userID, now)).
		Select("i.kind AS kind, i.item_id AS item_id, l.id AS lesson_id, l.blocks AS blocks").Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("assigned exercises: %w", err)
	}
	return itemExerciseIDs(rows)
}

// itemExerciseIDs returns the distinct exercises the items give, sorted.
func itemExerciseIDs(rows []itemRow) ([]string, error) {
	var out []string
	for _, r := range rows {
		ids, err := r.exerciseIDs()
		if err != nil {
			return nil, err
		}
		out = append(out, ids...)
	}
	return uniq(out), nil
}

// assignedLessons returns the lessons that the applicable assignments of
// schoolID give the student at now as lesson items.
func assignedLessons(db *gorm.DB, schoolID, userID string, now time.Time) ([]string, error) {
	var ids []string
	err := applicable(db, schoolID, userID, now).Where("i.kind = ?", assignments.LessonItem).
		Distinct("i.item_id").Pluck("i.item_id", &ids).Error
	if err != nil {
		return nil, fmt.Errorf("assigned lessons: %w", err)
	}
	return ids, nil
}

// limitSnapshots caches, per school, the set of exercises that a live
// (not withdrawn) assignment with attempts_allowed > 0 or a mastery gate
// contains, directly or through a lesson item. Only these exercises take the exact, counted
// path of a submission; the others are recorded with no extra query.
//
// Staleness is bounded: a snapshot is read again once it is ttl old, by
// one caller while the others wait for it. A limit a teacher sets, or an
// assignment created with one, is therefore enforced by every instance at
// most ttl (plus one query) later; until then a student may record
// attempts past the new limit on an instance holding the older snapshot.
// Attempts made in that window still count towards the limit afterwards.
// Instances share nothing: each holds its own snapshots.
type limitSnapshots struct {
	ttl     time.Duration
	schools sync.Map // school ID -> *schoolLimits
}

// schoolLimits is one school's snapshot; refresh serializes its reloads.
type schoolLimits struct {
	refresh sync.Mutex
	cur     atomic.Pointer[limitSet]
}

// limitSet is a snapshot read at a time.
type limitSet struct {
	at  time.Time
	ids map[string]bool
}

func (l *limitSet) fresh(ttl time.Duration) bool { return l != nil && time.Since(l.at) < ttl }

// MayBeLimited implements exercises.Store from the school's snapshot,
// which is read again (one query) when older than the store's limits TTL
// (DefaultLimitsTTL unless WithLimitsTTL says otherwise).
func (s *ExerciseStore) MayBeLimited(ctx context.Context, schoolID, exerciseID string) (bool, error) {
	v, ok := s.limits.schools.Load(schoolID)
	if !ok {
		v, _ = s.limits.schools.LoadOrStore(schoolID, &schoolLimits{})
	}
	sl := v.(*schoolLimits)
	if set := sl.cur.Load(); set.fresh(s.limits.ttl) {
		return set.ids[exerciseID], nil
	}
	sl.refresh.Lock()
	defer sl.refresh.Unlock()
	if set := sl.cur.Load(); set.fresh(s.limits.ttl) {
		return set.ids[exerciseID], nil
	}
	at := time.Now()
	var rows []itemRow
	err := withLessonBlocks(s.db.WithContext(ctx).Table("assignment_items i").
		Joins("JOIN assignments a ON a.id = i.assignment_id")).
		Where("a.school_id = ? AND a.withdrawn_at IS NULL AND (a.attempts_allowed > 0 OR a.mastery_gate)", schoolID).
		Select("i.kind AS kind, i.item_id AS item_id, l.id AS lesson_id, l.blocks AS blocks").Scan(&rows).Error
	if err != nil {
		return false, fmt.Errorf("limited exercises: %w", err)
	}
	ids, err := itemExerciseIDs(rows)
	if err != nil {
		return false, err
	}
	set := &limitSet{at: at, ids: make(map[string]bool, len(ids))}
	for _, id := range ids {
		set.ids[id] = true
	}
	sl.cur.Store(set)
	return set.ids[exerciseID], nil
}

// AttemptsSince implements exercises.Store in one query.
func (s *ExerciseStore) AttemptsSince(ctx context.Context, userID, exerciseID string, since []time.Time) ([]int, error) {
	return countSince(s.db.WithContext(ctx), userID, exerciseID, since)
}

// countSince counts the user's attempts of the exercise created at or
// after each of since, in one query.
func countSince(db *gorm.DB, userID, exerciseID string, since []time.Time) ([]int, error) {
	if len(since) == 0 {
		return nil, nil
	}
	cols := make([]string, len(since))
	args := make([]any, 0, len(since)+2)
	for i, t := range since {
		cols[i] = "COALESCE(SUM(CASE WHEN created_at >= ? THEN 1 ELSE 0 END), 0)"
		args = append(args, t.UTC())
	}
	args = append(args, userID, exerciseID)
	counts := make([]int64, len(since))
	ptrs := make([]any, len(since))
	for i := range counts {
		ptrs[i] = &counts[i]
	}
	err := db.Raw("SELECT "+strings.Join(cols, ", ")+" FROM attempts WHERE user_id = ? AND exercise_id = ?", args...).
		Row().Scan(ptrs...)
	if err != nil {
		return nil, fmt.Errorf("count attempts: %w", err)
	}
	out := make([]int, len(counts))
	for i, n := range counts {
		out[i] = int(n)
	}
	return out, nil
}

// attemptLockKey is the PostgreSQL advisory lock of a user's attempts of
// an exercise.
func attemptLockKey(userID, exerciseID string) int64 {
	h := fnv.New64a()
	h.Write([]byte(userID))
	h.Write([]byte{0})
	h.Write([]byte(exerciseID))
	return int64(h.Sum64())
}

// RecordAttemptIf implements exercises.Store in one transaction. On
// PostgreSQL it first takes a transaction-scoped advisory lock on the
// hash of (user, exercise), so that concurrent limited submissions of
// the same student and exercise count and insert one after the other;
// SQLite has a single connection, which serializes them already.
// (CockroachDB does not implement advisory locks; a deployment there
// would lock the enrollment row instead.)
func (s *ExerciseStore) RecordAttemptIf(ctx context.Context, a exercises.Attempt, since []time.Time, allow func(counts []int) error) (exercises.Attempt, bool, error) {
	r := toAttemptRow(a)
	var (
		out     exercises.Attempt
		created bool
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if tx.Dialector.Name() == "postgres" {
			if err := tx.Exec("SELECT pg_advisory_xact_lock(?)", attemptLockKey(r.UserID, r.ExerciseID)).Error; err != nil {
				return fmt.Errorf("lock attempts: %w", err)
			}
		}
		var prev []attemptRow
		if err := tx.Where("user_id = ? AND idempotency_key = ?", r.UserID, r.IdempotencyKey).Limit(1).Find(&prev).Error; err != nil {
			return err
		}
		if len(prev) > 0 {
			out, created = prev[0].toAttempt(), false
			return nil
		}
		counts, err := countSince(tx, r.UserID, r.ExerciseID, since)
		if err != nil {
			return err
		}
		if err := allow(counts); err != nil {
			return err
		}
		out, created, err = insertOrReplay(tx, r, func(canBeFirst bool) (bool, int, error) {
			var first bool
			var hints int
			err := tx.Raw(insertAttempt, r.insertArgs(canBeFirst)...).Row().Scan(&first, &hints)
			return first, hints, err
		})
		return err
	})
	if err != nil {
		return exercises.Attempt{}, false, err
	}
	return out, created, nil
}
