package api_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"gorm.io/gorm"

	"qixue/api"
	"qixue/models/modelstest"
)

// socketMsg is a message of the live socket as the tests read it.
type socketMsg struct {
	Type   string
	Ref    string
	GameID string `json:"game_id"`
	Game   *liveGame
	Error  *api.Problem
}

// dialLive opens the live socket of srv with token in the header ("" for
// none).
func dialLive(t testing.TB, srv *httptest.Server, token string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h := http.Header{}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/v1/live/socket", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	conn.SetReadLimit(1 << 20)
	return conn
}

// readUntil reads messages until one of type typ (or an error) with ref
// arrives; it returns that message, or the close status if the server
// closed the socket.
func readUntil(ctx context.Context, conn *websocket.Conn, ref string) (socketMsg, websocket.StatusCode, error) {
	for {
		_, data, err := conn.Read(ctx)
		if err != nil {
			return socketMsg{}, websocket.CloseStatus(err), err
		}
		var m socketMsg
		if err := json.Unmarshal(data, &m); err != nil {
			return m, -1, err
		}
		if m.Ref == ref && (m.Type == "ack" || m.Type == "error" || m.Type == "state" || m.Type == "pong") {
			return m, -1, nil
		}
	}
}

func sendLive(t testing.TB, conn *websocket.Conn, frame string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := conn.Write(ctx, websocket.MessageText, []byte(frame)); err != nil {
		t.Fatalf("write: %v", err)
	}
}

// TestLiveSocketLimits: the socket refuses what a hostile tablet sends
// without a 500 or a dropped game: a first message that is not auth
// (4001), unreadable JSON, an unknown type, an over-long game ID and a
// move of another child's game answer an error and keep the socket open;
// a frame over SocketReadLimit closes it with 1009 and a burst past the
// rate with 4008; the game is unchanged by all of it and still plays.
func TestLiveSocketLimits(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		w := newLiveWorld(t, db)
		g := w.start(t, map[string]any{"game": "chess", "players": []string{w.ids[0], w.ids[1]}})
		srv := httptest.NewServer(w.Echo)
		defer srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()

		anon := dialLive(t, srv, "")
		sendLive(t, anon, `{"type":"subscribe","game_id":"`+g.ID+`"}`)
		if _, code, _ := readUntil(ctx, anon, "x"); code != api.CloseUnauthenticated {
			t.Errorf("no auth first: closed with %d, want %d", code, api.CloseUnauthenticated)
		}

		conn := dialLive(t, srv, w.tokens[0])
		defer conn.CloseNow()
		for _, c := range []struct{ frame, ref, code string }{
			{`{"type":"move",`, "", "invalid_json"},
			{`{"type":"teleport","ref":"a","game_id":"` + g.ID + `"}`, "a", "validation_failed"},
			{`{"type":"move","ref":"b","game_id":"` + strings.Repeat("9", 65) + `","ply":1,"move":"e4"}`, "", "validation_failed"},
			{`{"type":"move","ref":"c","game_id":"` + g.ID + `","ply":1,"move":"zz9"}`, "c", "malformed_move"},
			{`{"type":"move","ref":"d","game_id":"` + g.ID + `","ply":7,"move":"e4"}`, "d", "stale_ply"},
			{`{"type":"move","ref":"e","game_id":"` + g.ID + `","ply":1,"move":"e4","moves":` + `["` + strings.Repeat(`a","`, 300) + `a"]}`, "e", ""},
		} {
			sendLive(t, conn, c.frame)
			m, code, err := readUntil(ctx, conn, c.ref)
			if err != nil {
				t.Fatalf("%s: socket closed (%d): %v", c.frame, code, err)
			}
			switch {
			case c.code == "" && m.Type != "ack":
				t.Errorf("%.60s: %s %+v, want ack", c.frame, m.Type, m.Error)
			case c.code != "" && (m.Type != "error" || m.Error == nil || m.Error.Code != c.code || m.Error.Status >= 500):
				t.Errorf("%.60s: %s %+v, want error %s", c.frame, m.Type, m.Error, c.code)
			}
		}
		other := dialLive(t, srv, w.tokens[2])
		sendLive(t, other, `{"type":"move","ref":"o","game_id":"`+g.ID+`","ply":2,"move":"e5"}`)
		if m, _, err := readUntil(ctx, other, "o"); err != nil || m.Type != "error" || m.Error.Code != "forbidden" {
			t.Errorf("a move in another child's game: %+v %v, want error forbidden", m, err)
		}

		sendLive(t, other, `{"type":"ping","ref":"`+strings.Repeat("x", api.SocketReadLimit)+`"}`)
		if _, code, _ := readUntil(ctx, other, "never"); code != websocket.StatusMessageTooBig {
			t.Errorf("a frame over %d bytes: closed with %d, want 1009", api.SocketReadLimit, code)
		}
		burst := dialLive(t, srv, w.tokens[2])
		for range api.SocketBurst + 5 {
			if err := burst.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`)); err != nil {
				break
			}
		}
		if _, code, _ := readUntil(ctx, burst, "never"); code != api.CloseRateLimited {
			t.Errorf("a burst of %d: closed with %d, want %d", api.SocketBurst+5, code, api.CloseRateLimited)
		}

		rec := w.Do(t, "GET", "/v1/live-games/"+g.ID, w.tokens[1], nil, nil)
		if after := decodeLive(t, rec); rec.Code != http.StatusOK || after.Ply != 1 || len(after.Moves) != 1 {
			t.Errorf("the game after the attacks: %d %s, want one move (e4)", rec.Code, rec.Body)
		}
		black := dialLive(t, srv, w.tokens[1])
		sendLive(t, black, `{"type":"move","ref":"m","game_id":"`+g.ID+`","ply":2,"move":"e5"}`)
		if m, _, err := readUntil(ctx, black, "m"); err != nil || m.Type != "ack" || m.Game == nil || m.Game.Ply != 2 {
			t.Errorf("black's reply after the attacks: %+v %v", m, err)
		}
	})
}

func decodeLive(t testing.TB, rec *httptest.ResponseRecorder) liveGame {
	var g liveGame
	if err := json.Unmarshal(rec.Body.Bytes(), &g); err != nil {
		t.Fatalf("%s: %v", rec.Body, err)
	}
	return g
}

// FuzzLiveSocket sends any frame to the live socket of a player of a
// running game: the server answers it with an ack or an error whose
// status is below 500, or closes the socket for size or rate, and never
// fails; after each frame the game still reads, with no more plies than
// were sent.
func FuzzLiveSocket(f *testing.F) {
	db := modelstest.SQLite(f)
	w := newLiveWorld(f, db)
	g := w.start(f, map[string]any{"game": "chess", "players": []string{w.ids[0], w.ids[1]}})
	srv := httptest.NewServer(w.Echo)
	f.Cleanup(srv.Close)
	for _, s := range []string{
		`{"type":"ping","ref":"1"}`, `{"type":"subscribe","game_id":"GAME"}`, `{"type":"move","game_id":"GAME","ply":1,"move":"e4"}`,
		`{"type":"offer","game_id":"GAME","ply":5,"moves":["h8","j9"]}`, `{"type":"claim","game_id":"GAME","claim":"forbidden","move":"h8"}`,
		`{"type":"phrase","game_id":"GAME","phrase":"hello"}`, `{"type":"draw_offer","game_id":"GAME"}`, `{"type":"resign","game_id":"GAME"}`,
		`{"type":"choose","game_id":"GAME","keep":"zz"}`, `{"type":"auth","token":"x"}`, `[1,2]`, `"`, `{"type":"move","ply":-1}`,
	} {
		f.Add(strings.ReplaceAll(s, "GAME", g.ID))
	}
	var conn *websocket.Conn
	f.Fuzz(func(t *testing.T, frame string) {
		if conn == nil {
			conn = dialLive(t, srv, w.tokens[0])
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		// The reply carries the frame's ref; a frame that does not read
		// as a message is answered without one.
		var in struct { // the fields of a socket message, as the server reads them
			Type, Ref, Token, GameID, Move, Keep, Claim, Phrase string
			Ply                                                 int
			Moves                                               []string
		}
		if json.Unmarshal([]byte(frame), &in) != nil {
			in.Ref = ""
		}
		ref := in.Ref
		if err := conn.Write(ctx, websocket.MessageText, []byte(frame)); err != nil {
			conn.CloseNow()
			conn = nil
			return
		}
		m, code, err := readUntil(ctx, conn, ref)
		switch {
		case err != nil && (code == websocket.StatusMessageTooBig || code == api.CloseRateLimited):
			conn = nil
		case err != nil && errors.Is(err, context.DeadlineExceeded):
			// A frame with no reply of its own (a phrase goes to the other
			// players): wait no longer.
			conn.CloseNow()
			conn = nil
		case err != nil:
			t.Fatalf("frame %q: socket failed: %v (close %d)", frame, err, code)
		case m.Type == "error" && (m.Error == nil || m.Error.Status >= 500 || m.Error.Code == "internal"):
			t.Fatalf("frame %q: error %+v", frame, m.Error)
		}
		rec := w.Do(t, "GET", "/v1/live-games/"+g.ID, w.tokens[1], nil, nil)
		if rec.Code != http.StatusOK {
			t.Fatalf("frame %q: the game reads %d %s", frame, rec.Code, rec.Body)
		}
	})
}
