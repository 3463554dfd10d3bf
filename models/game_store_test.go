package models_test

import (
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/games"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/rules/game"
)

// TestGameStore goes through the games service on the store: a school's
// upload matched to its students, a repeated game refused by the
// school's hash (another school may hold the same game), the class
// lookup, and the confirmed games the tables read, by the day played or
// else the day confirmed, pending ones left out.
func TestGameStore(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		class, _ := modelstest.SeedClass(t, db, modelstest.Class{Students: 2})
		var school string
		if err := db.Table("classes").Where("id = ?", class).Pluck("school_id", &school).Error; err != nil {
			t.Fatal(err)
		}
		store := models.NewGameStore(db)
		now := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
		svc := games.NewService(store, games.Config{Now: func() time.Time { return now }})
		admin := domain.Principal{UserID: "00000000-0000-7000-8000-000000000001", SchoolID: school, Role: domain.RoleSchoolAdmin}
		text := "[Date \"2026.11.03\"]\n[White \"学生000\"]\n[Black \"学生001\"]\n\n1. e4 e5 1-0\n\n" +
			"[White \"学生001\"]\n[Black \"Guest\"]\n\n1. d4 d5 0-1\n\n" +
			"[Date \"2026.12.01\"]\n[White \"学生001\"]\n[Black \"学生000\"]\n\n1. c4 *\n"
		rep, err := svc.Upload(ctx, admin, games.Upload{Game: game.Chess, Text: text})
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Stored) != 3 || rep.Stored[0].White.StudentID == "" || rep.Stored[1].Black.StudentID != "" {
			t.Fatalf("%+v", rep)
		}
		again, err := svc.Upload(ctx, admin, games.Upload{Game: game.Chess, Text: text})
		if err != nil || len(again.Stored) != 0 || len(again.Refused) != 3 || again.Refused[2].Code != games.CodeDuplicate {
			t.Fatalf("again: %v %+v", err, again)
		}
		other := domain.Principal{UserID: admin.UserID, SchoolID: "00000000-0000-7000-8000-0000000000aa", Role: domain.RoleSchoolAdmin}
		if elsewhere, err := svc.Upload(ctx, other, games.Upload{Game: game.Chess, Text: text}); err != nil || len(elsewhere.Stored) != 3 {
			t.Fatalf("another school: %v %+v", err, elsewhere)
		}
		if c, err := store.Class(ctx, school, class); err != nil || c.Name != "3A" {
			t.Errorf("class %+v %v", c, err)
		}
		if _, err := store.Class(ctx, other.SchoolID, class); !errors.Is(err, games.ErrNotFound) {
			t.Errorf("class of another school: %v", err)
		}
		played, err := store.Played(ctx, school, game.Chess, "2026-11-30")
		if err != nil {
			t.Fatal(err)
		}
		if len(played) != 2 || played[0].Day != "2026-11-03" || played[1].Day != "2026-11-20" || played[1].Black.Name != "Guest" || played[0].Result != games.FirstWins {
			t.Errorf("played %+v", played)
		}
		if p, _ := store.Played(ctx, school, game.Draughts, "2026-12-31"); len(p) != 0 {
			t.Errorf("draughts %+v", p)
		}
		list, _, err := svc.List(ctx, admin, games.Filter{PlayerID: rep.Stored[0].White.StudentID, From: "2026-11-01", To: "2026-11-30"}, domain.Page{})
		if err != nil || len(list) != 1 || list[0].ID != rep.Stored[0].ID || len(list[0].ClassIDs) != 1 || list[0].ClassIDs[0] != class {
			t.Errorf("list %v %+v", err, list)
		}
	})
}
