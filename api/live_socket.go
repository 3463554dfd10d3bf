package api

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/labstack/echo/v4"

	"qixue/domain"
	"qixue/play"
	"qixue/realtime"
)

// The live socket (GET /v1/live/socket): one WebSocket per tablet carries
// the same actions as the REST routes and every change of the games it
// follows. The database is the truth: on subscribe the socket sends the
// game's state, then its events; after a "resync" the client reads again.
// Limits: frames of at most SocketReadLimit bytes (larger: closed with
// 1009), SocketRate messages a second with a burst of SocketBurst (more:
// closed with 4008), an access token checked again every second (revoked,
// expired, or its user deactivated: closed with 4001).

// Socket limits.
const (
	SocketReadLimit   = 4096
	SocketRate        = 10
	SocketBurst       = 20
	SocketMaxGames    = 64
	SocketAuthTimeout = 5 * time.Second
	socketRecheck     = time.Second
	socketWriteWait   = 5 * time.Second
	socketPing        = 25 * time.Second
)

// Close codes of the live socket beyond the standard ones.
const (
	CloseUnauthenticated websocket.StatusCode = 4001
	CloseRateLimited     websocket.StatusCode = 4008
)

// Phrases are the fixed friendly phrases players may send each other (no
// free text).
var Phrases = map[string]text{
	"hello":       {"你好！", "Hello!"},
	"good_luck":   {"祝你好运！", "Good luck!"},
	"good_move":   {"这步棋真好！", "Good move!"},
	"oops":        {"哎呀！", "Oops!"},
	"thinking":    {"让我想一想。", "Let me think."},
	"good_game":   {"下得真好！", "Good game!"},
	"thank_you":   {"谢谢！", "Thank you!"},
	"play_again":  {"再下一盘吧！", "Let's play again!"},
	"well_played": {"你下得很棒！", "Well played!"},
}

// socketIn is a message from the client.
type socketIn struct {
	Type   string   `json:"type"`
	Ref    string   `json:"ref,omitempty"`
	Token  string   `json:"token,omitempty"`
	GameID string   `json:"game_id,omitempty"`
	Ply    int      `json:"ply,omitempty"`
	Move   string   `json:"move,omitempty"`
	Moves  []string `json:"moves,omitempty"`
	Keep   string   `json:"keep,omitempty"`
	Claim  string   `json:"claim,omitempty"`
	Phrase string   `json:"phrase,omitempty"`
	// LessonID names the live lesson of lesson_subscribe.
	LessonID string `json:"lesson_id,omitempty"`
}

// socketOut is a message to the client.
type socketOut struct {
	Type       string            `json:"type"`
	Ref        string            `json:"ref,omitempty"`
	GameID     string            `json:"game_id,omitempty"`
	Game       *liveGameResponse `json:"game,omitempty"`
	Error      *Problem          `json:"error,omitempty"`
	UserID     string            `json:"user_id,omitempty"`
	Seat       *int              `json:"seat,omitempty"`
	Phrase     string            `json:"phrase,omitempty"`
	Text       string            `json:"text,omitempty"`
	LessonID   string            `json:"lesson_id,omitempty"`
	ServerTime time.Time         `json:"server_time"`
}

// liveSocket is one connection.
type liveSocket struct {
	h     *liveHandlers
	c     echo.Context
	conn  *websocket.Conn
	token string
	p     domain.Principal
	sub   *realtime.Sub
	lang  string

	mu    sync.Mutex
	games map[string]bool

	tokens float64
	last   time.Time
}

func (h *liveHandlers) socket(c echo.Context) error {
	if h.svc == nil || h.hub == nil {
		return &Error{Status: http.StatusServiceUnavailable, Code: "service_unavailable"}
	}
	r := c.Request()
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		return &Error{Status: http.StatusUpgradeRequired, Code: "websocket_required"}
	}
	token := ""
	if scheme, t, ok := strings.Cut(r.Header.Get(echo.HeaderAuthorization), " "); ok && strings.EqualFold(scheme, "Bearer") {
		token = strings.TrimSpace(t)
	}
	var p domain.Principal
	if token != "" {
		var err error
		if p, err = h.identity.Authenticate(r.Context(), token); err != nil {
			return err
		}
	}
	opts := &websocket.AcceptOptions{OriginPatterns: h.origins}
	conn, err := websocket.Accept(c.Response(), r, opts)
	if err != nil {
		return nil // Accept has answered
	}
	conn.SetReadLimit(SocketReadLimit)
	s := &liveSocket{h: h, c: c, conn: conn, token: token, p: p, lang: langOf(c), games: map[string]bool{},
		tokens: SocketBurst, last: time.Now()}
	s.run(context.WithoutCancel(r.Context()))
	return nil
}

func (s *liveSocket) run(parent context.Context) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	defer s.conn.CloseNow()
	if s.token == "" {
		if !s.authenticate(ctx) {
			return
		}
	}
	s.sub = s.h.hub.Subscribe("user:" + s.p.UserID)
	defer s.sub.Close()
	if s.h.lessons != nil && s.p.Role == domain.RoleStudent {
		// The live lessons of the student's classes reach the tablet
		// without a code: each class's lesson events.
		for _, id := range s.h.classesOf(ctx, s.p) {
			s.sub.Add(LessonClassTopic(id))
		}
	}
	s.send(ctx, socketOut{Type: "hello", UserID: s.p.UserID})
	go s.forward(ctx, cancel)
	go s.recheck(ctx, cancel)
	for {
		_, data, err := s.conn.Read(ctx)
		if err != nil {
			return // closed, too big (the library answers 1009), or cancelled
		}
		if !s.allow() {
			s.conn.Close(CloseRateLimited, "too many messages")
			return
		}
		var in socketIn
		if err := json.Unmarshal(data, &in); err != nil {
			s.fail(ctx, "", &Error{Status: http.StatusBadRequest, Code: "invalid_json", Args: []any{0}})
			continue
		}
		s.handle(ctx, in)
	}
}

// authenticate waits for the first message, which must be
// {"type":"auth","token":...} with a valid token.
func (s *liveSocket) authenticate(ctx context.Context) bool {
	actx, cancel := context.WithTimeout(ctx, SocketAuthTimeout)
	defer cancel()
	_, data, err := s.conn.Read(actx)
	if err != nil {
		s.conn.Close(CloseUnauthenticated, "no token")
		return false
	}
	var in socketIn
	if json.Unmarshal(data, &in) != nil || in.Type != "auth" || in.Token == "" {
		s.conn.Close(CloseUnauthenticated, "the first message must be auth with a token")
		return false
	}
	p, err := s.h.identity.Authenticate(ctx, in.Token)
	if err != nil {
		s.conn.Close(CloseUnauthenticated, "invalid token")
		return false
	}
	s.token, s.p = in.Token, p
	return true
}

// allow takes one message from the socket's token bucket.
func (s *liveSocket) allow() bool {
	now := time.Now()
	s.tokens = min(SocketBurst, s.tokens+now.Sub(s.last).Seconds()*SocketRate)
	s.last = now
	if s.tokens < 1 {
		return false
	}
	s.tokens--
	return true
}

// recheck closes the socket once its token no longer authenticates
// (revoked, expired, its user deactivated).
func (s *liveSocket) recheck(ctx context.Context, cancel context.CancelFunc) {
	t := time.NewTicker(socketRecheck)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if _, err := s.h.identity.Authenticate(ctx, s.token); err != nil {
			var ie *domain.Error
			if errors.As(err, &ie) {
				s.conn.Close(CloseUnauthenticated, ie.Code())
				cancel()
				return
			}
		}
	}
}

// forward writes the hub's events to the socket, and pings.
func (s *liveSocket) forward(ctx context.Context, cancel context.CancelFunc) {
	ping := time.NewTicker(socketPing)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ping.C:
			pctx, pc := context.WithTimeout(ctx, socketWriteWait)
			err := s.conn.Ping(pctx)
			pc()
			if err != nil {
				cancel()
				return
			}
		case msg, ok := <-s.sub.C:
			switch {
			case !ok || string(msg) == string(realtime.Overflow):
				s.conn.Close(websocket.StatusTryAgainLater, "too far behind: reconnect")
				cancel()
				return
			case string(msg) == string(realtime.Resync):
				s.resync(ctx)
			default:
				if err := s.write(ctx, msg); err != nil {
					cancel()
					return
				}
			}
		}
	}
}

func (s *liveSocket) write(ctx context.Context, b []byte) error {
	wctx, cancel := context.WithTimeout(ctx, socketWriteWait)
	defer cancel()
	return s.conn.Write(wctx, websocket.MessageText, b)
}

func (s *liveSocket) send(ctx context.Context, m socketOut) {
	m.ServerTime = s.h.clock()
	b, _ := json.Marshal(m)
	s.write(ctx, b)
}

func (s *liveSocket) fail(ctx context.Context, ref string, err error) {
	p := problemFor(liveError(err), s.lang, s.c, 15)
	s.send(ctx, socketOut{Type: "error", Ref: ref, Error: &p})
}

// state sends a game's state.
func (s *liveSocket) state(ctx context.Context, typ, ref string, g *play.Game) {
	v := liveView{student: s.p.Role == domain.RoleStudent, self: s.p.UserID, lang: s.lang}
	if v.student {
		v.classes = s.h.classesOf(ctx, s.p)
	}
	r := s.h.whole(ctx, g, v)
	s.send(ctx, socketOut{Type: typ, Ref: ref, GameID: g.ID, Game: &r})
}

// resync sends the state of every game followed again.
func (s *liveSocket) resync(ctx context.Context) {
	s.send(ctx, socketOut{Type: "resync"})
	s.mu.Lock()
	ids := make([]string, 0, len(s.games))
	for id := range s.games {
		ids = append(ids, id)
	}
	s.mu.Unlock()
	for _, id := range ids {
		if g, err := s.h.svc.Get(ctx, s.p, id); err == nil {
			s.state(ctx, "state", "", g)
		}
	}
}

func (s *liveSocket) handle(ctx context.Context, in socketIn) {
	svc, p, id := s.h.svc, s.p, in.GameID
	if len(id) > 64 || len(in.Ref) > 64 {
		s.fail(ctx, "", fieldError("game_id", "invalid"))
		return
	}
	var g *play.Game
	var err error
	switch in.Type {
	case "ping":
		s.send(ctx, socketOut{Type: "pong", Ref: in.Ref})
		return
	case "subscribe":
		if g, err = svc.Get(ctx, p, id); err == nil {
			s.mu.Lock()
			full := len(s.games) >= SocketMaxGames && !s.games[id]
			if !full {
				s.games[id] = true
			}
			s.mu.Unlock()
			if full {
				s.fail(ctx, in.Ref, fieldError("game_id", "too_many"))
				return
			}
			s.sub.Add("game:" + id)
			s.state(ctx, "state", in.Ref, g)
			return
		}
	case "unsubscribe":
		s.mu.Lock()
		delete(s.games, id)
		s.mu.Unlock()
		s.sub.Remove("game:" + id)
		s.send(ctx, socketOut{Type: "ack", Ref: in.Ref, GameID: id})
		return
	case "phrase":
		s.phrase(ctx, in)
		return
	case "lesson_subscribe", "lesson_unsubscribe":
		s.lesson(ctx, in)
		return
	case "move":
		g, err = svc.Move(ctx, p, id, in.Ply, in.Move)
	case "pass":
		g, err = svc.Move(ctx, p, id, in.Ply, "pass")
	case "resign":
		g, err = svc.Resign(ctx, p, id)
	case "abort":
		g, err = svc.Abort(ctx, p, id)
	case "draw_offer":
		g, err = svc.OfferDraw(ctx, p, id)
	case "draw_accept", "draw_decline":
		g, err = svc.AnswerDraw(ctx, p, id, in.Type == "draw_accept")
	case "swap":
		g, err = svc.Swap(ctx, p, id)
	case "offer":
		g, err = svc.Offer(ctx, p, id, in.Ply, in.Moves)
	case "choose":
		g, err = svc.Choose(ctx, p, id, in.Keep)
	case "claim":
		g, err = svc.Claim(ctx, p, id, in.Claim, in.Move)
	case "stop":
		g, err = svc.Claim(ctx, p, id, "stop", "")
	case "takeback":
		g, err = svc.Takeback(ctx, p, id)
	default:
		s.fail(ctx, in.Ref, fieldError("type", "invalid"))
		return
	}
	if err != nil {
		s.fail(ctx, in.Ref, err)
		return
	}
	s.state(ctx, "ack", in.Ref, g)
}

// phrase sends one of the fixed friendly phrases to the game's other
// followers.
func (s *liveSocket) phrase(ctx context.Context, in socketIn) {
	t, ok := Phrases[in.Phrase]
	if !ok {
		s.fail(ctx, in.Ref, fieldError("phrase", "invalid"))
		return
	}
	g, err := s.h.svc.Get(ctx, s.p, in.GameID)
	if err != nil {
		s.fail(ctx, in.Ref, err)
		return
	}
	seat, plays := g.SeatOf(s.p.UserID)
	if !plays {
		s.fail(ctx, in.Ref, play.ErrForbidden)
		return
	}
	n := int(seat)
	b, _ := json.Marshal(socketOut{Type: "phrase", GameID: g.ID, Seat: &n, Phrase: in.Phrase, Text: t.zh + " / " + t.en, ServerTime: s.h.clock()})
	s.h.svc.Say(ctx, realtime.Pack([]string{"game:" + g.ID}, b))
	s.send(ctx, socketOut{Type: "ack", Ref: in.Ref, GameID: g.ID})
}

// lesson follows (or stops following) a live lesson's events: its staff
// get every tally change (LessonStaffTopic); the class's students follow
// their classes' lessons from the start and are told so.
func (s *liveSocket) lesson(ctx context.Context, in socketIn) {
	if s.h.lessons == nil {
		s.fail(ctx, in.Ref, &Error{Status: http.StatusServiceUnavailable, Code: "service_unavailable"})
		return
	}
	if in.LessonID == "" || len(in.LessonID) > 64 {
		s.fail(ctx, in.Ref, fieldError("lesson_id", "invalid"))
		return
	}
	if in.Type == "lesson_unsubscribe" {
		s.sub.Remove(LessonStaffTopic(in.LessonID))
		s.send(ctx, socketOut{Type: "ack", Ref: in.Ref, LessonID: in.LessonID})
		return
	}
	l, _, err := s.h.lessons.Get(ctx, s.p, in.LessonID)
	if err != nil {
		s.fail(ctx, in.Ref, err)
		return
	}
	if s.p.Staff() {
		s.sub.Add(LessonStaffTopic(l.ID))
	} else {
		s.sub.Add(LessonClassTopic(l.ClassID))
	}
	s.send(ctx, socketOut{Type: "ack", Ref: in.Ref, LessonID: l.ID})
}
