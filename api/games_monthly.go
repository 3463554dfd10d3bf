package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"qixue/games"
	"qixue/rules/game"
)

// levelName says a level of seed 004's scheme: 30级 .. 1级, or 无级别.
func levelName(level int) textResponse {
	if level == games.Unrated {
		return textResponse{ZH: "无级别", EN: "unrated"}
	}
	return textResponse{ZH: strconv.Itoa(level) + "级", EN: "level " + strconv.Itoa(level)}
}

// monthRowResponse is one student's row of the monthly table.
type monthRowResponse struct {
	Rank         int          `json:"rank"`
	StudentID    string       `json:"student_id"`
	Name         string       `json:"name"`
	Games        int          `json:"games"`
	Wins         int          `json:"wins"`
	Draws        int          `json:"draws"`
	Losses       int          `json:"losses"`
	Points       float64      `json:"points"`
	LevelPoints  int          `json:"level_points"`
	Progress     int          `json:"progress"`
	Level        int          `json:"level"`
	LevelName    textResponse `json:"level_name"`
	PointsToNext int          `json:"points_to_next"`
}

type monthClassResponse struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// monthTableResponse is the charter's monthly points table.
type monthTableResponse struct {
	Game  string              `json:"game"`
	Month string              `json:"month"`
	Class *monthClassResponse `json:"class"`
	Rows  []monthRowResponse  `json:"rows"`
}

func toMonthTable(t *games.MonthTable) monthTableResponse {
	out := monthTableResponse{Game: string(t.Game), Month: t.Month, Rows: make([]monthRowResponse, len(t.Rows))}
	if t.Class != nil {
		out.Class = &monthClassResponse{ID: t.Class.ID, Name: t.Class.Name}
	}
	for i, r := range t.Rows {
		out.Rows[i] = monthRowResponse{Rank: i + 1, StudentID: r.StudentID, Name: r.Name, Games: r.Games, Wins: r.Wins, Draws: r.Draws,
			Losses: r.Losses, Points: r.Points, LevelPoints: r.LevelPoints, Progress: r.MonthRow.Progress, Level: r.Level,
			LevelName: levelName(r.Level), PointsToNext: r.PointsToNext}
	}
	return out
}

// monthTableText holds the words of the monthly table's CSV and page.
var monthTableText = map[string]text{
	"title":  {"%s %s 月度积分表（%s）", "%s: monthly points table, %s (%s)"},
	"school": {"全校", "whole school"},
	"rank":   {"名次", "Rank"},
	"name":   {"姓名", "Name"},
	"games":  {"对局", "Games"},
	"wins":   {"胜", "Won"},
	"draws":  {"和", "Drawn"},
	"losses": {"负", "Lost"},
	"points": {"积分", "Points"},
	"lpts":   {"级别积分", "Level points"},
	"prog":   {"本月进步", "Progress"},
	"level":  {"级别", "Level"},
	"next":   {"距下一级", "To next level"},
}

var gameNames = map[game.Name]text{game.Chess: {"国际象棋", "chess"}, game.Draughts: {"国际跳棋", "draughts"},
	game.Gomoku: {"五子棋", "gomoku"}, game.NumChess: {"国际数棋", "number chess"}}

func monthRows(t *games.MonthTable, lang string) [][]string {
	w := func(k string) string { return monthTableText[k].in(lang) }
	rows := [][]string{{w("rank"), w("name"), w("games"), w("wins"), w("draws"), w("losses"), w("points"), w("lpts"), w("prog"), w("level"), w("next")}}
	for i, r := range t.Rows {
		name := levelName(r.Level)
		lv := name.ZH
		if lang == LangEN {
			lv = name.EN
		}
		rows = append(rows, []string{itoa(i + 1), r.Name, itoa(r.Games), itoa(r.Wins), itoa(r.Draws), itoa(r.Losses),
			strconv.FormatFloat(r.Points, 'f', -1, 64), itoa(r.LevelPoints), itoa(r.MonthRow.Progress), lv, itoa(r.PointsToNext)})
	}
	return rows
}

// monthly answers a monthly table as JSON, CSV or a printable page.
func (h *gameHandlers) monthly(c echo.Context, schoolID, classID string) error {
	format, err := formatParam(c, "json", "csv", "html")
	if err != nil {
		return err
	}
	month := c.QueryParam("month")
	if month == "" {
		month = time.Now().UTC().Format("2006-01")
	}
	t, err := h.svc.Monthly(c.Request().Context(), Caller(c), schoolID, classID, game.Name(c.QueryParam("game")), month)
	if err != nil {
		return err
	}
	lang := langOf(c)
	switch format {
	case "csv":
		return writeTournamentCSV(c, "games-"+t.Month+".csv", monthRows(t, lang))
	case "html":
		who := monthTableText["school"].in(lang)
		if t.Class != nil {
			who = t.Class.Name
		}
		rows := monthRows(t, lang)
		return writeTournamentHTML(c, printPage{Lang: lang, Title: monthTableText["title"].in(lang, who, gameNames[t.Game].in(lang), t.Month),
			Head: rows[0], Rows: rows[1:]})
	}
	return c.JSON(http.StatusOK, toMonthTable(t))
}

func (h *gameHandlers) classMonthly(c echo.Context) error { return h.monthly(c, "", c.Param("id")) }

func (h *gameHandlers) schoolMonthly(c echo.Context) error { return h.monthly(c, c.Param("id"), "") }

// levelResponse is a student's level in one game, beside the puzzle
// rating of that game.
type levelResponse struct {
	Game         string       `json:"game"`
	Level        int          `json:"level"`
	LevelName    textResponse `json:"level_name"`
	Points       int          `json:"points"`
	PointsToNext int          `json:"points_to_next"`
	Games        int          `json:"games"`
	PuzzleRating *float64     `json:"puzzle_rating"`
}

// myLevel answers the calling student's level in each game.
func (h *gameHandlers) myLevel(c echo.Context) error {
	levels, err := h.svc.MyLevels(c.Request().Context(), Caller(c))
	if err != nil {
		return err
	}
	ratings := map[string]float64{}
	if h.progress != nil {
		sum, err := h.progress.MyProgress(c.Request().Context(), Caller(c))
		if err != nil {
			return err
		}
		for _, r := range sum.Ratings {
			ratings[r.Game] = round2(r.Rating.Rating)
		}
	}
	out := struct {
		Levels []levelResponse `json:"levels"`
	}{Levels: make([]levelResponse, len(levels))}
	for i, l := range levels {
		out.Levels[i] = levelResponse{Game: string(l.Game), Level: l.Level, LevelName: levelName(l.Level), Points: l.Points,
			PointsToNext: l.PointsToNext, Games: l.Games}
		if r, ok := ratings[string(l.Game)]; ok {
			out.Levels[i].PuzzleRating = &r
		}
	}
	return c.JSON(http.StatusOK, out)
}
