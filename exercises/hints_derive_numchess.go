package exercises

import (
	"fmt"
	"strconv"
	"strings"

	"qixue/domain"
	"qixue/rules/numchess"
)

// Derived hints of number chess: the real difficulty of a move is the
// arithmetic of a span (which numbers it jumps over and how they make the
// number), so the picture hint lights the piece and the pieces its jump
// goes over, and the next hint gives the numbers to combine and the value
// to make, never the move or its expression.

// ncNumberList writes numbers for a hint: "9、5、4" and "9, 5, 4".
func ncNumberList(ns []int) domain.Text {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return domain.Text{ZH: strings.Join(s, "、"), EN: strings.Join(s, ", ")}
}

// ncOpsWords names the operations a ruleset's children know.
func ncOpsWords(rs numchess.Ruleset) domain.Text {
	if rs.Name == "K1" {
		return domain.Text{ZH: "加法和减法", EN: "adding and taking away"}
	}
	return domain.Text{ZH: "加、减、乘、除", EN: "+, −, × and ÷"}
}

func deriveNumchessMove(ex Exercise) ([]Hint, error) {
	var s ncMoveSolution
	if err := decodeBoth(ex, &struct{}{}, &s); err != nil {
		return nil, err
	}
	var k numchessMove
	t, err := k.parsePrompt(ex.Prompt)
	if err != nil {
		return nil, err
	}
	m, err := numchess.ParseMove(s.Move)
	if err != nil {
		return nil, err
	}
	mi, err := ncEngine(t.rs).Check(t.pos, m)
	if err != nil {
		return nil, err
	}
	from := mi.From().String()
	switch mi.Kind {
	case numchess.Step:
		first := hint("亮起来的是要走的棋子。它只要走一格，不用跳。", "The lit-up piece is the one to move. It needs just one step, no jump.", from)
		switch {
		case t.to.Valid():
			// The goal's point is shown on the board already.
			return []Hint{first, hint("它要走到亮起来的那个点：就在它旁边。", "It goes to the lit-up point, right next to it.", from, t.to.String())}, nil
		case t.rs.Name == "K1":
			// Grade 1 has not learnt the names of the directions.
			return []Hint{first, hint("看看它旁边空着的点：往前走的是哪一个？", "Look at the empty points next to it: which one is forward?", from)}, nil
		}
		d := mi.Segments[0].Dir
		return []Hint{first, hint(fmt.Sprintf("往“%s”的方向走一格。", d.Chinese()), fmt.Sprintf("Step %s.", d), from)}, nil
	case numchess.Hop:
		over := mi.Segments[0].Spanned[0].String()
		return []Hint{
			hint("亮起来的是要走的棋子和紧挨着它的那枚棋子。", "Lit up: the piece to move and the piece right next to it.", from, over),
			hint("邻：跳过紧挨着的这一枚棋子，落在它后面的空点上。", "A hop jumps over that one piece onto the empty point just behind it.", from, over),
		}, nil
	}
	lit := []string{from}
	for _, seg := range mi.Segments {
		for _, q := range seg.Spanned {
			lit = append(lit, q.String())
		}
	}
	ops := ncOpsWords(t.rs)
	first := hint("亮起来的是要走的棋子，和它要跨过去的棋子。", "Lit up: the piece to move and the pieces it jumps over.", lit...)
	value := mi.Value.String()
	if len(mi.Segments) == 1 {
		ns := ncNumberList(mi.Segments[0].Numbers)
		return []Hint{first, hint(
			fmt.Sprintf("跨子要算数：用 %s 这几个数，用%s，算出 %s。每个数只能用一次。", ns.ZH, ops.ZH, value),
			fmt.Sprintf("A span needs sums: with the numbers %s, by %s, make %s. Use each number once.", ns.EN, ops.EN, value))}, nil
	}
	var zh, en []string
	for i, seg := range mi.Segments {
		ns := ncNumberList(seg.Numbers)
		zh = append(zh, fmt.Sprintf("第 %d 段用 %s", i+1, ns.ZH))
		en = append(en, fmt.Sprintf("part %d uses %s", i+1, ns.EN))
	}
	return []Hint{first, hint(
		fmt.Sprintf("连跨的每一段都要算出同一个数 %s（用%s）：%s。", value, ops.ZH, strings.Join(zh, "，")),
		fmt.Sprintf("Every part of the chain must make the same number, %s (by %s): %s.", value, ops.EN, strings.Join(en, ", ")))}, nil
}

// deriveNumchessExpression helps with an expression item, which has no
// board: its hints are words only (the numbers to start from), so none
// has squares.
func deriveNumchessExpression(ex Exercise) ([]Hint, error) {
	var p ncExpressionPrompt
	var s ncExpressionSolution
	if err := decodeBoth(ex, &p, &s); err != nil {
		return nil, err
	}
	rs, err := ncPromptRuleset(p.Ruleset)
	if err != nil {
		return nil, err
	}
	ops := ncOpsWords(rs)
	hs := []Hint{hint(
		fmt.Sprintf("要算出 %d。先看最大的数：它比 %d 大还是小？大了就减，小了就加。", p.Target, p.Target),
		fmt.Sprintf("You need to make %d. Start from the biggest number: is it more or less than %d? Too big, take away; too small, add.", p.Target, p.Target))}
	hs = append(hs, hint(
		fmt.Sprintf("可以用%s。每个数都要用，而且只用一次；一边算一边写下每一步的结果。", ops.ZH),
		fmt.Sprintf("You may use %s. Use every number, each just once, and write down the result of each step as you go.", ops.EN)))
	return hs, nil
}
