package game

import (
	"context"

	"qixue/rules/chess"
	"qixue/rules/draughts"
	"qixue/rules/gomoku"
	"qixue/rules/numchess"
)

// AnalysisRequest asks for the searches an analysis may run besides the
// facts of the position: the mating moves in MateIn (chess, 1-3) and a
// victory by continuous fours (gomoku VCF). Games without them ignore
// them.
type AnalysisRequest struct {
	MateIn int
	VCF    bool
}

// Analyzer is implemented by every position of this package: the facts a
// teacher's analysis shows, by name, ready to encode as JSON (chess: check,
// checkers and escapes, mates; draughts: material; gomoku: forbidden and
// winning points, VCF; number chess: camps, scores and the number of legal
// moves). The position and the side to move are the caller's to add. A
// search stops when ctx is done and returns ctx's error.
type Analyzer interface {
	Analyze(ctx context.Context, req AnalysisRequest) (map[string]any, error)
}

// Analyze runs p's analysis (see Analyzer); a position without one gives
// an empty map.
func Analyze(ctx context.Context, p Position, req AnalysisRequest) (map[string]any, error) {
	if a, ok := p.(Analyzer); ok {
		return a.Analyze(ctx, req)
	}
	return map[string]any{}, nil
}

// MaxMateIn is the deepest mate search Analyze runs.
const MaxMateIn = 3

func (c chessPos) Analyze(_ context.Context, req AnalysisRequest) (map[string]any, error) {
	pos := c.p
	o := pos.Outcome()
	out := map[string]any{"in_check": pos.InCheck(), "result": o.Result(), "outcome": o.Method.String()}
	if pos.InCheck() {
		if esc, err := pos.Escapes(); err == nil {
			var checkers, escapes []map[string]string
			for _, ch := range esc.Checkers {
				checkers = append(checkers, map[string]string{"square": ch.Square.String()})
			}
			for _, e := range esc.Moves {
				escapes = append(escapes, map[string]string{"move": e.SAN, "method": e.Method.String()})
			}
			out["checkers"], out["escapes"] = checkers, escapes
		}
	}
	if req.MateIn != 0 {
		if req.MateIn < 1 || req.MateIn > MaxMateIn {
			return nil, &Error{code: "out_of_range", field: "mate_in",
				en: "mate_in must be 1 to 3", zh: "mate_in只能是1到3"}
		}
		found, complete := pos.MateInWithin(req.MateIn, chess.MateSearchBudget)
		if !complete {
			return nil, &Error{code: "too_complex", field: "mate_in",
				en: "the position is too complex to search for a mate in the time allowed", zh: "这个局面太复杂，限定时间内搜不完杀棋"}
		}
		mates := []string{}
		for _, m := range found {
			mates = append(mates, pos.SAN(m))
		}
		out["mating_moves"] = mates
	}
	return out, nil
}

func (d draughtsPos) Analyze(context.Context, AnalysisRequest) (map[string]any, error) {
	wm, wk := d.p.Count(draughts.White)
	bm, bk := d.p.Count(draughts.Black)
	return map[string]any{
		"has_legal_moves": d.p.HasLegalMoves(),
		"material":        map[string]int{"white_men": wm, "white_kings": wk, "black_men": bm, "black_kings": bk},
	}, nil
}

// maxVCFFours bounds the VCF search: the most fours in a line it tries.
const maxVCFFours = 20

func (p gomokuPos) Analyze(_ context.Context, req AnalysisRequest) (map[string]any, error) {
	g := p.g
	r, why := g.Result()
	out := map[string]any{"result": r.String()}
	if why != "" {
		out["reason"] = why
	}
	b := g.Board()
	forbidden := []string{}
	if g.Rules() == gomoku.Renju {
		for _, q := range b.ForbiddenPoints() {
			forbidden = append(forbidden, q.String())
		}
	}
	wins := []string{}
	for _, q := range gomoku.WinIn1(b, g.Rules(), g.ToMove()) {
		wins = append(wins, q.String())
	}
	out["forbidden_points"], out["winning_points"] = forbidden, wins
	if req.VCF {
		line, ok := gomoku.FindVCF(b, g.Rules(), g.ToMove(), maxVCFFours)
		vcf := []string{}
		for _, q := range line {
			vcf = append(vcf, q.String())
		}
		out["vcf_found"], out["vcf"] = ok, vcf
	}
	return out, nil
}

func (n numPos) Analyze(ctx context.Context, _ AnalysisRequest) (map[string]any, error) {
	pos := n.p
	count, err := n.eng.MoveCountContext(ctx, pos)
	if err != nil {
		return nil, err
	}
	red, blue := numchess.Red, numchess.Blue
	return map[string]any{
		"move_number": pos.MoveNumber(),
		"in_camp":     map[string]int{"red": pos.InCamp(red), "blue": pos.InCamp(blue)},
		"scores": map[string]map[string]int{
			"product":    {"red": pos.Score(red, numchess.ProductSum), "blue": pos.Score(blue, numchess.ProductSum)},
			"difference": {"red": pos.Score(red, numchess.DifferenceSum), "blue": pos.Score(blue, numchess.DifferenceSum)},
		},
		"legal_moves": count,
	}, nil
}

var _ = []Analyzer{chessPos{}, draughtsPos{}, gomokuPos{}, numPos{}}
