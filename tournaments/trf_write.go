package tournaments

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// WriteTRF writes the tournament as TRF16 (points after the rounds played;
// byes written ahead for the next round are kept) with the TRF(x) lines XXA,
// XXR and XXC (and XXS when the point system is not the standard one).
func WriteTRF(w io.Writer, t *Tournament) error {
	bw := bufio.NewWriter(w)
	for _, h := range t.Header {
		fmt.Fprintf(bw, "%s %s\n", h.Code, h.Text)
	}
	played := t.PlayedRounds()
	for _, p := range t.Players {
		if p == nil {
			continue
		}
		var b strings.Builder
		fmt.Fprintf(&b, "001 %4d %1.1s%-3.3s %s %4s %-3.3s %11.11s %-10.10s %4s %4s",
			p.ID, p.Sex, p.Title, charColumn(p.Name, 33), ratingText(p.Rating), p.Federation, p.FideID, p.Birth,
			t.Score(p, played), rankText(p.Rank))
		for _, e := range p.Rounds[:countEntries(p)] {
			opp := "0000"
			if e.Opponent != 0 {
				opp = fmt.Sprintf("%4d", e.Opponent)
			}
			col := "-"
			switch e.Color {
			case White:
				col = "w"
			case Black:
				col = "b"
			}
			if e.Result == NotPaired && e.Opponent == 0 {
				opp, col = "    ", " "
			}
			fmt.Fprintf(&b, "  %s %s %c", opp, col, byte(e.Result))
		}
		bw.WriteString(strings.TrimRight(b.String(), " "))
		bw.WriteByte('\n')
	}
	for _, p := range t.Players {
		if p == nil || len(p.Acceleration) == 0 {
			continue
		}
		fmt.Fprintf(bw, "XXA %4d", p.ID)
		for _, a := range p.Acceleration {
			fmt.Fprintf(bw, " %4s", a)
		}
		bw.WriteByte('\n')
	}
	if t.Rounds > 0 {
		fmt.Fprintf(bw, "XXR %d\n", t.Rounds)
	}
	switch t.InitialColor {
	case White:
		bw.WriteString("XXC white1\n")
	case Black:
		bw.WriteString("XXC black1\n")
	}
	if ps := t.Points; ps.Win != Standard.Win || ps.Draw != Standard.Draw || ps.Loss != 0 || ps.PairingBye != ps.Win || ps.Forfeit != 0 || ps.ZeroBye != 0 ||
		ps.ForfeitWin != ps.Win || ps.FullBye != ps.Win || ps.HalfBye != ps.Draw {
		fmt.Fprintf(bw, "XXS W=%s D=%s L=%s FW=%s FL=%s ZPB=%s HPB=%s FPB=%s PAB=%s\n",
			ps.Win, ps.Draw, ps.Loss, ps.ForfeitWin, ps.Forfeit, ps.ZeroBye, ps.HalfBye, ps.FullBye, ps.PairingBye)
	}
	return bw.Flush()
}

// charColumn returns s cut and padded to width characters: TRF columns
// count characters (as ReadTRF, bbpPairings and JaVaFo read them), so a
// Chinese name of 3 characters takes 3 columns, not its 9 bytes.
func charColumn(s string, width int) string {
	rs := []rune(s)
	if len(rs) > width {
		rs = rs[:width]
	}
	return string(rs) + strings.Repeat(" ", width-len(rs))
}

func ratingText(r int) string {
	if r == 0 {
		return ""
	}
	return strconv.Itoa(r)
}

func rankText(r int) string {
	if r == 0 {
		return ""
	}
	return strconv.Itoa(r)
}
