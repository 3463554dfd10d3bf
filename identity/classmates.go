package identity

import (
	"context"
	"qixue/domain"
)

// ClassStudents is one active class of the caller with its other active
// students, in the order of their names.
type ClassStudents struct {
	Class    Class
	Students []User
}

// Classmates returns the caller's active classes (active enrollments in
// active classes of the caller's school) with the other active students
// of each: for a student, the classmates they may challenge; for a
// teacher, the students of the classes they teach. A deactivated class or
// enrollment gives nothing; an admin without enrollments gets no class.
func (s *Service) Classmates(ctx context.Context, p domain.Principal) ([]ClassStudents, error) {
	if p.UserID == "" || p.SchoolID == "" {
		return []ClassStudents{}, nil
	}
	sc := Scope{SchoolID: p.SchoolID}
	page := domain.Page{Limit: domain.MaxPageLimit}
	var classes []Class
	for {
		batch, err := s.store.Classes(ctx, sc, ClassQuery{MemberID: p.UserID, Status: StatusActive}, page)
		if err != nil {
			return nil, err
		}
		batch, next := nextAfter(batch, page.Limit, func(c Class) string { return c.ID })
		classes = append(classes, batch...)
		if next == "" {
			break
		}
		page.After = next
	}
	out := make([]ClassStudents, 0, len(classes))
	for _, c := range classes {
		students, err := s.classStudents(ctx, c)
		if err != nil {
			return nil, err
		}
		others := make([]User, 0, len(students))
		for _, u := range students {
			if u.ID != p.UserID && u.SchoolID == p.SchoolID {
				others = append(others, u)
			}
		}
		out = append(out, ClassStudents{Class: c, Students: others})
	}
	return out, nil
}
