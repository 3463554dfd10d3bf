package draughts

import "fmt"

// Level is one of the computer's strengths.
type Level struct {
	Number int    // 1 (weakest) to len(Levels())
	Name   string // for children, zh-CN
	NameEn string // for children, en

	depth int   // deepest iteration, in plies
	nodes int   // positions a move may visit
	quiet bool  // plays out captures beyond the horizon
	miss  int   // in 1/1000: the chance of overlooking one of the opponent's replies
	noise int32 // misjudgement, ± this many hundredths of a man
}

var levels = []Level{
	{Number: 1, Name: "小蚂蚁", NameEn: "Little Ant", depth: 2, nodes: 2000, miss: 450, noise: 80},
	{Number: 2, Name: "小兔子", NameEn: "Bunny", depth: 2, nodes: 4000, quiet: true, miss: 350, noise: 50},
	{Number: 3, Name: "小松鼠", NameEn: "Squirrel", depth: 3, nodes: 6000, quiet: true, miss: 250, noise: 35},
	{Number: 4, Name: "小花猫", NameEn: "Kitten", depth: 3, nodes: 10000, quiet: true, miss: 150, noise: 25},
	{Number: 5, Name: "小狐狸", NameEn: "Fox", depth: 4, nodes: 20000, quiet: true, miss: 80, noise: 15},
	{Number: 6, Name: "小猴子", NameEn: "Monkey", depth: 5, nodes: 40000, quiet: true, miss: 30, noise: 8},
	{Number: 7, Name: "小熊猫", NameEn: "Red Panda", depth: 6, nodes: 80000, quiet: true, miss: 10, noise: 4},
	{Number: 8, Name: "小老虎", NameEn: "Tiger", depth: 8, nodes: 120000, quiet: true},
	{Number: 9, Name: "大象", NameEn: "Elephant", depth: 11, nodes: 240000, quiet: true},
	{Number: 10, Name: "小飞龙", NameEn: "Little Dragon", depth: 30, nodes: 480000, quiet: true},
}

// Levels returns the levels, weakest first.
func Levels() []Level { return append([]Level(nil), levels...) }

// Nodes returns the positions a move of this level may visit.
func (l Level) Nodes() int { return l.nodes }

// LevelError is returned for a level number out of range.
type LevelError struct{ Level int }

func (e *LevelError) Error() string {
	return fmt.Sprintf("draughts level %d is out of range (1-%d)", e.Level, len(levels))
}

// Code returns "level_out_of_range".
func (e *LevelError) Code() string { return "level_out_of_range" }

// Message returns the message in lang ("en", otherwise zh-CN).
func (e *LevelError) Message(lang string) string {
	if lang == "en" {
		return e.Error()
	}
	return fmt.Sprintf("国际跳棋电脑等级 %d 超出范围（1-%d）", e.Level, len(levels))
}

// LevelByNumber returns level n or a *LevelError.
func LevelByNumber(n int) (Level, error) {
	if n < 1 || n > len(levels) {
		return Level{}, &LevelError{Level: n}
	}
	return levels[n-1], nil
}
