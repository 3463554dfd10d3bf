package games

import (
	"context"
	"strings"

	"qixue/domain"
	"qixue/rules/chess"
	"qixue/rules/draughts"
	"qixue/rules/game"
	"qixue/rules/record"
)

// read is one game read from an uploaded file: the record, or why the
// game was refused (Bad); Warnings are slips that did not stop it.
type read struct {
	Number   int
	Rec      *Record
	Moves    []string // the main line, for the duplicate hash
	Bad      *domain.Text
	Warnings []domain.Text
}

// localized is an engine refusal that explains itself in both languages.
type localized interface{ Message(lang string) string }

func textOf(e localized) domain.Text { return domain.Text{ZH: e.Message("zh-CN"), EN: e.Message("en")} }

// readFile reads every game of a file of game g. variant is the ruleset
// the uploader chose ("" for the game's default); a tag of a game names
// its own.
// Reading stops at the first of lim passed, with a *record.LimitError.
//
// Reading stops with ctx's error once ctx ends (a heavy request's budget):
// chess and draughts files between two games, the others before and after
// their reader.
func readFile(ctx context.Context, g game.Name, variant, text string, lim record.Limits) ([]read, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var out []read
	var err error
	switch g {
	case game.Chess:
		out, err = readPGN(ctx, text, lim)
	case game.Draughts:
		out, err = readPDN(ctx, text, lim)
	case game.Gomoku:
		out, err = readGomoku(text, variant, lim)
	case game.NumChess:
		out, err = readNumChess(text, variant, lim)
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// unknown clears the PGN placeholders for a value nobody wrote ("?", "-").
func unknown(s string) string {
	s = strings.TrimSpace(s)
	if s == "?" || s == "-" || s == "??" {
		return ""
	}
	return s
}

// recordDate reads a PGN/PDN date ("2026.11.03", "2026-11-03") into
// "2026-11-03"; a date with unknown parts ("2026.??.??") is "".
func recordDate(s string) string {
	s = strings.ReplaceAll(strings.TrimSpace(s), ".", "-")
	s = strings.ReplaceAll(s, "/", "-")
	if len(s) != 10 || s[4] != '-' || s[7] != '-' {
		return ""
	}
	for i, c := range s {
		if i != 4 && i != 7 && (c < '0' || c > '9') {
			return ""
		}
	}
	if s[5:7] < "01" || s[5:7] > "12" || s[8:10] < "01" || s[8:10] > "31" {
		return ""
	}
	return s
}

// normResult reads a written result into FirstWins, SecondWins, Draw or
// Unfinished; ok is false for anything else.
func normResult(s string) (string, bool) {
	switch strings.TrimSpace(s) {
	case "1-0", "2-0":
		return FirstWins, true
	case "0-1", "0-2":
		return SecondWins, true
	case "1/2-1/2", "½-½", "1-1":
		return Draw, true
	case "*", "":
		return Unfinished, true
	}
	return "", false
}

func readPGN(ctx context.Context, text string, lim record.Limits) ([]read, error) {
	var out []read
	pr := chess.NewPGNReader(text, lim)
	for i := 0; ; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		g, err := pr.Next()
		if err != nil {
			return nil, err
		}
		if g == nil {
			return out, nil
		}
		r := read{Number: i + 1}
		if g.Err != nil {
			t := textOf(g.Err)
			r.Bad = &t
			out = append(out, r)
			continue
		}
		for _, w := range g.Warnings {
			r.Warnings = append(r.Warnings, textOf(w))
		}
		tag := func(name string) string { v, _ := g.Tag(name); return unknown(v) }
		rec := &Record{Game: game.Chess, Variant: "standard", Event: tag("Event"), Round: tag("Round"),
			Date: recordDate(tag("Date")), White: Player{Name: tag("White")}, Black: Player{Name: tag("Black")}}
		if v := strings.ToLower(tag("Variant")); g.Start.Chess960() || strings.Contains(v, "960") || strings.Contains(v, "fischer") {
			rec.Variant = "chess960"
		}
		rec.Result, _ = normResult(g.Result)
		if rec.Result == Unfinished {
			if res, ok := normResult(tag("Result")); ok {
				rec.Result = res
			}
		}
		if rec.Result == Unfinished {
			if o := g.Game().Outcome(); o.Over() {
				rec.Result = o.Result()
			}
		}
		rec.Start, rec.Final, rec.Plies = g.Start.FEN(), g.Final().FEN(), len(g.Moves)
		// The opening is named by the public table whenever the game
		// starts from the standard position, so that the archive's search
		// by code or name (English or Chinese) finds every game of an
		// opening whatever its file wrote; the file's own ECO and Opening
		// tags name the others.
		rec.Opening = strings.TrimSpace(tag("ECO") + " " + tag("Opening"))
		if g.Start == chess.StartPosition() {
			ms := make([]chess.Move, 0, min(len(g.Moves), 40))
			for _, m := range g.Moves[:min(len(g.Moves), 40)] {
				if m.Null {
					break
				}
				ms = append(ms, m.Move)
			}
			if o, ok := ClassifyChess(ms); ok {
				rec.Opening = o.ECO + " " + o.Name
				if o.NameZh != "" {
					rec.Opening += " / " + o.NameZh
				}
			}
		}
		rec.Text = g.PGN()
		for _, m := range g.Moves {
			san := m.SAN
			if m.Null {
				san = "--"
			}
			r.Moves = append(r.Moves, san)
		}
		r.Rec = rec
		out = append(out, r)
	}
}

func readPDN(ctx context.Context, text string, lim record.Limits) ([]read, error) {
	var out []read
	pr := draughts.NewPDNReader(text, lim)
	for i := 0; ; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		pg, ok, err := pr.Next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return out, nil
		}
		r := read{Number: i + 1}
		if pg.Err != nil {
			t := textOf(pg.Err)
			r.Bad = &t
			out = append(out, r)
			continue
		}
		g := pg.Game
		for _, w := range g.Warnings() {
			r.Warnings = append(r.Warnings, textOf(w))
		}
		tag := func(name string) string { v, _ := g.Tag(name); return unknown(v) }
		rec := &Record{Game: game.Draughts, Variant: "international", Event: tag("Event"), Round: tag("Round"),
			Date: recordDate(tag("Date")), White: Player{Name: tag("White")}, Black: Player{Name: tag("Black")}}
		res, ok := normResult(tag("Result"))
		if !ok || res == Unfinished {
			res, _ = normResult(g.Outcome().Result.String())
		}
		rec.Result = res
		p := g.Start()
		for _, m := range g.Moves() {
			r.Moves = append(r.Moves, p.Notation(m))
			p, _ = p.Play(m)
		}
		rec.Start, rec.Final, rec.Plies = g.Start().FEN(), g.Position().FEN(), len(r.Moves)
		rec.Opening = tag("Opening")
		if o, ok := ClassifyDraughts(g.Start(), g.Moves()); ok && rec.Opening == "" {
			rec.Opening = o.Label("en")
			if o.NameZh != "" {
				rec.Opening += " / " + o.NameZh
			}
		}
		rec.Text = g.PDN()
		r.Rec = rec
		out = append(out, r)
	}
}
