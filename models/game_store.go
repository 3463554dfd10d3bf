package models

import (
	"context"
	"errors"
	"fmt"
	"qixue/audit"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/games"
	"qixue/rules/game"
)

// GameStore keeps the club game archive (games.Store).
type GameStore struct{ db *gorm.DB }

// NewGameStore returns the store on db.
func NewGameStore(db *gorm.DB) *GameStore { return &GameStore{db: db} }

var _ games.Store = (*GameStore)(nil)

// ClassesOf returns the active classes the user is an active member of.
func (s *GameStore) ClassesOf(ctx context.Context, userID string) ([]string, error) {
	var ids []string
	err := conn(ctx, s.db).Table("enrollments e").Joins("JOIN classes c ON c.id = e.class_id").
		Where("e.user_id = ? AND e.deactivated_at IS NULL AND c.deactivated_at IS NULL", userID).
		Order("e.class_id").Pluck("e.class_id", &ids).Error
	return ids, err
}

// Students returns the active students of the school, of the classes
// when classIDs is not nil.
func (s *GameStore) Students(ctx context.Context, schoolID string, classIDs []string) ([]games.Student, error) {
	var rows []struct{ ID, RealName, Username string }
	q := conn(ctx, s.db).Table("users u").Select("DISTINCT u.id, u.real_name, u.username").
		Where("u.school_id = ? AND u.role = ? AND u.deactivated_at IS NULL", schoolID, domain.RoleStudent)
	if classIDs != nil {
		q = inList(q.Joins("JOIN enrollments e ON e.user_id = u.id AND e.deactivated_at IS NULL"), "e.class_id", classIDs)
	}
	if err := q.Order("u.id").Scan(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]games.Student, len(rows))
	for i, r := range rows {
		out[i] = games.Student{ID: r.ID, Name: r.RealName, Username: r.Username}
	}
	return out, nil
}

// ShownNames returns identity.ShownName of the users ids of the school.
func (s *GameStore) ShownNames(ctx context.Context, schoolID string, ids []string) (map[string]string, error) {
	return shownNames(ctx, s.db, schoolID, ids)
}

// Create stores the records in one transaction, leaving out those whose
// hash the school already holds (returned by index).
func (s *GameStore) Create(ctx context.Context, recs []*games.Record) ([]int, error) {
	var dups []int
	err := conn(ctx, s.db).Transaction(func(tx *gorm.DB) error {
		dups = dups[:0]
		held := map[string]bool{}
		bySchool := map[string][]string{}
		for _, r := range recs {
			bySchool[r.SchoolID] = append(bySchool[r.SchoolID], r.Hash)
		}
		for school, hashes := range bySchool {
			for b := range slices.Chunk(hashes, 1000) {
				var found []string
				if err := inList(tx.Model(&gameRecordRow{}).Where("school_id = ?", school), "hash", b).Pluck("hash", &found).Error; err != nil {
					return err
				}
				for _, h := range found {
					held[school+"/"+h] = true
				}
			}
		}
		rows := make([]gameRecordRow, 0, len(recs))
		for i, r := range recs {
			if held[r.SchoolID+"/"+r.Hash] {
				dups = append(dups, i)
				continue
			}
			rows = append(rows, toGameRecordRow(r))
		}
		if len(rows) == 0 {
			return nil
		}
		if err := tx.CreateInBatches(rows, 200).Error; err != nil {
			if isDuplicate(err) {
				return games.ErrDuplicate
			}
			return fmt.Errorf("create game records: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return dups, nil
}

// Record loads one record of schoolID ("" any school).
func (s *GameStore) Record(ctx context.Context, schoolID, id string) (*games.Record, error) {
	var row gameRecordRow
	q := conn(ctx, s.db).Where("id = ?", id)
	if schoolID != "" {
		q = q.Where("school_id = ?", schoolID)
	}
	if err := q.Take(&row).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, games.ErrNotFound
		}
		return nil, err
	}
	recs, err := s.withClasses(ctx, []gameRecordRow{row})
	if err != nil {
		return nil, err
	}
	return recs[0], nil
}

// withClasses converts rows and fills the classes of their student
// players.
func (s *GameStore) withClasses(ctx context.Context, rows []gameRecordRow) ([]*games.Record, error) {
	var ids []string
	for _, r := range rows {
		for _, p := range []*string{r.WhiteID, r.BlackID} {
			if p != nil && !slices.Contains(ids, *p) {
				ids = append(ids, *p)
			}
		}
	}
	classes := map[string][]string{}
	if len(ids) > 0 {
		var es []struct{ UserID, ClassID string }
		q := conn(ctx, s.db).Table("enrollments e").Select("e.user_id, e.class_id").
			Joins("JOIN classes c ON c.id = e.class_id").
			Where("e.role = ? AND e.deactivated_at IS NULL AND c.deactivated_at IS NULL", domain.RoleStudent)
		err := inList(q, "e.user_id", ids).Order("e.class_id").Scan(&es).Error
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			classes[e.UserID] = append(classes[e.UserID], e.ClassID)
		}
	}
	out := make([]*games.Record, len(rows))
	for i, row := range rows {
		r := row.toRecord()
		r.ClassIDs = append(append([]string{}, classes[r.White.StudentID]...), classes[r.Black.StudentID]...)
		slices.Sort(r.ClassIDs)
		r.ClassIDs = slices.Compact(r.ClassIDs)
		out[i] = r
	}
	return out, nil
}

// studentsOf is the subquery of the active students of the classes.
func (s *GameStore) studentsOf(classIDs []string) *gorm.DB {
	return inList(s.db.Table("enrollments").Select("user_id").
		Where("role = ? AND deactivated_at IS NULL", domain.RoleStudent), "class_id", classIDs)
}

// List returns up to page.Limit+1 records matching q after page.After,
// in ID order.
func (s *GameStore) List(ctx context.Context, q games.Query, page domain.Page) ([]*games.Record, error) {
	db := conn(ctx, s.db).Model(&gameRecordRow{})
	if q.SchoolID != "" {
		db = db.Where("school_id = ?", q.SchoolID)
	}
	if q.ViewerID != "" {
		own := s.db.Where("submitted_by = ? OR white_id = ? OR black_id = ?", q.ViewerID, q.ViewerID, q.ViewerID)
		if q.UploadsWithoutStudents {
			own = s.db.Where("(submitted_by = ? AND white_id IS NULL AND black_id IS NULL) OR white_id = ? OR black_id = ?", q.ViewerID, q.ViewerID, q.ViewerID)
		}
		if len(q.ViewerClasses) > 0 {
			class := s.db.Where("white_id IN (?) OR black_id IN (?)", s.studentsOf(q.ViewerClasses), s.studentsOf(q.ViewerClasses))
			if q.ConfirmedOnly {
				class = s.db.Where("status = ?", string(games.Confirmed)).Where(class)
			}
			own = own.Or(class)
		}
		db = db.Where(own)
	}
	if q.PlayerID != "" {
		db = db.Where("white_id = ? OR black_id = ?", q.PlayerID, q.PlayerID)
	}
	if q.ClassID != "" {
		db = db.Where("white_id IN (?) OR black_id IN (?)", s.studentsOf([]string{q.ClassID}), s.studentsOf([]string{q.ClassID}))
	}
	if q.Game != "" {
		db = db.Where("game = ?", string(q.Game))
	}
	if q.Event != "" {
		db = db.Where(`LOWER(event) LIKE ? ESCAPE '\'`, "%"+likeEscape(strings.ToLower(q.Event))+"%")
	}
	if q.Opening != "" {
		db = db.Where(`LOWER(opening) LIKE ? ESCAPE '\'`, "%"+likeEscape(strings.ToLower(q.Opening))+"%")
	}
	if q.From != "" {
		db = db.Where("played_on <> '' AND played_on >= ?", q.From)
	}
	if q.To != "" {
		db = db.Where("played_on <> '' AND played_on <= ?", q.To)
	}
	if q.Status != "" {
		db = db.Where("status = ?", string(q.Status))
	}
	if page.After != "" {
		db = db.Where("id > ?", page.After)
	}
	var rows []gameRecordRow
	if err := db.Order("id").Limit(page.Limit + 1).Find(&rows).Error; err != nil {
		return nil, err
	}
	return s.withClasses(ctx, rows)
}

// Update saves the record's fields.
func (s *GameStore) Update(ctx context.Context, rec *games.Record, log ...audit.Entry) error {
	return conn(ctx, s.db).Transaction(func(tx *gorm.DB) error {
		if err := writeAudit(tx, log...); err != nil {
			return err
		}
		return updateGame(tx, rec)
	})
}

func updateGame(tx *gorm.DB, rec *games.Record) error {
	row := toGameRecordRow(rec)
	res := tx.Model(&gameRecordRow{}).Where("id = ? AND school_id = ?", rec.ID, rec.SchoolID).
		Select("hash", "white_id", "white_name", "black_id", "black_name", "played_on", "event", "round_name", "result",
			"opening", "status", "confirmed_by", "confirmed_at", "updated_at").Updates(&row)
	if res.Error != nil {
		if isDuplicate(res.Error) {
			return games.ErrDuplicate
		}
		return fmt.Errorf("update game record: %w", res.Error)
	}
	if res.RowsAffected == 0 {
		return games.ErrNotFound
	}
	return nil
}

// Delete removes the record.
func (s *GameStore) Delete(ctx context.Context, schoolID, id string, log ...audit.Entry) error {
	return conn(ctx, s.db).Transaction(func(tx *gorm.DB) error {
		res := tx.Where("id = ? AND school_id = ?", id, schoolID).Delete(&gameRecordRow{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return games.ErrNotFound
		}
		return writeAudit(tx, log...)
	})
}

// Class returns an active class of the school ("" any school).
func (s *GameStore) Class(ctx context.Context, schoolID, id string) (games.Class, error) {
	var row classRow
	q := conn(ctx, s.db).Where("id = ? AND deactivated_at IS NULL", id)
	if schoolID != "" {
		q = q.Where("school_id = ?", schoolID)
	}
	err := q.Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return games.Class{}, games.ErrNotFound
	}
	if err != nil {
		return games.Class{}, err
	}
	return games.Class{ID: row.ID, SchoolID: row.SchoolID, Name: row.Name}, nil
}

// Played returns the school's confirmed games of game counting on or
// before until, by day and then ID.
func (s *GameStore) Played(ctx context.Context, schoolID string, name game.Name, until string) ([]games.Played, error) {
	var rows []gameRecordRow
	err := conn(ctx, s.db).Select("id", "white_id", "white_name", "black_id", "black_name", "played_on", "result", "confirmed_at").
		Where("school_id = ? AND game = ? AND status = ?", schoolID, string(name), string(games.Confirmed)).
		Where("played_on = '' OR played_on <= ?", until).Order("id").Find(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make([]games.Played, 0, len(rows))
	for _, r := range rows {
		day := r.PlayedOn
		if day == "" && r.ConfirmedAt != nil {
			day = r.ConfirmedAt.UTC().Format(time.DateOnly)
		}
		if day == "" || day > until {
			continue
		}
		out = append(out, games.Played{White: games.Player{StudentID: valueOf(r.WhiteID), Name: r.WhiteName},
			Black: games.Player{StudentID: valueOf(r.BlackID), Name: r.BlackName}, Day: day, Result: r.Result})
	}
	slices.SortStableFunc(out, func(a, b games.Played) int { return strings.Compare(a.Day, b.Day) })
	return out, nil
}

// InTx runs fn in one transaction: the records it writes and, through a
// TournamentStore on the same database, the tournament results it enters
// are saved together or not at all.
func (s *GameStore) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return inTx(ctx, s.db, fn)
}
