package identity

import (
	"context"
	"errors"
	"strconv"

	"qixue/audit"
	"qixue/domain"
)

// NewClass is the input of CreateClass. SchoolID is required from platform
// admins and ignored for others, whose classes belong to their school.
// A teacher creating a class becomes one of its teachers.
type NewClass struct {
	SchoolID   string
	Name       string
	Grade      int
	TeacherIDs []string
}

// ClassPatch changes some fields of a class; nil fields stay.
// NewLoginCode replaces the login code. Active deactivates (false) or
// reactivates (true) the class by hand, for platform and school admins
// only; a later roster bulk import still decides for classes it imported.
type ClassPatch struct {
	Name         *string
	Grade        *int
	NewLoginCode bool
	Active       *bool
	FreeAnalysis *bool
	// NameList shows (true) or hides (false) the class's login list.
	NameList *bool
	// Review turns the class's spaced review on (true) or off (false).
	Review *bool
}

// MaxBulkStudents bounds one CreateStudents call.
const MaxBulkStudents = 200

// NewStudent is a student created by CreateStudents with the PIN that was
// generated for it, shown once.
type NewStudent struct {
	User User
	PIN  string
}

// CreateClass creates a class with a fresh login code. Platform admins,
// school admins and teachers may.
func (s *Service) CreateClass(ctx context.Context, p domain.Principal, in NewClass) (Class, error) {
	switch p.Role {
	case domain.RolePlatformAdmin:
	case domain.RoleSchoolAdmin, domain.RoleTeacher:
		in.SchoolID = p.SchoolID
	default:
		return Class{}, ErrForbidden
	}
	var v domain.FieldErrors
	name := checkName(&v, "name", in.Name, 100)
	grade, err := ParseGrade(in.Grade)
	if err != nil {
		v.Add("grade", "out_of_range")
	}
	if in.SchoolID == "" {
		v.Add("school_id", "required")
	}
	if err := v.Err(); err != nil {
		return Class{}, err
	}
	if _, err := s.store.School(ctx, scopeOf(p), in.SchoolID); isNotFound(err) {
		return Class{}, domain.Invalid("school_id", "not_found")
	} else if err != nil {
		return Class{}, err
	}
	teachers := in.TeacherIDs
	if p.Role == domain.RoleTeacher {
		teachers = append([]string{p.UserID}, teachers...)
	}
	teachers = dedupe(teachers)
	for _, id := range teachers {
		u, err := s.store.User(ctx, Scope{SchoolID: in.SchoolID}, id)
		if isNotFound(err) || (err == nil && u.Role != domain.RoleTeacher) {
			return Class{}, domain.Invalid("teacher_ids", "not_a_teacher")
		}
		if err != nil {
			return Class{}, err
		}
	}
	now := s.now()
	c := Class{ID: newID(), SchoolID: in.SchoolID, Name: name, Grade: grade, CreatedAt: now, UpdatedAt: now}
	for range 5 { // login codes are random; retry the rare collision
		c.LoginCode = newLoginCode()
		err = s.store.CreateClass(ctx, c, teachers)
		if !errors.Is(err, ErrConflict) {
			break
		}
	}
	return c, err
}

// Class returns a class the caller may read: platform admins any, school
// admins their school's, teachers and students the classes they are
// enrolled in. Others are ErrNotFound.
func (s *Service) Class(ctx context.Context, p domain.Principal, id string) (Class, error) {
	c, err := s.store.Class(ctx, scopeOf(p), id)
	if err != nil {
		return Class{}, err
	}
	if p.Role == domain.RoleTeacher || p.Role == domain.RoleStudent {
		if _, err := s.store.Enrollment(ctx, scopeOf(p), id, p.UserID); err != nil {
			return Class{}, err
		}
	}
	return c, nil
}

// ClassListQuery filters Classes. SchoolID is only honoured for platform
// admins. Status hides deactivated classes by default; only admins may
// choose another.
type ClassListQuery struct {
	SchoolID string
	Status   Status
}

// Classes lists the classes the caller may read.
func (s *Service) Classes(ctx context.Context, p domain.Principal, q ClassListQuery, page domain.Page) ([]Class, string, error) {
	sc := scopeOf(p)
	cq := ClassQuery{Status: q.Status}
	switch p.Role {
	case domain.RolePlatformAdmin:
		sc = Scope{SchoolID: q.SchoolID}
	case domain.RoleSchoolAdmin:
	default:
		if q.Status != StatusActive {
			return nil, "", ErrForbidden
		}
		cq.MemberID = p.UserID
	}
	page = page.Normalized()
	list, err := s.store.Classes(ctx, sc, cq, page)
	if err != nil {
		return nil, "", err
	}
	list, next := nextAfter(list, page.Limit, func(x Class) string { return x.ID })
	return list, next, nil
}

// writableClass loads a class the caller may change: platform admins any,
// school admins their school's, teachers the classes they teach.
func (s *Service) writableClass(ctx context.Context, p domain.Principal, id string) (Class, error) {
	if p.Role == domain.RoleStudent {
		return Class{}, ErrForbidden
	}
	c, err := s.store.Class(ctx, scopeOf(p), id)
	if err != nil {
		return Class{}, err
	}
	if p.Role == domain.RoleTeacher {
		e, err := s.store.Enrollment(ctx, scopeOf(p), id, p.UserID)
		if err != nil {
			return Class{}, err
		}
		if e.Role != domain.RoleTeacher {
			return Class{}, ErrNotFound
		}
	}
	return c, nil
}

// UpdateClass changes a class's name, grade, login code, free analysis or
// active state.
func (s *Service) UpdateClass(ctx context.Context, p domain.Principal, id string, in ClassPatch) (Class, error) {
	if in.Active != nil && p.Role != domain.RolePlatformAdmin && p.Role != domain.RoleSchoolAdmin {
		return Class{}, ErrForbidden
	}
	c, err := s.writableClass(ctx, p, id)
	if err != nil {
		return Class{}, err
	}
	var v domain.FieldErrors
	if in.Name != nil {
		c.Name = checkName(&v, "name", *in.Name, 100)
	}
	if in.Grade != nil {
		g, err := ParseGrade(*in.Grade)
		if err != nil {
			v.Add("grade", "out_of_range")
		}
		c.Grade = g
	}
	if err := v.Err(); err != nil {
		return Class{}, err
	}
	if in.FreeAnalysis != nil {
		c.FreeAnalysis = *in.FreeAnalysis
	}
	if in.NameList != nil {
		c.HideNames = !*in.NameList
	}
	c.UpdatedAt = s.now()
	var log []audit.Entry
	if in.Review != nil && *in.Review == c.ReviewOff {
		c.ReviewOff = !*in.Review
		log = append(log, classEntry(ctx, p, c.UpdatedAt, audit.ActionClassReviewChanged, c, map[string]any{"review": *in.Review}))
	}
	switch {
	case in.NewLoginCode:
		for range 5 {
			c.LoginCode = newLoginCode()
			err = s.store.UpdateClass(ctx, c, log...)
			if !errors.Is(err, ErrConflict) {
				break
			}
		}
	case in.Name != nil || in.Grade != nil || in.FreeAnalysis != nil || in.NameList != nil || in.Review != nil || in.Active == nil:
		err = s.store.UpdateClass(ctx, c, log...)
	}
	if err != nil {
		return Class{}, err
	}
	if in.Active != nil && *in.Active != c.Active() {
		c.DeactivatedAt = deactivation(*in.Active, c.UpdatedAt)
		if err := s.store.SetClassDeactivatedAt(ctx, Scope{SchoolID: c.SchoolID}, c.ID, c.DeactivatedAt, c.UpdatedAt); err != nil {
			return Class{}, err
		}
	}
	return c, nil
}

// DeleteClass deletes a class and its enrollments.
func (s *Service) DeleteClass(ctx context.Context, p domain.Principal, id string) error {
	c, err := s.writableClass(ctx, p, id)
	if err != nil {
		return err
	}
	return s.store.DeleteClass(ctx, Scope{SchoolID: c.SchoolID}, c.ID)
}

// Enrollments lists the members of a class the caller may change whose
// enrollment's state matches status (ended enrollments are inactive).
func (s *Service) Enrollments(ctx context.Context, p domain.Principal, classID string, status Status, page domain.Page) ([]Enrollment, string, error) {
	c, err := s.writableClass(ctx, p, classID)
	if err != nil {
		return nil, "", err
	}
	page = page.Normalized()
	list, err := s.store.Enrollments(ctx, Scope{SchoolID: c.SchoolID}, c.ID, status, page)
	if err != nil {
		return nil, "", err
	}
	list, next := nextAfter(list, page.Limit, func(x Enrollment) string { return x.UserID })
	return list, next, nil
}

// Enroll adds a teacher or student of the class's school to the class,
// with the user's own role. Enrolling twice returns ErrConflict; an ended
// enrollment (by a roster import or a role change) is made active again. A
// teacher may enrol only students who are in none of another teacher's
// active classes (ErrEnrollmentNeedsSchoolAdmin otherwise): joining a
// teacher's class lets the teacher reset the student's PIN, so moving a
// student away from another teacher is for a school admin. The enrollment
// is written to the audit log.
func (s *Service) Enroll(ctx context.Context, p domain.Principal, classID, userID string) (Enrollment, error) {
	c, err := s.writableClass(ctx, p, classID)
	if err != nil {
		return Enrollment{}, err
	}
	u, err := s.store.User(ctx, Scope{SchoolID: c.SchoolID}, userID)
	if isNotFound(err) {
		return Enrollment{}, domain.Invalid("user_id", "not_found")
	}
	if err != nil {
		return Enrollment{}, err
	}
	if u.Role != domain.RoleTeacher && u.Role != domain.RoleStudent {
		return Enrollment{}, domain.Invalid("user_id", "not_enrollable")
	}
	byTeacher := ""
	if p.Role == domain.RoleTeacher && u.Role == domain.RoleStudent {
		byTeacher = p.UserID
	}
	now := s.now()
	e := Enrollment{ClassID: c.ID, UserID: u.ID, SchoolID: c.SchoolID, Role: u.Role, CreatedAt: now}
	entry := userEntry(ctx, p, now, audit.ActionEnrollmentAdded, u, map[string]any{"class_id": c.ID, "role": u.Role})
	err = s.store.Enroll(ctx, e, byTeacher, entry)
	if errors.Is(err, ErrEnrollmentNeedsSchoolAdmin) {
		return Enrollment{}, errEnrollmentNeedsSchoolAdmin
	}
	if err != nil {
		return Enrollment{}, err
	}
	return e, nil
}

// Unenroll removes a member from a class, and writes it to the audit log.
func (s *Service) Unenroll(ctx context.Context, p domain.Principal, classID, userID string) error {
	c, err := s.writableClass(ctx, p, classID)
	if err != nil {
		return err
	}
	e, err := s.store.Enrollment(ctx, Scope{SchoolID: c.SchoolID}, c.ID, userID)
	if isNotFound(err) {
		e = Enrollment{UserID: userID} // an ended one may still be removed
	} else if err != nil {
		return err
	}
	entry := userEntry(ctx, p, s.now(), audit.ActionEnrollmentRemoved, User{ID: userID, SchoolID: c.SchoolID},
		map[string]any{"class_id": c.ID, "role": e.Role})
	return s.store.Unenroll(ctx, Scope{SchoolID: c.SchoolID}, c.ID, userID, entry)
}

// CreateStudents creates managed student accounts (generated usernames,
// random PINs, no e-mail) enrolled in the class, and returns the class and
// the students with their PINs, which are shown only this once.
func (s *Service) CreateStudents(ctx context.Context, p domain.Principal, classID string, realNames []string) (Class, []NewStudent, error) {
	in := make([]StudentNames, len(realNames))
	for i, n := range realNames {
		in[i].RealName = n
	}
	return s.CreateNamedStudents(ctx, p, classID, in)
}

// StudentNames are the names of a new student: the real name (required),
// and optionally the given name and nickname (see User).
type StudentNames struct {
	RealName, GivenName, Nickname string
}

// CreateNamedStudents is CreateStudents with each student's given name
// and nickname.
func (s *Service) CreateNamedStudents(ctx context.Context, p domain.Principal, classID string, in []StudentNames) (Class, []NewStudent, error) {
	c, err := s.writableClass(ctx, p, classID)
	if err != nil {
		return Class{}, nil, err
	}
	var v domain.FieldErrors
	switch {
	case len(in) == 0:
		v.Add("students", "required")
	case len(in) > MaxBulkStudents:
		v.Add("students", "too_many")
	}
	names := make([]StudentNames, len(in))
	for i, n := range in {
		at := "students[" + strconv.Itoa(i) + "]."
		names[i] = StudentNames{RealName: checkName(&v, at+"real_name", n.RealName, 100),
			GivenName: checkOptionalName(&v, at+"given_name", n.GivenName, MaxGivenName),
			Nickname:  checkOptionalName(&v, at+"nickname", n.Nickname, MaxNickname)}
	}
	if err := v.Err(); err != nil {
		return Class{}, nil, err
	}
	now := s.now()
	out := make([]NewStudent, len(names))
	users := make([]User, len(names))
	for i, n := range names {
		pin := newPIN()
		h, err := s.hash(ctx, pin)
		if err != nil {
			return Class{}, nil, err
		}
		users[i] = User{ID: newID(), SchoolID: c.SchoolID, Role: domain.RoleStudent, RealName: n.RealName, GivenName: n.GivenName,
			Nickname: n.Nickname, PINHash: h, CreatedAt: now, UpdatedAt: now}
		out[i].PIN = pin
	}
	entry := classEntry(ctx, p, now, audit.ActionStudentsCreated, c, map[string]any{"students": len(users)})
	for range 5 { // generated usernames may collide; retry with new ones
		for i := range users {
			users[i].Username = newStudentUsername()
		}
		err = s.store.CreateStudents(ctx, c.ID, users, entry)
		if !errors.Is(err, ErrUsernameTaken) {
			break
		}
	}
	if err != nil {
		return Class{}, nil, err
	}
	for i := range out {
		out[i].User = users[i]
	}
	return c, out, nil
}

func dedupe(ids []string) []string {
	seen := map[string]bool{}
	out := ids[:0:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// ReissueLoginCards gives every student of the class a new PIN and returns
// the class and the students with their PINs (shown only this once), for
// printing new login cards. Old PINs stop working.
func (s *Service) ReissueLoginCards(ctx context.Context, p domain.Principal, classID string) (Class, []NewStudent, error) {
	c, err := s.writableClass(ctx, p, classID)
	if err != nil {
		return Class{}, nil, err
	}
	sc := Scope{SchoolID: c.SchoolID}
	students, err := s.classStudents(ctx, c)
	if err != nil {
		return Class{}, nil, err
	}
	out := make([]NewStudent, len(students))
	hashes := make(map[string]string, len(students))
	for i, u := range students {
		pin := newPIN()
		if u.PINHash, err = s.hash(ctx, pin); err != nil {
			return Class{}, nil, err
		}
		hashes[u.ID] = u.PINHash
		out[i] = NewStudent{User: u, PIN: pin}
	}
	if len(hashes) > 0 {
		now := s.now()
		revokeAt := credentialsRevocation(now)
		entry := classEntry(ctx, p, now, audit.ActionLoginCardsReissued, c, map[string]any{"students": len(hashes)})
		if err := s.store.SetPINHashes(ctx, sc, hashes, now, revokeAt, entry); err != nil {
			return Class{}, nil, err
		}
		for id := range hashes {
			s.revokeNow(id, revokeAt)
		}
	}
	return c, out, nil
}

// classStudents lists every active student of the class, page by page.
func (s *Service) classStudents(ctx context.Context, c Class) ([]User, error) {
	var students []User
	page := domain.Page{Limit: domain.MaxPageLimit}
	for {
		batch, err := s.store.Users(ctx, Scope{SchoolID: c.SchoolID}, UserQuery{ClassID: c.ID, Role: domain.RoleStudent}, page)
		if err != nil {
			return nil, err
		}
		batch, next := nextAfter(batch, page.Limit, UserCursor)
		students = append(students, batch...)
		if next == "" {
			return students, nil
		}
		page.After = next
	}
}

// FreeAnalysis reports whether p may use the rules endpoints that list
// moves, analyse positions and check expressions: staff always, a
// student when an active class of theirs has FreeAnalysis on.
func (s *Service) FreeAnalysis(ctx context.Context, p domain.Principal) (bool, error) {
	switch p.Role {
	case domain.RoleTeacher, domain.RoleSchoolAdmin, domain.RolePlatformAdmin:
		return true, nil
	case domain.RoleStudent:
		return s.store.FreeAnalysis(ctx, p.UserID)
	}
	return false, nil
}
