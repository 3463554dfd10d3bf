package tournaments

import (
	"errors"
	"fmt"
)

// Color is the colour a player had or gets in a game.
type Color int8

// The colours; NoColor marks a round without a game.
const (
	NoColor Color = iota
	White
	Black
)

// Opposite returns the other colour (NoColor stays NoColor).
func (c Color) Opposite() Color {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColor
}

func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "none"
}

// Result is one round's result of a player, coded as in FIDE TRF files.
type Result byte

// The result codes of FIDE TRF (column "result" of a round on a 001 line).
const (
	Win            Result = '1' // game played and won
	Draw           Result = '=' // game played and drawn
	Loss           Result = '0' // game played and lost
	UnratedWin     Result = 'W' // game played, won, not rated
	UnratedDraw    Result = 'D' // game played, drawn, not rated
	UnratedLoss    Result = 'L' // game played, lost, not rated
	ForfeitWin     Result = '+' // opponent did not come
	ForfeitLoss    Result = '-' // did not come, or absent without a game
	PairingBye     Result = 'U' // pairing-allocated bye (odd number of players)
	HalfPointBye   Result = 'H' // requested bye with half a point
	FullPointBye   Result = 'F' // bye with the points of a win
	ZeroPointBye   Result = 'Z' // bye without points
	NotPaired      Result = ' ' // no entry: not in the tournament in that round
	resultUnparsed Result = 0
)

// played reports whether a game was actually played.
func (r Result) played() bool {
	switch r {
	case Win, Draw, Loss, UnratedWin, UnratedDraw, UnratedLoss:
		return true
	}
	return false
}

// outcome returns +1 for a win, 0 for a draw and -1 for a loss of any kind.
func (r Result) outcome() int {
	switch r {
	case Win, UnratedWin, ForfeitWin, PairingBye, FullPointBye:
		return 1
	case Draw, UnratedDraw, HalfPointBye:
		return 0
	}
	return -1
}

// reverse returns the result the opponent has for the same game.
func (r Result) reverse() Result {
	switch r {
	case Win:
		return Loss
	case Loss:
		return Win
	case UnratedWin:
		return UnratedLoss
	case UnratedLoss:
		return UnratedWin
	case ForfeitWin:
		return ForfeitLoss
	case ForfeitLoss:
		return ForfeitWin
	}
	return r
}

// Entry is what a player did in one round.
type Entry struct {
	Opponent int // start rank of the opponent, 0 for none
	Color    Color
	Result   Result
}

// Played reports whether a game was played over the board.
func (e Entry) Played() bool { return e.Opponent != 0 && e.Result.played() }

// paired reports whether the player took part in the pairing of the round
// (had an opponent, or got the pairing-allocated bye, or a forfeit win).
func (e Entry) paired() bool {
	return e.Opponent != 0 || e.Result == PairingBye || e.Result == ForfeitWin
}

// Player is one entrant, numbered by start rank.
type Player struct {
	ID         int // start rank (pairing number), from 1
	Sex        string
	Title      string
	Name       string
	Rating     int
	Federation string
	FideID     string
	Birth      string
	Declared   Points // points as written in the file
	Rank       int
	Club       string // club, school or class, for team-mate avoidance
	Rounds     []Entry
	// Acceleration holds virtual points per round (TRF XXA), by round index.
	Acceleration []Points
}

// Points are tenths of a point (a draw is 5 under 1/½/0).
type Points int

func (p Points) String() string { return fmt.Sprintf("%d.%d", p/10, p%10) }

// PointSystem gives the points for each kind of result. Build one with
// NewPointSystem (or use Standard, TwoOneZero, ThreeOneZero) and then set
// the byes and forfeits that differ; a literal must set every field.
type PointSystem struct {
	Win, Draw, Loss     Points
	ZeroBye, Forfeit    Points // zero-point bye or absence; forfeit loss
	PairingBye          Points // pairing-allocated bye
	HalfBye, FullBye    Points // requested byes
	ForfeitWin          Points // the opponent did not come
	pairingByeIsDefault bool
}

// NewPointSystem returns the point system with these points for a game won,
// drawn and lost, where a pairing-allocated bye, a full-point bye and a
// forfeit win bring the points of a win, a half-point bye those of a draw,
// and a forfeit loss, a zero-point bye or an absence those of a loss.
func NewPointSystem(win, draw, loss Points) PointSystem {
	return PointSystem{Win: win, Draw: draw, Loss: loss, ZeroBye: loss, Forfeit: loss,
		PairingBye: win, HalfBye: draw, FullBye: win, ForfeitWin: win}
}

// The usual point systems: Standard is 1 / ½ / 0 (FIDE); TwoOneZero is
// 2 / 1 / 0 (the seed's school Swiss, 积分编排); ThreeOneZero is 3 / 1 / 0.
var (
	Standard     = NewPointSystem(10, 5, 0)
	TwoOneZero   = NewPointSystem(20, 10, 0)
	ThreeOneZero = NewPointSystem(30, 10, 0)
)

// Validate checks that the system makes sense: no negative points, a win
// worth more than a draw, a draw at least a loss, no bye or forfeit win worth
// more than a win, and a forfeit loss worth no more than a lost game. It
// returns a *PointSystemError naming the first field at fault.
func (ps PointSystem) Validate() error {
	fields := []struct {
		name string
		v    Points
	}{{"win", ps.Win}, {"draw", ps.Draw}, {"loss", ps.Loss}, {"zero_bye", ps.ZeroBye}, {"forfeit_loss", ps.Forfeit},
		{"pairing_bye", ps.PairingBye}, {"half_bye", ps.HalfBye}, {"full_bye", ps.FullBye}, {"forfeit_win", ps.ForfeitWin}}
	for _, f := range fields {
		if f.v < 0 || f.v > 1000 {
			return &PointSystemError{Field: f.name, Reason: "must be between 0 and 100 points"}
		}
		if f.name != "win" && f.v > ps.Win {
			return &PointSystemError{Field: f.name, Reason: "cannot be worth more than a win"}
		}
	}
	switch {
	case ps.Win <= ps.Draw:
		return &PointSystemError{Field: "draw", Reason: "must be worth less than a win"}
	case ps.Draw < ps.Loss:
		return &PointSystemError{Field: "loss", Reason: "cannot be worth more than a draw"}
	case ps.Forfeit > ps.Loss:
		return &PointSystemError{Field: "forfeit_loss", Reason: "cannot be worth more than a lost game"}
	}
	return nil
}

// PointSystemError is a point system that Validate refuses.
type PointSystemError struct {
	Field  string // win, draw, loss, zero_bye, forfeit_loss, pairing_bye, half_bye, full_bye, forfeit_win
	Reason string
}

func (e *PointSystemError) Error() string {
	return fmt.Sprintf("tournaments: points for %s: %s", e.Field, e.Reason)
}

// Points returns the points of one round's entry for the given player.
func (ps PointSystem) Points(e Entry) Points {
	switch e.Result {
	case Win, UnratedWin:
		return ps.Win
	case ForfeitWin:
		return ps.ForfeitWin
	case PairingBye:
		return ps.PairingBye
	case FullPointBye:
		return ps.FullBye
	case Draw, UnratedDraw:
		if e.Opponent == 0 {
			return ps.HalfBye
		}
		return ps.Draw
	case HalfPointBye:
		return ps.HalfBye
	case Loss, UnratedLoss:
		if e.Opponent != 0 {
			return ps.Loss
		}
	case ForfeitLoss:
		if e.Opponent != 0 {
			return ps.Forfeit
		}
	}
	return ps.ZeroBye
}

// Tournament is a Swiss tournament as read from (or written to) a TRF file.
type Tournament struct {
	Header       []HeaderLine // 012 ... 122 and other lines kept as they are
	Rounds       int          // planned number of rounds (XXR / 142); 0 unknown
	InitialColor Color        // colour of the first player in round 1 (XXC / 152)
	Points       PointSystem
	Players      []*Player // by start rank: Players[i].ID == i+1; nil for a gap
	// Forbidden lists groups of players who must not meet (XXP / 260).
	Forbidden [][]int
	// TieBreakRules is the text of C.07 the standings follow; empty is
	// FIDE2023.
	TieBreakRules TieBreakRules
}

// HeaderLine is a tournament line kept verbatim (code and text after it).
type HeaderLine struct {
	Code string
	Text string
}

// Player returns the player with the start rank id, or nil.
func (t *Tournament) Player(id int) *Player {
	if id < 1 || id > len(t.Players) {
		return nil
	}
	return t.Players[id-1]
}

// PlayedRounds returns the number of rounds already paired: the last round
// in which someone was paired or has a written entry before it, plus a
// further round when every player has an entry for it (byes and absences
// written ahead for the round to pair do not count).
func (t *Tournament) PlayedRounds() int {
	played, players := 0, 0
	for _, p := range t.Players {
		if p == nil {
			continue
		}
		players++
		for i, e := range p.Rounds[:countEntries(p)] {
			if i > played {
				played = i
			}
			if e.paired() && i+1 > played {
				played = i + 1
			}
		}
	}
	for _, p := range t.Players {
		if p != nil && countEntries(p) <= played {
			return played
		}
	}
	if players == 0 {
		return played
	}
	return played + 1
}

// active reports whether p counts as a player after played rounds: either
// not entered ahead of the next round, or already paired once.
func (t *Tournament) active(p *Player, played int) bool {
	if countEntries(p) <= played {
		return true
	}
	for _, e := range p.Rounds {
		if e.paired() {
			return true
		}
	}
	return false
}

// countEntries is the number of rounds with a written entry (trailing empty
// rounds do not count).
func countEntries(p *Player) int {
	n := len(p.Rounds)
	for n > 0 {
		e := p.Rounds[n-1]
		if e.Opponent != 0 || e.Color != NoColor || e.Result != NotPaired {
			break
		}
		n--
	}
	return n
}

// Score returns the player's points after the first rounds rounds.
func (t *Tournament) Score(p *Player, rounds int) Points {
	var s Points
	for i := 0; i < rounds && i < len(p.Rounds); i++ {
		s += t.Points.Points(p.Rounds[i])
	}
	return s
}

// Pair is one board of a round: White and Black by start rank; Black is 0
// for the pairing-allocated bye of White.
type Pair struct {
	White, Black int
}

// ErrNoValidPairing is returned when no pairing of the round satisfies the
// absolute criteria (no rematch, colour limits, at most one bye to an
// eligible player).
var ErrNoValidPairing = errors.New("tournaments: no valid pairing exists for this round")

// ErrRoundsComplete is returned when every planned round is already paired.
var ErrRoundsComplete = errors.New("tournaments: all planned rounds are paired")
