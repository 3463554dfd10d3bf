package api

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"qixue/domain"
	"qixue/games"
	"qixue/play"
	"qixue/rules/game"
	"qixue/tournaments"
)

// LiveArchive stores finished live games in the game archive through its
// upload (the same reading and checks as a file), confirmed at once: the
// server refereed the game. A tournament board's record enters the
// board's result through the tournament service, as an upload linked to
// a board does. The record is submitted in the school's name by the
// game's creator.
func LiveArchive(svc *games.Service, reg *game.Registry) play.Archive {
	if svc == nil {
		return nil
	}
	return liveArchive{svc: svc, reg: reg}
}

type liveArchive struct {
	svc *games.Service
	reg *game.Registry
}

// Archive uploads the record of g (moves in the engine's record tokens).
func (a liveArchive) Archive(ctx context.Context, g *play.Game, moves []string) (string, error) {
	rules, err := a.reg.Lookup(g.Game)
	if err != nil {
		return "", err
	}
	first, second := g.Players[g.SeatOfSide(0)], g.Players[g.SeatOfSide(1)]
	// The first side's tag: Black in gomoku, White otherwise (the
	// archive's White is the first player of chess, draughts and number
	// chess).
	firstTag, secondTag := "White", "Black"
	if strings.EqualFold(rules.SideName(game.First, ""), "black") {
		firstTag, secondTag = "Black", "White"
	}
	var b strings.Builder
	tag := func(k, v string) { fmt.Fprintf(&b, "[%s %q]\n", k, v) }
	event := g.Event
	if event == "" {
		event = "Qixue live game"
	}
	tag("Event", event)
	tag("Site", "Qixue")
	at := g.CreatedAt
	if g.FinishedAt != nil {
		at = *g.FinishedAt
	}
	tag("Date", at.Format("2006.01.02"))
	if g.Round != "" {
		tag("Round", g.Round)
	}
	tag(firstTag, archiveName(first))
	tag(secondTag, archiveName(second))
	tag("Result", g.Result)
	switch {
	case g.Game == string(game.Gomoku):
		tag("Rule", g.Ruleset)
	case g.Game == string(game.NumChess):
		tag("Ruleset", g.Ruleset)
	case g.Game == string(game.Chess) && g.Ruleset == "chess960":
		tag("Variant", "Chess960")
	}
	if g.Start != "" {
		if g.Game == string(game.Chess) || g.Game == string(game.Draughts) {
			tag("FEN", g.Start)
		} else if g.Game == string(game.NumChess) {
			tag("Position", g.Start)
		}
	}
	tag("Termination", g.End)
	b.WriteString("\n")
	for i, m := range moves {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(m)
		b.WriteString(" ")
	}
	res := rules.ResultText(game.Outcome{Result: resultOf(g.Result)})
	if strings.ContainsRune(res, ' ') || res == "" {
		res = g.Result
	}
	b.WriteString(res)
	b.WriteString("\n")

	up := games.Upload{Game: game.Name(g.Game), Variant: g.Ruleset, Text: b.String()}
	ids := [2]string{}
	for i, p := range []play.Player{first, second} {
		if !p.Teacher {
			ids[i] = p.UserID
		}
	}
	if firstTag == "White" {
		up.WhiteID, up.BlackID = ids[0], ids[1]
	} else {
		up.BlackID, up.WhiteID = ids[0], ids[1]
	}
	if t := g.Tournament; t != nil {
		up.Pairing = &games.Pairing{TournamentID: t.TournamentID, Round: t.Round, Board: t.Board}
	}
	who := domain.Principal{UserID: g.CreatedBy, SchoolID: g.SchoolID, Role: domain.RoleSchoolAdmin}
	rep, err := a.svc.Upload(ctx, who, up)
	if err != nil {
		return "", err
	}
	if len(rep.Stored) == 1 {
		return rep.Stored[0].ID, nil
	}
	for _, r := range rep.Refused {
		if r.Code == games.CodeDuplicate {
			return play.ArchivedElsewhere, nil
		}
	}
	if len(rep.Refused) > 0 {
		return "", errors.New("archive refused the live game: " + rep.Refused[0].Reason.EN)
	}
	return "", errors.New("archive stored nothing")
}

// archiveName is a player's name in the record: the real name, or the
// computer's level in both languages ("电脑 第3级 / Computer level 3").
func archiveName(p play.Player) string {
	if p.Computer > 0 {
		t := play.ComputerName(p.Computer, domain.Text{})
		return t.ZH + " / " + t.EN
	}
	return p.Name
}

func resultOf(s string) game.Result {
	switch s {
	case play.FirstWins:
		return game.FirstWins
	case play.SecondWins:
		return game.SecondWins
	case play.Draw:
		return game.Drawn
	}
	return game.Ongoing
}

// TournamentTablets opens tournament rounds on tablets through the
// tournament service.
func TournamentTablets(svc *tournaments.Service) Tablets {
	if svc == nil {
		return nil
	}
	return tournamentTablets{svc}
}

type tournamentTablets struct{ svc *tournaments.Service }

// Round returns the current round's boards as the caller may manage them.
func (t tournamentTablets) Round(ctx context.Context, c domain.Principal, id string) (TabletRound, error) {
	ev, err := t.svc.Get(ctx, c, id)
	if teams := t.svc.Teams(); errors.Is(err, tournaments.ErrNotFound) && teams != nil {
		return teamTabletRound(ctx, teams, c, id)
	}
	if err != nil {
		return TabletRound{}, err
	}
	if ev.PairedRounds == 0 {
		return TabletRound{}, tournaments.ErrNothingToUnpair
	}
	r := TabletRound{Game: ev.Game, Ruleset: ev.Ruleset, Event: ev.Name, Round: ev.PairedRounds}
	for _, b := range ev.Boards {
		if b.Round != ev.PairedRounds || b.Black == 0 {
			continue
		}
		r.Boards = append(r.Boards, TabletBoard{Board: b.Number, First: ev.Player(b.White).StudentID, Other: ev.Player(b.Black).StudentID,
			Done: b.Result != tournaments.OutcomePending})
	}
	return r, nil
}

// teamTabletRound is the current round of a team event: each game of
// its matches a board, numbered through the round (RoundGames).
func teamTabletRound(ctx context.Context, teams *tournaments.TeamService, c domain.Principal, id string) (TabletRound, error) {
	tt, err := teams.GetTeam(ctx, c, id)
	if err != nil {
		return TabletRound{}, err
	}
	r := len(tt.Played)
	if r == 0 {
		return TabletRound{}, tournaments.ErrNothingToUnpair
	}
	out := TabletRound{Game: tt.Game, Ruleset: tt.Ruleset, Event: tt.Name, Round: r}
	for _, g := range tt.RoundGames(r) {
		out.Boards = append(out.Boards, TabletBoard{Board: g.Number, First: tt.Player(g.First).StudentID, Other: tt.Player(g.Second).StudentID,
			Done: g.Result != tournaments.OutcomePending})
	}
	return out, nil
}
