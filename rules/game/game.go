package game

import (
	"context"
	"fmt"
	"strings"
)

// Name names one of the four games. It is the word the API, the CLI and
// the stores use ("chess", "draughts", "gomoku", "numchess").
type Name string

// The four games.
const (
	Chess    Name = "chess"
	Draughts Name = "draughts"
	Gomoku   Name = "gomoku"
	NumChess Name = "numchess"
)

// Names returns the four games in their usual order.
func Names() []Name { return []Name{Chess, Draughts, Gomoku, NumChess} }

// Valid reports whether n is one of the four games.
func (n Name) Valid() bool {
	switch n {
	case Chess, Draughts, Gomoku, NumChess:
		return true
	}
	return false
}

// String returns the name.
func (n Name) String() string { return string(n) }

// Title returns the game's name for people in lang ("en" or zh-CN, the
// default): 国际象棋 / chess, 国际跳棋 / draughts, 五子棋 / gomoku, 国际数棋 /
// number chess; "" for an unknown name.
func (n Name) Title(lang string) string {
	t := titles[n]
	return pick(lang, t[0], t[1])
}

var titles = map[Name][2]string{
	Chess:    {"国际象棋", "chess"},
	Draughts: {"国际跳棋", "draughts"},
	Gomoku:   {"五子棋", "gomoku"},
	NumChess: {"国际数棋", "number chess"},
}

// Side is a player by the order of play: First moves first (White in chess
// and draughts, Black in gomoku, Red in number chess). Rules.SideName gives
// each game's word for it.
type Side uint8

// The two sides.
const (
	First Side = iota
	Second
)

// Opponent returns the other side.
func (s Side) Opponent() Side { return s ^ 1 }

// Result is how a game stands, seen from the order of play.
type Result uint8

// The results.
const (
	Ongoing Result = iota
	FirstWins
	SecondWins
	Drawn
)

// String returns the PGN-style result: "*", "1-0", "0-1" or "1/2-1/2".
func (r Result) String() string {
	switch r {
	case FirstWins:
		return "1-0"
	case SecondWins:
		return "0-1"
	case Drawn:
		return "1/2-1/2"
	}
	return "*"
}

// Win returns the result in which s wins.
func Win(s Side) Result {
	if s == First {
		return FirstWins
	}
	return SecondWins
}

// Rule names the rule that ended a game, in snake_case: the engines' own
// codes (chess "checkmate", draughts "endgame_five_moves", gomoku "five",
// ...) and the ends that are no move of the rules (Resignation, Agreement,
// Flag, Forfeit, Aborted). The constants below are the common ones;
// adapters may return other codes of their engine.
type Rule string

// Rules that end games. Draws a player claims (ThreefoldRepetition,
// FiftyMoves in chess) and a number-chess stop call come through
// Game.Claim; the outside ends through Game.End.
const (
	NoRule Rule = ""

	// Chess (FIDE Laws).
	Checkmate           Rule = "checkmate"
	Stalemate           Rule = "stalemate"
	DeadPosition        Rule = "dead_position"
	SeventyFiveMoves    Rule = "seventy_five_moves"
	FivefoldRepetition  Rule = "fivefold_repetition"
	ThreefoldRepetition Rule = "threefold_repetition" // claimed in chess; automatic in draughts (FMJD 6.1)
	FiftyMoves          Rule = "fifty_moves"

	// Draughts (FMJD article 6 and the ends of the game).
	NoPieces            Rule = "no_pieces"
	NoMoves             Rule = "no_moves"
	TwentyFiveKingMoves Rule = "twenty_five_king_moves"
	EndgameSixteenMoves Rule = "endgame_sixteen_moves"
	EndgameFiveMoves    Rule = "endgame_five_moves"

	// Gomoku and renju.
	Five          Rule = "five"
	FullBoard     Rule = "full_board"
	BothPassed    Rule = "both_passed"
	ForbiddenMove Rule = "forbidden_move" // renju: Black played a forbidden point and White pointed it out

	// Number chess: all ten pieces home (a position judged at once), or a
	// player's call to stop (叫停) with the game scored.
	InPlace Rule = "in_place"
	Stop    Rule = "stop"

	// Ends outside the rules of play.
	Resignation Rule = "resignation"
	Agreement   Rule = "agreement"
	Flag        Rule = "flag"    // a player's time ran out
	Forfeit     Rule = "forfeit" // a referee's decision: absent, late, too many penalties
	Aborted     Rule = "aborted" // called off before it began; Result stays Ongoing
)

// Outcome is how a game stands and, once it is over, the rule that ended
// it. Detail is the engine's explanation in English where it has one (for
// gomoku the winning line, "black made five: d8-h8").
type Outcome struct {
	Result Result
	Rule   Rule
	Detail string
}

// Over reports whether the game has ended (an aborted game has ended too,
// with no result).
func (o Outcome) Over() bool { return o.Result != Ongoing || o.Rule == Aborted }

// Winner returns the side that won, or false for a draw or a game that is
// not decided.
func (o Outcome) Winner() (Side, bool) {
	switch o.Result {
	case FirstWins:
		return First, true
	case SecondWins:
		return Second, true
	}
	return First, false
}

// Move is a move made by a Position (Moves, ParseMove) and valid there
// only. String is its machine notation, which the position's ParseMove
// reads back: UCI for chess ("e2e4", castling as the king's move), the
// start and end squares for draughts ("32-28", "28x19"), the record token
// for gomoku ("h8", "pass", "swap", "j10,k11:j10"), the machine form with
// its expressions for number chess ("0a1-e5[9-5-4]").
type Move interface {
	String() string
}

// Position is an immutable position of one game and variant: Play returns
// a new Position and never changes its receiver, so a search may keep
// positions freely. It knows what the position alone tells; the rules that
// need the history (repetitions, the draughts endgame counts, claims) are
// Game's.
type Position interface {
	// Game and Variant name the game and its variant or ruleset.
	Game() Name
	Variant() string
	// Turn is the side to move.
	Turn() Side
	// MoveNumber is the number of the move about to be played as the game
	// counts them: full moves in chess (from the FEN), draughts (from 1 at
	// the position parsed) and number chess, stones and passes in gomoku.
	MoveNumber() int
	// String is the position in the game's notation, which Rules.Parse
	// reads back: FEN (chess, draughts), the record from the empty board
	// (gomoku), the number-chess position.
	String() string
	// Key identifies the position for repetition and transpositions:
	// equal positions (same pieces, side to move and rights) have equal
	// keys. Keys are comparable and may be used as map keys.
	Key() Key
	// Moves returns every legal move, in a fixed order. Number chess may
	// take long on a crowded position: it stops when ctx is done and
	// returns ctx's error (wrapped). Gomoku lists the stones; its protocol
	// moves (pass, swap, the fifth-move offer) are read and played but not
	// listed: see Specials.
	Moves(ctx context.Context) ([]Move, error)
	// ParseMove reads a move leniently in any notation the engine reads
	// (SAN, long algebraic and UCI, Chinese piece names in chess; PDN in
	// draughts; points and protocol tokens in gomoku; the machine form or
	// the seed's Chinese notation in number chess) and returns the legal
	// move it names, or the engine's refusal (an error with Code() and
	// Message(lang)).
	ParseMove(s string) (Move, error)
	// Play plays a legal move and returns the position after it, or the
	// engine's refusal.
	Play(m Move) (Position, error)
	// Outcome is how the game stands in this position alone: mate,
	// stalemate and dead positions in chess; no pieces or no moves in
	// draughts; five, a full board or two passes in gomoku; all ten pieces
	// in place in number chess.
	Outcome() Outcome
	// Notation returns m, legal here, in the game's canonical notation for
	// people: SAN in chess, the shortest unambiguous PDN in draughts, the
	// record token in gomoku, the machine form in number chess.
	Notation(m Move) string
	// Describe names m, legal here, for a child in lang ("en", or zh-CN
	// by default), e.g. "马f3" / "Nf3", or the seed's Chinese notation of a
	// number-chess move ("0 左斜进 跨 9,5,4").
	Describe(m Move, lang string) string
}

// Key is a position's identity for the repetition rules and for
// transposition tables: a comparable value (use == and map keys).
type Key struct{ v any }

// Rules is one game's adapter: its variants, start positions and position
// notation. Get one from a Registry.
type Rules interface {
	Name() Name
	// Variants lists the variants or rulesets, the default first: chess
	// "standard", "chess960"; draughts "international"; gomoku "renju",
	// "standard", "freestyle"; number chess "G46", "G23", "K1".
	Variants() []string
	// Start returns the start position of a variant ("" is the default).
	// Gomoku's renju start follows the national opening protocol.
	// Chess960 has 960 starts: use Parse with its FEN.
	Start(variant string) (Position, error)
	// Parse reads a position in the game's notation under a variant (""
	// is the default); an empty text is the start. Gomoku reads a record
	// played from the empty board without the opening protocol.
	Parse(variant, text string) (Position, error)
	// Setup reads a position set up by hand (a teacher's board editor)
	// as Parse does, and refuses what no game of the rules can reach:
	// two white kings, a draughts man on its crowning row, stone counts
	// the colour to move cannot have, a number-chess side to move with
	// every piece in place (see setup.go). Gomoku reads a board diagram
	// and the colour to move, "...../... black".
	Setup(variant, text string) (Position, error)
	// SideName returns the game's word for a side: the engine's own
	// ("white", "White" in draughts, "black", "red") when lang is "", else
	// for people in lang ("白方" / "White").
	SideName(s Side, lang string) string
	// ResultText returns an outcome in the game's own result notation:
	// PGN for chess ("1-0"), PDN for draughts ("2-0", "1-1"), the engines'
	// words for gomoku ("black wins") and number chess ("red wins",
	// "draw"), "ongoing" or "*" while it goes on.
	ResultText(o Outcome) string
	// Message explains an outcome for people in lang.
	Message(o Outcome, lang string) string
}

// Specials is implemented by the positions of games with moves that are
// not on the board's move list: gomoku's pass, swap and fifth-move offer.
// It lists those playable now; the offer is a template (its points are
// the player's choice), reported by CanOffer.
type Specials interface {
	Specials() []Move
	CanOffer() bool
}

// Error is a refusal of this package: an unknown game or variant. Code
// is a stable snake_case code ("unknown_game", "unknown_variant"), Field
// the request field at fault ("game", "ruleset"), Message the text in
// zh-CN (the default) or "en".
type Error struct {
	code, field, en, zh string
	err                 error
}

func (e *Error) Error() string { return e.en }

// Unwrap returns the sentinel behind the refusal (ErrOver), or nil.
func (e *Error) Unwrap() error { return e.err }

// Code returns the stable code.
func (e *Error) Code() string { return e.code }

// Field returns the field at fault: "game" or "ruleset".
func (e *Error) Field() string { return e.field }

// Message returns the text in lang.
func (e *Error) Message(lang string) string { return pick(lang, e.zh, e.en) }

func unknownVariant(n Name, v string, known []string) *Error {
	return &Error{code: "unknown_variant", field: "ruleset",
		en: fmt.Sprintf("%s has no ruleset %q: use %s", n.Title("en"), v, strings.Join(known, ", ")),
		zh: fmt.Sprintf("%s没有“%s”这种规则：请用%s", n.Title("zh-CN"), v, strings.Join(known, "、"))}
}

// pick returns en when lang is English, zh otherwise.
func pick(lang, zh, en string) string {
	if len(lang) >= 2 && (lang[:2] == "en" || lang[:2] == "EN") {
		return en
	}
	return zh
}
