package exercises

import (
	"fmt"
	"strconv"
	"strings"

	"qixue/domain"
	"qixue/rules/numchess"
	"qixue/rules/numchess/arith"
)

// ncPlainWords says a move as a preschool or grade-1 child is told it:
// which piece jumped over which pieces and the sum it made, with no point
// names and none of the terms of 棋步表达 (左斜进跨 ...), which the K1 band
// does not learn (seed 000).
func ncPlainWords(mi *numchess.MoveInfo) domain.Text {
	piece := mi.Move.Piece
	var zh, en []string
	for i, sg := range mi.Segments {
		nums := make([]string, len(sg.Numbers))
		for j, n := range sg.Numbers {
			nums[j] = strconv.Itoa(n)
		}
		switch {
		case len(sg.Numbers) == 0:
			zh = append(zh, "走到旁边的空点上")
			en = append(en, "moves to the empty point next to it")
		case mi.Kind == numchess.Hop:
			zh = append(zh, fmt.Sprintf("跳过旁边的 %s 号棋子", nums[0]))
			en = append(en, fmt.Sprintf("jumps over piece %s next to it", nums[0]))
		default:
			value := sg.Value.String()
			expr := value
			if sg.Expr != nil {
				expr = sg.Expr.String()
			}
			if expr == value {
				zh = append(zh, fmt.Sprintf("跳过 %s 号棋子（它就是 %s）", strings.Join(nums, "、"), value))
				en = append(en, fmt.Sprintf("jumps over piece %s (that is %s)", strings.Join(nums, ", "), value))
			} else {
				these := "这几枚"
				if len(nums) == 2 {
					these = "这两枚"
				}
				zh = append(zh, fmt.Sprintf("跳过 %s %s棋子，%s = %s", strings.Join(nums, "、"), these, expr, value))
				en = append(en, fmt.Sprintf("jumps over %s: %s = %s", strings.Join(nums, ", "), expr, value))
			}
		}
		if i == 0 && len(mi.Segments) > 1 {
			zh[0] += "，再"
			en[0] += ", then"
		}
	}
	return domain.Text{
		ZH: fmt.Sprintf("%d 号棋子%s", piece, strings.Join(zh, "")),
		EN: fmt.Sprintf("piece %d %s", piece, strings.Join(en, " ")),
	}
}

// ncMoveWords is a move as the band reads it: plain words for K1, the
// notation of 棋步表达 from grades 2-3 on.
func ncMoveWords(mi *numchess.MoveInfo, rs numchess.Ruleset) domain.Text {
	if rs.Name == "K1" {
		return ncPlainWords(mi)
	}
	return domain.Text{ZH: mi.Chinese(), EN: mi.English()}
}

// ncK1Illegal says, without naming points, why the engine refuses a move
// whose reason names them (grade 1 does not learn point names: they come
// with the board's coordinates in G23). The child tapped the points, so
// "that point" is the one just tapped.
var ncK1Illegal = map[string]domain.Text{
	"not_a_line": {
		ZH: "这个点和你的棋子不在同一条直线上：棋子只能沿着直线走。",
		EN: "that point is not on a line with your piece: pieces move along the lines.",
	},
	"nothing_to_span": {
		ZH: "你的棋子和这个点中间没有棋子，没有东西可跨。走到旁边的点才是移。",
		EN: "there is no piece between your piece and that point, so there is nothing to span. Only the point next to it is a step.",
	},
	"not_adjacent_to_last": {
		ZH: "跨的时候，要落在最后跨过的那枚棋子紧挨着的下一个点上。",
		EN: "a span lands on the point right after the last piece it jumps over.",
	},
	"occupied": {
		ZH: "那个点上已经有棋子了，要落在空点上。",
		EN: "there is already a piece on that point: land on an empty one.",
	},
	"expression_not_allowed": {
		ZH: "这个点就在旁边，走过去是移，移不用写算式。",
		EN: "that point is right next to your piece: going there is a step, and a step needs no sum.",
	},
	"not_a_step": {
		ZH: "一步棋里不能又跨又移。",
		EN: "one move cannot mix spans and steps.",
	},
	"wrong_start": {
		ZH: "要从这枚棋子现在站的点出发。",
		EN: "the move starts from the point where the piece stands now.",
	},
}

// ncIllegalText is the engine's reason for refusing a move, in words the
// band has learnt: for K1, ncK1Illegal where the reason names a point.
func ncIllegalText(ie *numchess.IllegalMoveError, rs numchess.Ruleset) domain.Text {
	t := ncTextOf(ie)
	if rs.Name != "K1" {
		return t
	}
	if k1, ok := ncK1Illegal[ie.Code()]; ok {
		return k1
	}
	return t
}

// ncGrade6Steps returns what in expression e a grade 4-5 child has not met
// in maths lessons (both are grade-6 topics of the national syllabus): a
// step whose result is below zero, a division by a fraction.
func ncGrade6Steps(e *arith.Expr) []string {
	ops, ok := e.Operations()
	if !ok {
		return nil
	}
	var out []string
	for _, o := range ops {
		if o.V.Sign() < 0 {
			out = append(out, fmt.Sprintf("a negative step (%s %c %s = %s)", o.L, o.Op, o.R, o.V))
		}
		if o.Op == '/' && !o.R.IsInt() {
			out = append(out, fmt.Sprintf("a division by a fraction (%s ÷ %s)", o.L, o.R))
		}
	}
	return out
}

// ncMoveGrade6 reports whether a move's expressions hold a step
// ncGrade6Steps finds.
func ncMoveGrade6(mi *numchess.MoveInfo) bool {
	for _, sg := range mi.Segments {
		if sg.Expr != nil && len(ncGrade6Steps(sg.Expr)) > 0 {
			return true
		}
	}
	return false
}
