package roster

import (
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"qixue/domain"
	"qixue/identity"
)

// diffUsers plans the user rows: creations, updates, deactivations and
// generated usernames, matched by sourcedId, then by ID.
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
	holder, err := pl.holders(st)
	if err != nil {
		return err
	}
	same := pl.samePasswords(bySourced, byID)
	seen := map[string]bool{}
	var needName, created []*identity.User
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
		role := domain.Role(r.Role)
		name := RealName(r.GivenName, r.FamilyName)
		if cur == nil {
			u := &identity.User{ID: newID(), SchoolID: school.ID, Role: role, Username: r.Username, RealName: name,
				GivenName: givenName(r.GivenName, r.FamilyName), Email: r.Email, SourcedID: r.SourcedID, CreatedAt: now, UpdatedAt: now}
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
			created = append(created, u) // copied into the plan after names and hashes
			plan.Summary.Users.Created++
			continue
		}
		next := *cur
		next.SchoolID, next.Role, next.RealName, next.Email = school.ID, role, name, r.Email
		next.GivenName = givenName(r.GivenName, r.FamilyName)
		if strings.TrimSpace(r.FamilyName) == "" && name == cur.RealName {
			next.GivenName = cur.GivenName // the row names no given name (our own export): keep it
		}
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
		changed := access || next.RealName != cur.RealName || next.GivenName != cur.GivenName ||
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
	if len(pl.problems) == 0 && !pl.doomed {
		if err := pl.generateUsernames(needName, holder); err != nil {
			return err
		}
		if err := hashAll(hashJobs, pl.hasher); err != nil {
			return err
		}
	}
	// One copy of each new user: the plan's, which the later diffs read
	// through pl.users.
	plan.NewUsers = make([]identity.User, len(created))
	for i, u := range created {
		plan.NewUsers[i] = *u
		bySourced[u.SourcedID] = &plan.NewUsers[i]
	}
	if len(pl.problems) > 0 || pl.doomed {
		return nil
	}
	for i := range plan.ChangedUsers {
		plan.ChangedUsers[i] = *bySourced[plan.ChangedUsers[i].SourcedID]
	}
	return nil
}

// heldBy is the user holding a username when the import starts.
type heldBy struct {
	ID, SchoolID, SourcedID string
}

// holders returns who holds each username the file asks for. Usernames
// are unique, so a user of the state holding one is its holder; only the
// others are looked up (in a repeat import of unchanged files, none), so
// the store does not load the schools' users a second time.
func (pl *planner) holders(st State) (map[string]heldBy, error) {
	inState := make(map[string]heldBy, len(st.Users))
	for _, u := range st.Users {
		if u.Username != "" {
			inState[u.Username] = heldBy{u.ID, u.SchoolID, u.SourcedID}
		}
	}
	holder := map[string]heldBy{}
	var wanted []string
	for _, r := range pl.files.Users {
		if r.Username == "" || r.Status != StatusActive {
			continue
		}
		if h, ok := inState[r.Username]; ok {
			holder[r.Username] = h
		} else {
			wanted = append(wanted, r.Username)
		}
	}
	others, err := pl.st.UsersByUsername(pl.ctx, wanted)
	if err != nil {
		return nil, err
	}
	for _, u := range others {
		holder[u.Username] = heldBy{u.ID, u.SchoolID, u.SourcedID}
	}
	return holder, nil
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
func (pl *planner) generateUsernames(users []*identity.User, taken map[string]heldBy) error {
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
			taken[h.Username] = heldBy{h.ID, h.SchoolID, h.SourcedID}
		}
		var again []*identity.User
		for i, u := range users {
			if clash[names[i]] {
				again = append(again, u)
				continue
			}
			u.Username = names[i]
			taken[names[i]] = heldBy{u.ID, u.SchoolID, u.SourcedID}
		}
		users = again
	}
	return nil
}

// givenName is the OneRoster givenName as a user's GivenName: trimmed;
// "" when the row has no familyName (a givenName alone is the whole name,
// as in files that keep the name in one column and in our own exports,
// so it is not shown to other classes), when longer than identity.MaxGivenName characters or holding control
// characters (the real name keeps it; the student's shown name then
// falls back to the initial).
func givenName(s, family string) string {
	s = strings.TrimSpace(s)
	if strings.TrimSpace(family) == "" || utf8.RuneCountInString(s) > identity.MaxGivenName || !utf8.ValidString(s) || strings.IndexFunc(s, unicode.IsControl) >= 0 {
		return ""
	}
	return s
}
