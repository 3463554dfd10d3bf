package tournaments

// bracketRun settles the brackets from the top scoregroup down. Each step
// works on the moved-down players (MDPs) of the bracket, its resident
// players and the players of the next scoregroup (so that the choice in this
// bracket leaves the best possible next bracket), over the matching of all
// players still unpaired, which keeps the rest of the round completable.
type bracketRun struct {
	s   *dutchState
	l   *weightLayout
	rm  *roundMatcher
	bye *byeInfo
	w   []uint64
}

// bracket indexes: players are the MDPs [0, mdps), the residents
// [mdps, nextStart) and the next scoregroup [nextStart, len); vertex maps an
// index to the player's vertex (index in s.players).
type bracket struct {
	vertex    []int
	mdps      int
	nextStart int
	base      [][][]uint64 // base[larger][smaller], nil when not computed
	firstV    int          // vertex of the first resident
	nextV     int          // vertex of the first player of the next group
}

func (r *bracketRun) score(v int) Points { return r.s.scoreBack(r.s.players[v], 0) }

func (r *bracketRun) run() {
	s, rm := r.s, r.rm
	n := len(s.players)
	top := r.score(0)
	var vertex []int
	next := 0
	for next < n && r.score(next) >= top {
		vertex = append(vertex, next)
		next++
	}
	mdps, firstV := 0, 0
	matched := make([]bool, n)
	for len(vertex) > 1 || next < n {
		b := &bracket{mdps: mdps, nextStart: len(vertex), firstV: firstV}
		b.nextV = firstV + (b.nextStart - mdps)
		groupStart := next
		for next < n && r.score(next) >= r.score(groupStart) {
			vertex = append(vertex, next)
			next++
		}
		b.vertex = vertex
		grew := len(vertex) > b.nextStart
		r.settle(b, matched)
		// Carry the unpaired players to the next bracket.
		var carried []int
		mdps = 0
		single := s.players != nil && n%2 == 1 && groupStart < n && r.bye.score >= r.score(groupStart)
		for i, v := range vertex {
			if i < b.nextStart && matched[v] {
				continue
			}
			carried = append(carried, v)
			if i < b.nextStart {
				mdps++
			}
			if single && r.score(rm.mate[v]) < r.score(groupStart) {
				single = false
			}
		}
		r.bye.single = single
		if !grew && len(carried) == len(vertex) {
			// Nothing could be paired and nobody is left to join: the
			// matching cannot complete (only reachable from inconsistent
			// input); stop instead of looping.
			break
		}
		vertex = carried
		firstV = b.nextV
	}
	rm.solve()
}

// scratch returns the run's scratch weight, for a weight handed straight to
// the matcher (which copies it).
func (r *bracketRun) scratch() []uint64 { return r.w }

// computeBase computes the base edge weights of the bracket and loads them
// into the matcher.
func (r *bracketRun) computeBase(b *bracket) {
	s := r.s
	b.base = make([][][]uint64, len(b.vertex))
	n := len(b.vertex)
	all := newArena(r.l.width, n*(n-1)/2)
	for L := b.mdps; L < n; L++ {
		b.base[L] = make([][]uint64, L)
		for S := 0; S < L; S++ {
			w := all.at(L*(L-1)/2 + S)
			s.edgeWeight(w, r.l, s.players[b.vertex[S]], s.players[b.vertex[L]], L < b.nextStart, L >= b.nextStart, r.bye)
			b.base[L][S] = w
			r.rm.set(b.vertex[S], b.vertex[L], w)
		}
	}
}

// exchangeWeight is the base weight adjusted for a homogeneous bracket or a
// remainder: prefer the first group (S1) to stay and, among exchanges, the
// smallest differences of pairing numbers (C.04.3 4.3).
func (r *bracketRun) exchangeWeight(b *bracket, smaller, larger, smallerRemIdx, remPairs int) []uint64 {
	w := r.scratch()
	copy(w, b.base[larger][smaller])
	if numIsZero(w) {
		return w
	}
	if smallerRemIdx < remPairs {
		numAddSmall(w, 1, 2*r.l.sgb+1)
	}
	numSubSmall(w, uint64(smallerRemIdx)<<1)
	return w
}

func (r *bracketRun) inBracket(v int, b *bracket) bool {
	return v >= b.firstV && v < b.nextV
}

func (r *bracketRun) settle(b *bracket, matched []bool) {
	rm := r.rm
	r.computeBase(b)
	rm.solve()
	mate := rm.mate
	V := b.vertex
	// Choose which MDPs are paired in this bracket: the highest ones that
	// can be, scoregroup by scoregroup.
	var mdScore Points
	var remaining, remainingMatched int
	for i := 0; i < b.mdps; i++ {
		if i == 0 || r.score(V[i]) < mdScore {
			mdScore = r.score(V[i])
			remaining, remainingMatched = 0, 0
			for j := i; j < len(V) && r.score(V[j]) >= mdScore; j++ {
				remaining++
				if r.inBracket(mate[V[j]], b) {
					remainingMatched++
				}
			}
		}
		if remainingMatched == 0 {
			continue
		}
		v := V[i]
		if remaining <= remainingMatched {
			matched[v] = true
			continue
		}
		remaining--
		if !r.inBracket(mate[v], b) {
			for o := b.mdps; o < b.nextStart; o++ {
				if w := b.base[o][i]; !numIsZero(w) {
					x := r.scratch()
					copy(x, w)
					numAddSmall(x, 1, 0)
					rm.set(v, V[o], x)
				}
			}
			rm.solve()
		}
		if r.inBracket(mate[v], b) {
			matched[v] = true
			remainingMatched--
			for o := b.mdps; o < b.nextStart; o++ {
				if w := b.base[o][i]; !numIsZero(w) {
					x := r.scratch()
					copy(x, w)
					numAddSmall(x, uint64(b.nextStart-b.mdps)+1, 0)
					rm.set(v, V[o], x)
				}
			}
		}
	}
	// Choose the opponents of the MDPs, best first.
	for i := 0; i < b.mdps; i++ {
		v := V[i]
		if !matched[v] {
			continue
		}
		add := uint64(len(V))
		for o := b.nextStart - 1; o >= b.mdps; o-- {
			ov := V[o]
			if matched[ov] {
				continue
			}
			if w := b.base[o][i]; !numIsZero(w) {
				x := r.scratch()
				copy(x, w)
				numAddSmall(x, add, 0)
				rm.set(v, ov, x)
				add++
			}
		}
		rm.solve()
		m := mate[v]
		matched[m] = true
		rm.finalize(v, m)
	}
	r.settleRemainder(b, matched)
}

func (r *bracketRun) settleRemainder(b *bracket, matched []bool) {
	rm := r.rm
	mate := rm.mate
	V := b.vertex
	var rem []int // indexes into V
	remPairs := 0
	for i := b.mdps; i < b.nextStart; i++ {
		v := V[i]
		if mate[v] < b.firstV {
			continue
		}
		rem = append(rem, i)
		if mate[v] < v {
			remPairs++
		}
	}
	// idx[k] is the position of rem[k]; S1 is rem[:remPairs].
	setEx := func(pi, oi, pIdx int) {
		rm.set(V[rem[pi]], V[rem[oi]], r.exchangeWeight(b, rem[pi], rem[oi], pIdx, remPairs))
	}
	for oi := range rem {
		for pi := 0; pi < oi; pi++ {
			setEx(pi, oi, pi)
		}
	}
	rm.solve()
	isS1Paired := func(v int) bool { return mate[v] > v && mate[v] < b.nextV } // paired downwards inside the bracket
	exchanges := 0
	for k := 0; k < remPairs; k++ {
		if !isS1Paired(V[rem[k]]) {
			exchanges++
		}
	}
	// Which players of S1 leave it: the lowest possible ones.
	left := exchanges
	for k := remPairs - 1; k >= 0 && left > 0; k-- {
		v := V[rem[k]]
		if isS1Paired(v) {
			for oi := k + 1; oi < len(rem); oi++ {
				w := r.exchangeWeight(b, rem[k], rem[oi], k, remPairs)
				if !numIsZero(w) {
					numSubSmall(w, 1)
					rm.set(v, V[rem[oi]], w)
				}
			}
			rm.solve()
		}
		ex := !isS1Paired(v)
		if ex {
			left--
		}
		for oi := k + 1; oi < len(rem); oi++ {
			if ex {
				numZero(b.base[rem[oi]][rem[k]])
			}
			setEx(k, oi, k)
		}
	}
	// Which players of S2 join S1: the highest possible ones.
	left = exchanges
	for k := remPairs; k < len(rem) && left > 1; k++ {
		v := V[rem[k]]
		already := isS1Paired(v)
		if !already {
			for oi := k + 1; oi < len(rem); oi++ {
				w := r.exchangeWeight(b, rem[k], rem[oi], k, remPairs)
				if !numIsZero(w) {
					numAddSmall(w, 1, 0)
					rm.set(v, V[rem[oi]], w)
				}
			}
			rm.solve()
		}
		if isS1Paired(v) {
			left--
			for oi := 0; oi < k; oi++ {
				numZero(b.base[rem[k]][rem[oi]])
				rm.set(v, V[rem[oi]], b.base[rem[k]][rem[oi]])
			}
			for o := b.nextStart; o < len(V); o++ {
				numZero(b.base[o][rem[k]])
				rm.set(v, V[o], b.base[o][rem[k]])
			}
		}
		if !already {
			for oi := k + 1; oi < len(rem); oi++ {
				setEx(k, oi, k)
			}
		}
	}
	// Fix who is in S1 and who in S2, back to the base weights.
	for pi := range rem {
		v := V[rem[pi]]
		for oi := pi + 1; oi < len(rem); oi++ {
			ov := V[rem[oi]]
			if !isS1Paired(v) || isS1Paired(ov) {
				numZero(b.base[rem[oi]][rem[pi]])
			}
			rm.set(v, ov, b.base[rem[oi]][rem[pi]])
		}
	}
	// Pair each player of S1 with the first possible one of S2.
	for _, i := range rem {
		v := V[i]
		if !isS1Paired(v) {
			continue
		}
		add := uint64(0)
		for k := len(rem) - 1; k >= 0; k-- {
			oi := rem[k]
			ov := V[oi]
			if oi <= i || matched[ov] {
				continue
			}
			if w := b.base[oi][i]; !numIsZero(w) {
				x := r.scratch()
				copy(x, w)
				numAddSmall(x, add, 0)
				rm.set(v, ov, x)
			}
			add++
		}
		rm.solve()
		m := mate[v]
		matched[v], matched[m] = true, true
		rm.finalize(v, m)
	}
}
