package gomoku

import "sync"

// A line window is the eleven cells centred on an empty point along one
// direction (offsets -5..+5). Seen from one colour each cell other than
// the centre is empty (0), own (1) or blocked (2: an opponent's stone or
// off the board); the ten digits in base 3 index a table of what a stone
// of that colour put on the centre makes along the line.
const (
	winLen    = 11
	winCentre = 5
	numCodes  = 59049 // 3^10
)

// The shapes a stone makes on one line, weakest first.
const (
	catNone        = iota // no room for a five through the point
	catOne                // a lone stone with room
	catTwoClosed          // a two that can become a closed three
	catTwo                // an open two (活二): one more stone makes an open three
	catThreeClosed        // a closed three (眠三): one more stone makes a four
	catThree              // an open three (活三): one more stone makes an open four
	catFour               // a four (冲四): one point makes five
	catOpenFour           // an open four (活四), or two fives on the line (X.XXX.X)
	catFive               // a winning five
	catOver               // an overline that does not win (exactly-five rules)
	numCats
)

// catTables[exact] maps a window code to its shape; exact is for the
// colours that must make exactly five (Black in renju, both in standard).
var (
	tablesOnce sync.Once
	catTables  [2]*[numCodes]uint8
)

func tables() *[2]*[numCodes]uint8 {
	tablesOnce.Do(func() {
		catTables[0] = buildCats(false)
		catTables[1] = buildCats(true)
	})
	return &catTables
}

func encode(cells *[winLen]int8) int {
	code, w := 0, 1
	for k := range winLen {
		if k == winCentre {
			continue
		}
		code += int(cells[k]) * w
		w *= 3
	}
	return code
}

func buildCats(exact bool) *[numCodes]uint8 {
	t := new([numCodes]uint8)
	done := new([numCodes]bool)
	var cat func(cells *[winLen]int8) uint8
	cat = func(cells *[winLen]int8) uint8 {
		code := encode(cells)
		if done[code] {
			return t[code]
		}
		v := classify(cells, exact, cat)
		t[code], done[code] = v, true
		return v
	}
	var cells [winLen]int8
	for code := range numCodes {
		v := code
		for k := range winLen {
			if k == winCentre {
				cells[k] = 1
				continue
			}
			cells[k] = int8(v % 3)
			v /= 3
		}
		cat(&cells)
	}
	return t
}

// runLen is the length of the run of own stones through the centre.
func runLen(cells *[winLen]int8) int {
	lo, hi := winCentre, winCentre
	for lo > 0 && cells[lo-1] == 1 {
		lo--
	}
	for hi < winLen-1 && cells[hi+1] == 1 {
		hi++
	}
	return hi - lo + 1
}

func wins(n int, exact bool) bool { return n == 5 || (!exact && n > 5) }

func classify(cells *[winLen]int8, exact bool, cat func(*[winLen]int8) uint8) uint8 {
	n := runLen(cells)
	switch {
	case wins(n, exact):
		return catFive
	case n > 5:
		return catOver
	}
	fives := 0
	for j := range winLen {
		if cells[j] != 0 {
			continue
		}
		cells[j] = 1
		if wins(runLen(cells), exact) {
			fives++
		}
		cells[j] = 0
	}
	switch {
	case fives >= 2:
		return catOpenFour
	case fives == 1:
		return catFour
	}
	best := uint8(catNone)
	for j := range winLen {
		if cells[j] != 0 {
			continue
		}
		cells[j] = 1
		c := cat(cells)
		cells[j] = 0
		var up uint8
		switch c {
		case catOpenFour:
			up = catThree
		case catFour:
			up = catThreeClosed
		case catThree:
			up = catTwo
		case catThreeClosed:
			up = catTwoClosed
		case catTwo, catTwoClosed:
			up = catOne
		}
		best = max(best, up)
	}
	return best
}
