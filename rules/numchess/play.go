package numchess

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"qixue/rules/numchess/arith"
)

// Kind is the move rule a move uses.
type Kind uint8

// The four move rules.
const (
	Step       Kind = iota // 移
	Hop                    // 邻
	SingleSpan             // 单跨
	ChainSpan              // 连跨
)

var kindNames = [4][2]string{{"step", "移"}, {"hop", "邻"}, {"single span", "单跨"}, {"chain span", "连跨"}}

// String returns the English name ("step", "hop", "single span", "chain span").
func (k Kind) String() string { return kindNames[k%4][0] }

// Chinese returns 移, 邻, 单跨 or 连跨.
func (k Kind) Chinese() string { return kindNames[k%4][1] }

// Segment is one leg of a checked move.
type Segment struct {
	From, To Point
	Dir      Direction   // as the mover sees it
	Spanned  []Point     // the pieces jumped over, in order (none for a step)
	Numbers  []int       // their numbers, in the same order
	Expr     *arith.Expr // the segment's expression; nil for steps, hops and omitted one-piece expressions
	Value    arith.Rat   // the value the segment makes (spans only)
}

// MoveInfo is a move that Engine.Check accepted, with what each segment
// did. Notation is printed from it.
type MoveInfo struct {
	Move     Move
	Side     Side
	Kind     Kind
	Segments []Segment
	// Value is the common value of a chain's segments, or the mover's
	// number for a single span.
	Value arith.Rat
}

// From returns the start point.
func (mi *MoveInfo) From() Point { return mi.Move.From }

// To returns the end point.
func (mi *MoveInfo) To() Point { return mi.Move.To() }

// Engine checks and generates moves under one Ruleset. It keeps caches of
// the values each multiset of numbers can make and of witness expressions,
// shared by all calls; it is safe for concurrent use. A server should keep
// one Engine per ruleset.
type Engine struct {
	rs     Ruleset
	solver *arith.Solver

	mu    sync.RWMutex
	ids   map[arith.Rat]int32 // value → id
	value []arith.Rat         // id → value
	reach map[uint64][]int32  // digit multiset → ids of its values, ascending
	exprs map[solveKey]*arith.Expr
	can   map[solveKey]bool // CanMake answers for segments over many pieces

	probeOnce sync.Once
	probes    []int32
}

// memoLimit bounds the witness and long-segment caches; when one is full
// it is emptied and refilled on demand. (The value lists per multiset of at
// most ExplicitSpanMax numbers are bounded by the number of such
// multisets and are kept.)
const memoLimit = 1 << 18

type solveKey struct {
	key uint64
	id  int32
}

// NewEngine returns an engine for rs.
func NewEngine(rs Ruleset) *Engine {
	e := &Engine{rs: rs, solver: arith.NewSolver(rs.Rules), ids: map[arith.Rat]int32{},
		reach: map[uint64][]int32{}, exprs: map[solveKey]*arith.Expr{}, can: map[solveKey]bool{}}
	for n := int64(0); n < 10; n++ {
		e.intern(arith.Int(n)) // so a piece's number n has id n
	}
	return e
}

var shared sync.Map // fmt "%#v" of a Ruleset → *Engine

// SharedEngine returns an engine for rs that is shared by every caller
// asking for an equal Ruleset, so its value caches stay warm across
// requests (a fresh engine spends a few milliseconds filling them on a
// crowded position).
//
// Deprecated: it keeps a package-level cache. Keep an engine per ruleset
// where it is used instead (rules/game's Registry owns one per ruleset);
// only the computer players still call this.
func SharedEngine(rs Ruleset) *Engine {
	key := fmt.Sprintf("%#v", rs) // a string key works whatever fields Ruleset grows
	if e, ok := shared.Load(key); ok {
		return e.(*Engine)
	}
	e, _ := shared.LoadOrStore(key, NewEngine(rs))
	return e.(*Engine)
}

// intern returns v's id, adding it; the caller holds e.mu for writing.
func (e *Engine) intern(v arith.Rat) int32 {
	if id, ok := e.ids[v]; ok {
		return id
	}
	id := int32(len(e.value))
	e.ids[v] = id
	e.value = append(e.value, v)
	return id
}

// Ruleset returns the engine's ruleset.
func (e *Engine) Ruleset() Ruleset { return e.rs }

// Solver returns the engine's arithmetic solver.
func (e *Engine) Solver() *arith.Solver { return e.solver }

// multisetKey packs a multiset of digits into 4 bits per digit.
func multisetKey(nums []int) uint64 {
	var k uint64
	for _, n := range nums {
		k += 1 << (4 * uint(n))
	}
	return k
}

// reachable returns the ids of the values nums can make, ascending
// (memoised by the multiset key).
func (e *Engine) reachable(ctx context.Context, key uint64, nums []int) []int32 {
	e.mu.RLock()
	v, ok := e.reach[key]
	e.mu.RUnlock()
	if ok {
		return v
	}
	vals := e.solverReachable(ctx, nums)
	e.mu.Lock()
	defer e.mu.Unlock()
	if v, ok := e.reach[key]; ok {
		return v
	}
	v = make([]int32, len(vals))
	for i, r := range vals {
		v[i] = e.intern(r)
	}
	slices.Sort(v)
	v = slices.Compact(v)
	e.reach[key] = v
	return v
}

// valueOf returns the value with the given id.
func (e *Engine) valueOf(id int32) arith.Rat {
	e.mu.RLock()
	defer e.mu.RUnlock()
	return e.value[id]
}

// solve returns the simplest expression over the multiset key making the
// value id (memoised), or nil.
func (e *Engine) solve(ctx context.Context, key uint64, id int32) *arith.Expr {
	k := solveKey{key, id}
	e.mu.RLock()
	x, ok := e.exprs[k]
	v := e.value[id]
	e.mu.RUnlock()
	if ok {
		return x
	}
	x = nil
	if keySize(key) > ExplicitSpanMax && v.Den == 1 {
		// The solver's witness search is slow for many pieces; a quick
		// sum is as simple as anything it would find.
		if s, ok := fastMake(keyDigits(key), v.Num, e.rs.Rules); ok {
			x, _ = arith.Parse(s)
		}
	}
	if x == nil {
		x = e.solverSolve(ctx, keyDigits(key), v)
	}
	e.mu.Lock()
	if len(e.exprs) >= memoLimit {
		clear(e.exprs)
	}
	e.exprs[k] = x
	e.mu.Unlock()
	return x
}

// canMake reports whether the multiset key (more than ExplicitSpanMax
// pieces) makes the value id, exactly and memoised: first by a quick sum
// (fastMake), then by the solver's exact decision.
func (e *Engine) canMake(ctx context.Context, key uint64, id int32) bool {
	k := solveKey{key, id}
	e.mu.RLock()
	ok, found := e.can[k]
	v := e.value[id]
	e.mu.RUnlock()
	if found {
		return ok
	}
	ok = false
	if v.Den == 1 {
		_, ok = fastMake(keyDigits(key), v.Num, e.rs.Rules)
	}
	if !ok {
		ok = e.solverCanMake(ctx, keyDigits(key), v)
	}
	e.mu.Lock()
	if len(e.can) >= memoLimit {
		clear(e.can)
	}
	e.can[k] = ok
	e.mu.Unlock()
	return ok
}

// meetLong returns the values of ascending ids that the multiset key (more
// than ExplicitSpanMax pieces) makes, exactly: the answers already in the
// memo, then one arith.Solver.Meet call for the rest, which it memoises.
func (e *Engine) meetLong(ctx context.Context, ids []int32, key uint64) []int32 {
	known := make([]int8, len(ids)) // 1 made, -1 not, 0 ask
	var ask []int32
	var vals []arith.Rat
	e.mu.RLock()
	for i, id := range ids {
		ok, found := e.can[solveKey{key, id}]
		switch {
		case !found:
			ask = append(ask, id)
			vals = append(vals, e.value[id])
		case ok:
			known[i] = 1
		default:
			known[i] = -1
		}
	}
	e.mu.RUnlock()
	if len(ask) > 0 {
		made := e.solverMeet(ctx, keyDigits(key), vals)
		e.mu.Lock()
		if len(e.can)+len(ask) > memoLimit {
			clear(e.can)
		}
		for j, id := range ask {
			e.can[solveKey{key, id}] = made[j]
		}
		e.mu.Unlock()
		j := 0
		for i := range ids {
			if known[i] == 0 {
				known[i] = -1
				if made[j] {
					known[i] = 1
				}
				j++
			}
		}
	}
	var out []int32
	for i, id := range ids {
		if known[i] == 1 {
			out = append(out, id)
		}
	}
	return out
}

// contains reports whether ascending ids holds id.
func contains(ids []int32, id int32) bool {
	_, ok := slices.BinarySearch(ids, id)
	return ok
}

// Play checks m in pos and returns the position after it. The error is an
// *IllegalMoveError that names the rule broken and, for spans, the segment.
func (e *Engine) Play(pos Position, m Move) (Position, error) {
	mi, err := e.Check(pos, m)
	if err != nil {
		return pos, err
	}
	return pos.apply(mi.Side, m.Piece, m.To()), nil
}

// apply moves side's piece n to q and passes the turn.
func (p Position) apply(side Side, n int, q Point) Position {
	p.remove(side, n)
	p.put(side, n, q)
	p.turn = side.Opponent()
	if side == Blue {
		p.number = p.MoveNumber() + 1
	}
	return p
}

// Check validates m in pos without playing it and returns what the move
// does, segment by segment. The error is an *IllegalMoveError; its
// message names the jump at fault ("second jump: ...") only when the move
// has more than one.
func (e *Engine) Check(pos Position, m Move) (*MoveInfo, error) {
	mi, err := e.check(pos, m)
	if ie, ok := err.(*IllegalMoveError); ok && len(m.Path) == 1 {
		ie.onlyJump()
	}
	return mi, err
}

// check is Check before the message of a one-jump move is trimmed.
func (e *Engine) check(pos Position, m Move) (*MoveInfo, error) {
	side := pos.turn
	sEn, sZh := sideName(side)
	if m.Piece < 0 || m.Piece > 9 {
		return nil, illegal("no_piece", 0, fmt.Sprintf("there is no piece numbered %d", m.Piece), fmt.Sprintf("没有 %d 号棋子", m.Piece))
	}
	start := pos.pieces[side][m.Piece]
	if !start.Valid() {
		return nil, illegal("no_piece", 0, fmt.Sprintf("%s has no %d on the board", sEn, m.Piece), fmt.Sprintf("%s的 %d 号棋子不在棋盘上", sZh, m.Piece))
	}
	if m.From.Valid() && m.From != start {
		if os, on, ok := pos.PieceAt(m.From); ok && os != side && on == m.Piece {
			oEn, oZh := sideName(os)
			return nil, illegal("not_your_turn", 0, fmt.Sprintf("it is %s's turn, not %s's", sEn, oEn), fmt.Sprintf("现在轮到%s走，不是%s", sZh, oZh))
		}
		return nil, illegal("wrong_start", 0, fmt.Sprintf("%s %d is on %s, not %s", sEn, m.Piece, start, m.From), fmt.Sprintf("%s %d 号棋子在 %s，不在 %s", sZh, m.Piece, start, m.From))
	}
	if len(m.Path) == 0 {
		return nil, illegal("empty_move", 0, "the move lands nowhere: give at least one point", "这步棋没有落点：至少要写一个落点")
	}
	for i, q := range m.Path {
		if !q.Valid() {
			return nil, illegal("off_board", i+1, "the landing point is not on the board", "落点不在棋盘上")
		}
	}
	mi := &MoveInfo{Move: m, Side: side}
	mi.Move.From = start
	s := start.Index()
	occupied := func(i int) bool { return i != s && pos.at[i] != 0 }
	number := func(i int) int { return int(pos.at[i]-1) % 10 }

	if len(m.Path) >= 2 {
		if !e.rs.Chains {
			en, zh := e.rs.where()
			return nil, illegal("chains_not_allowed", 0, "chain spans (连跨) are not allowed "+en, zh+"不允许连跨")
		}
		if max := e.rs.maxSegments(); len(m.Path) > max {
			return nil, illegal("chain_too_long", 0, fmt.Sprintf("a chain may have at most %d segments, this one has %d", max, len(m.Path)),
				fmt.Sprintf("连跨最多 %d 段，这步有 %d 段", max, len(m.Path)))
		}
	}
	cur := s
	for i, q := range m.Path {
		seg := i + 1
		t := q.Index()
		dir, dist, ok := lineDir(cur, t)
		if !ok {
			return nil, illegal("not_a_line", seg, fmt.Sprintf("%s is not on a line from %s", q, pt(cur)), fmt.Sprintf("%s 与 %s 不在同一直线上", q, pt(cur)))
		}
		if occupied(t) {
			return nil, illegal("occupied", seg, fmt.Sprintf("%s is occupied", q), fmt.Sprintf("%s 已有棋子", q))
		}
		sg := Segment{From: pt(cur), To: q, Dir: relDir[side][dir]}
		j := cur
		for k := 1; k < dist; k++ {
			j = int(geo.nb[j][dir])
			if occupied(j) {
				sg.Spanned = append(sg.Spanned, pt(j))
				sg.Numbers = append(sg.Numbers, number(j))
			}
		}
		expr := m.Expr(i)
		if len(m.Path) == 1 && expr == nil {
			switch {
			case dist == 1:
				mi.Kind = Step
				mi.Segments = []Segment{sg}
				return e.finish(pos, mi)
			case dist == 2 && len(sg.Spanned) == 1:
				mi.Kind = Hop
				mi.Segments = []Segment{sg}
				return e.finish(pos, mi)
			}
		}
		if len(sg.Spanned) == 0 {
			if dist == 1 && len(m.Path) == 1 {
				return nil, illegal("expression_not_allowed", seg, fmt.Sprintf("%s is next to %s: a step (移) carries no expression", q, pt(cur)),
					fmt.Sprintf("%s 与 %s 相邻：移不写算式", q, pt(cur)))
			}
			if dist == 1 {
				return nil, illegal("not_a_step", seg, fmt.Sprintf("%s is next to %s: a chain is made of spans only, a step cannot be part of it", q, pt(cur)),
					fmt.Sprintf("%s 与 %s 相邻：连跨只能由跨组成，不能夹带移", q, pt(cur)))
			}
			return nil, illegal("nothing_to_span", seg, fmt.Sprintf("no piece to span between %s and %s", pt(cur), q),
				fmt.Sprintf("%s 和 %s 之间没有可跨的棋子", pt(cur), q))
		}
		if before := int(geo.nb[t][oppDir[dir]]); !occupied(before) {
			last := sg.Spanned[len(sg.Spanned)-1]
			return nil, illegal("not_adjacent_to_last", seg, fmt.Sprintf("a span lands right after the last piece it spans: %s is not next to %s", q, last),
				fmt.Sprintf("跨要落在最后一枚被跨棋子的紧前方：%s 不紧挨 %s", q, last))
		}
		if err := e.checkSegmentValue(&sg, expr, seg, len(m.Path), m.Piece, mi); err != nil {
			return nil, err
		}
		mi.Segments = append(mi.Segments, sg)
		cur = t
	}
	if len(m.Path) == 1 {
		mi.Kind = SingleSpan
	} else {
		mi.Kind = ChainSpan
		if spansBack(mi.Segments[0], mi.Segments[1]) {
			// 前跟: the way back only finds the next route, so the chain
			// goes on, over other pieces.
			if len(m.Path) == 2 {
				return nil, illegal("front_follow", 2, "spanning straight back over the first segment (前跟) is allowed only when the chain goes on from there",
					"前跟（起步即原路跨回）只能作为更长连跨的开头，跨回后必须继续跨")
			}
			if spansBack(mi.Segments[1], mi.Segments[2]) {
				return nil, illegal("front_follow_same", 3, "after spanning back over the first segment (前跟), the next segment must span other pieces: going to and fro over the same pieces is not a chain",
					"前跟之后，下一段必须跨过别的棋子：在同一段上来回跨不算连跨")
			}
		}
	}
	if cur == s {
		return nil, illegal("returns_to_start", 0, "a move may not end on its starting point", "一步棋不能回到起点结束")
	}
	return e.finish(pos, mi)
}

// spansBack reports whether segment b spans straight back over exactly
// the pieces of segment a, the segment before it.
func spansBack(a, b Segment) bool {
	return b.Dir == reverseDir(a.Dir) && slices.Equal(b.Spanned, reversed(a.Spanned))
}

// checkSegmentValue checks a span segment's arithmetic and sets its value.
func (e *Engine) checkSegmentValue(sg *Segment, expr *arith.Expr, seg, segs, piece int, mi *MoveInfo) error {
	sg.Expr = expr
	if expr == nil {
		if len(sg.Numbers) != 1 {
			en := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(sg.Numbers)), ", "), "[]")
			return illegal("expression_missing", seg, fmt.Sprintf("spanning %s needs an expression", en),
				fmt.Sprintf("跨过 %s 需要写出算式", en))
		}
		sg.Value = arith.Int(int64(sg.Numbers[0]))
	} else {
		v, err := expr.Eval()
		if err == nil {
			sg.Value = v
		}
		target := v
		if segs == 1 {
			target = arith.Int(int64(piece))
		}
		if err := arith.Check(expr, sg.Numbers, target, e.rs.Rules); err != nil {
			return fromArith(seg, err)
		}
		sg.Value = target
	}
	if segs == 1 {
		if sg.Value.Cmp(arith.Int(int64(piece))) != 0 {
			return illegal("wrong_result", seg, fmt.Sprintf("spanning one %s makes %s, not %d", sg.Value, sg.Value, piece),
				fmt.Sprintf("跨过一枚 %s 得 %s，不是 %d", sg.Value, sg.Value, piece))
		}
		mi.Value = sg.Value
		return nil
	}
	if seg == 1 {
		mi.Value = sg.Value
		return nil
	}
	if sg.Value.Cmp(mi.Value) != 0 {
		return illegal("values_differ", seg, fmt.Sprintf("the result is %s, but the first jump made %s (every jump of a chain span must make the same value)", sg.Value, mi.Value),
			fmt.Sprintf("得数是 %s，但第一跳得 %s（连跨每一跳的得数都要相同）", sg.Value, mi.Value))
	}
	return nil
}

// finish applies the checks on the destination that every move shares.
func (e *Engine) finish(pos Position, mi *MoveInfo) (*MoveInfo, error) {
	to := mi.To()
	if _, _, ok := pos.PieceAt(to); ok && to != mi.Move.From {
		return nil, illegal("occupied", 0, fmt.Sprintf("%s is occupied", to), fmt.Sprintf("%s 已有棋子", to))
	}
	if e.rs.FivePieceRule && fillsLastPoint(pos, mi.Side, mi.Move.From, to) {
		en, zh := sideName(mi.Side)
		oen, ozh := sideName(mi.Side.Opponent())
		return nil, illegal("five_piece_rule", 0,
			fmt.Sprintf("five-piece rule: %s has five or more pieces in %s's camp, so %s must keep one point of its camp empty", oen, en, en),
			fmt.Sprintf("五子让位：%s已有五枚以上棋子进入%s阵营，%s必须在本方阵营留出至少一个空位", ozh, zh, zh))
	}
	return mi, nil
}

// fillsLastPoint reports whether side moving from→to fills the last empty
// point of its own camp while the opponent has five or more pieces in it.
func fillsLastPoint(pos Position, side Side, from, to Point) bool {
	owner, _, ok := to.CampOf()
	if !ok || owner != side {
		return false
	}
	if o, _, ok := from.CampOf(); ok && o == side {
		return false // moving inside the camp leaves its start empty
	}
	opp := side.Opponent()
	in, empty := 0, 0
	for n := 0; n < 10; n++ {
		q := CampPoint(side, n)
		if q == to {
			continue
		}
		if s, _, ok := pos.PieceAt(q); !ok {
			empty++
		} else if s == opp {
			in++
		}
	}
	return empty == 0 && in >= 5
}

func reverseDir(d Direction) Direction {
	return [6]Direction{Right, Left, BackRight, BackLeft, ForwardRight, ForwardLeft}[d%6]
}

func reversed(ps []Point) []Point {
	r := slices.Clone(ps)
	slices.Reverse(r)
	return r
}
