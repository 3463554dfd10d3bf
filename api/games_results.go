package api

import (
	"context"
	"errors"

	"qixue/games"
	"qixue/identity"
	"qixue/tournaments"
)

// TournamentResults links game records to tournament boards through the
// tournament service's own result entry, so that standings follow.
func TournamentResults(svc *tournaments.Service) games.Results {
	if svc == nil {
		return nil
	}
	return tournamentResults{svc}
}

type tournamentResults struct{ svc *tournaments.Service }

func toTournamentCaller(c identity.Principal) tournaments.Caller {
	return tournaments.Caller{UserID: c.UserID, SchoolID: c.SchoolID, Role: string(c.Role)}
}

// Board returns the students of a board of a paired round.
func (t tournamentResults) Board(ctx context.Context, c identity.Principal, id string, round, board int) (string, string, error) {
	ev, err := t.svc.Get(ctx, toTournamentCaller(c), id)
	if errors.Is(err, tournaments.ErrNotFound) || errors.Is(err, tournaments.ErrForbidden) {
		return "", "", games.ValidationError("tournament_id", "not_found")
	}
	if err != nil {
		return "", "", err
	}
	if round > ev.PairedRounds {
		return "", "", games.ValidationError("round", "not_found")
	}
	for _, b := range ev.Boards {
		if b.Round != round || b.Number != board {
			continue
		}
		if b.Black == 0 {
			return "", "", games.ValidationError("board", "bye")
		}
		return ev.Player(b.White).StudentID, ev.Player(b.Black).StudentID, nil
	}
	return "", "", games.ValidationError("board", "not_found")
}

// SetResult enters the result as the caller.
func (t tournamentResults) SetResult(ctx context.Context, c identity.Principal, id string, round, board int, result string) error {
	_, _, _, err := t.svc.SetResult(ctx, toTournamentCaller(c), id, tournaments.ResultInput{Round: round, Board: board, Result: tournaments.Outcome(result)})
	if err != nil {
		return tournamentError(err)
	}
	return nil
}

// NewGames returns the game archive service on store, linked to the
// tournaments of tsvc (nil: none), showing children to each other by
// first name.
func NewGames(store games.Store, tsvc *tournaments.Service) *games.Service {
	return games.NewService(store, games.Config{Results: TournamentResults(tsvc), FirstName: identity.FirstName})
}
