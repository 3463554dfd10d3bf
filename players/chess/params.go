package chess

// startParams are the hand-set values the tuner starts from: material,
// pieces drawn to the centre, pawns to advance, mobility growing with the
// squares reached, and the usual pawn, rook and king terms. The player
// uses the tuned values in params_tuned.go.
func startParams() Params {
	var p Params
	material := [5][2]int32{{90, 110}, {320, 300}, {330, 320}, {480, 530}, {950, 980}}
	for i, m := range material {
		p[pMaterial+i] = m
	}
	for s := 0; s < 64; s++ {
		f, r := s&7, s>>3
		cf := 3 - min(f, 7-f) // 0 in the centre files, 3 on the rim
		cr := 3 - min(r, 7-r)
		centre := int32(6 - cf - cr) // 0..6
		p[pPST+0*64+s] = [2]int32{int32(r) * 3, int32(r) * 6}
		p[pPST+1*64+s] = [2]int32{centre * 5, centre * 4}
		p[pPST+2*64+s] = [2]int32{centre * 3, centre * 3}
		p[pPST+3*64+s] = [2]int32{0, 0}
		p[pPST+4*64+s] = [2]int32{centre, centre * 3}
		p[pPST+5*64+s] = [2]int32{-centre * 4, centre * 6}
	}
	for i := 0; i < 9; i++ {
		p[pMobKnight+i] = [2]int32{int32(i-4) * 4, int32(i-4) * 4}
	}
	for i := 0; i < 14; i++ {
		p[pMobBishop+i] = [2]int32{int32(i-6) * 4, int32(i-6) * 4}
	}
	for i := 0; i < 15; i++ {
		p[pMobRook+i] = [2]int32{int32(i-7) * 2, int32(i-7) * 4}
	}
	for i := 0; i < 28; i++ {
		p[pMobQueen+i] = [2]int32{int32(i-13) * 1, int32(i-13) * 2}
	}
	for r := 1; r < 7; r++ {
		v := int32(r * r * 3)
		p[pPassed+r] = [2]int32{v / 2, v + 10}
	}
	p[pDoubled] = [2]int32{-10, -20}
	p[pIsolated] = [2]int32{-10, -15}
	p[pBishopPair] = [2]int32{30, 50}
	p[pRookOpen] = [2]int32{25, 10}
	p[pRookSemi] = [2]int32{12, 6}
	p[pShield1] = [2]int32{12, 0}
	p[pShield2] = [2]int32{6, 0}
	p[pKingZone+0] = [2]int32{6, 0}
	p[pKingZone+1] = [2]int32{4, 0}
	p[pKingZone+2] = [2]int32{5, 0}
	p[pKingZone+3] = [2]int32{6, 0}
	p[pPassedFree] = [2]int32{5, 15}
	p[pTempo] = [2]int32{10, 5}
	return p
}
