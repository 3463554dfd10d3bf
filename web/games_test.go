package web_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pgn is one chess game between two players on a day.
func pgn(white, black, date, result, moves string) string {
	return fmt.Sprintf("[Event \"班级赛\"]\n[Date \"%s\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n\n%s %s\n\n",
		date, white, black, result, moves, result)
}

// TestGameRecords: the teacher uploads a PGN file of three games (one
// illegal, one repeated) and sees each refused game with its number and
// reason, replays the stored one move by move with its comment at its
// move; a student sees the level and points to the next level and
// submits a game, which waits until the teacher confirms it; the
// monthly table counts both games.
func TestGameRecords(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	_, _, cards := newStudents(t, base, "吴小棋", "郑小谱")
	today := time.Now().Format("2006.01.02")
	good := pgn("吴小棋", "郑小谱", today, "1-0", "1. e4 {中心兵} e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#")
	file := good + pgn("吴小棋", "郑小谱", today, "*", "1. e4 e5 2. Ke3") + good

	b := newBrowser(t, base, 1024, 768)
	b.teacherLogin()
	b.click(`.side a[href="/teacher/games"]`)
	b.selectOption("#up-game", "chess")
	b.fill("#up-text", file)
	b.click("#up-go")
	b.wait("#up-report .report-sum")
	refused := evalJS[[]string](b, `[...document.querySelectorAll('#refused li')].map((li) => li.dataset.number + ' ' + li.dataset.code + ' ' + li.textContent)`)
	if len(refused) != 2 || !strings.HasPrefix(refused[0], "2 invalid") || !strings.Contains(refused[0], "Ke3") || !strings.HasPrefix(refused[1], "3 duplicate") {
		t.Errorf("refused games %q, want 2 (invalid, naming Ke3) and 3 (duplicate)", refused)
	}
	b.shot("games-upload-report")

	// The same file chosen as a file (a multipart upload): all three are
	// now refused, the first as a repeat of the stored game.
	path := filepath.Join(t.TempDir(), "class.pgn")
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	b.run("choose the file", chromedp.SetUploadFiles(chromedp.CSS("#up-file"), []string{path}))
	b.click("#up-go")
	b.waitJS("the file's report", `document.querySelectorAll('#refused li').length === 3`)
	if codes := evalJS[string](b, `[...document.querySelectorAll('#refused li')].map((li) => li.dataset.code).join(' ')`); codes != "duplicate invalid duplicate" {
		t.Errorf("the file's refusals %q, want duplicate invalid duplicate", codes)
	}

	// The archive lists the game; its replay steps through the moves.
	b.open("/teacher/games")
	b.wait("#games tbody tr")
	if n := evalJS[int](b, `document.querySelectorAll('#games tbody tr').length`); n != 1 {
		t.Errorf("the archive lists %d games, want 1", n)
	}
	b.shot("games-list")
	// Search: an event no game has, then the opening's ECO code.
	b.fill("#gf-event", "没有这个比赛")
	b.click("#gf-go")
	b.wait("#no-games")
	b.fill("#gf-event", "")
	b.fill("#gf-opening", "C20")
	b.click("#gf-go")
	b.waitJS("the game found by its opening", `location.search.includes('opening=C20') && document.querySelectorAll('#games tbody tr').length === 1`)
	b.click("#games .replay-link")
	b.waitJS("the start position drawn", `(() => { const i = document.querySelector('#replay-board'); return !!i && i.dataset.ply === '0' && i.complete && i.naturalWidth > 0; })()`)
	// A step: the next move's board drawn (the API's SVG loaded).
	stepMs := evalJS[float64](b, `(async () => { const i = document.querySelector('#replay-board');
		const t0 = performance.now(); const drawn = new Promise((r) => i.addEventListener('load', r, { once: true }));
		document.querySelector('#replay-next').click(); await drawn; return performance.now() - t0; })()`)
	t.Logf("replay: the next move's board drawn %.0f ms after the click", stepMs)
	b.waitJS("ply 1", `document.querySelector('#replay-board').dataset.ply === '1'`)
	if note := b.text("#replay-notes"); !strings.Contains(note, "中心兵") {
		t.Errorf("the comment of 1. e4 is not shown at its move: %q", note)
	}
	b.click("#replay-next")
	b.waitJS("ply 2", `document.querySelector('#replay-board').dataset.ply === '2' && document.querySelector('#moves .current .mv-btn').dataset.ply === '2'`)
	// The keyboard: End goes to the last ply, where "next" is off.
	evalJS[bool](b, `(() => { const p = document.querySelector('.replay-play'); p.focus();
		p.dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })); return true; })()`)
	b.waitJS("the last ply", `document.querySelector('#replay-board').dataset.ply === '7' && document.querySelector('#replay-next').disabled`)
	if src := evalJS[string](b, `document.querySelector('#replay-board').getAttribute('src')`); !strings.HasPrefix(src, "/v1/diagrams/chess.svg?") {
		t.Errorf("the board is drawn from %s", src)
	}
	b.shot("games-replay")
	b.click("#logout")

	// The student: levels, and a game submitted (pending).
	// On the tablet 吴小棋 submits a game; on the phone 郑小谱, the
	// opponent, may confirm it (the submitter may not).
	for i, size := range [][2]int{{1024, 768}, {390, 844}} {
		sb := newBrowser(t, base, size[0], size[1])
		st := cards.Students[i]
		sb.studentLogin(cards.ClassCode, st.Username, st.PIN)
		sb.click("#my-games-link")
		sb.wait(`#levels li[data-game="chess"] .to-next`)
		if i == 0 {
			sb.selectOption("#up-game", "chess")
			sb.fill("#up-text", pgn("吴小棋", "郑小谱", today, "1/2-1/2", "1. d4 d5 2. c4 e6"))
			sb.click("#up-go")
			sb.waitJS("the pending game listed", `!!document.querySelector('#games tr[data-status="pending"]')`)
		}
		sb.wait(`#games tr[data-status="pending"]`)
		if can := evalJS[bool](sb, `!!document.querySelector('#games tr[data-status="pending"] button.confirm')`); can != (i == 1) {
			t.Errorf("%s may confirm the pending game: %v, want %v", st.Username, can, i == 1)
		}
		sb.fits(fmt.Sprintf("student-games-%dx%d", size[0], size[1]))
	}

	// The teacher confirms it; the monthly table counts both games.
	b.teacherLogin()
	b.open("/teacher/games?status=pending")
	b.click("#games button.confirm")
	b.waitJS("confirmed", `document.querySelector('#games tbody tr').dataset.status === 'confirmed'`)
	b.click("#monthly-link")
	b.wait("#monthly tbody tr")
	rows := evalJS[map[string]string](b, `Object.fromEntries([...document.querySelectorAll('#monthly tbody tr')].map((tr) => [tr.children[1].textContent, tr.children[2].textContent + ' ' + tr.children[4].textContent]))`)
	if rows["吴小棋"] != "2 3" || rows["郑小谱"] != "2 1.5" {
		t.Errorf("monthly table %v, want 吴小棋 2 games 3 points (a win, a draw), 郑小谱 2 games 1.5", rows)
	}
	b.shot("games-monthly")

	// The teacher's screens at 200% zoom on the tablet.
	z := zoomed(t, base, 1)
	z.teacherLogin()
	z.open("/teacher/games")
	z.wait("#games tbody tr")
	z.fits("games-list-zoom-200")
	z.click("#games .replay-link")
	z.waitJS("the board", `(() => { const i = document.querySelector('#replay-board'); return !!i && i.complete && i.naturalWidth > 0; })()`)
	z.fits("games-replay-zoom-200")
	z.open("/teacher/games/monthly")
	z.wait("#monthly")
	z.fits("games-monthly-zoom-200")

	// In English: the app's words and the server's (level names, reasons).
	z.click(`.top button[lang="en"]`)
	z.waitJS("English", `document.documentElement.lang === 'en'`)
	for _, p := range []string{"/teacher/games", "/teacher/games/monthly"} {
		z.open(p)
		z.wait(".dash-main h1")
		z.waitJS("loaded", `!!document.querySelector('#games, #monthly, #no-monthly')`)
		if zh := evalJS[[]string](z, hanInEnglishJS); len(zh) > 0 {
			t.Errorf("English %s shows Chinese: %q", p, zh)
		}
	}
}
