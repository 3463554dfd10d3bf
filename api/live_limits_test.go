package api_test

import (
	"net/http"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/api/apitest"
	"qixue/models/modelstest"
	"qixue/play"
)

// TestLiveOpenLimits: one child cannot fill the computer's search pool
// or a classmate's lobby: past play.MaxComputerGames games against the
// computer at once, or play.MaxOpenChallenges unanswered challenges, a
// new one is 409 action_not_allowed naming the field (game, to) and the
// limit in the child's language; finishing a game or cancelling a
// challenge makes room again, and another child is not held by it.
func TestLiveOpenLimits(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		child := w.tokens[0]
		refused := func(rec interface {
			Result() *http.Response
		}, body, field string) bool {
			return rec.Result().StatusCode == http.StatusConflict && strings.Contains(body, `"action_not_allowed"`) && strings.Contains(body, `"field":"`+field+`"`)
		}
		// Level 1, the child moving first: the computer thinks only
		// after the child's move, so nothing runs in the pool here.
		game := map[string]any{"game": "chess", "level": 1, "seat": "first"}
		var ids []string
		for i := range play.MaxComputerGames {
			rec := w.Do(t, "POST", "/v1/live-games/computer", child, game, nil)
			if rec.Code != http.StatusCreated {
				t.Fatalf("computer game %d: %d %s", i+1, rec.Code, rec.Body)
			}
			ids = append(ids, apitest.Decode[liveGame](t, rec).ID)
		}
		rec := w.Do(t, "POST", "/v1/live-games/computer", child, game, map[string]string{"Accept-Language": "en"})
		if !refused(rec, rec.Body.String(), "game") || !strings.Contains(rec.Body.String(), "3 games against the computer") {
			t.Fatalf("game past the limit: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Do(t, "POST", "/v1/live-games/computer", w.tokens[1], game, nil); rec.Code != http.StatusCreated {
			t.Fatalf("another child held by the first's games: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Do(t, "POST", "/v1/live-games/"+ids[0]+"/resign", child, nil, nil); rec.Code != http.StatusOK {
			t.Fatalf("resign: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Do(t, "POST", "/v1/live-games/computer", child, game, nil); rec.Code != http.StatusCreated {
			t.Fatalf("a game after one ended: %d %s", rec.Code, rec.Body)
		}

		var challenges []string
		for i := range play.MaxOpenChallenges {
			rec := w.Do(t, "POST", "/v1/challenges", child, map[string]any{"to": w.ids[1+i%2], "game": "chess"}, nil)
			if rec.Code != http.StatusCreated {
				t.Fatalf("challenge %d: %d %s", i+1, rec.Code, rec.Body)
			}
			challenges = append(challenges, apitest.Decode[struct{ ID string }](t, rec).ID)
		}
		rec = w.Do(t, "POST", "/v1/challenges", child, map[string]any{"to": w.ids[1], "game": "chess"}, nil)
		if !refused(rec, rec.Body.String(), "to") || !strings.Contains(rec.Body.String(), "5 个还没回答的邀请") {
			t.Fatalf("challenge past the limit: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Do(t, "POST", "/v1/challenges/"+challenges[0]+"/answer", child, map[string]any{"accept": false}, nil); rec.Code != http.StatusOK {
			t.Fatalf("cancel: %d %s", rec.Code, rec.Body)
		}
		if rec := w.Do(t, "POST", "/v1/challenges", child, map[string]any{"to": w.ids[1], "game": "chess"}, nil); rec.Code != http.StatusCreated {
			t.Fatalf("a challenge after one was cancelled: %d %s", rec.Code, rec.Body)
		}
	})
}
