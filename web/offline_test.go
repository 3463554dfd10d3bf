package web_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// offline cuts the tab off the network (every request fails, and
// navigator.onLine says so), or puts it back.
func (b *browser) offline(off bool) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{Offline: off, DownloadThroughput: -1, UploadThroughput: -1}},
	}); err != nil {
		b.t.Fatalf("network conditions: %v", err)
	}
	if _, err := chromedp.Call(ctx, network.OverrideNetworkState, network.OverrideNetworkStateParams{
		Offline: off, DownloadThroughput: -1, UploadThroughput: -1,
	}); err != nil {
		b.t.Fatalf("network state: %v", err)
	}
}

// TestOfflineAnswer: on a phone, a right answer given while the network
// is gone is kept, not judged: the child reads "已保存，联网后提交" (no
// "error 0", nothing marked wrong), the offline banner shows, one answer
// waits in the outbox; when the network comes back it is sent by itself,
// the real verdict appears, and the server holds exactly one attempt
// (a resend under the same key, as after a lost reply, is replayed). A
// page opened offline says so in Chinese, whether its code was loaded
// before or not.
func TestOfflineAnswer(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	tok, _, cards := newStudents(t, base, "李线")
	ids := exerciseIDs(t, base, tok, "gomoku.win_in_1")
	id := ids["gomoku/win-001"]
	if id == "" {
		t.Fatal("no exercise gomoku/win-001")
	}
	st := cards.Students[0]
	b := newBrowser(t, base, 390, 844)
	b.studentLogin(cards.ClassCode, st.Username, st.PIN)
	b.open("/student/exercise/" + id)
	b.wait(`.gomoku [data-pt="h6"]`)

	b.offline(true)
	b.waitJS("the offline banner", `!document.querySelector('#offline-banner').hidden`)
	b.click(`.gomoku [data-pt="h6"]`)
	b.click(`.gomoku [data-pt="h6"]`)
	b.waitJS("an answer to the tap", `!!document.querySelector('#verdict').dataset.outcome`)
	if got := evalJS[string](b, `document.querySelector('#verdict').dataset.outcome`); got != "waiting" {
		t.Fatalf("offline tap: verdict %q, %q", got, b.text("#verdict"))
	}
	if got := b.text("#verdict"); !strings.Contains(got, "已保存，联网后提交") || strings.Contains(got, "error") || strings.Contains(got, "再想想") {
		t.Errorf("offline verdict box reads %q", got)
	}
	if n := evalJS[int](b, `import('/js/student/outbox.js').then((m) => m.waiting()).then((w) => { window.kept = w[0]; return w.length; })`); n != 1 {
		t.Errorf("%d answers wait in the outbox, want 1", n)
	}
	if !evalJS[bool](b, `(() => { const r = document.querySelector('#verdict').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight; })()`) {
		t.Error("the waiting message is off screen")
	}
	b.shot("offline-kept")

	b.offline(false)
	b.waitJS("the real verdict", `document.querySelector('#verdict').dataset.outcome === 'correct'`)
	if n := evalJS[int](b, `import('/js/student/outbox.js').then((m) => m.waiting()).then((w) => w.length)`); n != 0 {
		t.Errorf("%d answers still wait after the network came back", n)
	}
	b.shot("offline-sent")
	// Had the first reply been lost on its way back, the answer would be
	// sent again under its key: the server replays, it records nothing new.
	if !evalJS[bool](b, `import('/js/student/outbox.js').then((m) => m.submit(window.kept.exercise, window.kept.key, window.kept.body)).then((v) => v.replayed === true && v.correct === true)`) {
		t.Error("a resend under the same key was not replayed")
	}
	var list struct {
		Items []struct {
			Outcome string `json:"outcome"`
		} `json:"items"`
	}
	apiCall(t, base, "GET", "/v1/me/attempts?exercise_id="+id, studentToken(t, base, cards.ClassCode, st.Username, st.PIN), nil, &list)
	if len(list.Items) != 1 || list.Items[0].Outcome != "correct" {
		t.Errorf("the server holds %+v, want one correct attempt", list.Items)
	}

	// Offline again: the home page cannot load, and says why in Chinese.
	b.offline(true)
	b.click(".ex-head a.btn")
	b.waitJS("the error screen", `document.querySelector('main [role=alert]') !== null`)
	if got := b.text("main"); strings.Contains(got, "error") || !strings.Contains(got, "连不上服务器") {
		t.Errorf("offline page reads %q", got)
	}
	b.shot("offline-nav")
	// A screen whose code was never loaded: the same message.
	evalJS[bool](b, `(() => { history.pushState(null, '', '/student/games'); dispatchEvent(new PopStateEvent('popstate')); return true; })()`)
	b.waitJS("the error screen of an unloaded screen", `location.pathname === '/student/games' && document.querySelector('main [role=alert]') !== null`)
	if got := b.text("main"); strings.Contains(got, "error") || strings.Contains(got, "fetch") || !strings.Contains(got, "连不上服务器") {
		t.Errorf("offline unloaded screen reads %q", got)
	}
	b.offline(false)
}
