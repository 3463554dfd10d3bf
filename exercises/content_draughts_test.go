package exercises

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"qixue/domain"
	"qixue/rules/draughts"
)

// shotTally is what a shot's whole line does: pieces the student takes,
// pieces the student loses, and whether a man of the student's is crowned.
type shotTally struct {
	Taken, Lost int
	Crowned     bool
}

// tallyShot plays a shot's line from fen and counts.
func tallyShot(fen string, moves []string) (shotTally, error) {
	pos, err := draughts.ParseFEN(fen)
	if err != nil {
		return shotTally{}, err
	}
	me := pos.Turn()
	myMen, myKings := pos.Count(me)
	theirMen, theirKings := pos.Count(me.Other())
	for _, in := range moves {
		m, err := pos.ParseMove(in)
		if err != nil {
			return shotTally{}, fmt.Errorf("%s: %w", in, err)
		}
		if pos, err = pos.Play(m); err != nil {
			return shotTally{}, fmt.Errorf("%s: %w", in, err)
		}
	}
	men, kings := pos.Count(me)
	tMen, tKings := pos.Count(me.Other())
	return shotTally{
		Taken:   theirMen + theirKings - tMen - tKings,
		Lost:    myMen + myKings - men - kings,
		Crowned: kings > myKings,
	}, nil
}

// The claims shot texts make.
var (
	claimTakeZH  = regexp.MustCompile(`你一共吃掉 (\d+) 个`)
	claimLoseZH  = regexp.MustCompile(`对方(只|也)?吃掉 (\d+) 个`)
	claimTakeEN  = regexp.MustCompile(`You take (\d+) piece`)
	claimLoseEN  = regexp.MustCompile(`lose (\d+) piece`)
	claimMore    = regexp.MustCompile(`吃回更多|更多的子|take back more|win more|more than you (give|lose)`)
	claimCrownZH = regexp.MustCompile(`升成了?王|成王`)
	claimCrownEN = regexp.MustCompile(`(?i)crown`)
)

// shotClaimProblems compares what a shot's texts say with its tally.
func shotClaimProblems(body, explanation domain.Text, got shotTally) []string {
	var problems []string
	num := func(re *regexp.Regexp, s string, group int) (int, bool) {
		m := re.FindStringSubmatch(s)
		if m == nil {
			return 0, false
		}
		n, _ := strconv.Atoi(m[group])
		return n, true
	}
	if n, ok := num(claimTakeZH, explanation.ZH, 1); ok && n != got.Taken {
		problems = append(problems, fmt.Sprintf("zh says %d taken, the line takes %d", n, got.Taken))
	}
	if n, ok := num(claimTakeEN, explanation.EN, 1); ok && n != got.Taken {
		problems = append(problems, fmt.Sprintf("en says %d taken, the line takes %d", n, got.Taken))
	}
	if n, ok := num(claimLoseZH, explanation.ZH, 2); ok && n != got.Lost {
		problems = append(problems, fmt.Sprintf("zh says %d lost, the line loses %d", n, got.Lost))
	}
	if m := claimLoseZH.FindStringSubmatch(explanation.ZH); m != nil && m[1] == "只" && got.Lost >= got.Taken {
		problems = append(problems, "zh says the opponent takes only "+m[2]+", but that is as many as you take")
	}
	if n, ok := num(claimLoseEN, explanation.EN, 1); ok && n != got.Lost {
		problems = append(problems, fmt.Sprintf("en says %d lost, the line loses %d", n, got.Lost))
	}
	for _, s := range []string{body.ZH, body.EN, explanation.ZH, explanation.EN} {
		if claimMore.MatchString(s) && got.Taken <= got.Lost {
			problems = append(problems, fmt.Sprintf("%q claims a gain, but the line takes %d and loses %d", s, got.Taken, got.Lost))
		}
	}
	if (claimCrownZH.MatchString(explanation.ZH) || claimCrownEN.MatchString(explanation.EN)) && !got.Crowned {
		problems = append(problems, "the explanation says a man is crowned, but none is")
	}
	return problems
}

// TestDraughtsShotClaims: what a shot's body and explanation say about
// material (pieces taken and lost, a gain, a crowning) is what the engine
// counts after the forced line.
func TestDraughtsShotClaims(t *testing.T) {
	for _, ex := range wholeBank(t) {
		if ex.Kind != "draughts.shot" {
			continue
		}
		var p draughtsFENPrompt
		var s struct {
			Moves       []string    `json:"moves"`
			Explanation domain.Text `json:"explanation"`
		}
		_ = json.Unmarshal(ex.Prompt, &p)
		_ = json.Unmarshal(ex.Solution, &s)
		got, err := tallyShot(p.FEN, s.Moves)
		if err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		for _, msg := range shotClaimProblems(ex.Body, s.Explanation, got) {
			t.Errorf("%s: %s", ex.Key, msg)
		}
	}
}

// TestDraughtsShotClaimsCatch: shot-008 as it was (an even trade sold as
// taking back more) is caught.
func TestDraughtsShotClaimsCatch(t *testing.T) {
	got, err := tallyShot("B:W25,33,40,42:B3,20,32", []string{"32-38", "25x14", "38x47"})
	if err != nil {
		t.Fatal(err)
	}
	if got != (shotTally{Taken: 1, Lost: 1, Crowned: true}) {
		t.Fatalf("tally %+v", got)
	}
	body := domain.Text{ZH: "黑方走。先送一个子，逼对方吃，然后一下吃回更多。", EN: "Black to move. Give a piece so the opponent must take, then take back more."}
	expl := domain.Text{ZH: "你一共吃掉 1 个棋子，对方只吃掉 1 个。最后你的兵还升成了王！", EN: "You take 1 piece and lose 1 piece. And your man is crowned a king!"}
	if n := len(shotClaimProblems(body, expl, got)); n != 3 {
		t.Errorf("%d problems, want 3 (two gains claimed, one 'only')", n)
	}
}

// draughtsThemeProblem says why a shot does not show its theme:
// draughts.combination gives at least two pieces, each taken at once by
// the opponent's only move, before the winning capture;
// draughts.endgame.kings is played with kings only against at most two
// pieces (one a king) and ends with the opponent unable to move.
func draughtsThemeProblem(theme, fen string, moves []string) string {
	pos, err := draughts.ParseFEN(fen)
	if err != nil {
		return err.Error()
	}
	me := pos.Turn()
	start := pos
	sacrifices := 0
	for i, in := range moves {
		m, err := pos.ParseMove(in)
		if err != nil {
			return in + ": " + err.Error()
		}
		next, _ := pos.Play(m)
		if i%2 == 0 && !m.IsCapture() {
			if r := next.LegalMoves(); len(r) == 1 && r[0].IsCapture() {
				sacrifices++
			}
		}
		pos = next
	}
	switch theme {
	case "draughts.combination":
		if sacrifices < 2 {
			return fmt.Sprintf("%d forced sacrifices, a combination gives at least two", sacrifices)
		}
	case "draughts.endgame.kings":
		men, kings := start.Count(me)
		tMen, tKings := start.Count(me.Other())
		if men > 0 || kings == 0 || tKings == 0 || tMen+tKings > 2 {
			return fmt.Sprintf("%d men and %d kings against %d men and %d kings: not a kings' ending", men, kings, tMen, tKings)
		}
		if pos.HasLegalMoves() {
			return "the line does not end the game"
		}
	}
	return ""
}

func TestDraughtsTacticsThemes(t *testing.T) {
	count := map[string]int{}
	for _, ex := range wholeBank(t) {
		for _, tag := range ex.Tags {
			if tag != "draughts.combination" && tag != "draughts.endgame.kings" {
				continue
			}
			count[tag]++
			if ex.Kind != "draughts.shot" {
				continue
			}
			var p struct {
				FEN string `json:"fen"`
			}
			var s struct {
				Moves []string `json:"moves"`
			}
			_ = json.Unmarshal(ex.Prompt, &p)
			_ = json.Unmarshal(ex.Solution, &s)
			if msg := draughtsThemeProblem(tag, p.FEN, s.Moves); msg != "" {
				t.Errorf("%s (%s): %s", ex.Key, tag, msg)
			}
		}
	}
	for _, tag := range []string{"draughts.combination", "draughts.endgame.kings"} {
		if count[tag] < 3 {
			t.Errorf("%s: %d exercises, want at least 3", tag, count[tag])
		}
	}
}

func TestDraughtsThemeProblemCatches(t *testing.T) {
	// A single sacrifice is a shot, not a two-sacrifice combination.
	if draughtsThemeProblem("draughts.combination", "W:W28,29,33,39:B9,12,17,18,27,30", []string{"28-22", "17x28", "33x4"}) == "" {
		t.Error("a one-sacrifice shot passed as a combination")
	}
	// Men on the board: no kings' ending.
	if draughtsThemeProblem("draughts.endgame.kings", "W:W28,29,33,39:B9,12,17,18,27,30", []string{"28-22", "17x28", "33x4"}) == "" {
		t.Error("a men's shot passed as a kings' ending")
	}
}
