package tournaments_test

import (
	"fmt"
	"strings"

	"qixue/tournaments"
)

func ExamplePairDutch() {
	const trf = `012 Class 3 club
001    1      Alpha                             1500                             1.0          2 w 1
001    2      Beta                              1400                             0.0          1 b 0
001    3      Gamma                             1300                             1.0          4 w 1
001    4      Delta                             1200                             0.0          3 b 0
XXR 3
XXC white1
`
	t, err := tournaments.ReadTRF(strings.NewReader(trf))
	if err != nil {
		fmt.Println(err)
		return
	}
	pairs, err := tournaments.PairDutch(t)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range pairs {
		fmt.Println(p.White, "-", p.Black)
	}
	// Output:
	// 3 - 1
	// 2 - 4
}

func ExampleBergerTable() {
	rounds, _ := tournaments.BergerTable(4)
	for _, r := range rounds {
		fmt.Println(r)
	}
	// Output:
	// [{1 4} {2 3}]
	// [{4 3} {1 2}]
	// [{2 4} {3 1}]
}
