package exercises

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"

	"qixue/domain"
	"qixue/rules/chess"
	"qixue/rules/game"
)

// sanInText finds moves written in SAN inside zh-CN or en prose: piece
// moves, pawn captures, castling, and pawn moves marked + or # (a bare
// "e4" is read as a square, not a move).
var sanInText = regexp.MustCompile(`(O-O-O|O-O|[KQRBN][a-h]?[1-8]?x?[a-h][1-8](?:=[QRBN])?[+#]?|[a-h]x[a-h][1-8](?:=[QRBN])?[+#]?|[a-h][1-8](?:=[QRBN])?[+#])`)

// moveNumber ends a move number written before a move: "2.", "10…",
// "10...".
var moveNumber = regexp.MustCompile(`(?:^|[^A-Za-z0-9])\d+(?:\.|…|\.\.\.)\s?$`)

// textMove is a move named in a text; Numbered when a move number comes
// before it.
type textMove struct {
	SAN      string
	Numbered bool
}

// movesInText returns the SAN moves named in s, in order.
func movesInText(s string) []textMove {
	var out []textMove
	for _, m := range sanInText.FindAllStringIndex(s, -1) {
		if m[0] > 0 && isAlnum(s[m[0]-1]) && s[m[0]-1] != '.' || m[1] < len(s) && isAlnum(s[m[1]]) {
			continue
		}
		out = append(out, textMove{SAN: s[m[0]:m[1]], Numbered: moveNumber.MatchString(s[:m[0]])})
	}
	return out
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// chessTextProblems checks every move named in text: it must be legal in
// root or after a move named before it (texts give lines and
// alternatives), and a move marked # must mate, one marked + must check.
// Moves in named (text written on purpose about an impossible move) are
// skipped.
func chessTextProblems(root chess.Position, text string, named map[string]bool) []string {
	return chessTextProblemsAfter(root, "", text, named)
}

// chessTextProblemsAfter is chessTextProblems for a diagram whose last
// move (from-to, e.g. "f6h5") is shown: a move to last's square is the
// move that led to the position ("after 10...Nh5").
func chessTextProblemsAfter(root chess.Position, last, text string, named map[string]bool) []string {
	var problems []string
	frontier := []chess.Position{root}
	seen := map[string]bool{root.FEN(): true}
	for _, tm := range movesInText(text) {
		tok := tm.SAN
		if named[tok] || len(last) == 4 && strings.Contains(strings.TrimRight(tok, "+#"), last[2:]) {
			continue
		}
		bare := strings.TrimRight(tok, "+#")
		var after []chess.Position
		candidates := frontier
		if tm.Numbered {
			// A numbered line often leaves the replies out ("1.Kc7
			// ... 2.Ra1#"): any reply may come before a numbered move.
			for _, pos := range frontier {
				candidates = append(candidates, replies(pos)...)
			}
		}
		for _, pos := range candidates {
			m, err := pos.ParseMove(bare)
			if err != nil {
				continue
			}
			next, err := pos.Play(m)
			if err == nil {
				after = append(after, next)
			}
		}
		if len(after) == 0 {
			problems = append(problems, tok+" is not a legal move here (nor after a move named before it)")
			continue
		}
		claim := ""
		switch {
		case strings.HasSuffix(tok, "#"):
			claim = "mate"
		case strings.HasSuffix(tok, "+"):
			claim = "check"
		}
		holds := claim == ""
		for _, next := range after {
			switch claim {
			case "mate":
				holds = holds || next.Outcome().Method == chess.Checkmate
			case "check":
				holds = holds || next.InCheck()
			}
			if !seen[next.FEN()] {
				seen[next.FEN()] = true
				frontier = append(frontier, next)
			}
		}
		if !holds {
			problems = append(problems, tok+" is marked as "+claim+" but is not")
		}
	}
	return problems
}

// replies returns the positions after each legal move of pos.
func replies(pos chess.Position) []chess.Position {
	var out []chess.Position
	for _, m := range pos.LegalMoves() {
		if next, err := pos.Play(m); err == nil {
			out = append(out, next)
		}
	}
	return out
}

// escapeProblems checks what an explanation says about the escapes of the
// side in check at pos: every legal escape is named (as a move or by
// its square in words), and no square the king can legally go to is called
// controlled, guarded or covered.
func escapeProblems(pos chess.Position, text string) []string {
	esc, err := pos.Escapes()
	if err != nil {
		return nil
	}
	var problems []string
	named := map[string]bool{}
	for _, tm := range movesInText(text) {
		named[strings.TrimRight(tm.SAN, "+#")] = true
	}
	controlWords := regexp.MustCompile(`控制|看住|守住|covers?|guards?|controls?`)
	var free []string // the sentences that call no square controlled
	for _, sentence := range regexp.MustCompile(`[。；;]|\. `).Split(text, -1) {
		if !controlWords.MatchString(sentence) {
			free = append(free, sentence)
		}
	}
	kingTo := map[string]bool{}
	for _, e := range esc.Moves {
		san := strings.TrimRight(pos.SAN(e.Move), "+#")
		to := e.Move.To().String()
		isKing := pos.PieceAt(e.Move.From()).Type() == chess.King
		if isKing {
			kingTo[to] = true
		}
		// An escape is named in notation or, before notation is taught, in
		// words with its square ("黑象走到 d7", "吃掉 d6 的马").
		if !named[san] && !strings.Contains(strings.Join(free, "|"), to) {
			problems = append(problems, "the escape "+san+" is not named")
		}
	}
	for _, sentence := range regexp.MustCompile(`[。；;]|\. `).Split(text, -1) {
		if !controlWords.MatchString(sentence) {
			continue
		}
		for _, sq := range regexp.MustCompile(`(?:^|[^A-Za-z])([a-h][1-8])`).FindAllStringSubmatch(sentence, -1) {
			if kingTo[sq[1]] {
				problems = append(problems, sq[1]+" is called controlled, but the king can go there")
			}
		}
	}
	sort.Strings(problems)
	return problems
}

// chessNamedOnPurpose lists moves that texts name because they cannot be
// played: the seed game's score has a move written down wrongly, and the
// lesson and its exercises ask the student to find it.
var chessNamedOnPurpose = map[string]map[string]bool{
	"chess-g46-notation-seed-game": {"Ne4": true},
	"chess/mistake-001":            {"Ne4": true},
	"chess/mistake-002":            {"Ne4": true},
}

// TestChessContentMoves: every move named in the text of a chess exercise
// with a position, or in a lesson's diagram caption and the text that
// follows the diagram, is legal there and has the property the text gives
// it (# mate, + check); explanations of escapes name every escape and call
// no square controlled that the king may go to.
func TestChessContentMoves(t *testing.T) {
	for _, ex := range wholeBank(t) {
		if !strings.HasPrefix(ex.Key, "chess/") {
			continue
		}
		var p struct {
			FEN string `json:"fen"`
		}
		_ = json.Unmarshal(ex.Prompt, &p)
		if p.FEN == "" {
			continue
		}
		pos, err := chess.ParseFEN(p.FEN)
		if err != nil {
			t.Fatalf("%s: %v", ex.Key, err)
		}
		for name, text := range exerciseTexts(ex) {
			for _, s := range []string{text.ZH, text.EN} {
				for _, msg := range chessTextProblems(pos, s, chessNamedOnPurpose[ex.Key]) {
					t.Errorf("%s %s: %s: %q", ex.Key, name, msg, s)
				}
				if name == "explanation" && pos.InCheck() && ex.Kind == "chess.all_escapes" {
					for _, msg := range escapeProblems(pos, s) {
						t.Errorf("%s %s: %s: %q", ex.Key, name, msg, s)
					}
				}
			}
		}
	}
	eachLesson(t, game.Chess, func(_ contentCurriculum, l contentLesson) {
		var pos *chess.Position
		for i, b := range l.Blocks {
			texts, last := []domain.Text{b.Text}, ""
			if b.Type == "diagram" {
				// Diagrams of a part of the board (no kings)
				// show no position moves could be played in.
				pos = nil
				if p, err := chess.ParseFEN(b.Position); err == nil {
					pos = &p
				}
				texts, last = []domain.Text{b.Caption}, b.Last
			}
			if pos == nil {
				continue
			}
			for _, text := range texts {
				for _, s := range []string{text.ZH, text.EN} {
					for _, msg := range chessTextProblemsAfter(*pos, last, s, chessNamedOnPurpose[l.ID]) {
						t.Errorf("%s block %d: %s: %q", l.ID, i, msg, s)
					}
				}
			}
		}
	})
}

// TestChessContentMovesCatches proves the checks find the mistakes the
// teacher's review found.
func TestChessContentMovesCatches(t *testing.T) {
	pos, _ := chess.ParseFEN("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1")
	if got := chessTextProblems(pos, "Qb8# 沿第 8 横排将军。Qh7# 也可以。", nil); len(got) != 1 || !strings.Contains(got[0], "Qh7#") {
		t.Errorf("Qh7# (blocked by the king) not caught: %v", got)
	}
	if got := chessTextProblems(pos, "Qb2+ is check, Qb7 is not; 1.Qb7 Kg8 2.Qf7+ is.", nil); len(got) != 0 {
		t.Errorf("a legal check was refused: %v", got)
	}
	if got := chessTextProblems(pos, "Qb7+ is check.", nil); len(got) != 1 {
		t.Errorf("a quiet move called check not caught: %v", got)
	}
	knight, _ := chess.ParseFEN("3rk3/7p/3N4/8/8/8/P7/4K3 b - - 0 1")
	got := escapeProblems(knight, "只能吃掉马（Rxd6）或者躲开：Ke7、Kf8。d7 和 f7 都被马控制。")
	if strings.Join(got, "|") != "d7 is called controlled, but the king can go there|the escape Kd7 is not named" {
		t.Errorf("the d7 mistake: %v", got)
	}
}

// claimDrawTopic matches a sentence about a draw that the FIDE Laws make a
// player claim (threefold repetition, fifty moves, perpetual check, which
// is drawn only through repetition).
var claimDrawTopic = regexp.MustCompile(`三次重复|重复.{0,6}三次|出现三次|50 回合|五十回合|长将|(?i)threefold|three times|fifty|50 moves|perpetual`)

// claimWords say the draw is claimed by a player, or name the automatic
// limits (fivefold repetition, 75 moves).
var claimWords = regexp.MustCompile(`要求|提出|申请|五次|75|(?i)claim|fivefold|five times|seventy-five`)

// drawWords say a game is drawn.
var drawWords = regexp.MustCompile(`和棋|判和|作和|是和|算和|和局|(?i)draw`)

// drawClaimProblems returns the paragraphs and list items of s that
// present a claim-based draw as automatic: in a text about draws, one about
// such a draw that does not say "claim" and is not a question.
func drawClaimProblems(s string) []string {
	if !drawWords.MatchString(s) {
		return nil
	}
	var out []string
	for _, sentence := range regexp.MustCompile(`\n\n|\n- `).Split(s, -1) {
		if claimDrawTopic.MatchString(sentence) && !claimWords.MatchString(sentence) && !strings.ContainsAny(sentence, "？?") {
			out = append(out, strings.TrimSpace(sentence))
		}
	}
	return out
}

// TestChessDrawClaims: chess content follows the FIDE Laws (seed 002):
// threefold repetition and the fifty-move rule, and with them perpetual
// check, give a draw when a player claims it; only fivefold repetition and
// 75 moves end the game by themselves. Every passage about them says
// "claim" (or names the automatic limit) in the same paragraph or list
// item.
func TestChessDrawClaims(t *testing.T) {
	check := func(where string, text domain.Text) {
		for _, s := range []string{text.ZH, text.EN} {
			for _, sentence := range drawClaimProblems(s) {
				t.Errorf("%s: %q presents a claimed draw as automatic", where, sentence)
			}
		}
	}
	for _, ex := range wholeBank(t) {
		if !strings.HasPrefix(ex.Key, "chess/") {
			continue
		}
		for name, text := range exerciseTexts(ex) {
			check(ex.Key+" "+name, text)
		}
	}
	eachLesson(t, game.Chess, func(_ contentCurriculum, l contentLesson) {
		for i, b := range l.Blocks {
			check(fmt.Sprintf("%s block %d", l.ID, i), b.Text)
			check(fmt.Sprintf("%s block %d", l.ID, i), b.Caption)
		}
	})
	if got := drawClaimProblems("这叫**长将和**：一直将军，局面会重复，最后判和。"); len(got) != 1 {
		t.Errorf("the review's perpetual-check sentence not caught: %v", got)
	}
}
