package play

import (
	"time"

	"qixue/domain"
)

// Seat is a player's place in a game: 0 is the player named first (who
// moves first, unless a renju swap changed the colours), 1 the other.
type Seat int

// Other returns the opponent's seat.
func (s Seat) Other() Seat { return 1 - s }

// Status is where a live game stands.
type Status string

// The statuses.
const (
	Playing  Status = "playing"
	Finished Status = "finished"
)

// Results, from the first side's view (White in chess and draughts, Black
// in gomoku, Red in number chess), as the archive writes them.
const (
	FirstWins  = "1-0"
	SecondWins = "0-1"
	Draw       = "1/2-1/2"
	NoResult   = "*" // aborted before the second move
)

// Mode chooses the rules a game is refereed by.
type Mode string

// The modes. Competition follows the seeds: number-chess penalties, a
// renju forbidden move that loses only when White claims it. Practice is
// for young children: no penalties (a wrong move is refused and explained),
// White's forbidden-move claim is made automatically (Black's forbidden
// stone loses at once),
// and takebacks when the teacher allows them.
const (
	Competition Mode = "competition"
	Practice    Mode = "practice"
)

// Clock is the time control of a game. Zero fields are off: a game with a
// zero Clock has no time limit.
type Clock struct {
	// Initial is each player's time for the whole game (sudden death, or
	// Fischer with Increment); when it runs out the player's flag falls.
	Initial time.Duration
	// Increment is added to the mover's time after each move (Fischer).
	Increment time.Duration
	// PerMove bounds the time for one move (number chess: 30 s); a player
	// who takes longer loses on time.
	PerMove time.Duration
	// GameLimit bounds the whole game (number chess: 20 min a round): when
	// it ends the game is scored as the rules say (number chess: by the
	// ruleset's scoring method, as after a stop call).
	GameLimit time.Duration
}

// Off reports whether the clock has no limit at all.
func (c Clock) Off() bool { return c.Initial == 0 && c.PerMove == 0 && c.GameLimit == 0 }

// Player is one seat of a game.
type Player struct {
	UserID string
	// Name is the player's real name, for staff and the player's class.
	Name string
	// Shown is the name shown to children outside the player's class
	// (identity.ShownName when the game was made; "" in games from
	// before it, which then show the real name's initial).
	Shown string
	// ClassID is the class the player plays for (empty for a teacher).
	ClassID string
	// Teacher reports a staff member playing (a simul, teacher against
	// student).
	Teacher bool
	// Computer is the computer's level when the computer plays the seat
	// (UserID empty, Name and Shown its names in zh-CN and en), 0 for a
	// person.
	Computer int
}

// Move is one accepted move, numbered by ply from 1.
type Move struct {
	Ply  int
	Seat Seat
	// Notation is the move as the engine writes it (canonical).
	Notation string
	// Name is the move in words, zh-CN and en.
	Name domain.Text
	// Spent is the server's time charged for the move; Left the mover's
	// time after it (increment included), zero without a game clock.
	Spent, Left time.Duration
	At          time.Time
}

// Penalty is a number-chess move refused under the competition rules: a
// rule misused or a wrong sum (seed 000, 扣分规定 3 and 4) costs Points,
// the piece goes back and may not move again this turn.
type Penalty struct {
	Ply    int // the ply the refused move was for
	Seat   Seat
	Input  string
	Points int
	Reason domain.Text
	At     time.Time
}

// Board links a live game to a board of a tournament round.
type Board struct {
	TournamentID string
	Round, Board int
}

// Game is a live game as the database holds it.
type Game struct {
	ID, SchoolID string
	// Game is the rules/game name ("chess", "draughts", "gomoku",
	// "numchess") and Ruleset its variant or ruleset ("standard",
	// "chess960", "renju", "G46", ...).
	Game, Ruleset string
	// Start is the start position in the game's notation ("" the
	// variant's standard start).
	Start     string
	Mode      Mode
	Takebacks bool
	// PenaltyPoints is what one penalty costs (number chess).
	PenaltyPoints int
	Players       [2]Player
	CreatedBy     string
	Event, Round  string
	Tournament    *Board
	Status        Status
	// Result is FirstWins, SecondWins, Draw or NoResult once finished.
	Result string
	// End is why the game ended: a code ("checkmate", "resign", "flag",
	// "agreement", "stop", "forbidden_claim", "aborted", ...) and Reason
	// its words.
	End    string
	Reason domain.Text
	Moves  []Move
	// Clock is the time control; Left is each seat's time (as of
	// TurnStart for the seat to move), TurnStart when the seat to move
	// began its turn, Deadline when its flag falls (nil: no flag can fall,
	// or the game is over), GameEnds when the whole-game limit ends it.
	Clock     Clock
	Left      [2]time.Duration
	TurnStart time.Time
	Deadline  *time.Time
	GameEnds  *time.Time
	// Swapped: the players swapped colours after move 3 (renju), so seat
	// 0 plays the second side.
	Swapped bool
	// DrawOffer is the seat offering a draw, or -1.
	DrawOffer Seat
	// DrawOffers counts each seat's offers (gomoku limits them).
	DrawOffers [2]int
	// Penalties lists the penalties in order; PenaltyTotal sums each
	// seat's points lost.
	Penalties    []Penalty
	PenaltyTotal [2]int
	// Offered are Black's points offered for move 5 (renju), waiting for
	// White's choice.
	Offered []string
	// Blocked is a number-chess piece that may not move again this turn
	// (its move was penalised), or "".
	Blocked string
	// Claimable is the ply of a Black renju move that was forbidden and
	// that White may still point out, 0 for none.
	Claimable int
	// Takeback is the seat asking to take back its last move, or -1.
	Takeback Seat
	// Version counts changes; every change stores Version+1.
	Version   int
	CreatedAt time.Time
	UpdatedAt time.Time
	// FinishedAt is when the game ended; ArchiveID the record made of it
	// in the game archive ("" until it is archived).
	FinishedAt *time.Time
	ArchiveID  string
}

// Ply returns the number of moves played.
func (g *Game) Ply() int { return len(g.Moves) }

// SeatOf returns the seat of userID and whether the user plays.
func (g *Game) SeatOf(userID string) (Seat, bool) {
	for i, p := range g.Players {
		if p.UserID == userID && userID != "" {
			return Seat(i), true
		}
	}
	return 0, false
}

// SeatOfSide returns the seat playing side (0 the first side).
func (g *Game) SeatOfSide(side int) Seat {
	if g.Swapped {
		return Seat(1 - side)
	}
	return Seat(side)
}

// SideOf returns the side (0 first) a seat plays.
func (g *Game) SideOf(s Seat) int {
	if g.Swapped {
		return int(1 - s)
	}
	return int(s)
}

// Challenge is a student's invitation to a classmate.
type Challenge struct {
	ID, SchoolID, ClassID string
	From, To              Player
	Game, Ruleset         string
	Clock                 Clock
	Mode                  Mode
	// Colour says who moves first once accepted: ColourFirst (the
	// challenger), ColourSecond (the classmate) or ColourRandom (drawn
	// when accepted, as 猜先 does).
	Colour               Colour
	Status               ChallengeStatus
	GameID               string // the live game once accepted
	CreatedAt, UpdatedAt time.Time
}

// Colour is who of a challenge moves first.
type Colour string

// The colour choices of a challenge.
const (
	ColourFirst  Colour = "first"
	ColourSecond Colour = "second"
	ColourRandom Colour = "random"
)

// ChallengeStatus is where a challenge stands.
type ChallengeStatus string

// The challenge statuses.
const (
	ChallengeOpen      ChallengeStatus = "open"
	ChallengeAccepted  ChallengeStatus = "accepted"
	ChallengeDeclined  ChallengeStatus = "declined"
	ChallengeCancelled ChallengeStatus = "cancelled"
)
