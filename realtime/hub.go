// Package realtime carries live-game events to the sockets that follow
// them. It decides nothing: the database is the truth, a socket that
// (re)connects reads the state and then follows the events. A notice is
// a list of topics and a body (Pack); the Hub hands the body to every
// subscriber of any of its topics, once. Between replicas the notices
// travel through PostgreSQL LISTEN/NOTIFY (ListenPostgres); on the
// embedded SQLite default one process publishes to its own Hub.
//
//	hub := realtime.NewHub()
//	sub := hub.Subscribe("game:" + id)
//	defer sub.Close()
//	hub.Publish(realtime.Pack([]string{"game:" + id}, body))
//	msg := <-sub.C // body, or Resync after the fan-out lost its connection
package realtime

import (
	"bytes"
	"strings"
	"sync"
)

// Resync is delivered to every subscriber when notices may have been
// lost (the PostgreSQL listener reconnected): read the state again.
var Resync = []byte("\x00resync")

// Overflow is the last message of a subscriber that fell too far behind:
// its channel is closed after it.
var Overflow = []byte("\x00overflow")

// Buffer is how many messages a subscriber may have waiting.
const Buffer = 64

// Hub holds the subscribers by topic. It is safe for concurrent use.
type Hub struct {
	mu     sync.RWMutex
	topics map[string]map[*Sub]struct{}
}

// NewHub returns an empty hub.
func NewHub() *Hub { return &Hub{topics: map[string]map[*Sub]struct{}{}} }

// Sub is one subscriber: C receives the bodies of its topics' notices in
// order, then Resync or Overflow markers; C is closed by Close or after
// Overflow.
type Sub struct {
	C      chan []byte
	hub    *Hub
	mu     sync.Mutex // guards topics and closed, and sends on C
	topics map[string]bool
	closed bool
	over   bool
}

// Subscribe returns a subscriber of topics.
func (h *Hub) Subscribe(topics ...string) *Sub {
	s := &Sub{C: make(chan []byte, Buffer), hub: h, topics: map[string]bool{}}
	for _, t := range topics {
		s.Add(t)
	}
	return s
}

// Add subscribes s to one more topic.
func (s *Sub) Add(topic string) {
	s.mu.Lock()
	if s.closed || s.topics[topic] {
		s.mu.Unlock()
		return
	}
	s.topics[topic] = true
	s.mu.Unlock()
	h := s.hub
	h.mu.Lock()
	m := h.topics[topic]
	if m == nil {
		m = map[*Sub]struct{}{}
		h.topics[topic] = m
	}
	m[s] = struct{}{}
	h.mu.Unlock()
}

// Has reports whether a subscriber of this hub follows topic (this
// process's subscribers only: another replica's are not known here).
func (h *Hub) Has(topic string) bool {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.topics[topic]) > 0
}

// Remove unsubscribes s from a topic.
func (s *Sub) Remove(topic string) {
	s.mu.Lock()
	delete(s.topics, topic)
	s.mu.Unlock()
	s.hub.drop(s, topic)
}

// Topics returns how many topics s follows.
func (s *Sub) Topics() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.topics)
}

func (h *Hub) drop(s *Sub, topic string) {
	h.mu.Lock()
	if m := h.topics[topic]; m != nil {
		delete(m, s)
		if len(m) == 0 {
			delete(h.topics, topic)
		}
	}
	h.mu.Unlock()
}

// Close unsubscribes s from everything and closes C.
func (s *Sub) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	topics := s.topics
	s.topics = nil
	close(s.C)
	s.mu.Unlock()
	for t := range topics {
		s.hub.drop(s, t)
	}
}

// send delivers one message, or marks s overflowing when it is full.
func (s *Sub) send(msg []byte) {
	s.mu.Lock()
	if s.closed || s.over {
		s.mu.Unlock()
		return
	}
	select {
	case s.C <- msg:
		s.mu.Unlock()
		return
	default:
	}
	// Too far behind: make room for the marker and stop.
	select {
	case <-s.C:
	default:
	}
	s.C <- Overflow
	s.over = true
	s.mu.Unlock()
	go s.Close()
}

// Pack makes a notice of its topics and body.
func Pack(topics []string, body []byte) []byte {
	var b bytes.Buffer
	b.WriteString(strings.Join(topics, " "))
	b.WriteByte('\n')
	b.Write(body)
	return b.Bytes()
}

// Unpack splits a notice into its topics and body; false when it is not
// a notice.
func Unpack(n []byte) ([]string, []byte, bool) {
	i := bytes.IndexByte(n, '\n')
	if i < 0 {
		return nil, nil, false
	}
	return strings.Fields(string(n[:i])), n[i+1:], true
}

// Publish hands a notice's body to every subscriber of any of its topics,
// once each.
func (h *Hub) Publish(notice []byte) {
	topics, body, ok := Unpack(notice)
	if !ok {
		return
	}
	h.mu.RLock()
	var targets []*Sub
	seen := map[*Sub]bool{}
	for _, t := range topics {
		for s := range h.topics[t] {
			if !seen[s] {
				seen[s] = true
				targets = append(targets, s)
			}
		}
	}
	h.mu.RUnlock()
	for _, s := range targets {
		s.send(body)
	}
}

// ResyncAll tells every subscriber to read its state again.
func (h *Hub) ResyncAll() {
	h.mu.RLock()
	seen := map[*Sub]bool{}
	for _, m := range h.topics {
		for s := range m {
			seen[s] = true
		}
	}
	h.mu.RUnlock()
	for s := range seen {
		s.send(Resync)
	}
}
