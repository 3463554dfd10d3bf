package roster

import (
	"errors"
	"sort"

	"qixue/domain"
	"qixue/identity"
)

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
		if errors.Is(err, domain.ErrNotFound) {
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
