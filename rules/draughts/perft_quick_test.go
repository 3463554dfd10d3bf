package draughts

import "testing"

func TestPerftQuick(t *testing.T) {
	want := []uint64{1, 9, 81, 658, 4265, 27117, 167140, 1049442, 6483961}
	for d, w := range want {
		if got := Perft(Initial(), d); got != w {
			t.Errorf("perft(%d) = %d, want %d", d, got, w)
		}
	}
}
