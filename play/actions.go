package play

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"qixue/domain"
	"qixue/rules/game"
)

// errUnchanged ends a change that has nothing to do (a flag that did not
// fall after all, a retried move): nothing is stored.
var errUnchanged = errors.New("play: unchanged")

// MaxMoveLen bounds a move's text.
const MaxMoveLen = 200

// turn is what an action sees inside its change: the game, its engine
// (rebuilt or from the cache), the server's now, and the acting seat.
type turn struct {
	g    *Game
	eg   *game.Game
	now  time.Time
	seat Seat
	kind string
}

// change runs act on game id inside one store transaction, after the
// checks every player action shares (the game is playing and the caller
// plays it; an overdue flag falls first and the action is refused), then
// announces the change.
func (s *Service) change(ctx context.Context, p domain.Principal, id string, player bool, act func(t *turn) error) (*Game, error) {
	var t turn
	g, err := s.store.Change(ctx, id, Update{
		Apply: func(g *Game) error {
			if p.Role != domain.RolePlatformAdmin && p.SchoolID != g.SchoolID {
				return ErrNotFound
			}
			t = turn{g: g, now: s.clock(), seat: -1}
			g.UpdatedAt = t.now
			if player {
				seat, ok := g.SeatOf(p.UserID)
				if !ok {
					return ErrForbidden
				}
				t.seat = seat
			}
			if g.Status != Playing {
				return ErrFinished
			}
			eg, err := s.warm(g)
			if err != nil {
				return err
			}
			t.eg = eg
			if fallen, _ := g.flagDown(t.now); fallen && player {
				s.flag(&t)
				return &Error{code: ErrFinished.code, reason: g.Reason, keep: true}
			}
			return act(&t)
		},
		Notice: s.notice(&t),
	})
	if err != nil {
		s.cache.drop(id)
		var pe *Error
		if errors.As(err, &pe) && pe.keep && g != nil {
			pe.Game = g
			s.afterChange(g, t.eg, &t)
		}
		return g, err
	}
	s.afterChange(g, t.eg, &t)
	return g, nil
}

// afterChange keeps the engine warm, announces the change and archives a
// finished game.
func (s *Service) afterChange(g *Game, eg *game.Game, t *turn) {
	if g.Status == Playing && eg != nil {
		s.cache.put(g.ID, g.Version, eg)
	} else {
		s.cache.drop(g.ID)
	}
	s.announce(Event{Kind: t.kind, Game: g, Seat: t.seat, At: t.now}, false)
	s.scheduleComputer(g)
	if g.Status == Finished && s.archive != nil && g.End != string(game.Aborted) {
		go s.archiveGame(context.WithoutCancel(context.Background()), g)
	}
}

// notice builds the notice of a change for the store to broadcast.
func (s *Service) notice(t *turn) func(*Game) []byte {
	if s.encode == nil {
		return nil
	}
	return func(g *Game) []byte {
		return s.encode(Event{Kind: t.kind, Game: g, Seat: t.seat, At: t.now})
	}
}

// Move plays a move for the caller at ply (1 for the first move). A move
// already stored at that ply by the caller with the same notation is a
// retry: the game is returned as it is. Refusals: ErrForbidden (not a
// player), ErrFinished, ErrNotYourTurn, ErrStalePly (another ply is next),
// ErrPlyTaken, ErrMalformed and ErrIllegal with the engine's reason, and
// under number-chess competition rules ErrPenalised (stored: the penalty
// counts, the piece goes back and may not move again this turn).
func (s *Service) Move(ctx context.Context, p domain.Principal, id string, ply int, input string) (*Game, error) {
	input = strings.TrimSpace(input)
	switch {
	case input == "":
		return nil, invalid("move", "required")
	case len(input) > MaxMoveLen:
		return nil, invalid("move", "too_long")
	case ply < 1 || ply > 100000:
		return nil, invalid("ply", "invalid")
	}
	if g, done, err := s.retried(ctx, p, id, ply, input); done {
		return g, err
	}
	g, err := s.change(ctx, p, id, true, func(t *turn) error {
		g := t.g
		if n := len(g.Moves); ply <= n {
			if m := g.Moves[ply-1]; m.Seat == t.seat && m.Notation == input {
				return errUnchanged
			}
			return ErrStalePly.with("ply", "stale")
		} else if ply > n+1 {
			return ErrStalePly.with("ply", "ahead")
		}
		if g.actor() != t.seat {
			return ErrNotYourTurn
		}
		if pts, ok := isOffer(input); ok && len(g.Offered) == 0 && len(g.Moves) == 4 {
			return s.offer(t, pts)
		}
		if len(g.Offered) > 0 {
			return s.choose(t, input)
		}
		return s.play(t, input)
	})
	if errors.Is(err, errUnchanged) {
		return s.store.Game(ctx, "", id)
	}
	return g, err
}

// retried answers a move whose ply is already stored without a change:
// the same move again returns the game; another is ErrPlyTaken.
func (s *Service) retried(ctx context.Context, p domain.Principal, id string, ply int, input string) (*Game, bool, error) {
	g, err := s.store.Game(ctx, scope(p), id)
	if err != nil {
		return nil, true, err
	}
	seat, ok := g.SeatOf(p.UserID)
	if !ok {
		return nil, true, ErrForbidden
	}
	if ply > len(g.Moves) {
		return nil, false, nil
	}
	m := g.Moves[ply-1]
	if m.Seat != seat {
		return nil, true, ErrStalePly.with("ply", "stale")
	}
	if m.Notation == input || s.sameMove(g, ply, input, m.Notation) {
		return g, true, nil
	}
	return nil, true, ErrPlyTaken.with("ply", "taken")
}

// sameMove reports whether input, read in the position before ply, is the
// move stored there.
func (s *Service) sameMove(g *Game, ply int, input, stored string) bool {
	before := *g
	before.Moves = g.Moves[:ply-1]
	before.Swapped = g.Swapped && ply > 4
	eg, err := s.engineFor(&before)
	if err != nil {
		return false
	}
	if g.Swapped && ply == 4 {
		if _, _, err := eg.Play("swap"); err != nil {
			return false
		}
	}
	_, n, err := eg.Play(input)
	return err == nil && n == stored
}

// play plays a move on the board.
func (s *Service) play(t *turn, input string) error {
	g := t.g
	if g.Blocked != "" && blockedPiece(input) == g.Blocked {
		return notNow("this piece went back after a penalty and may not move again this turn",
			"这枚棋子因扣分退回原位，这一步不能再走它")
	}
	before := t.eg.Position()
	m, notation, err := t.eg.Play(input)
	if err != nil {
		e := engineError(err)
		if penalised(g, err) {
			return s.penalise(t, input, e)
		}
		return e
	}
	spent, left := g.charge(t.now, true)
	g.Moves = append(g.Moves, Move{
		Ply: len(g.Moves) + 1, Seat: t.seat, Notation: notation,
		Name:  describe(before, m),
		Spent: spent, Left: left, At: t.now,
	})
	t.kind = "move"
	s.afterMove(t)
	return nil
}

// describe names a move, legal in before, in both languages.
func describe(before game.Position, m game.Move) domain.Text {
	return domain.Text{ZH: before.Describe(m, "zh-CN"), EN: before.Describe(m, "en")}
}

// afterMove does what follows every move: the opponent's draw offer
// lapses, the takeback request and the blocked piece clear, a forbidden
// renju stone is noted (and claimed at once in practice), and the game
// ends when the rules end it, or the next turn starts.
func (s *Service) afterMove(t *turn) {
	g := t.g
	if g.DrawOffer == g.actor() {
		// the mover's own offer stands until the opponent answers
	} else if g.DrawOffer >= 0 {
		g.DrawOffer = -1
	}
	g.Takeback, g.Blocked = -1, ""
	g.Claimable = 0
	if ply, why := claimable(t.eg); ply > 0 {
		g.Claimable = ply
		if g.Mode == Practice && ply == len(g.Moves) {
			o, text := forbiddenEnd(why)
			t.eg.End(o)
			s.finish(g, o, text)
			t.kind = "end"
			return
		}
	}
	if o := t.eg.Outcome(); o.Over() {
		s.finish(g, o, domain.Text{})
		t.kind = "end"
		return
	}
	g.TurnStart = t.now
	g.setDeadline()
}

// Resign ends the game for the caller's opponent.
func (s *Service) Resign(ctx context.Context, p domain.Principal, id string) (*Game, error) {
	return s.change(ctx, p, id, true, func(t *turn) error {
		o := game.Outcome{Result: game.Win(sideOf(t.g, t.seat).Opponent()), Rule: game.Resignation}
		if err := t.eg.End(o); err != nil {
			return engineError(err)
		}
		t.g.charge(t.now, false)
		s.finish(t.g, o, domain.Text{})
		t.kind = "end"
		return nil
	})
}

// Abort calls the game off before its second move: no result, no record.
func (s *Service) Abort(ctx context.Context, p domain.Principal, id string) (*Game, error) {
	return s.change(ctx, p, id, p.Role == domain.RoleStudent, func(t *turn) error {
		if t.seat < 0 {
			if _, err := s.staffOf(t.g, p); err != nil {
				return err
			}
		}
		if len(t.g.Moves) >= 2 {
			return notNow("a game can be called off only before the second move",
				"只有在第二步棋之前才能取消对局")
		}
		o := game.Outcome{Rule: game.Aborted}
		s.finish(t.g, o, domain.Text{ZH: "对局已取消", EN: "the game was called off"})
		t.kind = "end"
		return nil
	})
}

// staffOf checks that the caller is staff of the game's school.
func (s *Service) staffOf(g *Game, p domain.Principal) (bool, error) {
	if p.Role == domain.RoleStudent {
		return false, ErrForbidden
	}
	return true, nil
}

// OfferDraw offers a draw for the caller, or accepts the opponent's
// pending offer. Gomoku follows seed 001: an offer only after one's own
// move, and at most two more offers than the opponent has made.
func (s *Service) OfferDraw(ctx context.Context, p domain.Principal, id string) (*Game, error) {
	return s.change(ctx, p, id, true, func(t *turn) error {
		g := t.g
		if g.DrawOffer == t.seat.Other() {
			return s.agree(t)
		}
		if g.DrawOffer == t.seat {
			return notNow("your draw offer is already waiting for an answer", "你的求和还在等对方回答")
		}
		if g.Game == string(game.Gomoku) {
			if g.actor() == t.seat {
				return notNow("in gomoku a draw is offered only after your own move", "五子棋只能在自己走完一步之后提和")
			}
			if g.DrawOffers[t.seat]+1-g.DrawOffers[t.seat.Other()] > 2 {
				return notNow("you may not offer a draw more than twice more often than your opponent", "提和次数不能比对方多两次以上")
			}
		}
		g.DrawOffer = t.seat
		g.DrawOffers[t.seat]++
		t.kind = "draw_offer"
		return nil
	})
}

// AnswerDraw accepts or declines the opponent's draw offer.
func (s *Service) AnswerDraw(ctx context.Context, p domain.Principal, id string, accept bool) (*Game, error) {
	return s.change(ctx, p, id, true, func(t *turn) error {
		if t.g.DrawOffer != t.seat.Other() {
			return notNow("there is no draw offer to answer", "现在没有需要回答的求和")
		}
		if accept {
			return s.agree(t)
		}
		t.g.DrawOffer = -1
		t.kind = "draw_declined"
		return nil
	})
}

func (s *Service) agree(t *turn) error {
	o := game.Outcome{Result: game.Drawn, Rule: game.Agreement}
	if err := t.eg.End(o); err != nil {
		return engineError(err)
	}
	t.g.charge(t.now, false)
	s.finish(t.g, o, domain.Text{})
	t.kind = "end"
	return nil
}

// Swap is White's swap of colours after move 3 of a renju game (三手可交换):
// the players change colours, and the player now White plays move 4.
func (s *Service) Swap(ctx context.Context, p domain.Principal, id string) (*Game, error) {
	return s.change(ctx, p, id, true, func(t *turn) error {
		if t.g.actor() != t.seat {
			return ErrNotYourTurn
		}
		return s.swap(t)
	})
}

func (s *Service) swap(t *turn) error {
	g := t.g
	if _, _, err := t.eg.Play("swap"); err != nil {
		return notNow("White may swap colours only once, right after Black's third move, in renju",
			"只有连珠对局在黑3之后、白4之前，白方可以交换一次")
	}
	g.charge(t.now, false)
	g.Swapped = true
	g.TurnStart = t.now
	g.setDeadline()
	t.kind = "swap"
	return nil
}

// Offer is Black's fifth-move offer (五手两打): the points Black offers for
// move 5; White then keeps one (Choose).
func (s *Service) Offer(ctx context.Context, p domain.Principal, id string, ply int, points []string) (*Game, error) {
	if len(points) < 2 || len(points) > 10 {
		return nil, invalid("moves", "invalid")
	}
	return s.change(ctx, p, id, true, func(t *turn) error {
		if ply != 0 && ply != len(t.g.Moves)+1 {
			return ErrStalePly.with("ply", "stale")
		}
		if t.g.actor() != t.seat {
			return ErrNotYourTurn
		}
		return s.offer(t, slices.Clone(points))
	})
}

func (s *Service) offer(t *turn, points []string) error {
	g := t.g
	if len(g.Offered) > 0 {
		return notNow("the fifth-move offer is already made", "五手两打已经打出")
	}
	if err := checkOffer(t.eg, points); err != nil {
		return err
	}
	g.charge(t.now, true)
	g.Offered = points
	g.TurnStart = t.now
	g.setDeadline()
	t.kind = "offer"
	return nil
}

// Choose is White's choice among Black's fifth-move offers: the point
// kept, which becomes move 5 (Black's); White then plays move 6.
func (s *Service) Choose(ctx context.Context, p domain.Principal, id, keep string) (*Game, error) {
	keep = strings.TrimSpace(keep)
	if keep == "" || len(keep) > 8 {
		return nil, invalid("move", "invalid")
	}
	return s.change(ctx, p, id, true, func(t *turn) error {
		if t.g.actor() != t.seat {
			return ErrNotYourTurn
		}
		return s.choose(t, keep)
	})
}

func (s *Service) choose(t *turn, keep string) error {
	g := t.g
	if len(g.Offered) == 0 {
		return notNow("there is no fifth-move offer to choose from", "现在没有五手两打可以选择")
	}
	keep = strings.ToLower(keep)
	if !slices.Contains(g.Offered, keep) {
		return invalid("move", "not_offered").because(domain.Text{
			ZH: "只能从黑方打出的点中留下一个：" + strings.Join(g.Offered, "、"),
			EN: "keep one of the points Black offered: " + strings.Join(g.Offered, ", ")})
	}
	before := t.eg.Position()
	m, notation, err := t.eg.Play(offerMove(g.Offered, keep))
	if err != nil {
		return engineError(err)
	}
	g.Moves = append(g.Moves, Move{Ply: len(g.Moves) + 1, Seat: g.SeatOfSide(0), Notation: notation,
		Name: describe(before, m), At: t.now, Left: g.Left[g.SeatOfSide(0)]})
	g.Offered = nil
	t.kind = "move"
	turnStart := g.TurnStart
	s.afterMove(t)
	if g.Status == Playing {
		// White's turn began with the offer: the choice and move 6 are one turn.
		g.TurnStart = turnStart
		g.setDeadline()
	}
	return nil
}

// Claim makes the caller's claim: "forbidden" (White points out Black's
// forbidden renju move: White wins), "stop" (number chess 叫停: the game is
// scored), or a chess draw claim ("draw", "threefold_repetition",
// "fifty_moves"), with the intended move when given. A claim that does not
// hold is ErrNotNow saying why; nothing changes.
func (s *Service) Claim(ctx context.Context, p domain.Principal, id, claim, with string) (*Game, error) {
	claim = strings.ToLower(strings.TrimSpace(claim))
	if len(with) > MaxMoveLen {
		return nil, invalid("move", "too_long")
	}
	return s.change(ctx, p, id, true, func(t *turn) error { return s.claim(t, claim, with) })
}

// claim makes the claim of t.seat (see Claim) inside its change.
func (s *Service) claim(t *turn, claim, with string) error {
	g := t.g
	switch claim {
	case "forbidden", "forbidden_move":
		ply, why := claimable(t.eg)
		if ply == 0 || g.actor() != t.seat {
			return notNow("there is no forbidden move of Black to point out now", "现在没有可以指出的黑方禁手")
		}
		o, text := forbiddenEnd(why)
		if err := t.eg.End(o); err != nil {
			return engineError(err)
		}
		g.charge(t.now, false)
		s.finish(g, o, text)
		t.kind = "end"
		return nil
	case "stop", "draw", "threefold_repetition", "fifty_moves", "":
	default:
		return invalid("claim", "invalid")
	}
	if g.actor() != t.seat {
		return ErrNotYourTurn
	}
	rule := game.Rule(claim)
	if claim == "draw" || claim == "" {
		rule = game.NoRule
	}
	c, err := t.eg.Claim(sideOf(g, t.seat), rule, with)
	if err != nil {
		return engineError(err).because(reasonOf(err))
	}
	if !c.Correct {
		if c.Played {
			return notNow("the claim does not hold; the move written down was played", "申请不成立，写下的那步棋已经走出")
		}
		return ErrNotNow.because(domain.Text{ZH: c.Message("zh-CN"), EN: c.Message("en")})
	}
	g.charge(t.now, false)
	s.finish(g, c.Outcome, domain.Text{})
	t.kind = "end"
	return nil
}

// reasonOf is an engine error's explanation in both languages.
func reasonOf(err error) domain.Text {
	var loc interface{ Message(string) string }
	if errors.As(err, &loc) {
		return domain.Text{ZH: loc.Message("zh-CN"), EN: loc.Message("en")}
	}
	return domain.Text{ZH: "申请不成立", EN: "the claim does not hold"}
}

// Takeback takes back the caller's last move, in a practice game whose
// teacher allows takebacks, while the opponent has not replied.
func (s *Service) Takeback(ctx context.Context, p domain.Principal, id string) (*Game, error) {
	return s.change(ctx, p, id, true, func(t *turn) error {
		g := t.g
		if !g.Takebacks {
			return notNow("takebacks are not allowed in this game", "这盘棋老师没有允许悔棋")
		}
		n := len(g.Moves)
		if n == 0 || g.Moves[n-1].Seat != t.seat || len(g.Offered) > 0 || (g.Swapped && n == 3) {
			return notNow("only your last move can be taken back, before your opponent replies", "只能在对方还没走时悔自己刚走的一步")
		}
		g.Moves = g.Moves[:n-1]
		g.Claimable = 0
		eg, err := s.engineFor(g)
		if err != nil {
			return err
		}
		t.eg = eg
		g.TurnStart = t.now
		g.setDeadline()
		t.kind = "takeback"
		return nil
	})
}
