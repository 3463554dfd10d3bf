package roster

import (
	"context"
	"crypto/rand"
	"errors"
	"sort"
	"sync"
	"time"

	"github.com/google/uuid"

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

// schools resolves the org rows and the schools the import covers.
func (pl *planner) schools() error {
	f := pl.files
	ids := map[string]bool{}
	for _, o := range f.Orgs {
		ids[o.SourcedID] = true
	}
	for _, u := range f.Users {
		for _, o := range u.OrgSourcedIDs {
			ids[o] = true
		}
	}
	for _, c := range f.Classes {
		ids[c.SchoolSourcedID] = true
	}
	for _, e := range f.Enrollments {
		if e.SchoolSourcedID != "" {
			ids[e.SchoolSourcedID] = true
		}
	}
	existing, err := pl.st.SchoolsBySourcedID(pl.ctx, keys(ids))
	if err != nil {
		return err
	}
	pl.schoolBySourced = map[string]identity.School{}
	for _, s := range existing {
		pl.schoolBySourced[s.SourcedID] = s
	}
	// An export names a school without a sourcedId by its Qixue ID.
	for id := range ids {
		if _, ok := pl.schoolBySourced[id]; ok {
			continue
		}
		s, err := pl.st.School(pl.ctx, id)
		if errors.Is(err, identity.ErrNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		if s.SourcedID == "" {
			pl.schoolBySourced[id] = s
		}
	}
	pl.covered = map[string]bool{}
	now := pl.plan.Now

	if pl.scope.school != "" {
		return pl.oneSchool()
	}
	for _, o := range f.Orgs {
		s, known := pl.schoolBySourced[o.SourcedID]
		if !known {
			if o.Status == StatusToBeDeleted {
				continue
			}
			s = identity.School{ID: newID(), Name: o.Name, SourcedID: o.SourcedID, CreatedAt: now, UpdatedAt: now}
			pl.plan.NewSchools = append(pl.plan.NewSchools, s)
			pl.plan.Summary.Schools.Created++
			pl.schoolBySourced[o.SourcedID] = s
		} else {
			pl.updateSchool(&s, o)
		}
		pl.covered[s.ID] = true
	}
	for id := range ids {
		if s, ok := pl.schoolBySourced[id]; ok {
			pl.covered[s.ID] = true
		}
	}
	return nil
}

// oneSchool resolves the orgs of an import into one school (a school
// admin's, or the school of ImportInto). Only that school's org may
// appear: the org bound to it, or the school's Qixue ID while it is bound
// to none (an export). An org bound to another school is other_school;
// an org bound to no school is unlinked_org, unless the import may link
// (ImportInto) and the school has no org yet. So a school admin cannot
// claim an org sourcedId that a district import later uses.
func (pl *planner) oneSchool() error {
	own, err := pl.st.School(pl.ctx, pl.scope.school)
	if err != nil {
		return err
	}
	pl.covered[own.ID] = true
	pl.schoolBySourced[or(own.SourcedID, own.ID)] = own
	for _, o := range pl.files.Orgs {
		s, known := pl.schoolBySourced[o.SourcedID]
		switch {
		case known && s.ID == own.ID:
			pl.updateSchool(&own, o)
		case known:
			pl.refuse(OrgsFile, o.Line, "sourcedId", CodeOtherSchool, o.SourcedID, o.SourcedID)
		case pl.scope.link && own.SourcedID == "" && o.Status == StatusActive:
			pl.updateSchool(&own, o) // links the school to the org
		default:
			pl.refuse(OrgsFile, o.Line, "sourcedId", CodeUnlinkedOrg, o.SourcedID, o.SourcedID)
		}
	}
	return nil
}

// updateSchool renames a school whose org name changed. Schools are never
// deactivated: a tobedeleted org only stops being updated.
func (pl *planner) updateSchool(s *identity.School, o Org) {
	if o.Status == StatusToBeDeleted || (s.Name == o.Name && sameSourced(s.SourcedID, s.ID, o.SourcedID)) {
		pl.plan.Summary.Schools.Unchanged++
		return
	}
	s.Name, s.SourcedID, s.UpdatedAt = o.Name, sourcedFor(s.SourcedID, s.ID, o.SourcedID), pl.plan.Now
	pl.plan.ChangedSchools = append(pl.plan.ChangedSchools, *s)
	pl.plan.Summary.Schools.Updated++
	pl.schoolBySourced[o.SourcedID] = *s
}

// unknownOrgCode is the code of a reference to an org the import does
// not cover: unknown_org, or other_school for a one-school import.
func (pl *planner) unknownOrgCode() string {
	if pl.scope.school != "" {
		return CodeOtherSchool
	}
	return CodeUnknownOrg
}

// sameSourced reports whether a row stored with sourcedId stored and
// Qixue ID id is the row a file names sourced: the same sourcedId, or,
// for a row made in Qixue (no sourcedId), its ID, as the export writes it.
func sameSourced(stored, id, sourced string) bool {
	return stored == sourced || (stored == "" && sourced == id)
}

// sourcedFor is the sourcedId to store for a row named sourced in a file:
// a row made in Qixue and named by its ID keeps having none, so that an
// export imports back without a change.
func sourcedFor(stored, id, sourced string) string {
	if stored == "" && sourced == id {
		return ""
	}
	return sourced
}

// schoolOf returns the first of the org sourcedIds that is a covered school.
func (pl *planner) schoolOf(orgs []string) (identity.School, bool) {
	for _, o := range orgs {
		if s, ok := pl.schoolBySourced[o]; ok && pl.covered[s.ID] {
			return s, true
		}
	}
	return identity.School{}, false
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
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

func (pl *planner) diffUsers(st State) error {
	f, plan, now := pl.files, pl.plan, pl.plan.Now
	bySourced := map[string]*identity.User{}
	byID := map[string]*identity.User{}
	for i := range st.Users {
		u := &st.Users[i]
		byID[u.ID] = u
		if u.SourcedID != "" {
			bySourced[u.SourcedID] = u
		}
	}
	pl.users = bySourced
	pl.droppedUsers = map[string]bool{}
	if f.Mode(UsersFile) == ModeAbsent {
		return nil
	}
	// Usernames the file asks for that other users may hold.
	var wanted []string
	for _, r := range f.Users {
		if r.Username != "" && r.Status == StatusActive {
			wanted = append(wanted, r.Username)
		}
	}
	holders, err := pl.st.UsersByUsername(pl.ctx, wanted)
	if err != nil {
		return err
	}
	holder := map[string]identity.User{}
	for _, u := range holders {
		holder[u.Username] = u
	}
	same := pl.samePasswords(bySourced, byID)
	seen := map[string]bool{}
	var needName []*identity.User
	var hashJobs []hashJob
	for _, r := range f.Users {
		seen[r.SourcedID] = true
		cur := bySourced[r.SourcedID]
		if cur == nil { // exported users carry their ID as sourcedId
			if u, ok := byID[r.SourcedID]; ok && u.SourcedID == "" {
				cur = u
			}
		}
		if r.Status == StatusToBeDeleted {
			if cur != nil && cur.Active() {
				plan.DeactivateUsers = append(plan.DeactivateUsers, cur.ID)
				plan.Summary.Users.Deactivated++
			}
			pl.droppedUsers[r.SourcedID] = true
			continue
		}
		school, ok := pl.schoolOf(r.OrgSourcedIDs)
		if !ok {
			pl.files.reject(UsersFile, r.SourcedID)
			if !pl.explainedAll(r.OrgSourcedIDs) {
				pl.add(UsersFile, r.Line, "orgSourcedIds", pl.unknownOrgCode(), joinIDs(r.OrgSourcedIDs))
			}
			continue
		}
		if h, taken := holder[r.Username]; r.Username != "" && taken && (cur == nil || h.ID != cur.ID) {
			if cur == nil && h.SchoolID == school.ID && h.SourcedID == "" && byID[h.ID] != nil {
				cur = byID[h.ID] // adopt the school's own account with that name
			} else {
				pl.refuse(UsersFile, r.Line, "username", CodeUsernameTaken, r.Username, r.SourcedID)
				continue
			}
		}
		role := identity.Role(r.Role)
		name := RealName(r.GivenName, r.FamilyName)
		if cur == nil {
			u := &identity.User{ID: newID(), SchoolID: school.ID, Role: role, Username: r.Username, RealName: name,
				Email: r.Email, SourcedID: r.SourcedID, CreatedAt: now, UpdatedAt: now}
			if r.Disabled {
				u.DeactivatedAt = now
			}
			if r.Password != "" {
				hashJobs = append(hashJobs, hashJob{user: u, password: r.Password})
			}
			if u.Username == "" {
				needName = append(needName, u)
			}
			bySourced[r.SourcedID] = u
			plan.NewUsers = append(plan.NewUsers, *u) // re-copied after names and hashes
			plan.Summary.Users.Created++
			continue
		}
		next := *cur
		next.SchoolID, next.Role, next.RealName, next.Email = school.ID, role, name, r.Email
		next.SourcedID = sourcedFor(cur.SourcedID, cur.ID, r.SourcedID)
		if r.Username != "" {
			next.Username = r.Username
		}
		switch { // enabledUser=false keeps the account deactivated
		case !r.Disabled:
			next.DeactivatedAt = time.Time{}
		case cur.Active():
			next.DeactivatedAt = now
		}
		access := next.SchoolID != cur.SchoolID || next.Role != cur.Role
		changed := access || next.RealName != cur.RealName ||
			next.Email != cur.Email || next.SourcedID != cur.SourcedID || next.Username != cur.Username || next.Active() != cur.Active()
		if r.Password != "" && !same[cur.ID+"\x00"+r.Password] && !pl.matches(cur.PasswordHash, r.Password) {
			hashJobs = append(hashJobs, hashJob{user: cur, password: r.Password})
			changed, access = true, true
		}
		if access {
			plan.EndSessions = append(plan.EndSessions, cur.ID)
		}
		if changed {
			next.PasswordHash = cur.PasswordHash
			next.UpdatedAt = now
			*cur = next
			plan.ChangedUsers = append(plan.ChangedUsers, *cur)
			plan.Summary.Users.Updated++
		} else {
			plan.Summary.Users.Unchanged++
		}
		bySourced[r.SourcedID] = cur
	}
	if f.Mode(UsersFile) == ModeBulk {
		for _, u := range st.Users {
			if u.SourcedID != "" && !seen[u.SourcedID] && u.Active() {
				plan.DeactivateUsers = append(plan.DeactivateUsers, u.ID)
				plan.Summary.Users.Deactivated++
				pl.droppedUsers[u.SourcedID] = true
			}
		}
	}
	if len(pl.problems) > 0 || pl.doomed {
		return nil
	}
	if err := pl.generateUsernames(needName, holder); err != nil {
		return err
	}
	if err := hashAll(hashJobs, pl.hasher); err != nil {
		return err
	}
	for i := range plan.NewUsers {
		plan.NewUsers[i] = *bySourced[plan.NewUsers[i].SourcedID]
	}
	for i := range plan.ChangedUsers {
		plan.ChangedUsers[i] = *bySourced[plan.ChangedUsers[i].SourcedID]
	}
	return nil
}

// samePasswords compares the passwords of the file with the stored hashes
// of the users they would update, on every core (bcrypt is slow on
// purpose). Keys are user ID, NUL, password.
func (pl *planner) samePasswords(bySourced, byID map[string]*identity.User) map[string]bool {
	type pair struct {
		id, hash, password string
	}
	var pairs []pair
	for _, r := range pl.files.Users {
		if r.Password == "" || r.Status != StatusActive {
			continue
		}
		cur := bySourced[r.SourcedID]
		if cur == nil {
			cur = byID[r.SourcedID]
		}
		if cur != nil && cur.PasswordHash != "" {
			pairs = append(pairs, pair{cur.ID, cur.PasswordHash, r.Password})
		}
	}
	out := map[string]bool{}
	var mu sync.Mutex
	parallel(len(pairs), func(i int) {
		if pl.matches(pairs[i].hash, pairs[i].password) {
			mu.Lock()
			out[pairs[i].id+"\x00"+pairs[i].password] = true
			mu.Unlock()
		}
	})
	return out
}

func joinIDs(ids []string) string {
	s := ""
	for i, id := range ids {
		if i > 0 {
			s += ","
		}
		s += id
	}
	return s
}

// generateUsernames gives new students without a username a fresh
// generated one that no user holds.
func (pl *planner) generateUsernames(users []*identity.User, taken map[string]identity.User) error {
	for len(users) > 0 {
		names := make([]string, len(users))
		batch := map[string]bool{}
		for i := range users {
			for {
				n := "s" + randomCode(usernameAlphabet, 6)
				if _, t := taken[n]; !t && !batch[n] {
					names[i], batch[n] = n, true
					break
				}
			}
		}
		held, err := pl.st.UsersByUsername(pl.ctx, names)
		if err != nil {
			return err
		}
		clash := map[string]bool{}
		for _, h := range held {
			clash[h.Username] = true
			taken[h.Username] = h
		}
		var again []*identity.User
		for i, u := range users {
			if clash[names[i]] {
				again = append(again, u)
				continue
			}
			u.Username = names[i]
			taken[names[i]] = *u
		}
		users = again
	}
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
	role := make(map[string]identity.Role, len(st.Users))
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
