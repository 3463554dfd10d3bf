package games

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"qixue/identity"
)

// Service keeps the club archive: uploads, replay, export, search,
// confirmation and corrections. Every method checks the caller: school
// admins do everything in their school; teachers confirm, edit and delete
// the games of their classes' students (and those they uploaded);
// students submit their own games and read their own and, once
// confirmed, their classmates'.
type Service struct {
	store     Store
	results   Results
	firstName func(string) string
	now       func() time.Time
}

// Config holds what a Service needs beside its store.
type Config struct {
	// Results enters tournament results (nil: records cannot name a
	// tournament board).
	Results Results
	// FirstName shortens a child's real name to what other children may
	// see (nil: names are shown whole).
	FirstName func(string) string
	// Now is the clock (time.Now when nil).
	Now func() time.Time
}

// NewService returns a Service on store.
func NewService(store Store, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.FirstName == nil {
		cfg.FirstName = func(s string) string { return s }
	}
	return &Service{store: store, results: cfg.Results, firstName: cfg.FirstName, now: cfg.Now}
}

// Limits of an upload.
const (
	MaxUploadBytes = 32 << 20
	MaxGames       = 20000
	maxNameLen     = 100
	maxFieldLen    = 200
)

// Upload is a file of games to add to the archive.
type Upload struct {
	Game    Game
	Variant string // the ruleset when a game's tags do not name one
	Text    string
	// WhiteID and BlackID name the players of a one-game upload as
	// students of the school, whatever the file says.
	WhiteID, BlackID string
	// Pairing links a one-game upload to a tournament board.
	Pairing *Pairing
}

// Refusal is a game of an upload that was not stored, or a slip in one
// that was: its number in the file (1-based), a stable code (invalid,
// duplicate, not_your_game; warning for a slip) and the reason.
type Refusal struct {
	Number int
	Code   string
	Reason Text
}

// Refusal codes.
const (
	CodeInvalid     = "invalid"
	CodeDuplicate   = "duplicate"
	CodeNotYourGame = "not_your_game"
	CodeWarning     = "warning"
)

// UploadReport says what an upload did: the records stored, the games
// refused and the slips in stored games.
type UploadReport struct {
	Games    int
	Stored   []*Record
	Refused  []Refusal
	Warnings []Refusal
}

// Upload reads every game of the file and stores the good ones in one
// transaction: a bad game (unreadable, an illegal move, already in the
// archive, or, for a student, a game they did not play) is reported by
// its number and the others are kept. Staff uploads are confirmed at
// once; a student's are pending until a teacher or the opponent confirms.
// Players are matched by real name or username to the students the
// caller may name (a teacher's classes, a student's classmates, the
// whole school for admins); other names are outsiders. A file with no
// game is ErrNoGames; bad input is ErrValidation naming the field.
func (s *Service) Upload(ctx context.Context, c identity.Principal, u Upload) (*UploadReport, error) {
	if c.SchoolID == "" {
		return nil, ErrForbidden
	}
	if !slices.Contains(Games, u.Game) {
		return nil, invalid("game", "invalid")
	}
	if strings.TrimSpace(u.Text) == "" {
		return nil, invalid("text", "required")
	}
	if len(u.Text) > MaxUploadBytes || !utf8.ValidString(u.Text) {
		return nil, invalid("text", "invalid")
	}
	// Invisible control characters are noise of the program that wrote
	// the file (ChessBase writes DEL inside comments), never part of a
	// move: they are read as spaces, so no game is lost to one and none
	// is stored.
	u.Text = strings.Map(func(r rune) rune {
		if r < 0x20 && !strings.ContainsRune("\t\n\r\f\v", r) || r >= 0x7f && r <= 0x9f {
			return ' '
		}
		return r
	}, u.Text)
	reads := readFile(u.Game, u.Variant, u.Text)
	if len(reads) == 0 {
		return nil, ErrNoGames
	}
	if len(reads) > MaxGames {
		return nil, invalid("text", "too_many_games")
	}
	single := len(reads) == 1
	if !single && (u.WhiteID != "" || u.BlackID != "") {
		return nil, invalid("white_id", "single_game_only")
	}
	if !single && u.Pairing != nil {
		return nil, invalid("tournament_id", "single_game_only")
	}
	who, err := s.nameable(ctx, c)
	if err != nil {
		return nil, err
	}
	byID := map[string]Student{}
	byName := map[string][]Student{}
	for _, st := range who {
		byID[st.ID] = st
		for _, k := range []string{nameKey(st.Name), nameKey(st.Username)} {
			if k != "" && !slices.ContainsFunc(byName[k], func(o Student) bool { return o.ID == st.ID }) {
				byName[k] = append(byName[k], st)
			}
		}
	}
	explicit := func(id, field string) (*Player, error) {
		if id == "" {
			return nil, nil
		}
		st, ok := byID[id]
		if !ok {
			return nil, invalid(field, "not_found")
		}
		return &Player{StudentID: st.ID, Name: st.Name}, nil
	}
	white, err := explicit(u.WhiteID, "white_id")
	if err != nil {
		return nil, err
	}
	black, err := explicit(u.BlackID, "black_id")
	if err != nil {
		return nil, err
	}
	resolve := func(p Player) Player {
		if m := byName[nameKey(p.Name)]; len(m) == 1 {
			return Player{StudentID: m[0].ID, Name: m[0].Name}
		}
		return Player{Name: truncate(p.Name, maxNameLen)}
	}
	now := s.now().UTC()
	rep := &UploadReport{Games: len(reads)}
	var recs []*Record
	var numbers []int
	seen := map[string]int{} // hash -> number of the game in the file
	for _, r := range reads {
		for _, w := range r.Warnings {
			rep.Warnings = append(rep.Warnings, Refusal{Number: r.Number, Code: CodeWarning, Reason: w})
		}
		if r.Bad != nil {
			rep.Refused = append(rep.Refused, Refusal{Number: r.Number, Code: CodeInvalid, Reason: *r.Bad})
			continue
		}
		rec := r.Rec
		rec.White, rec.Black = resolve(rec.White), resolve(rec.Black)
		if white != nil {
			rec.White = *white
		}
		if black != nil {
			rec.Black = *black
		}
		if rec.White.StudentID != "" && rec.White.StudentID == rec.Black.StudentID {
			rep.Refused = append(rep.Refused, Refusal{Number: r.Number, Code: CodeInvalid,
				Reason: Text{ZH: "同一个学生不能既执白又执黑", EN: "the same student cannot play both sides"}})
			continue
		}
		if c.Role == identity.RoleStudent && !rec.Plays(c.UserID) {
			rep.Refused = append(rep.Refused, Refusal{Number: r.Number, Code: CodeNotYourGame,
				Reason: Text{ZH: "你不是这盘棋的棋手：只能上传自己下的棋", EN: "you did not play in this game: upload only your own games"}})
			continue
		}
		rec.Event, rec.Round = truncate(rec.Event, maxFieldLen), truncate(rec.Round, maxFieldLen)
		rec.Opening = truncate(rec.Opening, maxFieldLen)
		rec.ID, rec.SchoolID, rec.SubmittedBy = newID(now), c.SchoolID, c.UserID
		rec.CreatedAt, rec.UpdatedAt = now, now
		rec.Status = Pending
		if staff(c) {
			rec.Status, rec.ConfirmedBy, rec.ConfirmedAt = Confirmed, c.UserID, now
		}
		rec.Hash = hash(rec.Game, rec.Variant, rec.White, rec.Black, rec.Date, rec.Start, r.Moves)
		if first, ok := seen[rec.Hash]; ok {
			rep.Refused = append(rep.Refused, Refusal{Number: r.Number, Code: CodeDuplicate,
				Reason: Text{ZH: fmt.Sprintf("这盘棋和本文件的第%d盘相同（棋手、日期和着法都相同）", first),
					EN: fmt.Sprintf("the same game as game %d of this file (same players, date and moves)", first)}})
			continue
		}
		seen[rec.Hash] = r.Number
		recs = append(recs, rec)
		numbers = append(numbers, r.Number)
	}
	if u.Pairing != nil && len(recs) == 1 {
		if err := s.checkPairing(ctx, c, recs[0], *u.Pairing); err != nil {
			return nil, err
		}
	}
	if len(recs) > 0 {
		dups, err := s.store.Create(ctx, recs)
		if err != nil {
			return nil, err
		}
		for _, i := range dups {
			rep.Refused = append(rep.Refused, duplicateOf(numbers[i]))
			recs[i] = nil
		}
	}
	for _, rec := range recs {
		if rec != nil {
			rep.Stored = append(rep.Stored, s.present(c, rec))
		}
	}
	slices.SortStableFunc(rep.Refused, func(a, b Refusal) int { return a.Number - b.Number })
	if len(rep.Stored) == 1 && rep.Stored[0].Pairing != nil && staff(c) {
		// The board's result is the tournament service's own
		// transaction: when it is refused, take the game back out, so a
		// refused upload leaves nothing behind.
		if err := s.enterResult(ctx, c, rep.Stored[0]); err != nil {
			return nil, errors.Join(err, s.store.Delete(ctx, c.SchoolID, rep.Stored[0].ID))
		}
	}
	return rep, nil
}

func duplicateOf(n int) Refusal {
	return Refusal{Number: n, Code: CodeDuplicate,
		Reason: Text{ZH: "这盘棋已经在棋谱库里了（棋手、日期和着法都相同）", EN: "this game is already in the archive (same players, date and moves)"}}
}

// nameKey is how names are matched: spaces dropped, case folded.
func nameKey(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), ""))
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// nameable returns the students the caller may name as players.
func (s *Service) nameable(ctx context.Context, c identity.Principal) ([]Student, error) {
	if c.Role == identity.RoleSchoolAdmin || c.Role == identity.RolePlatformAdmin {
		return s.store.Students(ctx, c.SchoolID, nil)
	}
	classes, err := s.store.ClassesOf(ctx, c.UserID)
	if err != nil || len(classes) == 0 {
		return nil, err
	}
	return s.store.Students(ctx, c.SchoolID, classes)
}

// checkPairing checks that the record's players are those of the
// tournament board, white and black as paired, and links it.
func (s *Service) checkPairing(ctx context.Context, c identity.Principal, rec *Record, p Pairing) error {
	if s.results == nil {
		return invalid("tournament_id", "not_found")
	}
	switch {
	case p.Round < 1:
		return invalid("round", "invalid")
	case p.Board < 1:
		return invalid("board", "invalid")
	}
	w, b, err := s.results.Board(ctx, c, p.TournamentID, p.Round, p.Board)
	if err != nil {
		return err
	}
	if w != rec.White.StudentID || b != rec.Black.StudentID {
		return invalid("board", "players_differ")
	}
	rec.Pairing = &p
	return nil
}

// enterResult sets the tournament board's result from a confirmed record.
func (s *Service) enterResult(ctx context.Context, c identity.Principal, rec *Record) error {
	if rec.Result == Unfinished || s.results == nil {
		return nil
	}
	return s.results.SetResult(ctx, c, rec.Pairing.TournamentID, rec.Pairing.Round, rec.Pairing.Board, rec.Result)
}

// load returns a record the caller may read.
func (s *Service) load(ctx context.Context, c identity.Principal, id string) (*Record, error) {
	rec, err := s.store.Record(ctx, scope(c), id)
	if err != nil {
		return nil, err
	}
	switch c.Role {
	case identity.RoleSchoolAdmin, identity.RolePlatformAdmin:
		return rec, nil
	}
	if rec.Plays(c.UserID) || rec.SubmittedBy == c.UserID {
		return rec, nil
	}
	if c.Role == identity.RoleStudent && rec.Status != Confirmed {
		return nil, ErrNotFound
	}
	mine, err := s.store.ClassesOf(ctx, c.UserID)
	if err != nil {
		return nil, err
	}
	for _, cl := range rec.ClassIDs {
		if slices.Contains(mine, cl) {
			return rec, nil
		}
	}
	return nil, ErrNotFound
}

// manages reports whether the caller may confirm, edit and delete rec:
// school admins, and teachers of a class of its players or who uploaded
// it.
func (s *Service) manages(ctx context.Context, c identity.Principal, rec *Record) (bool, error) {
	switch c.Role {
	case identity.RoleSchoolAdmin, identity.RolePlatformAdmin:
		return true, nil
	case identity.RoleTeacher:
		if rec.SubmittedBy == c.UserID {
			return true, nil
		}
		mine, err := s.store.ClassesOf(ctx, c.UserID)
		if err != nil {
			return false, err
		}
		for _, cl := range rec.ClassIDs {
			if slices.Contains(mine, cl) {
				return true, nil
			}
		}
	}
	return false, nil
}

// present is the record as the caller may see it: for a student, other
// children by first name and without their IDs.
func (s *Service) present(c identity.Principal, rec *Record) *Record {
	if c.Role != identity.RoleStudent {
		return rec
	}
	out := *rec
	for _, p := range []*Player{&out.White, &out.Black} {
		if p.StudentID != "" && p.StudentID != c.UserID {
			p.Name, p.StudentID = s.firstName(p.Name), ""
		}
	}
	out.ClassIDs = nil
	if out.SubmittedBy != c.UserID {
		out.SubmittedBy = ""
	}
	out.ConfirmedBy = ""
	return &out
}

// Get returns a record the caller may read.
func (s *Service) Get(ctx context.Context, c identity.Principal, id string) (*Record, error) {
	rec, err := s.load(ctx, c, id)
	if err != nil {
		return nil, err
	}
	return s.present(c, rec), nil
}

// Replay returns the record played ply by ply.
func (s *Service) Replay(ctx context.Context, c identity.Principal, id string) (*Replay, error) {
	rec, err := s.load(ctx, c, id)
	if err != nil {
		return nil, err
	}
	return replay(s.present(c, rec))
}

// Export returns the record in its game's notation (PGN, PDN, the move
// list of gomoku and number chess), with the record's fields as tags.
func (s *Service) Export(ctx context.Context, c identity.Principal, id string) (*Record, string, error) {
	rec, err := s.load(ctx, c, id)
	if err != nil {
		return nil, "", err
	}
	rec = s.present(c, rec)
	text, err := export(rec, rec.White.Name, rec.Black.Name)
	return rec, text, err
}

// Filter is what a list may be narrowed to (see Query).
type Filter struct {
	PlayerID, ClassID string
	Game              Game
	Event             string
	From, To          string
	Opening           string
	Status            Status
}

// List pages through the records the caller may read, newest last. It
// returns the cursor of the next page ("" on the last).
func (s *Service) List(ctx context.Context, c identity.Principal, f Filter, page Page) ([]*Record, string, error) {
	var v fieldErrors
	if f.Game != "" && !slices.Contains(Games, f.Game) {
		v.add("game", "invalid")
	}
	if f.From != "" && recordDate(f.From) != f.From {
		v.add("from", "invalid")
	}
	if f.To != "" && recordDate(f.To) != f.To {
		v.add("to", "invalid")
	}
	if f.Status != "" && f.Status != Pending && f.Status != Confirmed {
		v.add("status", "invalid")
	}
	if err := v.err(); err != nil {
		return nil, "", err
	}
	q := Query{SchoolID: scope(c), PlayerID: f.PlayerID, ClassID: f.ClassID, Game: f.Game, Event: strings.TrimSpace(f.Event),
		From: f.From, To: f.To, Opening: strings.TrimSpace(f.Opening), Status: f.Status}
	if c.Role == identity.RoleTeacher || c.Role == identity.RoleStudent {
		classes, err := s.store.ClassesOf(ctx, c.UserID)
		if err != nil {
			return nil, "", err
		}
		q.ViewerID, q.ViewerClasses, q.ConfirmedOnly = c.UserID, classes, c.Role == identity.RoleStudent
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
	for i, rec := range list {
		list[i] = s.present(c, rec)
	}
	return list, next, nil
}

// Confirm confirms a pending record: a teacher of its players' classes or
// a school admin, or the opponent when a student submitted it (not the
// submitter). A record linked to a tournament board enters its result
// there when staff confirm it.
func (s *Service) Confirm(ctx context.Context, c identity.Principal, id string) (*Record, error) {
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
		case c.Role != identity.RoleStudent || !rec.Plays(c.UserID):
			return nil, ErrForbidden
		case rec.SubmittedBy == c.UserID:
			return nil, ErrOwnSubmission
		}
	}
	now := s.now().UTC()
	rec.Status, rec.ConfirmedBy, rec.ConfirmedAt, rec.UpdatedAt = Confirmed, c.UserID, now, now
	// The board's result first: if the tournament refuses it, the game
	// stays pending, and a retry enters it again (results are set, not
	// added).
	if rec.Pairing != nil && staff(c) {
		if err := s.enterResult(ctx, c, rec); err != nil {
			return nil, err
		}
	}
	if err := s.store.Update(ctx, rec); err != nil {
		return nil, err
	}
	return s.present(c, rec), nil
}

// Edit is a correction of a record's fields; nil fields are kept. A
// player is a student of the school (WhiteID) or an outsider by name.
type Edit struct {
	Event, Round, Date, Result, Opening *string
	WhiteID, WhiteName                  *string
	BlackID, BlackName                  *string
}

// Edit corrects a record: teachers of its players' classes, the teacher
// who uploaded it and school admins. The players of a game linked to a
// tournament board stay those of the board. A change that makes it the same
// game as another record of the school is ErrDuplicate.
func (s *Service) Edit(ctx context.Context, c identity.Principal, id string, e Edit) (*Record, error) {
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
	var v fieldErrors
	text := func(p *string, field string, max int, to *string) {
		if p == nil {
			return
		}
		t := strings.TrimSpace(*p)
		if utf8.RuneCountInString(t) > max {
			v.add(field, "too_long")
			return
		}
		*to = t
	}
	text(e.Event, "event", maxFieldLen, &rec.Event)
	text(e.Round, "round", maxFieldLen, &rec.Round)
	text(e.Opening, "opening", maxFieldLen, &rec.Opening)
	if e.Date != nil {
		if *e.Date != "" && recordDate(*e.Date) != *e.Date {
			v.add("date", "invalid")
		} else {
			rec.Date = *e.Date
		}
	}
	if e.Result != nil {
		if res, ok := normResult(*e.Result); !ok || *e.Result == "" {
			v.add("result", "invalid")
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
				v.add(field+"_id", "not_found")
				return
			}
			*p = Player{StudentID: who[i].ID, Name: who[i].Name}
		case name != nil:
			n := strings.TrimSpace(*name)
			if n == "" || utf8.RuneCountInString(n) > maxNameLen {
				v.add(field+"_name", "invalid")
				return
			}
			*p = Player{Name: n}
		}
	}
	if rec.Pairing != nil && (e.WhiteID != nil || e.WhiteName != nil || e.BlackID != nil || e.BlackName != nil) {
		v.add("white_id", "linked_to_tournament")
	}
	player(e.WhiteID, e.WhiteName, "white", &rec.White)
	player(e.BlackID, e.BlackName, "black", &rec.Black)
	if rec.White.StudentID != "" && rec.White.StudentID == rec.Black.StudentID {
		v.add("black_id", "same_player")
	}
	if err := v.err(); err != nil {
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
	if rec.Status == Confirmed && rec.Pairing != nil && e.Result != nil {
		if err := s.enterResult(ctx, c, rec); err != nil {
			return nil, err
		}
	}
	if err := s.store.Update(ctx, rec); err != nil {
		return nil, err
	}
	return s.present(c, rec), nil
}

// Delete removes a record: those who may edit it, and the student who
// submitted it while it is pending.
func (s *Service) Delete(ctx context.Context, c identity.Principal, id string) error {
	rec, err := s.load(ctx, c, id)
	if err != nil {
		return err
	}
	ok, err := s.manages(ctx, c, rec)
	if err != nil {
		return err
	}
	if !ok && !(c.Role == identity.RoleStudent && rec.SubmittedBy == c.UserID && rec.Status == Pending) {
		return ErrForbidden
	}
	return s.store.Delete(ctx, rec.SchoolID, rec.ID)
}

// fieldErrors collects field errors; err returns nil when there are none.
type fieldErrors []FieldError

func (v *fieldErrors) add(field, code string) { *v = append(*v, FieldError{field, code}) }

func (v fieldErrors) err() error {
	if len(v) == 0 {
		return nil
	}
	return &Error{code: ErrValidation.code, fields: v}
}
