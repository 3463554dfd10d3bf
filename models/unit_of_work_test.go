package models_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/games"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/rules/game"
	"qixue/tournaments"
)

// TestUnitOfWork writes game records and a tournament change in one
// GameStore.InTx: when the use case fails after both were written,
// neither is kept; when it succeeds, both are.
func TestUnitOfWork(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		f := newAssignmentFixture(t, db)
		gs, ts := models.NewGameStore(db), models.NewTournamentStore(db)
		now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
		ev := &tournaments.Event{ID: id(), SchoolID: f.school, Name: "赛", Game: "chess", System: "dutch",
			ClassIDs: []string{f.class}, Rounds: 3, Scoring: "1-0.5-0", PairedRounds: 1, CreatedBy: f.teacher, CreatedAt: now, UpdatedAt: now,
			Players: []tournaments.Entrant{{Number: 1, StudentID: f.s1, ClassID: f.class, Name: "Wang", FromRound: 1},
				{Number: 2, StudentID: f.s2, ClassID: f.class, Name: "Li", FromRound: 1}},
			Boards: []tournaments.Board{{Round: 1, Number: 1, White: 1, Black: 2, Result: tournaments.OutcomePending}},
		}
		if err := ts.Create(ctx, ev); err != nil {
			t.Fatal(err)
		}
		svc := games.NewService(gs, games.Config{Now: func() time.Time { return now }})
		admin := domain.Principal{UserID: f.teacher, SchoolID: f.school, Role: domain.RoleSchoolAdmin}
		useCase := func(ctx context.Context, text string, fail error) error {
			return gs.InTx(ctx, func(ctx context.Context) error {
				rep, err := svc.Upload(ctx, admin, games.Upload{Game: game.Chess, Text: text})
				if err != nil || len(rep.Stored) != 1 {
					t.Fatalf("upload: %v %+v", err, rep)
				}
				e, err := ts.Event(ctx, f.school, ev.ID)
				if err != nil {
					return err
				}
				e.Boards[0].Result = tournaments.OutcomeWhiteWins
				if err := ts.Save(ctx, e); err != nil {
					return err
				}
				return fail
			})
		}
		boom := errors.New("boom")
		if err := useCase(ctx, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 1-0\n", boom); !errors.Is(err, boom) {
			t.Fatalf("failed use case: %v", err)
		}
		list, err := gs.List(ctx, games.Query{SchoolID: f.school}, domain.Page{Limit: 10})
		if err != nil || len(list) != 0 {
			t.Fatalf("a failed use case kept %d records (%v)", len(list), err)
		}
		if e, _ := ts.Event(ctx, f.school, ev.ID); e.Version != 1 || e.Boards[0].Result != tournaments.OutcomePending {
			t.Fatalf("a failed use case kept the tournament change: version %d, result %q", e.Version, e.Boards[0].Result)
		}
		if err := useCase(ctx, "[White \"A\"]\n[Black \"B\"]\n\n1. d4 d5 1-0\n", nil); err != nil {
			t.Fatal(err)
		}
		list, _ = gs.List(ctx, games.Query{SchoolID: f.school}, domain.Page{Limit: 10})
		if e, _ := ts.Event(ctx, f.school, ev.ID); len(list) != 1 || e.Version != 2 || e.Boards[0].Result != tournaments.OutcomeWhiteWins {
			t.Fatalf("after the use case: %d records, version %d, result %q", len(list), e.Version, e.Boards[0].Result)
		}
	})
}
