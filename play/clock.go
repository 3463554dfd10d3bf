package play

import "time"

// The clock rules. The server holds the clocks: every figure comes from
// the now the service read once for the change, never from a client and
// never from time.Now() here. Left[s] is seat s's time as of the start of
// its turn; the seat to act is charged now − TurnStart when it acts.

// actor returns the seat whose turn it is: the side to move by ply, or
// White choosing among Black's fifth-move offers.
func (g *Game) actor() Seat {
	side := len(g.Moves) % 2
	if len(g.Offered) > 0 {
		side = 1
	}
	return g.SeatOfSide(side)
}

// startClocks sets the clocks of a new game starting at now.
func (g *Game) startClocks(now time.Time) {
	g.Left = [2]time.Duration{g.Clock.Initial, g.Clock.Initial}
	g.TurnStart = now
	if g.Clock.GameLimit > 0 {
		t := now.Add(g.Clock.GameLimit)
		g.GameEnds = &t
	}
	g.setDeadline()
}

// setDeadline computes when the actor's flag falls: the earliest of its
// game time, its move time and the game's limit (nil: none, or the game is
// over).
func (g *Game) setDeadline() {
	g.Deadline = nil
	if g.Status != Playing {
		return
	}
	var d *time.Time
	earlier := func(t time.Time) {
		if d == nil || t.Before(*d) {
			d = &t
		}
	}
	if g.Clock.Initial > 0 {
		earlier(g.TurnStart.Add(max(g.Left[g.actor()], 0)))
	}
	if g.Clock.PerMove > 0 {
		earlier(g.TurnStart.Add(g.Clock.PerMove))
	}
	if g.GameEnds != nil {
		earlier(*g.GameEnds)
	}
	g.Deadline = d
}

// flagDown reports whether a flag has fallen at now, and whether it is the
// game's limit (rather than a player's time).
func (g *Game) flagDown(now time.Time) (fallen, limit bool) {
	if g.Status != Playing || g.Deadline == nil || now.Before(*g.Deadline) {
		return false, false
	}
	return true, g.GameEnds != nil && !now.Before(*g.GameEnds)
}

// charge charges the actor for its turn up to now and, when more is to
// come (next), adds the increment; it returns the time spent and the
// actor's time left.
func (g *Game) charge(now time.Time, increment bool) (spent, left time.Duration) {
	s := g.actor()
	spent = max(now.Sub(g.TurnStart), 0)
	if g.Clock.Initial > 0 {
		g.Left[s] -= spent
		if increment {
			g.Left[s] += g.Clock.Increment
		}
	}
	return spent, g.Left[s]
}

// Remaining returns each seat's time left at now (the actor's running
// down), zero for a game without a player clock.
func (g *Game) Remaining(now time.Time) [2]time.Duration {
	out := g.Left
	if g.Status == Playing && g.Clock.Initial > 0 {
		s := g.actor()
		out[s] = max(out[s]-max(now.Sub(g.TurnStart), 0), 0)
	}
	return out
}

// ToMove returns the seat to act, or -1 once the game is over.
func (g *Game) ToMove() Seat {
	if g.Status != Playing {
		return -1
	}
	return g.actor()
}
