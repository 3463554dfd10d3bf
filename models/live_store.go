package models

import (
	"context"
	"errors"
	"qixue/domain"
	"qixue/identity"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/play"
)

// LiveChannel is the PostgreSQL NOTIFY channel live games announce their
// changes on (LiveStore.Change; realtime's PostgreSQL fan-out listens).
const LiveChannel = "qixue_live"

// liveHeartbeatSetting is the settings row the flag sweepers of every
// replica keep up to date (LiveStore.Heartbeat).
const liveHeartbeatSetting = "live_clock_heartbeat"

// LiveStore keeps live games (play.Store) on SQLite or PostgreSQL.
type LiveStore struct {
	db       *gorm.DB
	postgres bool
}

// NewLiveStore returns the live-game store on db.
func NewLiveStore(db *gorm.DB) *LiveStore {
	return &LiveStore{db: db, postgres: db.Dialector.Name() == "postgres"}
}

var _ play.Store = (*LiveStore)(nil)

// Broadcasts reports whether Change sends NOTIFY (PostgreSQL).
func (s *LiveStore) Broadcasts() bool { return s.postgres }

// Create stores new games in one transaction.
func (s *LiveStore) Create(ctx context.Context, games ...*play.Game) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		for _, g := range games {
			r := toLiveGameRow(g)
			if err := tx.Create(&r).Error; err != nil {
				return err
			}
		}
		return nil
	})
}

// Game loads a game with its moves and penalties.
func (s *LiveStore) Game(ctx context.Context, schoolID, id string) (*play.Game, error) {
	return loadLiveGame(s.db.WithContext(ctx), schoolID, id, false)
}

func loadLiveGame(db *gorm.DB, schoolID, id string, lock bool) (*play.Game, error) {
	var row liveGameRow
	q := db
	if lock {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	q = q.Where("id = ?", id)
	if schoolID != "" {
		q = q.Where("school_id = ?", schoolID)
	}
	if err := q.Take(&row).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, play.ErrNotFound
		}
		return nil, err
	}
	var moves []liveMoveRow
	if row.Plies > 0 {
		if err := db.Where("game_id = ?", id).Order("ply").Find(&moves).Error; err != nil {
			return nil, err
		}
	}
	var pens []livePenaltyRow
	if row.Penalty0+row.Penalty1 > 0 || row.Game == "numchess" {
		if err := db.Where("game_id = ?", id).Order("number").Find(&pens).Error; err != nil {
			return nil, err
		}
	}
	return row.game(moves, pens), nil
}

// Change runs u.Apply on the game with its row locked (FOR UPDATE on
// PostgreSQL; SQLite has one writer) and saves what it did in the same
// transaction: new moves by ply (a ply stored twice is a unique
// violation: play.ErrConflict), moves taken back, new penalties and the
// game's row over the version it was read at.
func (s *LiveStore) Change(ctx context.Context, id string, u play.Update) (*play.Game, error) {
	var out *play.Game
	var keep error
	var err error
	for attempt := 1; ; attempt++ {
		out, keep = nil, nil
		err = s.change(ctx, id, u, &out, &keep)
		if err == nil || attempt == maxChangeAttempts || !isRetryable(err) || ctx.Err() != nil {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	return out, keep
}

// maxChangeAttempts bounds the retries of a live change whose transaction
// failed on a deadlock, a serialization failure or a busy SQLite.
const maxChangeAttempts = 5

// isRetryable reports whether err aborted a transaction that may simply
// be run again: PostgreSQL's serialization_failure (40001) and
// deadlock_detected (40P01), SQLite busy or locked. Apply runs afresh on
// each attempt (the engine cache entry was taken by the failed one).
func isRetryable(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		return pg.Code == "40001" || pg.Code == "40P01"
	}
	msg := err.Error()
	return strings.Contains(msg, "SQLITE_BUSY") || strings.Contains(msg, "database is locked")
}

func (s *LiveStore) change(ctx context.Context, id string, u play.Update, outp **play.Game, keepp *error) error {
	var out *play.Game
	var keep error
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		g, err := loadLiveGame(tx, "", id, s.postgres)
		if err != nil {
			return err
		}
		version, plies, pens := g.Version, len(g.Moves), len(g.Penalties)
		if err := u.Apply(g); err != nil {
			var pe *play.Error
			if !errors.As(err, &pe) || !pe.Kept() {
				return err
			}
			keep = err
		}
		g.Version = version + 1
		if plies > len(g.Moves) {
			if err := tx.Where("game_id = ? AND ply > ?", id, len(g.Moves)).Delete(&liveMoveRow{}).Error; err != nil {
				return err
			}
		}
		for _, m := range g.Moves[min(plies, len(g.Moves)):] {
			r := toLiveMoveRow(id, m)
			if err := tx.Create(&r).Error; err != nil {
				if isDuplicate(err) {
					return play.ErrConflict
				}
				return err
			}
		}
		for i, p := range g.Penalties[pens:] {
			r := livePenaltyRow{GameID: id, Number: pens + i + 1, Ply: p.Ply, Seat: int(p.Seat), Input: p.Input, Points: p.Points,
				ReasonZH: p.Reason.ZH, ReasonEN: p.Reason.EN, At: p.At.UTC()}
			if err := tx.Create(&r).Error; err != nil {
				return err
			}
		}
		row := toLiveGameRow(g)
		res := tx.Model(&liveGameRow{}).Where("id = ? AND version = ?", id, version).Select("*").Omit("id", "created_at").Updates(&row)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return play.ErrConflict
		}
		if s.postgres && u.Notice != nil {
			if n := u.Notice(g); n != nil {
				if err := tx.Exec("SELECT pg_notify(?, ?)", LiveChannel, string(n)).Error; err != nil {
					return err
				}
			}
		}
		out = g
		return nil
	})
	*outp, *keepp = out, keep
	return err
}

// Notify sends a notice on LiveChannel (PostgreSQL only).
func (s *LiveStore) Notify(ctx context.Context, notice []byte) error {
	if !s.postgres {
		return nil
	}
	return s.db.WithContext(ctx).Exec("SELECT pg_notify(?, ?)", LiveChannel, string(notice)).Error
}

// Due returns the playing games whose deadline has passed.
func (s *LiveStore) Due(ctx context.Context, now time.Time, limit int) ([]string, error) {
	var ids []string
	err := s.db.WithContext(ctx).Model(&liveGameRow{}).Where("status = ? AND deadline <= ?", string(play.Playing), now.UTC()).
		Order("deadline").Limit(limit).Pluck("id", &ids).Error
	return ids, err
}

// ComputerDue returns the playing games where the computer is to move
// and its turn began at or before before. (Not updated_at: gorm writes
// the wall clock there, not the service's.)
func (s *LiveStore) ComputerDue(ctx context.Context, before time.Time, limit int) ([]string, error) {
	var ids []string
	err := s.db.WithContext(ctx).Model(&liveGameRow{}).
		Where("computer_turn = ? AND status = ? AND turn_start <= ?", true, string(play.Playing), before.UTC()).
		Order("turn_start").Limit(limit).Pluck("id", &ids).Error
	return ids, err
}

// List returns games matching q, newest first.
func (s *LiveStore) List(ctx context.Context, q play.Query) ([]*play.Game, error) {
	db := s.db.WithContext(ctx)
	sel := db.Model(&liveGameRow{})
	if q.SchoolID != "" {
		sel = sel.Where("school_id = ?", q.SchoolID)
	}
	if q.ClassID != "" {
		sel = sel.Where("first_class = ? OR second_class = ?", q.ClassID, q.ClassID)
	}
	if q.UserID != "" {
		sel = sel.Where("first_id = ? OR second_id = ?", q.UserID, q.UserID)
	}
	if q.TournamentID != "" {
		sel = sel.Where("tournament_id = ?", q.TournamentID)
	}
	if q.Status != "" {
		sel = sel.Where("status = ?", string(q.Status))
	}
	limit := q.Limit
	if limit <= 0 || limit > 500 {
		limit = 500
	}
	var ids []string
	if err := sel.Order("created_at DESC, id DESC").Limit(limit).Pluck("id", &ids).Error; err != nil {
		return nil, err
	}
	out := make([]*play.Game, 0, len(ids))
	for _, id := range ids {
		g, err := loadLiveGame(db, "", id, false)
		if err != nil {
			if errors.Is(err, play.ErrNotFound) {
				continue
			}
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

// Unarchived returns finished games without an archive record.
func (s *LiveStore) Unarchived(ctx context.Context, before time.Time, limit int) ([]string, error) {
	var ids []string
	err := s.db.WithContext(ctx).Model(&liveGameRow{}).
		Where("status = ? AND archive_id = '' AND finished_at <= ? AND end_code <> 'aborted'", string(play.Finished), before.UTC()).
		Order("finished_at").Limit(limit).Pluck("id", &ids).Error
	return ids, err
}

// SetArchived records the archive record of a game.
func (s *LiveStore) SetArchived(ctx context.Context, id, recordID string) error {
	return s.db.WithContext(ctx).Model(&liveGameRow{}).Where("id = ? AND archive_id = ''", id).UpdateColumn("archive_id", recordID).Error
}

// Heartbeat records that a server runs the clocks, and when none did for
// longer than gap moves the playing games' clocks on by that time (see
// play.Store). The heartbeat row is locked for the check, so that of two
// replicas starting together one shifts the clocks and the other finds
// the heartbeat fresh.
func (s *LiveStore) Heartbeat(ctx context.Context, now time.Time, gap time.Duration) (time.Duration, error) {
	now = now.UTC()
	var shift time.Duration
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.OnConflict{DoNothing: true}).
			Create(&settingRow{Name: liveHeartbeatSetting, Value: strconv.FormatInt(now.UnixMilli(), 10)}).Error; err != nil {
			return err
		}
		var row settingRow
		q := tx
		if s.postgres {
			q = q.Clauses(clause.Locking{Strength: "UPDATE"})
		}
		if err := q.Where("name = ?", liveHeartbeatSetting).Take(&row).Error; err != nil {
			return err
		}
		lastMs, _ := strconv.ParseInt(row.Value, 10, 64)
		last := time.UnixMilli(lastMs).UTC()
		if !now.After(last) {
			return nil
		}
		if down := now.Sub(last); down > gap {
			shift = down
			if err := shiftClocks(tx, shift); err != nil {
				return err
			}
		}
		return tx.Model(&settingRow{}).Where("name = ?", liveHeartbeatSetting).
			UpdateColumn("value", strconv.FormatInt(now.UnixMilli(), 10)).Error
	})
	return shift, err
}

// shiftClocks moves the turn start, deadline and game limit of every
// playing game on by d.
func shiftClocks(tx *gorm.DB, d time.Duration) error {
	var rows []liveGameRow
	if err := tx.Select("id", "turn_start", "deadline", "game_ends").Where("status = ?", string(play.Playing)).Find(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		set := map[string]any{"turn_start": r.TurnStart.Add(d).UTC()}
		if r.Deadline != nil {
			set["deadline"] = r.Deadline.Add(d).UTC()
		}
		if r.GameEnds != nil {
			set["game_ends"] = r.GameEnds.Add(d).UTC()
		}
		if err := tx.Model(&liveGameRow{}).Where("id = ?", r.ID).UpdateColumns(set).Error; err != nil {
			return err
		}
	}
	return nil
}

// CreateChallenge stores a new challenge.
func (s *LiveStore) CreateChallenge(ctx context.Context, c *play.Challenge) error {
	r := toChallengeRow(c)
	return s.db.WithContext(ctx).Create(&r).Error
}

// Challenge loads one challenge.
func (s *LiveStore) Challenge(ctx context.Context, schoolID, id string) (*play.Challenge, error) {
	var r liveChallengeRow
	q := s.db.WithContext(ctx).Where("id = ?", id)
	if schoolID != "" {
		q = q.Where("school_id = ?", schoolID)
	}
	if err := q.Take(&r).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, play.ErrNotFound
		}
		return nil, err
	}
	return r.challenge(), nil
}

// AnswerChallenge closes an open challenge, creating its game in the same
// transaction.
func (s *LiveStore) AnswerChallenge(ctx context.Context, c *play.Challenge, g *play.Game) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&liveChallengeRow{}).Where("id = ? AND status = ?", c.ID, string(play.ChallengeOpen)).
			UpdateColumns(map[string]any{"status": string(c.Status), "game_id": c.GameID, "updated_at": c.UpdatedAt.UTC()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return play.ErrChallengeClosed
		}
		if g != nil {
			r := toLiveGameRow(g)
			return tx.Create(&r).Error
		}
		return nil
	})
}

// Challenges lists the open challenges from or to the user.
func (s *LiveStore) Challenges(ctx context.Context, schoolID, userID string) ([]*play.Challenge, error) {
	var rows []liveChallengeRow
	err := s.db.WithContext(ctx).Where("school_id = ? AND status = ? AND (from_id = ? OR to_id = ?)", schoolID, string(play.ChallengeOpen), userID, userID).
		Order("created_at, id").Limit(200).Find(&rows).Error
	if err != nil {
		return nil, err
	}
	out := make([]*play.Challenge, len(rows))
	for i, r := range rows {
		out[i] = r.challenge()
	}
	return out, nil
}

// Member returns a user of the school with the active classes the user
// attends or teaches (play.Directory).
func (s *LiveStore) Member(ctx context.Context, schoolID, userID string) (play.Member, error) {
	var u userRow
	q := s.db.WithContext(ctx).Where("id = ? AND deactivated_at IS NULL", userID)
	if schoolID != "" {
		q = q.Where("school_id = ?", schoolID)
	}
	if err := q.Take(&u).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return play.Member{}, play.ErrNotFound
		}
		return play.Member{}, err
	}
	m := play.Member{UserID: u.ID, Name: u.RealName, Shown: identity.ShownName(u.Nickname, u.GivenName, u.RealName), Student: u.Role == string(domain.RoleStudent)}
	if u.SchoolID != nil {
		m.SchoolID = *u.SchoolID
	}
	err := s.db.WithContext(ctx).Table("enrollments e").Joins("JOIN classes c ON c.id = e.class_id").
		Where("e.user_id = ? AND e.deactivated_at IS NULL AND c.deactivated_at IS NULL", userID).
		Order("e.class_id").Pluck("e.class_id", &m.Classes).Error
	return m, err
}
