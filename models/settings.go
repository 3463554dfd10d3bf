package models

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// settingRow is one key/value of instance-wide settings.
type settingRow struct {
	Name  string `gorm:"primaryKey;size:64"`
	Value string `gorm:"not null"`
}

func (settingRow) TableName() string { return "settings" }

// Setting returns the stored value of key. If none is stored yet it stores
// create() and returns it; concurrent first calls agree on one value.
func Setting(ctx context.Context, db *gorm.DB, key string, create func() string) (string, error) {
	var row settingRow
	err := db.WithContext(ctx).Where("name = ?", key).Take(&row).Error
	if err == nil {
		return row.Value, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return "", err
	}
	row = settingRow{Name: key, Value: create()}
	if err := db.WithContext(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error; err != nil {
		return "", err
	}
	if err := db.WithContext(ctx).Where("name = ?", key).Take(&row).Error; err != nil {
		return "", err
	}
	return row.Value, nil
}
