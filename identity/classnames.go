package identity

import (
	"context"
	"errors"
	"sort"
	"strings"
	"unicode"
)

// ClassNames is what a class's login screen may show before anyone has
// logged in: the class's name and, for each active student, the username
// and the first name only (never the family name, the real name or
// anything else), so that a child can tap their own name instead of
// typing a username.
type ClassNames struct {
	ClassName string
	// Hidden: the class's teacher turned the list off (Class.HideNames);
	// Students is empty and the students type their usernames.
	Hidden   bool
	Students []StudentName
}

// StudentName is one entry of a class's login list.
type StudentName struct {
	Username  string
	FirstName string
}

// ErrUnknownClassCode is returned by ClassNameList for a class code that
// names no active class.
var ErrUnknownClassCode = &Error{code: "unknown_class_code"}

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
		return ClassNames{}, ValidationError(FieldError{Field: "class_code", Code: "required"})
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
		UserQuery{Role: RoleStudent, ClassID: c.ID, Status: StatusActive}, Page{Limit: MaxPageLimit})
	if err != nil {
		return ClassNames{}, err
	}
	out := ClassNames{ClassName: c.Name, Students: make([]StudentName, 0, len(users))}
	for _, u := range users {
		out.Students = append(out.Students, StudentName{Username: u.Username, FirstName: FirstName(u.RealName)})
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

// compoundSurnames are the two-character Chinese family names common
// enough to be met in a class.
var compoundSurnames = map[string]bool{
	"欧阳": true, "司马": true, "上官": true, "诸葛": true, "东方": true, "皇甫": true,
	"尉迟": true, "公孙": true, "慕容": true, "令狐": true, "司徒": true, "夏侯": true,
	"长孙": true, "宇文": true, "澹台": true, "端木": true, "南宫": true, "独孤": true,
	"轩辕": true, "西门": true, "百里": true,
}

// FirstName returns the given name of a real name, as other children see
// it (a class's login list, tournament pairings and standings): for a name written in Chinese characters, what follows
// the family name (one character, or two for a compound family name such
// as 欧阳); for a name with spaces, its first word; a one-character name
// stays whole.
func FirstName(realName string) string {
	name := strings.TrimSpace(realName)
	if i := strings.IndexFunc(name, unicode.IsSpace); i > 0 {
		return name[:i]
	}
	r := []rune(name)
	for _, c := range r {
		if !unicode.Is(unicode.Han, c) {
			return name
		}
	}
	switch {
	case len(r) >= 3 && compoundSurnames[string(r[:2])]:
		return string(r[2:])
	case len(r) >= 2:
		return string(r[1:])
	}
	return name
}
