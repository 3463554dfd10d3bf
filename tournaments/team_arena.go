package tournaments

import "fmt"

// TeamArenaFormat is the team 擂台赛 of seed 001: teams (usually as many
// players each) send their players in turn; a player who loses a game
// plays no more; a team whose last player loses has finished, and the
// earlier a team finishes the lower it ranks; when one team alone has
// players left (not yet beaten, or not yet sent), it is the champion and
// the event is over. It is not one of the five ways of fielding a team
// (TeamFormats) but a way of running a team event; the individual king of
// the hill is Arena.
//
// What the seed leaves open, Qixue settles so (TeamArena):
//
//   - Who meets: the first game is team 1's first player against team 2's
//     first. The winner holds the stage (擂主); the next challenger is the
//     next player of the next team in turn after the last challenger's
//     (teams in number order, cyclically), skipping the holder's team and
//     teams that have finished. With two teams that is simply the loser's
//     team sending its next player.
//   - Colours: the player who comes up to the stage moves first (a replay
//     reverses the colours).
//   - A draw: the seed names no rule. By default (TeamArenaBothOut) a
//     drawn game sends both players off, as neither held the stage, and
//     the stage is taken by the holder's team's next player (or, when it
//     has none, the next team's in turn); with TeamArenaReplay the two
//     play again with colours reversed, up to MaxArenaReplays times, and
//     then both go off.
//   - A game both players forfeit puts both off; a forfeit otherwise is
//     a game lost by the player who did not come.
//   - Teams that finish with the same game share their place; should no
//     team have a player left at the end (a last draw), the teams that
//     finished last share first place and there is no champion.
const TeamArenaFormat TeamFormat = "arena"

// TeamArenaDraw says what a drawn game of a team 擂台赛 does.
type TeamArenaDraw int

// The draw rules of a team 擂台赛.
const (
	TeamArenaBothOut TeamArenaDraw = iota // both players go off (default)
	TeamArenaReplay                       // they play again, colours reversed
)

// MaxArenaReplays bounds the replays of one pairing under TeamArenaReplay.
const MaxArenaReplays = 2

// TeamArena is a team 擂台赛: Teams[i] are team i+1's players in the
// order it sends them.
type TeamArena struct {
	Teams [][]int
	Draw  TeamArenaDraw
}

// TeamArenaGame is one game of a team 擂台赛: who moves first and second,
// their teams, and the result (First is White of an Outcome).
type TeamArenaGame struct {
	First, Second         int
	FirstTeam, SecondTeam int
	Result                Outcome
}

// ArenaTeamPlace is a team's line of the 擂台赛's ranking.
type ArenaTeamPlace struct {
	Rank, Team int
	// FinishedAt is the game (1-based) with which the team finished; 0
	// while it has players left.
	FinishedAt int
	// Wins counts the games its players won; Left the players not yet
	// beaten (the holder and those not yet sent).
	Wins, Left int
}

// TeamArenaState is where a team 擂台赛 stands after its games.
type TeamArenaState struct {
	// Holder is the player on the stage (0 none) and HolderTeam the team.
	Holder, HolderTeam int
	// Next is the game to play now; nil once it is over.
	Next *TeamArenaGame
	// Over: at most one team has players left. Champion is that team (0
	// when none has).
	Over     bool
	Champion int
	Places   []ArenaTeamPlace // by rank, then team number
	// Off maps each player who went off to the game (1-based) of it.
	Off map[int]int
}

// arenaRun is the replay of a team 擂台赛.
type arenaRun struct {
	a        TeamArena
	sent     []int // per team, players sent so far
	finished []int // per team, game it finished with (0 in)
	wins     []int
	off      map[int]int
	holder   int // index into teams of the holder's team, -1 none
	player   int
	lastChal int // team index of the last challenger
	replays  int
	games    int
}

// Check validates the teams: at least two, each with at least one player,
// no player twice.
func (a TeamArena) Check() error {
	if len(a.Teams) < 2 {
		return &TeamError{Code: CodeTeamTooSmall, Field: "teams", Reason: "a 擂台赛 needs at least 2 teams"}
	}
	seen := map[int]bool{}
	for i, t := range a.Teams {
		if len(t) == 0 {
			return &TeamError{Code: CodeTeamTooSmall, Field: "teams", Reason: fmt.Sprintf("team %d has no player", i+1)}
		}
		for _, p := range t {
			if seen[p] || p < 1 {
				return &TeamError{Code: CodeLineupPlayer, Field: "teams", Reason: fmt.Sprintf("player %d is named twice", p)}
			}
			seen[p] = true
		}
	}
	return nil
}

// Replay plays the results in order (one per game, OutcomePending for a
// game not finished yet, which must be the last) and returns the games
// with their players and where the event stands. A result after the
// event is over is an error, as is a pending result before the last.
func (a TeamArena) Replay(results []Outcome) ([]TeamArenaGame, TeamArenaState, error) {
	if err := a.Check(); err != nil {
		return nil, TeamArenaState{}, err
	}
	r := &arenaRun{a: a, sent: make([]int, len(a.Teams)), finished: make([]int, len(a.Teams)), wins: make([]int, len(a.Teams)),
		off: map[int]int{}, holder: -1, lastChal: 0}
	var games []TeamArenaGame
	next, ok := r.first()
	for i, res := range results {
		if !ok {
			return nil, TeamArenaState{}, fmt.Errorf("tournaments: game %d is played after the 擂台赛 is over", i+1)
		}
		if res == OutcomePending {
			if i != len(results)-1 {
				return nil, TeamArenaState{}, fmt.Errorf("tournaments: game %d has no result but later games do", i+1)
			}
			g := next
			games = append(games, g)
			return games, r.state(&g), nil
		}
		if _, _, known := gamePoints(res); !known {
			return nil, TeamArenaState{}, fmt.Errorf("tournaments: game %d has the unknown result %q", i+1, res)
		}
		next.Result = res
		games = append(games, next)
		next, ok = r.play(next)
	}
	if !ok {
		return games, r.state(nil), nil
	}
	return games, r.state(&next), nil
}

// send returns team t's next player (sending it), or 0.
func (r *arenaRun) send(t int) int {
	if r.sent[t] >= len(r.a.Teams[t]) {
		return 0
	}
	p := r.a.Teams[t][r.sent[t]]
	r.sent[t]++
	return p
}

func (r *arenaRun) hasPlayers(t int) bool { return r.finished[t] == 0 }

// teamsIn counts the teams with players left.
func (r *arenaRun) teamsIn() int {
	n := 0
	for t := range r.a.Teams {
		if r.hasPlayers(t) {
			n++
		}
	}
	return n
}

// nextTeam is the first team after t (cyclically) with players left
// other than skip, or -1.
func (r *arenaRun) nextTeam(t, skip int) int {
	n := len(r.a.Teams)
	for k := 1; k <= n; k++ {
		c := (t + k) % n
		if c != skip && r.hasPlayers(c) {
			return c
		}
	}
	return -1
}

func (r *arenaRun) first() (TeamArenaGame, bool) {
	r.holder, r.player = 0, r.send(0)
	r.lastChal = 0
	return r.challenge()
}

// challenge brings up the next challenger against the holder: the
// challenger moves first.
func (r *arenaRun) challenge() (TeamArenaGame, bool) {
	if r.teamsIn() < 2 {
		return TeamArenaGame{}, false
	}
	c := r.nextTeam(r.lastChal, r.holder)
	r.lastChal = c
	p := r.send(c)
	r.replays = 0
	return TeamArenaGame{First: p, FirstTeam: c + 1, Second: r.player, SecondTeam: r.holder + 1}, true
}

// goOff takes player p of team t off the stage after game r.games; a team
// with nobody left to send has finished.
func (r *arenaRun) goOff(p, t int) {
	r.off[p] = r.games
	if r.sent[t] >= len(r.a.Teams[t]) {
		r.finished[t] = r.games
	}
}

// play applies a finished game and returns the next one.
func (r *arenaRun) play(g TeamArenaGame) (TeamArenaGame, bool) {
	r.games++
	f, s, _ := gamePoints(g.Result)
	ft, st := g.FirstTeam-1, g.SecondTeam-1
	switch {
	case g.Result == OutcomeDoubleForfeit:
		r.goOff(g.First, ft)
		r.goOff(g.Second, st)
	case f > s:
		r.wins[ft]++
		r.goOff(g.Second, st)
		r.holder, r.player = ft, g.First
		return r.challenge()
	case s > f:
		r.wins[st]++
		r.goOff(g.First, ft)
		r.holder, r.player = st, g.Second
		return r.challenge()
	case r.a.Draw == TeamArenaReplay && r.replays < MaxArenaReplays:
		r.replays++
		return TeamArenaGame{First: g.Second, FirstTeam: g.SecondTeam, Second: g.First, SecondTeam: g.FirstTeam}, true
	default:
		r.goOff(g.First, ft)
		r.goOff(g.Second, st)
	}
	// Both off: the holder's team's next player takes the stage, or the
	// next team's in turn.
	if r.teamsIn() < 2 {
		return TeamArenaGame{}, false
	}
	h := r.holder
	if !r.hasPlayers(h) {
		h = r.nextTeam(h, -1)
	}
	r.holder, r.player = h, r.send(h)
	return r.challenge()
}

func (r *arenaRun) state(next *TeamArenaGame) TeamArenaState {
	st := TeamArenaState{Next: next, Off: r.off}
	if r.holder >= 0 && r.player != 0 && r.off[r.player] == 0 {
		st.Holder, st.HolderTeam = r.player, r.holder+1
	}
	st.Over = next == nil
	for t := range r.a.Teams {
		left := len(r.a.Teams[t]) - r.sent[t]
		for _, p := range r.a.Teams[t][:r.sent[t]] {
			if r.off[p] == 0 {
				left++
			}
		}
		st.Places = append(st.Places, ArenaTeamPlace{Team: t + 1, FinishedAt: r.finished[t], Wins: r.wins[t], Left: left})
		if st.Over && r.finished[t] == 0 {
			st.Champion = t + 1
		}
	}
	// Still in first; then the later a team finished, the higher.
	key := func(p ArenaTeamPlace) int {
		if p.FinishedAt == 0 {
			return 1 << 30
		}
		return p.FinishedAt
	}
	places := st.Places
	for i := 1; i < len(places); i++ {
		for j := i; j > 0 && (key(places[j]) > key(places[j-1]) || key(places[j]) == key(places[j-1]) && places[j].Team < places[j-1].Team); j-- {
			places[j], places[j-1] = places[j-1], places[j]
		}
	}
	for i := range places {
		if i > 0 && key(places[i]) == key(places[i-1]) {
			places[i].Rank = places[i-1].Rank
		} else {
			places[i].Rank = i + 1
		}
	}
	return st
}
