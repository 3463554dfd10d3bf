package identity

import (
	"context"
	"errors"
	"net/mail"
	"regexp"
	"time"
	"unicode/utf8"

	"qixue/audit"
	"qixue/domain"
)

var usernamePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{2,31}$`)

// Password length bounds in bytes (bcrypt reads at most 72).
const (
	MinPasswordLen = 8
	MaxPasswordLen = 72
)

// NewUser is the input of CreateUser. SchoolID is required from platform
// admins (except for new platform admins, which have none) and ignored for
// school admins, whose users join their own school. Username may be empty
// for students, who then get a generated one.
type NewUser struct {
	SchoolID string
	Role     domain.Role
	Username string
	RealName string
	// GivenName is optional (see User.GivenName).
	GivenName string
	Email     string
	Password  string
}

// UserPatch changes some fields of a user; nil fields stay. Active
// deactivates (false) or reactivates (true) the user by hand; a later
// roster bulk import still decides for users it imported.
// GivenName and Nickname ("" clears them) decide the user's ShownName;
// a teacher may change these two of the students of their classes.
type UserPatch struct {
	RealName  *string
	GivenName *string
	Nickname  *string
	Email     *string
	Role      *domain.Role
	Active    *bool
}

// namesOnly reports whether the patch changes nothing but the given name
// and the nickname.
func (in UserPatch) namesOnly() bool {
	return in.RealName == nil && in.Email == nil && in.Role == nil && in.Active == nil
}

func checkPassword(v *domain.FieldErrors, field, pw string) {
	switch {
	case len(pw) < MinPasswordLen:
		v.Add(field, "too_short")
	case len(pw) > MaxPasswordLen:
		v.Add(field, "too_long")
	}
}

func checkEmail(v *domain.FieldErrors, email string) {
	if email == "" {
		return
	}
	if a, err := mail.ParseAddress(email); err != nil || a.Address != email || utf8.RuneCountInString(email) > 254 {
		v.Add("email", "invalid")
	}
}

// CreateUser creates a user. Platform admins create any user; school
// admins create school admins, teachers and students of their school.
func (s *Service) CreateUser(ctx context.Context, p domain.Principal, in NewUser) (User, error) {
	switch p.Role {
	case domain.RolePlatformAdmin:
	case domain.RoleSchoolAdmin:
		if in.Role == domain.RolePlatformAdmin {
			return User{}, ErrForbidden
		}
		in.SchoolID = p.SchoolID
	default:
		return User{}, ErrForbidden
	}
	var v domain.FieldErrors
	if _, err := domain.ParseRole(string(in.Role)); err != nil {
		v.Add("role", "invalid")
	}
	in.Username = normalizeUsername(in.Username)
	switch {
	case in.Username == "" && in.Role == domain.RoleStudent:
		in.Username = newStudentUsername()
	case !usernamePattern.MatchString(in.Username):
		v.Add("username", "invalid")
	}
	in.RealName = checkName(&v, "real_name", in.RealName, 100)
	in.GivenName = checkOptionalName(&v, "given_name", in.GivenName, MaxGivenName)
	checkEmail(&v, in.Email)
	if in.Password != "" || in.Role != domain.RoleStudent {
		checkPassword(&v, "password", in.Password)
	}
	if in.Role == domain.RolePlatformAdmin && in.SchoolID != "" {
		v.Add("school_id", "not_allowed")
	}
	if in.Role != domain.RolePlatformAdmin && in.SchoolID == "" {
		v.Add("school_id", "required")
	}
	if err := v.Err(); err != nil {
		return User{}, err
	}
	if in.SchoolID != "" {
		if _, err := s.store.School(ctx, scopeOf(p), in.SchoolID); isNotFound(err) {
			return User{}, domain.Invalid("school_id", "not_found")
		} else if err != nil {
			return User{}, err
		}
	}
	now := s.now()
	u := User{ID: newID(), SchoolID: in.SchoolID, Role: in.Role, Username: in.Username,
		RealName: in.RealName, GivenName: in.GivenName, Email: in.Email, CreatedAt: now, UpdatedAt: now}
	if in.Password != "" {
		h, err := s.hash(ctx, in.Password)
		if err != nil {
			return User{}, err
		}
		u.PasswordHash = h
	}
	return u, s.store.CreateUser(ctx, u, userEntry(ctx, p, now, audit.ActionUserCreated, u, map[string]any{"role": u.Role}))
}

// User returns a user the caller may read: platform admins any, school
// admins their school's, teachers themselves and students of their
// classes, students themselves. Others are ErrNotFound.
func (s *Service) User(ctx context.Context, p domain.Principal, id string) (User, error) {
	u, err := s.store.User(ctx, scopeOf(p), id)
	if err != nil {
		return User{}, err
	}
	if err := s.canRead(ctx, p, u); err != nil {
		return User{}, err
	}
	return u, nil
}

func (s *Service) canRead(ctx context.Context, p domain.Principal, u User) error {
	switch {
	case p.Role == domain.RolePlatformAdmin || p.Role == domain.RoleSchoolAdmin || u.ID == p.UserID:
		return nil
	case p.Role == domain.RoleTeacher && u.Role == domain.RoleStudent:
		ok, err := s.store.Teaches(ctx, p.UserID, u.ID)
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
	}
	return ErrNotFound
}

// UserListQuery filters Users. SchoolID is only honoured for platform
// admins (others see their own school). Status hides deactivated users by
// default.
type UserListQuery struct {
	SchoolID string
	Role     domain.Role
	ClassID  string
	Status   Status
}

// Users lists the users the caller may read: teachers see the students of
// their classes; students get ErrForbidden.
func (s *Service) Users(ctx context.Context, p domain.Principal, q UserListQuery, page domain.Page) ([]User, string, error) {
	sc := scopeOf(p)
	sq := UserQuery{Role: q.Role, ClassID: q.ClassID, Status: q.Status}
	switch p.Role {
	case domain.RolePlatformAdmin:
		sc = Scope{SchoolID: q.SchoolID}
	case domain.RoleSchoolAdmin:
	case domain.RoleTeacher:
		sq.TaughtBy = p.UserID
		sq.Role = domain.RoleStudent
	default:
		return nil, "", ErrForbidden
	}
	if q.Role != "" {
		if _, err := domain.ParseRole(string(q.Role)); err != nil {
			return nil, "", err
		}
	}
	page = page.Normalized()
	list, err := s.store.Users(ctx, sc, sq, page)
	if err != nil {
		return nil, "", err
	}
	list, next := nextAfter(list, page.Limit, UserCursor)
	return list, next, nil
}

// UpdateUser changes a user's real name, given name, nickname, e-mail,
// role or active state. Platform admins and the user's school admins
// only, except that a teacher may set the given name and nickname of a
// student of their active classes (another student of the school, or
// anyone of another school, is ErrNotFound; other fields ErrForbidden);
// nobody becomes a platform admin this way, and nobody deactivates
// themselves.
// A change of role ends the user's sessions (access tokens refused at
// once, see Authenticate; refresh tokens revoked), so that no token goes
// on carrying the old role; deactivating ends the access tokens and
// refuses refreshes until the user is reactivated. Role changes,
// deactivations and reactivations are written to the audit log.
func (s *Service) UpdateUser(ctx context.Context, p domain.Principal, id string, in UserPatch) (User, error) {
	teacher := p.Role == domain.RoleTeacher && in.namesOnly()
	if p.Role != domain.RolePlatformAdmin && p.Role != domain.RoleSchoolAdmin && !teacher {
		return User{}, ErrForbidden
	}
	u, err := s.store.User(ctx, scopeOf(p), id)
	if err != nil {
		return User{}, err
	}
	if teacher {
		if err := s.canRead(ctx, p, u); err != nil {
			return User{}, err
		}
		if u.Role != domain.RoleStudent {
			return User{}, ErrForbidden
		}
	}
	old := u
	var v domain.FieldErrors
	if in.RealName != nil {
		u.RealName = checkName(&v, "real_name", *in.RealName, 100)
	}
	if in.GivenName != nil {
		u.GivenName = checkOptionalName(&v, "given_name", *in.GivenName, MaxGivenName)
	}
	if in.Nickname != nil {
		u.Nickname = checkOptionalName(&v, "nickname", *in.Nickname, MaxNickname)
	}
	if in.Email != nil {
		checkEmail(&v, *in.Email)
		u.Email = *in.Email
	}
	if in.Role != nil {
		r, err := domain.ParseRole(string(*in.Role))
		if err != nil || (r == domain.RolePlatformAdmin) != (u.Role == domain.RolePlatformAdmin) {
			v.Add("role", "invalid")
		}
		u.Role = r
	}
	if in.Active != nil && !*in.Active && u.ID == p.UserID {
		v.Add("active", "self")
	}
	if err := v.Err(); err != nil {
		return User{}, err
	}
	now := s.now()
	u.UpdatedAt = now
	var (
		end SessionEnd
		log []audit.Entry
	)
	if u.Role != old.Role {
		end = SessionEnd{At: now, RefreshTokens: true}
		log = append(log, userEntry(ctx, p, now, audit.ActionRoleChanged, u, map[string]any{"from": old.Role, "to": u.Role}))
	}
	if in.Active != nil && *in.Active != old.Active() {
		u.DeactivatedAt = deactivation(*in.Active, now)
		action := audit.ActionUserReactivated
		if !*in.Active {
			end.At, action = now, audit.ActionUserDeactivated
		}
		log = append(log, userEntry(ctx, p, now, action, u, nil))
	}
	if err := s.store.UpdateUser(ctx, scopeOf(p), u, end, log...); err != nil {
		return User{}, err
	}
	if !end.At.IsZero() {
		s.revokeNow(u.ID, end.At)
	}
	return u, nil
}

// deactivation is the DeactivatedAt of a row made active or not at now.
func deactivation(active bool, now time.Time) time.Time {
	if active {
		return time.Time{}
	}
	return now
}

// writableCredentials loads a user whose password or PIN the caller may
// set: platform admins any, school admins their school's, teachers the
// students of their classes.
func (s *Service) writableCredentials(ctx context.Context, p domain.Principal, id string) (User, error) {
	if p.Role == domain.RoleStudent {
		return User{}, ErrForbidden
	}
	u, err := s.store.User(ctx, scopeOf(p), id)
	if err != nil {
		return User{}, err
	}
	if p.Role == domain.RoleTeacher {
		if err := s.canRead(ctx, p, u); err != nil {
			return User{}, err
		}
		if u.Role != domain.RoleStudent {
			return User{}, ErrForbidden
		}
	}
	return u, nil
}

// SetPassword sets a user's password (see writableCredentials for who may)
// and ends the user's sessions (see saveCredentials).
func (s *Service) SetPassword(ctx context.Context, p domain.Principal, id, password string) error {
	var v domain.FieldErrors
	checkPassword(&v, "password", password)
	if err := v.Err(); err != nil {
		return err
	}
	u, err := s.writableCredentials(ctx, p, id)
	if err != nil {
		return err
	}
	if u.PasswordHash, err = s.hash(ctx, password); err != nil {
		return err
	}
	return s.saveCredentials(ctx, p, &u, audit.ActionPasswordSet)
}

// saveCredentials stores u's changed password or PIN hash, ending u's
// sessions: its refresh tokens are revoked and its access tokens issued
// before the current second stop working at once here and within
// RevocationRefresh elsewhere. A token issued within the second of the
// change (the new session of ChangePassword, a login right after a PIN
// reset) stands, since a token's issue time counts whole seconds. The
// change is written to the audit log as action by p (never the secret).
func (s *Service) saveCredentials(ctx context.Context, p domain.Principal, u *User, action audit.Action) error {
	u.UpdatedAt = s.now()
	revokeAt := credentialsRevocation(u.UpdatedAt)
	if err := s.store.UpdateCredentials(ctx, *u, revokeAt, userEntry(ctx, p, u.UpdatedAt, action, *u, nil)); err != nil {
		return err
	}
	s.revokeNow(u.ID, revokeAt)
	return nil
}

// credentialsRevocation is the revocation time of a credential change at
// now: the end of the previous second, so that tokens issued before the
// change stop working and those issued in its second stand.
func credentialsRevocation(now time.Time) time.Time {
	return now.Truncate(time.Second).Add(-time.Nanosecond)
}

// ChangePassword sets the caller's own password after checking the
// current one, ends all the caller's sessions and opens a new one.
// Students cannot (their password or PIN is set by a teacher:
// ErrForbidden). A wrong current password is a validation error on
// current_password and counts as a failed login of the account, so
// guessing it is rate limited like logging in (ErrRateLimited): the
// attempt is counted before the password is checked, and a right one
// clears the account's failures.
func (s *Service) ChangePassword(ctx context.Context, p domain.Principal, current, next string) (Session, error) {
	if p.Role == domain.RoleStudent || p.Role == "" {
		return Session{}, ErrForbidden
	}
	var v domain.FieldErrors
	if current == "" {
		v.Add("current_password", "required")
	}
	checkPassword(&v, "new_password", next)
	if current != "" && next == current {
		v.Add("new_password", "unchanged")
	}
	if err := v.Err(); err != nil {
		return Session{}, err
	}
	u, err := s.store.User(ctx, Scope{}, p.UserID)
	if err != nil {
		return Session{}, err
	}
	now := s.now()
	account := s.accountLimit(u.Username)
	reserved, err := s.reserve(ctx, now, account)
	if err != nil {
		return Session{}, err
	}
	ok, err := s.compare(ctx, u.PasswordHash, current, s.cfg.HashWait)
	if err != nil {
		return Session{}, errors.Join(err, s.giveBack(ctx, reserved))
	}
	if !ok {
		return Session{}, domain.Invalid("current_password", "incorrect")
	}
	if err := s.succeeded(ctx, account, reserved, now); err != nil {
		return Session{}, err
	}
	if u.PasswordHash, err = s.hash(ctx, next); err != nil {
		return Session{}, err
	}
	if err := s.saveCredentials(ctx, p, &u, audit.ActionPasswordChanged); err != nil {
		return Session{}, err
	}
	return s.openSession(ctx, u, s.now(), "")
}

// ResetPIN gives a student a new random PIN and returns it, ending the
// student's sessions; it is not stored in clear and cannot be read again.
func (s *Service) ResetPIN(ctx context.Context, p domain.Principal, id string) (User, string, error) {
	u, err := s.writableCredentials(ctx, p, id)
	if err != nil {
		return User{}, "", err
	}
	if u.Role != domain.RoleStudent {
		return User{}, "", domain.Invalid("id", "not_a_student")
	}
	pin := newPIN()
	if u.PINHash, err = s.hash(ctx, pin); err != nil {
		return User{}, "", err
	}
	if err := s.saveCredentials(ctx, p, &u, audit.ActionPINReset); err != nil {
		return User{}, "", err
	}
	return u, pin, nil
}

// DeleteUser deletes a user and ends its access tokens. Platform admins
// and the user's school admins only; nobody deletes themselves.
func (s *Service) DeleteUser(ctx context.Context, p domain.Principal, id string) error {
	if p.Role != domain.RolePlatformAdmin && p.Role != domain.RoleSchoolAdmin {
		return ErrForbidden
	}
	if id == p.UserID {
		return domain.Invalid("id", "self")
	}
	u, err := s.store.User(ctx, scopeOf(p), id)
	if err != nil {
		return err
	}
	now := s.now()
	// The entry keeps the username: the user's row is gone.
	entry := userEntry(ctx, p, now, audit.ActionUserDeleted, u, map[string]any{"role": u.Role, "username": u.Username})
	if err := s.store.DeleteUser(ctx, scopeOf(p), id, now, entry); err != nil {
		return err
	}
	s.revokeNow(id, now)
	return nil
}
