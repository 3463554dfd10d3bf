package tournaments

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"qixue/audit"
	"qixue/domain"
)

// Service runs class tournaments: creating them, entries, pairing rounds,
// results and what teachers print and students see. Every method checks
// the caller: school and platform admins run every tournament of their
// school, teachers those of the classes they teach (or that they
// created), students read the tournaments they play in.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns a Service on store; now is the clock (time.Now when
// nil).
func NewService(store Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// Draft is the input of a new tournament.
type Draft struct {
	Name   string
	Game   string // one of Games
	System string // one of Systems
	// Rounds is the number of rounds planned (a Swiss: 1..30); a round
	// robin leaves it 0 and plays every round of its Berger table (twice
	// for a double round robin).
	Rounds    int
	Scoring   string   // a key of Scorings ("" is 1-0.5-0)
	TieBreaks []string // C.07 acronyms ("BH-C1"); nil is the game's and system's default
	ClassIDs  []string
	// StudentIDs are entered at once, numbered in this order (a
	// knockout's seeds, an arena's queue: the first is the first
	// defender).
	StudentIDs []string
	// TieBreakRules: "fide2023" (default) or "fide2026" (TieBreakRules).
	TieBreakRules string
	// Ruleset is the number-chess ruleset the engine scores games under
	// (K1, G23, G46; "" is G46); only for number chess.
	Ruleset string
	// TieRule (knockout): "replay" (default), "armageddon" or "teacher";
	// ThirdPlace adds a match for third place.
	TieRule    string
	ThirdPlace bool
	// TitleDefences (arena): defences in a row that win the title; 0 runs
	// until no challenger is left.
	TitleDefences int
}

// Rulesets are the number-chess rulesets a tournament may name.
var Rulesets = []string{"K1", "G23", "G46"}

// validate checks what needs no storage.
func (d *Draft) validate(v *domain.FieldErrors) {
	validateNameGame(v, &d.Name, d.Game)
	if d.System == "" {
		d.System = sysDutch
	}
	switch {
	case !slices.Contains(Systems, d.System):
		v.Add("system", "invalid")
	case (d.System == sysRoundRobin || d.System == sysDoubleRoundRobin || d.System == sysKnockout || d.System == sysArena) && d.Rounds != 0:
		v.Add("rounds", "not_allowed")
	case (d.System == sysDutch || d.System == sysSchoolSwiss) && d.Rounds == 0:
		v.Add("rounds", "required")
	case (d.System == sysDutch || d.System == sysSchoolSwiss) && (d.Rounds < 1 || d.Rounds > maxRounds):
		v.Add("rounds", "out_of_range")
	}
	d.validateSystem(v)
	if d.Scoring == "" {
		d.Scoring = "1-0.5-0"
	}
	if _, ok := Scorings[d.Scoring]; !ok {
		v.Add("points", "invalid")
	}
	if d.TieBreaks == nil {
		d.TieBreaks = defaultTieBreaks(d.Game, d.System)
	}
	if !validTieBreaks(d.TieBreaks, d.System) {
		v.Add("tie_breaks", "invalid")
	}
	switch {
	case len(d.ClassIDs) == 0:
		v.Add("class_ids", "required")
	case len(d.ClassIDs) > maxClasses:
		v.Add("class_ids", "too_many")
	}
	if len(d.StudentIDs) > maxPlayers {
		v.Add("student_ids", "too_many")
	}
}

// validateSystem checks the settings of one system or game.
func (d *Draft) validateSystem(v *domain.FieldErrors) {
	if _, err := ParseTieBreakRules(d.TieBreakRules); err != nil {
		v.Add("tiebreak_rules", "invalid")
	} else if d.TieBreakRules == "" {
		d.TieBreakRules = string(FIDE2023)
	}
	validateRuleset(v, d.Game, &d.Ruleset)
	switch {
	case d.System != sysKnockout && (d.TieRule != "" || d.ThirdPlace):
		v.Add("tie_rule", "not_allowed")
	case d.System == sysKnockout && d.TieRule == "":
		d.TieRule = "replay"
	}
	if _, ok := TieRules[d.TieRule]; d.System == sysKnockout && !ok {
		v.Add("tie_rule", "invalid")
	}
	switch {
	case d.System != sysArena && d.TitleDefences != 0:
		v.Add("title_defences", "not_allowed")
	case d.TitleDefences < 0 || d.TitleDefences > maxPlayers:
		v.Add("title_defences", "out_of_range")
	}
}

// validateNameGame checks an event's name (trimmed) and game.
func validateNameGame(v *domain.FieldErrors, name *string, game string) {
	*name = strings.TrimSpace(*name)
	switch {
	case *name == "":
		v.Add("name", "required")
	case utf8.RuneCountInString(*name) > maxNameLen:
		v.Add("name", "too_long")
	}
	if game == "" {
		v.Add("game", "required")
	} else if !slices.Contains(Games, game) {
		v.Add("game", "invalid")
	}
}

// validateRuleset checks the number-chess ruleset (G46 when empty), which
// the other games do not take.
func validateRuleset(v *domain.FieldErrors, game string, ruleset *string) {
	switch {
	case game != "numchess" && *ruleset != "":
		v.Add("ruleset", "not_allowed")
	case game == "numchess" && *ruleset == "":
		*ruleset = "G46"
	case game == "numchess" && !slices.Contains(Rulesets, *ruleset):
		v.Add("ruleset", "invalid")
	}
}

// classes checks that the caller may hold a tournament for the classes:
// all visible, of one school, each taught by a teacher caller. It
// returns their school.
func (s *Service) classes(ctx context.Context, c domain.Principal, ids []string) (string, error) {
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			return "", invalid("class_ids", "invalid")
		}
		seen[id] = true
	}
	found, err := s.store.Classes(ctx, c.SchoolScope(), ids)
	if err != nil {
		return "", err
	}
	if len(found) != len(ids) {
		return "", invalid("class_ids", "not_found")
	}
	school := found[0].SchoolID
	for _, cl := range found {
		if cl.SchoolID != school {
			return "", invalid("class_ids", "invalid")
		}
		if c.Role == domain.RoleTeacher {
			ok, err := s.store.Teaches(ctx, c.UserID, []string{cl.ID})
			if err != nil {
				return "", err
			}
			if !ok {
				return "", invalid("class_ids", "not_taught")
			}
		}
	}
	return school, nil
}

// Create makes a tournament for one class or several classes of a school,
// with the students entered in the order given. Teachers may only name
// classes they teach; students may not create. Bad input is
// ErrValidation naming the fields.
func (s *Service) Create(ctx context.Context, c domain.Principal, d Draft) (*Event, error) {
	if !c.Staff() {
		return nil, ErrForbidden
	}
	var v domain.FieldErrors
	d.validate(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	school, err := s.classes(ctx, c, d.ClassIDs)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	ev := &Event{ID: newID(), SchoolID: school, Name: d.Name, Game: d.Game, System: d.System, ClassIDs: d.ClassIDs,
		Rounds: d.Rounds, Scoring: d.Scoring, TieBreaks: d.TieBreaks, CreatedBy: c.UserID, CreatedAt: now, UpdatedAt: now,
		TieBreakRules: TieBreakRules(d.TieBreakRules), Ruleset: d.Ruleset, TieRule: d.TieRule, ThirdPlace: d.ThirdPlace,
		TitleDefences: d.TitleDefences}
	if err := s.enter(ctx, ev, d.StudentIDs); err != nil {
		return nil, err
	}
	if err := s.store.Create(ctx, ev); err != nil {
		return nil, err
	}
	ev.Version = 1
	return ev, nil
}

// enter adds the students as entrants of ev from the next round to pair.
func (s *Service) enter(ctx context.Context, ev *Event, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	students, err := s.store.Students(ctx, ev.ClassIDs)
	if err != nil {
		return err
	}
	byID := map[string]Student{}
	for _, st := range students {
		byID[st.ID] = st
	}
	next := 0
	for _, e := range ev.Players {
		next = max(next, e.Number)
	}
	if len(ev.Players)+len(ids) > maxPlayers {
		return invalid("student_ids", "too_many")
	}
	seen := map[string]bool{}
	for _, id := range ids {
		st, ok := byID[id]
		switch {
		case !ok:
			return invalid("student_ids", "not_in_classes")
		case seen[id] || ev.Entrant(id) != nil:
			return invalid("student_ids", "already_entered")
		}
		seen[id] = true
		next++
		ev.Players = append(ev.Players, Entrant{Number: next, StudentID: id, ClassID: st.ClassID, Name: st.RealName, FromRound: ev.PairedRounds + 1})
		if ev.System == sysArena {
			ev.Queue = append(ev.Queue, next) // late entries join the end of the queue
		}
	}
	return nil
}

// load returns the event if the caller may run it (manage) or at least
// read it; ok tells a reading student apart (its own entrant is set).
func (s *Service) load(ctx context.Context, c domain.Principal, id string, manage bool) (*Event, error) {
	ev, err := s.store.Event(ctx, c.SchoolScope(), id)
	if err != nil {
		return nil, err
	}
	if c.Role == domain.RoleStudent {
		if ev.Entrant(c.UserID) == nil {
			return nil, ErrNotFound
		}
		if manage {
			return nil, ErrForbidden
		}
		return ev, nil
	}
	// A teacher's rights follow their current classes, not who created
	// the event: one who no longer teaches an active class of it sees
	// nothing (F7).
	if err := s.teacherOf(ctx, c, ev.ClassIDs); err != nil {
		return nil, err
	}
	return ev, nil
}

// teacherOf is ErrNotFound for a teacher who teaches none of the classes
// (any other caller passes).
func (s *Service) teacherOf(ctx context.Context, c domain.Principal, classIDs []string) error {
	if c.Role != domain.RoleTeacher {
		return nil
	}
	ok, err := s.store.Teaches(ctx, c.UserID, classIDs)
	if err == nil && !ok {
		err = ErrNotFound
	}
	return err
}

// Get returns a tournament the caller may read (staff who run it, the
// students who play in it).
func (s *Service) Get(ctx context.Context, c domain.Principal, id string) (*Event, error) {
	return s.load(ctx, c, id, false)
}

// List pages through the tournaments staff may run, of one class when
// classID is set. It returns the cursor of the next page ("" on the last).
func (s *Service) List(ctx context.Context, c domain.Principal, classID string, page domain.Page) ([]*Event, string, error) {
	if !c.Staff() {
		return nil, "", ErrForbidden
	}
	q := ListQuery{SchoolID: c.SchoolScope(), ClassID: classID}
	if c.Role == domain.RoleTeacher {
		q.TeacherID = c.UserID
	}
	if page.Limit <= 0 || page.Limit > 200 {
		page.Limit = 50
	}
	list, err := s.store.List(ctx, q, page)
	if err != nil {
		return nil, "", err
	}
	next := ""
	if len(list) > page.Limit {
		list = list[:page.Limit]
		next = list[len(list)-1].ID
	}
	return list, next, nil
}

// Mine returns the tournaments the calling student plays in, newest first.
func (s *Service) Mine(ctx context.Context, c domain.Principal) ([]*Event, error) {
	if c.Role != domain.RoleStudent {
		return nil, ErrForbidden
	}
	return s.store.ForStudent(ctx, c.UserID)
}

// change loads the event for the caller, applies f and saves it over the
// version it was loaded at. With retry, a change that lost a race with
// another one is made again on the new state (entries, byes); without,
// the loser is ErrConflict. A change by a teacher other than the one who
// created the event is written to the audit log with it (a takeover).
func (s *Service) change(ctx context.Context, c domain.Principal, id string, manage, retry bool, f func(ev *Event) error) (*Event, error) {
	return s.changeWith(ctx, c, id, manage, retry, f, nil)
}

// maxRetries bounds the retries of a change that lost a race.
const maxRetries = 16

// changeWith is change, saved by save when it is not nil (a change of
// one board's result) and by Store.Save otherwise.
func (s *Service) changeWith(ctx context.Context, c domain.Principal, id string, manage, retry bool, f func(ev *Event) error,
	save func(ev *Event, log []audit.Entry) error) (*Event, error) {
	for attempt := 0; ; attempt++ {
		ev, err := s.load(ctx, c, id, manage)
		if err != nil {
			return nil, err
		}
		if err := f(ev); err != nil {
			return nil, err
		}
		ev.UpdatedAt = s.now().UTC()
		log := s.takeover(ctx, c, ev)
		if save != nil {
			err = save(ev, log)
		} else if err = s.store.Save(ctx, ev, log...); err == nil {
			ev.Version++
		}
		if errors.Is(err, ErrConflict) && retry && attempt < maxRetries {
			continue
		}
		if err != nil {
			return nil, err
		}
		return ev, nil
	}
}

// takeover is the audit entry of a change a teacher makes to an event
// another user created (none for its creator, admins and students).
func (s *Service) takeover(ctx context.Context, c domain.Principal, ev *Event) []audit.Entry {
	if c.Role != domain.RoleTeacher || ev.CreatedBy == c.UserID {
		return nil
	}
	return []audit.Entry{audit.New(ctx, ev.UpdatedAt, ev.SchoolID, audit.Actor{UserID: c.UserID, Role: string(c.Role), SchoolID: c.SchoolID},
		audit.ActionTournamentTakeover, audit.Target{Type: audit.TargetTournament, ID: ev.ID}, map[string]any{"created_by": ev.CreatedBy})}
}
