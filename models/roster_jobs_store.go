package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"qixue/audit"
	"qixue/domain"
	"qixue/roster"
)

// CreateJob stores a queued job and its upload, with the origin of the
// request that ctx carries (audit.OriginFrom).
func (s *RosterStore) CreateJob(ctx context.Context, j roster.Job, upload []byte) error {
	r := toRosterJobRow(j)
	from := audit.OriginFrom(ctx)
	r.ClientAddr, r.RequestID = from.Addr, from.RequestID
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&r).Error; err != nil {
			return fmt.Errorf("create roster job: %w", err)
		}
		return tx.Create(&rosterUploadRow{JobID: j.ID, Data: upload}).Error
	})
}

func rosterNotFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return roster.ErrNotFound
	}
	return err
}

// Job returns a job within the school scope.
func (s *RosterStore) Job(ctx context.Context, schoolID, id string) (roster.Job, error) {
	if !isUUID(id) {
		return roster.Job{}, roster.ErrNotFound
	}
	q := s.db.WithContext(ctx).Where("id = ?", id)
	if schoolID != "" {
		q = q.Where("school_id = ?", schoolID)
	}
	var r rosterJobRow
	if err := q.Take(&r).Error; err != nil {
		return roster.Job{}, rosterNotFound(err)
	}
	return r.toJob(), nil
}

// Jobs lists jobs newest first (IDs are time-ordered).
func (s *RosterStore) Jobs(ctx context.Context, schoolID string, p domain.Page) ([]roster.Job, error) {
	q := s.db.WithContext(ctx).Model(&rosterJobRow{})
	if schoolID != "" {
		q = q.Where("school_id = ?", schoolID)
	}
	if p.After != "" {
		q = q.Where("id < ?", p.After)
	}
	var rows []rosterJobRow
	if err := q.Order("id DESC").Limit(p.Limit + 1).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]roster.Job, len(rows))
	for i, r := range rows {
		out[i] = r.toJob()
	}
	return out, nil
}

// ClaimJob marks the oldest queued job running. On PostgreSQL the row is
// locked with SKIP LOCKED so concurrent workers pass over it; on SQLite
// the write transaction is exclusive.
func (s *RosterStore) ClaimJob(ctx context.Context, now time.Time) (roster.Job, []byte, bool, error) {
	var (
		job    roster.Job
		upload []byte
		found  bool
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		q := tx.Where("status = ?", string(roster.JobQueued)).Order("id").Limit(1)
		if s.isPostgres() {
			q = q.Clauses(clause.Locking{Strength: "UPDATE", Options: "SKIP LOCKED"})
		}
		var r rosterJobRow
		if err := q.Take(&r).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return nil
			}
			return err
		}
		res := tx.Model(&rosterJobRow{}).Where("id = ? AND status = ?", r.ID, string(roster.JobQueued)).Updates(map[string]any{
			"status": string(roster.JobRunning), "started_at": now, "heartbeat_at": now, "attempts": gorm.Expr("attempts + 1"),
		})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		var u rosterUploadRow
		if err := tx.Where("job_id = ?", r.ID).Take(&u).Error; err != nil {
			return fmt.Errorf("roster upload of %s: %w", r.ID, err)
		}
		r.Status, r.Attempts = string(roster.JobRunning), r.Attempts+1
		r.StartedAt, r.HeartbeatAt = &now, &now
		job, upload, found = r.toJob(), u.Data, true
		return nil
	})
	return job, upload, found, err
}

// Heartbeat records a running job's stage and progress.
func (s *RosterStore) Heartbeat(ctx context.Context, id, stage string, progress int, now time.Time) error {
	return s.db.WithContext(ctx).Model(&rosterJobRow{}).Where("id = ? AND status = ?", id, string(roster.JobRunning)).
		Updates(map[string]any{"stage": stage, "progress": progress, "heartbeat_at": now}).Error
}

// FinishJob saves the job's final state and deletes its upload.
//
// A succeeded import that was not a dry run is written to the audit log
// in the same transaction, once, with its counts: the import itself ran
// in the importer's transaction, which knows neither the job nor who
// submitted it, so the entry follows it here (a worker that dies between
// the two runs the job again, and the entry records that run).
func (s *RosterStore) FinishJob(ctx context.Context, j roster.Job) error {
	r := toRosterJobRow(j)
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var prev rosterJobRow
		if err := tx.Select("status", "client_addr", "request_id").Where("id = ?", j.ID).Take(&prev).Error; err != nil {
			return rosterNotFound(err)
		}
		r.ClientAddr, r.RequestID = prev.ClientAddr, prev.RequestID
		if err := tx.Save(&r).Error; err != nil {
			return err
		}
		if err := tx.Where("job_id = ?", j.ID).Delete(&rosterUploadRow{}).Error; err != nil {
			return err
		}
		if j.Status != roster.JobSucceeded || j.DryRun || prev.Status == string(roster.JobSucceeded) {
			return nil
		}
		return writeAudit(tx, rosterImportEntry(j, audit.Origin{Addr: prev.ClientAddr, RequestID: prev.RequestID}))
	})
}

// rosterImportEntry is the audit entry of a succeeded import.
func rosterImportEntry(j roster.Job, from audit.Origin) audit.Entry {
	sm := j.Summary
	return audit.Entry{SchoolID: j.SchoolID, Actor: audit.Actor{UserID: j.CreatedBy, Role: string(j.Role), SchoolID: j.SchoolID},
		Action: audit.ActionRosterImport, Target: audit.Target{Type: audit.TargetRosterImport, ID: j.ID},
		Details: map[string]any{"filename": j.Filename, "schools": sm.Schools, "users": sm.Users, "classes": sm.Classes, "enrollments": sm.Enrollments},
		At:      j.FinishedAt, From: from}
}

// RequeueStale queues again running jobs with an old heartbeat.
func (s *RosterStore) RequeueStale(ctx context.Context, before time.Time) (int, error) {
	res := s.db.WithContext(ctx).Model(&rosterJobRow{}).
		Where("status = ? AND (heartbeat_at IS NULL OR heartbeat_at < ?)", string(roster.JobRunning), before).
		Updates(map[string]any{"status": string(roster.JobQueued), "stage": "queued", "progress": 0})
	return int(res.RowsAffected), res.Error
}

// convertAll converts each element of list with f.
func convertAll[T, R any](f func(T) R, list []T) []R {
	out := make([]R, len(list))
	for i, x := range list {
		out[i] = f(x)
	}
	return out
}
