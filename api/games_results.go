package api

import (
	"context"
	"errors"

	"qixue/domain"
	"qixue/games"
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

// Board returns the students of a board of a paired round.
func (t tournamentResults) Board(ctx context.Context, c domain.Principal, id string, round, board int) (string, string, error) {
	ev, err := t.svc.Get(ctx, c, id)
	if teams := t.svc.Teams(); errors.Is(err, tournaments.ErrNotFound) && teams != nil {
		if first, second, _, terr := teams.TeamGameFor(ctx, c, id, round, board); !errors.Is(terr, tournaments.ErrNotFound) {
			return first, second, terr
		}
	}
	if errors.Is(err, tournaments.ErrNotFound) || errors.Is(err, tournaments.ErrForbidden) {
		return "", "", domain.Invalid("tournament_id", "not_found")
	}
	if err != nil {
		return "", "", err
	}
	if round > ev.PairedRounds {
		return "", "", domain.Invalid("round", "not_found")
	}
	for _, b := range ev.Boards {
		if b.Round != round || b.Number != board {
			continue
		}
		if b.Black == 0 {
			return "", "", domain.Invalid("board", "bye")
		}
		return ev.Player(b.White).StudentID, ev.Player(b.Black).StudentID, nil
	}
	return "", "", domain.Invalid("board", "not_found")
}

// SetResult enters the result as the caller.
func (t tournamentResults) SetResult(ctx context.Context, c domain.Principal, id string, round, board int, result string) error {
	in := tournaments.ResultInput{Round: round, Board: board, Result: tournaments.Outcome(result)}
	_, _, _, err := t.svc.SetResult(ctx, c, id, in)
	if teams := t.svc.Teams(); errors.Is(err, tournaments.ErrNotFound) && teams != nil {
		_, err = teams.SetTeamResult(ctx, c, id, in)
	}
	if err != nil {
		return err
	}
	return nil
}

// NewGames returns the game archive service on store, linked to the
// tournaments of tsvc (nil: none), showing children to each other by
// their shown name (identity.ShownName).
func NewGames(store games.Store, tsvc *tournaments.Service) *games.Service {
	return NewGamesWithin(store, tsvc, games.DefaultLimits())
}

// NewGamesWithin is NewGames with the upload limits lim.
func NewGamesWithin(store games.Store, tsvc *tournaments.Service, lim games.Limits) *games.Service {
	return games.NewService(store, games.Config{Results: TournamentResults(tsvc), Limits: lim})
}
