package gomoku

import (
	"fmt"
	"strings"
	"testing"
)

func shapeStrings(ss []Shape) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.String()
	}
	return strings.Join(out, "\n")
}

func TestShapes(t *testing.T) {
	for _, tc := range []struct {
		xs, os string
		rules  Ruleset
		want   string
	}{
		{"f8 g8 h8", "", Renju, "black open three f8 g8 h8 (e8 i8)"},
		{"f8 g8 i8", "", Renju, "black open three f8 g8 i8 (h8)"},
		{"f8 g8 h8", "e8", Renju, ""},
		{"f8 g8 h8 i8", "", Renju, "black open four f8 g8 h8 i8 (e8 j8)"},
		{"f8 g8 h8 i8", "e8", Renju, "black four f8 g8 h8 i8 (j8)"},
		{"e8 g8 h8 i8 k8", "", Renju, "black four e8 g8 h8 i8 (f8)\nblack four g8 h8 i8 k8 (j8)"},
		{"d8 e8 f8 g8 h8", "", Renju, "black five d8 e8 f8 g8 h8"},
		{"d8 e8 f8 g8 h8 i8", "", Renju, "black overline d8 e8 f8 g8 h8 i8"},
		// for Black in renju f8 g8 h8 i8 with d8 black is only a four; for White an open four
		{"d8 f8 g8 h8 i8", "", Renju, "black four f8 g8 h8 i8 (j8)"},
		{"a1", "d8 f8 g8 h8 i8", Renju, "white open four f8 g8 h8 i8 (e8 j8)"},
		// a fake three for Black: its only straight-four point j8 is an overline on column j
		{"g8 h8 i8 j7 j9 j10 j11 j12", "e8", Renju, "black four j9 j10 j11 j12 (j13)"},
		{"g8 h8 i8 j7 j9 j10 j11 j12", "e8", Standard, "black four j9 j10 j11 j12 (j13)\nblack open three g8 h8 i8 (j8)"},
		{"g8 h8 i8", "f8", Freestyle, ""},
	} {
		b := boardOf(t, tc.xs, tc.os)
		got := shapeStrings(Shapes(b, tc.rules))
		if got != tc.want {
			t.Errorf("x %s o %s: got\n%s\nwant\n%s", tc.xs, tc.os, got, tc.want)
		}
	}
}

func ExampleShapes() {
	rows := make([]string, 15)
	for i := range rows {
		rows[i] = "..............."
	}
	rows[7] = ".....xxx......." // row 8: f8 g8 h8
	board, _ := ParseBoard(strings.Join(rows, "/"))
	for _, s := range Shapes(board, Renju) {
		fmt.Println(s)
	}
	// Output:
	// black open three f8 g8 h8 (e8 i8)
}
