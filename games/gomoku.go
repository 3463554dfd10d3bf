package games

import (
	"strings"

	"qixue/domain"
	"qixue/rules/game"
	"qixue/rules/gomoku"
	"qixue/rules/record"
)

// readGomoku reads a gomoku/renju file: a Piskvork/Gomocup PSQ file (one
// game) or record files of many games (gomoku.ParseRecords: tags, swaps,
// fifth-move offers, comments). The ruleset is a game's [Rule] tag, else
// variant, else freestyle.
func readGomoku(text, variant string, lim record.Limits) ([]read, error) {
	if variant == "" {
		variant = "freestyle"
	}
	rs, err := gomoku.ParseRuleset(variant)
	if err != nil {
		t := textOf(err.(localized))
		return []read{{Number: 1, Bad: &t}}, nil
	}
	if strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(text, "\ufeff")), "Piskvorky") {
		return []read{readPSQ(text, rs)}, nil // one game of at most 225 moves
	}
	recs, errs, err := gomoku.ReadRecords(text, rs, lim)
	if err != nil {
		return nil, err
	}
	out := make([]read, len(recs))
	for i, gr := range recs {
		out[i].Number = i + 1
		if errs[i] != nil {
			t := textOf(errs[i].(localized))
			out[i].Bad = &t
			continue
		}
		out[i].Rec, out[i].Moves = gomokuRecord(gr), moveStrings(gr.Moves)
	}
	return out, nil
}

// readPSQ reads a PSQ file as one game under rs.
func readPSQ(text string, rs gomoku.Ruleset) read {
	r := read{Number: 1}
	psq, err := gomoku.ParsePSQ(text)
	var g *gomoku.Game
	if err == nil {
		g, err = gomoku.NewFreeGame(rs).PlayRecord(psq.Moves) // a final forbidden move loses
	}
	if err != nil {
		t := textOf(err.(localized))
		r.Bad = &t
		return r
	}
	if len(psq.Moves) == 0 {
		r.Bad = &domain.Text{ZH: "这盘棋没有着法", EN: "the game has no moves"}
		return r
	}
	gr := gomoku.GameRecord{Tags: []record.Tag{{Key: "Source", Value: psq.Header}}, Rules: rs, MaxOffers: 2, Moves: psq.Moves, Game: g}
	r.Rec, r.Moves = gomokuRecord(gr), moveStrings(psq.Moves)
	return r
}

func moveStrings(ms []gomoku.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// gomokuRecord is the archive's record of a replayed game.
func gomokuRecord(gr gomoku.GameRecord) *Record {
	rec := &Record{Game: game.Gomoku, Variant: gr.Rules.String(), Black: Player{Name: unknown(gr.Tag("Black"))}, White: Player{Name: unknown(gr.Tag("White"))},
		Event: unknown(gr.Tag("Event")), Round: unknown(gr.Tag("Round")), Date: recordDate(gr.Tag("Date"))}
	if gr.Rules == gomoku.Renju {
		if o, ok := RenjuOpening(gr.Moves); ok {
			rec.Opening = RenjuOpeningLabel(o, "zh-CN") + " " + RenjuOpeningLabel(o, "en")
		}
	}
	rec.Result, _ = normResult(gr.Result)
	if rec.Result == Unfinished {
		switch res, _ := gr.Game.Result(); res {
		case gomoku.BlackWins:
			rec.Result = FirstWins
		case gomoku.WhiteWins:
			rec.Result = SecondWins
		case gomoku.Draw:
			rec.Result = Draw
		}
	}
	gr.Result = rec.Result
	rec.Start, rec.Final, rec.Plies = "", strings.Join(moveStrings(gr.Moves), " "), len(gr.Moves)
	rec.Text = gomoku.WriteRecords([]gomoku.GameRecord{gr})
	return rec
}

// storedGomoku reads a stored gomoku record back.
func storedGomoku(rec *Record) (gomoku.GameRecord, error) {
	rs, err := gomoku.ParseRuleset(rec.Variant)
	if err != nil {
		return gomoku.GameRecord{}, errCorrupt
	}
	recs, errs := gomoku.ParseRecords(rec.Text, rs)
	if len(recs) != 1 || errs[0] != nil {
		return gomoku.GameRecord{}, errCorrupt
	}
	return recs[0], nil
}

func replayGomoku(rec *Record, out *Replay, w plies, emit func(Ply) error) error {
	gr, err := storedGomoku(rec)
	if err != nil {
		return err
	}
	if c, ok := gr.Comments[0]; ok {
		out.Comments = []string{c}
	}
	so := make([]string, 0, len(gr.Moves))
	for i, m := range gr.Moves {
		if w.done(i + 1) {
			break
		}
		so = append(so, m.String())
		if !w.want(i + 1) {
			continue
		}
		ply := Ply{Ply: i + 1, Side: side(i), Notation: m.String(), Move: gomokuMoveText(m), Position: strings.Join(so, " ")}
		if c, ok := gr.Comments[i+1]; ok {
			ply.Comments = []string{c}
		}
		if m.Kind == gomoku.Place || m.Kind == gomoku.Offer {
			ply.LastMove = m.Point.String()
		}
		if err := emit(ply); err != nil {
			return err
		}
	}
	return nil
}

// exportGomoku writes the stored record with roster tags.
func exportGomoku(rec *Record, roster []record.Tag) (string, error) {
	gr, err := storedGomoku(rec)
	if err != nil {
		return "", err
	}
	gr.Tags, gr.Result = withRoster(gr.Tags, roster), rec.Result
	return gomoku.WriteRecords([]gomoku.GameRecord{gr}), nil
}

// withRoster puts the record's fields in place of the file's own.
func withRoster(tags, roster []record.Tag) []record.Tag {
	out := append([]record.Tag(nil), roster...)
	for _, t := range tags {
		if !rosterTag(t.Key) && !strings.EqualFold(t.Key, "Red") && !strings.EqualFold(t.Key, "Blue") {
			out = append(out, t)
		}
	}
	return out
}

// gomokuMoveText is a gomoku move in words.
func gomokuMoveText(m gomoku.Move) domain.Text {
	switch m.Kind {
	case gomoku.Pass:
		return domain.Text{ZH: "放弃行棋", EN: "pass"}
	case gomoku.Swap:
		return domain.Text{ZH: "三手交换", EN: "swap"}
	case gomoku.Offer:
		var pts []string
		for _, p := range m.OfferedPoints() {
			pts = append(pts, p.String())
		}
		return domain.Text{ZH: "五手" + itoaZH(len(pts)) + "打：" + strings.Join(pts, "、") + "，留下 " + m.Point.String(),
			EN: "fifth-move offer " + strings.Join(pts, ", ") + ": " + m.Point.String() + " kept"}
	}
	return domain.Text{ZH: m.Point.String(), EN: m.Point.String()}
}

// itoaZH writes small counts in Chinese numerals (两 for 2).
func itoaZH(n int) string {
	if n == 2 {
		return "两"
	}
	d := []string{"零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"}
	if n >= 0 && n <= 10 {
		return d[n]
	}
	return strings.Repeat("多", 1)
}
