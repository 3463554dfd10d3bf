package games

import (
	"errors"
	"strings"

	"qixue/domain"
	"qixue/rules/chess"
	"qixue/rules/draughts"
	"qixue/rules/game"
)

// Ply is one move of a replay and the position after it.
type Ply struct {
	Ply int // 1-based
	// Side is "first" or "second": who made the move.
	Side string
	// Notation is the move in the game's own notation (SAN, PDN, a
	// point, the number-chess machine form).
	Notation string
	// Move says the move in words, in zh-CN and en.
	Move domain.Text
	// Position is the position after the move: a FEN (chess, draughts),
	// the record so far (gomoku) or the machine position (number chess).
	Position string
	// LastMove marks the move on a diagram ("e2e4", "32-28", "h8",
	// "1d4-i5").
	LastMove string
	Comments []string
	// Variations are the alternatives written to this move (chess and
	// draughts), each its moves in the game's notation from the position
	// before the move.
	Variations []string
}

// Replay is a record played ply by ply.
type Replay struct {
	Record   *Record
	Comments []string // written before the first move
	Plies    []Ply
}

// errCorrupt is a stored record that no longer replays (it was checked
// when stored, so this is a bug or a changed engine).
var errCorrupt = errors.New("games: stored record does not replay")

// replay plays the stored record, every ply.
func replay(rec *Record) (*Replay, error) {
	var plies []Ply
	out, err := replayEach(rec, All, func(p Ply) error { plies = append(plies, p); return nil })
	if err != nil {
		return nil, err
	}
	out.Plies = plies
	return out, nil
}

// All asks replayEach (and Service.ReplayEach) for every ply.
const All = -1

// plies says which plies a replay builds: every one (only All) or ply
// only alone (0: none, the start).
type plies struct{ only int }

// want reports whether ply n (1-based) is built.
func (w plies) want(n int) bool { return w.only == All || n == w.only }

// done reports whether the replay can stop before ply n.
func (w plies) done(n int) bool { return w.only != All && n > w.only }

// replayEach plays the stored record and hands each wanted ply to emit,
// in order, without keeping them: only is All or one ply (0: none), and
// a ply not wanted costs its move only, never its position's text. The
// Replay returned has the record and the comments before the first move.
func replayEach(rec *Record, only int, emit func(Ply) error) (*Replay, error) {
	return replayStream(rec, only, nil, emit)
}

// replayStream is replayEach calling begin, when it is not nil, once
// before the first ply (or at the end when no ply is wanted) with the
// record and its start comments.
func replayStream(rec *Record, only int, begin func(*Replay) error, emit func(Ply) error) (*Replay, error) {
	out := &Replay{Record: rec}
	var err error
	w := plies{only}
	begun := false
	if begin != nil {
		each := emit
		emit = func(p Ply) error {
			if !begun {
				begun = true
				if err := begin(out); err != nil {
					return err
				}
			}
			return each(p)
		}
	}
	switch rec.Game {
	case game.Chess:
		err = replayChess(rec, out, w, emit)
	case game.Draughts:
		err = replayDraughts(rec, out, w, emit)
	case game.Gomoku:
		err = replayGomoku(rec, out, w, emit)
	case game.NumChess:
		err = replayNumChess(rec, out, w, emit)
	default:
		err = errCorrupt
	}
	if err == nil && begin != nil && !begun {
		err = begin(out)
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

func side(i int) string {
	if i%2 == 0 {
		return "first"
	}
	return "second"
}

// chessPieceZH names chess pieces for children.
var chessPieceZH = map[chess.PieceType]string{chess.King: "王", chess.Queen: "后", chess.Rook: "车", chess.Bishop: "象", chess.Knight: "马", chess.Pawn: "兵"}

// chessMoveZH says a move in Chinese with the board's coordinates: "马
// g1-f3", "兵 e4×d5", "短易位", then "，升变为后", "，将军" or "，将死".
func chessMoveZH(p chess.Position, m chess.Move, san string) string {
	var s string
	switch {
	case strings.HasPrefix(san, "O-O-O"):
		s = "长易位"
	case strings.HasPrefix(san, "O-O"):
		s = "短易位"
	default:
		sep := "-"
		if strings.Contains(san, "x") {
			sep = "×"
		}
		s = chessPieceZH[p.PieceAt(m.From()).Type()] + " " + m.From().String() + sep + m.To().String()
		if m.Promotion() != chess.NoPieceType {
			s += "，升变为" + chessPieceZH[m.Promotion()]
		}
	}
	switch {
	case strings.HasSuffix(san, "#"):
		s += "，将死"
	case strings.HasSuffix(san, "+"):
		s += "，将军"
	}
	return s
}

func replayChess(rec *Record, out *Replay, w plies, emit func(Ply) error) error {
	gs := chess.ParsePGN(rec.Text) // stored: read within the limits at upload
	if len(gs) != 1 || gs[0].Err != nil {
		return errCorrupt
	}
	g := gs[0]
	p := g.Start
	if len(g.Moves) > 0 && len(g.Moves[0].Before) > 0 {
		out.Comments = g.Moves[0].Before
	}
	for i, m := range g.Moves {
		if w.done(i + 1) {
			break
		}
		if !w.want(i + 1) {
			if m.Null {
				p = passChess(p)
				continue
			}
			q, err := p.Play(m.Move)
			if err != nil {
				return errCorrupt
			}
			p = q
			continue
		}
		ply := Ply{Ply: i + 1, Side: side(i), Notation: m.SAN, Comments: append(append([]string(nil), m.Before...), m.Comments...)}
		if i == 0 && len(m.Before) > 0 {
			ply.Comments = m.Comments
		}
		for _, v := range m.Variations {
			ply.Variations = append(ply.Variations, variationSAN(v))
		}
		if m.Null {
			ply.Notation, ply.Move = "--", domain.Text{ZH: "空着（让对方走）", EN: "null move (pass)"}
			p = passChess(p)
		} else {
			ply.Move = domain.Text{ZH: chessMoveZH(p, m.Move, m.SAN), EN: m.SAN}
			ply.LastMove = m.Move.String()
			var err error
			if p, err = p.Play(m.Move); err != nil {
				return errCorrupt
			}
		}
		ply.Position = p.FEN()
		if err := emit(ply); err != nil {
			return err
		}
	}
	return nil
}

// passChess is the position after a null move: the other side to move,
// no en-passant square.
func passChess(p chess.Position) chess.Position {
	f := strings.Fields(p.FEN())
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	f[3] = "-"
	q, err := chess.ParseFEN(strings.Join(f, " "))
	if err != nil {
		q, _ = chess.ParseFEN960(strings.Join(f, " "))
	}
	return q
}

func variationSAN(v []chess.PGNMove) string {
	s := make([]string, len(v))
	for i, m := range v {
		s[i] = m.SAN
		if m.Null {
			s[i] = "--"
		}
	}
	return strings.Join(s, " ")
}

func replayDraughts(rec *Record, out *Replay, w plies, emit func(Ply) error) error {
	g, err := draughts.ParsePDN(rec.Text) // stored: read within the limits at upload
	if err != nil {
		return errCorrupt
	}
	p := g.Start()
	if c := g.Comment(0); c != "" {
		out.Comments = []string{c}
	}
	for i, m := range g.Moves() {
		if w.done(i + 1) {
			break
		}
		if !w.want(i + 1) {
			if p, err = p.Play(m); err != nil {
				return errCorrupt
			}
			continue
		}
		n := p.Notation(m)
		ply := Ply{Ply: i + 1, Side: side(i), Notation: n, LastMove: n,
			Move: domain.Text{ZH: strings.ReplaceAll(n, "x", "×"), EN: n}}
		if c := g.Comment(i + 1); c != "" {
			ply.Comments = []string{c}
		}
		for _, v := range g.Variations(i + 1) {
			ply.Variations = append(ply.Variations, variationPDN(p, v))
		}
		if p, err = p.Play(m); err != nil {
			return errCorrupt
		}
		ply.Position = p.FEN()
		if err := emit(ply); err != nil {
			return err
		}
	}
	return nil
}

// variationPDN writes the moves of a draughts variation played from p.
func variationPDN(p draughts.Position, v draughts.Variation) string {
	s := make([]string, len(v.Moves))
	for i, m := range v.Moves {
		s[i] = p.Notation(m.Move)
		p, _ = p.Play(m.Move) // read from the record: legal
	}
	return strings.Join(s, " ")
}
