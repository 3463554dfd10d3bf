package chess

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// SAN returns the move in Standard Algebraic Notation as printed in books:
// "Nf3", "exd5", "O-O", "e8=Q+", "Qh4#", with the minimal disambiguation
// ("Nbd2", "R1e2", "Qh4e1"). For a move that is not legal here it returns
// the UCI form.
func (p Position) SAN(m Move) string {
	g, ok := p.legal(m)
	if !ok {
		return m.String()
	}
	var l moveList
	p.b.generate(&l)
	return p.san(g, &l)
}

// san formats the generated move g; l holds all legal moves.
func (p Position) san(g Move, l *moveList) string {
	var sb strings.Builder
	b := &p.b
	pc := b.sq[g.from]
	if g.flag == flagCastle {
		if g.to > g.from {
			sb.WriteString("O-O")
		} else {
			sb.WriteString("O-O-O")
		}
	} else {
		capture := b.sq[g.to] != NoPiece || g.flag == flagEnPassant
		if pc.Type() == Pawn {
			if capture {
				sb.WriteByte(byte('a' + g.from.File()))
			}
		} else {
			sb.WriteString(pc.Type().Letter())
			sameFile, sameRank, others := false, false, false
			for _, o := range l.moves[:l.n] {
				if o.to == g.to && o.from != g.from && b.sq[o.from] == pc {
					others = true
					sameFile = sameFile || o.from.File() == g.from.File()
					sameRank = sameRank || o.from.Rank() == g.from.Rank()
				}
			}
			switch {
			case !others:
			case !sameFile:
				sb.WriteByte(byte('a' + g.from.File()))
			case !sameRank:
				sb.WriteByte(byte('1' + g.from.Rank()))
			default:
				sb.WriteString(g.from.String())
			}
		}
		if capture {
			sb.WriteByte('x')
		}
		sb.WriteString(g.to.String())
		if g.promo != NoPieceType {
			sb.WriteByte('=')
			sb.WriteString(g.promo.Letter())
		}
	}
	next := p.after(g)
	if next.b.inCheck() {
		var nl moveList
		next.b.generate(&nl)
		if nl.n == 0 {
			sb.WriteByte('#')
		} else {
			sb.WriteByte('+')
		}
	}
	return sb.String()
}

// sanQuery is what a written move says: the piece (NoPieceType for "any",
// used by long algebraic without a letter), what is known of the origin,
// the destination (toRank -1 for the old file-only pawn capture) and the
// promotion piece.
type sanQuery struct {
	piece              PieceType
	fromFile, fromRank int
	toFile, toRank     int
	promo              PieceType
}

func (q sanQuery) matches(b *board, m Move) bool {
	pc := b.sq[m.from]
	if q.piece != NoPieceType && pc.Type() != q.piece {
		return false
	}
	if q.fromFile >= 0 && m.from.File() != q.fromFile || q.fromRank >= 0 && m.from.Rank() != q.fromRank {
		return false
	}
	if m.to.File() != q.toFile || q.toRank >= 0 && m.to.Rank() != q.toRank {
		return false
	}
	if q.toRank < 0 && b.sq[m.to] == NoPiece && m.flag != flagEnPassant {
		return false // the file-only form is a capture
	}
	return q.promo == NoPieceType || q.promo == m.promo
}

// annotations that may trail a move and carry no meaning for the rules.
var moveSuffixes = []string{"e.p.", "e.p", "ep", "!!", "??", "!?", "?!", "!", "?", "++", "+", "#", "‼", "⁇", "⁉", "⁈", "†", "‡"}

// cleanMove strips move numbers, check and annotation marks and en-passant
// suffixes, and maps look-alike characters to ASCII.
func cleanMove(s string) string {
	s = strings.TrimSpace(s)
	// Leading move number: "12.", "12...", "12…".
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i < len(s) && (s[i] == '.' || strings.HasPrefix(s[i:], "…")) {
		s = strings.TrimLeft(s[i:], ".… ")
	}
	if !isASCII(s) {
		s = strings.Map(foldRune, sanLetters.Replace(s))
	}
	for changed := true; changed; {
		changed = false
		s = strings.TrimSpace(s)
		for _, suf := range moveSuffixes {
			if len(s) > len(suf) && strings.HasSuffix(s, suf) {
				s = strings.TrimSuffix(s, suf)
				changed = true
			}
		}
		if strings.HasSuffix(s, "(ep)") {
			s = strings.TrimSuffix(s, "(ep)")
			changed = true
		}
	}
	return s
}

// isASCII reports whether s has only ASCII bytes (nothing to fold).
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func isFile(c byte) bool { return c >= 'a' && c <= 'h' }
func isRank(c byte) bool { return c >= '1' && c <= '8' }

// parseBody reads the part of a move after the piece letter (capture marks
// and dashes already removed).
func parseBody(body string, piece PieceType, letter bool) (sanQuery, bool) {
	q := sanQuery{piece: piece, fromFile: -1, fromRank: -1, toRank: -1}
	// Promotion: a trailing piece letter after the destination; a king or
	// a pawn there is kept so that the move is refused as a bad promotion.
	if n := len(body); n >= 3 && !letter && (body[n-1] == 'K' || body[n-1] == 'P') && (body[n-2] == '1' || body[n-2] == '8') {
		q.promo = pieceTypeFromLetter(body[n-1])
		body = body[:n-1]
	} else if n >= 2 {
		if pt := pieceTypeFromLetter(body[n-1]); pt >= Knight && pt <= Queen && (isRank(body[n-2]) || body[n-1] != 'b') {
			if isRank(body[n-2]) || (!letter && isFile(body[n-2]) && n == 3) {
				q.promo = pt
				body = body[:n-1]
			}
		}
	}
	switch {
	case len(body) == 2 && isFile(body[0]) && isRank(body[1]):
	case len(body) == 3 && isFile(body[0]) && isFile(body[1]) && isRank(body[2]):
		q.fromFile = int(body[0] - 'a')
	case len(body) == 3 && isRank(body[0]) && isFile(body[1]) && isRank(body[2]):
		q.fromRank = int(body[0] - '1')
	case len(body) == 4 && isFile(body[0]) && isRank(body[1]) && isFile(body[2]) && isRank(body[3]):
		q.fromFile, q.fromRank = int(body[0]-'a'), int(body[1]-'1')
		if !letter {
			q.piece = NoPieceType // long algebraic or UCI without a letter
		}
	case len(body) == 2 && piece == Pawn && isFile(body[0]) && isFile(body[1]):
		q.fromFile = int(body[0] - 'a')
		q.toFile = int(body[1] - 'a')
		return q, true
	default:
		return q, false
	}
	n := len(body)
	q.toFile, q.toRank = int(body[n-2]-'a'), int(body[n-1]-'1')
	return q, true
}

// ParseMove reads a move written the way teachers and children write it:
// SAN with or without "x", "+", "#", "!?" and "=" ("exd5", "ed5", "e8Q",
// "Nf3+!"), castling as "O-O" or "0-0", "e.p." suffixes, long algebraic
// ("e2e4", "e2-e4", "Ng1-f3", "Ng1xf3"), UCI ("e7e8q") and the old
// pawn-capture form that gives only files ("fe" for fxe6 when unique).
// Piece letters may be lower case (except b, read as a file when that makes
// sense) or the Chinese piece names 王后车象马兵 ("马f3").
// It returns an *IllegalMoveError saying why when the move is unreadable,
// impossible ("no knight can reach e4", "your king would be in check") or
// ambiguous (Candidates lists the matching moves).
func (p Position) ParseMove(input string) (Move, error) {
	s := cleanMove(input)
	in := strings.TrimSpace(input)
	bad := func() (Move, error) {
		return Move{}, illegal(in, ReasonBadNotation,
			"cannot read this move", "无法识别这步棋的写法")
	}
	if s == "" || len(s) > 20 {
		return bad()
	}
	var l moveList
	p.b.generate(&l)
	b := &p.b

	// Castling.
	c := strings.ToUpper(castleSpelling.Replace(s))
	if c == "OO" || c == "OOO" {
		king := b.kingSquare(b.side)
		to := king + 2
		if c == "OOO" {
			to = king - 2
		}
		for _, m := range l.moves[:l.n] {
			// Standard castling moves the king two squares; Chess960
			// castling is written as the king onto its rook.
			if m.flag == flagCastle && (m.to > m.from) == (c == "OO") {
				return m, nil
			}
		}
		if b.frc {
			return Move{}, illegal(in, ReasonCastleNoRight,
				"castling is not possible here (Chess960 rules)", "这里不能王车易位（960 随机象棋规则）")
		}
		home := E1
		if b.side == Black {
			home = E8
		}
		if king != home {
			return Move{}, illegal(in, ReasonCastleNoRight,
				"castling is no longer allowed: the king has moved", "不能再王车易位了：王已经走动过")
		}
		err := p.explain(NewMove(king, to, NoPieceType))
		err.Input = in
		return Move{}, err
	}

	body := sanPunctuation.Replace(s)
	if body == "" {
		return bad()
	}
	var queries []sanQuery
	first := body[0]
	letterPiece := NoPieceType
	switch {
	case first >= 'A' && first <= 'Z' || first == 'n' || first == 'r' || first == 'q' || first == 'k':
		letterPiece = pieceTypeFromLetter(first)
		if letterPiece == NoPieceType {
			return bad()
		}
		if q, ok := parseBody(body[1:], letterPiece, true); ok {
			queries = append(queries, q)
		}
	case first == 'b' && !(len(body) >= 4 && isRank(body[1]) && isFile(body[2]) && isRank(body[3])):
		// "bxc4" is a b-pawn capture as in SAN; when no pawn move fits, a
		// lower-case b is read as a bishop.
		if q, ok := parseBody(body, Pawn, false); ok {
			queries = append(queries, q)
		}
		if q, ok := parseBody(body[1:], Bishop, true); ok {
			queries = append(queries, q)
		}
	default:
		if q, ok := parseBody(body, Pawn, false); ok {
			queries = append(queries, q)
		}
	}
	if len(queries) == 0 {
		return bad()
	}
	var found []Move
	for _, q := range queries {
		for _, m := range l.moves[:l.n] {
			if q.matches(b, m) {
				found = append(found, m)
			}
		}
		if len(found) > 0 {
			break // the first reading that fits wins
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	if len(found) > 1 && found[0].promo != NoPieceType && found[0].from == found[len(found)-1].from && found[0].to == found[len(found)-1].to {
		// "e8" names all four promotions: the piece is missing, not unclear.
		return Move{}, illegal(in, ReasonPromotionNeeded,
			"a pawn reaching the last rank must promote: choose a queen, rook, bishop or knight",
			"兵走到底线必须升变：请选择后、车、象或马")
	}
	if len(found) > 1 {
		names := make([]string, len(found))
		for i, m := range found {
			names[i] = p.san(m, &l)
		}
		e := illegal(in, ReasonAmbiguous,
			"ambiguous: it could be "+strings.Join(names, ", "),
			"有多种可能："+strings.Join(names, "、"))
		e.Candidates = names
		return Move{}, e
	}
	return Move{}, p.whyNot(in, queries[0])
}

// whyNot explains why no legal move matches q.
func (p Position) whyNot(in string, q sanQuery) *IllegalMoveError {
	b := &p.b
	if q.fromFile >= 0 && q.fromRank >= 0 && q.toRank >= 0 {
		from, to := NewSquare(q.fromFile, q.fromRank), NewSquare(q.toFile, q.toRank)
		if pc := b.sq[from]; q.piece != NoPieceType && pc != NoPiece && pc.Type() != q.piece {
			return illegal(in, ReasonNoPiece,
				fmt.Sprintf("there is no %s on %s", q.piece, from),
				fmt.Sprintf("%s 上没有%s", from, q.piece.zh()))
		}
		e := p.explain(NewMove(from, to, q.promo))
		e.Input = in
		return e
	}
	if q.toRank < 0 {
		return illegal(in, ReasonNoPieceCanReach,
			fmt.Sprintf("no pawn on the %c-file can capture on the %c-file", 'a'+q.fromFile, 'a'+q.toFile),
			fmt.Sprintf("%c 线上没有兵能吃到 %c 线", 'a'+q.fromFile, 'a'+q.toFile))
	}
	to := NewSquare(q.toFile, q.toRank)
	// A piece that could go there but for the safety of its own king.
	for pcs := b.bb[b.side][q.piece]; pcs != 0; pcs &= pcs - 1 {
		from := lsb(pcs)
		if q.fromFile >= 0 && from.File() != q.fromFile || q.fromRank >= 0 && from.Rank() != q.fromRank {
			continue
		}
		promo := q.promo
		if q.piece == Pawn && promo == NoPieceType && bit(to)&(rank1|rank8) != 0 {
			promo = Queen
		}
		if e := p.explain(NewMove(from, to, promo)); e.Reason == ReasonKingInCheck || e.Reason == ReasonPromotionNeeded || e.Reason == ReasonBadPromotion {
			e.Input = in
			return e
		}
	}
	if t := b.sq[to]; t != NoPiece && t.Color() == b.side {
		return illegal(in, ReasonOwnPiece,
			fmt.Sprintf("your own %s is on %s", t.Type(), to),
			fmt.Sprintf("%s 上是你自己的%s", to, t.Type().zh()))
	}
	return illegal(in, ReasonNoPieceCanReach,
		fmt.Sprintf("no %s can reach %s", q.piece, to),
		fmt.Sprintf("没有%s能走到 %s", q.piece.zh(), to))
}

// Replacers used by ParseMove, built once: a strings.Replacer is safe for
// concurrent use and costly to build.
var (
	// sanLetters maps Chinese piece names and full-width or typographic
	// characters to the ASCII SAN letters.
	sanLetters = strings.NewReplacer("王", "K", "后", "Q", "車", "R", "车", "R", "象", "B", "馬", "N", "马", "N", "兵", "P",
		"×", "x", "：", ":", "－", "-", "—", "-", "–", "-", "Ｏ", "O", "０", "0")
	// castleSpelling folds 0-0, O-O and o-o-o to OO / OOO (after upper-casing).
	castleSpelling = strings.NewReplacer("0", "O", "-", "", " ", "")
	// sanPunctuation drops capture marks, separators and promotion signs.
	sanPunctuation = strings.NewReplacer("x", "", "X", "", ":", "", "-", "", "=", "", "(", "", ")", "", "/", "", " ", "")
)
