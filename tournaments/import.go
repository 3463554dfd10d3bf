package tournaments

import (
	"bytes"
	"context"
	"errors"
	"qixue/domain"
	"sort"
	"strings"
	"unicode/utf8"
)

// ErrTRFPlayer refuses an imported player that matches no student of the
// classes, or several; Args holds its start rank and name.
var ErrTRFPlayer = domain.NewError("trf_unknown_player").WithFields(domain.FieldError{Field: "trf", Code: "unknown_player"})

// ImportDraft is a TRF file to continue as a tournament of the classes.
type ImportDraft struct {
	Name      string // "" takes the file's tournament name (012)
	Game      string
	ClassIDs  []string
	TieBreaks []string
	// TieBreakRules as Draft's ("" is fide2023): a TRF file does not say
	// which text of C.07 its tie-breaks followed.
	TieBreakRules string
	// Rounds is the number of rounds planned when the file does not say
	// (XXR or 142).
	Rounds int
	TRF    string
	// Players maps start ranks of the file to students; players not
	// mapped are matched by name with the students of the classes.
	Players map[int]string
}

// TRF writes the tournament as a TRF file (TRF16 with JaVaFo's XXR, XXC
// and XXS): the rounds whose results are all in, and the byes and
// absences of the next round written ahead. Staff who run the
// tournament may export it.
func (s *Service) TRF(ctx context.Context, c domain.Principal, id string) ([]byte, error) {
	ev, err := s.load(ctx, c, id, true)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := WriteTRF(&b, ev.Tournament(ev.completeRounds())); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Import makes a Swiss (Dutch) tournament of the classes from a TRF file
// (as exported here, or by any FIDE-endorsed program) so that it can be
// continued: its players become entrants with their start ranks, its
// rounds boards and absences. A file the TRF reader refuses is ErrTRF
// with the line and column at fault; a point system other than those of
// Scorings, accelerations or forbidden pairs are ErrValidation on "trf".
func (s *Service) Import(ctx context.Context, c domain.Principal, d ImportDraft) (*Event, error) {
	if !c.Staff() {
		return nil, ErrForbidden
	}
	var v domain.FieldErrors
	if strings.TrimSpace(d.TRF) == "" {
		v.Add("trf", "required")
	} else if len(d.TRF) > maxTRFImportBytes {
		v.Add("trf", "too_long")
	}
	draft := Draft{Name: d.Name, Game: d.Game, System: sysDutch, Rounds: 1, TieBreaks: d.TieBreaks, ClassIDs: d.ClassIDs,
		TieBreakRules: d.TieBreakRules}
	if draft.Name == "" {
		draft.Name = "-" // checked below, once the file's name is known
	}
	draft.validate(&v)
	if err := v.Err(); err != nil {
		return nil, err
	}
	school, err := s.classes(ctx, c, d.ClassIDs)
	if err != nil {
		return nil, err
	}
	t, err := ReadTRF(strings.NewReader(d.TRF))
	var te *TRFError
	if errors.As(err, &te) {
		return nil, ErrTRF.WithArgs(trfWhere(te.Line, te.Column), domain.Text{ZH: te.Zh, EN: te.Msg}).WithFields(domain.FieldError{Field: "trf", Code: "invalid"})
	} else if err != nil {
		return nil, err
	}
	ev := &Event{ID: newID(), SchoolID: school, Name: strings.TrimSpace(d.Name), Game: d.Game, System: sysDutch,
		ClassIDs: d.ClassIDs, Rounds: t.Rounds, TieBreaks: draft.TieBreaks, CreatedBy: c.UserID,
		TieBreakRules: TieBreakRules(draft.TieBreakRules), Ruleset: draft.Ruleset}
	if ev.Name == "" {
		for _, h := range t.Header {
			if h.Code == "012" {
				ev.Name = strings.TrimSpace(h.Text)
			}
		}
		switch {
		case ev.Name == "":
			return nil, invalid("name", "required")
		case utf8.RuneCountInString(ev.Name) > maxNameLen:
			return nil, invalid("name", "too_long")
		}
	}
	if ev.Rounds == 0 {
		ev.Rounds = d.Rounds
	}
	if ev.Rounds < 1 || ev.Rounds > maxRounds {
		return nil, invalid("rounds", "out_of_range")
	}
	for name, ps := range Scorings {
		if ps.Win == t.Points.Win && ps.Draw == t.Points.Draw && ps.Loss == t.Points.Loss && ps.PairingBye == t.Points.PairingBye {
			ev.Scoring = name
		}
	}
	if ev.Scoring == "" || t.Points.Forfeit != 0 || t.Points.ZeroBye != 0 || len(t.Forbidden) > 0 {
		return nil, invalid("trf", "unsupported")
	}
	if err := s.importPlayers(ctx, ev, t, d.Players); err != nil {
		return nil, err
	}
	importRounds(ev, t)
	now := s.now().UTC()
	ev.CreatedAt, ev.UpdatedAt = now, now
	if err := s.store.Create(ctx, ev); err != nil {
		return nil, err
	}
	ev.Version = 1
	return ev, nil
}

// normName is a name as compared when matching TRF players to students.
func normName(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

func (s *Service) importPlayers(ctx context.Context, ev *Event, t *Tournament, mapped map[int]string) error {
	students, err := s.store.Students(ctx, ev.ClassIDs)
	if err != nil {
		return err
	}
	byID := map[string]Student{}
	byName := map[string][]Student{}
	for _, st := range students {
		byID[st.ID] = st
		byName[normName(st.RealName)] = append(byName[normName(st.RealName)], st)
	}
	for n, id := range mapped {
		if t.Player(n) == nil {
			return invalid("players", "not_found")
		}
		if _, ok := byID[id]; !ok {
			return invalid("players", "not_in_classes")
		}
	}
	used := map[string]bool{}
	for _, p := range t.Players {
		if p == nil {
			continue
		}
		st, ok := byID[mapped[p.ID]]
		if !ok {
			if m := byName[normName(p.Name)]; len(m) == 1 {
				st, ok = m[0], true
			}
		}
		if !ok || used[st.ID] {
			return ErrTRFPlayer.WithArgs(p.ID, p.Name)
		}
		used[st.ID] = true
		if len(ev.Players) >= maxPlayers {
			return invalid("trf", "too_many")
		}
		from := 1
		for from <= len(p.Rounds) && p.Rounds[from-1].Result == NotPaired && p.Rounds[from-1].Opponent == 0 {
			from++
		}
		ev.Players = append(ev.Players, Entrant{Number: p.ID, StudentID: st.ID, ClassID: st.ClassID, Name: st.RealName,
			Rating: p.Rating, FromRound: from})
	}
	return nil
}

// importRounds turns the played rounds of t into boards and absences,
// and the entries written ahead for the next round into absences.
func importRounds(ev *Event, t *Tournament) {
	played := t.PlayedRounds()
	ev.PairedRounds = played
	for r := 1; r <= played+1; r++ {
		var boards, byes []Board
		for _, p := range t.Players {
			if p == nil || r > len(p.Rounds) {
				continue
			}
			e := p.Rounds[r-1]
			switch {
			case r > played:
				if e.Result != NotPaired {
					ev.Absences = append(ev.Absences, Absence{Player: p.ID, Round: r, Kind: e.Result})
				}
			case e.Opponent != 0:
				o := t.Player(e.Opponent).Rounds[r-1]
				white := e.Color == White || e.Color == NoColor && p.ID < e.Opponent
				if !white {
					continue
				}
				boards = append(boards, Board{Round: r, White: p.ID, Black: e.Opponent, Result: outcomeOf(e.Result, o.Result)})
			case e.Result == PairingBye:
				byes = append(byes, Board{Round: r, White: p.ID, Result: OutcomeBye})
			case e.Result != NotPaired:
				ev.Absences = append(ev.Absences, Absence{Player: p.ID, Round: r, Kind: e.Result})
			}
		}
		sort.Slice(boards, func(i, j int) bool {
			return min(boards[i].White, boards[i].Black) < min(boards[j].White, boards[j].Black)
		})
		for i, b := range append(boards, byes...) {
			b.Number = i + 1
			ev.Boards = append(ev.Boards, b)
		}
	}
}

// outcomeOf is the board's outcome from White's and Black's results.
func outcomeOf(white, black Result) Outcome {
	switch white {
	case Win, UnratedWin:
		return OutcomeWhiteWins
	case Loss, UnratedLoss:
		return OutcomeBlackWins
	case Draw, UnratedDraw:
		return OutcomeDraw
	case ForfeitWin:
		return OutcomeWhiteForfeit
	}
	if black == ForfeitWin {
		return OutcomeBlackForfeit
	}
	return OutcomeDoubleForfeit
}
