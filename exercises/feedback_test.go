package exercises

import (
	"encoding/json"
	"testing"

	"qixue/domain"
)

// The exact feedback a child reads for a refused move: the move named
// once, no doubled colon, and a check that is already there said so.
func TestIllegalMoveFeedbackTexts(t *testing.T) {
	for _, c := range []struct {
		name, kind, prompt, solution, answer string
		want                                 domain.Text
	}{
		{"exposes the king", "chess.mate_in",
			// The white bishop on e2 is pinned by the rook on e5.
			`{"fen":"k7/pp6/8/4r3/8/8/4B3/3RK3 w - - 0 1","n":1}`, `{"moves":["Rd8#"]}`, `{"move":"Bf3"}`,
			domain.Text{ZH: "这步棋（Bf3）不能走：这样走你的王会被将军", EN: "That move (Bf3) is not allowed: your king would be in check"}},
		{"does not answer a check", "chess.escape_check",
			`{"fen":"2b1k3/7p/8/1B6/8/8/P7/4K3 b - - 0 1"}`, `{"move":"Bd7"}`, `{"move":"h6"}`,
			domain.Text{ZH: "这步棋（h6）不能走：你的王正被将军，这步没有解除", EN: "That move (h6) is not allowed: your king is in check and this move does not get it out of check"}},
		{"draughts: not the capture this piece has", "draughts.capture",
			`{"fen":"W:W32,33,38:B9,18,19,27,28"}`, `{"move":"32x3"}`, `{"move":"33-29"}`,
			domain.Text{ZH: "这步棋（33-29）不能走：有吃必吃：这个棋子能吃子，就必须吃，不能走普通的一步。数一数它能跳过哪些棋子。", EN: "That move (33-29) is not allowed: capturing is compulsory: this piece can capture, so it must, not make a plain move. Follow its jumps."}},
		{"a move given as squares is named as the lessons write it", "chess.escape_check",
			`{"fen":"2b1k3/7p/8/1B6/8/8/P7/4K3 b - - 0 1"}`, `{"move":"Bd7"}`, `{"move":"e8e6"}`,
			domain.Text{ZH: "这步棋（从 e8 走到 e6）不能走：王不能从 e8 走到 e6", EN: "That move (e8 to e6) is not allowed: a king cannot move from e8 to e6"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			k, ok := KindByName(c.kind)
			if !ok {
				t.Fatalf("kind %s", c.kind)
			}
			res, err := k.Check(json.RawMessage(c.prompt), json.RawMessage(c.solution), Submission{Answer: json.RawMessage(c.answer)})
			if err != nil {
				t.Fatal(err)
			}
			if res.Outcome != Wrong || res.Feedback != c.want {
				t.Errorf("got %s %q\nwant %q", res.Outcome, res.Feedback, c.want)
			}
		})
	}
}

// The English feedback on a chain whose segments make different values
// states the rule, as the Chinese does.
func TestChainValuesDifferFeedback(t *testing.T) {
	k, _ := KindByName("numchess.move")
	prompt := `{"ruleset":"G46","position":"r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8b2,9a2;b:0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16 r 3","goal":{"type":"chain","piece":8,"to":"d5"}}`
	res, err := k.Check(json.RawMessage(prompt), nil, Submission{Answer: json.RawMessage(`{"move":"8b2-f5[6+2]-d5[4]"}`)})
	if err != nil {
		t.Fatal(err)
	}
	want := domain.Text{ZH: "第二跳：得数是 4，但第一跳得 8（连跨每一跳的得数都要相同）",
		EN: "second jump: the result is 4, but the first jump made 8 (every jump of a chain span must make the same value)"}
	if res.Outcome != Wrong || res.Feedback != want {
		t.Errorf("got %s %q\nwant %q", res.Outcome, res.Feedback, want)
	}
}
