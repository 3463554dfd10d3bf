package exercises

import (
	"fmt"
	"strconv"
	"strings"

	"qixue/rules/numchess"
)

// ncPlainWords says a move as a preschool or grade-1 child is told it:
// which piece jumped over which pieces and the sum it made, with no point
// names and none of the terms of 棋步表达 (左斜进跨 ...), which the K1 band
// does not learn (seed 000).
func ncPlainWords(mi *numchess.MoveInfo) Text {
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
	return Text{
		ZH: fmt.Sprintf("%d 号棋子%s", piece, strings.Join(zh, "")),
		EN: fmt.Sprintf("piece %d %s", piece, strings.Join(en, " ")),
	}
}

// ncMoveWords is a move as the band reads it: plain words for K1, the
// notation of 棋步表达 from grades 2-3 on.
func ncMoveWords(mi *numchess.MoveInfo, rs numchess.Ruleset) Text {
	if rs.Name == "K1" {
		return ncPlainWords(mi)
	}
	return Text{ZH: mi.Chinese(), EN: mi.English()}
}
