package models_test

import (
	"errors"
	"slices"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/tournaments"
)

// TestTournamentStore stores an event and reads it back whole, scoped to
// its school; a save from an old version is ErrConflict and writes
// nothing; the students and teachers of classes come from enrollments.
func TestTournamentStore(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		f := newAssignmentFixture(t, db)
		st := models.NewTournamentStore(db)
		now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
		ev := &tournaments.Event{ID: id(), SchoolID: f.school, Name: "赛", Game: "chess", System: "dutch",
			ClassIDs: []string{f.class}, Rounds: 5, Scoring: "1-0.5-0", TieBreaks: []string{"BH-C1", "SB"}, PairedRounds: 1,
			CreatedBy: f.teacher, CreatedAt: now, UpdatedAt: now,
			Players: []tournaments.Entrant{{Number: 1, StudentID: f.s1, ClassID: f.class, Name: "Wang", FromRound: 1},
				{Number: 2, StudentID: f.s2, ClassID: f.class, Name: "Li", FromRound: 1, WithdrawnFrom: 3}},
			Boards:   []tournaments.Board{{Round: 1, Number: 1, White: 2, Black: 1, Result: tournaments.OutcomeDraw}},
			Absences: []tournaments.Absence{{Player: 1, Round: 2, Kind: tournaments.HalfPointBye}},
		}
		if err := st.Create(ctx, ev); err != nil {
			t.Fatal(err)
		}
		got, err := st.Event(ctx, f.school, ev.ID)
		if err != nil {
			t.Fatal(err)
		}
		ev.Version = 1
		if !slices.Equal(got.Players, ev.Players) || !slices.Equal(got.Boards, ev.Boards) || !slices.Equal(got.Absences, ev.Absences) ||
			!slices.Equal(got.TieBreaks, ev.TieBreaks) || !slices.Equal(got.ClassIDs, ev.ClassIDs) || got.Version != 1 || got.Name != "赛" ||
			!got.CreatedAt.Equal(now) {
			t.Fatalf("read back %+v\nwant %+v", got, ev)
		}
		if _, err := st.Event(ctx, id(), ev.ID); !errors.Is(err, tournaments.ErrNotFound) {
			t.Fatalf("another school: %v", err)
		}
		// Two changes from version 1: the first is saved, the second not.
		a, _ := st.Event(ctx, f.school, ev.ID)
		b, _ := st.Event(ctx, f.school, ev.ID)
		a.Boards = append(a.Boards, tournaments.Board{Round: 2, Number: 1, White: 1, Black: 2})
		a.PairedRounds = 2
		if err := st.Save(ctx, a); err != nil {
			t.Fatal(err)
		}
		b.Boards = nil
		b.Name = "lost"
		if err := st.Save(ctx, b); !errors.Is(err, tournaments.ErrConflict) {
			t.Fatalf("save from an old version: %v", err)
		}
		now2, _ := st.Event(ctx, "", ev.ID)
		if now2.Version != 2 || now2.PairedRounds != 2 || len(now2.Boards) != 2 || now2.Name != "赛" {
			t.Fatalf("after the conflict: %+v", now2)
		}
		students, err := st.Students(ctx, []string{f.class})
		if err != nil || len(students) != 2 {
			t.Fatalf("students %v %v", students, err)
		}
		if ok, _ := st.Teaches(ctx, f.teacher, []string{f.class}); !ok {
			t.Fatal("the teacher does not teach the class")
		}
		if ok, _ := st.Teaches(ctx, f.s1, []string{f.class}); ok {
			t.Fatal("a student teaches the class")
		}
		mine, err := st.ForStudent(ctx, f.s2)
		if err != nil || len(mine) != 1 || mine[0].ID != ev.ID {
			t.Fatalf("for student: %v %v", mine, err)
		}
		list, err := st.List(ctx, tournaments.ListQuery{SchoolID: f.school, TeacherID: f.teacher}, domain.Page{Limit: 10})
		if err != nil || len(list) != 1 {
			t.Fatalf("list %v %v", list, err)
		}
		if list, _ := st.List(ctx, tournaments.ListQuery{SchoolID: id()}, domain.Page{Limit: 10}); len(list) != 0 {
			t.Fatalf("another school's list: %v", list)
		}
	})
}

// TestTournamentStoreSystemFields stores the settings of a knockout and an
// arena (tie rule, third-place match, the teacher's choices, defences for
// the title, the queue, tie-break rules, number-chess ruleset) and the
// knockout flags of boards, reads them back, saves changed choices and
// queue; a row written before tie-break rules were kept reads as fide2026,
// the text it was ranked by.
func TestTournamentStoreSystemFields(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		f := newAssignmentFixture(t, db)
		st := models.NewTournamentStore(db)
		now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
		players := []tournaments.Entrant{{Number: 1, StudentID: f.s1, ClassID: f.class, Name: "Wang", FromRound: 1},
			{Number: 2, StudentID: f.s2, ClassID: f.class, Name: "Li", FromRound: 1}}
		ko := &tournaments.Event{ID: id(), SchoolID: f.school, Name: "淘汰", Game: "numchess", System: "knockout",
			ClassIDs: []string{f.class}, Scoring: "1-0.5-0", TieBreaks: []string{}, PairedRounds: 1, CreatedBy: f.teacher,
			CreatedAt: now, UpdatedAt: now, TieBreakRules: tournaments.FIDE2023, Ruleset: "G23", TieRule: "teacher", ThirdPlace: true,
			Decisions: []tournaments.KnockoutChoice{{Round: 1, Winner: 2}}, Players: players,
			Boards: []tournaments.Board{{Round: 1, Number: 1, White: 1, Black: 2, Result: tournaments.OutcomeDraw, Stage: 1, Decider: true, ThirdPlace: true}},
		}
		arena := &tournaments.Event{ID: id(), SchoolID: f.school, Name: "擂台", Game: "chess", System: "arena",
			ClassIDs: []string{f.class}, Scoring: "1-0.5-0", TieBreaks: []string{}, CreatedBy: f.teacher, CreatedAt: now, UpdatedAt: now,
			TieBreakRules: tournaments.FIDE2026, TitleDefences: 3, Queue: []int{2, 1}, Players: players}
		for _, ev := range []*tournaments.Event{ko, arena} {
			if err := st.Create(ctx, ev); err != nil {
				t.Fatal(err)
			}
		}
		got, err := st.Event(ctx, f.school, ko.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.TieBreakRules != tournaments.FIDE2023 || got.Ruleset != "G23" || got.TieRule != "teacher" || !got.ThirdPlace ||
			!slices.Equal(got.Decisions, ko.Decisions) || !slices.Equal(got.Boards, ko.Boards) {
			t.Fatalf("knockout read back %+v", got)
		}
		got.Decisions = append(got.Decisions, tournaments.KnockoutChoice{Round: 3, Winner: 1})
		if err := st.Save(ctx, got); err != nil {
			t.Fatal(err)
		}
		if again, _ := st.Event(ctx, f.school, ko.ID); len(again.Decisions) != 2 || again.Decisions[1] != (tournaments.KnockoutChoice{Round: 3, Winner: 1}) {
			t.Fatalf("choices after save %+v", again.Decisions)
		}
		a, err := st.Event(ctx, f.school, arena.ID)
		if err != nil || a.TitleDefences != 3 || !slices.Equal(a.Queue, []int{2, 1}) || a.TieBreakRules != tournaments.FIDE2026 || len(a.Decisions) != 0 {
			t.Fatalf("arena read back %+v %v", a, err)
		}
		a.Queue = []int{1, 2}
		if err := st.Save(ctx, a); err != nil {
			t.Fatal(err)
		}
		if again, _ := st.Event(ctx, f.school, arena.ID); !slices.Equal(again.Queue, []int{1, 2}) {
			t.Fatalf("queue after save %v", again.Queue)
		}
		if err := db.Exec("UPDATE tournaments SET tie_break_rules = '' WHERE id = ?", arena.ID).Error; err != nil {
			t.Fatal(err)
		}
		if old, _ := st.Event(ctx, f.school, arena.ID); old.TieBreakRules != tournaments.FIDE2026 {
			t.Fatalf("a row without tie-break rules reads as %q", old.TieBreakRules)
		}
	})
}
