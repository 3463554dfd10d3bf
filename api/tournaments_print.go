package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"qixue/csvsafe"
	"qixue/tournaments"
)

// Printable tournament pages: the pairing sheet of a round, pairing cards
// (one a board, to cut out and put on the table) and the standings. They
// carry their style inline, allowed by its hash in the page's
// Content-Security-Policy; nothing else (no script, no image, no frame).

const printStyle = `body{font-family:sans-serif;margin:1cm}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid #888;padding:.2cm .3cm;text-align:left}
td.n,th.n{text-align:right;width:3em}
.card{display:inline-block;width:8.5cm;border:1px dashed #888;padding:.4cm;margin:.2cm;page-break-inside:avoid;vertical-align:top}
.card h2{font-size:1.1em;margin:0 0 .2cm}
.card .p{font-size:1.3em;font-weight:bold;margin:.2cm 0}
.card .r{margin-top:.3cm;font-size:1.1em;letter-spacing:.1em}
@media print{.card{border-style:solid}}`

// printCSP is the Content-Security-Policy of the printable pages.
var printCSP = func() string {
	sum := sha256.Sum256([]byte(printStyle))
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
}()

var printPages = template.Must(template.New("sheet").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>{{.Style}}</style></head><body>
<h1>{{.Title}}</h1>
{{if .Cards}}{{range .Cards}}<div class="card"><h2>{{.Heading}}</h2>
<div>{{.WhiteLabel}}</div><div class="p">{{.White}}</div>
<div>{{.BlackLabel}}</div><div class="p">{{.Black}}</div>
<div class="r">{{.Boxes}}</div></div>
{{end}}{{else}}<table><thead><tr>{{range .Head}}<th>{{.}}</th>{{end}}</tr></thead><tbody>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</tbody></table>{{end}}
</body></html>
`))

// printPage is what a printable page shows.
type printPage struct {
	Lang, Title string
	Style       template.CSS
	Head        []string
	Rows        [][]string
	Cards       []printCard
}

// printCard is one pairing card.
type printCard struct {
	Heading, WhiteLabel, White, BlackLabel, Black, Boxes string
}

// printText holds the words of the printable pages.
var printText = map[string]text{
	"pairings":  {"%s 第 %d 轮对阵表", "%s: pairings of round %d"},
	"cards":     {"%s 第 %d 轮对阵卡", "%s: pairing cards of round %d"},
	"standings": {"%s 排名（%d 轮后）", "%s: standings after round %d"},
	"board":     {"台次", "Board"},
	"white":     {"白方", "White"},
	"black":     {"黑方", "Black"},
	"points":    {"积分", "Points"},
	"result":    {"结果", "Result"},
	"class":     {"班级", "Class"},
	"bye":       {"轮空", "bye"},
	"rank":      {"名次", "Rank"},
	"number":    {"编号", "No."},
	"name":      {"姓名", "Name"},
	"played":    {"对局", "Games"},
	"wins":      {"胜", "Won"},
	"draws":     {"和", "Drawn"},
	"losses":    {"负", "Lost"},
	"round":     {"第%d轮", "R%d"},
	"heading":   {"第 %d 轮 · 第 %d 台", "Round %d · board %d"},
	"boxes":     {"□ 1-0    □ ½-½    □ 0-1", "□ 1-0    □ ½-½    □ 0-1"},
	"bracket":   {"%s 淘汰赛对阵图", "%s: knockout bracket"},
	"stage":     {"第%d阶段", "Stage %d"},
	"final":     {"决赛", "Final"},
	"semi":      {"半决赛", "Semi-final"},
	"third":     {"三四名决赛", "Third place"},
	"match":     {"场次", "Match"},
	"player":    {"选手", "Player"},
	"games":     {"对局轮次", "Games in rounds"},
	"winner":    {"胜者", "Winner"},
	"arena":     {"%s 擂台赛", "%s: arena"},
	"defender":  {"擂主", "Defender"},
	"defences":  {"连续守擂 %d 次（%s）", "%d defences in a row (%s)"},
	"target":    {"守擂 %d 次获得冠军", "%d to win the title"},
	"no_target": {"一直打到没有挑战者", "until no challenger is left"},
	"champion":  {"冠军", "Champion"},
	"queue":     {"排队挑战", "Waiting to challenge"},
	"out":       {"已出局", "Out"},
	"place":     {"顺序", "Order"},
}

func pt(lang, key string, args ...any) string { return printText[key].in(lang, args...) }

// entrantCell is a player as a sheet shows it: number and full name.
func entrantCell(ev *tournaments.Event, n int) string {
	e := ev.Player(n)
	return "(" + itoa(n) + ") " + e.Name
}

func pairingRows(ev *tournaments.Event, r int, lang string) [][]string {
	pts := pointsBefore(ev, r)
	rows := [][]string{{pt(lang, "board"), pt(lang, "white"), pt(lang, "points"), pt(lang, "result"), pt(lang, "points"), pt(lang, "black")}}
	for _, b := range ev.RoundBoards(r) {
		black, blackPts := pt(lang, "bye"), ""
		if b.Black != 0 {
			black, blackPts = entrantCell(ev, b.Black), tournaments.Points(pts[b.Black]).String()
		}
		res := string(b.Result)
		if b.Result == tournaments.OutcomeBye {
			res = ""
		}
		rows = append(rows, []string{itoa(b.Number), entrantCell(ev, b.White), pts[b.White].String(), res, blackPts, black})
	}
	return rows
}

func standingRows(ev *tournaments.Event, lang string) [][]string {
	head := []string{pt(lang, "rank"), pt(lang, "number"), pt(lang, "name"), pt(lang, "points")}
	head = append(head, ev.TieBreaks...)
	head = append(head, pt(lang, "played"), pt(lang, "wins"), pt(lang, "draws"), pt(lang, "losses"))
	for r := 1; r <= ev.StandingsRound(); r++ {
		head = append(head, pt(lang, "round", r))
	}
	rows := [][]string{head}
	for _, s := range ev.Standings() {
		row := []string{itoa(s.Rank), itoa(s.Player.Number), s.Player.Name, s.Points.String()}
		for _, v := range s.TieBreaks {
			row = append(row, v.String())
		}
		row = append(row, itoa(s.Played), itoa(s.Wins), itoa(s.Draws), itoa(s.Losses))
		rows = append(rows, append(row, s.Rounds...))
	}
	return rows
}

func pairingSheet(ev *tournaments.Event, r int, lang string) printPage {
	rows := pairingRows(ev, r, lang)
	return printPage{Lang: lang, Title: pt(lang, "pairings", ev.Name, r), Head: rows[0], Rows: rows[1:]}
}

func standingsSheet(ev *tournaments.Event, lang string) printPage {
	rows := standingRows(ev, lang)
	return printPage{Lang: lang, Title: pt(lang, "standings", ev.Name, ev.StandingsRound()), Head: rows[0], Rows: rows[1:]}
}

func pairingCards(ev *tournaments.Event, r int, lang string) printPage {
	p := printPage{Lang: lang, Title: pt(lang, "cards", ev.Name, r)}
	for _, b := range ev.RoundBoards(r) {
		card := printCard{Heading: pt(lang, "heading", r, b.Number), WhiteLabel: pt(lang, "white"), White: entrantCell(ev, b.White),
			BlackLabel: pt(lang, "black"), Black: pt(lang, "bye"), Boxes: pt(lang, "boxes")}
		if b.Black != 0 {
			card.Black = entrantCell(ev, b.Black)
		} else {
			card.Boxes = ""
		}
		p.Cards = append(p.Cards, card)
	}
	return p
}

// writeTournamentHTML answers a printable page under printCSP.
func writeTournamentHTML(c echo.Context, p printPage) error {
	if p.Lang != LangEN {
		p.Lang = LangZH
	}
	p.Style = template.CSS(printStyle)
	var b bytes.Buffer
	if err := printPages.Execute(&b, p); err != nil {
		return err
	}
	h := c.Response().Header()
	h.Set("Content-Security-Policy", printCSP)
	h.Set("Cache-Control", "no-store")
	return c.Blob(http.StatusOK, echo.MIMETextHTMLCharsetUTF8, b.Bytes())
}

// writeTournamentCSV answers rows as a CSV file (with a byte-order mark;
// cells a spreadsheet would run as formulas written as text).
func writeTournamentCSV(c echo.Context, filename string, rows [][]string) error {
	var b bytes.Buffer
	if err := csvsafe.NewWriterBOM(&b).WriteAll(rows); err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+strings.ReplaceAll(filename, `"`, "")+`"`)
	return c.Blob(http.StatusOK, "text/csv; charset=utf-8", b.Bytes())
}

// stageName names a bracket stage: the final and semi-final by name.
func stageName(lang string, stage, stages int, third bool) string {
	switch {
	case third:
		return pt(lang, "third")
	case stage == stages:
		return pt(lang, "final")
	case stage == stages-1:
		return pt(lang, "semi")
	}
	return pt(lang, "stage", stage)
}

// bracketSheet is the printable bracket: one row a match, stage by stage
// (the stages not reached yet are not shown).
func bracketSheet(ev *tournaments.Event, lang string) printPage {
	p := printPage{Lang: lang, Title: pt(lang, "bracket", ev.Name),
		Head: []string{pt(lang, "match"), pt(lang, "player"), pt(lang, "player"), pt(lang, "games"), pt(lang, "winner")}}
	stages, _, err := ev.Bracket()
	if err != nil {
		return p
	}
	total := 0 // the number of stages of the whole bracket
	for n := 1; n < len(ev.Players); n *= 2 {
		total++
	}
	for i, st := range stages {
		for j, m := range st {
			b, w := pt(lang, "bye"), ""
			if m.B != 0 {
				b = entrantCell(ev, m.B)
			}
			if m.Winner != 0 {
				w = entrantCell(ev, m.Winner)
			}
			rounds := ""
			for k, r := range m.Rounds {
				if k > 0 {
					rounds += ", "
				}
				rounds += pt(lang, "round", r)
			}
			p.Rows = append(p.Rows, []string{stageName(lang, i+1, total, m.ThirdPlace) + " · " + itoa(j+1), entrantCell(ev, m.A), b, rounds, w})
		}
	}
	return p
}

// arenaSheet is the printable arena: the defender (or champion) first,
// then the queue in order, then the players out, the last out first.
func arenaSheet(ev *tournaments.Event, lang string) printPage {
	p := printPage{Lang: lang, Title: pt(lang, "arena", ev.Name), Head: []string{pt(lang, "place"), pt(lang, "name"), ""}}
	st, err := ev.ArenaState()
	if err != nil {
		return p
	}
	target := pt(lang, "no_target")
	if ev.TitleDefences > 0 {
		target = pt(lang, "target", ev.TitleDefences)
	}
	if st.Defender != 0 {
		role := pt(lang, "defender")
		if st.Finished {
			role = pt(lang, "champion")
		}
		p.Rows = append(p.Rows, []string{role, entrantCell(ev, st.Defender), pt(lang, "defences", st.Defences, target)})
	}
	for i, q := range st.Queue {
		p.Rows = append(p.Rows, []string{pt(lang, "queue") + " " + itoa(i+1), entrantCell(ev, q), ""})
	}
	for i := len(st.Out) - 1; i >= 0; i-- {
		p.Rows = append(p.Rows, []string{pt(lang, "out"), entrantCell(ev, st.Out[i]), ""})
	}
	return p
}
