package arith_test

import (
	"fmt"

	"qixue/rules/numchess/arith"
)

func ExampleCheck() {
	e, _ := arith.Parse("2×8−9")
	fmt.Println(arith.Check(e, []int{9, 2, 8}, arith.Int(7), arith.G23()))
	err := arith.Check(e, []int{9, 2, 8}, arith.Int(7), arith.K1()).(*arith.CheckError)
	fmt.Println(err.Code())
	fmt.Println(err.Message("en"))
	fmt.Println(err.Message("zh-CN"))
	// Output:
	// <nil>
	// operator_not_allowed
	// only + and − are used in preschool and grade 1, so × cannot be used
	// 学前和一年级只用加法和减法，不能用 ×
}

func ExampleSolver_Solve() {
	s := arith.NewSolver(arith.G46())
	w, ok := s.Solve([]int{9, 5, 4}, arith.Int(0))
	fmt.Println(w, w.ASCII(), ok)
	_, ok = arith.NewSolver(arith.K1()).Solve([]int{9, 2, 8}, arith.Int(7))
	fmt.Println(ok)
	// Output:
	// 9−5−4 9-5-4 true
	// false
}

func ExampleSolver_Reachable() {
	s := arith.NewSolver(arith.G46())
	fmt.Println(s.Reachable([]int{6, 2}))
	// Output:
	// [-4 1/3 3 4 8 12 26 36 62]
}

func ExampleParse() {
	e, _ := arith.Parse("１２ ÷ （7 - 3）")
	v, _ := e.Eval()
	fmt.Println(e, e.ASCII(), e.Digits(), v)
	_, err := arith.Parse("(9-5)-4)")
	fmt.Println(err)
	// Output:
	// 12÷(7−3) 12/(7-3) [1 2 3 7] 3
	// unexpected ')' at 8
}
