package progress

import (
	"fmt"
	"strings"
	"testing"
)

func TestDifficultyRating(t *testing.T) {
	for _, tc := range []struct {
		d    int
		want float64
	}{{0, 1200}, {1, 1200}, {2, 1350}, {3, 1500}, {4, 1650}, {5, 1800}, {9, 1800}} {
		if got := DifficultyRating(tc.d); got != tc.want {
			t.Errorf("DifficultyRating(%d) = %v, want %v", tc.d, got, tc.want)
		}
	}
	rated := Candidate{Difficulty: 5, Rated: true, Puzzle: Rating{Rating: 1400}}
	if rated.Strength() != 1400 || (Candidate{Difficulty: 5, Puzzle: Rating{Rating: 1400}}).Strength() != 1800 {
		t.Error("a rated candidate's strength is its puzzle rating, an unrated one's its difficulty's")
	}
}

func TestWeakSkills(t *testing.T) {
	got := WeakSkills([]SkillStats{
		{Tag: "a", FirstAttempts: 4, FirstTry: 1}, // 0.33
		{Tag: "b", FirstAttempts: 3, FirstTry: 0}, // 0.2
		{Tag: "c", FirstAttempts: 2, FirstTry: 0}, // too few attempts
		{Tag: "d", FirstAttempts: 5, FirstTry: 4}, // strong
		{Tag: "e", FirstAttempts: 3, FirstTry: 0}, // 0.2, after b
	})
	if fmt.Sprint(got) != "[{b 0 0 3 0} {e 0 0 3 0} {a 0 0 4 1}]" {
		t.Fatalf("weak skills %v", got)
	}
}

// rec prints recommendations compactly: id, or id:tag for a weak skill.
func rec(list []Recommendation) string {
	var parts []string
	for _, r := range list {
		switch r.Reason {
		case ReasonWeakSkill:
			parts = append(parts, r.ExerciseID+":"+r.Tag)
		case ReasonRating:
			parts = append(parts, r.ExerciseID)
		default:
			parts = append(parts, r.ExerciseID+"?"+string(r.Reason))
		}
	}
	return strings.Join(parts, " ")
}

func TestRecommend(t *testing.T) {
	chess := func(id string, d int, tags ...string) Candidate {
		return Candidate{ExerciseID: id, Game: "chess", Difficulty: d, Tags: tags}
	}
	ratedChess := func(id string, r float64, tags ...string) Candidate {
		return Candidate{ExerciseID: id, Game: "chess", Difficulty: 3, Tags: tags, Rated: true, Puzzle: Rating{Rating: r}}
	}
	game := func(g, id string, d int) Candidate { return Candidate{ExerciseID: id, Game: g, Difficulty: d} }
	chessAt := func(r float64) []GameRating { return []GameRating{{Game: "chess", Rating: Rating{Rating: r}}} }
	weakFork := []SkillStats{{Tag: "fork", FirstAttempts: 4, FirstTry: 0}, {Tag: "mate", FirstAttempts: 4, FirstTry: 4}}
	for _, tc := range []struct {
		name  string
		in    Practice
		limit int
		skip  string
		want  string
	}{
		{name: "nothing", in: Practice{}, limit: 5, want: ""},
		{name: "new student: difficulty 3 first, then 2 and 4, then 1 and 5",
			in:    Practice{Candidates: []Candidate{chess("e1", 1), chess("e5", 5), chess("e3", 3), chess("e2", 2), chess("e4", 4)}},
			limit: 5, want: "e3 e2 e4 e1 e5"},
		{name: "strong student: harder first",
			in:    Practice{Candidates: []Candidate{chess("e1", 1), chess("e3", 3), chess("e5", 5)}, Ratings: chessAt(1850)},
			limit: 3, want: "e5 e3 e1"},
		{name: "weak student: easier first",
			in:    Practice{Candidates: []Candidate{chess("e1", 1), chess("e3", 3), chess("e5", 5)}, Ratings: chessAt(1150)},
			limit: 3, want: "e1 e3 e5"},
		{name: "a rated puzzle uses its rating, not its difficulty",
			in:    Practice{Candidates: []Candidate{chess("d5", 5), ratedChess("r1100", 1100)}, Ratings: chessAt(1100)},
			limit: 2, want: "r1100 d5"},
		{name: "weak skill first, then by rating",
			in: Practice{Candidates: []Candidate{chess("near", 3), chess("far-fork", 5, "fork"), chess("mate", 3, "mate"), chess("near-fork", 3, "fork", "mate")},
				Skills: weakFork},
			limit: 4, want: "near-fork:fork far-fork:fork mate near"},
		{name: "weakest skill first",
			in: Practice{Candidates: []Candidate{chess("a", 3, "pin"), chess("b", 3, "fork"), chess("c", 3, "pin", "fork")},
				Skills: []SkillStats{{Tag: "pin", FirstAttempts: 3, FirstTry: 1}, {Tag: "fork", FirstAttempts: 5, FirstTry: 0}}},
			limit: 3, want: "b:fork c:fork a:pin"},
		{name: "a skill with few attempts is not weak",
			in:    Practice{Candidates: []Candidate{chess("a", 1, "pin"), chess("b", 3)}, Skills: []SkillStats{{Tag: "pin", FirstAttempts: 2}}},
			limit: 2, want: "b a"},
		{name: "games in turn for a new student",
			in: Practice{Candidates: []Candidate{
				game("chess", "c1", 3), game("chess", "c2", 3), game("chess", "c3", 3),
				game("gomoku", "g1", 3), game("gomoku", "g2", 4), game("numchess", "n1", 2)}},
			limit: 6, want: "c1 g1 n1 c2 g2 c3"},
		{name: "each game at the student's rating in it",
			in: Practice{Candidates: []Candidate{game("chess", "c1", 1), game("chess", "c5", 5), game("gomoku", "g1", 1), game("gomoku", "g5", 5)},
				Ratings: []GameRating{{Game: "chess", Rating: Rating{Rating: 1800}}, {Game: "gomoku", Rating: Rating{Rating: 1200}}}},
			limit: 4, want: "c5 g1 c1 g5"},
		{name: "limit", in: Practice{Candidates: []Candidate{chess("a", 3), chess("b", 3), chess("c", 3)}}, limit: 2, want: "a b"},
		{name: "zero limit", in: Practice{Candidates: []Candidate{chess("a", 3)}}, limit: 0, want: ""},
		{name: "skip", in: Practice{Candidates: []Candidate{chess("a", 3, "fork"), chess("b", 3), chess("c", 3)}, Skills: weakFork},
			limit: 3, skip: "a", want: "b c"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var skip func(string) bool
			if tc.skip != "" {
				skip = func(id string) bool { return id == tc.skip }
			}
			if got := rec(tc.in.Recommend(tc.limit, skip)); got != tc.want {
				t.Fatalf("got %q, want %q", got, tc.want)
			}
		})
	}
}
