package draughts

import (
	"sort"
	"strings"
	"testing"
)

func mustFEN(t *testing.T, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

// moveList returns the legal moves of fen in notation, sorted.
func moveList(t *testing.T, fen string) []string {
	t.Helper()
	p := mustFEN(t, fen)
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, p.Notation(m))
	}
	sort.Strings(out)
	return out
}

func TestLegalMoves(t *testing.T) {
	tests := []struct {
		name, fen string
		want      string // sorted, space separated
	}{
		{"initial", InitialFEN, "31-26 31-27 32-27 32-28 33-28 33-29 34-29 34-30 35-30"},
		{"black men move down", "B:W31-50:B1-20", "16-21 17-21 17-22 18-22 18-23 19-23 19-24 20-24 20-25"},
		{"majority: two beats one", "W:W32,34,36:B27,17,29", "32x12"},
		{"men capture backwards", "W:W28:B33", "28x39"},
		{"a king counts as one piece", "W:W32,49:BK27,K17,44,34,24", "49x20"},
		{"circle back to the start square, found once", "W:W37:B32,22,21,31", "37x37"},
		{"captured pieces stay until the end (continue after circle)", "W:W37:B32,22,21,31,42", "37x48"},
		{"Turkish strike: a taken piece blocks the king", "W:WK37:B32,22,21,31,23",
			"37x10 37x14 37x19 37x37 37x41 37x42 37x46 37x48 37x5"},
		{"no promotion when passing the crown row", "W:W13:B8,7", "13x11"},
		{"promotion when the capture ends there", "W:W13:B8", "13x2"},
		{"king captures at a distance, lands anywhere beyond", "W:WK46:B23", "46x10 46x14 46x19 46x5"},
		{"king must land where it can go on", "W:WK46:B23,13", "46x2 46x8"},
		{"king flies", "W:WK46:B5", "46-10 46-14 46-19 46-23 46-28 46-32 46-37 46-41"},
		{"blocked man", "W:W46:B41,37", ""},
		{"same start and end, different pieces: landing squares written",
			"W:WK3,10:B11,14,19,23,32,35,36,37,38,43", "3x20x26 3x20x31 3x25x26 3x25x31"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := strings.Join(moveList(t, tt.fen), " ")
			if got != tt.want {
				t.Errorf("%s: moves\n got %s\nwant %s", tt.fen, got, tt.want)
			}
		})
	}
}

func TestPlayResults(t *testing.T) {
	tests := []struct {
		fen, moves, want string
	}{
		{InitialFEN, "32-28 19-23 28x19 14x23", "W:W31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,23"},
		{"W:W13:B8,7", "13x11", "B:W11:B"},                // passed the crown row: still a man
		{"W:W13:B8", "13x2", "B:WK2:B"},                   // ended on it: crowned
		{"W:W6:B40", "6-1", "B:WK1:B40"},                  // ordinary move onto the crown row
		{"B:W6:B45", "45-50", "W:W6:BK50"},                // Black crowns on 46-50
		{"W:WK37:B32,22,21,31,23", "37x37", "B:WK37:B23"}, // taken pieces removed at the end
		{"W:W37:B32,22,21,31,42", "37x48", "B:W48:B"},     // White man on its own back row
		{"W:WK3,10:B11,14,19,23,32,35,36,37,38,43", "3x20x31", "B:W10,K31:B11,19,23,32,35,36,43"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		for _, s := range strings.Fields(tt.moves) {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatalf("%s: %s: %v", tt.fen, s, err)
			}
			if p, err = p.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if got := p.FEN(); got != tt.want {
			t.Errorf("%s + %s = %s, want %s", tt.fen, tt.moves, got, tt.want)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	tests := []struct {
		fen, move, code, msg string
	}{
		{InitialFEN, "32-27x", CodeBadMoveSyntax, "not a move"},
		{InitialFEN, "hello", CodeBadMoveSyntax, "not a move"},
		{InitialFEN, "32-51", CodeNoSuchSquare, "there is no square 51"},
		{InitialFEN, "0-5", CodeNoSuchSquare, "there is no square 0"},
		{InitialFEN, "25-20", CodeNoPiece, "there is no piece on 25"},
		{InitialFEN, "19-23", CodeNotYourPiece, "the piece on 19 is Black's, and it is White's turn"},
		{InitialFEN, "32-22", CodeIllegalMove, "a man moves one square diagonally forward"},
		{InitialFEN, "37-32", CodeIllegalMove, "square 32 is occupied"},
		{InitialFEN, "32x28", CodeNotACapture, "takes nothing"},
		{InitialFEN, "32x23", CodeNotACapture, "not a capture"},
		{"W:W32,36:B27", "36-31", CodeCaptureMandatory, "capture is mandatory: 32x21 is available"},
		{"W:W32,34,36:B27,17,29", "34x23", CodeMajorityCapture, "you must take 2 pieces, this takes 1"},
		{"W:W32,34,36:B27,17,29", "32x21", CodeMajorityCapture, "you must take 2 pieces, this takes 1"},
		{"W:W32,49:BK27,K17,44,34,24", "32x12", CodeMajorityCapture, "you must take 3 pieces, this takes 2"},
		{"W:WK3,10:B11,14,19,23,32,35,36,37,38,43", "3x31", CodeAmbiguousMove, "3x31 is ambiguous"},
		{"W:WK3,10:B11,14,19,23,32,35,36,37,38,43", "3x9x31", CodeIllegalMove, "no capture of the piece on 3"},
		{"W:WK46,28:B5", "46-5", CodeIllegalMove, "blocked by the piece on 28"},
		{"W:WK46", "46-45", CodeIllegalMove, "not on one diagonal"},
		{"W:W46:B41,37", "46-41", CodeNoLegalMoves, "White has no legal move"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		_, err := p.ParseMove(tt.move)
		ie, ok := err.(*IllegalMoveError)
		if !ok {
			t.Errorf("%s %s: err = %v, want *IllegalMoveError", tt.fen, tt.move, err)
			continue
		}
		if ie.Code() != tt.code || !strings.Contains(ie.Error(), tt.msg) {
			t.Errorf("%s %s: got %s %q, want %s containing %q", tt.fen, tt.move, ie.Code(), ie.Error(), tt.code, tt.msg)
		}
		if zh := ie.Message("zh-CN"); zh == "" || zh == ie.Error() {
			t.Errorf("%s %s: no Chinese message", tt.fen, tt.move)
		}
		if ie.Message("fr") != ie.Message("zh-CN") || ie.Message("en") != ie.Error() {
			t.Errorf("%s %s: language fallback wrong", tt.fen, tt.move)
		}
	}
}

func TestParseMoveForms(t *testing.T) {
	p := mustFEN(t, "W:WK3,10:B11,14,19,23,32,35,36,37,38,43")
	a, err := p.ParseMove("3x20x31")
	if err != nil {
		t.Fatal(err)
	}
	b, err := p.ParseMove("3x20x42x31")
	if err != nil {
		t.Fatal(err)
	}
	if a != b || a.CaptureCount() != 3 {
		t.Errorf("3x20x31 = %v, 3x20x42x31 = %v", a, b)
	}
	// Lenient: '-' for a capture, and annotations.
	p = mustFEN(t, "W:W32,36:B27")
	if m, err := p.ParseMove(" 32-21! "); err != nil || m.String() != "32x21" {
		t.Errorf("32-21! = %v, %v", m, err)
	}
}

func TestFEN(t *testing.T) {
	ok := []struct{ in, want string }{
		{InitialFEN, "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"},
		{"B:WK4,28:B12,K46", "B:WK4,28:B12,K46"},
		{`"W:BK1-3,20:W40,K41."`, "W:W40,K41:BK1,K2,K3,20"},
		{"w:w 31 , 32:b", "W:W31,32:B"},
		{"B:W:B", "B:W:B"},
		{"W", "W:W:B"},
		{"B:W31-33:B1:H0:F12", "B:W31,32,33:B1"},
	}
	for _, tt := range ok {
		p, err := ParseFEN(tt.in)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", tt.in, err)
			continue
		}
		if got := p.FEN(); got != tt.want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tt.in, got, tt.want)
		}
	}
	if mustFEN(t, InitialFEN) != Initial() {
		t.Error("InitialFEN != Initial()")
	}
	bad := []struct{ in, msg string }{
		{"", "empty"},
		{"X:W31", "side to move"},
		{"W:W31:W32", "listed twice"},
		{"W:W31,31", "square 31 is listed twice"},
		{"W:W31:B31", "square 31 is listed twice"},
		{"W:W51", "no square 51"},
		{"W:W0", "no square 0"},
		{"W:W3", "would already have been crowned"},
		{"W:B47", "would already have been crowned"},
		{"W:W40-31", "runs backwards"},
		{"W:Wx", "not a square number"},
		{"W:W1-", "not a square number"},
		{"W:W31,,32", "missing square"},
		{"W:Q31", "must start with W or B"},
		{"W::B1", "empty field"},
		{"W:W31:B1:H", "must start with W or B"},
		{"W:W31:B1:F1x", "must start with W or B"},
	}
	for _, tt := range bad {
		_, err := ParseFEN(tt.in)
		fe, ok := err.(*FormatError)
		if !ok {
			t.Errorf("ParseFEN(%q) err = %v, want *FormatError", tt.in, err)
			continue
		}
		if fe.Code() != CodeInvalidFEN || !strings.Contains(fe.Error(), tt.msg) {
			t.Errorf("ParseFEN(%q) = %s %q, want message with %q", tt.in, fe.Code(), fe.Error(), tt.msg)
		}
	}
}

func TestSquareGeometry(t *testing.T) {
	// The seed: edges 6-16-26-36-46 and 5-15-25-35-45, corners 5 and 46.
	for _, s := range []Square{6, 16, 26, 36, 46} {
		if s.Col() != 0 {
			t.Errorf("square %d col %d, want 0", s, s.Col())
		}
	}
	for _, s := range []Square{5, 15, 25, 35, 45} {
		if s.Col() != 9 {
			t.Errorf("square %d col %d, want 9", s, s.Col())
		}
	}
	for s := Square(1); s <= 50; s++ {
		if squareOf(int(bitOf(s))) != s || squareAt(s.Row(), s.Col()) != s {
			t.Errorf("square %d does not round-trip", s)
		}
	}
	if _, ok := NewSquare(51); ok {
		t.Error("NewSquare(51) ok")
	}
}
