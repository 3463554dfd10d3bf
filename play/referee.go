package play

import (
	"errors"
	"strings"
	"sync"

	"qixue/domain"
	"qixue/rules/game"
)

// The referee: every move is checked by the game's engine through
// rules/game. A game's engine state is rebuilt from its start and its
// stored moves, and kept warm between changes in a cache keyed by the
// game's version, so that a move costs one engine move.

// engineFor rebuilds the engine game of g: the start, then every stored
// move in order (the renju swap, which takes no ply, after move 3), and the
// penalties given.
func (s *Service) engineFor(g *Game) (*game.Game, error) {
	rules, err := s.reg.Get(game.Name(g.Game))
	if err != nil {
		return nil, err
	}
	var start game.Position
	switch {
	case g.Start != "":
		start, err = rules.Parse(g.Ruleset, g.Start)
	default:
		start, err = rules.Start(g.Ruleset)
	}
	if err != nil {
		return nil, err
	}
	start = withClaims(start)
	eg := game.NewGame(start)
	for i, m := range g.Moves {
		if g.Swapped && i == 3 {
			if _, _, err := eg.Play("swap"); err != nil {
				return nil, err
			}
		}
		if _, _, err := eg.Play(m.Notation); err != nil {
			return nil, err
		}
	}
	if g.Swapped && len(g.Moves) == 3 {
		if _, _, err := eg.Play("swap"); err != nil {
			return nil, err
		}
	}
	for _, p := range g.Penalties {
		eg.Penalize(game.Side(g.SideOf(p.Seat)), p.Points)
	}
	return eg, nil
}

// engines caches engine games by game ID, each valid for one version of
// its game. A change takes its game's entry out (or rebuilds it) and puts
// it back under the version it stored, so two goroutines never share one.
type engines struct {
	mu sync.Mutex
	m  map[string]engineEntry
}

type engineEntry struct {
	version int
	g       *game.Game
}

// maxEngines bounds the cache; past it, entries are dropped at random.
const maxEngines = 20000

func (e *engines) take(id string, version int) *game.Game {
	e.mu.Lock()
	defer e.mu.Unlock()
	en, ok := e.m[id]
	if !ok {
		return nil
	}
	delete(e.m, id)
	if en.version != version {
		return nil
	}
	return en.g
}

func (e *engines) put(id string, version int, g *game.Game) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.m == nil {
		e.m = map[string]engineEntry{}
	}
	for k := range e.m {
		if len(e.m) < maxEngines {
			break
		}
		delete(e.m, k)
	}
	e.m[id] = engineEntry{version: version, g: g}
}

func (e *engines) drop(id string) {
	e.mu.Lock()
	delete(e.m, id)
	e.mu.Unlock()
}

// engineError turns an engine's refusal into the service's: ErrMalformed
// for input the game's notation cannot read, ErrIllegal for a move the
// rules refuse, both with the engine's explanation.
func engineError(err error) *Error {
	var loc interface {
		Code() string
		Message(lang string) string
	}
	if !errors.As(err, &loc) {
		return ErrIllegal.because(domain.Text{ZH: "这步棋不合规则", EN: "that move is not allowed"})
	}
	reason := domain.Text{ZH: loc.Message("zh-CN"), EN: loc.Message("en")}
	if malformedCode(loc.Code()) {
		return ErrMalformed.because(reason).with("move", loc.Code())
	}
	return ErrIllegal.because(reason).with("move", loc.Code())
}

// malformedCode reports whether an engine's refusal code means the input
// could not be read at all (rather than a rule broken).
func malformedCode(code string) bool {
	switch code {
	case "bad_move", "bad_point", "bad_square", "bad_notation", "bad_expression", "syntax", "empty_move", "invalid_move", "unknown_move", "parse":
		return true
	}
	return strings.HasPrefix(code, "bad_") || strings.HasSuffix(code, "_syntax")
}

// outcomeText explains an outcome in both languages.
func (s *Service) outcomeText(name string, o game.Outcome) domain.Text {
	rules, err := s.reg.Get(game.Name(name))
	if err != nil {
		return domain.Text{}
	}
	return domain.Text{ZH: rules.Message(o, "zh-CN"), EN: rules.Message(o, "en")}
}

// finish ends g with the outcome o at now.
func (s *Service) finish(g *Game, o game.Outcome, reason domain.Text) {
	now := g.UpdatedAt
	g.Status = Finished
	g.Result = o.Result.String()
	if o.Rule == game.Aborted {
		g.Result = NoResult
	}
	g.End = string(o.Rule)
	if reason == (domain.Text{}) {
		reason = s.outcomeText(g.Game, o)
	}
	g.Reason = reason
	g.FinishedAt = &now
	g.DrawOffer, g.Takeback = -1, -1
	g.Offered, g.Blocked, g.Claimable = nil, "", 0
	g.setDeadline()
}

// sideOf converts a seat of g to the engine's side.
func sideOf(g *Game, s Seat) game.Side { return game.Side(g.SideOf(s)) }

// Position returns the game's position as it stands in its engine's
// notation (FEN for chess and draughts, the board for gomoku, the point
// list for number chess), for the boards of the clients; "" when the
// engine cannot rebuild it.
func (s *Service) Position(g *Game) string {
	eg, err := s.warm(g)
	if err != nil {
		return ""
	}
	pos := eg.Position().String()
	s.cache.put(g.ID, g.Version, eg)
	return pos
}

// warm returns the engine of g as it stands: the cache's, or rebuilt. The
// caller puts it back (cache.put) when done with it.
func (s *Service) warm(g *Game) (*game.Game, error) {
	if eg := s.cache.take(g.ID, g.Version); eg != nil {
		return eg, nil
	}
	return s.engineFor(g)
}
