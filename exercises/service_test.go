package exercises_test

import (
	"encoding/json"
	"testing"

	"qixue/exercises"
)

// TestBankIDStable pins the IDs of built-in exercises: attempts and
// progress refer to them, so the derivation from the key must never change.
func TestBankIDStable(t *testing.T) {
	if got, want := exercises.BankID("chess/escape-001"), exercises.BankID("chess/escape-001"); got != want {
		t.Fatalf("BankID not deterministic: %s %s", got, want)
	}
	if got := exercises.BankID("numchess/expression-021"); got != "03b82695-a4eb-5684-aadc-c02034d3df40" {
		t.Fatalf("BankID(numchess/expression-021) = %s; the derivation changed", got)
	}
	if exercises.BankID("a") == exercises.BankID("b") {
		t.Fatal("two keys share an ID")
	}
}

func TestGameOf(t *testing.T) {
	for _, tc := range []struct {
		ex   exercises.Exercise
		want exercises.Game
	}{
		{exercises.Exercise{Kind: "numchess.expression"}, exercises.NumChess},
		{exercises.Exercise{Kind: "choice", Prompt: json.RawMessage(`{"game":"draughts","options":[]}`)}, exercises.Draughts},
		{exercises.Exercise{Kind: "number", Key: "gomoku/rules-001", Prompt: json.RawMessage(`{}`)}, exercises.Gomoku},
		{exercises.Exercise{Kind: "number", Prompt: json.RawMessage(`{}`)}, ""},
	} {
		if got := exercises.GameOf(tc.ex); got != tc.want {
			t.Errorf("GameOf(%+v) = %q, want %q", tc.ex, got, tc.want)
		}
	}
}
