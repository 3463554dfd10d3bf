package numchess

import "fmt"

// CheckSetup judges a position set up by hand (a teacher's board editor)
// beyond what ParsePosition checks (a piece twice, a point off the 121,
// two pieces on a point). A game ends as soon as one side has all ten
// pieces in place, so it returns a *ParseError "both_in_place" when both
// sides are, and "mover_in_place" when the side to move is (its last move
// ended the game, the other side cannot have moved since). A position in
// which the side that moved last is in place stands: the game is over.
func CheckSetup(p Position) error {
	red, blue := p.InPlace(Red), p.InPlace(Blue)
	switch {
	case red && blue:
		return &ParseError{code: "both_in_place",
			en: "both sides have all ten pieces in place: the game ended when the first of them got there",
			zh: "双方的十枚棋子都已全部到位：对局在先到位的一方到位时就结束了"}
	case p.turn == Red && red, p.turn == Blue && blue:
		en, zh := sideName(p.turn)
		return &ParseError{code: "mover_in_place",
			en: fmt.Sprintf("%s is to move but already has all ten pieces in place: the game ended with that move", en),
			zh: fmt.Sprintf("轮到%s走棋，但%s的十枚棋子已经全部到位：对局在那一步就结束了", zh, zh)}
	}
	return nil
}
