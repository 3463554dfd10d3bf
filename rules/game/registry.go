package game

import (
	"fmt"
	"strings"
)

// Registry holds the adapters of the four games by name. It is the one
// place that knows all four: everything above the engines asks it for a
// game's Rules instead of switching on the game. A Registry owns what the
// adapters keep warm between calls (the number-chess engines' value
// caches, one engine per ruleset), so make one for the process and share
// it; it is safe for concurrent use.
type Registry struct {
	rules map[Name]Rules
}

// NewRegistry returns a registry of the four games.
func NewRegistry() *Registry {
	r := &Registry{rules: map[Name]Rules{}}
	for _, a := range []Rules{chessRules{}, draughtsRules{}, gomokuRules{}, newNumChessRules()} {
		r.rules[a.Name()] = a
	}
	return r
}

// Get returns the adapter of game n, or an *Error with code unknown_game
// (field "game").
func (r *Registry) Get(n Name) (Rules, error) {
	if a, ok := r.rules[n]; ok {
		return a, nil
	}
	return nil, &Error{code: "unknown_game", field: "game",
		en: fmt.Sprintf("there is no game %q: use chess, draughts, gomoku or numchess", string(n)),
		zh: fmt.Sprintf("没有“%s”这种棋：请用chess、draughts、gomoku或numchess", string(n))}
}

// Lookup is Get for a name as written, case-insensitive and trimmed.
func (r *Registry) Lookup(s string) (Rules, error) {
	return r.Get(Name(strings.ToLower(strings.TrimSpace(s))))
}

// Must returns the adapter of a game known to be valid (one of the Name
// constants); it panics for an unknown one, which is a programming error.
func (r *Registry) Must(n Name) Rules {
	a, err := r.Get(n)
	if err != nil {
		panic("game: " + err.Error())
	}
	return a
}

// All returns the four adapters in the order of Names.
func (r *Registry) All() []Rules {
	out := make([]Rules, 0, len(r.rules))
	for _, n := range Names() {
		out = append(out, r.rules[n])
	}
	return out
}

// Parse is a shortcut: the adapter of game n, then its Parse.
func (r *Registry) Parse(n Name, variant, text string) (Position, error) {
	a, err := r.Get(n)
	if err != nil {
		return nil, err
	}
	return a.Parse(variant, text)
}

// variantOf returns the variant of known matching v case-insensitively,
// the first (default) one for "", or an unknown_variant *Error.
func variantOf(n Name, v string, known []string) (string, error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return known[0], nil
	}
	for _, k := range known {
		if strings.EqualFold(k, v) {
			return k, nil
		}
	}
	return "", unknownVariant(n, v, known)
}

// foreignMove refuses a Move made by another game's position.
func foreignMove(n Name, m Move) *Error {
	return &Error{code: "foreign_move", field: "move",
		en: fmt.Sprintf("%v is not a %s move of this position", m, n),
		zh: fmt.Sprintf("%v不是这个%s局面的一步棋", m, n.Title("zh-CN"))}
}

// adapterOf returns the adapter a position belongs to, for its messages.
func adapterOf(p Position) Rules {
	if a, ok := p.(interface{ adapter() Rules }); ok {
		return a.adapter()
	}
	return chessRules{} // every position of this package has one
}
