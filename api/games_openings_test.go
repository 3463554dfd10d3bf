package api_test

import (
	"net/http"
	"net/url"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// TestGameSearchByOpening: uploaded games are named by the public opening
// table whatever their files wrote (issue 30), so the archive finds them by
// ECO code, English family or Chinese family, transpositions included.
func TestGameSearchByOpening(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newWorld(t, db)
		a := w.F.A
		const file = "[White \"A\"]\n[Black \"B\"]\n[ECO \"A00\"]\n[Opening \"Wrong\"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *\n\n" +
			"[White \"C\"]\n[Black \"D\"]\n\n1. Nf3 c5 2. e4 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 *\n\n" +
			"[White \"E\"]\n[Black \"F\"]\n\n1. e4 e6 2. d4 d5 *\n"
		rec := w.Do(t, "POST", "/v1/games", a.TeacherToken, map[string]any{"game": "chess", "text": file}, nil)
		if rec.Code != http.StatusCreated {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		for q, want := range map[string]int{"B90": 2, "Najdorf": 2, "西西里": 2, "Sicilian Defense": 2, "法兰西": 1, "French": 1, "Wrong": 0} {
			list := apitest.Decode[struct{ Items []map[string]any }](t, w.Do(t, "GET", "/v1/games?opening="+url.QueryEscape(q), a.TeacherToken, nil, nil))
			if len(list.Items) != want {
				t.Errorf("opening=%s: %d games, want %d", q, len(list.Items), want)
			}
		}
	})
}
