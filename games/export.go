package games

import (
	"strings"

	"qixue/rules/chess"
	"qixue/rules/draughts"
	"qixue/rules/game"
	"qixue/rules/record"
)

// Formats of an export: the file extension and media type of each game's
// notation.
var exportFormats = map[game.Name]struct{ Ext, MediaType string }{
	game.Chess:    {"pgn", "application/x-chess-pgn"},
	game.Draughts: {"pdn", "application/x-draughts-pdn"},
	game.Gomoku:   {"txt", "text/plain"},
	game.NumChess: {"txt", "text/plain"},
}

// tagDate is a date as the record files write it ("2026.11.03"), "" when
// unknown (the tag is left out).
func tagDate(d string) string {
	if d == "" {
		return ""
	}
	return pgnDate(d)
}

// FormatOf returns the file extension and media type of an export of g.
func FormatOf(g game.Name) (ext, mediaType string) {
	f := exportFormats[g]
	return f.Ext, f.MediaType
}

// pgnDate writes a date as PGN and PDN do: "2026.11.03", "????.??.??"
// when unknown.
func pgnDate(d string) string {
	if d == "" {
		return "????.??.??"
	}
	return strings.ReplaceAll(d, "-", ".")
}

// orUnknown is "?" for an empty tag value.
func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}

// export writes rec in its game's notation, with the record's own
// fields (as edited since) in the tags and white and black as the names
// of its players.
func export(rec *Record, white, black string) (string, error) {
	roster := []record.Tag{{Key: "Event", Value: orUnknown(rec.Event)}, {Key: "Date", Value: pgnDate(rec.Date)}, {Key: "Round", Value: orUnknown(rec.Round)},
		{Key: "White", Value: orUnknown(white)}, {Key: "Black", Value: orUnknown(black)}, {Key: "Result", Value: rec.Result}}
	switch rec.Game {
	case game.Chess:
		gs := chess.ParsePGN(rec.Text)
		if len(gs) != 1 || gs[0].Err != nil {
			return "", errCorrupt
		}
		g := gs[0]
		tags := make([]chess.Tag, 0, len(g.Tags)+len(roster))
		for _, t := range roster {
			tags = append(tags, chess.Tag{Name: t.Key, Value: t.Value})
		}
		for _, t := range g.Tags {
			if !rosterTag(t.Name) {
				tags = append(tags, t)
			}
		}
		g.Tags, g.Result = tags, rec.Result
		return g.PGN(), nil
	case game.Draughts:
		g, err := draughts.ParsePDN(rec.Text)
		if err != nil {
			return "", errCorrupt
		}
		res := map[string]string{FirstWins: "2-0", SecondWins: "0-2", Draw: "1-1"}[rec.Result]
		if res == "" {
			res = "*"
		}
		for _, t := range roster {
			if t.Key == "Result" {
				t.Value = res
			}
			g.SetTag(t.Key, t.Value)
		}
		return g.PDN(), nil
	case game.Gomoku:
		return exportGomoku(rec, []record.Tag{{Key: "Event", Value: rec.Event}, {Key: "Date", Value: tagDate(rec.Date)}, {Key: "Round", Value: rec.Round},
			{Key: "Black", Value: black}, {Key: "White", Value: white}, {Key: "Result", Value: rec.Result}})
	case game.NumChess:
		return exportNumChess(rec, []record.Tag{{Key: "Event", Value: rec.Event}, {Key: "Date", Value: tagDate(rec.Date)}, {Key: "Round", Value: rec.Round},
			{Key: "Red", Value: white}, {Key: "Blue", Value: black}, {Key: "Result", Value: rec.Result}})
	}
	return "", errCorrupt
}

// rosterTag reports whether a tag is one the record's fields replace.
func rosterTag(name string) bool {
	switch strings.ToLower(name) {
	case "event", "date", "round", "white", "black", "result":
		return true
	}
	return false
}
