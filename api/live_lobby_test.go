package api_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/coder/websocket"
	"gorm.io/gorm"

	"qixue/models/modelstest"
)

// TestLiveLobbySocket: a student with a live socket open is online in
// the classmates list, and no longer once it closes. (The challenge news
// on the socket is checked in Chromium by web's TestLiveChallenge: the
// test world here sends no notices.)
func TestLiveLobbySocket(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		srv := httptest.NewServer(w.Echo)
		defer srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		online := func() bool {
			for _, s := range w.classmates(t, w.tokens[0]).Classes[0].Students {
				if s.ID == w.ids[1] {
					return s.Online
				}
			}
			t.Fatal("classmate missing")
			return false
		}
		if online() {
			t.Error("online before any socket")
		}
		mine, theirs := dialLive(t, srv, w.tokens[0]), dialLive(t, srv, w.tokens[1])
		defer mine.CloseNow()
		for _, c := range []*websocket.Conn{mine, theirs} {
			sendLive(t, c, `{"type":"ping","ref":"p"}`)
			if m, _, err := readUntil(ctx, c, "p"); err != nil || m.Type != "pong" {
				t.Fatalf("ping: %v %+v", err, m)
			}
		}
		if !online() {
			t.Error("not online with a socket open")
		}

		theirs.Close(websocket.StatusNormalClosure, "bye")
		deadline := time.Now().Add(5 * time.Second)
		for online() && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		if online() {
			t.Error("still online after the socket closed")
		}
	})
}
