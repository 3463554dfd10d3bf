package games

import (
	"context"
	"qixue/audit"
	"qixue/domain"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Confirm confirms a pending record: a teacher of its players' classes or
// a school admin, or the opponent when a student submitted it (not the
// submitter). A record linked to a tournament board enters its result
// there when staff confirm it.
func (s *Service) Confirm(ctx context.Context, c domain.Principal, id string) (*Record, error) {
	rec, err := s.load(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if rec.Status == Confirmed {
		return nil, ErrAlreadyConfirmed
	}
	ok, err := s.manages(ctx, c, rec)
	if err != nil {
		return nil, err
	}
	if !ok {
		switch {
		case c.Role != domain.RoleStudent || !rec.Plays(c.UserID):
			return nil, ErrForbidden
		case rec.SubmittedBy == c.UserID:
			return nil, ErrOwnSubmission
		}
	}
	now := s.now().UTC()
	rec.Status, rec.ConfirmedBy, rec.ConfirmedAt, rec.UpdatedAt = Confirmed, c.UserID, now, now
	// The record and its board's result are one transaction: if the
	// tournament refuses the result, the game stays pending.
	if err := s.updateWithResult(ctx, c, rec, rec.Pairing != nil && staff(c), takeover(ctx, c, rec, now)...); err != nil {
		return nil, err
	}
	return s.presentOne(ctx, c, rec)
}

// takeover is the audit entry of a change a teacher makes to a record
// another user uploaded (none for the uploader, admins and students).
func takeover(ctx context.Context, c domain.Principal, rec *Record, at time.Time) []audit.Entry {
	if c.Role != domain.RoleTeacher || rec.SubmittedBy == c.UserID {
		return nil
	}
	return []audit.Entry{audit.New(ctx, at, rec.SchoolID, audit.Actor{UserID: c.UserID, Role: string(c.Role), SchoolID: c.SchoolID},
		audit.ActionGameTakeover, audit.Target{Type: audit.TargetGame, ID: rec.ID}, map[string]any{"submitted_by": rec.SubmittedBy})}
}

// Edit is a correction of a record's fields; nil fields are kept. A
// player is a student of the school (WhiteID) or an outsider by name.
type Edit struct {
	Event, Round, Date, Result, Opening *string
	WhiteID, WhiteName                  *string
	BlackID, BlackName                  *string
}

// Edit corrects a record: those who manage it (see manages) and school
// admins. The players of a game linked to a
// tournament board stay those of the board. A change that makes it the same
// game as another record of the school is ErrDuplicate.
func (s *Service) Edit(ctx context.Context, c domain.Principal, id string, e Edit) (*Record, error) {
	rec, err := s.load(ctx, c, id)
	if err != nil {
		return nil, err
	}
	ok, err := s.manages(ctx, c, rec)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrForbidden
	}
	var v domain.FieldErrors
	text := func(p *string, field string, max int, to *string) {
		if p == nil {
			return
		}
		t := strings.TrimSpace(*p)
		if utf8.RuneCountInString(t) > max {
			v.Add(field, "too_long")
			return
		}
		*to = t
	}
	text(e.Event, "event", maxFieldLen, &rec.Event)
	text(e.Round, "round", maxFieldLen, &rec.Round)
	text(e.Opening, "opening", maxFieldLen, &rec.Opening)
	if e.Date != nil {
		if *e.Date != "" && recordDate(*e.Date) != *e.Date {
			v.Add("date", "invalid")
		} else {
			rec.Date = *e.Date
		}
	}
	if e.Result != nil {
		if res, ok := normResult(*e.Result); !ok || *e.Result == "" {
			v.Add("result", "invalid")
		} else {
			rec.Result = res
		}
	}
	who, err := s.nameable(ctx, c)
	if err != nil {
		return nil, err
	}
	player := func(id, name *string, field string, p *Player) {
		switch {
		case id != nil && *id != "":
			i := slices.IndexFunc(who, func(st Student) bool { return st.ID == *id })
			if i < 0 {
				v.Add(field+"_id", "not_found")
				return
			}
			*p = Player{StudentID: who[i].ID, Name: who[i].Name}
		case name != nil:
			n := strings.TrimSpace(*name)
			if n == "" || utf8.RuneCountInString(n) > maxNameLen {
				v.Add(field+"_name", "invalid")
				return
			}
			*p = Player{Name: n}
		}
	}
	if rec.Pairing != nil && (e.WhiteID != nil || e.WhiteName != nil || e.BlackID != nil || e.BlackName != nil) {
		v.Add("white_id", "linked_to_tournament")
	}
	player(e.WhiteID, e.WhiteName, "white", &rec.White)
	player(e.BlackID, e.BlackName, "black", &rec.Black)
	if rec.White.StudentID != "" && rec.White.StudentID == rec.Black.StudentID {
		v.Add("black_id", "same_player")
	}
	if err := v.Err(); err != nil {
		return nil, err
	}
	rp, err := replay(rec)
	if err != nil {
		return nil, err
	}
	moves := make([]string, len(rp.Plies))
	for i, p := range rp.Plies {
		moves[i] = p.Notation
	}
	rec.Hash = hash(rec.Game, rec.Variant, rec.White, rec.Black, rec.Date, rec.Start, moves)
	rec.UpdatedAt = s.now().UTC()
	if err := s.updateWithResult(ctx, c, rec, rec.Status == Confirmed && rec.Pairing != nil && e.Result != nil, takeover(ctx, c, rec, rec.UpdatedAt)...); err != nil {
		return nil, err
	}
	return s.presentOne(ctx, c, rec)
}

// Delete removes a record: those who may edit it, and the student who
// submitted it while it is pending.
func (s *Service) Delete(ctx context.Context, c domain.Principal, id string) error {
	rec, err := s.load(ctx, c, id)
	if err != nil {
		return err
	}
	ok, err := s.manages(ctx, c, rec)
	if err != nil {
		return err
	}
	if !ok && !(c.Role == domain.RoleStudent && rec.SubmittedBy == c.UserID && rec.Status == Pending) {
		return ErrForbidden
	}
	return s.store.Delete(ctx, rec.SchoolID, rec.ID, takeover(ctx, c, rec, s.now().UTC())...)
}
