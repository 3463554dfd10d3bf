package tournaments

import (
	"errors"
	"testing"
)

func TestArenaWinnerStaysAndTitle(t *testing.T) {
	tr := newTestTournament(0, 0, 0, 0, 0)
	a := Arena{Defences: 2}
	playRound(t, a, tr, 1, "1-2", map[string]Result{"1-2": Loss}) // 2 takes the stage
	playRound(t, a, tr, 2, "2-3", map[string]Result{"2-3": Win})  // 2 had Black: now White; defence 1
	playRound(t, a, tr, 3, "4-2", map[string]Result{"4-2": Draw}) // draw: the defender stays, defence 2
	if _, err := a.Pair(tr, 4); !errors.Is(err, ErrRoundsComplete) {
		t.Fatalf("after the title: %v", err)
	}
	// 2 holds the title; 5 never played (still waiting); 4 was out last.
	if got := standingsText(t, a, tr, 3); got != "1:2 2:5 3:4 4:3 5:1" {
		t.Errorf("standings: %s", got)
	}
}

func TestArenaDrawRulesAndQueue(t *testing.T) {
	tr := newTestTournament(0, 0, 0)
	a := Arena{Draw: ArenaDrawReplay, Order: []int{3, 1, 2}}
	playRound(t, a, tr, 1, "3-1", map[string]Result{"3-1": Draw})
	playRound(t, a, tr, 2, "1-3", map[string]Result{"1-3": Draw}) // replayed, colours reversed
	playRound(t, a, tr, 3, "3-1", map[string]Result{"3-1": Win})
	playRound(t, a, tr, 4, "2-3", map[string]Result{"2-3": Win})
	if _, err := a.Pair(tr, 5); !errors.Is(err, ErrRoundsComplete) {
		t.Fatalf("queue empty: %v", err)
	}
	if got := standingsText(t, a, tr, 4); got != "1:2 2:3 3:1" {
		t.Errorf("standings: %s", got)
	}

	tr = newTestTournament(0, 0, 0)
	a = Arena{Draw: ArenaDrawChallengerTakes}
	playRound(t, a, tr, 1, "1-2", map[string]Result{"1-2": Draw})
	playRound(t, a, tr, 2, "2-3", map[string]Result{"2-3": Loss}) // 2 had Black
	if got := standingsText(t, a, tr, 2); got != "1:3 2:2 3:1" {
		t.Errorf("challenger takes: %s", got)
	}
}

func TestArenaErrors(t *testing.T) {
	tr := newTestTournament(0, 0, 0)
	var se *SystemError
	for _, a := range []Arena{{Order: []int{1, 1, 2}}, {Order: []int{1, 2}}, {Order: []int{1, 2, 9}}, {Defences: -1}} {
		if _, err := a.Pair(tr, 1); !errors.As(err, &se) {
			t.Errorf("%+v: %v", a, err)
		}
	}
	if _, err := (Arena{}).Pair(tr, 2); !errors.Is(err, ErrResultsMissing) {
		t.Errorf("no result: %v", err)
	}
	game(tr, 0, 1, 3, Win) // 1 should play 2
	if _, err := (Arena{}).Pair(tr, 2); !errors.As(err, &se) || se.Code != CodeWrongGames {
		t.Errorf("wrong game: %v", err)
	}
}
