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

func ExampleStandings() {
	const trf = `012 Class 3 club
001    1      Alpha                             1800                             3.0          2 w 1     5 b 1     3 w +
001    2      Beta                              1700                             1.0          1 b 0     3 w 1  0000 - Z
001    3      Gamma                             1600                             0.5          4 w =     2 b 0     1 b -
001    4      Delta                             1500                             1.0          3 b =  0000 - H     5 w 0
001    5      Epsilon                                                            2.0       0000 - U     1 w 0     4 b 1
XXR 3
`
	t, err := tournaments.ReadTRF(strings.NewReader(trf))
	if err != nil {
		fmt.Println(err)
		return
	}
	t.TieBreakRules = tournaments.FIDE2026 // C.07 article 16 as of 2026 (the default is FIDE2023)
	tbs, _ := tournaments.ParseTieBreaks("BH-C1,SB")
	rows, err := tournaments.Standings(t, 3, tbs)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range rows {
		fmt.Println(r.Rank, t.Player(r.Player).Name, r.Points, r.TieBreaks)
	}
	// Output:
	// 1 Alpha 3.0 [3.5 4.00]
	// 2 Epsilon 2.0 [4.5 2.50]
	// 3 Beta 1.0 [3.5 0.50]
	// 4 Delta 1.0 [2.5 0.75]
	// 5 Gamma 0.5 [2.5 0.50]
}

func ExampleKnockout() {
	t := &tournaments.Tournament{Points: tournaments.Standard}
	for i := 1; i <= 6; i++ {
		t.Players = append(t.Players, &tournaments.Player{ID: i})
	}
	boards, _ := tournaments.Knockout{ThirdPlace: true}.Pair(t, 1)
	for _, b := range boards {
		fmt.Println(b.White, "-", b.Black)
	}
	// Output:
	// 4 - 5
	// 6 - 3
	// 1 - 0
	// 2 - 0
}
