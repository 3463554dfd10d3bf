package csvsafe_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"strings"
	"testing"

	"qixue/csvsafe"
)

func TestCell(t *testing.T) {
	for in, want := range map[string]string{
		"":                        "",
		"王小明":                     "王小明",
		"=HYPERLINK(\"x\",\"y\")": "'=HYPERLINK(\"x\",\"y\")",
		"+1":                      "'+1",
		"-1":                      "'-1",
		"@SUM(A1)":                "'@SUM(A1)",
		"\tx":                     "'\tx",
		"\rx":                     "'\rx",
		"'Neill":                  "'Neill",
		"'=x":                     "''=x",
		"''-x":                    "'''-x",
		"'":                       "'",
		"a=b":                     "a=b",
		" =x":                     " =x",
	} {
		if got := csvsafe.Cell(in); got != want {
			t.Errorf("Cell(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzRoundTrip(f *testing.F) {
	for _, s := range []string{"", "=1", "'=1", "''@", "'Neill", "-", "'", "\t", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := csvsafe.Cell(s)
		if got := csvsafe.Unquote(c); got != s {
			t.Fatalf("Unquote(Cell(%q)) = %q", s, got)
		}
		if c != "" && strings.ContainsRune("=+-@\t\r", rune(c[0])) {
			t.Fatalf("Cell(%q) = %q starts with a formula trigger", s, c)
		}
		if c == s && csvsafe.Unquote(s) != s {
			t.Fatalf("Unquote changes %q, which Cell leaves alone", s)
		}
	})
}

func TestWriter(t *testing.T) {
	var buf bytes.Buffer
	w := csvsafe.NewWriterBOM(&buf)
	if err := w.WriteAll([][]string{{"name", "n"}, {"=cmd|' /C calc'!A0", "-2"}, {"a,b", "'=x"}}); err != nil {
		t.Fatal(err)
	}
	body, ok := strings.CutPrefix(buf.String(), csvsafe.BOM)
	if !ok {
		t.Fatalf("no byte-order mark: %q", buf.String())
	}
	rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"name", "n"}, {"'=cmd|' /C calc'!A0", "'-2"}, {"a,b", "''=x"}}
	for i := range want {
		for j := range want[i] {
			if rows[i][j] != want[i][j] {
				t.Errorf("cell %d,%d = %q, want %q", i, j, rows[i][j], want[i][j])
			}
		}
	}
}

type broken struct{}

func (broken) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriterReportsBOMError(t *testing.T) {
	w := csvsafe.NewWriterBOM(broken{})
	if err := w.Write([]string{"x"}); err == nil || w.Error() == nil {
		t.Fatal("no error from a writer that cannot write")
	}
}
