package numchess

import (
	"math/rand/v2"
	"testing"

	"qixue/rules/numchess/arith"
)

// TestFastMake checks every quick expression with arith.Check and, for
// small multisets, that it never claims a value the solver cannot make.
func TestFastMake(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, r := range []arith.Rules{arith.K1(), arith.G23(), arith.G46()} {
		s := arith.NewSolver(r)
		found := 0
		for i := 0; i < 300; i++ {
			n := 2 + rng.IntN(9)
			nums := make([]int, n)
			for j := range nums {
				nums[j] = rng.IntN(10)
			}
			target := int64(rng.IntN(40)) - 9
			x, ok := fastMake(nums, target, r)
			if !ok {
				continue
			}
			found++
			e, err := arith.Parse(x)
			if err != nil {
				t.Fatalf("%v → %q: %v", nums, x, err)
			}
			if err := arith.Check(e, nums, arith.Int(target), r); err != nil {
				t.Fatalf("%s: %v → %q = %d: %v", r.Name, nums, x, target, err)
			}
			if n <= 4 && !s.CanMake(nums, arith.Int(target)) {
				t.Fatalf("%s: %v → %q, but the solver cannot make %d", r.Name, nums, x, target)
			}
		}
		if found < 50 {
			t.Errorf("%s: only %d quick expressions found", r.Name, found)
		}
	}
	if _, ok := fastMake([]int{0, 0, 0}, 0, arith.K1()); !ok {
		t.Errorf("0, 0, 0 cannot make 0")
	}
}
