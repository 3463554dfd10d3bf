package games

// ecoTable is our own list of the chess openings a school club meets,
// one per line: ECO code | English name | Chinese name | moves in SAN from
// the starting position. Games are named by the public table (ecodata/);
// this list gives the Chinese names we teach: a public line reaching one of
// these positions, in the same family, takes its Chinese name from here
// (see openings_zh.go). Every line is replayed by the engine when the
// names are first used (and by the tests).
const ecoTable = `
A00|Polish Opening|波兰开局|b4
A00|Grob Opening|格罗布开局|g4
A00|Anderssen Opening|安德森开局|a3
A01|Nimzowitsch-Larsen Attack|尼姆佐维奇-拉森进攻|b3
A02|Bird Opening|伯德开局|f4
A03|Bird Opening, Dutch Variation|伯德开局：荷兰变例|f4 d5
A04|Réti Opening|列蒂开局|Nf3
A05|Réti Opening, 1...Nf6|列蒂开局：1...马f6|Nf3 Nf6
A06|Réti Opening, 1...d5|列蒂开局：1...d5|Nf3 d5
A07|King's Indian Attack|王翼印度进攻|Nf3 d5 g3
A09|Réti Opening, 2.c4|列蒂开局：2.c4|Nf3 d5 c4
A10|English Opening|英国式开局|c4
A13|English Opening, 1...e6|英国式开局：1...e6|c4 e6
A15|English Opening, Anglo-Indian Defence|英国式开局：英印防御|c4 Nf6
A16|English Opening, Anglo-Indian, 2.Nc3|英国式开局：英印防御 2.马c3|c4 Nf6 Nc3
A20|English Opening, King's English|英国式开局：王兵反击|c4 e5
A21|English Opening, 2.Nc3 e5|英国式开局：2.马c3|c4 e5 Nc3
A22|English Opening, Two Knights|英国式开局：双马变例|c4 e5 Nc3 Nf6
A25|English Opening, Closed (Reversed Sicilian)|英国式开局：封闭变例|c4 e5 Nc3 Nc6
A30|English Opening, Symmetrical Variation|英国式开局：对称变例|c4 c5
A40|Queen's Pawn Game|后兵开局|d4
A40|Englund Gambit|英格伦弃兵|d4 e5
A41|Queen's Pawn Game, 1...d6|后兵开局：1...d6|d4 d6
A43|Old Benoni Defence|老别诺尼防御|d4 c5
A44|Old Benoni Defence, 2.d5 e5|老别诺尼防御：2.d5 e5|d4 c5 d5 e5
A45|Indian Defence|印度防御|d4 Nf6
A45|Trompowsky Attack|特罗姆波夫斯基进攻|d4 Nf6 Bg5
A46|Indian Defence, 2.Nf3|印度防御：2.马f3|d4 Nf6 Nf3
A46|Torre Attack|托雷进攻|d4 Nf6 Nf3 e6 Bg5
A47|Queen's Indian Defence without c4|后翼印度防御（白不走c4）|d4 Nf6 Nf3 b6
A48|East Indian Defence|东印度防御|d4 Nf6 Nf3 g6
A48|London System against ...g6|伦敦体系（对...g6）|d4 Nf6 Nf3 g6 Bf4
A50|Indian Defence, 2.c4|印度防御：2.c4|d4 Nf6 c4
A51|Budapest Gambit|布达佩斯弃兵|d4 Nf6 c4 e5
A52|Budapest Gambit, 3...Ng4|布达佩斯弃兵：3...马g4|d4 Nf6 c4 e5 dxe5 Ng4
A53|Old Indian Defence|老印度防御|d4 Nf6 c4 d6
A56|Benoni Defence|别诺尼防御|d4 Nf6 c4 c5
A57|Benko Gambit|本科弃兵（伏尔加弃兵）|d4 Nf6 c4 c5 d5 b5
A58|Benko Gambit Accepted|接受本科弃兵|d4 Nf6 c4 c5 d5 b5 cxb5 a6 bxa6
A60|Modern Benoni Defence|现代别诺尼防御|d4 Nf6 c4 c5 d5 e6
A80|Dutch Defence|荷兰防御|d4 f5
A81|Dutch Defence, 2.g3|荷兰防御：2.g3|d4 f5 g3
A82|Dutch Defence, Staunton Gambit|荷兰防御：斯汤顿弃兵|d4 f5 e4
A84|Dutch Defence, 2.c4|荷兰防御：2.c4|d4 f5 c4
A85|Dutch Defence, 2.c4 Nf6 3.Nc3|荷兰防御：3.马c3|d4 f5 c4 Nf6 Nc3
A86|Dutch Defence, 3.g3|荷兰防御：3.g3|d4 f5 c4 Nf6 g3
A87|Dutch Defence, Leningrad Variation|荷兰防御：列宁格勒变例|d4 f5 c4 Nf6 g3 g6 Bg2 Bg7 Nf3
B00|King's Pawn Opening|王兵开局|e4
B00|Nimzowitsch Defence|尼姆佐维奇防御|e4 Nc6
B00|Owen Defence|欧文防御|e4 b6
B01|Scandinavian Defence|斯堪的纳维亚防御|e4 d5
B01|Scandinavian Defence, 2...Qxd5|斯堪的纳维亚防御：2...后xd5|e4 d5 exd5 Qxd5
B01|Scandinavian Defence, 2...Nf6|斯堪的纳维亚防御：2...马f6|e4 d5 exd5 Nf6
B02|Alekhine Defence|阿廖欣防御|e4 Nf6
B03|Alekhine Defence, 3.d4|阿廖欣防御：3.d4|e4 Nf6 e5 Nd5 d4
B03|Alekhine Defence, Four Pawns Attack|阿廖欣防御：四兵进攻|e4 Nf6 e5 Nd5 d4 d6 c4 Nb6 f4
B04|Alekhine Defence, Modern Variation|阿廖欣防御：现代变例|e4 Nf6 e5 Nd5 d4 d6 Nf3
B06|Modern Defence|现代防御|e4 g6
B07|Pirc Defence|皮尔茨防御|e4 d6 d4 Nf6 Nc3 g6
B08|Pirc Defence, Classical Variation|皮尔茨防御：古典变例|e4 d6 d4 Nf6 Nc3 g6 Nf3
B09|Pirc Defence, Austrian Attack|皮尔茨防御：奥地利进攻|e4 d6 d4 Nf6 Nc3 g6 f4
B10|Caro-Kann Defence|卡罗-卡恩防御|e4 c6
B10|Caro-Kann Defence, Two Knights|卡罗-卡恩防御：双马变例|e4 c6 Nc3 d5 Nf3
B12|Caro-Kann Defence, Advance Variation|卡罗-卡恩防御：推进变例|e4 c6 d4 d5 e5
B13|Caro-Kann Defence, Exchange Variation|卡罗-卡恩防御：兑换变例|e4 c6 d4 d5 exd5 cxd5
B13|Caro-Kann Defence, Panov Attack|卡罗-卡恩防御：潘诺夫进攻|e4 c6 d4 d5 exd5 cxd5 c4
B15|Caro-Kann Defence, 3.Nc3|卡罗-卡恩防御：3.马c3|e4 c6 d4 d5 Nc3
B17|Caro-Kann Defence, Karpov Variation|卡罗-卡恩防御：卡尔波夫变例|e4 c6 d4 d5 Nc3 dxe4 Nxe4 Nd7
B18|Caro-Kann Defence, Classical Variation|卡罗-卡恩防御：古典变例|e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5
B20|Sicilian Defence|西西里防御|e4 c5
B21|Sicilian Defence, Grand Prix Attack|西西里防御：大奖赛进攻|e4 c5 f4
B21|Sicilian Defence, Smith-Morra Gambit|西西里防御：史密斯-莫拉弃兵|e4 c5 d4 cxd4 c3
B22|Sicilian Defence, Alapin Variation|西西里防御：阿拉宾变例|e4 c5 c3
B23|Sicilian Defence, Closed|西西里防御：封闭变例|e4 c5 Nc3
B27|Sicilian Defence, 2.Nf3|西西里防御：2.马f3|e4 c5 Nf3
B29|Sicilian Defence, Nimzowitsch Variation|西西里防御：尼姆佐维奇变例|e4 c5 Nf3 Nf6
B30|Sicilian Defence, 2...Nc6|西西里防御：2...马c6|e4 c5 Nf3 Nc6
B30|Sicilian Defence, Rossolimo Variation|西西里防御：罗索里莫变例|e4 c5 Nf3 Nc6 Bb5
B32|Sicilian Defence, Open, 2...Nc6|西西里防御：开放变例 2...马c6|e4 c5 Nf3 Nc6 d4 cxd4 Nxd4
B33|Sicilian Defence, Sveshnikov Variation|西西里防御：斯韦什尼科夫变例|e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5
B32|Sicilian Defence, Accelerated Dragon|西西里防御：加速龙式变例|e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 g6
B36|Sicilian Defence, Maróczy Bind|西西里防御：马罗齐包围|e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 g6 c4
B40|Sicilian Defence, 2...e6|西西里防御：2...e6|e4 c5 Nf3 e6
B41|Sicilian Defence, Kan Variation|西西里防御：坎变例|e4 c5 Nf3 e6 d4 cxd4 Nxd4 a6
B44|Sicilian Defence, Taimanov Variation|西西里防御：泰马诺夫变例|e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6
B50|Sicilian Defence, 2...d6|西西里防御：2...d6|e4 c5 Nf3 d6
B51|Sicilian Defence, Moscow Variation|西西里防御：莫斯科变例|e4 c5 Nf3 d6 Bb5+
B53|Sicilian Defence, 4.Qxd4|西西里防御：4.后xd4|e4 c5 Nf3 d6 d4 cxd4 Qxd4
B54|Sicilian Defence, Open, 2...d6|西西里防御：开放变例 2...d6|e4 c5 Nf3 d6 d4 cxd4 Nxd4
B56|Sicilian Defence, 5.Nc3|西西里防御：5.马c3|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3
B56|Sicilian Defence, Classical Variation|西西里防御：古典变例|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6
B57|Sicilian Defence, Sozin Attack|西西里防御：索津进攻|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6 Bc4
B60|Sicilian Defence, Richter-Rauzer Attack|西西里防御：里赫特-劳泽尔进攻|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 Nc6 Bg5
B70|Sicilian Defence, Dragon Variation|西西里防御：龙式变例|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6
B72|Sicilian Defence, Dragon, 6.Be3|西西里防御：龙式变例 6.象e3|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6 Be3
B75|Sicilian Defence, Dragon, Yugoslav Attack|西西里防御：龙式变例南斯拉夫进攻|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6 Be3 Bg7 f3
B80|Sicilian Defence, Scheveningen Variation|西西里防御：舍维宁根变例|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 e6
B81|Sicilian Defence, Scheveningen, Keres Attack|西西里防御：舍维宁根变例凯列斯进攻|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 e6 g4
B90|Sicilian Defence, Najdorf Variation|西西里防御：纳道尔夫变例|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6
B90|Sicilian Defence, Najdorf, English Attack|西西里防御：纳道尔夫变例英国进攻|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3
B92|Sicilian Defence, Najdorf, 6.Be2|西西里防御：纳道尔夫变例 6.象e2|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be2
B94|Sicilian Defence, Najdorf, 6.Bg5|西西里防御：纳道尔夫变例 6.象g5|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Bg5
B96|Sicilian Defence, Najdorf, 6.Bg5 e6 7.f4|西西里防御：纳道尔夫变例 7.f4|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Bg5 e6 f4
B97|Sicilian Defence, Najdorf, Poisoned Pawn|西西里防御：纳道尔夫变例毒兵变例|e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Bg5 e6 f4 Qb6
C00|French Defence|法兰西防御|e4 e6
C01|French Defence, Exchange Variation|法兰西防御：兑换变例|e4 e6 d4 d5 exd5
C02|French Defence, Advance Variation|法兰西防御：推进变例|e4 e6 d4 d5 e5
C03|French Defence, Tarrasch Variation|法兰西防御：塔拉什变例|e4 e6 d4 d5 Nd2
C10|French Defence, 3.Nc3|法兰西防御：3.马c3|e4 e6 d4 d5 Nc3
C10|French Defence, Rubinstein Variation|法兰西防御：鲁宾斯坦变例|e4 e6 d4 d5 Nc3 dxe4
C11|French Defence, Classical Variation|法兰西防御：古典变例|e4 e6 d4 d5 Nc3 Nf6
C11|French Defence, Steinitz Variation|法兰西防御：斯坦尼茨变例|e4 e6 d4 d5 Nc3 Nf6 e5
C12|French Defence, MacCutcheon Variation|法兰西防御：麦卡琴变例|e4 e6 d4 d5 Nc3 Nf6 Bg5 Bb4
C13|French Defence, Classical, 4.Bg5 Be7|法兰西防御：古典变例 4...象e7|e4 e6 d4 d5 Nc3 Nf6 Bg5 Be7
C15|French Defence, Winawer Variation|法兰西防御：维纳维尔变例|e4 e6 d4 d5 Nc3 Bb4
C17|French Defence, Winawer, Main Line|法兰西防御：维纳维尔变例主线|e4 e6 d4 d5 Nc3 Bb4 e5 c5 a3
C20|King's Pawn Game, 1...e5|王兵开局：1...e5|e4 e5
C21|Centre Game|中心开局|e4 e5 d4 exd4
C21|Danish Gambit|丹麦弃兵|e4 e5 d4 exd4 c3
C22|Centre Game, 3.Qxd4|中心开局：3.后xd4|e4 e5 d4 exd4 Qxd4 Nc6
C23|Bishop's Opening|象开局|e4 e5 Bc4
C24|Bishop's Opening, Berlin Defence|象开局：柏林防御|e4 e5 Bc4 Nf6
C25|Vienna Game|维也纳开局|e4 e5 Nc3
C26|Vienna Game, 2...Nf6|维也纳开局：2...马f6|e4 e5 Nc3 Nf6
C29|Vienna Gambit|维也纳弃兵|e4 e5 Nc3 Nf6 f4
C30|King's Gambit|王翼弃兵|e4 e5 f4
C31|King's Gambit Declined, Falkbeer Countergambit|拒绝王翼弃兵：福尔克比尔反弃兵|e4 e5 f4 d5
C33|King's Gambit Accepted|接受王翼弃兵|e4 e5 f4 exf4
C34|King's Gambit Accepted, King's Knight Gambit|接受王翼弃兵：王马弃兵|e4 e5 f4 exf4 Nf3
C40|King's Knight Opening|王马开局|e4 e5 Nf3
C40|Latvian Gambit|拉脱维亚弃兵|e4 e5 Nf3 f5
C40|Elephant Gambit|大象弃兵|e4 e5 Nf3 d5
C41|Philidor Defence|菲利道尔防御|e4 e5 Nf3 d6
C42|Petrov Defence|彼得罗夫防御（俄罗斯防御）|e4 e5 Nf3 Nf6
C43|Petrov Defence, Modern Attack|彼得罗夫防御：现代进攻|e4 e5 Nf3 Nf6 d4
C44|King's Pawn Game, 2...Nc6|王兵开局：2...马c6|e4 e5 Nf3 Nc6
C44|Ponziani Opening|庞齐亚尼开局|e4 e5 Nf3 Nc6 c3
C44|Scotch Opening, 3.d4|苏格兰开局：3.d4|e4 e5 Nf3 Nc6 d4
C44|Scotch Gambit|苏格兰弃兵|e4 e5 Nf3 Nc6 d4 exd4 Bc4
C45|Scotch Game|苏格兰开局|e4 e5 Nf3 Nc6 d4 exd4 Nxd4
C46|Three Knights Game|三马开局|e4 e5 Nf3 Nc6 Nc3
C47|Four Knights Game|四马开局|e4 e5 Nf3 Nc6 Nc3 Nf6
C47|Four Knights Game, Scotch Variation|四马开局：苏格兰变例|e4 e5 Nf3 Nc6 Nc3 Nf6 d4
C48|Four Knights Game, Spanish Variation|四马开局：西班牙变例|e4 e5 Nf3 Nc6 Nc3 Nf6 Bb5
C50|Italian Game|意大利开局|e4 e5 Nf3 Nc6 Bc4
C50|Italian Game, Giuoco Piano|意大利开局：慢棋变例|e4 e5 Nf3 Nc6 Bc4 Bc5
C50|Italian Game, Hungarian Defence|意大利开局：匈牙利防御|e4 e5 Nf3 Nc6 Bc4 Be7
C50|Italian Game, Giuoco Pianissimo|意大利开局：极慢变例|e4 e5 Nf3 Nc6 Bc4 Bc5 d3
C51|Evans Gambit|埃文斯弃兵|e4 e5 Nf3 Nc6 Bc4 Bc5 b4
C53|Italian Game, 4.c3|意大利开局：4.c3|e4 e5 Nf3 Nc6 Bc4 Bc5 c3
C54|Italian Game, 4.c3 Nf6 5.d4|意大利开局：5.d4|e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4
C55|Two Knights Defence|双马防御|e4 e5 Nf3 Nc6 Bc4 Nf6
C57|Two Knights Defence, 4.Ng5|双马防御：4.马g5|e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5
C57|Two Knights Defence, Traxler Counterattack|双马防御：特拉克斯勒反击|e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 Bc5
C57|Two Knights Defence, Fried Liver Attack|双马防御：炸肝攻击|e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Nxd5 Nxf7
C58|Two Knights Defence, 5...Na5|双马防御：5...马a5|e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Na5
C60|Ruy Lopez (Spanish Game)|西班牙开局|e4 e5 Nf3 Nc6 Bb5
C62|Ruy Lopez, Old Steinitz Defence|西班牙开局：老斯坦尼茨防御|e4 e5 Nf3 Nc6 Bb5 d6
C63|Ruy Lopez, Schliemann Defence|西班牙开局：施利曼防御|e4 e5 Nf3 Nc6 Bb5 f5
C64|Ruy Lopez, Classical Defence|西班牙开局：古典防御|e4 e5 Nf3 Nc6 Bb5 Bc5
C65|Ruy Lopez, Berlin Defence|西班牙开局：柏林防御|e4 e5 Nf3 Nc6 Bb5 Nf6
C67|Ruy Lopez, Berlin Defence, 4.O-O Nxe4|西班牙开局：柏林防御 4...马xe4|e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4
C67|Ruy Lopez, Berlin Wall|西班牙开局：柏林墙|e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6 Bxc6 dxc6 dxe5 Nf5 Qxd8+ Kxd8
C68|Ruy Lopez, Exchange Variation|西班牙开局：兑换变例|e4 e5 Nf3 Nc6 Bb5 a6 Bxc6
C70|Ruy Lopez, 3...a6 4.Ba4|西班牙开局：4.象a4|e4 e5 Nf3 Nc6 Bb5 a6 Ba4
C77|Ruy Lopez, Morphy Defence|西班牙开局：莫菲防御|e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6
C78|Ruy Lopez, 5.O-O|西班牙开局：5.短易位|e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O
C80|Ruy Lopez, Open Variation|西班牙开局：开放变例|e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Nxe4
C84|Ruy Lopez, Closed Variation|西班牙开局：封闭变例|e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7
C88|Ruy Lopez, Closed, 7.Bb3|西班牙开局：封闭变例 7.象b3|e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3
C89|Ruy Lopez, Marshall Attack|西班牙开局：马歇尔进攻|e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 O-O c3 d5
C92|Ruy Lopez, Closed, 9.h3|西班牙开局：封闭变例 9.h3|e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3
C94|Ruy Lopez, Closed, Breyer Defence|西班牙开局：布雷耶尔防御|e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8
C96|Ruy Lopez, Closed, Chigorin Defence|西班牙开局：契戈林防御|e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Na5 Bc2
D00|Queen's Pawn Game, 1...d5|后兵开局：1...d5|d4 d5
D00|London System|伦敦体系|d4 d5 Bf4
D00|Blackmar-Diemer Gambit|布莱克马尔-迪默弃兵|d4 d5 e4
D02|Queen's Pawn Game, 2.Nf3|后兵开局：2.马f3|d4 d5 Nf3
D02|London System, 2.Nf3 Nf6 3.Bf4|伦敦体系：2.马f3|d4 d5 Nf3 Nf6 Bf4
D03|Torre Attack, 2...d5|托雷进攻：2...d5|d4 d5 Nf3 Nf6 Bg5
D04|Colle System|科勒体系|d4 d5 Nf3 Nf6 e3
D06|Queen's Gambit|后翼弃兵|d4 d5 c4
D07|Queen's Gambit Declined, Chigorin Defence|拒绝后翼弃兵：契戈林防御|d4 d5 c4 Nc6
D08|Queen's Gambit Declined, Albin Countergambit|拒绝后翼弃兵：阿尔宾反弃兵|d4 d5 c4 e5
D10|Slav Defence|斯拉夫防御|d4 d5 c4 c6
D11|Slav Defence, 3.Nf3|斯拉夫防御：3.马f3|d4 d5 c4 c6 Nf3
D15|Slav Defence, 4.Nc3|斯拉夫防御：4.马c3|d4 d5 c4 c6 Nf3 Nf6 Nc3
D17|Slav Defence, Main Line|斯拉夫防御：主线|d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5
D20|Queen's Gambit Accepted|接受后翼弃兵|d4 d5 c4 dxc4
D30|Queen's Gambit Declined|拒绝后翼弃兵|d4 d5 c4 e6
D31|Queen's Gambit Declined, 3.Nc3|拒绝后翼弃兵：3.马c3|d4 d5 c4 e6 Nc3
D32|Queen's Gambit Declined, Tarrasch Defence|拒绝后翼弃兵：塔拉什防御|d4 d5 c4 e6 Nc3 c5
D35|Queen's Gambit Declined, 3...Nf6|拒绝后翼弃兵：3...马f6|d4 d5 c4 e6 Nc3 Nf6
D35|Queen's Gambit Declined, Exchange Variation|拒绝后翼弃兵：兑换变例|d4 d5 c4 e6 Nc3 Nf6 cxd5 exd5
D37|Queen's Gambit Declined, 4.Nf3|拒绝后翼弃兵：4.马f3|d4 d5 c4 e6 Nc3 Nf6 Nf3
D38|Queen's Gambit Declined, Ragozin Defence|拒绝后翼弃兵：拉戈津防御|d4 d5 c4 e6 Nc3 Nf6 Nf3 Bb4
D43|Semi-Slav Defence|半斯拉夫防御|d4 d5 c4 e6 Nc3 Nf6 Nf3 c6
D45|Semi-Slav Defence, 5.e3|半斯拉夫防御：5.e3|d4 d5 c4 e6 Nc3 Nf6 Nf3 c6 e3
D47|Semi-Slav Defence, Meran Variation|半斯拉夫防御：梅兰变例|d4 d5 c4 e6 Nc3 Nf6 Nf3 c6 e3 Nbd7 Bd3 dxc4 Bxc4 b5
D50|Queen's Gambit Declined, 4.Bg5|拒绝后翼弃兵：4.象g5|d4 d5 c4 e6 Nc3 Nf6 Bg5
D53|Queen's Gambit Declined, 4.Bg5 Be7|拒绝后翼弃兵：4...象e7|d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7
D56|Queen's Gambit Declined, Lasker Defence|拒绝后翼弃兵：拉斯克防御|d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 Ne4
D58|Queen's Gambit Declined, Tartakower Defence|拒绝后翼弃兵：塔塔科维尔防御|d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6
D60|Queen's Gambit Declined, Orthodox Defence|拒绝后翼弃兵：正统防御|d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 Nbd7
D80|Grünfeld Defence|格林菲尔德防御|d4 Nf6 c4 g6 Nc3 d5
D85|Grünfeld Defence, Exchange Variation|格林菲尔德防御：兑换变例|d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5
D85|Grünfeld Defence, Exchange, 5.e4|格林菲尔德防御：兑换变例 5.e4|d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5 e4 Nxc3 bxc3
D90|Grünfeld Defence, 4.Nf3|格林菲尔德防御：4.马f3|d4 Nf6 c4 g6 Nc3 d5 Nf3
D96|Grünfeld Defence, Russian Variation|格林菲尔德防御：俄罗斯变例|d4 Nf6 c4 g6 Nc3 d5 Nf3 Bg7 Qb3
E00|Indian Defence, 2...e6|印度防御：2...e6|d4 Nf6 c4 e6
E00|Catalan Opening|卡塔兰开局|d4 Nf6 c4 e6 g3
E04|Catalan Opening, Open Variation|卡塔兰开局：开放变例|d4 Nf6 c4 e6 g3 d5 Bg2 dxc4 Nf3
E06|Catalan Opening, Closed Variation|卡塔兰开局：封闭变例|d4 Nf6 c4 e6 g3 d5 Bg2 Be7 Nf3
E10|Indian Defence, 3.Nf3|印度防御：3.马f3|d4 Nf6 c4 e6 Nf3
E11|Bogo-Indian Defence|波哥印度防御|d4 Nf6 c4 e6 Nf3 Bb4+
E12|Queen's Indian Defence|后翼印度防御|d4 Nf6 c4 e6 Nf3 b6
E15|Queen's Indian Defence, 4.g3|后翼印度防御：4.g3|d4 Nf6 c4 e6 Nf3 b6 g3
E20|Nimzo-Indian Defence|尼姆佐维奇印度防御|d4 Nf6 c4 e6 Nc3 Bb4
E21|Nimzo-Indian Defence, Three Knights|尼姆佐维奇印度防御：三马变例|d4 Nf6 c4 e6 Nc3 Bb4 Nf3
E24|Nimzo-Indian Defence, Sämisch Variation|尼姆佐维奇印度防御：萨米什变例|d4 Nf6 c4 e6 Nc3 Bb4 a3
E32|Nimzo-Indian Defence, Classical Variation|尼姆佐维奇印度防御：古典变例|d4 Nf6 c4 e6 Nc3 Bb4 Qc2
E40|Nimzo-Indian Defence, Rubinstein Variation|尼姆佐维奇印度防御：鲁宾斯坦变例|d4 Nf6 c4 e6 Nc3 Bb4 e3
E60|King's Indian Defence|王翼印度防御|d4 Nf6 c4 g6
E61|King's Indian Defence, 3.Nc3|王翼印度防御：3.马c3|d4 Nf6 c4 g6 Nc3
E62|King's Indian Defence, Fianchetto Variation|王翼印度防御：侧翼出象变例|d4 Nf6 c4 g6 Nc3 Bg7 Nf3 d6 g3
E70|King's Indian Defence, 4.e4|王翼印度防御：4.e4|d4 Nf6 c4 g6 Nc3 Bg7 e4
E73|King's Indian Defence, Averbakh Variation|王翼印度防御：阿维尔巴赫变例|d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Be2 O-O Bg5
E76|King's Indian Defence, Four Pawns Attack|王翼印度防御：四兵进攻|d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 f4
E80|King's Indian Defence, Sämisch Variation|王翼印度防御：萨米什变例|d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 f3
E90|King's Indian Defence, Classical Variation|王翼印度防御：古典变例|d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3
E91|King's Indian Defence, 6.Be2|王翼印度防御：6.象e2|d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2
E92|King's Indian Defence, 6...e5|王翼印度防御：6...e5|d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5
E94|King's Indian Defence, Orthodox Variation|王翼印度防御：正统变例|d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O
E97|King's Indian Defence, Mar del Plata Variation|王翼印度防御：马德普拉塔变例|d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7
`
