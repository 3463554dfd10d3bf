package main

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// flood is one student sending game uploads of about floodBytes each
// from -flood concurrent connections, without pause, for the whole run:
// the attack of issue 31 (one caller takes the server from the others).
// The file goes as a multipart form, as the web app sends files (a JSON
// body of this size would be refused at 1 MiB before any reading); the
// server reads every upload afresh (a student's file stores nothing that
// a later one could be a duplicate of: the games are not theirs).
type flood struct {
	stop  atomic.Bool
	wg    sync.WaitGroup
	mu    sync.Mutex
	codes map[int]int
	sent  atomic.Int64
	fail  atomic.Int64
}

const floodBytes = 900 << 10

// floodForm is a multipart form of a chess file of about floodBytes
// (distinct short games) and its content type.
func floodForm() ([]byte, string) {
	var b strings.Builder
	for i := 0; b.Len() < floodBytes; i++ {
		fmt.Fprintf(&b, "[Event \"Flood\"]\n[White \"W%d\"]\n[Black \"B%d\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n", i, i)
	}
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	w.WriteField("game", "chess")
	f, _ := w.CreateFormFile("file", "flood.pgn")
	f.Write([]byte(b.String()))
	w.Close()
	return body.Bytes(), w.FormDataContentType()
}

// startFlood starts n connections of token's uploads against base.
func startFlood(base, token string, n int) *flood {
	f := &flood{codes: map[int]int{}}
	form, contentType := floodForm()
	client := &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: n}}
	for range n {
		f.wg.Add(1)
		go func() {
			defer f.wg.Done()
			for !f.stop.Load() {
				f.sent.Add(1)
				req, err := http.NewRequest(http.MethodPost, base+"/v1/games", bytes.NewReader(form))
				if err != nil {
					f.fail.Add(1)
					return
				}
				req.Header.Set("Content-Type", contentType)
				req.Header.Set("Authorization", "Bearer "+token)
				resp, err := client.Do(req)
				if err != nil {
					f.fail.Add(1)
					time.Sleep(10 * time.Millisecond)
					continue
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				f.mu.Lock()
				f.codes[resp.StatusCode]++
				f.mu.Unlock()
			}
		}()
	}
	return f
}

// end stops the flood, waits for its requests, and prints what the
// server answered them. A 5xx is a failure of the guard.
func (f *flood) end() int {
	f.stop.Store(true)
	f.wg.Wait()
	var codes []int
	for c := range f.codes {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	var parts []string
	bad := 0
	for _, c := range codes {
		parts = append(parts, fmt.Sprintf("%d: %d", c, f.codes[c]))
		if c >= 500 {
			bad += f.codes[c]
		}
	}
	fmt.Printf("flood: %d uploads of %d KB sent by one student (%s; %d transport errors)\n",
		f.sent.Load(), floodBytes>>10, strings.Join(parts, ", "), f.fail.Load())
	return bad
}
