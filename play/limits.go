package play

import (
	"context"
	"fmt"
)

// Limits on what one child can leave open, so that nobody can fill the
// computer's search pool or a classmate's lobby: a new game against the
// computer or a new challenge past them is refused with
// action_not_allowed (409), naming the field and the limit in words.
const (
	// MaxComputerGames is how many games against the computer one person
	// may be playing at once.
	MaxComputerGames = 3
	// MaxOpenChallenges is how many unanswered challenges one student may
	// have sent.
	MaxOpenChallenges = 5
)

// computerGamesFull refuses a new game against the computer when userID
// already plays MaxComputerGames of them.
func (s *Service) computerGamesFull(ctx context.Context, schoolID, userID string) error {
	games, err := s.store.List(ctx, Query{SchoolID: schoolID, UserID: userID, Status: Playing, Limit: 200})
	if err != nil {
		return err
	}
	n := 0
	for _, g := range games {
		if g.Players[0].Computer > 0 || g.Players[1].Computer > 0 {
			n++
		}
	}
	if n < MaxComputerGames {
		return nil
	}
	return notNow(fmt.Sprintf("you are already playing %d games against the computer: finish or resign one first", MaxComputerGames),
		fmt.Sprintf("你已经有 %d 盘和电脑的棋还没下完，先下完或认输一盘再开新的", MaxComputerGames)).with("game", "too_many_open")
}

// challengesFull refuses a new challenge when userID has MaxOpenChallenges
// unanswered ones out.
func (s *Service) challengesFull(ctx context.Context, schoolID, userID string) error {
	open, err := s.store.Challenges(ctx, schoolID, userID)
	if err != nil {
		return err
	}
	n := 0
	for _, c := range open {
		if c.From.UserID == userID && c.Status == ChallengeOpen {
			n++
		}
	}
	if n < MaxOpenChallenges {
		return nil
	}
	return notNow(fmt.Sprintf("you have %d challenges waiting for an answer: wait for one or cancel one first", MaxOpenChallenges),
		fmt.Sprintf("你已经发出 %d 个还没回答的邀请，等一等或先取消一个", MaxOpenChallenges)).with("to", "too_many_open")
}
