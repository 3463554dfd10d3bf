package draughts

// Perft returns the number of move paths of the given depth from p (leaf
// nodes of the legal-move tree), counting captures that take the same pieces
// to the same square once. Perft(p, 0) is 1.
func Perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	bufs := make([][]Move, depth+1)
	for i := range bufs {
		bufs[i] = make([]Move, 0, 64)
	}
	return perft(&p, depth, bufs)
}

func perft(p *Position, depth int, bufs [][]Move) uint64 {
	if depth == 1 {
		if p.manCapturers() == 0 && p.kings&p.side[p.turn] == 0 {
			return uint64(p.countQuiet())
		}
		ms := p.genCaptures(bufs[depth][:0])
		bufs[depth] = ms
		if len(ms) > 0 {
			return uint64(len(ms))
		}
		return uint64(p.countQuiet())
	}
	ms := p.genMoves(bufs[depth][:0])
	bufs[depth] = ms
	var n uint64
	for _, m := range ms {
		q := p.apply(m)
		n += perft(&q, depth-1, bufs)
	}
	return n
}
