package models

import (
	"encoding/json"
	"fmt"
	"strings"

	"gorm.io/gorm"

	"qixue/exercises"
)

// blockExerciseIDs returns the exercise IDs of a lesson's stored blocks, in
// block order. A block names a bank key (stored under exercises.BankID) or,
// in a school's lesson, a school exercise's ID.
func blockExerciseIDs(lessonID, blocksJSON string) ([]string, error) {
	var blocks []lessonBlock
	if err := json.Unmarshal([]byte(blocksJSON), &blocks); err != nil {
		return nil, fmt.Errorf("lesson %s blocks: %w", lessonID, err)
	}
	var ids []string
	for _, b := range blocks {
		if b.Exercise == "" {
			continue
		}
		id := b.Exercise
		if strings.Contains(id, "/") {
			id = exercises.BankID(id)
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// lessonExerciseIDs returns the exercise IDs of each live lesson of
// lessonIDs, in block order, in one query. Retired or unknown lessons are
// absent from the map.
func lessonExerciseIDs(db *gorm.DB, lessonIDs []string) (map[string][]string, error) {
	out := make(map[string][]string, len(lessonIDs))
	if len(lessonIDs) == 0 {
		return out, nil
	}
	var rows []lessonRow
	err := inList(db.Select("id", "blocks"), "id", uniq(lessonIDs)).Where("retired_at IS NULL").Find(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("lesson exercises: %w", err)
	}
	for _, r := range rows {
		ids, err := blockExerciseIDs(r.ID, r.Blocks)
		if err != nil {
			return nil, err
		}
		out[r.ID] = ids
	}
	return out, nil
}
