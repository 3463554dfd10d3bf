package models

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/domain"
	"qixue/identity"
	"qixue/roster"
)

// rosterJobRow is a row of roster_imports: one import job.
type rosterJobRow struct {
	ID           string `gorm:"primaryKey;size:36"`
	SchoolID     string `gorm:"size:36;not null;default:'';index"`
	CreatedBy    string `gorm:"size:36;not null"`
	Role         string `gorm:"size:20;not null"`
	DryRun       bool   `gorm:"not null"`
	Filename     string `gorm:"size:255;not null;default:''"`
	Size         int64  `gorm:"not null"`
	Status       string `gorm:"size:20;not null;index"`
	Stage        string `gorm:"size:20;not null;default:''"`
	Progress     int    `gorm:"not null;default:0"`
	Attempts     int    `gorm:"not null;default:0"`
	Summary      string `gorm:"type:text;not null;default:''"`
	Warnings     string `gorm:"type:text;not null;default:''"`
	Problems     string `gorm:"type:text;not null;default:''"`
	MoreProblems int    `gorm:"not null;default:0"`
	ErrorCode    string `gorm:"size:40;not null;default:''"`
	CreatedAt    time.Time
	StartedAt    *time.Time
	FinishedAt   *time.Time
	HeartbeatAt  *time.Time
	// ClientAddr and RequestID are where the upload came from, for the
	// audit entry written when the import succeeds (see FinishJob).
	ClientAddr string `gorm:"size:64;not null;default:''"`
	RequestID  string `gorm:"size:64;not null;default:''"`
}

func (rosterJobRow) TableName() string { return "roster_imports" }

// rosterUploadRow keeps a job's zip until the job ends, so any replica's
// worker can run it and a restart can resume it.
type rosterUploadRow struct {
	JobID string `gorm:"primaryKey;size:36"`
	Data  []byte `gorm:"not null"`
}

func (rosterUploadRow) TableName() string { return "roster_uploads" }

// rosterLockRow has one row, locked by every import transaction so that
// imports run one at a time across replicas.
type rosterLockRow struct {
	ID int `gorm:"primaryKey;autoIncrement:false"`
}

func (rosterLockRow) TableName() string { return "roster_lock" }

// problemJSON is the stored form of a roster.Problem.
type problemJSON struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column string `json:"column,omitempty"`
	Code   string `json:"code"`
	Value  string `json:"value,omitempty"`
}

type summaryJSON struct {
	Schools     roster.Counts `json:"schools"`
	Users       roster.Counts `json:"users"`
	Classes     roster.Counts `json:"classes"`
	Enrollments roster.Counts `json:"enrollments"`
}

func toRosterJobRow(j roster.Job) rosterJobRow {
	r := rosterJobRow{ID: j.ID, SchoolID: j.SchoolID, CreatedBy: j.CreatedBy, Role: string(j.Role), DryRun: j.DryRun,
		Filename: j.Filename, Size: j.Size, Status: string(j.Status), Stage: j.Stage, Progress: j.Progress,
		Attempts: j.Attempts, ErrorCode: j.ErrorCode, MoreProblems: j.MoreProblems, CreatedAt: j.CreatedAt,
		StartedAt: timePtr(j.StartedAt), FinishedAt: timePtr(j.FinishedAt), HeartbeatAt: timePtr(j.HeartbeatAt)}
	s := j.Summary
	b, _ := json.Marshal(summaryJSON{s.Schools, s.Users, s.Classes, s.Enrollments})
	r.Summary = string(b)
	w, _ := json.Marshal(j.Warnings)
	r.Warnings = string(w)
	ps := make([]problemJSON, len(j.Problems))
	for i, p := range j.Problems {
		ps[i] = problemJSON(p)
	}
	pb, _ := json.Marshal(ps)
	r.Problems = string(pb)
	return r
}

func (r rosterJobRow) toJob() roster.Job {
	j := roster.Job{ID: r.ID, SchoolID: r.SchoolID, CreatedBy: r.CreatedBy, Role: domain.Role(r.Role), DryRun: r.DryRun,
		Filename: r.Filename, Size: r.Size, Status: roster.JobStatus(r.Status), Stage: r.Stage, Progress: r.Progress,
		Attempts: r.Attempts, ErrorCode: r.ErrorCode, MoreProblems: r.MoreProblems, CreatedAt: r.CreatedAt.UTC(),
		StartedAt: timeOf(r.StartedAt), FinishedAt: timeOf(r.FinishedAt), HeartbeatAt: timeOf(r.HeartbeatAt)}
	var s summaryJSON
	if json.Unmarshal([]byte(r.Summary), &s) == nil {
		j.Summary = roster.Summary{Schools: s.Schools, Users: s.Users, Classes: s.Classes, Enrollments: s.Enrollments}
	}
	json.Unmarshal([]byte(r.Warnings), &j.Warnings)
	var ps []problemJSON
	json.Unmarshal([]byte(r.Problems), &ps)
	for _, p := range ps {
		j.Problems = append(j.Problems, roster.Problem(p))
	}
	return j
}

// RosterStore implements roster.Store with GORM.
type RosterStore struct {
	db *gorm.DB
}

var _ roster.Store = (*RosterStore)(nil)

// NewRosterStore returns the roster store on db.
func NewRosterStore(db *gorm.DB) *RosterStore { return &RosterStore{db: db} }

func (s *RosterStore) isPostgres() bool { return s.db.Dialector.Name() == "postgres" }

// InTx runs f in one transaction holding the roster lock.
func (s *RosterStore) InTx(ctx context.Context, f func(tx roster.Store) error) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&rosterLockRow{ID: 1}).Error; err != nil {
			return fmt.Errorf("roster lock: %w", err)
		}
		if s.isPostgres() { // SQLite transactions are already exclusive
			var l rosterLockRow
			if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Take(&l, 1).Error; err != nil {
				return fmt.Errorf("roster lock: %w", err)
			}
		}
		return f(&RosterStore{db: tx})
	})
}

// School returns a school by ID.
func (s *RosterStore) School(ctx context.Context, id string) (identity.School, error) {
	var r schoolRow
	if !isUUID(id) {
		return identity.School{}, domain.ErrNotFound
	}
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&r).Error; err != nil {
		return identity.School{}, notFound(err)
	}
	return r.toSchool(), nil
}

// inBatches calls f with slices of at most n items.
func inBatches[T any](items []T, n int, f func([]T) error) error {
	for len(items) > 0 {
		k := min(n, len(items))
		if err := f(items[:k]); err != nil {
			return err
		}
		items = items[k:]
	}
	return nil
}

// SchoolsBySourcedID returns the schools linked to the org sourcedIds.
func (s *RosterStore) SchoolsBySourcedID(ctx context.Context, ids []string) ([]identity.School, error) {
	var out []identity.School
	err := inBatches(ids, 500, func(b []string) error {
		var rows []schoolRow
		if err := inList(s.db.WithContext(ctx), "sourced_id", b).Find(&rows).Error; err != nil {
			return err
		}
		for _, r := range rows {
			out = append(out, r.toSchool())
		}
		return nil
	})
	return out, err
}

// State loads the users, classes and enrollments of the schools.
func (s *RosterStore) State(ctx context.Context, schoolIDs []string) (roster.State, error) {
	var st roster.State
	err := inBatches(schoolIDs, 200, func(b []string) error {
		if err := s.loadUsers(ctx, b, &st.Users); err != nil {
			return err
		}
		var classes []classRow
		if err := inList(s.db.WithContext(ctx), "school_id", b).Order("id").Find(&classes).Error; err != nil {
			return err
		}
		st.Classes = slices.Grow(st.Classes, len(classes))
		for _, r := range classes {
			st.Classes = append(st.Classes, r.toClass())
		}
		return s.loadEnrollments(ctx, b, &st.Enrollments)
	})
	return st, err
}

// loadUsers appends the users of the schools. A district holds hundreds of
// thousands of rows, so they are scanned without reflection.
func (s *RosterStore) loadUsers(ctx context.Context, schoolIDs []string, out *[]identity.User) error {
	rows, err := s.db.WithContext(ctx).Model(&userRow{}).
		Select("id, school_id, role, username, real_name, given_name, email, password_hash, pin_hash, sourced_id, deactivated_at, created_at, updated_at").
		Scopes(inScope("school_id", schoolIDs)).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	var in interner
	for rows.Next() {
		var (
			u            identity.User
			school, role sql.RawBytes
			deactivated  sql.NullTime
		)
		if err := rows.Scan(&u.ID, &school, &role, &u.Username, &u.RealName, &u.GivenName, &u.Email, &u.PasswordHash, &u.PINHash,
			&u.SourcedID, &deactivated, &u.CreatedAt, &u.UpdatedAt); err != nil {
			return err
		}
		u.SchoolID, u.Role = in.of(school), domain.Role(in.of(role))
		if deactivated.Valid {
			u.DeactivatedAt = deactivated.Time.UTC()
		}
		u.CreatedAt, u.UpdatedAt = u.CreatedAt.UTC(), u.UpdatedAt.UTC()
		*out = append(*out, u)
	}
	return rows.Err()
}

// loadEnrollments appends the enrollments of the schools, scanned without
// reflection.
func (s *RosterStore) loadEnrollments(ctx context.Context, schoolIDs []string, out *[]identity.Enrollment) error {
	rows, err := s.db.WithContext(ctx).Model(&enrollmentRow{}).
		Select("class_id, user_id, school_id, role, sourced_id, deactivated_at, created_at").
		Scopes(inScope("school_id", schoolIDs)).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	var in interner
	for rows.Next() {
		var (
			e                   identity.Enrollment
			class, school, role sql.RawBytes
			deactivated         sql.NullTime
		)
		if err := rows.Scan(&class, &e.UserID, &school, &role, &e.SourcedID, &deactivated, &e.CreatedAt); err != nil {
			return err
		}
		e.ClassID, e.SchoolID, e.Role = in.of(class), in.of(school), domain.Role(in.of(role))
		if deactivated.Valid {
			e.DeactivatedAt = deactivated.Time.UTC()
		}
		e.CreatedAt = e.CreatedAt.UTC()
		*out = append(*out, e)
	}
	return rows.Err()
}

// interner shares one string among the rows that hold the same value
// (a school's ID, a class's ID, a role), so a district's state holds
// each once rather than once per row.
type interner map[string]string

// of returns the shared string equal to b (a NULL is "").
func (in *interner) of(b []byte) string {
	if *in == nil {
		*in = map[string]string{}
	}
	if s, ok := (*in)[string(b)]; ok {
		return s
	}
	s := string(b)
	(*in)[s] = s
	return s
}

// UsersByUsername returns the users holding the usernames.
func (s *RosterStore) UsersByUsername(ctx context.Context, names []string) ([]identity.User, error) {
	var out []identity.User
	err := inBatches(names, 1000, func(b []string) error {
		var rows []userRow
		if err := inList(s.db.WithContext(ctx), "username", b).Find(&rows).Error; err != nil {
			return err
		}
		for _, r := range rows {
			out = append(out, r.toUser())
		}
		return nil
	})
	return out, err
}

// LoginCodesTaken reports which login codes classes hold.
func (s *RosterStore) LoginCodesTaken(ctx context.Context, codes []string) (map[string]bool, error) {
	out := map[string]bool{}
	err := inBatches(codes, 1000, func(b []string) error {
		var got []string
		if err := inList(s.db.WithContext(ctx).Model(&classRow{}), "login_code", b).Pluck("login_code", &got).Error; err != nil {
			return err
		}
		for _, c := range got {
			out[c] = true
		}
		return nil
	})
	return out, err
}

// batchRows is how many rows one INSERT carries (well under the bind
// parameter limits of SQLite and PostgreSQL).
const batchRows = 1000

// Apply writes the plan with batched inserts and primary-key upserts.
func (s *RosterStore) Apply(ctx context.Context, p *roster.Plan) error {
	db := s.db.WithContext(ctx)
	now := p.Now
	upsert := func(cols ...string) clause.OnConflict {
		return clause.OnConflict{Columns: []clause.Column{{Name: "id"}}, DoUpdates: clause.AssignmentColumns(cols)}
	}
	if err := insertEach(db, p.NewSchools, toSchoolRow); err != nil {
		return fmt.Errorf("create schools: %w", err)
	}
	if err := insertEach(db, p.ChangedSchools, toSchoolRow, upsert("name", "sourced_id", "updated_at")); err != nil {
		return fmt.Errorf("update schools: %w", err)
	}
	if err := insertEach(db, p.NewUsers, toUserRow); err != nil {
		if isDuplicate(err) {
			return identity.ErrUsernameTaken
		}
		return fmt.Errorf("create users: %w", err)
	}
	if err := insertEach(db, p.ChangedUsers, toUserRow, upsert("school_id", "role", "username", "real_name", "given_name", "sort_key",
		"email", "password_hash", "sourced_id", "deactivated_at", "updated_at")); err != nil {
		if isDuplicate(err) {
			return identity.ErrUsernameTaken
		}
		return fmt.Errorf("update users: %w", err)
	}
	if err := insertEach(db, p.NewClasses, toClassRow); err != nil {
		return fmt.Errorf("create classes: %w", err)
	}
	if err := insertEach(db, p.ChangedClasses, toClassRow,
		upsert("school_id", "name", "grade", "sourced_id", "deactivated_at", "updated_at")); err != nil {
		return fmt.Errorf("update classes: %w", err)
	}
	if err := insertEach(db, p.NewEnrollments, toEnrollmentRow); err != nil {
		return fmt.Errorf("create enrollments: %w", err)
	}
	if err := insertEach(db, p.ChangedEnrollments, toEnrollmentRow, clause.OnConflict{
		Columns:   []clause.Column{{Name: "class_id"}, {Name: "user_id"}},
		DoUpdates: clause.AssignmentColumns([]string{"school_id", "role", "sourced_id", "deactivated_at"}),
	}); err != nil {
		return fmt.Errorf("update enrollments: %w", err)
	}
	deactivate := func(model any, ids []string) error {
		return inBatches(ids, batchRows, func(b []string) error {
			return inList(db.Model(model), "id", b).Where("deactivated_at IS NULL").
				Updates(map[string]any{"deactivated_at": now, "updated_at": now}).Error
		})
	}
	if err := deactivate(&userRow{}, p.DeactivateUsers); err != nil {
		return fmt.Errorf("deactivate users: %w", err)
	}
	if err := recordRevocations(db, append(deactivatedUsers(p), p.EndSessions...), now); err != nil {
		return err
	}
	if err := revokeRefreshTokens(db, p.EndSessions, now); err != nil {
		return fmt.Errorf("end sessions: %w", err)
	}
	// Deactivated students and students moved to another school lose
	// their login badges.
	if err := sweepBadges(db); err != nil {
		return fmt.Errorf("end badges: %w", err)
	}
	if err := deactivate(&classRow{}, p.DeactivateClasses); err != nil {
		return fmt.Errorf("deactivate classes: %w", err)
	}
	for _, k := range p.DeactivateEnrollments {
		if err := db.Model(&enrollmentRow{}).Where("class_id = ? AND user_id = ?", k[0], k[1]).
			Update("deactivated_at", now).Error; err != nil {
			return fmt.Errorf("deactivate enrollments: %w", err)
		}
	}
	return s.analyzeAfter(db, p)
}

// sqliteInsertRows is how many rows one INSERT carries on SQLite. It was
// cut to 100 because the old driver (glebarez/go-sqlite) bound each
// parameter by a linear search of the arguments: 1,000 user rows (13,000
// parameters) made binding 54 % of a 100,000-student import's CPU. The
// current driver binds in linear time (BENCHMARKS.md, "SQLite driver":
// 10,000 rows in INSERTs of 1,000 rows 0.2-0.4 s, was 4.2-4.8 s), but a
// 100,000-student import with 1,000 rows a statement was no faster
// (27-40 s against 14-25 s at load 20-25), so 100 stays.
const sqliteInsertRows = 100

// insertEach inserts the items as rows (converted by f), batchRows at a
// time (sqliteInsertRows on SQLite), with the clauses (an upsert),
// converting each batch only when it is sent: a district's plan is never
// held twice, as domain values and as rows.
func insertEach[T, R any](db *gorm.DB, items []T, f func(T) R, clauses ...clause.Expression) error {
	n := batchRows
	if db.Dialector.Name() != "postgres" {
		n = sqliteInsertRows
	}
	return inBatches(items, n, func(b []T) error {
		rows := convertAll(f, b)
		return db.Clauses(clauses...).Create(&rows).Error
	})
}

// analyzeThreshold is the number of rows an import must write before
// PostgreSQL's statistics of the roster tables are refreshed.
const analyzeThreshold = 1000

// analyzeAfter refreshes PostgreSQL's statistics of the roster tables
// after a plan that wrote at least analyzeThreshold rows. Without it, a
// first import into empty tables leaves the planner (and every plan
// cached on a pooled connection) believing the tables empty, and the next
// import's lookups scan them whole. ANALYZE runs in the import's
// transaction, sees its rows and takes no lock that answers or logins
// wait for; the new statistics invalidate cached plans when it commits.
// SQLite needs nothing: its lookups are planned from the indexes.
func (s *RosterStore) analyzeAfter(db *gorm.DB, p *roster.Plan) error {
	if !s.isPostgres() {
		return nil
	}
	n := len(p.NewUsers) + len(p.ChangedUsers) + len(p.NewClasses) + len(p.ChangedClasses) +
		len(p.NewEnrollments) + len(p.ChangedEnrollments) + len(p.DeactivateUsers)
	if n < analyzeThreshold {
		return nil
	}
	if err := db.Exec("ANALYZE users, classes, enrollments").Error; err != nil {
		return fmt.Errorf("analyze roster tables: %w", err)
	}
	return nil
}

// deactivatedUsers lists the users the plan deactivates: those it names
// and those it changes to deactivated at its time (enabledUser=false).
// Their access tokens end with the import (identity.Revocation).
func deactivatedUsers(p *roster.Plan) []string {
	ids := slices.Clone(p.DeactivateUsers)
	for _, u := range p.ChangedUsers {
		if u.DeactivatedAt.Equal(p.Now) {
			ids = append(ids, u.ID)
		}
	}
	return ids
}
