package games

import (
	"fmt"
	"strings"

	"qixue/rules/chess"
)

// The Chinese names of chess openings. The public table is English only;
// a line gets its Chinese name in this order:
//
//  1. our own table (ecoTable: the openings a school club meets, with
//     their usual Chinese names, e.g. 意大利开局：慢棋变例) when it names the
//     same position and the same family;
//  2. otherwise, for a subvariation of a variation named so, that name
//     and the rest in English ("西西里防御：纳道尔夫变例，Adams Attack");
//  3. otherwise the Chinese name of its family (familyZh: 西西里防御,
//     法兰西防御, 拒绝后翼弃兵 ...), followed by the rest of the English name
//     ("西西里防御：Najdorf Variation, English Attack");
//  4. otherwise none: the opening is shown by its English name.

// familyZh are the common Chinese names of opening families, as the
// public table spells the families (the name before ":").
var familyZh = map[string]string{
	"Polish Defense":                        "波兰防御",
	"Sicilian Defense":                      "西西里防御",
	"Ruy Lopez":                             "西班牙开局",
	"French Defense":                        "法兰西防御",
	"Queen's Gambit":                        "后翼弃兵",
	"Queen's Gambit Declined":               "拒绝后翼弃兵",
	"Queen's Gambit Accepted":               "接受后翼弃兵",
	"Italian Game":                          "意大利开局",
	"English Opening":                       "英国式开局",
	"King's Gambit":                         "王翼弃兵",
	"King's Gambit Accepted":                "接受王翼弃兵",
	"King's Gambit Declined":                "拒绝王翼弃兵",
	"King's Indian Defense":                 "王翼印度防御",
	"King's Indian Attack":                  "王翼印度进攻",
	"Caro-Kann Defense":                     "卡罗-卡恩防御",
	"Nimzo-Indian Defense":                  "尼姆佐维奇印度防御",
	"Queen's Indian Defense":                "后翼印度防御",
	"Bogo-Indian Defense":                   "波哥印度防御",
	"Old Indian Defense":                    "老印度防御",
	"East Indian Defense":                   "东印度防御",
	"Indian Defense":                        "印度防御",
	"Queen's Pawn Game":                     "后兵开局",
	"King's Pawn Game":                      "王兵开局",
	"King's Pawn Opening":                   "王兵开局",
	"King's Knight Opening":                 "王马开局",
	"Slav Defense":                          "斯拉夫防御",
	"Semi-Slav Defense":                     "半斯拉夫防御",
	"Semi-Slav Defense Accepted":            "接受半斯拉夫防御",
	"Dutch Defense":                         "荷兰防御",
	"Benoni Defense":                        "别诺尼防御",
	"Benko Gambit":                          "本科弃兵（伏尔加弃兵）",
	"Benko Gambit Accepted":                 "接受本科弃兵",
	"Benko Gambit Declined":                 "拒绝本科弃兵",
	"Grünfeld Defense":                      "格林菲尔德防御",
	"Neo-Grünfeld Defense":                  "新格林菲尔德防御",
	"Alekhine Defense":                      "阿廖欣防御",
	"Scotch Game":                           "苏格兰开局",
	"Petrov's Defense":                      "彼得罗夫防御",
	"Four Knights Game":                     "四马开局",
	"Three Knights Opening":                 "三马开局",
	"Scandinavian Defense":                  "斯堪的纳维亚防御",
	"Philidor Defense":                      "菲利道尔防御",
	"Réti Opening":                          "列蒂开局",
	"Zukertort Opening":                     "楚克尔托特开局",
	"Nimzowitsch Defense":                   "尼姆佐维奇防御",
	"Nimzo-Larsen Attack":                   "尼姆佐维奇-拉森进攻",
	"Vienna Game":                           "维也纳开局",
	"Bishop's Opening":                      "象开局",
	"Modern Defense":                        "现代防御",
	"Robatsch Defense":                      "现代防御",
	"Pirc Defense":                          "皮尔茨防御",
	"Catalan Opening":                       "卡塔兰开局",
	"Bird Opening":                          "伯德开局",
	"Tarrasch Defense":                      "塔拉什防御",
	"Polish Opening":                        "波兰开局",
	"Grob Opening":                          "格罗布开局",
	"Hungarian Opening":                     "匈牙利开局",
	"Blackmar-Diemer Gambit":                "布莱克马尔-迪默弃兵",
	"Blackmar-Diemer Gambit Accepted":       "接受布莱克马尔-迪默弃兵",
	"Blackmar-Diemer Gambit Declined":       "拒绝布莱克马尔-迪默弃兵",
	"Center Game":                           "中心开局",
	"Center Game Accepted":                  "中心开局",
	"Danish Gambit":                         "丹麦弃兵",
	"Danish Gambit Accepted":                "接受丹麦弃兵",
	"Danish Gambit Declined":                "拒绝丹麦弃兵",
	"Latvian Gambit":                        "拉脱维亚弃兵",
	"Latvian Gambit Accepted":               "接受拉脱维亚弃兵",
	"Elephant Gambit":                       "大象弃兵",
	"Englund Gambit":                        "英格伦弃兵",
	"Englund Gambit Declined":               "拒绝英格伦弃兵",
	"Ponziani Opening":                      "庞齐亚尼开局",
	"Trompowsky Attack":                     "特罗姆波夫斯基进攻",
	"Torre Attack":                          "托雷进攻",
	"London System":                         "伦敦体系",
	"Colle System":                          "科勒体系",
	"Richter-Veresov Attack":                "里希特-韦列索夫进攻",
	"Owen Defense":                          "欧文防御",
	"English Defense":                       "英国式防御",
	"Blumenfeld Countergambit":              "布卢门菲尔德反弃兵",
	"Blumenfeld Countergambit Accepted":     "接受布卢门菲尔德反弃兵",
	"Hippopotamus Defense":                  "河马防御",
	"Van Geet Opening":                      "范海特开局",
	"Anderssen's Opening":                   "安德森开局",
	"Pterodactyl Defense":                   "翼手龙防御",
	"Rat Defense":                           "老鼠防御",
	"Mexican Defense":                       "墨西哥防御",
	"Kangaroo Defense":                      "袋鼠防御",
	"Portuguese Opening":                    "葡萄牙开局",
	"Saragossa Opening":                     "萨拉戈萨开局",
	"Amar Opening":                          "阿马尔开局",
	"Ware Opening":                          "韦尔开局",
	"Mieses Opening":                        "米塞斯开局",
	"Van't Kruijs Opening":                  "范特克鲁伊斯开局",
	"Rubinstein Opening":                    "鲁宾斯坦开局",
	"Lion Defense":                          "狮子防御",
	"Borg Defense":                          "博格防御",
	"St. George Defense":                    "圣乔治防御",
	"Czech Defense":                         "捷克防御",
	"Pseudo Queen's Indian Defense":         "假后翼印度防御",
	"Queen's Indian Accelerated":            "后翼印度防御（提前变例）",
	"Rapport-Jobava System":                 "拉波特-约巴瓦体系",
	"Carr Defense":                          "卡尔防御",
	"Goldsmith Defense":                     "戈德史密斯防御",
	"Bongcloud Attack":                      "“邦云”进攻",
	"Amsterdam Attack":                      "阿姆斯特丹进攻",
	"Kádas Opening":                         "卡达什开局",
	"Clemenz Opening":                       "克莱门茨开局",
	"Barnes Opening":                        "巴恩斯开局",
	"Barnes Defense":                        "巴恩斯防御",
	"Sodium Attack":                         "钠进攻",
	"Mikenas Defense":                       "米克纳斯防御",
	"Horwitz Defense":                       "霍维茨防御",
	"Dresden Opening":                       "德累斯顿开局",
	"Duras Gambit":                          "杜拉斯弃兵",
	"Irish Gambit":                          "爱尔兰弃兵",
	"Valencia Opening":                      "巴伦西亚开局",
	"English Orangutan":                     "波兰开局",
	"Yusupov-Rubinstein System":             "尤苏波夫-鲁宾斯坦体系",
	"Marienbad System":                      "马林巴德体系",
	"Slav Indian":                           "斯拉夫印度防御",
	"Zukertort Defense":                     "楚克尔托特防御",
	"Queen's Pawn, Mengarini Attack":        "后兵开局：门加里尼进攻",
	"Queen's Indian Defense, with e3":       "后翼印度防御：e3 体系",
	"King's Indian Attack, with e6":         "王翼印度进攻：对 e6",
	"King's Indian Attack, with Bf5":        "王翼印度进攻：对象f5",
	"Vienna Gambit, with Max Lange Defense": "维也纳弃兵：马克斯·朗格防御",
}

// curatedZh returns, by position, the Chinese names of our own table with
// its English family.
func curatedZh() (map[uint64][2]string, error) {
	out := map[uint64][2]string{}
	for n, line := range strings.Split(strings.TrimSpace(ecoTable), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 4 {
			return nil, fmt.Errorf("Chinese opening names line %d: want 4 fields, got %d", n+1, len(f))
		}
		pos := chess.StartPosition()
		for _, san := range strings.Fields(f[3]) {
			m, err := pos.ParseMove(san)
			if err == nil {
				pos, err = pos.Play(m)
			}
			if err != nil {
				return nil, fmt.Errorf("Chinese opening names line %d (%s): %s: %v", n+1, f[0], san, err)
			}
		}
		out[positionKey(pos)] = [2]string{f[1], f[2]}
	}
	return out, nil
}

// family returns the family of a name: the public table's text before ":"
// (our table's before ","), without a parenthesis.
func family(name string, sep string) string {
	f, _, _ := strings.Cut(name, sep)
	if i := strings.Index(f, " ("); i >= 0 {
		f = f[:i]
	}
	return strings.TrimSpace(f)
}

// sameFamily compares family names across spellings: Defence/Defense,
// accents, apostrophes, case.
func sameFamily(a, b string) bool {
	return strings.EqualFold(familySpellings.Replace(a), familySpellings.Replace(b))
}

var familySpellings = strings.NewReplacer("Defence", "Defense", "é", "e", "ü", "u", "á", "a", "ö", "o", "'s", "", "'", "", "Centre", "Center", "Petroff", "Petrov")

// nameZh gives every opening of idx its Chinese name (see above).
func nameZh(idx *ecoIndex) error {
	cur, err := curatedZh()
	if err != nil {
		return err
	}
	byName := map[string]string{} // public name -> our Chinese name
	for k, i := range idx.byKey {
		o := &idx.list[i]
		if c, ok := cur[k]; ok && sameFamily(family(c[0], ","), family(o.Name, ":")) {
			o.NameZh = c[1]
			byName[o.Name] = c[1]
		}
	}
	for i := range idx.list {
		o := &idx.list[i]
		if o.NameZh != "" {
			continue
		}
		o.NameZh = inheritedZh(o.Name, byName)
		if o.NameZh == "" {
			o.NameZh = familyNameZh(o.Name)
		}
	}
	return nil
}

// inheritedZh names a subvariation after the longest variation above it
// that has a Chinese name of ours: "Sicilian Defense: Najdorf Variation,
// Adams Attack" is 纳道尔夫变例's name, then "Adams Attack".
func inheritedZh(name string, byName map[string]string) string {
	fam, rest, ok := strings.Cut(name, ": ")
	if !ok {
		return ""
	}
	parts := strings.Split(rest, ", ")
	for j := len(parts) - 1; j >= 1; j-- {
		if zh, ok := byName[fam+": "+strings.Join(parts[:j], ", ")]; ok {
			return zh + "，" + strings.Join(parts[j:], ", ")
		}
	}
	return ""
}

// familyNameZh is a name in Chinese by its family: the family's Chinese
// name and the rest of the English name, or "" for a family without one.
func familyNameZh(name string) string {
	fam, rest, _ := strings.Cut(name, ": ")
	if zh, ok := familyZh[fam]; ok {
		if rest == "" {
			return zh
		}
		return zh + "：" + rest
	}
	// "Vienna Gambit, with Max Lange Defense" without its own entry: the
	// family before the comma.
	base, more, ok := strings.Cut(fam, ", ")
	if zh, found := familyZh[base]; ok && found {
		rest = strings.TrimSpace(more + ", " + rest)
		rest = strings.TrimSuffix(rest, ",")
		return strings.TrimSuffix(zh+"："+strings.TrimSuffix(strings.TrimSpace(rest), ", "), "：")
	}
	return ""
}
