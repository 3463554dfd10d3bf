package record

import "strings"

// Words writes the words of a move text separated by spaces, breaking
// lines before they pass Max columns (a longer word stands on its own
// line). The last word is held back until the next, so that closing
// parentheses can still join it, and Open puts an opening one before the
// next word: a variation "(1... e5 2. Nf3)" costs its length however
// deeply it is nested.
type Words struct {
	SB    *strings.Builder
	Max   int
	width int // of the line written so far
	n     int // words written
	last  strings.Builder
	held  bool
	open  int
}

// Word holds s back as the next word, writing the one before it.
func (w *Words) Word(s string) {
	w.Flush()
	for ; w.open > 0; w.open-- {
		w.last.WriteByte('(')
	}
	w.last.WriteString(s)
	w.held = true
}

// Open puts an opening parenthesis before the next word.
func (w *Words) Open() { w.open++ }

// Close adds a closing parenthesis to the word held back.
func (w *Words) Close() { w.last.WriteByte(')') }

// Flush writes the word held back.
func (w *Words) Flush() {
	if !w.held {
		return
	}
	n := w.last.Len()
	if w.n > 0 {
		if w.width+1+n > w.Max {
			w.SB.WriteByte('\n')
			w.width = 0
		} else {
			w.SB.WriteByte(' ')
			w.width++
		}
	}
	w.SB.WriteString(w.last.String())
	w.width += n
	w.n++
	w.last.Reset()
	w.held = false
}
