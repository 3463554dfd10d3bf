package draughts

import "fmt"

// CheckSetup judges a position set up by hand (a teacher's board editor)
// beyond what ParseFEN checks (a square twice, a man on its own crowning
// row). It returns a *FormatError: "too_many_pieces" when a side has more
// than the twenty pieces it starts with (no move adds a piece, and a
// crowned man stays one piece), "no_pieces" when the board is empty. A
// side without pieces stands: it has lost.
func CheckSetup(p Position) error {
	for _, c := range []Color{White, Black} {
		men, kings := p.Count(c)
		if men+kings > 20 {
			en, zh := colorName(c)
			return &FormatError{msg: message{code: "too_many_pieces",
				en: fmt.Sprintf("%s has %d pieces (%d men, %d kings); a side starts with 20 and no move adds one", en, men+kings, men, kings),
				zh: fmt.Sprintf("%s有 %d 枚棋子（%d 个兵、%d 个王）；每方开局只有 20 枚，走棋不会增加棋子", zh, men+kings, men, kings)}}
		}
	}
	if p.side[White]|p.side[Black] == 0 {
		return &FormatError{msg: message{code: "no_pieces",
			en: "the board is empty: put the pieces of both sides on it",
			zh: "棋盘是空的：请摆上双方的棋子"}}
	}
	return nil
}
