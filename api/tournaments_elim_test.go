package api_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api"
	"qixue/api/apitest"
	"qixue/models/modelstest"
	"qixue/rules/numchess"
)

// koBoard is a board as a knockout round shows it.
type koBoard struct {
	Board      int
	White      struct{ Number int }
	Black      *struct{ Number int }
	Result     *string
	Stage      int
	Decider    bool
	ThirdPlace bool `json:"third_place"`
}

type koRound struct {
	Round  int
	Boards []koBoard
}

// pairKO pairs the next round of a knockout and returns its boards.
func (th *tourHarness) pairKO(t *testing.T, base string) koRound {
	t.Helper()
	return apitest.Decode[koRound](t, th.must(t, 201, "POST", base+"/rounds", th.F.A.TeacherToken, nil))
}

// playKO enters a result on every game of round r: winner names who wins
// the game of two players (0: a draw).
func (th *tourHarness) playKO(t *testing.T, base string, r koRound, winner func(a, b int) int) {
	t.Helper()
	for _, b := range r.Boards {
		if b.Black == nil {
			continue
		}
		res := "1/2-1/2"
		switch winner(b.White.Number, b.Black.Number) {
		case b.White.Number:
			res = "1-0"
		case b.Black.Number:
			res = "0-1"
		}
		th.must(t, 200, "POST", base+"/results", th.F.A.TeacherToken, map[string]any{"round": r.Round, "board": b.Board, "result": res})
	}
}

// games lists the games of a round as "white-black" (the bye as "w-0"),
// with "*" after a decider and "#3" after the third-place match.
func games(r koRound) []string {
	var out []string
	for _, b := range r.Boards {
		s := fmt.Sprint(b.White.Number, "-0")
		if b.Black != nil {
			s = fmt.Sprint(b.White.Number, "-", b.Black.Number)
		}
		if b.Decider {
			s += "*"
		}
		if b.ThirdPlace {
			s += "#3"
		}
		out = append(out, s)
	}
	return out
}

// ranks returns "number:rank" of the standings in order.
func (th *tourHarness) ranks(t *testing.T, base string) string {
	t.Helper()
	var out []string
	for _, s := range th.standings(t, base) {
		out = append(out, fmt.Sprint(s.Number, ":", s.Rank))
	}
	return strings.Join(out, " ")
}

// TestTournamentKnockoutFlow runs a knockout of six players with a
// third-place match under each tie rule, on both databases. Seeds 1 and 2
// have byes; round 1 plays 4-5 (drawn) and 6-3 (3 wins). Under replay the
// two play again with colours reversed (5 wins); under armageddon a
// decider with colours reversed in which the draw wins for Black (4);
// under the teacher's rule the next round waits (409 decision_needed)
// until the teacher names 5. Then the semi-finals (1 beats the 4/5
// winner, 2 beats 3) and the final (1 beats 2) beside the third-place
// match (3 wins): standings 1, 2, 3, 4 and the first-round losers sharing
// 5th. The bracket JSON and printable page follow; a correction that
// would change who went on is 409 bracket_changed; a knockout takes no
// entries or withdrawals once started.
func TestTournamentKnockoutFlow(t *testing.T) {
	for _, rule := range []string{"replay", "armageddon", "teacher"} {
		t.Run(rule, func(t *testing.T) {
			modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
				th := newTourHarness(t, db)
				tok := th.F.A.TeacherToken
				ids := []string{}
				for _, s := range th.Students[:6] {
					ids = append(ids, s.ID)
				}
				rec := th.must(t, 201, "POST", "/v1/tournaments", tok, map[string]any{"name": "淘汰赛 " + rule, "game": "chess", "system": "knockout",
					"tie_rule": rule, "third_place": true, "class_ids": []string{th.F.A.Class.ID}, "student_ids": ids})
				ev := apitest.Decode[struct {
					ID         string
					TieRule    string `json:"tie_rule"`
					ThirdPlace bool   `json:"third_place"`
					TBRules    string `json:"tiebreak_rules"`
				}](t, rec)
				if ev.TieRule != rule || !ev.ThirdPlace || ev.TBRules != "fide2023" {
					t.Fatalf("created %+v", ev)
				}
				base := "/v1/tournaments/" + ev.ID
				r1 := th.pairKO(t, base)
				if got := games(r1); !slices.Equal(got, []string{"4-5", "6-3", "1-0", "2-0"}) {
					t.Fatalf("round 1: %v", got)
				}
				// Withdrawals and entries once started.
				th.problem(t, 409, "tournament_started", "", "DELETE", base+"/players/"+ids[5], tok, nil)
				th.problem(t, 409, "tournament_started", "", "POST", base+"/players", tok, map[string]any{"student_ids": []string{th.Students[6].ID}})
				th.playKO(t, base, r1, func(a, b int) int {
					if a == 3 || b == 3 {
						return 3
					}
					return 0
				})
				switch rule {
				case "replay":
					r2 := th.pairKO(t, base)
					if got := games(r2); !slices.Equal(got, []string{"5-4"}) {
						t.Fatalf("replay: %v", got)
					}
					th.playKO(t, base, r2, func(a, b int) int { return 5 })
				case "armageddon":
					r2 := th.pairKO(t, base)
					if got := games(r2); !slices.Equal(got, []string{"5-4*"}) {
						t.Fatalf("decider: %v", got)
					}
					th.playKO(t, base, r2, func(a, b int) int { return 0 }) // drawn: Black (4) goes on
				case "teacher":
					p := th.problem(t, 409, "decision_needed", "", "POST", base+"/rounds", tok, nil)
					if !strings.Contains(p.Detail, "第 1 轮第 1 台") {
						t.Errorf("detail %q", p.Detail)
					}
					th.problem(t, 422, "validation_failed", "board", "POST", base+"/decisions", tok, map[string]any{"round": 1, "board": 2, "winner": "white"})
					th.problem(t, 422, "validation_failed", "winner", "POST", base+"/decisions", tok, map[string]any{"round": 1, "board": 1, "winner": "red"})
					th.problem(t, 403, "forbidden", "", "POST", base+"/decisions", th.Tokens[3], map[string]any{"round": 1, "board": 1, "winner": "black"})
					th.must(t, 200, "POST", base+"/decisions", tok, map[string]any{"round": 1, "board": 1, "winner": "white"})
					th.must(t, 200, "POST", base+"/decisions", tok, map[string]any{"round": 1, "board": 1, "winner": "black"}) // changed: 5
				}
				semi := th.pairKO(t, base)
				want4 := map[string]int{"replay": 5, "armageddon": 4, "teacher": 5}[rule]
				if got := games(semi); !slices.Equal(got, []string{fmt.Sprint("1-", want4), "3-2"}) {
					t.Fatalf("semi-finals: %v", got)
				}
				// Round 1 corrected so that 6 beat 3: 3 played the semi-final.
				th.problem(t, 409, "bracket_changed", "", "POST", base+"/results", tok, map[string]any{"round": 1, "board": 2, "result": "1-0"})
				th.playKO(t, base, semi, func(a, b int) int { return min(a, b) })
				final := th.pairKO(t, base)
				if got := games(final); !slices.Equal(got, []string{"1-2", fmt.Sprint(want4, "-3#3")}) {
					t.Fatalf("final: %v", got)
				}
				th.playKO(t, base, final, func(a, b int) int {
					if a == 1 || b == 1 {
						return 1
					}
					return 3
				})
				th.problem(t, 409, "rounds_complete", "", "POST", base+"/rounds", tok, nil)
				out := 9 - want4 // the first-round loser of 4-5
				if got, want := th.ranks(t, base), fmt.Sprintf("1:1 2:2 3:3 %d:4 %d:5 6:5", want4, out); got != want {
					t.Fatalf("standings %s, want %s", got, want)
				}
				st := apitest.Decode[struct{ Status string }](t, th.must(t, 200, "GET", base, tok, nil))
				if st.Status != "finished" {
					t.Errorf("status %s", st.Status)
				}
				br := apitest.Decode[struct {
					Finished bool
					Champion *struct{ Number int }
					Stages   []struct {
						Matches []struct {
							A      struct{ Number int }
							B      *struct{ Number int }
							Winner *int
							Third  bool `json:"third_place"`
							Rounds []int
						}
					}
				}](t, th.must(t, 200, "GET", base+"/bracket", th.Tokens[0], nil))
				if !br.Finished || br.Champion == nil || br.Champion.Number != 1 || len(br.Stages) != 3 || len(br.Stages[0].Matches) != 4 ||
					!br.Stages[2].Matches[1].Third || *br.Stages[2].Matches[1].Winner != 3 {
					t.Fatalf("bracket %+v", br)
				}
				if m := br.Stages[0].Matches[1]; m.A.Number != 4 || m.B.Number != 5 || *m.Winner != want4 || len(m.Rounds) != map[string]int{"replay": 2, "armageddon": 2, "teacher": 1}[rule] {
					t.Errorf("match 4-5 %+v", m)
				}
				if m := br.Stages[0].Matches[0]; m.B != nil || *m.Winner != 1 || len(m.Rounds) != 0 {
					t.Errorf("bye of 1 %+v", m)
				}
				page := th.must(t, 200, "GET", base+"/bracket?format=html&lang=en", tok, nil).Body.String()
				for _, s := range []string{"Final", "Third place", "Semi-final", tourNames[0], "bye"} {
					if !strings.Contains(page, s) {
						t.Errorf("printed bracket has no %q", s)
					}
				}
				th.problem(t, 403, "forbidden", "", "GET", base+"/bracket?format=html", th.Tokens[0], nil)
				th.problem(t, 422, "validation_failed", "id", "GET", base+"/arena", tok, nil)
			})
		})
	}
}

// TestTournamentArenaFlow runs an arena of five to a title of two
// defences, on both databases: four enter, 1 defends first and loses to
// 2; a fifth enters late and joins the end of the queue; the teacher puts
// the late entry first; 2 draws with 5 (the defender stays: one defence)
// and beats 3 (two defences: the title). 4 never played and ranks
// second; then the later out before the earlier.
func TestTournamentArenaFlow(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		tok := th.F.A.TeacherToken
		s := th.Students
		rec := th.must(t, 201, "POST", "/v1/tournaments", tok, map[string]any{"name": "擂台赛", "game": "gomoku", "system": "arena",
			"title_defences": 2, "class_ids": []string{th.F.A.Class.ID}, "student_ids": []string{s[0].ID, s[1].ID, s[2].ID, s[3].ID}})
		base := "/v1/tournaments/" + apitest.Decode[struct{ ID string }](t, rec).ID
		th.problem(t, 422, "validation_failed", "title_defences", "POST", "/v1/tournaments", tok, map[string]any{"name": "x", "game": "chess",
			"system": "dutch", "rounds": 3, "title_defences": 2, "class_ids": []string{th.F.A.Class.ID}})
		r1 := th.pairKO(t, base)
		if got := games(r1); !slices.Equal(got, []string{"1-2"}) {
			t.Fatalf("round 1: %v", got)
		}
		th.playKO(t, base, r1, func(a, b int) int { return 2 })
		th.must(t, 200, "POST", base+"/players", tok, map[string]any{"student_ids": []string{s[4].ID}})
		type mine struct {
			Items []struct {
				Defending     *bool
				QueuePosition *int `json:"queue_position"`
			}
		}
		me := apitest.Decode[mine](t, th.must(t, 200, "GET", "/v1/me/tournaments", th.Tokens[4], nil))
		if len(me.Items) != 1 || me.Items[0].QueuePosition == nil || *me.Items[0].QueuePosition != 3 || *me.Items[0].Defending {
			t.Fatalf("late entry sees %+v", me)
		}
		me = apitest.Decode[mine](t, th.must(t, 200, "GET", "/v1/me/tournaments", th.Tokens[1], nil))
		if !*me.Items[0].Defending || me.Items[0].QueuePosition != nil {
			t.Fatalf("defender sees %+v", me)
		}
		th.problem(t, 422, "validation_failed", "student_ids", "PUT", base+"/queue", tok, map[string]any{"student_ids": []string{s[4].ID, s[2].ID}})
		th.problem(t, 422, "validation_failed", "student_ids", "PUT", base+"/queue", tok, map[string]any{"student_ids": []string{s[4].ID, s[2].ID, s[0].ID}})
		q := apitest.Decode[struct{ Queue []struct{ Number int } }](t, th.must(t, 200, "PUT", base+"/queue", tok,
			map[string]any{"student_ids": []string{s[4].ID, s[2].ID, s[3].ID}}))
		if len(q.Queue) != 3 || q.Queue[0].Number != 5 || q.Queue[1].Number != 3 || q.Queue[2].Number != 4 {
			t.Fatalf("queue %+v", q)
		}
		r2 := th.pairKO(t, base)
		if got := games(r2); !slices.Equal(got, []string{"2-5"}) { // 2 had Black: White now
			t.Fatalf("round 2: %v", got)
		}
		th.playKO(t, base, r2, func(a, b int) int { return 0 })
		r3 := th.pairKO(t, base)
		if got := games(r3); !slices.Equal(got, []string{"3-2"}) {
			t.Fatalf("round 3: %v", got)
		}
		th.playKO(t, base, r3, func(a, b int) int { return 2 })
		th.problem(t, 409, "rounds_complete", "", "POST", base+"/rounds", tok, nil)
		th.problem(t, 409, "rounds_complete", "", "POST", base+"/players", tok, map[string]any{"student_ids": []string{s[5].ID}})
		if got := th.ranks(t, base); got != "2:1 4:2 3:3 5:4 1:5" {
			t.Fatalf("standings %s", got)
		}
		ar := apitest.Decode[struct {
			Finished bool
			Defences int
			Champion *struct{ Number int }
			Out      []struct{ Number int }
		}](t, th.must(t, 200, "GET", base+"/arena", th.Tokens[0], nil))
		if !ar.Finished || ar.Defences != 2 || ar.Champion == nil || ar.Champion.Number != 2 || len(ar.Out) != 3 || ar.Out[0].Number != 1 || ar.Out[2].Number != 3 {
			t.Fatalf("arena %+v", ar)
		}
		page := th.must(t, 200, "GET", base+"/arena?format=html", tok, nil).Body.String()
		for _, want := range []string{"冠军", "守擂 2 次获得冠军", tourNames[1], "已出局"} {
			if !strings.Contains(page, want) {
				t.Errorf("printed arena has no %q", want)
			}
		}
		me = apitest.Decode[mine](t, th.must(t, 200, "GET", "/v1/me/tournaments", th.Tokens[1], nil))
		if me.Items[0].Defending != nil {
			t.Errorf("after the title %+v", me)
		}
	})
}

// TestTournamentNumchessScoredByEngine enters number-chess results as the
// game: two legal moves leave both sides without a piece in the other's
// camp (0 to 0: a draw); a final position with Red's pieces all in place
// and two of Blue's swapped (285 to 284) is a win for Red, who is White;
// an illegal move is 422 naming moves[1] and writes nothing; a game in a
// chess tournament is refused.
func TestTournamentNumchessScoredByEngine(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		tok := th.F.A.TeacherToken
		rec := th.must(t, 201, "POST", "/v1/tournaments", tok, map[string]any{"name": "数棋赛", "game": "numchess", "system": "round_robin",
			"ruleset": "G23", "class_ids": []string{th.F.A.Class.ID}, "student_ids": []string{th.Students[0].ID, th.Students[1].ID}})
		ev := apitest.Decode[struct{ ID, Ruleset string }](t, rec)
		if ev.Ruleset != "G23" {
			t.Fatalf("ruleset %q", ev.Ruleset)
		}
		base := "/v1/tournaments/" + ev.ID
		r := th.pairKO(t, base)
		eng := numchess.NewEngine(numchess.G23())
		first := eng.LegalMoves(numchess.Start())[0]
		next, err := eng.Play(numchess.Start(), first)
		if err != nil {
			t.Fatal(err)
		}
		second := eng.LegalMoves(next)[0]
		p := engineProblem(t, th, "moves[1]", base+"/results", map[string]any{"round": 1, "board": r.Boards[0].Board,
			"moves": []string{first.String(), first.String()}})
		if len(p.Errors) != 1 || p.Errors[0].Code != p.Code || p.Detail == "" {
			t.Errorf("illegal move: %+v", p)
		}
		th.problem(t, 422, "validation_failed", "result", "POST", base+"/results", tok,
			map[string]any{"round": 1, "board": 1, "moves": []string{first.String()}, "result": "1-0"})
		got := apitest.Decode[struct{ Board struct{ Result *string } }](t, th.must(t, 200, "POST", base+"/results", tok,
			map[string]any{"round": 1, "board": 1, "moves": []string{first.String(), second.String()}}))
		if got.Board.Result == nil || *got.Board.Result != "1/2-1/2" {
			t.Fatalf("two moves scored %v", got.Board.Result)
		}
		final := "r:0a17,1a14,3b14,2c14,4d14,7a15,6b15,5c15,8a16,9b16;b:0a1,9a2,8b2,5a3,6b3,7c3,4a4,1b4,3c4,2d4 r 40"
		got = apitest.Decode[struct{ Board struct{ Result *string } }](t, th.must(t, 200, "POST", base+"/results", tok,
			map[string]any{"round": 1, "board": 1, "position": final}))
		if got.Board.Result == nil || *got.Board.Result != "1-0" {
			t.Fatalf("final position scored %v", got.Board.Result)
		}
		engineProblem(t, th, "position", base+"/results", map[string]any{"round": 1, "board": 1, "position": "r:0a1"})
		chess := apitest.Decode[struct{ ID string }](t, th.must(t, 201, "POST", "/v1/tournaments", tok, map[string]any{"name": "象棋", "game": "chess",
			"system": "round_robin", "class_ids": []string{th.F.A.Class.ID}, "student_ids": []string{th.Students[2].ID, th.Students[3].ID}}))
		th.must(t, 201, "POST", "/v1/tournaments/"+chess.ID+"/rounds", tok, nil)
		th.problem(t, 422, "validation_failed", "moves", "POST", "/v1/tournaments/"+chess.ID+"/results", tok,
			map[string]any{"round": 1, "board": 1, "moves": []string{first.String()}})
		th.problem(t, 422, "validation_failed", "ruleset", "POST", "/v1/tournaments", tok, map[string]any{"name": "x", "game": "chess",
			"system": "round_robin", "ruleset": "G23", "class_ids": []string{th.F.A.Class.ID}})
	})
}

// engineProblem posts body and wants a 422 with an engine's code (not a
// bare validation error) naming field.
func engineProblem(t *testing.T, th *tourHarness, field, path string, body any) api.Problem {
	t.Helper()
	rec := th.must(t, 422, "POST", path, th.F.A.TeacherToken, body)
	p := problemOf(t, rec)
	if p.Code == "validation_failed" || len(p.Errors) == 0 || p.Errors[0].Field != field {
		t.Fatalf("want an engine refusal of %s, got\n%s", field, rec.Body)
	}
	return p
}

// TestTournamentEliminationSettings: the settings of one system are
// refused on another; withdrawing from a knockout that has not started
// takes the player out and moves the later seeds up; an arena's queue
// cannot be ordered in a knockout.
func TestTournamentEliminationSettings(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		th := newTourHarness(t, db)
		tok, class := th.F.A.TeacherToken, []string{th.F.A.Class.ID}
		for _, c := range []struct {
			field string
			body  map[string]any
		}{
			{"tie_rule", map[string]any{"name": "x", "game": "chess", "system": "dutch", "rounds": 3, "tie_rule": "replay", "class_ids": class}},
			{"tie_rule", map[string]any{"name": "x", "game": "chess", "system": "arena", "third_place": true, "class_ids": class}},
			{"rounds", map[string]any{"name": "x", "game": "chess", "system": "knockout", "rounds": 3, "class_ids": class}},
			{"tiebreak_rules", map[string]any{"name": "x", "game": "chess", "system": "dutch", "rounds": 3, "tiebreak_rules": "fide2024", "class_ids": class}},
		} {
			th.problem(t, 422, "validation_failed", c.field, "POST", "/v1/tournaments", tok, c.body)
		}
		ids := []string{th.Students[0].ID, th.Students[1].ID, th.Students[2].ID}
		rec := th.must(t, 201, "POST", "/v1/tournaments", tok, map[string]any{"name": "淘汰", "game": "draughts", "system": "knockout",
			"tiebreak_rules": "fide2026", "class_ids": class, "student_ids": ids})
		ev := apitest.Decode[struct {
			ID      string
			TieRule string `json:"tie_rule"`
			TBRules string `json:"tiebreak_rules"`
		}](t, rec)
		if ev.TieRule != "replay" || ev.TBRules != "fide2026" {
			t.Fatalf("defaults %+v", ev)
		}
		base := "/v1/tournaments/" + ev.ID
		after := apitest.Decode[struct {
			Players []struct {
				Number    int
				StudentID string `json:"student_id"`
			}
		}](t, th.must(t, 200, "DELETE", base+"/players/"+ids[0], tok, nil))
		if len(after.Players) != 2 || after.Players[0].StudentID != ids[1] || after.Players[0].Number != 1 || after.Players[1].Number != 2 {
			t.Fatalf("after withdrawing seed 1: %+v", after.Players)
		}
		th.problem(t, 422, "validation_failed", "student_ids", "PUT", base+"/queue", tok, map[string]any{"student_ids": ids[1:]})
		r := th.pairKO(t, base)
		if got := games(r); !slices.Equal(got, []string{"1-2"}) {
			t.Fatalf("final of two: %v", got)
		}
	})
}
