package roster

import (
	"context"
	"crypto/rand"
	"time"

	"github.com/google/uuid"

	"qixue/domain"
	"qixue/identity"
)

// Counts are the changes to one entity.
type Counts struct {
	Created     int `json:"created"`
	Updated     int `json:"updated"`
	Deactivated int `json:"deactivated"`
	Unchanged   int `json:"unchanged"`
}

// Summary is what an import changes (or, for a dry run, would change).
type Summary struct {
	Schools     Counts
	Users       Counts
	Classes     Counts
	Enrollments Counts
}

// Plan is the set of writes that bring the database to the files' state.
// Import builds it inside the transaction that applies it (Store.Apply).
type Plan struct {
	Summary Summary
	Now     time.Time

	NewSchools, ChangedSchools         []identity.School
	NewUsers, ChangedUsers             []identity.User
	NewClasses, ChangedClasses         []identity.Class
	NewEnrollments, ChangedEnrollments []identity.Enrollment
	// Deactivate lists IDs to deactivate; enrollments by class and user.
	DeactivateUsers, DeactivateClasses []string
	DeactivateEnrollments              [][2]string
	// EndSessions lists the changed users whose school, role or password
	// the import changes: their sessions end (refresh tokens revoked,
	// access tokens refused), so that no token goes on carrying the old
	// school or role, or outlives the old password.
	EndSessions []string
}

// State is the current roster of the schools an import touches.
type State struct {
	Users       []identity.User
	Classes     []identity.Class
	Enrollments []identity.Enrollment
}

// scope is which schools an import may touch.
type scope struct {
	// school is the one school the import may touch ("" = the schools of
	// its orgs, for platform admins).
	school string
	// link lets the import bind school, while it has no org, to the org
	// of the files.
	link bool
}

// planner diffs parsed files against the database inside a transaction.
type planner struct {
	ctx      context.Context
	st       Store
	files    *Files
	scope    scope
	hasher   func(string) (string, error)
	matches  func(hash, secret string) bool
	problems []Problem
	more     int  // problems past MaxProblems
	doomed   bool // the file checks found problems: plan only to report more
	plan     *Plan

	schoolBySourced map[string]identity.School // org sourcedId → school (existing or new)
	covered         map[string]bool            // school IDs the import speaks for
	users           map[string]*identity.User  // sourcedId → user after the import
	classes         map[string]*identity.Class
	droppedUsers    map[string]bool // sourcedIds deactivated by this import
	droppedClasses  map[string]bool
}

func (pl *planner) add(file string, line int, col, code, value string) {
	if len(pl.problems) >= MaxProblems {
		pl.more++
		return
	}
	pl.problems = append(pl.problems, Problem{File: file, Line: line, Column: col, Code: code, Value: value})
}

// refuse reports a problem with a row and records the row as refused, so
// that references to it are not reported again.
func (pl *planner) refuse(file string, line int, col, code, value, id string) {
	pl.add(file, line, col, code, value)
	pl.files.reject(file, id)
}

// explainedAll reports whether every one of the org sourcedIds is an org
// already refused (or in an orgs.csv that could not be read whole).
func (pl *planner) explainedAll(orgs []string) bool {
	for _, o := range orgs {
		if !pl.files.explained(OrgsFile, o) {
			return false
		}
	}
	return len(orgs) > 0
}

func newID() string { return uuid.Must(uuid.NewV7()).String() }

const (
	usernameAlphabet  = "23456789abcdefghjkmnpqrstuvwxyz"
	loginCodeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
)

func randomCode(alphabet string, n int) string {
	b := make([]byte, n)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// build diffs the files against the state and fills the plan.
func (pl *planner) build() error {
	if err := pl.schools(); err != nil {
		return err
	}
	st, err := pl.st.State(pl.ctx, keys(pl.covered))
	if err != nil {
		return err
	}
	if err := pl.diffUsers(st); err != nil {
		return err
	}
	if err := pl.diffClasses(st); err != nil {
		return err
	}
	pl.diffEnrollments(st)
	return nil
}

func (pl *planner) diffClasses(st State) error {
	f, plan, now := pl.files, pl.plan, pl.plan.Now
	bySourced := map[string]*identity.Class{}
	byID := map[string]*identity.Class{}
	for i := range st.Classes {
		c := &st.Classes[i]
		byID[c.ID] = c
		if c.SourcedID != "" {
			bySourced[c.SourcedID] = c
		}
	}
	pl.classes = bySourced
	pl.droppedClasses = map[string]bool{}
	if f.Mode(ClassesFile) == ModeAbsent {
		return nil
	}
	seen := map[string]bool{}
	var fresh []*identity.Class
	for _, r := range f.Classes {
		seen[r.SourcedID] = true
		cur := bySourced[r.SourcedID]
		if cur == nil {
			if c, ok := byID[r.SourcedID]; ok && c.SourcedID == "" {
				cur = c
			}
		}
		if r.Status == StatusToBeDeleted {
			if cur != nil && cur.Active() {
				plan.DeactivateClasses = append(plan.DeactivateClasses, cur.ID)
				plan.Summary.Classes.Deactivated++
			}
			pl.droppedClasses[r.SourcedID] = true
			continue
		}
		school, ok := pl.schoolOf([]string{r.SchoolSourcedID})
		if !ok {
			pl.files.reject(ClassesFile, r.SourcedID)
			if !pl.explainedAll([]string{r.SchoolSourcedID}) {
				pl.add(ClassesFile, r.Line, "schoolSourcedId", pl.unknownOrgCode(), r.SchoolSourcedID)
			}
			continue
		}
		grade, _ := identity.ParseGrade(r.Grade)
		if cur == nil {
			c := &identity.Class{ID: newID(), SchoolID: school.ID, Name: r.Title, Grade: grade, SourcedID: r.SourcedID,
				CreatedAt: now, UpdatedAt: now}
			fresh = append(fresh, c)
			bySourced[r.SourcedID] = c
			plan.Summary.Classes.Created++
			continue
		}
		if cur.SchoolID != school.ID || cur.Name != r.Title || cur.Grade != grade || !sameSourced(cur.SourcedID, cur.ID, r.SourcedID) || !cur.Active() {
			cur.SchoolID, cur.Name, cur.Grade = school.ID, r.Title, grade
			cur.SourcedID = sourcedFor(cur.SourcedID, cur.ID, r.SourcedID)
			cur.DeactivatedAt, cur.UpdatedAt = time.Time{}, now
			plan.ChangedClasses = append(plan.ChangedClasses, *cur)
			plan.Summary.Classes.Updated++
		} else {
			plan.Summary.Classes.Unchanged++
		}
		bySourced[r.SourcedID] = cur
	}
	if f.Mode(ClassesFile) == ModeBulk {
		for _, c := range st.Classes {
			if c.SourcedID != "" && !seen[c.SourcedID] && c.Active() {
				plan.DeactivateClasses = append(plan.DeactivateClasses, c.ID)
				plan.Summary.Classes.Deactivated++
				pl.droppedClasses[c.SourcedID] = true
			}
		}
	}
	// Fresh login codes, checked against every class.
	for len(fresh) > 0 {
		codes := make([]string, len(fresh))
		for i := range fresh {
			codes[i] = randomCode(loginCodeAlphabet, 6)
		}
		taken, err := pl.st.LoginCodesTaken(pl.ctx, codes)
		if err != nil {
			return err
		}
		var again []*identity.Class
		used := map[string]bool{}
		for i, c := range fresh {
			if taken[codes[i]] || used[codes[i]] {
				again = append(again, c)
				continue
			}
			used[codes[i]] = true
			c.LoginCode = codes[i]
			plan.NewClasses = append(plan.NewClasses, *c)
		}
		fresh = again
	}
	return nil
}

// endOldRoles ends the active enrollments whose role is no longer their
// user's (the import changed the role) and that the files do not bring
// back with the new role (seen): a demoted teacher keeps no teacher
// enrollment, and promoting them back later restores none.
func (pl *planner) endOldRoles(st State, seen map[[2]string]bool) {
	plan := pl.plan
	role := make(map[string]domain.Role, len(st.Users))
	for _, u := range st.Users { // changed in place by diffUsers
		role[u.ID] = u.Role
	}
	ended := make(map[[2]string]bool, len(plan.DeactivateEnrollments))
	for _, k := range plan.DeactivateEnrollments {
		ended[k] = true
	}
	for _, e := range st.Enrollments {
		k := [2]string{e.ClassID, e.UserID}
		r, ok := role[e.UserID]
		if !ok || r == e.Role || !e.Active() || seen[k] || ended[k] {
			continue
		}
		plan.DeactivateEnrollments = append(plan.DeactivateEnrollments, k)
		plan.Summary.Enrollments.Deactivated++
	}
}

func (pl *planner) diffEnrollments(st State) {
	f, plan, now := pl.files, pl.plan, pl.plan.Now
	type key = [2]string
	cur := map[key]*identity.Enrollment{}
	for i := range st.Enrollments {
		e := &st.Enrollments[i]
		cur[key{e.ClassID, e.UserID}] = e
	}
	seen := map[key]bool{}
	defer pl.endOldRoles(st, seen)
	if f.Mode(EnrollmentsFile) == ModeAbsent {
		return
	}
	for _, r := range f.Enrollments {
		if r.Status == StatusToBeDeleted {
			c, u := pl.classes[r.ClassSourcedID], pl.users[r.UserSourcedID]
			if c == nil || u == nil {
				for _, e := range st.Enrollments { // rows name only the sourcedId
					if e.SourcedID == r.SourcedID && e.Active() {
						plan.DeactivateEnrollments = append(plan.DeactivateEnrollments, key{e.ClassID, e.UserID})
						plan.Summary.Enrollments.Deactivated++
					}
				}
				continue
			}
			if e := cur[key{c.ID, u.ID}]; e != nil && e.Active() {
				plan.DeactivateEnrollments = append(plan.DeactivateEnrollments, key{c.ID, u.ID})
				plan.Summary.Enrollments.Deactivated++
			}
			continue
		}
		c, u := pl.classes[r.ClassSourcedID], pl.users[r.UserSourcedID]
		ok := true
		switch {
		case pl.droppedClasses[r.ClassSourcedID]:
			pl.add(EnrollmentsFile, r.Line, "classSourcedId", CodeMissingReference, r.ClassSourcedID)
			ok = false
		case c == nil:
			if !pl.files.explained(ClassesFile, r.ClassSourcedID) {
				pl.add(EnrollmentsFile, r.Line, "classSourcedId", CodeUnknownClass, r.ClassSourcedID)
			}
			ok = false
		}
		switch {
		case pl.droppedUsers[r.UserSourcedID]:
			pl.add(EnrollmentsFile, r.Line, "userSourcedId", CodeMissingReference, r.UserSourcedID)
			ok = false
		case u == nil:
			if !pl.files.explained(UsersFile, r.UserSourcedID) {
				pl.add(EnrollmentsFile, r.Line, "userSourcedId", CodeUnknownUser, r.UserSourcedID)
			}
			ok = false
		}
		if !ok {
			continue
		}
		if u.SchoolID != c.SchoolID {
			pl.add(EnrollmentsFile, r.Line, "userSourcedId", CodeSchoolMismatch, r.UserSourcedID)
			continue
		}
		if string(u.Role) != r.Role {
			pl.add(EnrollmentsFile, r.Line, "role", CodeRoleMismatch, r.Role)
			continue
		}
		k := key{c.ID, u.ID}
		seen[k] = true
		e := cur[k]
		if e == nil {
			plan.NewEnrollments = append(plan.NewEnrollments, identity.Enrollment{ClassID: c.ID, UserID: u.ID,
				SchoolID: c.SchoolID, Role: u.Role, SourcedID: r.SourcedID, CreatedAt: now})
			plan.Summary.Enrollments.Created++
			continue
		}
		if !sameSourced(e.SourcedID, exportedEnrollmentID(*e), r.SourcedID) || e.Role != u.Role || e.SchoolID != c.SchoolID || !e.Active() {
			e.SourcedID, e.Role, e.SchoolID, e.DeactivatedAt = sourcedFor(e.SourcedID, exportedEnrollmentID(*e), r.SourcedID), u.Role, c.SchoolID, time.Time{}
			plan.ChangedEnrollments = append(plan.ChangedEnrollments, *e)
			plan.Summary.Enrollments.Updated++
		} else {
			plan.Summary.Enrollments.Unchanged++
		}
	}
	if f.Mode(EnrollmentsFile) == ModeBulk {
		for _, e := range st.Enrollments {
			if e.SourcedID != "" && e.Active() && !seen[key{e.ClassID, e.UserID}] {
				plan.DeactivateEnrollments = append(plan.DeactivateEnrollments, key{e.ClassID, e.UserID})
				plan.Summary.Enrollments.Deactivated++
			}
		}
	}
}
