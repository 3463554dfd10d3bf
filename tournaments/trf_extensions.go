package tournaments

import (
	"fmt"
	"strconv"
	"strings"
)

func (rd *trfReader) pointSystem162(n int, line string) error {
	ps := &rd.t.Points
	col := 6
	for ; col+4 <= len(line); col += 9 {
		sym := line[col-1]
		v, err := parsePoints(field(line, col+1, col+4))
		if err != nil {
			return trfErrOf(n, col+1, err)
		}
		switch sym {
		case 'W':
			ps.Win, ps.FullBye, ps.ForfeitWin = v, v, v
			if ps.pairingByeIsDefault {
				ps.PairingBye = v
			}
		case 'D':
			ps.Draw, ps.HalfBye = v, v
		case 'L':
			ps.Loss = v
		case 'Z':
			ps.ZeroBye, ps.Forfeit = v, v
		case 'P':
			ps.PairingBye, ps.pairingByeIsDefault = v, false
		default:
			return trfErr(n, col, fmt.Sprintf("unknown result symbol %q in the point system", sym), fmt.Sprintf("计分方法里有不认识的结果符号 %q", sym))
		}
	}
	return nil
}

func (rd *trfReader) pointSystemXXS(n int, line string) error {
	ps := &rd.t.Points
	// A game result also sets the byes and forfeits that follow it (a
	// full-point bye and a forfeit win are worth a win, a half-point bye a
	// draw) unless the line gives them explicitly.
	explicit := map[string]bool{}
	type setting struct {
		k string
		p Points
	}
	var settings []setting
	for _, f := range strings.Fields(line[3:]) {
		col := 4 + strings.Index(line[3:], f)
		k, v, ok := strings.Cut(f, "=")
		p, err := parsePoints(v)
		if !ok || err != nil {
			return trfErr(n, col, fmt.Sprintf("%q must be CODE=points", f), fmt.Sprintf("%q 应该写成 代码=分数", f))
		}
		switch k {
		case "W", "WW", "BW", "D", "WD", "BD", "L", "WL", "BL":
			k = k[len(k)-1:]
		case "FW", "FL", "ZPB", "HPB", "FPB", "PAB":
		default:
			return trfErr(n, col, fmt.Sprintf("unknown XXS code %q", k), fmt.Sprintf("不认识的 XXS 代码 %q", k))
		}
		explicit[k] = true
		settings = append(settings, setting{k, p})
	}
	for _, st := range settings {
		switch p := st.p; st.k {
		case "W":
			ps.Win = p
			if !explicit["FW"] {
				ps.ForfeitWin = p
			}
			if !explicit["FPB"] {
				ps.FullBye = p
			}
			if ps.pairingByeIsDefault {
				ps.PairingBye = p
			}
		case "D":
			ps.Draw = p
			if !explicit["HPB"] {
				ps.HalfBye = p
			}
		case "L":
			ps.Loss = p
		case "FW":
			ps.ForfeitWin = p
		case "FL":
			ps.Forfeit = p
		case "ZPB":
			ps.ZeroBye = p
		case "HPB":
			ps.HalfBye = p
		case "FPB":
			ps.FullBye = p
		case "PAB":
			ps.PairingBye, ps.pairingByeIsDefault = p, false
		}
	}
	return nil
}

func (rd *trfReader) accelerationXXA(n int, line string) error {
	id, err := strconv.Atoi(strings.TrimSpace(field(line, 5, 8)))
	if err != nil || id < 1 || id > maxTRFPlayers {
		return trfErr(n, 5, "the start rank (columns 5-8) must be a number", "编号（第 5-8 列）必须是数")
	}
	var acc []Points
	for col := 10; col <= len(line); col += 5 {
		s := field(line, col, col+3)
		if strings.TrimSpace(s) == "" {
			acc = append(acc, 0)
			continue
		}
		p, err := parsePoints(s)
		if err != nil {
			return trfErrOf(n, col, err)
		}
		acc = append(acc, p)
	}
	if len(acc) > maxTRFRounds {
		return trfErr(n, 10, "more than 99 rounds of acceleration", "加速积分超过了 99 轮")
	}
	if rd.acc == nil {
		rd.acc = map[int][]Points{}
	}
	rd.acc[id] = acc
	rd.accLine = append(rd.accLine, [2]int{id, n})
	return nil
}

func (rd *trfReader) byes240(n int, line string) error {
	if len(line) < 11 {
		return trfErr(n, len(line)+1, "a 240 line needs a kind, a round and players", "240 行要有类型、轮次和棋手")
	}
	kind := line[4]
	round, err := strconv.Atoi(strings.TrimSpace(field(line, 7, 9)))
	if err != nil || round < 1 || round > maxTRFRounds {
		return trfErr(n, 7, "the round (columns 7-9) must be a number from 1 to 99", "轮次（第 7-9 列）必须是 1 到 99 的数")
	}
	for col := 11; col <= len(line); col += 5 {
		id, err := strconv.Atoi(strings.TrimSpace(field(line, col, col+3)))
		if err != nil || id < 1 || id > maxTRFPlayers {
			return trfErr(n, col, "expected a start rank", "这里应该是编号")
		}
		rd.byes = append(rd.byes, byeAhead{round: round, player: id, line: n, kind: kind})
	}
	return nil
}
