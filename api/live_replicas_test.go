package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"qixue/api"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/play"
	"qixue/realtime"
	"qixue/rules/game"
)

// liveReplica is one `qixue serve` of several on one PostgreSQL database,
// wired for live games as serve wires them: its own hub, the store's
// notices (pg_notify in the change's transaction) and a LISTEN that
// carries every replica's changes to this replica's sockets.
func liveReplica(t *testing.T, w *liveWorld, base string) *httptest.Server {
	t.Helper()
	reg := game.NewRegistry()
	sides := func(name string, side int, lang string) string {
		r, err := reg.Lookup(name)
		if err != nil {
			return ""
		}
		return r.SideName(game.Side(side), lang)
	}
	hub := realtime.NewHub()
	store := models.NewLiveStore(w.DB)
	svc := play.NewService(store, store, reg, play.Config{Encode: api.EncodeLiveEvent(sides), Deliver: hub.Publish})
	ctx, cancel := context.WithCancel(context.Background())
	ready, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		realtime.ListenPostgres(ctx, base, models.LiveChannel, hub, nil, ready)
	}()
	select {
	case <-ready:
	case <-time.After(10 * time.Second):
		t.Fatal("LISTEN not ready")
	}
	srv := httptest.NewServer(api.NewServer(api.Deps{Identity: w.Identity, Live: svc, LiveHub: hub}))
	t.Cleanup(func() {
		srv.Close()
		cancel()
		<-done
		svc.Close()
	})
	return srv
}

// eventAt reads conn's game events until the one of ply arrives (the
// follower's own earlier moves come back as events too) and fails on an
// event past it or the same ply twice.
func eventAt(t *testing.T, ctx context.Context, conn *websocket.Conn, ply int) {
	t.Helper()
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("waiting for the event of ply %d: %v", ply, err)
		}
		var m socketMsg
		if err := json.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		switch {
		case m.Type != "event" || m.Game == nil || m.Game.Ply < ply:
		case m.Game.Ply == ply:
			return
		default:
			t.Fatalf("event of ply %d before ply %d", m.Game.Ply, ply)
		}
	}
}

// TestLiveTwoReplicas: two replicas on one PostgreSQL database, each
// child's tablet on another: a move made through one replica's socket
// reaches the opponent's socket on the other replica, and a move made
// through the other's REST route comes back, each once and in order
// (the fan-out is PostgreSQL's NOTIFY, no home-made broker).
func TestLiveTwoReplicas(t *testing.T) {
	base := os.Getenv(modelstest.EnvURL)
	if base == "" {
		t.Skip(modelstest.EnvURL + " not set")
	}
	w := newLiveWorld(t, modelstest.Postgres(t))
	g := w.start(t, map[string]any{"game": "chess", "players": []string{w.ids[0], w.ids[1]}})
	one, two := liveReplica(t, w, base), liveReplica(t, w, base)

	white, black := dialLive(t, one, w.tokens[0]), dialLive(t, two, w.tokens[1])
	defer white.CloseNow()
	defer black.CloseNow()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	for _, c := range []*websocket.Conn{white, black} {
		sendLive(t, c, `{"type":"subscribe","ref":"s","game_id":"`+g.ID+`"}`)
		if m, _, err := readUntil(ctx, c, "s"); err != nil || m.Type != "state" {
			t.Fatalf("subscribe: %+v %v", m, err)
		}
	}
	sendLive(t, white, `{"type":"move","ref":"m1","game_id":"`+g.ID+`","ply":1,"move":"e4"}`)
	if m, _, err := readUntil(ctx, white, "m1"); err != nil || m.Type != "ack" {
		t.Fatalf("white's move on replica one: %+v %v", m, err)
	}
	eventAt(t, ctx, black, 1) // on replica two
	req, _ := http.NewRequest("POST", two.URL+"/v1/live-games/"+g.ID+"/moves", strings.NewReader(`{"ply":2,"move":"e5"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+w.tokens[1])
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusCreated {
		t.Fatalf("black's move through replica two's REST route: %d", res.StatusCode)
	}
	eventAt(t, ctx, white, 2) // on replica one
}
