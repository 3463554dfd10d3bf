package api_test

import (
	"net/http/httptest"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
)

// TestChessPlayRepetitionAndClaims: chess play counts repetitions (a
// fivefold repetition ends the game, a threefold one may be claimed) and
// judges a draw claimed with an intended move.
func TestChessPlayRepetitionAndClaims(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		h := apitest.New(t, db)
		f := h.Fixture(t)
		tok := f.A.StudentToken
		shuffle := []string{"Nf3", "Nf6", "Ng1", "Ng8"} // back to the start position
		times := func(n int) []string {
			var out []string
			for range n {
				out = append(out, shuffle...)
			}
			return out
		}
		// After one shuffle and Nf3 Nf6 Ng1, Black's Ng8 would make the
		// start position appear a third time.
		twoAndAHalf := append(times(1), "Nf3", "Nf6", "Ng1")
		h.Run(t, []apitest.Case{
			{Name: "threefold is claimable, not automatic", Method: "POST", Path: "/v1/rules/chess/play", Token: tok,
				Body: map[string]any{"moves": times(2)}, Status: 200,
				Contains: []string{`"result":"*"`, `"claimable":"threefold_repetition"`}},
			{Name: "fivefold ends the game", Method: "POST", Path: "/v1/rules/chess/play", Token: tok,
				Body: map[string]any{"moves": times(4)}, Status: 200,
				Contains: []string{`"result":"1/2-1/2"`, `"reason":"fivefold_repetition"`}},
			{Name: "no move after fivefold", Method: "POST", Path: "/v1/rules/chess/play", Token: tok,
				Body: map[string]any{"moves": append(times(4), "e4")}, Status: 422, Contains: []string{`"field":"moves[16]"`}},
			{Name: "claim with the repeating move", Method: "POST", Path: "/v1/rules/chess/play", Token: tok, Header: map[string]string{"Accept-Language": "en"},
				Body: map[string]any{"moves": twoAndAHalf, "claim_draw": "Ng8"}, Status: 200,
				Contains: []string{`"result":"1/2-1/2"`, `"reason":"threefold_repetition"`, `"correct":true`, `"method":"threefold_repetition"`, `"move":"Ng8"`}},
			{Name: "wrong claim plays the move", Method: "POST", Path: "/v1/rules/chess/play", Token: tok,
				Body: map[string]any{"moves": twoAndAHalf, "claim_draw": "e5"}, Status: 200,
				Contains: []string{`"correct":false`, `"result":"*"`, `"e5"]`},
				Check: func(t *testing.T, rec *httptest.ResponseRecorder) {
					r := apitest.Decode[map[string]any](t, rec)
					if moves, _ := r["moves"].([]any); len(moves) != len(twoAndAHalf)+1 {
						t.Errorf("moves %v: the wrongly claimed move should be played", r["moves"])
					}
				}},
			{Name: "fifty-move claim from a FEN", Method: "POST", Path: "/v1/rules/chess/play", Token: tok,
				Body: map[string]any{"position": "8/8/8/8/8/4k3/8/R3K3 w - - 99 80", "claim_draw": "Ra2"}, Status: 200,
				Contains: []string{`"method":"fifty_moves"`, `"result":"1/2-1/2"`}},
			{Name: "illegal claim move", Method: "POST", Path: "/v1/rules/chess/play", Token: tok,
				Body: map[string]any{"claim_draw": "Ke2"}, Status: 422, Contains: []string{`"field":"claim_draw"`}},
			{Name: "claim only in chess play", Method: "POST", Path: "/v1/rules/draughts/play", Token: tok,
				Body: map[string]any{"claim_draw": "32-28"}, Status: 422, Contains: []string{`"field":"claim_draw"`, `"code":"not_allowed"`}},
			{Name: "claim not in analyze", Method: "POST", Path: "/v1/rules/chess/analyze", Token: tok,
				Body: map[string]any{"claim_draw": "Nf3"}, Status: 422, Contains: []string{`"field":"claim_draw"`}},
		})
	})
}
