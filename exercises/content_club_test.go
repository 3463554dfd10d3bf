package exercises

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"qixue/rules/game"
	"qixue/tournaments"
)

// The club units teach how competitions work. Their facts are computed
// here rather than trusted: round counts come from the Berger tables the
// tournament service pairs with, and every tournament table or story adds
// up to what its games could give out.

// pointsPerGame is what a win, a draw and a loss score in game's club
// lessons: the seed's 3/1/0 for number chess, 1/½/0 for the others.
func pointsPerGame(g game.Name) (win, draw float64) {
	if g == game.NumChess {
		return 3, 1
	}
	return 1, 0.5
}

var (
	rrPlayers = regexp.MustCompile(`(\d+) 个(?:同学|人)进行(?:单)?循环赛`)
	rrClaim   = regexp.MustCompile(`(\d+) 个人(?:的循环赛)?要下 (\d+) 轮`)
)

// TestClubRoundRobinRounds: every exercise that asks how many rounds a
// single round robin of n players takes has the Berger table's count as
// its answer (n - 1 for even n, n for odd n), every game asks it for an odd
// number too, and no lesson text states another count.
func TestClubRoundRobinRounds(t *testing.T) {
	odd := map[game.Name]bool{}
	for _, ex := range wholeBank(t) {
		m := rrPlayers.FindStringSubmatch(ex.Body.ZH)
		if m == nil || ex.Kind != "number" || !strings.Contains(ex.Body.ZH, "几轮") {
			continue
		}
		n, _ := strconv.Atoi(m[1])
		table, err := tournaments.BergerTable(n)
		if err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		var sol struct {
			Value float64 `json:"value"`
		}
		if err := json.Unmarshal(ex.Solution, &sol); err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		if int(sol.Value) != len(table) {
			t.Errorf("%s: %d players take %d rounds, the answer says %v", ex.Key, n, len(table), sol.Value)
		}
		if n%2 == 1 {
			odd[GameOf(ex)] = true
		}
	}
	for _, g := range []game.Name{game.NumChess, game.Chess, game.Gomoku, game.Draughts} {
		if !odd[g] {
			t.Errorf("%s: no exercise asks for the rounds of a round robin with an odd number of players", g)
		}
		eachLesson(t, g, func(_ contentCurriculum, l contentLesson) {
			for _, b := range l.Blocks {
				for _, m := range rrClaim.FindAllStringSubmatch(b.Text.ZH, -1) {
					n, _ := strconv.Atoi(m[1])
					r, _ := strconv.Atoi(m[2])
					if table, _ := tournaments.BergerTable(n); len(table) != r {
						t.Errorf("%s: says %d players take %d rounds; they take %d", l.ID, n, r, len(table))
					}
				}
				if strings.Contains(b.Text.ZH, "n − 1 轮") && !strings.Contains(b.Text.ZH, "单数时要下 n 轮") {
					t.Errorf("%s: gives n − 1 rounds without the odd case (n rounds)", l.ID)
				}
			}
		})
	}
}

// crossTable is a round robin's results: row i, column j holds what
// player i scored against player j (the diagonal is unused).
type crossTable [][]float64

// check reports the first game whose two scores are not a win and a loss
// or two draws, and returns each player's total.
func (c crossTable) check(win, draw float64) ([]float64, error) {
	totals := make([]float64, len(c))
	for i := range c {
		for j := range c {
			if i == j {
				continue
			}
			a, b := c[i][j], c[j][i]
			if !(a == win && b == 0 || a == 0 && b == win || a == draw && b == draw) {
				return nil, fmt.Errorf("players %d and %d scored %v and %v against each other", i+1, j+1, a, b)
			}
			totals[i] += a
		}
	}
	return totals, nil
}

// sonnebornBerger is the sum of the totals of the opponents player beat
// plus half the totals of those drawn (the lessons' 小分).
func (c crossTable) sonnebornBerger(player int, win, draw float64, totals []float64) float64 {
	sb := 0.0
	for j, s := range c[player] {
		switch {
		case j == player:
		case s == win:
			sb += totals[j]
		case s == draw:
			sb += totals[j] / 2
		}
	}
	return sb
}

// TestClubTieBreakStoryAddsUp: the Sonneborn-Berger exercise of every
// club unit tells a four-player round robin (Ming beat Hong, drew Jun, lost
// to Li) whose totals can happen: the test completes the table from the
// story, checks that the totals in the text are the ones it gives and that
// the answer is Ming's Sonneborn-Berger score.
func TestClubTieBreakStoryAddsUp(t *testing.T) {
	total := regexp.MustCompile(`(小红|小军|小丽) ([0-9.]+) 分`)
	for _, ex := range wholeBank(t) {
		if !strings.HasSuffix(ex.Key, "/lesson-club-tiebreak-001") {
			continue
		}
		g := GameOf(ex)
		win, draw := pointsPerGame(g)
		claimed := map[string]float64{}
		for _, m := range total.FindAllStringSubmatch(ex.Body.ZH, -1) {
			claimed[m[1]], _ = strconv.ParseFloat(m[2], 64)
		}
		if len(claimed) != 3 {
			t.Fatalf("%s: the body names %d totals, want Hong's, Jun's and Li's", ex.Key, len(claimed))
		}
		// Ming (0) beat Hong (1), drew Jun (2), lost to Li (3); the three
		// games among the others are whatever gives the claimed totals.
		names := []string{"", "小红", "小军", "小丽"}
		found := false
		outcomes := []float64{win, draw, 0}
		for _, hj := range outcomes {
			for _, hl := range outcomes {
				for _, jl := range outcomes {
					c := crossTable{
						{0, win, draw, 0},
						{0, 0, hj, hl},
						{draw, 0, 0, jl},
						{win, 0, 0, 0},
					}
					c[2][1] = opposite(hj, win, draw)
					c[3][1] = opposite(hl, win, draw)
					c[3][2] = opposite(jl, win, draw)
					totals, err := c.check(win, draw)
					if err != nil {
						t.Fatal(err)
					}
					ok := true
					for i := 1; i <= 3; i++ {
						ok = ok && totals[i] == claimed[names[i]]
					}
					if !ok {
						continue
					}
					found = true
					var sol struct {
						Value float64 `json:"value"`
					}
					if err := json.Unmarshal(ex.Solution, &sol); err != nil {
						t.Fatal(err)
					}
					if sb := c.sonnebornBerger(0, win, draw, totals); math.Abs(sb-sol.Value) > 1e-9 {
						t.Errorf("%s: Ming's Sonneborn-Berger is %v, the answer says %v", ex.Key, sb, sol.Value)
					}
				}
			}
		}
		if !found {
			t.Errorf("%s: no results of the other three games give the totals %v", ex.Key, claimed)
		}
	}
}

// opposite is the other player's score of a game in which one scored s.
func opposite(s, win, draw float64) float64 {
	switch s {
	case win:
		return 0
	case draw:
		return draw
	}
	return win
}

// TestClubLessonTablesAddUp: every results table in a lesson text (a
// Markdown table whose rows are players, with a score against each other
// player and a total) is a round robin that can happen: each pair's two
// scores are a win and a loss or two draws, and each total is its row's sum.
func TestClubLessonTablesAddUp(t *testing.T) {
	tables := 0
	for _, g := range []game.Name{game.NumChess, game.Chess, game.Gomoku, game.Draughts} {
		win, draw := pointsPerGame(g)
		eachLesson(t, g, func(_ contentCurriculum, l contentLesson) {
			for _, b := range l.Blocks {
				for _, lang := range []string{"zh-CN", "en"} {
					c, totals, ok := parseCrossTable(b.Text.In(lang))
					if !ok {
						continue
					}
					tables++
					sums, err := c.check(win, draw)
					if err != nil {
						t.Errorf("%s (%s): %v", l.ID, lang, err)
						continue
					}
					for i := range sums {
						if sums[i] != totals[i] {
							t.Errorf("%s (%s): row %d adds up to %v, the table says %v", l.ID, lang, i+1, sums[i], totals[i])
						}
					}
				}
			}
		})
	}
	if tables == 0 {
		t.Error("no results table found in any lesson")
	}
}

// parseCrossTable reads the first results table of a Markdown text: a
// header row naming n players and a total, then n rows of n scores (the
// diagonal empty) and a total (bold allowed).
func parseCrossTable(text string) (crossTable, []float64, bool) {
	var rows [][]string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "|---") {
			continue
		}
		if !strings.HasPrefix(line, "|") {
			if len(rows) > 0 {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.Trim(strings.TrimSpace(cells[i]), "*")
		}
		rows = append(rows, cells)
	}
	if len(rows) < 3 {
		return nil, nil, false
	}
	n := len(rows) - 1
	if len(rows[0]) != n+2 {
		return nil, nil, false
	}
	c := make(crossTable, n)
	totals := make([]float64, n)
	for i, r := range rows[1:] {
		if len(r) != n+2 {
			return nil, nil, false
		}
		c[i] = make([]float64, n)
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			v, err := strconv.ParseFloat(r[j+1], 64)
			if err != nil {
				return nil, nil, false
			}
			c[i][j] = v
		}
		v, err := strconv.ParseFloat(r[n+1], 64)
		if err != nil {
			return nil, nil, false
		}
		totals[i] = v
	}
	return c, totals, true
}

// TestClubArenaIsATeamEvent: the club units teach 擂台赛 as seed 001 defines
// it, a team event in which a player who loses is out, and keep the
// individual king of the hill apart from it.
func TestClubArenaIsATeamEvent(t *testing.T) {
	for _, g := range []game.Name{game.NumChess, game.Chess, game.Gomoku, game.Draughts} {
		seen := false
		eachLesson(t, g, func(_ contentCurriculum, l contentLesson) {
			for _, b := range l.Blocks {
				for _, line := range strings.Split(b.Text.ZH, "\n") {
					if !strings.Contains(line, "**擂台赛**") {
						continue
					}
					seen = true
					if !strings.Contains(line, "团体赛") || !strings.Contains(line, "输一盘的队员就不再上场") {
						t.Errorf("%s: 擂台赛 is not taught as the seed's team event: %s", l.ID, line)
					}
				}
			}
		})
		if !seen {
			t.Errorf("%s: no lesson teaches 擂台赛", g)
		}
	}
}
