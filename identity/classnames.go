package identity

import (
	"context"
	"errors"
	"qixue/domain"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ClassNames is what a class's login screen may show before anyone has
// logged in: the class's name and, for each active student, the username
// and the shown name only (ShownName: never the real name or anything
// cut from it), so that a child can tap their own name instead of
// typing a username.
type ClassNames struct {
	ClassName string
	// Hidden: the class's teacher turned the list off (Class.HideNames);
	// Students is empty and the students type their usernames.
	Hidden   bool
	Students []StudentName
}

// StudentName is one entry of a class's login list: FirstName is the
// student's ShownName.
type StudentName struct {
	Username  string
	FirstName string
}

// ErrUnknownClassCode is returned by ClassNameList for a class code that
// names no active class.
var ErrUnknownClassCode = domain.NewError("unknown_class_code")

// ClassNameList returns the login list of the active class with the
// login code code (trimmed, NFKC, case-insensitive), students sorted by
// first name; a class whose teacher turned the list off (HideNames) lists
// nobody and says so (Hidden). A code that names no active class returns
// ErrUnknownClassCode and counts as a failed login of the client address
// addr, so guessing class codes spends the same per-address budget as
// guessing PINs (ErrRateLimited once it is used up); a known code costs
// nothing.
func (s *Service) ClassNameList(ctx context.Context, code, addr string) (ClassNames, error) {
	code = strings.ToUpper(normalizeLogin(code))
	if code == "" {
		return ClassNames{}, domain.Invalid("class_code", "required")
	}
	reserved, err := s.reserve(ctx, s.now(), s.addressLimit(addr))
	if err != nil {
		return ClassNames{}, err
	}
	c, err := s.store.ClassByLoginCode(ctx, code)
	if isNotFound(err) || (err == nil && !c.Active()) {
		return ClassNames{}, ErrUnknownClassCode // the reservation stays, as the failure
	}
	if err != nil {
		return ClassNames{}, errors.Join(err, s.giveBack(ctx, reserved))
	}
	if err := s.giveBack(ctx, reserved); err != nil {
		return ClassNames{}, err
	}
	if c.HideNames {
		return ClassNames{ClassName: c.Name, Hidden: true, Students: []StudentName{}}, nil
	}
	users, err := s.store.Users(ctx, Scope{SchoolID: c.SchoolID},
		UserQuery{Role: domain.RoleStudent, ClassID: c.ID, Status: StatusActive}, domain.Page{Limit: domain.MaxPageLimit})
	if err != nil {
		return ClassNames{}, err
	}
	out := ClassNames{ClassName: c.Name, Students: make([]StudentName, 0, len(users))}
	for _, u := range users {
		out.Students = append(out.Students, StudentName{Username: u.Username, FirstName: u.Shown()})
	}
	sort.SliceStable(out.Students, func(i, j int) bool {
		a, b := out.Students[i], out.Students[j]
		if a.FirstName != b.FirstName {
			return a.FirstName < b.FirstName
		}
		return a.Username < b.Username
	})
	return out, nil
}

// The longest given name and nickname kept, in characters.
const (
	MaxGivenName = 50
	MaxNickname  = 20
)

// ShownName is the name of a student shown to anyone outside the
// student's class (the class's login list, other classes in tournaments,
// games and live play, exports): the nickname the teacher set, else the
// given name the roster or an admin gave, else the initial of the real
// name followed by a full stop (王. of 王小明, N. of Nguyễn Văn An). It is
// never a guess at where a given name starts: 买买提·艾力 with no given
// name known is 买.
func ShownName(nickname, givenName, realName string) string {
	if n := strings.TrimSpace(nickname); n != "" {
		return n
	}
	if g := strings.TrimSpace(givenName); g != "" {
		return g
	}
	return Initial(realName)
}

// Shown is ShownName of the user.
func (u User) Shown() string { return ShownName(u.Nickname, u.GivenName, u.RealName) }

// Initial is the first letter of a name (with the marks that combine
// with it) followed by a full stop, or "" for an empty name.
func Initial(name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(name)
	if r == utf8.RuneError {
		return ""
	}
	for n < len(name) {
		c, w := utf8.DecodeRuneInString(name[n:])
		if !unicode.Is(unicode.Mn, c) {
			break
		}
		n += w
	}
	return name[:n] + "."
}

// checkOptionalName validates a given name or nickname: trimmed, empty
// allowed (none), at most max characters, no control characters.
func checkOptionalName(v *domain.FieldErrors, field, s string, max int) string {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
	case utf8.RuneCountInString(s) > max:
		v.Add(field, "too_long")
	case !utf8.ValidString(s) || strings.IndexFunc(s, unicode.IsControl) >= 0:
		v.Add(field, "invalid")
	}
	return s
}

// ShownNames returns the ShownName of each of the users ids of the school
// schoolID ("" any school), by ID; IDs that name no user there are left
// out. It is for the code that shows other children to a student, which
// has already checked what the student may see.
func (s *Service) ShownNames(ctx context.Context, schoolID string, ids []string) (map[string]string, error) {
	if len(ids) == 0 {
		return map[string]string{}, nil
	}
	return s.store.ShownNames(ctx, Scope{SchoolID: schoolID}, ids)
}
