package numchess

import (
	"testing"
)

func TestNotationForms(t *testing.T) {
	eng := NewEngine(G46())
	after1489 := "r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8b2,9a2;b:0a17,1e13,2c14,3b14,4i13,5c15,6b15,7a15,8a16,9b16 r 3"
	cases := []struct{ pos, move, zh, en string }{
		{"start", "1d4-i5", "1 右斜进移", "1 steps forward-right"},
		{"start", "0a1-e5[9-5-4]", "0 左斜进跨 (9−5−4=0)", "0 spans forward-left over 9, 5, 4 (9−5−4 = 0)"},
		{after1489, "8b2-f5[6-2]-d5[4]", "8 左斜进跨 6,2、左平跨 4 (6−2=4)", "8 spans forward-left over 6, 2, then left over 4 (6−2 = 4)"},
		{after1489, "8b2-f5[6-2]-d5", "8 左斜进跨 6,2、左平跨 4 (6−2=4)", ""},
		{"r:7e5;b:2f5,8g5,9h5 r 1", "7e5-i5[2*8-9]", "7 右平跨 (2×8−9=7)", "7 spans right over 2, 8, 9 (2×8−9 = 7)"},
		{"r:2e5;b:0d5,1f5 r 1", "2e5-c5[0]-g5[0*1]", "2 左平跨 0、右平跨 0,1 (0=0×1)", ""},
		{"r:2e5;b:1f5 b 1", "1f5-d5", "1 右平邻", "1 hops right over 2"},
		{"r:1e5;b: r 1", "1e5-a4", "1 右斜退移", "1 steps back-right"},
	}
	for _, c := range cases {
		pos := mustPos(t, c.pos)
		mi, err := eng.Check(pos, mustMove(t, c.move))
		if err != nil {
			t.Errorf("%s: %v", c.move, err)
			continue
		}
		if got := mi.Chinese(); got != c.zh {
			t.Errorf("%s: Chinese %q, want %q", c.move, got, c.zh)
		}
		if got := mi.English(); c.en != "" && got != c.en {
			t.Errorf("%s: English %q, want %q", c.move, got, c.en)
		}
		// The Chinese form reads back to a move with the same path.
		back, err := ParseChinese(pos, mi.Chinese())
		if err != nil {
			t.Errorf("ParseChinese(%q): %v", mi.Chinese(), err)
			continue
		}
		if back.To() != mi.To() || len(back.Path) != len(mi.Move.Path) {
			t.Errorf("ParseChinese(%q) = %s, want path of %s", mi.Chinese(), back, c.move)
		}
		if _, err := eng.Play(pos, back); err != nil {
			t.Errorf("ParseChinese(%q) = %s refused: %v", mi.Chinese(), back, err)
		}
	}
}

func TestParseChineseVariants(t *testing.T) {
	eng := NewEngine(G46())
	after1489 := mustPos(t, "r:0a1,1i5,2b4,3c4,4e5,5a3,6b3,7c3,8b2,9a2;b:0a17,1e13,2c14,3b14,4i13,5c15,6b15,7a15,8a16,9b16 r 3")
	for _, c := range []struct {
		pos  Position
		in   string
		want string
	}{
		{Start(), "0 左斜进 跨 9,5,4 (9−5−4=0)", "0a1-e5[9-5-4]"},
		{Start(), "0左斜進跨（9-5-4＝0）", "0a1-e5[9-5-4]"},
		{Start(), "1 右斜进 移", "1d4-i5"},
		{after1489, "8 左斜进 跨 6,2、左平 跨 4 (6−2 = 4)", "8b2-f5[6-2]-d5[4]"},
		{after1489, "8 左斜进跨、左平跨 (6−2=4)", "8b2-f5[6-2]-d5[4]"},
		{playLine(t, eng, after1489, "8b2-f5[6-2]-d5[4]", "8a16-h13[6-2]-j13[4]"), "9 右斜进跨 6,3、左平跨 4,8 (6÷3=8÷4)", "9a2-h5[6/3]-c5[8/4]"},
	} {
		m, err := ParseChinese(c.pos, c.in)
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if m.String() != c.want {
			t.Errorf("%q = %s, want %s", c.in, m, c.want)
		}
		if _, err := eng.Play(c.pos, m); err != nil {
			t.Errorf("%q: %v", c.in, err)
		}
	}
	for _, in := range []string{"", "x", "1 上移", "1 右斜进飞", "0 左斜进跨 9,5,7", "1 右斜进移 (1)", "0 左斜进跨", "0 左斜进跨 (9−5−4"} {
		if _, err := ParseChinese(Start(), in); err == nil {
			t.Errorf("%q accepted", in)
		}
	}
}

func FuzzParseChinese(f *testing.F) {
	f.Add("0 左斜进 跨 9,5,4 (9−5−4=0)")
	f.Add("8 左斜进跨 6,2、左平跨 4 (6−2=4)")
	f.Add("1 右斜进移")
	pos := Start()
	eng := NewEngine(G46())
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseChinese(pos, s)
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		if _, err := eng.Check(pos, m); err != nil {
			if _, ok := err.(*IllegalMoveError); !ok {
				t.Fatalf("Check error of type %T", err)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	f.Add("8b2-f5[6-2]-d5[4]")
	f.Add("0a1-e5[9-5-4]")
	f.Add("1d4-i5")
	f.Add("9a2-h5[6/3]-c5[8/4]")
	pos := Start()
	eng := NewEngine(G46())
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			if _, ok := err.(*ParseError); !ok {
				t.Fatalf("error of type %T", err)
			}
			return
		}
		// The printed form parses back to the same move.
		again, err := ParseMove(m.String())
		if err != nil || again.String() != m.String() {
			t.Fatalf("%q prints %q which reads back as %q, %v", s, m, again, err)
		}
		if mi, err := eng.Check(pos, m); err == nil {
			mi.Chinese()
			mi.English()
		} else if _, ok := err.(*IllegalMoveError); !ok {
			t.Fatalf("Check error of type %T", err)
		}
	})
}
