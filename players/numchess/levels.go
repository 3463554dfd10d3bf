package numchess

import "fmt"

// Level is one of the computer's strengths. Weaker levels look fewer plies
// ahead and keep fewer replies at each ply, overlook the harder moves
// (spans over several pieces, chain spans) more often, and judge positions
// more coarsely; from level 5 they know the openings of the course and
// from level 6 the endgame laws.
type Level struct {
	Number int    // 1 (weakest) to len(Levels())
	Name   string // for children, zh-CN
	NameEn string // for children, en

	depth int // deepest iteration, in plies
	nodes int // move generations a move may spend
	beam  int // replies kept at inner nodes (0: all)
	// see[c] is the chance (in 1/1000) of noticing a move of class c: 0
	// steps and hops, 1 a span over one piece, 2 over two or three, 3 over
	// four or more, 4 a chain span.
	see   [5]uint32
	noise int32 // misjudgement of a position, ± this many evaluation units
	book  bool  // plays the course's openings
	laws  bool  // uses the endgame laws (对位, 先到位, 0 后到位)
}

var levels = []Level{
	{Number: 1, Name: "小蚂蚁", NameEn: "Little Ant", depth: 1, nodes: 1, see: [5]uint32{1000, 400, 150, 60, 40}, noise: 500},
	{Number: 2, Name: "小兔子", NameEn: "Bunny", depth: 1, nodes: 1, see: [5]uint32{1000, 650, 400, 200, 200}, noise: 300},
	{Number: 3, Name: "小松鼠", NameEn: "Squirrel", depth: 1, nodes: 1, see: [5]uint32{1000, 850, 650, 450, 450}, noise: 180},
	{Number: 4, Name: "小花猫", NameEn: "Kitten", depth: 1, nodes: 1, see: [5]uint32{1000, 950, 850, 700, 700}, noise: 90},
	{Number: 5, Name: "小狐狸", NameEn: "Fox", depth: 2, nodes: 200, see: [5]uint32{1000, 980, 920, 850, 850}, noise: 60, book: true},
	{Number: 6, Name: "小猴子", NameEn: "Monkey", depth: 2, nodes: 200, see: [5]uint32{1000, 1000, 1000, 960, 960}, noise: 30, book: true, laws: true},
	{Number: 7, Name: "小熊猫", NameEn: "Red Panda", depth: 3, nodes: 400, beam: 5, see: [5]uint32{1000, 1000, 1000, 950, 900}, noise: 40, book: true, laws: true},
	{Number: 8, Name: "小老虎", NameEn: "Tiger", depth: 3, nodes: 1000, beam: 6, see: [5]uint32{1000, 1000, 1000, 1000, 1000}, book: true, laws: true},
	{Number: 9, Name: "大象", NameEn: "Elephant", depth: 5, nodes: 1600, beam: 8, see: [5]uint32{1000, 1000, 1000, 1000, 1000}, book: true, laws: true},
	{Number: 10, Name: "小飞龙", NameEn: "Little Dragon", depth: 5, nodes: 2200, beam: 14, see: [5]uint32{1000, 1000, 1000, 1000, 1000}, book: true, laws: true},
}

// Levels returns the levels, weakest first.
func Levels() []Level { return append([]Level(nil), levels...) }

// LevelError is returned for a level number out of range.
type LevelError struct{ Level int }

func (e *LevelError) Error() string {
	return fmt.Sprintf("number-chess level %d is out of range (1-%d)", e.Level, len(levels))
}

// Code returns "level_out_of_range".
func (e *LevelError) Code() string { return "level_out_of_range" }

// Message returns the message in lang ("en", otherwise zh-CN).
func (e *LevelError) Message(lang string) string {
	if lang == "en" {
		return e.Error()
	}
	return fmt.Sprintf("数棋电脑等级 %d 超出范围（1-%d）", e.Level, len(levels))
}

// LevelByNumber returns level n (1..10) or a *LevelError.
func LevelByNumber(n int) (Level, error) {
	if n < 1 || n > len(levels) {
		return Level{}, &LevelError{Level: n}
	}
	return levels[n-1], nil
}

// Nodes returns the move generations a move of this level may spend (its
// node budget).
func (l Level) Nodes() int { return l.nodes }
