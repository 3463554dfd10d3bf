package models

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"qixue/audit"
	"qixue/domain"
	"qixue/tournaments"
)

// TournamentStore implements tournaments.Store on GORM.
type TournamentStore struct{ db *gorm.DB }

// NewTournamentStore returns a store on db.
func NewTournamentStore(db *gorm.DB) *TournamentStore { return &TournamentStore{db: db} }

var _ tournaments.Store = (*TournamentStore)(nil)

// Classes returns the active classes among ids that schoolID sees.
func (s *TournamentStore) Classes(ctx context.Context, schoolID string, ids []string) ([]tournaments.Class, error) {
	var rows []classRow
	q := conn(ctx, s.db).Where("id IN ? AND deactivated_at IS NULL", ids)
	if schoolID != "" {
		q = q.Where("school_id = ?", schoolID)
	}
	if err := q.Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]tournaments.Class, len(rows))
	for i, r := range rows {
		out[i] = tournaments.Class{ID: r.ID, SchoolID: r.SchoolID, Name: r.Name}
	}
	return out, nil
}

// Teaches reports whether the user is an active teacher of any of the
// classes that is itself active (a deactivated class grants nothing).
func (s *TournamentStore) Teaches(ctx context.Context, userID string, classIDs []string) (bool, error) {
	if len(classIDs) == 0 {
		return false, nil
	}
	var n int64
	err := conn(ctx, s.db).Model(&enrollmentRow{}).
		Where("user_id = ? AND class_id IN ? AND role = ? AND deactivated_at IS NULL", userID, classIDs, string(domain.RoleTeacher)).
		Where("class_id IN (?)", s.db.Model(&classRow{}).Select("id").Where("deactivated_at IS NULL")).
		Count(&n).Error
	return n > 0, err
}

// Students returns the active students of the classes (a student in two
// of them once, with the first class).
func (s *TournamentStore) Students(ctx context.Context, classIDs []string) ([]tournaments.Student, error) {
	var rows []struct {
		ID, ClassID, RealName string
	}
	err := conn(ctx, s.db).Table("enrollments e").Select("u.id, e.class_id, u.real_name").
		Joins("JOIN users u ON u.id = e.user_id").
		Where("e.class_id IN ? AND e.role = ? AND e.deactivated_at IS NULL AND u.deactivated_at IS NULL", classIDs, string(domain.RoleStudent)).
		Order("u.id, e.class_id").Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make([]tournaments.Student, 0, len(rows))
	for _, r := range rows {
		if len(out) > 0 && out[len(out)-1].ID == r.ID {
			continue
		}
		out = append(out, tournaments.Student{ID: r.ID, ClassID: r.ClassID, RealName: r.RealName})
	}
	return out, nil
}

// Create stores a new event at version 1.
func (s *TournamentStore) Create(ctx context.Context, ev *tournaments.Event) error {
	row := toTournamentRow(ev)
	row.Version = 1
	return conn(ctx, s.db).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&row).Error; err != nil {
			return err
		}
		return insertChildren(tx, toTournamentChildren(ev))
	})
}

func insertChildren(tx *gorm.DB, ch tournamentChildren) error {
	for _, rows := range []struct {
		n    int
		rows any
	}{{len(ch.classes), ch.classes}, {len(ch.players), ch.players}, {len(ch.boards), ch.boards}, {len(ch.absences), ch.absences}} {
		if rows.n == 0 {
			continue
		}
		if err := tx.CreateInBatches(rows.rows, 200).Error; err != nil {
			return err
		}
	}
	return nil
}

// Event loads a whole event of schoolID ("" any school).
func (s *TournamentStore) Event(ctx context.Context, schoolID, id string) (*tournaments.Event, error) {
	var row tournamentRow
	if err := takeOfSchool(conn(ctx, s.db), schoolID, id, &row); err != nil {
		return nil, err
	}
	evs, err := s.withChildren(conn(ctx, s.db), []tournamentRow{row})
	if err != nil {
		return nil, err
	}
	return evs[0], nil
}

// withChildren loads the children of the rows, in four queries.
func (s *TournamentStore) withChildren(db *gorm.DB, rows []tournamentRow) ([]*tournaments.Event, error) {
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	var ch tournamentChildren
	for _, q := range []struct {
		dst   any
		order string
	}{{&ch.classes, "tournament_id, position"}, {&ch.players, "tournament_id, number"},
		{&ch.boards, "tournament_id, round, number"}, {&ch.absences, "tournament_id, round, player"}} {
		if err := db.Where("tournament_id IN ?", ids).Order(q.order).Find(q.dst).Error; err != nil {
			return nil, err
		}
	}
	by := map[string]*tournamentChildren{}
	for _, r := range rows {
		by[r.ID] = &tournamentChildren{}
	}
	for _, c := range ch.classes {
		by[c.TournamentID].classes = append(by[c.TournamentID].classes, c)
	}
	for _, p := range ch.players {
		by[p.TournamentID].players = append(by[p.TournamentID].players, p)
	}
	for _, b := range ch.boards {
		by[b.TournamentID].boards = append(by[b.TournamentID].boards, b)
	}
	for _, a := range ch.absences {
		by[a.TournamentID].absences = append(by[a.TournamentID].absences, a)
	}
	out := make([]*tournaments.Event, len(rows))
	for i, r := range rows {
		out[i] = r.toEvent()
		by[r.ID].fill(out[i])
	}
	return out, nil
}

// Save replaces the stored event with ev in one transaction, only when
// the stored version is still ev.Version (then it becomes ev.Version+1);
// otherwise tournaments.ErrConflict and nothing is written. The version
// check is an UPDATE ... WHERE version = ?, so of two saves from the same
// version the second waits for the first and then matches no row.
func (s *TournamentStore) Save(ctx context.Context, ev *tournaments.Event, log ...audit.Entry) error {
	row := toTournamentRow(ev)
	return conn(ctx, s.db).Transaction(func(tx *gorm.DB) error {
		if err := writeAudit(tx, log...); err != nil {
			return err
		}
		res := tx.Model(&tournamentRow{}).Where("id = ? AND school_id = ? AND version = ?", ev.ID, ev.SchoolID, ev.Version).
			Updates(map[string]any{"name": row.Name, "rounds": row.Rounds, "scoring": row.Scoring, "tie_breaks": row.TieBreaks,
				"paired_rounds": row.PairedRounds, "version": ev.Version + 1, "updated_at": row.UpdatedAt,
				"decisions": row.Decisions, "queue": row.Queue})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return tournaments.ErrConflict
		}
		for _, m := range []any{&tournamentClassRow{}, &tournamentPlayerRow{}, &tournamentBoardRow{}, &tournamentAbsenceRow{}} {
			if err := tx.Where("tournament_id = ?", ev.ID).Delete(m).Error; err != nil {
				return err
			}
		}
		return insertChildren(tx, toTournamentChildren(ev))
	})
}

// SaveResult writes one board's result over the board as it was loaded:
// the event row's version goes up by one whatever it is (so whole-event
// saves loaded before see the change), but only if its paired rounds are
// still ev.PairedRounds; the board row only if it is still before. On
// PostgreSQL the first UPDATE locks the event row, so results of other
// boards queue behind it instead of failing.
func (s *TournamentStore) SaveResult(ctx context.Context, ev *tournaments.Event, before, after tournaments.Board, log ...audit.Entry) error {
	return conn(ctx, s.db).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&tournamentRow{}).Where("id = ? AND school_id = ? AND paired_rounds = ?", ev.ID, ev.SchoolID, ev.PairedRounds).
			Updates(map[string]any{"version": gorm.Expr("version + 1"), "updated_at": ev.UpdatedAt})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return tournaments.ErrConflict
		}
		res = tx.Model(&tournamentBoardRow{}).
			Where("tournament_id = ? AND round = ? AND number = ? AND white = ? AND black = ? AND result = ? AND reported = ? AND reported_by = ?",
				ev.ID, before.Round, before.Number, before.White, before.Black, string(before.Result), string(before.Reported), before.ReportedBy).
			Updates(map[string]any{"result": string(after.Result), "reported": string(after.Reported), "reported_by": after.ReportedBy})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return tournaments.ErrConflict
		}
		if err := writeAudit(tx, log...); err != nil {
			return err
		}
		var version int
		if err := tx.Model(&tournamentRow{}).Where("id = ?", ev.ID).Pluck("version", &version).Error; err != nil {
			return err
		}
		ev.Version = version
		return nil
	})
}

// List returns up to page.Limit+1 events matching q after page.After, in
// ID order, without their children other than classes.
func (s *TournamentStore) List(ctx context.Context, q tournaments.ListQuery, page domain.Page) ([]*tournaments.Event, error) {
	db := conn(ctx, s.db)
	tx := db.Model(&tournamentRow{})
	if q.SchoolID != "" {
		tx = tx.Where("school_id = ?", q.SchoolID)
	}
	if q.ClassID != "" {
		tx = tx.Where("id IN (?)", db.Model(&tournamentClassRow{}).Select("tournament_id").Where("class_id = ?", q.ClassID))
	}
	if q.TeacherID != "" {
		taught := db.Model(&enrollmentRow{}).Select("class_id").
			Where("user_id = ? AND role = ? AND deactivated_at IS NULL", q.TeacherID, string(domain.RoleTeacher)).
			Where("class_id IN (?)", db.Model(&classRow{}).Select("id").Where("deactivated_at IS NULL"))
		tx = tx.Where("id IN (?)", db.Model(&tournamentClassRow{}).Select("tournament_id").Where("class_id IN (?)", taught))
	}
	if page.After != "" {
		tx = tx.Where("id > ?", page.After)
	}
	var rows []tournamentRow
	if err := tx.Order("id").Limit(page.Limit + 1).Find(&rows).Error; err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return nil, nil
	}
	return s.withChildren(db, rows)
}

// ForStudent returns the whole events the student is an entrant of,
// newest first.
func (s *TournamentStore) ForStudent(ctx context.Context, studentID string) ([]*tournaments.Event, error) {
	db := conn(ctx, s.db)
	var rows []tournamentRow
	err := db.Where("id IN (?)", db.Model(&tournamentPlayerRow{}).Select("tournament_id").Where("student_id = ?", studentID)).
		Order("created_at DESC, id").Find(&rows).Error
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	return s.withChildren(db, rows)
}

// takeOfSchool loads the row with the id into row, of schoolID ("" any
// school): tournaments.ErrNotFound when there is none.
func takeOfSchool(db *gorm.DB, schoolID, id string, row any) error {
	q := db.Where("id = ?", id)
	if schoolID != "" {
		q = q.Where("school_id = ?", schoolID)
	}
	err := q.Take(row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return tournaments.ErrNotFound
	}
	return err
}
