package game

import "strings"

// isBlank reports whether a position text is empty (the start).
func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// ruleText holds the explanation of each common rule: zh-CN, en.
var ruleText = map[Rule][2]string{
	Checkmate:           {"将杀", "checkmate"},
	Stalemate:           {"逼和", "stalemate"},
	DeadPosition:        {"双方都无法将杀，和棋", "dead position: neither side can mate"},
	SeventyFiveMoves:    {"七十五回合规则，和棋", "draw by the seventy-five-move rule"},
	FivefoldRepetition:  {"同一局面出现五次，和棋", "draw: the same position appeared five times"},
	ThreefoldRepetition: {"同一局面出现三次，和棋", "draw: the same position appeared three times"},
	FiftyMoves:          {"五十回合规则，和棋", "draw by the fifty-move rule"},
	Five:                {"连成五子", "five in a row"},
	FullBoard:           {"棋盘下满，和棋", "draw: the board is full"},
	BothPassed:          {"双方在同一回合都放弃行棋，和棋", "draw: both players passed in the same round"},
	ForbiddenMove:       {"黑方走了禁手", "Black played a forbidden move"},
	InPlace:             {"十个棋子全部到位", "all ten pieces in place"},
	Stop:                {"叫停，按得分判定", "stop called: decided by the score"},
	Resignation:         {"认输", "resignation"},
	Agreement:           {"双方同意和棋", "draw by agreement"},
	Flag:                {"超时", "time ran out"},
	Forfeit:             {"判负", "forfeit"},
	Aborted:             {"对局取消", "the game was called off"},
}

// outcomeMessage explains o in lang: who won (in the game's words for the
// sides) and the rule, e.g. "白方胜：将杀" / "White wins: checkmate".
func outcomeMessage(r Rules, o Outcome, lang string) string {
	if !o.Over() {
		return ""
	}
	why := ruleText[o.Rule]
	if why[0] == "" {
		why = [2]string{string(o.Rule), string(o.Rule)}
	}
	var head [2]string
	switch o.Result {
	case FirstWins, SecondWins:
		w, _ := o.Winner()
		head = [2]string{r.SideName(w, "zh-CN") + "胜", r.SideName(w, "en") + " wins"}
	case Drawn:
		head = [2]string{"和棋", "draw"}
	default:
		return pick(lang, why[0], why[1])
	}
	return pick(lang, head[0]+"："+why[0], head[1]+": "+why[1])
}
