package games

import (
	"strings"

	"qixue/rules/gomoku"
)

// readGomoku replays one gomoku game: its ruleset is the [Rule] (or
// [Variant]) tag, else variant, else freestyle. Renju games follow the
// national opening protocol, with the swap and the fifth-move offers
// ("j10,k11:j10").
func readGomoku(g *taggedGame, variant string) read {
	var r read
	rule := g.tag("Rule", "Rules", "Variant")
	if rule == "" {
		rule = variant
	}
	if rule == "" {
		rule = "freestyle"
	}
	rs, err := gomoku.ParseRuleset(rule)
	if err != nil {
		t := textOf(err.(localized))
		r.Bad = &t
		return r
	}
	toks := make([]string, len(g.Moves))
	for i, m := range g.Moves {
		toks[i] = m.Token
	}
	moves, err := gomoku.ParseRecord(strings.Join(toks, " "))
	if err == nil {
		var game *gomoku.Game
		game, err = gomoku.NewGameFromRecord(rs, moves)
		if err == nil {
			rec := &Record{Game: Gomoku, Variant: rs.String(), Black: Player{Name: g.tag("Black")}, White: Player{Name: g.tag("White")}}
			if o, ok := game.Opening(); ok {
				rec.Opening = o.Name + " (" + o.English + ")"
			}
			switch res, _ := game.Result(); res {
			case gomoku.BlackWins:
				rec.Result = FirstWins
			case gomoku.WhiteWins:
				rec.Result = SecondWins
			case gomoku.Draw:
				rec.Result = Draw
			}
			for i, m := range moves {
				g.Moves[i].Token = m.String()
				r.Moves = append(r.Moves, m.String())
			}
			rec.Start, rec.Final, rec.Plies = "", strings.Join(r.Moves, " "), len(moves)
			tags := []tag{{"Game", "gomoku"}, {"Rule", rs.String()}}
			for _, t := range g.Tags {
				if !strings.EqualFold(t.Name, "Rule") && !strings.EqualFold(t.Name, "Game") {
					tags = append(tags, t)
				}
			}
			result := rec.Result
			if result == "" {
				result, _ = normResult(g.Result)
			}
			rec.Text = writeTagged(tags, g.Before, g.Moves, result)
			r.Rec = rec
			return r
		}
	}
	t := textOf(err.(localized))
	r.Bad = &t
	return r
}

// gomokuMoveText is a gomoku move in words.
func gomokuMoveText(m gomoku.Move) Text {
	switch m.Kind {
	case gomoku.Pass:
		return Text{ZH: "放弃行棋", EN: "pass"}
	case gomoku.Swap:
		return Text{ZH: "三手交换", EN: "swap"}
	case gomoku.Offer:
		return Text{ZH: "五手两打：" + m.Point.String() + "、" + m.Alt.String() + "，留下 " + m.Point.String(),
			EN: "fifth-move offer " + m.Point.String() + ", " + m.Alt.String() + ": " + m.Point.String() + " kept"}
	}
	return Text{ZH: m.Point.String(), EN: m.Point.String()}
}
