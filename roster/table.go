package roster

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strings"
	"unicode/utf8"

	"qixue/csvsafe"
)

// parser collects the problems of one bundle while its files are read.
type parser struct {
	problems   []Problem
	more       int // problems past MaxProblems
	warnings   []string
	incomplete map[string]bool
}

func (p *parser) add(file string, line int, col, code, value string) {
	if len(p.problems) >= MaxProblems {
		p.more++
		return
	}
	if utf8.RuneCountInString(value) > 80 {
		value = string([]rune(value)[:80]) + "…"
	}
	p.problems = append(p.problems, Problem{File: file, Line: line, Column: col, Code: code, Value: value})
}

// table is one CSV file: header positions and records with their lines.
type table struct {
	file  string
	cols  map[string]int
	rows  [][]string
	lines []int
}

func (t *table) has(col string) bool { _, ok := t.cols[col]; return ok }

// get returns the trimmed field of row i in col ("" when the column is
// absent), without the single quote that Qixue's exports put before a
// cell starting with = + - @ (csvsafe.Unquote), so an export imports back
// exactly.
func (t *table) get(i int, col string) string {
	j, ok := t.cols[col]
	if !ok {
		return ""
	}
	return strings.TrimSpace(csvsafe.Unquote(strings.TrimSpace(t.rows[i][j])))
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// readTable parses a CSV file with a header row; required columns must be
// present. It returns nil when the file cannot be read at all.
func (p *parser) readTable(file string, data []byte, required []string) *table {
	data = bytes.TrimPrefix(data, utf8BOM)
	p.incomplete[file] = true // until read whole
	if !utf8.Valid(data) {
		p.add(file, 0, "", CodeBadCSV, "not UTF-8")
		return nil
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.LazyQuotes = false
	header, err := r.Read()
	if err != nil {
		p.add(file, 1, "", CodeBadCSV, csvReason(err))
		return nil
	}
	t := &table{file: file, cols: map[string]int{}}
	for i, h := range header {
		// Columns are found by name, in any order; spaces around a name
		// (spreadsheet exports) do not count, unknown columns are ignored.
		h = strings.TrimSpace(h)
		if _, dup := t.cols[h]; dup {
			p.add(file, 1, h, CodeDuplicateColumn, h)
		}
		t.cols[h] = i
	}
	ok := true
	for _, c := range required {
		if !t.has(c) {
			p.add(file, 1, c, CodeMissingColumn, "")
			ok = false
		}
	}
	if !ok {
		return nil
	}
	r.FieldsPerRecord = len(header)
	bad := false
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		line, _ := r.FieldPos(0)
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.StartLine
			}
			if errors.Is(err, csv.ErrFieldCount) {
				p.add(file, line, "", CodeFieldCount, "")
			} else {
				p.add(file, line, "", CodeBadCSV, csvReason(err))
			}
			bad = true
			continue
		}
		t.rows = append(t.rows, rec)
		t.lines = append(t.lines, line)
	}
	p.incomplete[file] = bad
	return t
}

func csvReason(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Parse reads and checks a OneRoster bundle file by file: the manifest,
