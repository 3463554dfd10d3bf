package games

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"qixue/rules/game"
)

// Games lists every game the archive keeps.
var Games = game.Names()

// Status is where a record stands: a student's submission waits for a
// teacher of its class or the opponent to confirm it.
type Status string

// The statuses.
const (
	Pending   Status = "pending"
	Confirmed Status = "confirmed"
)

// Results of a record, from the first player's side (White in chess and
// draughts, Black in gomoku, Red in number chess).
const (
	FirstWins  = "1-0"
	SecondWins = "0-1"
	Draw       = "1/2-1/2"
	Unfinished = "*"
)

// Player is one side of a game: a student of the school (StudentID set;
// Name is the student's real name) or a named outsider (StudentID empty).
type Player struct {
	StudentID string
	Name      string
}

// Pairing links a record to a board of a tournament round.
type Pairing struct {
	TournamentID string
	Round, Board int
}

// Record is one game of the club archive. Text holds the whole record in
// the game's notation (PGN, PDN, or the move list of gomoku and number
// chess) with its comments and variations, as the export writes it; the
// other fields are what the archive searches by.
type Record struct {
	ID       string
	SchoolID string
	Game     game.Name
	// Variant is the ruleset: "standard" or "chess960" (chess),
	// "international" (draughts), "freestyle", "standard" or "renju"
	// (gomoku), "K1", "G23" or "G46" (number chess).
	Variant string
	// White moves first in chess and draughts; in gomoku White is the
	// second player and Black the first; in number chess White is Red
	// (first) and Black is Blue.
	White, Black Player
	Date         string // "2026-11-03", or "" when the record has none
	Event, Round string
	Result       string // FirstWins, SecondWins, Draw or Unfinished
	Start        string // the start position (FEN or the game's position string)
	Final        string // the position after the last move
	Plies        int
	Opening      string // ECO code and name, or the opening's name; "" when unknown
	Text         string
	Status       Status
	SubmittedBy  string
	ConfirmedBy  string
	ConfirmedAt  time.Time
	Pairing      *Pairing
	// Hash identifies the game for duplicates: the same game, players,
	// date and moves give the same hash.
	Hash      string
	CreatedAt time.Time
	UpdatedAt time.Time
	// ClassIDs are the active classes of the record's student players,
	// filled by the store when it loads a record.
	ClassIDs []string
}

// first returns the player who moves first.
func (r *Record) first() Player {
	if r.Game == game.Gomoku {
		return r.Black
	}
	return r.White
}

// HasStudents reports whether a student of the school plays in the record.
func (r *Record) HasStudents() bool { return r.White.StudentID != "" || r.Black.StudentID != "" }

// Plays reports whether the user is one of the record's players.
func (r *Record) Plays(userID string) bool {
	return userID != "" && (r.White.StudentID == userID || r.Black.StudentID == userID)
}

// Opponent returns the other player's student ID ("" for an outsider).
func (r *Record) Opponent(userID string) string {
	switch userID {
	case r.White.StudentID:
		return r.Black.StudentID
	case r.Black.StudentID:
		return r.White.StudentID
	}
	return ""
}

// hash fingerprints the game for duplicates: game, variant, players (a
// student by ID, an outsider by name), date, start and moves.
func hash(g game.Name, variant string, white, black Player, date, start string, moves []string) string {
	h := sha256.New()
	side := func(p Player) string {
		if p.StudentID != "" {
			return "id:" + p.StudentID
		}
		return "name:" + strings.ToLower(strings.Join(strings.Fields(p.Name), " "))
	}
	for _, s := range []string{string(g), variant, side(white), side(black), date, start} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	for _, m := range moves {
		h.Write([]byte(m))
		h.Write([]byte{' '})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// newID returns a UUIDv7: IDs made later sort later.
func newID(now time.Time) string {
	var b [16]byte
	rand.Read(b[:])
	var ms [8]byte
	binary.BigEndian.PutUint64(ms[:], uint64(now.UnixMilli()))
	copy(b[0:6], ms[2:8])
	b[6] = b[6]&0x0f | 0x70
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
