package numchess

import (
	"slices"
)

// longChains are the chains of the current layer whose segments so far
// all span more than ExplicitSpanMax pieces, kept as the multisets whose
// common values they need (their probe values travel in the layers as
// usual). A following segment of at most ExplicitSpanMax pieces turns one
// back into a list: that segment's values that every long one makes.
type longChains struct {
	states []longChain
	seen   map[string]bool
}

type longChain struct {
	p    int
	keys []uint64 // ascending, without repeats
	ban  edge     // after 前跟: the segment it may not span next (k 0: none)
}

// add records the chain at point p spanning keys and then key, once; ban
// is the segment it may not span next (see longChain).
func (lc *longChains) add(p int, keys []uint64, key uint64, ban edge) {
	ks := slices.Clone(keys)
	if i, found := slices.BinarySearch(ks, key); !found {
		ks = slices.Insert(ks, i, key)
	}
	id := make([]byte, 0, 4+8*len(ks))
	id = append(id, byte(p), byte(p>>8), byte(ban.dir), byte(ban.k))
	for _, k := range ks {
		for b := 0; b < 8; b++ {
			id = append(id, byte(k>>(8*b)))
		}
	}
	if lc.seen == nil {
		lc.seen = map[string]bool{}
	}
	if lc.seen[string(id)] {
		return
	}
	lc.seen[string(id)] = true
	lc.states = append(lc.states, longChain{p, ks, ban})
}

// frontFollow reports whether the second segment e2 spans straight back
// over the pieces of the first, e1 (前跟).
func frontFollow(e1, e2 edge) bool { return e2.dir == int8(oppDir[e1.dir]) && e2.k == e1.k }

// banned reports whether ed spans the same pieces, the same way, as ban,
// the first segment of a 前跟: from the point the way back landed on, that
// is the segment with ban's direction and count. A zero ban bans nothing.
func banned(ban, ed edge) bool { return ban.k != 0 && ed.dir == ban.dir && ed.k == ban.k }

// expandLong extends the all-long chains of layer d by one segment: a
// short segment's values that every long one makes go into layer d+1, a
// long segment makes an all-long chain of layer d+1.
func (e *Engine) expandLong(g *genScratch, lc longChains, d int) longChains {
	next := longChains{seen: lc.seen}
	for _, st := range lc.states {
		for _, ed := range g.edgesFrom(st.p) {
			if banned(st.ban, ed) {
				continue
			}
			if int(ed.k) > ExplicitSpanMax {
				next.add(int(ed.to), st.keys, ed.key, edge{})
				continue
			}
			w := e.vals(g.ctx, ed.key)
			for _, k := range st.keys {
				if len(w) == 0 {
					break
				}
				w = e.meetLong(g.ctx, w, k)
			}
			if len(w) > 0 {
				g.reachNext(int(ed.to), w, d+1)
			}
		}
	}
	return next
}

// reach records values w arriving at point p after d segments (layer 2,
// written into the current layer).
func (g *genScratch) reach(p int, w []int32, d int) {
	nw := g.addSeen(p, w, d)
	if len(nw) == 0 {
		return
	}
	if g.layer[p] == nil {
		g.touched = append(g.touched, p)
	}
	g.layer[p] = union(g.layer[p], nw)
}

// reachNext records values arriving in the next layer.
func (g *genScratch) reachNext(p int, w []int32, d int) {
	nw := g.addSeen(p, w, d)
	if len(nw) == 0 {
		return
	}
	if g.nlayer[p] == nil {
		g.ntouched = append(g.ntouched, p)
	}
	g.nlayer[p] = union(g.nlayer[p], nw)
}

// addSeen adds w to the values seen at p and returns those that are new.
func (g *genScratch) addSeen(p int, w []int32, d int) []int32 {
	nw := difference(w, g.seen[p])
	if len(nw) == 0 {
		return nil
	}
	g.seen[p] = union(g.seen[p], nw)
	if g.depth[p] == 0 {
		g.depth[p] = d
		g.first[p] = nw
	} else if g.depth[p] == d {
		g.first[p] = union(g.first[p], nw)
	}
	return nw
}
