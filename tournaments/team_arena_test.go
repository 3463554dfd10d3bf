package tournaments

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// arenaTeams returns n teams of the sizes, players numbered on from 1.
func arenaTeams(sizes ...int) [][]int {
	var out [][]int
	next := 1
	for _, s := range sizes {
		var t []int
		for range s {
			t = append(t, next)
			next++
		}
		out = append(out, t)
	}
	return out
}

// playArena plays a 擂台赛 to its end, each result picked by pick from
// the game about to be played, and returns the games and the final state.
func playArena(t *testing.T, a TeamArena, pick func(TeamArenaGame) Outcome) ([]TeamArenaGame, TeamArenaState) {
	t.Helper()
	var results []Outcome
	for n := 0; ; n++ {
		if n > 500 {
			t.Fatal("the 擂台赛 never ends")
		}
		games, st, err := a.Replay(results)
		if err != nil {
			t.Fatal(err)
		}
		if st.Over {
			return games, st
		}
		pending, st2, err := a.Replay(append(results, OutcomePending))
		if err != nil {
			t.Fatal(err)
		}
		if st.Next == nil || len(pending) != len(results)+1 || pending[len(pending)-1] != *st.Next || *st2.Next != *st.Next {
			t.Fatalf("after %d results the next game is %+v, games %+v", len(results), st.Next, pending)
		}
		results = append(results, pick(*st.Next))
	}
}

func TestTeamArenaRules(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 13))
	outcomes := []Outcome{OutcomeWhiteWins, OutcomeBlackWins, OutcomeDraw, OutcomeWhiteForfeit, OutcomeBlackForfeit, OutcomeDoubleForfeit}
	for n := 0; n < 2000; n++ {
		var sizes []int
		for range 2 + rng.IntN(3) {
			sizes = append(sizes, 1+rng.IntN(5))
		}
		a := TeamArena{Teams: arenaTeams(sizes...), Draw: TeamArenaDraw(rng.IntN(2))}
		draws := rng.IntN(2) == 0
		games, st := playArena(t, a, func(TeamArenaGame) Outcome {
			if draws {
				return outcomes[rng.IntN(len(outcomes))]
			}
			return outcomes[rng.IntN(2)]
		})
		teamOf := map[int]int{}
		for i, tm := range a.Teams {
			for _, p := range tm {
				teamOf[p] = i + 1
			}
		}
		// Walk the games with the seed's rules: a player who lost plays no
		// more; players come in their team's order; the winner stays.
		lost := map[int]bool{}
		seen := make([][]int, len(a.Teams)) // players in the order they came up
		var stay int
		for i, g := range games {
			for _, p := range []int{g.First, g.Second} {
				if lost[p] {
					t.Fatalf("%v game %d: player %d plays again after going off", sizes, i+1, p)
				}
				tm := teamOf[p]
				if !slices.Contains(seen[tm-1], p) {
					seen[tm-1] = append(seen[tm-1], p)
				}
			}
			if teamOf[g.First] != g.FirstTeam || teamOf[g.Second] != g.SecondTeam || g.FirstTeam == g.SecondTeam {
				t.Fatalf("game %d: %+v", i+1, g)
			}
			if stay != 0 && g.First != stay && g.Second != stay {
				t.Fatalf("game %d: the winner %d of the game before is not on the stage: %+v", i+1, stay, g)
			}
			// The challenger moves first: the holder, who stayed, second.
			if stay != 0 && g.Second != stay && !(a.Draw == TeamArenaReplay && i > 0 && games[i-1].Result == OutcomeDraw) {
				t.Fatalf("game %d: the holder %d moves first: %+v", i+1, stay, g)
			}
			f, s, _ := gamePoints(g.Result)
			stay = 0
			switch {
			case g.Result == OutcomeDoubleForfeit:
				lost[g.First], lost[g.Second] = true, true
			case f > s:
				lost[g.Second], stay = true, g.First
			case s > f:
				lost[g.First], stay = true, g.Second
			default:
				// a draw: both off, or a replay of the same two
				if i+1 < len(games) && a.Draw == TeamArenaReplay && games[i+1].First == g.Second && games[i+1].Second == g.First {
					stay = g.First
					continue
				}
				lost[g.First], lost[g.Second] = true, true
			}
		}
		for i, order := range seen {
			if !slices.Equal(order, a.Teams[i][:len(order)]) {
				t.Fatalf("team %d sent %v, its order is %v", i+1, order, a.Teams[i])
			}
		}
		// Over: at most one team has a player not beaten or not sent.
		var left []int
		for i, tm := range a.Teams {
			for _, p := range tm {
				if !lost[p] {
					left = append(left, i+1)
					break
				}
			}
		}
		if len(left) > 1 || len(left) == 1 && st.Champion != left[0] || len(left) == 0 && st.Champion != 0 {
			t.Fatalf("%v: teams with players left %v, champion %d", sizes, left, st.Champion)
		}
		// Places: the champion first; the earlier a team finished, the lower.
		for i, p := range st.Places {
			if p.Team == st.Champion && p.Rank != 1 {
				t.Fatalf("champion ranked %d", p.Rank)
			}
			if i == 0 {
				continue
			}
			q := st.Places[i-1]
			switch {
			case q.FinishedAt != 0 && p.FinishedAt > q.FinishedAt:
				t.Fatalf("team %d finished at %d, ranked below team %d finished at %d", p.Team, p.FinishedAt, q.Team, q.FinishedAt)
			case q.FinishedAt == p.FinishedAt && p.Rank != q.Rank, q.FinishedAt != p.FinishedAt && p.Rank != i+1:
				t.Fatalf("ranks %+v", st.Places)
			}
		}
		// Without draws each game sends exactly one player off.
		if !draws {
			off := 0
			for range lost {
				off++
			}
			if off != len(games) || len(st.Off) != off {
				t.Fatalf("%d games, %d players off (%d in the state)", len(games), off, len(st.Off))
			}
		}
	}
}

func TestTeamArenaTurns(t *testing.T) {
	// Three teams: A 1-2, B 3-4, C 5-6. B's 3 comes up to A's 1 and wins;
	// the next challenger is C's 5 (the team after B, skipping the
	// holder's), who wins; then A's 2, ...
	a := TeamArena{Teams: arenaTeams(2, 2, 2)}
	games, st, err := a.Replay([]Outcome{OutcomeWhiteWins, OutcomeWhiteWins, OutcomePending})
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]int{{3, 1}, {5, 3}, {2, 5}}
	for i, g := range games {
		if [2]int{g.First, g.Second} != want[i] {
			t.Fatalf("game %d: %d-%d, want %v", i+1, g.First, g.Second, want[i])
		}
	}
	if st.Holder != 5 || st.HolderTeam != 3 || st.Over {
		t.Fatalf("state %+v", st)
	}
	// A draw under the default rule: 2 and 5 both go off; A has nobody
	// left; the holder's team C sends its next player, 6, to the stage,
	// and the next challenger after the last one's team (A) skipping C is
	// B's 4.
	games, st, err = a.Replay([]Outcome{OutcomeWhiteWins, OutcomeWhiteWins, OutcomeDraw, OutcomePending})
	if err != nil {
		t.Fatal(err)
	}
	if g := games[3]; g.First != 4 || g.Second != 6 {
		t.Fatalf("after the draw: %+v", g)
	}
	if p := st.Places[2]; p.Team != 1 || p.FinishedAt != 3 || p.Rank != 3 {
		t.Fatalf("A finished with game 3: %+v", st.Places)
	}
	// The replay rule: the same two again, colours reversed, twice, then
	// both off.
	a.Draw = TeamArenaReplay
	games, _, err = a.Replay([]Outcome{OutcomeDraw, OutcomeDraw, OutcomeDraw, OutcomePending})
	if err != nil {
		t.Fatal(err)
	}
	if g := games[1]; g.First != 1 || g.Second != 3 {
		t.Fatalf("replay: %+v", g)
	}
	if g := games[2]; g.First != 3 || g.Second != 1 {
		t.Fatalf("second replay: %+v", g)
	}
	if g := games[3]; g.First == 1 || g.First == 3 || g.Second == 1 || g.Second == 3 {
		t.Fatalf("after two replays both go off: %+v", g)
	}
	// Two one-player teams, a draw: nobody left, no champion, both first.
	_, st, _ = TeamArena{Teams: arenaTeams(1, 1)}.Replay([]Outcome{OutcomeDraw})
	if !st.Over || st.Champion != 0 || st.Places[0].Rank != 1 || st.Places[1].Rank != 1 {
		t.Fatalf("last draw: %+v", st)
	}
	if _, _, err := (TeamArena{Teams: arenaTeams(1, 1)}).Replay([]Outcome{OutcomeWhiteWins, OutcomeWhiteWins}); err == nil {
		t.Error("a game after the end was accepted")
	}
	if _, _, err := (TeamArena{Teams: arenaTeams(2, 2)}).Replay([]Outcome{OutcomePending, OutcomeWhiteWins}); err == nil {
		t.Error("a result after a game without one was accepted")
	}
	if teamCode((TeamArena{Teams: [][]int{{1}, {1}}}).Check()) != CodeLineupPlayer {
		t.Error("a player in two teams was accepted")
	}
}

// FuzzTeamArena replays any team sizes and results: an error or a state
// whose games only bring up players not yet off, never a panic, and never
// more games than players can lose (with at most two replays a draw).
func FuzzTeamArena(f *testing.F) {
	f.Add([]byte{3, 3, 2}, []byte("10=0+"), false)
	f.Add([]byte{1, 1}, []byte("="), true)
	f.Add([]byte{5, 1, 4, 2}, []byte("0000111=-"), true)
	codes := map[byte]Outcome{'1': OutcomeWhiteWins, '0': OutcomeBlackWins, '=': OutcomeDraw, '+': OutcomeWhiteForfeit,
		'-': OutcomeBlackForfeit, 'x': OutcomeDoubleForfeit, '?': OutcomePending}
	f.Fuzz(func(t *testing.T, sizes, results []byte, replay bool) {
		if len(sizes) > 8 || len(results) > 200 {
			return
		}
		var ss []int
		total := 0
		for _, s := range sizes {
			ss = append(ss, int(s%12))
			total += int(s % 12)
		}
		a := TeamArena{Teams: arenaTeams(ss...)}
		if replay {
			a.Draw = TeamArenaReplay
		}
		var outs []Outcome
		for _, r := range results {
			o, ok := codes[r]
			if !ok {
				o = Outcome(string(rune(r)))
			}
			outs = append(outs, o)
		}
		games, st, err := a.Replay(outs)
		if err != nil {
			return
		}
		if len(games) > (MaxArenaReplays+1)*total {
			t.Fatalf("%d games for %d players", len(games), total)
		}
		for i, g := range games {
			if n, off := st.Off[g.First]; off && n < i+1 {
				t.Fatalf("game %d brings up %d, off after game %d", i+1, g.First, n)
			}
			if n, off := st.Off[g.Second]; off && n < i+1 {
				t.Fatalf("game %d brings up %d, off after game %d", i+1, g.Second, n)
			}
		}
	})
}
