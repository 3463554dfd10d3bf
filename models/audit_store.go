package models

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"gorm.io/gorm"

	"qixue/audit"
)

// auditRow is a row of audit_entries (audit.Entry). Rows are only
// inserted. SchoolID is "" for entries about platform admins.
type auditRow struct {
	ID         string    `gorm:"primaryKey;size:36"`
	SchoolID   string    `gorm:"size:36;not null;default:'';index:idx_audit_school_at,priority:1"`
	ActorID    string    `gorm:"size:36;not null;default:'';index"`
	ActorRole  string    `gorm:"size:20;not null;default:''"`
	Action     string    `gorm:"size:40;not null"`
	TargetType string    `gorm:"size:20;not null;default:''"`
	TargetID   string    `gorm:"size:255;not null;default:'';index"`
	Details    string    `gorm:"not null;default:'{}'"`
	At         time.Time `gorm:"not null;index:idx_audit_school_at,priority:2;index"`
	ClientAddr string    `gorm:"size:64;not null;default:''"`
	RequestID  string    `gorm:"size:64;not null;default:''"`
}

func (auditRow) TableName() string { return "audit_entries" }

func toAuditRow(e audit.Entry) (auditRow, error) {
	details := []byte("{}")
	if len(e.Details) > 0 {
		b, err := json.Marshal(e.Details)
		if err != nil {
			return auditRow{}, fmt.Errorf("audit details: %w", err)
		}
		details = b
	}
	return auditRow{ID: e.ID, SchoolID: e.SchoolID, ActorID: e.Actor.UserID, ActorRole: e.Actor.Role,
		Action: string(e.Action), TargetType: e.Target.Type, TargetID: e.Target.ID, Details: string(details),
		At: e.At, ClientAddr: e.From.Addr, RequestID: e.From.RequestID}, nil
}

func (r auditRow) toEntry() audit.Entry {
	e := audit.Entry{ID: r.ID, SchoolID: r.SchoolID, Actor: audit.Actor{UserID: r.ActorID, Role: r.ActorRole},
		Action: audit.Action(r.Action), Target: audit.Target{Type: r.TargetType, ID: r.TargetID},
		At: r.At.UTC(), From: audit.Origin{Addr: r.ClientAddr, RequestID: r.RequestID}}
	if r.Details != "" && r.Details != "{}" {
		_ = json.Unmarshal([]byte(r.Details), &e.Details) // written by toAuditRow
	}
	return e
}

// AuditStore implements audit.Store with GORM.
type AuditStore struct {
	db *gorm.DB
}

var _ audit.Store = (*AuditStore)(nil)

// NewAuditStore returns the audit store on db.
func NewAuditStore(db *gorm.DB) *AuditStore { return &AuditStore{db: db} }

// Record stores one entry.
func (s *AuditStore) Record(ctx context.Context, e audit.Entry) error {
	return writeAudit(s.db.WithContext(ctx), e)
}

// writeAudit stores entries on db, which may be the transaction of the
// change they record; entries without an ID or time get them (see
// audit.Stamp).
func writeAudit(db *gorm.DB, entries ...audit.Entry) error {
	if len(entries) == 0 {
		return nil
	}
	rows := make([]auditRow, len(entries))
	for i, e := range entries {
		r, err := toAuditRow(audit.Stamp(db.Statement.Context, e, time.Now()))
		if err != nil {
			return err
		}
		rows[i] = r
	}
	if err := db.CreateInBatches(rows, batchRows).Error; err != nil {
		return fmt.Errorf("record audit entries: %w", err)
	}
	return nil
}

// Entries lists entries newest first (at, then id, descending).
func (s *AuditStore) Entries(ctx context.Context, schoolID string, q audit.Query, p audit.Page) ([]audit.Entry, error) {
	db := s.db.WithContext(ctx).Model(&auditRow{})
	if schoolID != "" {
		db = db.Where("school_id = ?", schoolID)
	}
	if q.UserID != "" {
		db = db.Where("actor_id = ? OR (target_type = ? AND target_id = ?)", q.UserID, audit.TargetUser, q.UserID)
	}
	if q.Action != "" {
		db = db.Where("action = ?", string(q.Action))
	}
	if !q.Since.IsZero() {
		db = db.Where("at >= ?", q.Since.UTC())
	}
	if !q.Until.IsZero() {
		db = db.Where("at < ?", q.Until.UTC())
	}
	if p.After.ID != "" {
		db = db.Where("at < ? OR (at = ? AND id < ?)", p.After.At.UTC(), p.After.At.UTC(), p.After.ID)
	}
	var rows []auditRow
	if err := db.Order("at DESC").Order("id DESC").Limit(p.Limit + 1).Find(&rows).Error; err != nil {
		return nil, err
	}
	out := make([]audit.Entry, len(rows))
	for i, r := range rows {
		out[i] = r.toEntry()
	}
	return out, nil
}
