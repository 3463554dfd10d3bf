// Package players holds Qixue's computer players behind one interface
// over rules/game: a Player chooses a move for a level and a seed under a
// budget, and evaluates positions; Analyse turns a player's evaluations of
// a game into a review (the evaluation at every ply, the mistakes, and the
// one to three turning points with the better move, in zh-CN and en). A
// Registry holds one player per game.
//
// Players use only the standard library and the rules engines. They know
// no HTTP, database or clock: a time budget is the context's deadline (the
// search stops when ctx is done and answers with the best move it has), a
// node budget is Request.Nodes. With the same level, seed and node budget
// a player chooses the same move.
//
//	reg, _ := players.NewRegistry(chessplayer.New())
//	p, err := reg.Get(game.Chess)             // *players.Error no_player
//	ctx, cancel := context.WithTimeout(ctx, time.Second)
//	c, err := p.Choose(ctx, g.Start(), g.Moves(), players.Request{Level: 3, Seed: 7})
//	cancel()
//	fmt.Println(g.Position().Notation(c.Move))
//
//	rv, err := players.Analyse(ctx, p, rules, g.Start(), g.Moves(), players.Budget{})
//	for _, t := range rv.Turning { fmt.Println(t.Text("zh-CN")) }
//
// A player of another game implements Player in its own package
// (players/<game>) and is added to the registry where the program is
// wired; nothing here switches on the game.
package players

import (
	"context"
	"fmt"
	"math"
	"strings"

	"qixue/rules/game"
)

// Player is a computer player of one game.
type Player interface {
	// Game is the game it plays.
	Game() game.Name
	// Levels lists its levels, weakest first, numbered from 1.
	Levels() []Level
	// Choose picks the move for the side to move in the position after
	// moves from start (the moves give the history: repetitions). It
	// stops when ctx is done and still answers with the best move found.
	// Errors: *Error level_out_of_range, game_over, wrong_game, or the
	// rules' refusal of a move.
	Choose(ctx context.Context, start game.Position, moves []game.Move, req Request) (Choice, error)
	// Evaluate judges the position after moves from start for the side to
	// move with the player's strongest level under the budget (or until
	// ctx is done), naming its best move (nil when the game is over).
	Evaluate(ctx context.Context, start game.Position, moves []game.Move, b Budget) (Eval, error)
}

// Request is what Choose is asked for.
type Request struct {
	Level int    // 1..len(Levels())
	Seed  uint64 // varies the choice among good moves (openings, noise)
	Nodes int64  // a node budget below the level's own; 0: the level's
	// Offered are the moves the opponent offers the player to choose
	// from (renju's fifth-move offer, 五手两打: the player, White, keeps
	// one of Black's points): Choose answers with one of them. Empty
	// otherwise.
	Offered []game.Move
	// DrawOffered says that the opponent offers a draw: Choose may
	// answer with the claim game.Agreement (accept) instead of a move.
	DrawOffered bool
}

// Budget bounds one evaluation; 0 fields take the player's defaults.
type Budget struct {
	Nodes int64
}

// Choice is a chosen move.
type Choice struct {
	// Move is nil when the player claims Claim instead of moving.
	Move game.Move
	// Claim is a rule the player claims instead of moving, through
	// game.Game.Claim: number chess's game.Stop (叫停) when all ten pieces
	// stand in the camp and the score wins; renju's game.ForbiddenMove
	// (White points out Black's forbidden stone); game.Agreement accepts
	// the opponent's draw offer (Request.DrawOffered). Empty for a move.
	Claim game.Rule
	Eval  Eval  // how the player judged the position
	Depth int   // plies searched (0 for a book move)
	Nodes int64 // positions searched
	Line  []game.Move
}

// Eval is a player's judgement of a position for the side to move.
type Eval struct {
	// Score is in the player's units for the side to move; chess uses
	// centipawns, and every player scales its own so that 100 is about
	// a pawn's worth of advantage.
	Score int
	// Mate is the number of moves to a forced win (> 0) or loss (< 0), 0
	// when none is seen.
	Mate int
	// Win is the expected score of the side to move, 0 (lost) to 1 (won),
	// the player's translation of Score: reviews compare Wins, so that the
	// games' different units mean the same.
	Win  float64
	Best game.Move // nil when there is no move
}

// Level is one level of a player, named for children.
type Level struct {
	Number         int
	NameZH, NameEN string
}

// Name returns the level's name in lang ("en", else zh-CN).
func (l Level) Name(lang string) string { return pick(lang, l.NameZH, l.NameEN) }

// WinChance is the usual translation of a score in centipawns into an
// expected score (the logistic Lichess uses for chess accuracy), for
// players whose units are centipawn-like; mates are 1 or 0.
func WinChance(score, mate int) float64 {
	switch {
	case mate > 0:
		return 1
	case mate < 0:
		return 0
	}
	return 1 / (1 + math.Exp(-0.00368208*float64(score)))
}

// Error is a refusal of a player: a stable Code, the request Field at
// fault, and a Message in zh-CN (default) or en.
type Error struct {
	code, field, en, zh string
}

func (e *Error) Error() string { return e.en }

// Code returns the stable snake_case code: level_out_of_range, game_over,
// wrong_game, no_player, duplicate_player.
func (e *Error) Code() string { return e.code }

// Field returns the request field at fault ("level", "moves", "game").
func (e *Error) Field() string { return e.field }

// Message returns the text in lang.
func (e *Error) Message(lang string) string { return pick(lang, e.zh, e.en) }

// LevelError refuses a level outside 1..n.
func LevelError(level, n int) *Error {
	return &Error{code: "level_out_of_range", field: "level",
		en: fmt.Sprintf("level %d is out of range: choose 1 to %d", level, n),
		zh: fmt.Sprintf("没有第 %d 级：请选 1 到 %d 级", level, n)}
}

// GameOverError refuses to move in a position without legal moves.
func GameOverError() *Error {
	return &Error{code: "game_over", field: "moves",
		en: "the game is over: there is no move to choose",
		zh: "对局已经结束，没有可以走的棋"}
}

// WrongGameError refuses a position of another game.
func WrongGameError(want, got game.Name) *Error {
	return &Error{code: "wrong_game", field: "game",
		en: fmt.Sprintf("the %s player cannot play a %s position", want, got),
		zh: fmt.Sprintf("%s电脑棋手不能下%s的局面", want.Title("zh-CN"), got.Title("zh-CN"))}
}

// Registry holds one player per game. It is read-only once made and safe
// for concurrent use.
type Registry struct {
	players map[game.Name]Player
}

// NewRegistry returns a registry of the players, or an *Error
// duplicate_player when two play the same game.
func NewRegistry(ps ...Player) (*Registry, error) {
	r := &Registry{players: map[game.Name]Player{}}
	for _, p := range ps {
		if _, dup := r.players[p.Game()]; dup {
			return nil, &Error{code: "duplicate_player", field: "game",
				en: fmt.Sprintf("two players for %s", p.Game()), zh: fmt.Sprintf("%s有两个电脑棋手", p.Game().Title("zh-CN"))}
		}
		r.players[p.Game()] = p
	}
	return r, nil
}

// Get returns the player of game n, or an *Error no_player.
func (r *Registry) Get(n game.Name) (Player, error) {
	if p, ok := r.players[n]; ok {
		return p, nil
	}
	return nil, &Error{code: "no_player", field: "game",
		en: fmt.Sprintf("there is no computer player for %q", string(n)),
		zh: fmt.Sprintf("“%s”还没有电脑棋手", string(n))}
}

// Games returns the games that have a player, in the order of game.Names.
func (r *Registry) Games() []game.Name {
	var out []game.Name
	for _, n := range game.Names() {
		if _, ok := r.players[n]; ok {
			out = append(out, n)
		}
	}
	return out
}

func pick(lang, zh, en string) string {
	if strings.HasPrefix(strings.ToLower(lang), "en") {
		return en
	}
	return zh
}
