package games

import (
	"strconv"
	"strings"

	"qixue/rules/numchess"
)

// readNumChess replays one number-chess game: moves in the machine form
// ("1d4-i5", "0a1-e5[9-5-4]"), its ruleset the [Ruleset] (or [Variant])
// tag, else variant, else G46; it starts from the [FEN] (or [Position])
// tag, else the start position. The result is the engine's scoring of the
// final position, whatever the file says.
func readNumChess(g *taggedGame, variant string) read {
	var r read
	bad := func(err error) read {
		t := textOf(err.(localized))
		r.Bad = &t
		return r
	}
	name := g.tag("Ruleset", "Variant")
	if name == "" {
		name = variant
	}
	rs, err := numchess.RulesetByName(name)
	if err != nil {
		return bad(err)
	}
	if name == "" {
		name = "G46"
	}
	pos := numchess.Start()
	if s := g.tag("FEN", "Position"); s != "" {
		if pos, err = numchess.ParsePosition(s); err != nil {
			return bad(err)
		}
	}
	rec := &Record{Game: NumChess, Variant: strings.ToUpper(name), White: Player{Name: g.tag("Red", "White")}, Black: Player{Name: g.tag("Blue", "Black")}}
	rec.Start = pos.String()
	eng := numchess.SharedEngine(rs)
	for i, m := range g.Moves {
		mv, err := numchess.ParseMove(m.Token)
		if err == nil {
			pos, err = eng.Play(pos, mv)
		}
		if err != nil {
			t := textOf(err.(localized))
			t = Text{ZH: "第 " + strconv.Itoa(i+1) + " 步 " + m.Token + "：" + t.ZH, EN: "move " + strconv.Itoa(i+1) + " " + m.Token + ": " + t.EN}
			r.Bad = &t
			return r
		}
		g.Moves[i].Token = mv.String()
		r.Moves = append(r.Moves, mv.String())
	}
	switch pos.Result(rs) {
	case numchess.RedWins:
		rec.Result = FirstWins
	case numchess.BlueWins:
		rec.Result = SecondWins
	default:
		rec.Result = Draw
	}
	if len(g.Moves) == 0 {
		rec.Result = Unfinished
	}
	if res, ok := normResult(g.Result); ok && g.Result != "" && res != Unfinished && res != rec.Result {
		r.Warnings = append(r.Warnings, Text{ZH: "记录写的结果是 " + g.Result + "，按最后的局面计分结果是 " + rec.Result,
			EN: "the record says " + g.Result + "; scoring the final position gives " + rec.Result})
	}
	rec.Final, rec.Plies = pos.String(), len(g.Moves)
	tags := []tag{{"Game", "numchess"}, {"Ruleset", rec.Variant}}
	if rec.Start != numchess.Start().String() {
		tags = append(tags, tag{"FEN", rec.Start})
	}
	for _, t := range g.Tags {
		switch strings.ToLower(t.Name) {
		case "game", "ruleset", "variant", "fen", "position", "result":
		default:
			tags = append(tags, t)
		}
	}
	rec.Text = writeTagged(tags, g.Before, g.Moves, rec.Result)
	r.Rec = rec
	return r
}
