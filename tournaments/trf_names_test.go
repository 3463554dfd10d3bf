package tournaments

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestWriteTRFNonASCIINames writes players with Chinese names and a name
// longer than the 33-character column: TRF columns count characters, as
// bbpPairings (which decodes the file as UTF-8) and JaVaFo read them, so the
// points start at the 81st character whatever the bytes of the name. The
// file reads back with the same names (the long one cut to 33 characters).
// Before the fix the name was padded to 33 bytes: bbpPairings refused the
// exported file of a class with Chinese names ("Invalid line").
func TestWriteTRFNonASCIINames(t *testing.T) {
	long := strings.Repeat("欧阳", 20) // 40 characters
	tr := &Tournament{Rounds: 2, Points: Standard, Players: []*Player{
		{ID: 1, Name: "赵小龙", Rounds: []Entry{{Opponent: 2, Color: White, Result: Win}}},
		{ID: 2, Name: long, Rounds: []Entry{{Opponent: 1, Color: Black, Result: Loss}}},
	}}
	var b bytes.Buffer
	if err := WriteTRF(&b, tr); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if !strings.HasPrefix(line, "001") {
			continue
		}
		cols := []rune(line)
		if len(cols) < 97 || (string(cols[80:84]) != " 1.0" && string(cols[80:84]) != " 0.0") || (string(cols[91:95]) != "   2" && string(cols[91:95]) != "   1") {
			t.Errorf("columns by character:\n%s", line)
		}
	}
	got, err := ReadTRF(&b)
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if got.Player(1).Name != "赵小龙" || got.Player(2).Name != string([]rune(long)[:33]) {
		t.Fatalf("names %q %q", got.Player(1).Name, got.Player(2).Name)
	}
	if got.Player(1).Declared != 10 || got.Player(1).Rounds[0] != tr.Players[0].Rounds[0] {
		t.Fatalf("player 1: %+v", got.Player(1))
	}
}

// TestReadTRFCharacterColumns reads a 001 line with a Chinese name whose
// columns count characters, as bbpPairings reads and other programs write
// it, and a line in a single-byte encoding (Latin-1, not UTF-8), whose
// columns count bytes and whose name reads as its characters (José), and
// a UTF-8 line padded by bytes.
func TestReadTRFCharacterColumns(t *testing.T) {
	pad := func(s string, n int) string { return s + strings.Repeat(" ", n-len([]rune(s))) }
	line := func(id int, name, rest string) string {
		return fmt.Sprintf("001 %4d      %s%s", id, pad(name, 33), rest)
	}
	file := line(1, "赵小龙", strings.Repeat(" ", 33)+" 1.0"+strings.Repeat(" ", 7)+"   2 w 1") + "\n" +
		line(2, "Jos\xe9", strings.Repeat(" ", 33)+" 0.0"+strings.Repeat(" ", 7)+"   1 b 0") + "\nXXR 3\n"
	// The same Chinese name padded to 33 bytes, as WriteTRF wrote it
	// before it counted characters: still read.
	bytePadded := fmt.Sprintf("001 %4d      %s%s", 1, "赵小龙"+strings.Repeat(" ", 33-len("赵小龙")), strings.Repeat(" ", 33)+" 1.0"+strings.Repeat(" ", 7)+"   2 w 1")
	for _, f := range []string{file, bytePadded + file[strings.Index(file, "\n"):]} {
		got, err := ReadTRF(strings.NewReader(f))
		if err != nil {
			t.Fatalf("%v\n%s", err, f)
		}
		if got.Player(1).Name != "赵小龙" || got.Player(1).Declared != 10 || got.Player(2).Name != "José" || got.Player(2).Rounds[0].Opponent != 1 {
			t.Fatalf("players %+v %+v", got.Player(1), got.Player(2))
		}
	}
}

// TestWriteTRFByePoints writes a 2-1-0 tournament with a requested
// half-point bye: the file reads back with the bye worth a draw (1 point)
// and the declared points agree. Before the fix XXS did not carry the
// points of requested byes, the reader kept ½ for H, and the file was
// refused as inconsistent.
func TestWriteTRFByePoints(t *testing.T) {
	ps := Scorings["2-1-0"]
	tr := &Tournament{Rounds: 3, Points: ps, Players: []*Player{
		{ID: 1, Rounds: []Entry{{Opponent: 2, Color: White, Result: Win}, {Result: HalfPointBye}}},
		{ID: 2, Rounds: []Entry{{Opponent: 1, Color: Black, Result: Loss}, {Result: FullPointBye}}},
	}}
	var b bytes.Buffer
	if err := WriteTRF(&b, tr); err != nil {
		t.Fatal(err)
	}
	got, err := ReadTRF(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	if got.Points.HalfBye != 10 || got.Points.FullBye != 20 || got.Score(got.Player(1), 2) != 30 {
		t.Fatalf("points %+v\n%s", got.Points, b.String())
	}
}

// TestTRFErrorsInChinese reads malformed files: every error has its
// Chinese text (the API's trf_invalid detail in zh-CN), not the English
// one.
func TestTRFErrorsInChinese(t *testing.T) {
	p1 := "001    1      A                                                          1.0        2 w 1"
	p2 := "001    2      B                                                          0.0        1 b 0"
	for _, file := range []string{
		"0",
		"XXR x",
		p1 + "\n" + p2 + "\n001    2      C                                                          0.0",
		strings.Replace(p1, "1.0", "x.5", 1) + "\n" + p2,
		strings.Replace(p1, "1.0", "0.0", 1) + "\n" + p2,
		strings.Replace(p1, "2 w 1", "3 w 1", 1) + "\n" + p2,
		strings.Replace(p1, "2 w 1", "2 b 1", 1) + "\n" + p2,
		strings.Replace(p1, "2 w 1", "2 w Q", 1) + "\n" + p2,
		"012 Empty",
	} {
		_, err := ReadTRF(strings.NewReader(file))
		var te *TRFError
		if !errors.As(err, &te) {
			t.Fatalf("%q: %v", file, err)
		}
		if te.Zh == "" || te.Zh == te.Msg {
			t.Errorf("%s: no Chinese text (%q)", te.Msg, te.Zh)
		}
	}
}
