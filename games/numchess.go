package games

import (
	"fmt"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/numchess"
	"qixue/rules/record"
)

// readNumChess reads a number-chess record file (numchess.ParseRecords:
// many games, moves in the machine form or the seed's Chinese notation,
// the ruleset a game's [Ruleset] tag, else variant, else G46). The result is the
// engine's scoring of the final position, whatever the file says; a
// written result that differs is a warning.
func readNumChess(text, variant string, lim record.Limits) ([]read, error) {
	var def *numchess.Ruleset
	if variant != "" {
		rs, err := numchess.RulesetByName(variant)
		if err != nil {
			t := textOf(err.(localized))
			return []read{{Number: 1, Bad: &t}}, nil
		}
		def = &rs
	}
	recs, errs, err := numchess.ReadRecords(text, lim)
	if err != nil {
		return nil, err
	}
	out := make([]read, len(recs))
	for i, nr := range recs {
		r := &out[i]
		r.Number = i + 1
		if errs[i] == nil && def != nil && nr.Tag("Ruleset") == "" && def.Name != nr.Ruleset.Name {
			if r.Bad = underRuleset(&nr, *def); r.Bad != nil {
				continue
			}
		}
		if errs[i] != nil {
			t := textOf(errs[i].(localized))
			r.Bad = &t
			continue
		}
		rec := &Record{Game: game.NumChess, Variant: nr.Ruleset.Name, White: Player{Name: unknown(nr.Tag("Red"))}, Black: Player{Name: unknown(nr.Tag("Blue"))},
			Event: unknown(nr.Tag("Event")), Round: unknown(nr.Tag("Round")), Date: recordDate(nr.Tag("Date"))}
		if rec.White.Name == "" && rec.Black.Name == "" {
			rec.White.Name, rec.Black.Name = unknown(nr.Tag("White")), unknown(nr.Tag("Black"))
		}
		if rec.Variant == "" {
			rec.Variant = "G46"
		}
		rec.Result = numChessResult(nr.Final, nr.Ruleset)
		if written, ok := normResult(nr.Result); ok && nr.Result != "" && written != Unfinished && written != rec.Result {
			r.Warnings = append(r.Warnings, domain.Text{ZH: "记录写的结果是 " + nr.Result + "，按最后的局面计分结果是 " + rec.Result,
				EN: "the record says " + nr.Result + "; scoring the final position gives " + rec.Result})
		}
		nr.Result = rec.Result
		rec.Start, rec.Final, rec.Plies = nr.Start.String(), nr.Final.String(), len(nr.Moves)
		for _, m := range nr.Moves {
			r.Moves = append(r.Moves, m.String())
		}
		rec.Text = numchess.WriteRecords([]numchess.Record{nr})
		r.Rec = rec
	}
	return out, nil
}

// numChessResult scores a final position under rs.
func numChessResult(p numchess.Position, rs numchess.Ruleset) string {
	switch p.Result(rs) {
	case numchess.RedWins:
		return FirstWins
	case numchess.BlueWins:
		return SecondWins
	}
	return Draw
}

// storedNumChess reads a stored number-chess record back.
func storedNumChess(rec *Record) (numchess.Record, error) {
	recs, errs := numchess.ParseRecords(rec.Text)
	if len(recs) != 1 || errs[0] != nil {
		return numchess.Record{}, errCorrupt
	}
	return recs[0], nil
}

func replayNumChess(rec *Record, out *Replay, w plies, emit func(Ply) error) error {
	nr, err := storedNumChess(rec)
	if err != nil {
		return err
	}
	if c, ok := nr.Comments[0]; ok {
		out.Comments = []string{c}
	}
	eng := numchess.NewEngine(nr.Ruleset)
	pos := nr.Start
	for i, m := range nr.Moves {
		if w.done(i + 1) {
			break
		}
		if !w.want(i + 1) {
			next, err := eng.Play(pos, m)
			if err != nil {
				return errCorrupt
			}
			pos = next
			continue
		}
		mi, err := eng.Check(pos, m)
		if err != nil {
			return errCorrupt
		}
		ply := Ply{Ply: i + 1, Side: side(i), Notation: m.String(), LastMove: m.String(), Move: domain.Text{ZH: mi.Chinese(), EN: mi.English()}}
		if c, ok := nr.Comments[i+1]; ok {
			ply.Comments = []string{c}
		}
		if pos, err = eng.Play(pos, m); err != nil {
			return errCorrupt
		}
		ply.Position = pos.String()
		if err := emit(ply); err != nil {
			return err
		}
	}
	return nil
}

// exportNumChess writes the stored record with roster tags (Red and Blue
// for the players).
func exportNumChess(rec *Record, roster []record.Tag) (string, error) {
	nr, err := storedNumChess(rec)
	if err != nil {
		return "", err
	}
	nr.Tags, nr.Result = withRoster(nr.Tags, roster), rec.Result
	return numchess.WriteRecords([]numchess.Record{nr}), nil
}

// underRuleset replays a game read under the default ruleset under rs
// instead (the uploader's choice for games without a [Ruleset] tag) and
// records rs as its tag; a refusal names the move rs does not allow.
func underRuleset(nr *numchess.Record, rs numchess.Ruleset) *domain.Text {
	eng := numchess.NewEngine(rs)
	pos := nr.Start
	for i, m := range nr.Moves {
		next, err := eng.Play(pos, m)
		if err != nil {
			t := textOf(err.(localized))
			return &domain.Text{ZH: fmt.Sprintf("第%d步 %s（%s 规则）：%s", i+1, m, rs.Name, t.ZH), EN: fmt.Sprintf("move %d %s (%s rules): %s", i+1, m, rs.Name, t.EN)}
		}
		pos = next
	}
	nr.Ruleset, nr.Final = rs, pos
	nr.Tags = append(nr.Tags, record.Tag{Key: "Ruleset", Value: rs.Name})
	return nil
}
