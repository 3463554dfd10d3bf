package identity

import (
	"context"
	"qixue/domain"
)

// SchoolInput is the writable part of a school.
type SchoolInput struct {
	Name string
}

func (in SchoolInput) validate() (SchoolInput, error) {
	var v domain.FieldErrors
	in.Name = checkName(&v, "name", in.Name, 200)
	return in, v.Err()
}

// CreateSchool creates a school. Platform admins only.
func (s *Service) CreateSchool(ctx context.Context, p domain.Principal, in SchoolInput) (School, error) {
	if p.Role != domain.RolePlatformAdmin {
		return School{}, ErrForbidden
	}
	in, err := in.validate()
	if err != nil {
		return School{}, err
	}
	now := s.now()
	sc := School{ID: newID(), Name: in.Name, CreatedAt: now, UpdatedAt: now}
	return sc, s.store.CreateSchool(ctx, sc)
}

// School returns a school: any for platform admins, their own for school
// admins and teachers (ErrNotFound for others). Students get ErrForbidden.
func (s *Service) School(ctx context.Context, p domain.Principal, id string) (School, error) {
	if p.Role == domain.RoleStudent {
		return School{}, ErrForbidden
	}
	return s.store.School(ctx, scopeOf(p), id)
}

// Schools lists the schools the caller may read, with the cursor of the
// next page ("" at the end).
func (s *Service) Schools(ctx context.Context, p domain.Principal, page domain.Page) ([]School, string, error) {
	if p.Role == domain.RoleStudent {
		return nil, "", ErrForbidden
	}
	page = page.Normalized()
	list, err := s.store.Schools(ctx, scopeOf(p), page)
	if err != nil {
		return nil, "", err
	}
	list, next := nextAfter(list, page.Limit, func(x School) string { return x.ID })
	return list, next, nil
}

// UpdateSchool renames a school. Platform admins only.
func (s *Service) UpdateSchool(ctx context.Context, p domain.Principal, id string, in SchoolInput) (School, error) {
	if p.Role != domain.RolePlatformAdmin {
		return School{}, ErrForbidden
	}
	in, err := in.validate()
	if err != nil {
		return School{}, err
	}
	sc, err := s.store.School(ctx, Scope{}, id)
	if err != nil {
		return School{}, err
	}
	sc.Name, sc.UpdatedAt = in.Name, s.now()
	return sc, s.store.UpdateSchool(ctx, sc)
}

// DeleteSchool deletes a school without users (ErrSchoolNotEmpty
// otherwise). Platform admins only.
func (s *Service) DeleteSchool(ctx context.Context, p domain.Principal, id string) error {
	if p.Role != domain.RolePlatformAdmin {
		return ErrForbidden
	}
	return s.store.DeleteSchool(ctx, id)
}
