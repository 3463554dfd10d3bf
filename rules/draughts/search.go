package draughts

// Helpers for search (computer players, analysis): move generation into a
// caller's buffer, playing a generated move without checking it again, a
// position hash and the board as plain bitboards.

// AppendLegalMoves appends the legal moves of the side to move to buf (the
// same moves as LegalMoves) and returns it, so a search can reuse one
// buffer per ply.
func (p Position) AppendLegalMoves(buf []Move) []Move { return p.genMoves(buf) }

// After returns the position after m without checking it. m must be one
// of p's legal moves (from LegalMoves or AppendLegalMoves); use Play for a
// move from outside.
func (p Position) After(m Move) Position { return p.apply(m) }

// HasCapture reports whether the side to move must capture.
func (p Position) HasCapture() bool {
	if p.manCapturers() != 0 {
		return true
	}
	if p.side[p.turn]&p.kings == 0 {
		return false
	}
	var buf [8]Move
	return len(p.genCaptures(buf[:0])) > 0
}

// compact turns a padded bitboard into one with bit s-1 for square s.
func compact(bb uint64) uint64 {
	var out uint64
	for k := 0; k < 5; k++ {
		out |= (bb >> (11 * k) & 0x3ff) << (10 * k)
	}
	return out
}

// Bitboards returns the white pieces, the black pieces and the kings of
// both, each with bit s-1 set for a piece on square s (1-50).
func (p Position) Bitboards() (white, black, kings uint64) {
	return compact(p.side[White]), compact(p.side[Black]), compact(p.kings)
}

// Key returns a 64-bit hash of the position (pieces, kings and the side to
// move): equal positions have equal keys.
func (p Position) Key() uint64 {
	h := mix(p.side[White] ^ 0x243F6A8885A308D3)
	h = mix(h ^ p.side[Black] ^ 0x13198A2E03707344)
	h = mix(h ^ p.kings ^ 0xA4093822299F31D0)
	if p.turn == Black {
		h = ^h
	}
	return h
}

func mix(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ x>>30) * 0xBF58476D1CE4E5B9
	x = (x ^ x>>27) * 0x94D049BB133111EB
	return x ^ x>>31
}
