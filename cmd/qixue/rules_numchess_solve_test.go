package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func TestRulesSolve(t *testing.T) {
	tests := []struct {
		args       []string
		wantOut    string
		wantErr    string // substring of stderr
		wantStatus int
	}{
		{args: []string{"--digits", "9,5,4", "--target", "0"}, wantOut: "9−5−4\n"},
		{args: []string{"--digits", "9,5,4", "--target", "0", "--ascii"}, wantOut: "9-5-4\n"},
		{args: []string{"--digits", "2,8,9", "--target", "7", "--ruleset", "G23"}, wantOut: "8×2−9\n"},
		{args: []string{"--digits=6,3", "--target=2", "--ruleset=k1"}, wantErr: "no expression over 6,3 makes 2 in K1", wantStatus: 1},
		{args: []string{"--digits", "2,8,9", "--target", "7", "--ruleset", "K1"}, wantErr: "no expression", wantStatus: 1},
		{args: []string{"--digits", "6,2", "--all"}, wantOut: "-4\n1/3\n3\n4\n8\n12\n26\n36\n62\n"},
		{args: []string{"--digits", "2,5", "--target", "2/5", "--ruleset", "G23"}, wantOut: "2÷5\n"},
		{args: []string{"--digits", "9,5,x", "--target", "0"}, wantErr: `"x" is not a piece number`, wantStatus: 1},
		{args: []string{"--digits", "9,5", "--target", "one"}, wantErr: "is not a number", wantStatus: 1},
		{args: []string{"--digits", "9,5"}, wantErr: "--target is required", wantStatus: 1},
		{args: []string{"--target", "0"}, wantErr: "--digits is required", wantStatus: 1},
		{args: []string{"--digits", "9", "--target", "9", "--ruleset", "G99"}, wantErr: "unknown ruleset", wantStatus: 1},
		{args: []string{"--digits", "9", "--target", "9", "extra"}, wantErr: "unexpected argument", wantStatus: 2},
		{args: []string{"--nope"}, wantErr: "flag provided but not defined", wantStatus: 1},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			var out, errOut bytes.Buffer
			args := append([]string{"rules", "solve"}, tt.args...)
			err := run(context.Background(), args, strings.NewReader(""), &out, &errOut)
			status := 0
			if err != nil {
				var code exitError
				if !errors.As(err, &code) {
					t.Fatalf("error %v, want an exit status", err)
				}
				status = int(code)
			}
			if status != tt.wantStatus {
				t.Errorf("status %d, want %d (stderr %q)", status, tt.wantStatus, errOut.String())
			}
			if tt.wantOut != "" && out.String() != tt.wantOut {
				t.Errorf("stdout %q, want %q", out.String(), tt.wantOut)
			}
			if tt.wantErr != "" && !strings.Contains(errOut.String(), tt.wantErr) {
				t.Errorf("stderr %q, want it to contain %q", errOut.String(), tt.wantErr)
			}
		})
	}
}
