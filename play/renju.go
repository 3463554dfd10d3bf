package play

import (
	"fmt"
	"strings"

	"qixue/domain"
	"qixue/rules/game"
)

// The renju opening protocol of seed 001 on top of the engine's record
// moves: the swap after move 3 (三手可交换, no ply of its own), the
// fifth-move offer (五手两打: Black offers two points, White keeps one,
// which is move 5), and the competition rule on forbidden moves: under
// Competition a forbidden Black stone is put down and loses only when
// White points it out before playing on (an overline: any time before the
// end); under Practice the claim is made for White at once.

// withClaims returns the start position of a renju game in which Black's
// forbidden stones are put down, for White to claim (the referee claims at
// once under Practice). Other games start as given.
func withClaims(start game.Position) game.Position {
	if gg, ok := game.GomokuGame(start); ok {
		return game.GomokuPosition(gg.WithForbiddenClaims())
	}
	return start
}

// claimable returns the forbidden stones White may point out now, with
// the reason of the latest, in both languages.
func claimable(eg *game.Game) (int, domain.Text) {
	gg, ok := game.GomokuGame(eg.Position())
	if !ok {
		return 0, domain.Text{}
	}
	list := gg.Claimable()
	if len(list) == 0 {
		return 0, domain.Text{}
	}
	f := list[0]
	err := f.Forbidden.Err()
	return f.Move, domain.Text{ZH: err.Message("zh-CN"), EN: err.Message("en")}
}

// isOffer reports whether a move text is a bare fifth-move offer ("j10,k11"
// or "j10 k11"), as a player may send it to the moves resource.
func isOffer(s string) ([]string, bool) {
	if strings.Contains(s, ":") {
		return nil, false
	}
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ',' || r == ' ' || r == '，' })
	return f, len(f) >= 2
}

// offerMove is the engine's record token of an offer with the point kept.
func offerMove(offered []string, keep string) string {
	return strings.Join(offered, ",") + ":" + keep
}

// checkOffer checks Black's fifth-move offer against the engine: each
// point, kept, would be a legal offer move.
func checkOffer(eg *game.Game, points []string) *Error {
	gg, ok := game.GomokuGame(eg.Position())
	if !ok || !gg.CanOffer() {
		return notNow("a fifth-move offer is made only by Black for move 5 of a renju game",
			"只有连珠对局的黑5可以五手两打")
	}
	norm := make([]string, len(points))
	for i, p := range points {
		norm[i] = strings.ToLower(strings.TrimSpace(p))
	}
	for _, p := range norm {
		if _, err := eg.Position().ParseMove(offerMove(norm, p)); err != nil {
			return engineError(err).with("moves", "invalid")
		}
	}
	copy(points, norm)
	return nil
}

// forbiddenEnd is the outcome of a forbidden move that White pointed out
// (or that was pointed out for White in practice).
func forbiddenEnd(why domain.Text) (game.Outcome, domain.Text) {
	o := game.Outcome{Result: game.SecondWins, Rule: game.ForbiddenMove}
	return o, domain.Text{ZH: fmt.Sprintf("白方胜：黑方走了禁手（%s）", why.ZH), EN: fmt.Sprintf("White wins: Black played a forbidden move (%s)", why.EN)}
}
