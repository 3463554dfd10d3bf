package models_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/exercises"
	"qixue/lessons"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/rules/game"
)

// testCurriculum is a small built-in curriculum: two units of lessons.
func testCurriculum(id string, version int) lessons.Curriculum {
	lesson := func(lid string) lessons.Lesson {
		return lessons.Lesson{
			ID: lid, Title: domain.Text{ZH: "课 " + lid, EN: "Lesson " + lid},
			Objectives: []domain.Text{{ZH: "目标", EN: "Goal"}}, Tags: []string{"chess.check"}, Minutes: 10,
			Blocks: []lessons.Block{
				{Type: lessons.BlockText, Text: domain.Text{ZH: "文字", EN: "Text"}},
				{Type: lessons.BlockDiagram, Position: "8/8/8/8/8/8/8/K6k w - - 0 1", Highlight: []string{"a1"}, Flip: true},
				{Type: lessons.BlockExercise, Exercise: "chess/escape-lesson-1"},
			},
		}
	}
	return lessons.Curriculum{
		ID: id, Version: version, Game: game.Chess, Band: exercises.K1,
		Title: domain.Text{ZH: "国际象棋", EN: "Chess"}, Description: domain.Text{ZH: "描述", EN: "About"},
		Units: []lessons.Unit{
			{ID: id + "-board", Title: domain.Text{ZH: "棋盘", EN: "Board"}, Lessons: []lessons.Lesson{lesson(id + "-board-a"), lesson(id + "-board-b")}},
			{ID: id + "-review", Title: domain.Text{ZH: "复习", EN: "Review"}, Lessons: []lessons.Lesson{lesson(id + "-review-a")}},
		},
	}
}

func TestLessonStoreSyncBuiltIn(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := models.NewLessonStore(db)
		now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
		c := testCurriculum("chess-k1", 1)

		res, err := s.SyncBuiltIn(ctx, []lessons.Curriculum{c, testCurriculum("chess-g23", 1)}, now)
		if err != nil || res != (lessons.SyncResult{Inserted: 2}) {
			t.Fatalf("first sync = %+v, %v", res, err)
		}
		res, err = s.SyncBuiltIn(ctx, []lessons.Curriculum{c, testCurriculum("chess-g23", 1)}, now)
		if err != nil || res != (lessons.SyncResult{Unchanged: 2}) {
			t.Fatalf("second sync = %+v, %v", res, err)
		}
		// Content changed without a version bump is still loaded.
		fixed := testCurriculum("chess-g23", 1)
		fixed.Units[0].Lessons[0].Title.EN = "Fixed"
		res, err = s.SyncBuiltIn(ctx, []lessons.Curriculum{c, fixed}, now)
		if err != nil || res != (lessons.SyncResult{Updated: 1, Unchanged: 1}) {
			t.Fatalf("sync of a fix without a version bump = %+v, %v", res, err)
		}
		if g, _ := s.Curriculum(ctx, "", "chess-g23"); g.Units[0].Lessons[0].Title.EN != "Fixed" {
			t.Errorf("fix not loaded: %+v", g.Units[0].Lessons[0])
		}
		got, err := s.Curriculum(ctx, "", "chess-k1")
		if err != nil {
			t.Fatal(err)
		}
		if got.Title.EN != "Chess" || len(got.Units) != 2 || len(got.Units[0].Lessons) != 2 ||
			got.Units[1].ID != "chess-k1-review" || got.Units[0].Lessons[1].ID != "chess-k1-board-b" {
			t.Fatalf("stored curriculum = %+v", got)
		}
		b := got.Units[0].Lessons[0].Blocks[1]
		if b.Type != lessons.BlockDiagram || !b.Flip || b.Highlight[0] != "a1" || got.Units[0].Lessons[0].Objectives[0].ZH != "目标" {
			t.Errorf("lesson round trip = %+v", got.Units[0].Lessons[0])
		}

		// A new version: a changed title and one lesson fewer, updated in place.
		c2 := testCurriculum("chess-k1", 2)
		c2.Title.EN = "Chess, new"
		c2.Units[0].Lessons = c2.Units[0].Lessons[1:]
		res, err = s.SyncBuiltIn(ctx, []lessons.Curriculum{c2}, now.Add(time.Hour))
		if err != nil || res != (lessons.SyncResult{Updated: 1, Unchanged: 0, Retired: 2}) {
			// chess-g23 left the content too: it is retired with chess-k1-board-a.
			t.Fatalf("update sync = %+v, %v", res, err)
		}
		got, err = s.Curriculum(ctx, "", "chess-k1")
		if err != nil || got.Title.EN != "Chess, new" || got.Version != 2 || len(got.Units[0].Lessons) != 1 || got.Units[0].Lessons[0].ID != "chess-k1-board-b" {
			t.Fatalf("updated curriculum = %+v, %v", got, err)
		}
		var n int64
		db.Table("lessons").Where("id = ? AND retired_at IS NOT NULL", "chess-k1-board-a").Count(&n)
		if n != 1 {
			t.Errorf("the removed lesson is not kept as retired")
		}
		if _, err := s.Curriculum(ctx, "", "chess-g23"); !errors.Is(err, lessons.ErrNotFound) {
			t.Errorf("retired curriculum: err = %v", err)
		}

		// Both come back.
		res, err = s.SyncBuiltIn(ctx, []lessons.Curriculum{c, testCurriculum("chess-g23", 1)}, now.Add(2*time.Hour))
		if err != nil || res.Updated != 2 {
			t.Fatalf("return sync = %+v, %v", res, err)
		}
		got, err = s.Curriculum(ctx, "", "chess-g23")
		if err != nil || len(got.Units) != 2 || len(got.Units[0].Lessons) != 2 {
			t.Fatalf("returned curriculum = %+v, %v", got, err)
		}
		got, _ = s.Curriculum(ctx, "", "chess-k1")
		if len(got.Units[0].Lessons) != 2 || got.Units[0].Lessons[0].ID != "chess-k1-board-a" {
			t.Errorf("returned lesson missing: %+v", got.Units[0])
		}
	})
}

func TestLessonStoreCopy(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		s := models.NewLessonStore(db)
		now := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
		if _, err := s.SyncBuiltIn(ctx, []lessons.Curriculum{testCurriculum("chess-k1", 1)}, now); err != nil {
			t.Fatal(err)
		}
		school, other := "0193f0a0-0000-7000-8000-000000000001", "0193f0a0-0000-7000-8000-000000000002"
		cp, err := s.CopyCurriculum(ctx, school, "chess-k1", now)
		if err != nil {
			t.Fatal(err)
		}
		if cp.ID == "chess-k1" || cp.SchoolID != school || cp.CopiedFrom != "chess-k1" || cp.Version != 1 || cp.BuiltIn() {
			t.Fatalf("copy = %+v", cp)
		}
		got, err := s.Curriculum(ctx, school, cp.ID)
		if err != nil {
			t.Fatal(err)
		}
		orig, _ := s.Curriculum(ctx, school, "chess-k1")
		ids := map[string]bool{}
		for i, u := range got.Units {
			ids[u.ID] = true
			if u.ID == orig.Units[i].ID || u.Title != orig.Units[i].Title || len(u.Lessons) != len(orig.Units[i].Lessons) {
				t.Errorf("unit %d = %+v", i, u)
			}
			for j, l := range u.Lessons {
				ids[l.ID] = true
				ol := orig.Units[i].Lessons[j]
				if l.ID == ol.ID || l.Title != ol.Title || len(l.Blocks) != len(ol.Blocks) || l.Blocks[2].Exercise != ol.Blocks[2].Exercise {
					t.Errorf("lesson %d.%d = %+v", i, j, l)
				}
			}
		}
		if len(ids) != 5 {
			t.Errorf("copy ids not distinct: %v", ids)
		}
		if _, err := s.Curriculum(ctx, other, cp.ID); !errors.Is(err, lessons.ErrNotFound) {
			t.Errorf("another school reads the copy: %v", err)
		}
		if _, err := s.CopyCurriculum(ctx, other, cp.ID, now); !errors.Is(err, lessons.ErrNotFound) {
			t.Errorf("another school copies the copy: %v", err)
		}
		// A built-in sync leaves school copies alone.
		if res, err := s.SyncBuiltIn(ctx, nil, now); err != nil || res.Retired != 1 {
			t.Fatalf("sync = %+v, %v", res, err)
		}
		if _, err := s.Curriculum(ctx, school, cp.ID); err != nil {
			t.Errorf("copy after the original retired: %v", err)
		}
	})
}
