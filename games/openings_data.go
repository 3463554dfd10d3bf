package games

import (
	"embed"
	"fmt"
	"strings"
)

// ecoFiles are the five files of the public opening table
// lichess-org/chess-openings (CC0), as published: "eco<TAB>name<TAB>pgn"
// with a header line. Source, commit and licence: ecodata/README.md.
//
//go:embed ecodata/*.tsv
var ecoFiles embed.FS

// lichessLines reads the table's files in ECO order.
func lichessLines(fsys embed.FS) ([]ecoLine, error) {
	var out []ecoLine
	for _, name := range []string{"a", "b", "c", "d", "e"} {
		data, err := fsys.ReadFile("ecodata/" + name + ".tsv")
		if err != nil {
			return nil, err
		}
		lines, err := parseECOTSV(name+".tsv", string(data))
		if err != nil {
			return nil, err
		}
		out = append(out, lines...)
	}
	return out, nil
}

// parseECOTSV reads one file of the table: a header "eco name pgn", then
// one line a name, its moves as PGN movetext ("1. e4 e5 2. Nf3").
func parseECOTSV(file, text string) ([]ecoLine, error) {
	var out []ecoLine
	for n, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		f := strings.Split(strings.TrimRight(line, "\r"), "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: want 3 tab-separated fields, got %d", file, n+1, len(f))
		}
		if n == 0 {
			if f[0] != "eco" || f[1] != "name" || f[2] != "pgn" {
				return nil, fmt.Errorf("%s:1: the header must be eco, name, pgn", file)
			}
			continue
		}
		l := ecoLine{where: fmt.Sprintf("%s:%d", file, n+1), eco: f[0], name: f[1]}
		for _, tok := range strings.Fields(f[2]) {
			if strings.HasSuffix(tok, ".") {
				continue // a move number
			}
			l.moves = append(l.moves, tok)
		}
		out = append(out, l)
	}
	return out, nil
}
