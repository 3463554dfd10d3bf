package gomoku

import "fmt"

// Opening is one of the 26 designated openings of the national rules
// (指定开局): Black 1 on tengen, White 2 next to it, Black 3 within the
// central 5x5 square. Direct openings (直指) have White 2 orthogonally
// next to Black 1, indirect ones (斜指) diagonally.
type Opening struct {
	// Number is 1..13 within its family, in the traditional order.
	Number int
	// Direct is true for 直指 openings, false for 斜指.
	Direct bool
	// Name is the Chinese name, e.g. "花月".
	Name string
	// English is the usual romanised (Japanese) name, e.g. "Kagetsu".
	English string
}

// String returns the Chinese name and the family, e.g. "花月 (直指 4, Kagetsu)".
func (o Opening) String() string {
	fam := "斜指"
	if o.Direct {
		fam = "直指"
	}
	return fmt.Sprintf("%s (%s %d, %s)", o.Name, fam, o.Number, o.English)
}

type openingCell struct {
	dx, dy int // Black 3 relative to tengen, columns right and rows up
	o      Opening
}

// The seed lists the 26 names but its description of where Black 3 goes
// is cut off ("应落在围绕天元点5线×..."), so the positions follow the RIF
// diagrams: Black 1 on h8, White 2 on h9 (direct) or i9 (indirect), and
// Black 3 as given below. Mirror images are the same opening.
var directOpenings = [13]openingCell{
	{0, 2, Opening{1, true, "寒星", "Kansei"}},
	{1, 2, Opening{2, true, "溪月", "Keigetsu"}},
	{2, 2, Opening{3, true, "疏星", "Sosei"}},
	{1, 1, Opening{4, true, "花月", "Kagetsu"}},
	{2, 1, Opening{5, true, "残月", "Zangetsu"}},
	{1, 0, Opening{6, true, "雨月", "Ugetsu"}},
	{2, 0, Opening{7, true, "金星", "Kinsei"}},
	{0, -1, Opening{8, true, "松月", "Shogetsu"}},
	{1, -1, Opening{9, true, "丘月", "Kyugetsu"}},
	{2, -1, Opening{10, true, "新月", "Shingetsu"}},
	{0, -2, Opening{11, true, "瑞星", "Zuisei"}},
	{1, -2, Opening{12, true, "山月", "Sangetsu"}},
	{2, -2, Opening{13, true, "游星", "Yusei"}},
}

var indirectOpenings = [13]openingCell{
	{2, 2, Opening{1, false, "长星", "Chosei"}},
	{2, 1, Opening{2, false, "峡月", "Kyogetsu"}},
	{2, 0, Opening{3, false, "恒星", "Kosei"}},
	{2, -1, Opening{4, false, "水月", "Suigetsu"}},
	{2, -2, Opening{5, false, "流星", "Ryusei"}},
	{1, 0, Opening{6, false, "云月", "Ungetsu"}},
	{1, -1, Opening{7, false, "浦月", "Hogetsu"}},
	{1, -2, Opening{8, false, "岚月", "Rangetsu"}},
	{0, -1, Opening{9, false, "银月", "Gingetsu"}},
	{0, -2, Opening{10, false, "明星", "Myojo"}},
	{-1, -1, Opening{11, false, "斜月", "Shagetsu"}},
	{-1, -2, Opening{12, false, "名月", "Meigetsu"}},
	{-2, -2, Opening{13, false, "彗星", "Suisei"}},
}

// Openings returns the 26 designated openings, the 13 direct ones first.
func Openings() []Opening {
	out := make([]Opening, 0, 26)
	for _, c := range directOpenings {
		out = append(out, c.o)
	}
	for _, c := range indirectOpenings {
		out = append(out, c.o)
	}
	return out
}

// symmetry is one of the 8 rotations and reflections of the board about
// tengen, acting on offsets from tengen.
type symmetry int

func (s symmetry) apply(dx, dy int) (int, int) {
	if s&4 != 0 {
		dx = -dx
	}
	for range s & 3 {
		dx, dy = -dy, dx
	}
	return dx, dy
}

func (s symmetry) point(p Point) Point {
	dx, dy := s.apply(p.Col()-7, p.Row()-7)
	return Point{i: uint8((dy+7)*Size + dx + 7)}
}

// IdentifyOpening names the opening made by the first three stones, in any
// rotation or reflection. It returns an *Error with code "bad_opening"
// naming the stone that breaks the rules: Black 1 not on tengen, White 2
// not next to it, Black 3 outside the central 5x5 square or on a stone.
func IdentifyOpening(b1, w2, b3 Point) (Opening, error) {
	if b1 != Tengen {
		return Opening{}, errOpening(1, fmt.Sprintf("black's first stone must be on tengen h8, not %s", b1),
			fmt.Sprintf("黑方第一子必须下在天元h8，不能下在%s", b1))
	}
	wx, wy := w2.Col()-7, w2.Row()-7
	if w2 == Tengen || wx < -1 || wx > 1 || wy < -1 || wy > 1 {
		return Opening{}, errOpening(2, fmt.Sprintf("white's first stone must touch tengen (g7 to i9), not %s", w2),
			fmt.Sprintf("白2必须紧挨着天元（g7到i9之间），不能下在%s", w2))
	}
	bx, by := b3.Col()-7, b3.Row()-7
	if b3 == Tengen || b3 == w2 || bx < -2 || bx > 2 || by < -2 || by > 2 {
		return Opening{}, errOpening(3, fmt.Sprintf("black's second stone must be on an empty point of the central 5x5 square (f6 to j10), not %s", b3),
			fmt.Sprintf("黑3必须下在天元周围5×5范围内（f6到j10之间）的空点上，不能下在%s", b3))
	}
	for s := range symmetry(8) {
		x, y := s.apply(wx, wy)
		if y != 1 || (x != 0 && x != 1) {
			continue // White 2 not yet on h9 (direct) or i9 (indirect)
		}
		tx, ty := s.apply(bx, by)
		table := directOpenings[:]
		if x == 1 {
			table = indirectOpenings[:]
		}
		for _, c := range table {
			if c.dx == tx && c.dy == ty {
				return c.o, nil
			}
		}
	}
	// Every legal placement is one of the 26 up to symmetry; the reflection
	// that keeps White 2 fixed brings the rest onto the table above.
	return Opening{}, errOpening(3, "these three stones are not one of the 26 openings", "这三个子不是26种开局之一")
}

func errOpening(move int, en, zh string) *Error {
	return errf("bad_opening", en, zh).atMove(move)
}

// Equivalent reports whether p and q are the same point up to a symmetry
// of the board that maps the stones on b onto themselves: the "same
// shape" (同形) that the fifth-move offer forbids.
func (b *Board) Equivalent(p, q Point) bool {
	for s := range symmetry(8) {
		if s.point(p) != q {
			continue
		}
		same := true
		for i := 0; i < NumPoints && same; i++ {
			if b.cells[i] == Empty {
				continue
			}
			c, r := i%Size-7, i/Size-7
			x, y := s.apply(c, r)
			if x < -7 || x > 7 || y < -7 || y > 7 || b.cells[(y+7)*Size+x+7] != b.cells[i] {
				same = false
			}
		}
		if same {
			return true
		}
	}
	return false
}
