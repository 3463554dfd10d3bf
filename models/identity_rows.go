package models

import (
	"time"

	"github.com/google/uuid"

	"qixue/domain"
	"qixue/identity"
)

// schoolRow is a row of schools.
type schoolRow struct {
	ID        string `gorm:"primaryKey;size:36"`
	Name      string `gorm:"size:200;not null"`
	SourcedID string `gorm:"size:255;not null;default:'';index"`
	CreatedAt time.Time
	UpdatedAt time.Time
}

func (schoolRow) TableName() string { return "schools" }

func toSchoolRow(s identity.School) schoolRow {
	return schoolRow{ID: s.ID, Name: s.Name, SourcedID: s.SourcedID, CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt}
}

func (r schoolRow) toSchool() identity.School {
	return identity.School{ID: r.ID, Name: r.Name, SourcedID: r.SourcedID, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

// userRow is a row of users. SchoolID is NULL for platform admins.
type userRow struct {
	ID       string  `gorm:"primaryKey;size:36"`
	SchoolID *string `gorm:"size:36;index"`
	Role     string  `gorm:"size:20;not null"`
	Username string  `gorm:"size:64;not null;uniqueIndex"`
	RealName string  `gorm:"size:100;not null"`
	// GivenName and Nickname decide identity.ShownName; rows from before
	// them read as "" (added by AutoMigrate with that default).
	GivenName    string `gorm:"size:100;not null;default:''"`
	Nickname     string `gorm:"size:100;not null;default:''"`
	Email        string `gorm:"size:254;not null;default:''"`
	PasswordHash string `gorm:"size:100;not null;default:''"`
	PINHash      string `gorm:"column:pin_hash;size:100;not null;default:''"`
	SourcedID    string `gorm:"size:255;not null;default:'';index"`
	// SortKey is identity.NameSortKey(RealName): lists order by it.
	SortKey       string `gorm:"size:512;not null;default:'';index:idx_users_sort_key"`
	DeactivatedAt *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (userRow) TableName() string { return "users" }

func toUserRow(u identity.User) userRow {
	r := userRow{ID: u.ID, Role: string(u.Role), Username: u.Username, RealName: u.RealName, GivenName: u.GivenName, Nickname: u.Nickname, Email: u.Email,
		PasswordHash: u.PasswordHash, PINHash: u.PINHash, SourcedID: u.SourcedID, DeactivatedAt: timePtr(u.DeactivatedAt),
		SortKey: identity.NameSortKey(u.RealName), CreatedAt: u.CreatedAt, UpdatedAt: u.UpdatedAt}
	if u.SchoolID != "" {
		r.SchoolID = &u.SchoolID
	}
	return r
}

func (r userRow) toUser() identity.User {
	u := identity.User{ID: r.ID, Role: domain.Role(r.Role), Username: r.Username, RealName: r.RealName, GivenName: r.GivenName, Nickname: r.Nickname, Email: r.Email,
		PasswordHash: r.PasswordHash, PINHash: r.PINHash, SourcedID: r.SourcedID, DeactivatedAt: timeOf(r.DeactivatedAt),
		SortKey: r.SortKey, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
	if r.SchoolID != nil {
		u.SchoolID = *r.SchoolID
	}
	return u
}

// classRow is a row of classes.
type classRow struct {
	ID            string `gorm:"primaryKey;size:36"`
	SchoolID      string `gorm:"size:36;not null;index"`
	Name          string `gorm:"size:100;not null"`
	Grade         int    `gorm:"not null"`
	LoginCode     string `gorm:"size:16;not null;uniqueIndex"`
	FreeAnalysis  bool   `gorm:"not null;default:false"`
	HideNames     bool   `gorm:"not null;default:false"`
	ReviewOff     bool   `gorm:"not null;default:false"`
	SourcedID     string `gorm:"size:255;not null;default:'';index"`
	DeactivatedAt *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (classRow) TableName() string { return "classes" }

func toClassRow(c identity.Class) classRow {
	return classRow{ID: c.ID, SchoolID: c.SchoolID, Name: c.Name, Grade: c.Grade.Int(), LoginCode: c.LoginCode,
		FreeAnalysis: c.FreeAnalysis, HideNames: c.HideNames, ReviewOff: c.ReviewOff, SourcedID: c.SourcedID, DeactivatedAt: timePtr(c.DeactivatedAt), CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt}
}

func (r classRow) toClass() identity.Class {
	g, _ := identity.ParseGrade(r.Grade) // stored grades were validated on the way in
	return identity.Class{ID: r.ID, SchoolID: r.SchoolID, Name: r.Name, Grade: g, LoginCode: r.LoginCode,
		FreeAnalysis: r.FreeAnalysis, HideNames: r.HideNames, ReviewOff: r.ReviewOff, SourcedID: r.SourcedID, DeactivatedAt: timeOf(r.DeactivatedAt), CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()}
}

// enrollmentRow is a row of enrollments: one member of one class.
type enrollmentRow struct {
	ClassID       string `gorm:"primaryKey;size:36"`
	UserID        string `gorm:"primaryKey;size:36;index"`
	SchoolID      string `gorm:"size:36;not null;index"`
	Role          string `gorm:"size:20;not null"`
	SourcedID     string `gorm:"size:255;not null;default:''"`
	DeactivatedAt *time.Time
	CreatedAt     time.Time
}

func (enrollmentRow) TableName() string { return "enrollments" }

func toEnrollmentRow(e identity.Enrollment) enrollmentRow {
	return enrollmentRow{ClassID: e.ClassID, UserID: e.UserID, SchoolID: e.SchoolID, Role: string(e.Role),
		SourcedID: e.SourcedID, DeactivatedAt: timePtr(e.DeactivatedAt), CreatedAt: e.CreatedAt}
}

func (r enrollmentRow) toEnrollment() identity.Enrollment {
	return identity.Enrollment{ClassID: r.ClassID, UserID: r.UserID, SchoolID: r.SchoolID, Role: domain.Role(r.Role),
		SourcedID: r.SourcedID, DeactivatedAt: timeOf(r.DeactivatedAt), CreatedAt: r.CreatedAt.UTC()}
}

// refreshTokenRow is a row of refresh_tokens; only the token's hash is kept.
type refreshTokenRow struct {
	ID        string `gorm:"primaryKey;size:36"`
	FamilyID  string `gorm:"size:36;not null;index"`
	UserID    string `gorm:"size:36;not null;index"`
	Hash      string `gorm:"size:64;not null;uniqueIndex"`
	ExpiresAt time.Time
	CreatedAt time.Time
	RotatedAt *time.Time
	RevokedAt *time.Time
}

func (refreshTokenRow) TableName() string { return "refresh_tokens" }

func (r refreshTokenRow) toRefreshToken() identity.RefreshToken {
	t := identity.RefreshToken{ID: r.ID, FamilyID: r.FamilyID, UserID: r.UserID, Hash: r.Hash,
		ExpiresAt: r.ExpiresAt.UTC(), CreatedAt: r.CreatedAt.UTC()}
	if r.RotatedAt != nil {
		t.RotatedAt = r.RotatedAt.UTC()
	}
	if r.RevokedAt != nil {
		t.RevokedAt = r.RevokedAt.UTC()
	}
	return t
}

// revocationRow records that a user's access tokens issued up to At no
// longer work (identity.Revocation). Rows are only inserted and pruned.
type revocationRow struct {
	ID     string    `gorm:"primaryKey;size:36"`
	UserID string    `gorm:"size:36;not null"`
	At     time.Time `gorm:"not null;index"`
}

func (revocationRow) TableName() string { return "access_revocations" }

// revocationRows returns a row per user, all revoked at at.
func revocationRows(userIDs []string, at time.Time) []revocationRow {
	rows := make([]revocationRow, len(userIDs))
	for i, id := range userIDs {
		rows[i] = revocationRow{ID: uuid.NewString(), UserID: id, At: at}
	}
	return rows
}

// timePtr maps a zero time to NULL.
func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// timeOf maps NULL to the zero time.
func timeOf(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}
