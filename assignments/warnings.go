package assignments

import (
	"strconv"

	"qixue/domain"
	"qixue/exercises"
)

// ItemInfo is what a draft's checks know of one item: its grade band
// ("" for content of no band) and its title in both languages.
type ItemInfo struct {
	Band  exercises.Band
	Title domain.Text
}

// Warning codes.
const (
	// WarnAboveBand: an item (or a practice set) is of a grade band above
	// the class's. It is assigned all the same, and checked under its own
	// rules, but may be too hard for the class.
	WarnAboveBand = "above_class_band"
)

// Warning is a note on a saved draft that did not stop it. Field names
// the part of the draft ("items[2]", "practice[0].band"); Band and
// ClassBand are the item's and the class's grade bands, and Title the
// item's title (empty for a practice set).
type Warning struct {
	Code      string
	Field     string
	Band      exercises.Band
	ClassBand exercises.Band
	Title     domain.Text
}

// bandRank orders the grade bands from the youngest; 0 is no band.
func bandRank(b exercises.Band) int {
	switch b {
	case exercises.K1:
		return 1
	case exercises.G23:
		return 2
	case exercises.G46:
		return 3
	}
	return 0
}

// bandWarnings names the items of d, and the practice sets that ask for a
// band, above the band of a class of grade.
func bandWarnings(d Draft, infos map[Item]ItemInfo, grade int) []Warning {
	class := exercises.BandOfGrade(grade)
	var out []Warning
	for i, it := range d.Items {
		info := infos[it]
		if bandRank(info.Band) > bandRank(class) {
			out = append(out, Warning{Code: WarnAboveBand, Field: "items[" + strconv.Itoa(i) + "]",
				Band: info.Band, ClassBand: class, Title: info.Title})
		}
	}
	for i, ps := range d.Practice {
		if b := exercises.Band(ps.Band); bandRank(b) > bandRank(class) {
			out = append(out, Warning{Code: WarnAboveBand, Field: "practice[" + strconv.Itoa(i) + "].band",
				Band: b, ClassBand: class})
		}
	}
	return out
}
