package games

import (
	"context"
	"testing"

	"qixue/rules/record"
)

// FuzzReadFile checks that any upload is read without a panic and that
// every game kept replays and exports, and its export reads back as the
// same game: a stored record that did not replay would be a 500 later.
func FuzzReadFile(f *testing.F) {
	for _, s := range []string{twoChessGames, "[White \"Ann\"]\n\n1. 32-28 19-23 2. 28x19 14x23 *\n",
		"h8 h9 i10 swap i9 {calm} j10,k11:k11 g7 1-0\n\nh8 h8\n", "[Red \"A\"]\n\n1. 1d4-i5 {x} *\n",
		"Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n-1\n", "1. e4 -- 2. Nf3 Z0 3. O-O-O *",
		"1. 32-28 19-23 (1... 18-23 {x} (1... 17-22) 2. 38-32) 2. 28x19 (2. 33-29) 14x23 *"} {
		for g := range 4 {
			f.Add(uint8(g), s)
		}
	}
	f.Fuzz(func(t *testing.T, gi uint8, text string) {
		g := Games[int(gi)%len(Games)]
		reads, err := readFile(context.Background(), g, "", text, record.DefaultLimits())
		if err != nil {
			if _, ok := err.(*record.LimitError); !ok {
				t.Fatalf("readFile: %v", err)
			}
			return
		}
		for _, r := range reads {
			if r.Bad != nil {
				if r.Bad.ZH == "" || r.Bad.EN == "" {
					t.Fatalf("game %d refused without a reason", r.Number)
				}
				continue
			}
			if _, err := replay(r.Rec); err != nil {
				t.Fatalf("game %d does not replay:\n%s", r.Number, r.Rec.Text)
			}
			out, err := export(r.Rec, r.Rec.White.Name, r.Rec.Black.Name)
			if err != nil {
				t.Fatalf("game %d does not export:\n%s", r.Number, r.Rec.Text)
			}
			back, err := readFile(context.Background(), g, r.Rec.Variant, out, record.Limits{})
			if err != nil || len(back) != 1 || back[0].Bad != nil || back[0].Rec.Final != r.Rec.Final {
				t.Fatalf("game %d export does not read back:\n%s\nexport:\n%s", r.Number, r.Rec.Text, out)
			}
		}
	})
}
