// Package csvsafe writes the CSV files the service hands out (login
// cards, roster exports, progress sheets) so that a spreadsheet program
// opens every cell as text, and reads such cells back exactly.
//
// A cell that starts with = + - @, a tab or a carriage return is a
// formula to Excel, LibreOffice and WPS; a name like
// "=HYPERLINK(...)" typed by anyone who may name a student would run on
// the teacher's computer. Following OWASP's advice on CSV injection,
// Cell prefixes such a cell with a single quote, which the spreadsheet
// hides and which makes the rest text. So that the prefix can be undone
// without guessing, a cell made of single quotes followed by one of
// those characters ("'=x", "”+1") gets one more quote as well. Unquote
// removes exactly the one quote Cell added, so Unquote(Cell(s)) == s for
// every s, and a cell Cell would not change is left as it is ("'Neill").
//
//	w := csvsafe.NewWriter(out)
//	w.Write([]string{"real_name", "username"})
//	w.Write([]string{"=1+1", "s2abc"}) // written as '=1+1,s2abc
//	w.Flush()
//	err := w.Error()
package csvsafe

import (
	"encoding/csv"
	"io"
	"strings"
)

// triggers are the first characters that make a spreadsheet cell a formula.
const triggers = "=+-@\t\r"

// needsQuote reports whether s is zero or more single quotes followed by
// a formula trigger.
func needsQuote(s string) bool {
	rest := strings.TrimLeft(s, "'")
	return rest != "" && strings.ContainsRune(triggers, rune(rest[0]))
}

// Cell returns s as a spreadsheet will show it as text: with one single
// quote in front when it starts (after any single quotes) with = + - @,
// a tab or a carriage return; otherwise s unchanged.
func Cell(s string) string {
	if needsQuote(s) {
		return "'" + s
	}
	return s
}

// Unquote undoes Cell: it removes the first single quote of a cell that
// is one or more single quotes followed by = + - @, a tab or a carriage
// return, and returns any other cell unchanged.
func Unquote(s string) string {
	if strings.HasPrefix(s, "'") && needsQuote(s) {
		return s[1:]
	}
	return s
}

// BOM is the UTF-8 byte-order mark that makes spreadsheet programs read
// a CSV file's Chinese text as UTF-8.
const BOM = "\ufeff"

// Writer is a csv.Writer that passes every cell through Cell.
type Writer struct {
	cw  *csv.Writer
	buf []string
	err error // of the byte-order mark
}

// NewWriter returns a Writer on w (comma separated, LF line ends).
func NewWriter(w io.Writer) *Writer { return &Writer{cw: csv.NewWriter(w)} }

// NewWriterBOM writes the UTF-8 byte-order mark to w and returns a Writer
// on it; the mark's write error is returned by Error.
func NewWriterBOM(w io.Writer) *Writer {
	cw := NewWriter(w)
	_, cw.err = io.WriteString(w, BOM)
	return cw
}

// Write writes one record with every cell made safe. Errors are those
// of csv.Writer.Write.
func (w *Writer) Write(record []string) error {
	if w.err != nil {
		return w.err
	}
	w.buf = w.buf[:0]
	for _, s := range record {
		w.buf = append(w.buf, Cell(s))
	}
	return w.cw.Write(w.buf)
}

// WriteAll writes the records and flushes, returning the first error.
func (w *Writer) WriteAll(records [][]string) error {
	for _, r := range records {
		if err := w.Write(r); err != nil {
			return err
		}
	}
	w.cw.Flush()
	return w.Error()
}

// Flush writes any buffered data to the underlying writer.
func (w *Writer) Flush() { w.cw.Flush() }

// Error reports any error of a previous Write or Flush.
func (w *Writer) Error() error {
	if w.err != nil {
		return w.err
	}
	return w.cw.Error()
}
