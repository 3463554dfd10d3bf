package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"qixue/rules/chess"
)

// game is one played game.
type game struct {
	opening    []string
	moves      []string
	fens       []string // the position before each move
	result     string   // PGN result
	reason     string
	whiteScore float64
	fault      string // an engine's illegal move or timeout, if that ended the game
}

// playGame plays white against black from the opening line.
func playGame(white, black *engine, opening []string, goCmd string, limit time.Duration, maxPlies int) *game {
	g := &game{opening: opening}
	cg := chess.NewGame(chess.StartPosition())
	white.newGame()
	if black != white {
		black.newGame()
	}
	for _, s := range opening {
		if err := cg.PlayMove(s); err != nil {
			panic(fmt.Sprintf("opening move %s: %v", s, err)) // the built-in list is checked by a test
		}
		g.moves = append(g.moves, s)
		g.fens = append(g.fens, "")
	}
	for {
		if o := cg.Outcome(); o.Over() {
			g.finish(o.Result(), o.Method.String())
			return g
		}
		if m := cg.ClaimableDraw(); m != chess.Ongoing {
			g.finish("1/2-1/2", m.String()+" (claimed)")
			return g
		}
		if len(g.moves) >= maxPlies {
			g.finish("1/2-1/2", fmt.Sprintf("adjudicated after %d plies", maxPlies))
			return g
		}
		side, e := "white", white
		if cg.Position().Turn() == chess.Black {
			side, e = "black", black
		}
		fen := cg.Position().FEN()
		mv, err := e.bestMove("", g.moves, goCmd, limit)
		if err == nil {
			err = cg.PlayMove(mv)
		}
		if err != nil {
			g.fault = fmt.Sprintf("%s (%s): %v", e.name, side, err)
			res := "0-1"
			if side == "black" {
				res = "1-0"
			}
			g.finish(res, g.fault)
			return g
		}
		g.moves = append(g.moves, mv)
		g.fens = append(g.fens, fen)
	}
}

func (g *game) finish(result, reason string) {
	g.result, g.reason = result, reason
	switch result {
	case "1-0":
		g.whiteScore = 1
	case "0-1":
		g.whiteScore = 0
	default:
		g.whiteScore = 0.5
	}
}

// pgn writes the game with the engines' names as PGN.
func (g *game) pgn(round int, a, b string) string {
	white, black := a, b
	if round%2 == 0 {
		white, black = b, a
	}
	cg := chess.NewGame(chess.StartPosition())
	for _, s := range g.moves {
		cg.PlayMove(s)
	}
	pg := cg.PGNGame(chess.Tag{Name: "Event", Value: "chessmatch"}, chess.Tag{Name: "Round", Value: fmt.Sprint(round)},
		chess.Tag{Name: "White", Value: white}, chess.Tag{Name: "Black", Value: black},
		chess.Tag{Name: "Termination", Value: g.reason})
	pg.Result = g.result
	return pg.PGN() + "\n"
}

// selfPlay has one engine play both sides from random openings (six to
// ten random legal plies) and writes the quiet positions of each game after
// the opening, one "FEN;score" line each, the score being the game's result
// for White (1, 0.5, 0). Positions in check and those whose next move took
// a piece or promoted are left out, as Texel tuning wants quiet positions.
func selfPlay(argv string, opts map[string]string, games int, goCmd string, maxPlies int, seed uint64, out string) error {
	e, err := startEngine("sp", strings.Fields(argv), opts)
	if err != nil {
		return err
	}
	defer e.close()
	f, err := os.OpenFile(out, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	defer w.Flush()
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	positions := 0
	for i := 0; i < games; i++ {
		var line []string
		p := chess.StartPosition()
		for n := 6 + rng.IntN(5); len(line) < n; {
			ms := p.LegalMoves()
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			line = append(line, m.String())
			p, _ = p.Play(m)
		}
		if len(p.LegalMoves()) == 0 {
			continue
		}
		g := playGame(e, e, line, goCmd, 30*time.Second, maxPlies)
		if g.fault != "" {
			return fmt.Errorf("game %d: %s", i+1, g.fault)
		}
		for j := len(line); j < len(g.moves); j++ {
			pos, err := chess.ParseFEN(g.fens[j])
			if err != nil || pos.InCheck() {
				continue
			}
			m, err := pos.ParseMove(g.moves[j])
			if err != nil || pos.IsCapture(m) || m.Promotion() != chess.NoPieceType {
				continue
			}
			fmt.Fprintf(w, "%s;%g\n", g.fens[j], g.whiteScore)
			positions++
		}
		if (i+1)%50 == 0 {
			fmt.Printf("%d games, %d positions\n", i+1, positions)
			w.Flush()
		}
	}
	return nil
}
