package games

import (
	"context"
	"fmt"
	"qixue/audit"
	"qixue/domain"
	"qixue/identity"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"qixue/rules/game"
	"qixue/rules/record"
)

// Service keeps the club archive: uploads, replay, export, search,
// confirmation and corrections. Every method checks the caller: school
// admins do everything in their school; teachers confirm, edit and delete
// the games of their classes' students (and those they uploaded);
// students submit their own games and read their own and, once
// confirmed, their classmates'.
type Service struct {
	limits  Limits
	store   Store
	results Results
	now     func() time.Time
}

// Config holds what a Service needs beside its store.
type Config struct {
	// Results enters tournament results (nil: records cannot name a
	// tournament board).
	Results Results
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// Limits bound what an upload may hold (DefaultLimits when zero).
	Limits Limits
}

// Limits bound an upload: its bytes, and what the readers take in of it
// (record.Limits: games, plies, variations, nesting depth, comments and
// tags). A zero field of Read is no limit.
type Limits struct {
	UploadBytes int
	Read        record.Limits
}

// DefaultLimits are 32 MiB a file and record.DefaultLimits.
func DefaultLimits() Limits {
	return Limits{UploadBytes: MaxUploadBytes, Read: record.DefaultLimits()}
}

// LimitBytes names the limit on an upload's bytes in a *record.LimitError.
const LimitBytes = record.LimitBytes

// NewService returns a Service on store.
func NewService(store Store, cfg Config) *Service {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Limits.UploadBytes <= 0 {
		cfg.Limits.UploadBytes = MaxUploadBytes
	}
	if cfg.Limits.Read == (record.Limits{}) {
		cfg.Limits.Read = record.DefaultLimits()
	}
	return &Service{store: store, results: cfg.Results, now: cfg.Now, limits: cfg.Limits}
}

// Limits returns the limits of an upload.
func (s *Service) Limits() Limits { return s.limits }

// Limits of an upload's fields, and the default of its bytes.
const (
	MaxUploadBytes = 32 << 20
	maxNameLen     = 100
	maxFieldLen    = 200
)

// Upload is a file of games to add to the archive.
type Upload struct {
	Game    game.Name
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
	Reason domain.Text
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
func (s *Service) Upload(ctx context.Context, c domain.Principal, u Upload) (*UploadReport, error) {
	if c.SchoolID == "" {
		return nil, ErrForbidden
	}
	if !slices.Contains(Games, u.Game) {
		return nil, invalid("game", "invalid")
	}
	if strings.TrimSpace(u.Text) == "" {
		return nil, invalid("text", "required")
	}
	if len(u.Text) > s.limits.UploadBytes {
		return nil, &record.LimitError{Limit: LimitBytes, Max: s.limits.UploadBytes}
	}
	if !utf8.ValidString(u.Text) {
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
	// Reading stops at the first limit passed: the upload is refused
	// whole, naming the limit, the game and the ply.
	reads, err := readFile(ctx, u.Game, u.Variant, u.Text, s.limits.Read)
	if err != nil {
		return nil, err
	}
	if len(reads) == 0 {
		return nil, ErrNoGames
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
				Reason: domain.Text{ZH: "同一个学生不能既执白又执黑", EN: "the same student cannot play both sides"}})
			continue
		}
		if c.Role == domain.RoleStudent && !rec.Plays(c.UserID) {
			rep.Refused = append(rep.Refused, Refusal{Number: r.Number, Code: CodeNotYourGame,
				Reason: domain.Text{ZH: "你不是这盘棋的棋手：只能上传自己下的棋", EN: "you did not play in this game: upload only your own games"}})
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
				Reason: domain.Text{ZH: fmt.Sprintf("这盘棋和本文件的第%d盘相同（棋手、日期和着法都相同）", first),
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
	// The records and a linked board's result are one transaction: a
	// result the tournament refuses leaves no record behind.
	var dups []int
	err = s.store.InTx(ctx, func(ctx context.Context) error {
		if len(recs) == 0 {
			return nil
		}
		var err error
		if dups, err = s.store.Create(ctx, recs); err != nil {
			return err
		}
		if len(recs)-len(dups) == 1 && recs[0].Pairing != nil && staff(c) {
			// A linked upload holds one game (checkPairing).
			return s.enterResult(ctx, c, recs[0])
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, i := range dups {
		rep.Refused = append(rep.Refused, duplicateOf(numbers[i]))
		recs[i] = nil
	}
	stored := make([]*Record, 0, len(recs))
	for _, rec := range recs {
		if rec != nil {
			stored = append(stored, rec)
		}
	}
	// one look-up of shown names for the whole upload, not one a game
	if rep.Stored, err = s.present(ctx, c, stored...); err != nil {
		return nil, err
	}
	slices.SortStableFunc(rep.Refused, func(a, b Refusal) int { return a.Number - b.Number })
	return rep, nil
}

func duplicateOf(n int) Refusal {
	return Refusal{Number: n, Code: CodeDuplicate,
		Reason: domain.Text{ZH: "这盘棋已经在棋谱库里了（棋手、日期和着法都相同）", EN: "this game is already in the archive (same players, date and moves)"}}
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
func (s *Service) nameable(ctx context.Context, c domain.Principal) ([]Student, error) {
	if c.Role == domain.RoleSchoolAdmin || c.Role == domain.RolePlatformAdmin {
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
func (s *Service) checkPairing(ctx context.Context, c domain.Principal, rec *Record, p Pairing) error {
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

// updateWithResult saves the record and, when withResult, enters its
// result on its tournament board, in one transaction: a refused result or
// a failed save leaves both as they were.
func (s *Service) updateWithResult(ctx context.Context, c domain.Principal, rec *Record, withResult bool, log ...audit.Entry) error {
	return s.store.InTx(ctx, func(ctx context.Context) error {
		if withResult {
			if err := s.enterResult(ctx, c, rec); err != nil {
				return err
			}
		}
		return s.store.Update(ctx, rec, log...)
	})
}

// enterResult sets the tournament board's result from a confirmed record.
func (s *Service) enterResult(ctx context.Context, c domain.Principal, rec *Record) error {
	if rec.Result == Unfinished || s.results == nil {
		return nil
	}
	return s.results.SetResult(ctx, c, rec.Pairing.TournamentID, rec.Pairing.Round, rec.Pairing.Board, rec.Result)
}

// load returns a record the caller may read.
func (s *Service) load(ctx context.Context, c domain.Principal, id string) (*Record, error) {
	rec, err := s.store.Record(ctx, scope(c), id)
	if err != nil {
		return nil, err
	}
	switch c.Role {
	case domain.RoleSchoolAdmin, domain.RolePlatformAdmin:
		return rec, nil
	}
	if rec.Plays(c.UserID) || rec.SubmittedBy == c.UserID && (c.Role != domain.RoleTeacher || !rec.HasStudents()) {
		return rec, nil
	}
	if c.Role == domain.RoleStudent && rec.Status != Confirmed {
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
// school admins, and teachers of an active class of its players now (a
// teacher's rights follow their classes, not who uploaded it: F7); the
// uploader only while no student plays in it (a game of students whose
// classes are all deactivated or left grants their teachers nothing).
func (s *Service) manages(ctx context.Context, c domain.Principal, rec *Record) (bool, error) {
	switch c.Role {
	case domain.RoleSchoolAdmin, domain.RolePlatformAdmin:
		return true, nil
	case domain.RoleTeacher:
		if rec.SubmittedBy == c.UserID && !rec.HasStudents() {
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

// present is the records as the caller may see them: for a student,
// other children by their shown name (Store.ShownNames: nickname, given
// name or initial, never cut from the real name) and without their IDs.
func (s *Service) present(ctx context.Context, c domain.Principal, recs ...*Record) ([]*Record, error) {
	if c.Role != domain.RoleStudent {
		return recs, nil
	}
	var ids []string
	for _, rec := range recs {
		for _, p := range []Player{rec.White, rec.Black} {
			if p.StudentID != "" && p.StudentID != c.UserID && !slices.Contains(ids, p.StudentID) {
				ids = append(ids, p.StudentID)
			}
		}
	}
	shown := map[string]string{}
	if len(ids) > 0 {
		var err error
		if shown, err = s.store.ShownNames(ctx, c.SchoolID, ids); err != nil {
			return nil, err
		}
	}
	out := make([]*Record, len(recs))
	for i, rec := range recs {
		r := *rec
		for _, p := range []*Player{&r.White, &r.Black} {
			if p.StudentID != "" && p.StudentID != c.UserID {
				name, ok := shown[p.StudentID]
				if !ok { // a student since removed
					name = identity.Initial(p.Name)
				}
				p.Name, p.StudentID = name, ""
			}
		}
		r.ClassIDs = nil
		if r.SubmittedBy != c.UserID {
			r.SubmittedBy = ""
		}
		r.ConfirmedBy = ""
		out[i] = &r
	}
	return out, nil
}

// presentOne is present of one record.
func (s *Service) presentOne(ctx context.Context, c domain.Principal, rec *Record) (*Record, error) {
	out, err := s.present(ctx, c, rec)
	if err != nil {
		return nil, err
	}
	return out[0], nil
}

// Get returns a record the caller may read.
func (s *Service) Get(ctx context.Context, c domain.Principal, id string) (*Record, error) {
	rec, err := s.load(ctx, c, id)
	if err != nil {
		return nil, err
	}
	return s.presentOne(ctx, c, rec)
}

// Replay returns the record played ply by ply.
func (s *Service) Replay(ctx context.Context, c domain.Principal, id string) (*Replay, error) {
	rec, err := s.load(ctx, c, id)
	if err != nil {
		return nil, err
	}
	if rec, err = s.presentOne(ctx, c, rec); err != nil {
		return nil, err
	}
	return replay(rec)
}

// ReplayEach plays a record the caller may read without keeping its
// plies: begin gets the record and its start comments (Plies empty), then
// emit each ply as it is made, every one (only All) or ply only alone (0:
// none, the start only); a ply not wanted costs its move only. A ply past
// the record's last is ErrValidation naming "ply" (out_of_range), before
// begin is called. An error of begin or emit stops the replay and is
// returned.
func (s *Service) ReplayEach(ctx context.Context, c domain.Principal, id string, only int, begin func(*Replay) error, emit func(Ply) error) error {
	rec, err := s.load(ctx, c, id)
	if err != nil {
		return err
	}
	if only < All || only > rec.Plies {
		return invalid("ply", "out_of_range")
	}
	if rec, err = s.presentOne(ctx, c, rec); err != nil {
		return err
	}
	_, err = replayStream(rec, only, begin, emit)
	return err
}

// Export returns the record in its game's notation (PGN, PDN, the move
// list of gomoku and number chess), with the record's fields as tags.
func (s *Service) Export(ctx context.Context, c domain.Principal, id string) (*Record, string, error) {
	rec, err := s.load(ctx, c, id)
	if err != nil {
		return nil, "", err
	}
	if rec, err = s.presentOne(ctx, c, rec); err != nil {
		return nil, "", err
	}
	text, err := export(rec, rec.White.Name, rec.Black.Name)
	return rec, text, err
}

// Filter is what a list may be narrowed to (see Query).
type Filter struct {
	PlayerID, ClassID string
	Game              game.Name
	Event             string
	From, To          string
	Opening           string
	Status            Status
}

// List pages through the records the caller may read, newest last. It
// returns the cursor of the next page ("" on the last).
func (s *Service) List(ctx context.Context, c domain.Principal, f Filter, page domain.Page) ([]*Record, string, error) {
	var v domain.FieldErrors
	if f.Game != "" && !slices.Contains(Games, f.Game) {
		v.Add("game", "invalid")
	}
	if f.From != "" && recordDate(f.From) != f.From {
		v.Add("from", "invalid")
	}
	if f.To != "" && recordDate(f.To) != f.To {
		v.Add("to", "invalid")
	}
	if f.Status != "" && f.Status != Pending && f.Status != Confirmed {
		v.Add("status", "invalid")
	}
	if err := v.Err(); err != nil {
		return nil, "", err
	}
	q := Query{SchoolID: scope(c), PlayerID: f.PlayerID, ClassID: f.ClassID, Game: f.Game, Event: strings.TrimSpace(f.Event),
		From: f.From, To: f.To, Opening: strings.TrimSpace(f.Opening), Status: f.Status}
	if c.Role == domain.RoleTeacher || c.Role == domain.RoleStudent {
		classes, err := s.store.ClassesOf(ctx, c.UserID)
		if err != nil {
			return nil, "", err
		}
		q.ViewerID, q.ViewerClasses, q.ConfirmedOnly = c.UserID, classes, c.Role == domain.RoleStudent
		q.UploadsWithoutStudents = c.Role == domain.RoleTeacher
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
	if list, err = s.present(ctx, c, list...); err != nil {
		return nil, "", err
	}
	return list, next, nil
}
