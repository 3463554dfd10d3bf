package play

import (
	"context"
	"crypto/rand"
	"errors"
	"qixue/domain"
	"slices"
)

// Challenges: a student invites a classmate (the same active class) to a
// game; the classmate accepts (the live game starts, the challenger moving
// first) or declines; the challenger may cancel while it is open. No
// outsiders: both players are students of one class of the school.

// NewChallenge is a challenge to make.
type NewChallenge struct {
	To            string
	Game, Ruleset string
	Clock         *Clock
	Mode          Mode
	// Colour is who moves first ("": ColourFirst, the challenger).
	Colour Colour
}

// Challenge invites a classmate. Errors: ErrForbidden for staff (they
// start games with Create), ErrValidation naming the field (to: not a
// classmate; game, ruleset, clock, mode).
func (s *Service) Challenge(ctx context.Context, p domain.Principal, in NewChallenge) (*Challenge, error) {
	if p.Role != domain.RoleStudent {
		return nil, ErrForbidden
	}
	if in.To == "" || in.To == p.UserID {
		return nil, invalid("to", "invalid")
	}
	switch in.Colour {
	case "":
		in.Colour = ColourFirst
	case ColourFirst, ColourSecond, ColourRandom:
	default:
		return nil, invalid("colour", "invalid")
	}
	me, err := s.dir.Member(ctx, p.SchoolID, p.UserID)
	if err != nil {
		return nil, err
	}
	if err := s.challengesFull(ctx, p.SchoolID, p.UserID); err != nil {
		return nil, err
	}
	them, err := s.dir.Member(ctx, p.SchoolID, in.To)
	if errors.Is(err, ErrNotFound) {
		return nil, invalid("to", "not_found")
	}
	if err != nil {
		return nil, err
	}
	class := ""
	for _, c := range me.Classes {
		if slices.Contains(them.Classes, c) {
			class = c
			break
		}
	}
	if !them.Student || class == "" {
		return nil, invalid("to", "not_a_classmate")
	}
	// Check the game settings as the game will be made.
	if _, err := s.build(p, in.Game, in.Ruleset, in.Clock, in.Mode, [2]Player{}); err != nil {
		return nil, err
	}
	now := s.clock()
	c := &Challenge{ID: newID(now), SchoolID: p.SchoolID, ClassID: class,
		From: Player{UserID: me.UserID, Name: me.Name, Shown: me.Shown, ClassID: class}, To: Player{UserID: them.UserID, Name: them.Name, Shown: them.Shown, ClassID: class},
		Game: in.Game, Ruleset: in.Ruleset, Mode: in.Mode, Colour: in.Colour, Status: ChallengeOpen, CreatedAt: now, UpdatedAt: now}
	if in.Clock != nil {
		c.Clock = *in.Clock
	} else {
		c.Clock = DefaultClock(in.Game)
	}
	if err := s.store.CreateChallenge(ctx, c); err != nil {
		return nil, err
	}
	return c, nil
}

// Challenges lists the caller's open challenges, made and received.
func (s *Service) Challenges(ctx context.Context, p domain.Principal) ([]*Challenge, error) {
	return s.store.Challenges(ctx, p.SchoolID, p.UserID)
}

// AnswerChallenge accepts or declines a challenge made to the caller, or
// cancels (accept false) one the caller made. Accepting starts the game;
// the challenge then names it. ErrChallengeClosed when it was already
// answered.
func (s *Service) AnswerChallenge(ctx context.Context, p domain.Principal, id string, accept bool) (*Challenge, *Game, error) {
	c, err := s.store.Challenge(ctx, p.SchoolID, id)
	if err != nil {
		return nil, nil, err
	}
	switch p.UserID {
	case c.To.UserID:
	case c.From.UserID:
		if accept {
			return nil, nil, ErrForbidden
		}
	default:
		return nil, nil, ErrNotFound
	}
	if c.Status != ChallengeOpen {
		return nil, nil, ErrChallengeClosed
	}
	c.UpdatedAt = s.clock()
	var g *Game
	switch {
	case accept:
		clk := c.Clock
		g, err = s.build(p, c.Game, c.Ruleset, &clk, c.Mode, c.seats())
		if err != nil {
			return nil, nil, err
		}
		g.CreatedBy = p.UserID
		c.Status, c.GameID = ChallengeAccepted, g.ID
	case p.UserID == c.From.UserID:
		c.Status = ChallengeCancelled
	default:
		c.Status = ChallengeDeclined
	}
	if err := s.store.AnswerChallenge(ctx, c, g); err != nil {
		return nil, nil, err
	}
	if g != nil {
		s.announce(Event{Kind: "created", Game: g, Seat: -1, At: g.CreatedAt}, true)
	}
	return c, g, nil
}

// seats orders a challenge's players by its colour choice: the first
// moves first; ColourRandom draws the order (猜先).
func (c *Challenge) seats() [2]Player {
	first := c.Colour != ColourSecond
	if c.Colour == ColourRandom {
		var b [1]byte
		rand.Read(b[:])
		first = b[0]&1 == 0
	}
	if first {
		return [2]Player{c.From, c.To}
	}
	return [2]Player{c.To, c.From}
}
