package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBoardLogic runs the boards' own logic in the browser, on the app's
// modules as served: FEN reading, moves shown before the verdict
// (castling, en passant, promotion), the promotion choice, draughts
// squares and captures, gomoku boards.
func TestBoardLogic(t *testing.T) {
	b := appPage(t)
	failures := evalJS[[]string](b, `(async () => {
  const chess = await import('/js/boards/chess.js');
  const draughts = await import('/js/boards/draughts.js');
  const gomoku = await import('/js/boards/gomoku.js');
  const bad = [];
  const eq = (what, got, want) => { if (JSON.stringify(got) !== JSON.stringify(want)) bad.push(what + ': ' + JSON.stringify(got) + ' want ' + JSON.stringify(want)); };

  let p = chess.parseFEN('r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1');
  eq('fen', [p.turn, p.board.e1, p.board.a8, p.board.e5, p.ep], ['w', 'K', 'r', 'P', 'd6']);
  let q = chess.applyMove(p, 'e1', 'g1', '');
  eq('O-O', [q.board.g1, q.board.f1, q.board.h1, q.turn], ['K', 'R', undefined, 'b']);
  q = chess.applyMove(p, 'e1', 'c1', '');
  eq('O-O-O', [q.board.c1, q.board.d1, q.board.a1], ['K', 'R', undefined]);
  q = chess.applyMove(p, 'e5', 'd6', '');
  eq('en passant', [q.board.d6, q.board.d5, q.board.e5], ['P', undefined, undefined]);
  q = chess.applyMove(chess.parseFEN('8/4P3/8/8/8/8/8/k6K w - - 0 1'), 'e7', 'e8', 'n');
  eq('promotion', q.board.e8, 'N');

  // The promotion choice on a board: tap e7, e8, choose the knight.
  let played = null;
  const board = chess.chessBoard({ fen: '8/4P3/8/8/8/8/8/k6K w - - 0 1', lang: 'en', onMove: (m) => { played = m; } });
  document.body.append(board.el);
  board.el.querySelector('[data-sq="e7"]').click();
  board.el.querySelector('[data-sq="e8"]').click();
  eq('no move before the choice', played, null);
  eq('promotion choice shown', board.el.querySelector('.promo').hidden, false);
  board.el.querySelector('.promo-n').click();
  eq('promoted move', played, 'e7e8n');
  eq('knight on e8', board.el.querySelector('[data-sq="e8"]').getAttribute('aria-label'), 'e8 white knight');
  board.el.remove();

  eq('draughts squares', [1, 5, 6, 10, 46, 50].map(draughts.coords), [[0, 1], [0, 9], [1, 0], [1, 8], [9, 0], [9, 8]]);
  const d = draughts.parseFEN('B:W31-33,K45:B12,K19.');
  eq('draughts fen', [d.turn, d.pieces[31], d.pieces[32], d.pieces[33], d.pieces[45], d.pieces[12], d.pieces[19]], ['B', 'w', 'w', 'w', 'W', 'b', 'B']);
  let sent = null;
  const db = draughts.draughtsBoard({ fen: 'W:W38:B32,22,3', lang: 'en', onMove: (m) => { sent = m; } });
  document.body.append(db.el);
  for (const n of [38, 27, 18]) db.el.querySelector('[data-sq="' + n + '"]').click();
  eq('capture waits for more landings', sent, null);
  db.el.querySelector('[data-sq="18"]').click();
  eq('capture sent by a second tap', sent, '38x27x18');
  eq('captured men gone', [32, 22].map((n) => !!db.el.querySelector('[data-sq="' + n + '"] .man')), [false, false]);
  db.reset();
  sent = null;
  for (const n of [38, 33]) db.el.querySelector('[data-sq="' + n + '"]').click();
  eq('plain move sent at once', sent, '38-33');
  db.el.remove();

  const g = gomoku.parseBoard('x.............o/' + '.'.repeat(15) + '/'.repeat(1) + Array(13).fill('.'.repeat(15)).join('/'));
  eq('gomoku board', [g.a15, g.o15, g.h8], ['x', 'o', undefined]);
  return bad;
})()`)
	for _, f := range failures {
		t.Error(f)
	}
}

// TestBoardKeyboard: a chess move played with the keyboard alone, arrows
// to move between squares and Enter to pick them.
func TestBoardKeyboard(t *testing.T) {
	b := appPage(t)
	evalJS[bool](b, `(async () => {
  const chess = await import('/js/boards/chess.js');
  const board = chess.chessBoard({ fen: '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', lang: 'en', onMove: (m) => { window.played = m; } });
  document.getElementById('main').replaceChildren(board.el);
  board.el.querySelector('[data-sq="e2"]').focus();
  return true;
})()`)
	b.run("keys", chromedp.KeyEvent(kb.Enter), chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.Enter))
	if got := evalJS[string](b, `window.played || ''`); got != "e2e4" {
		t.Errorf("keyboard move %q, want e2e4", got)
	}
	if got := evalJS[string](b, `document.activeElement.dataset.sq || ''`); got != "e4" {
		t.Errorf("focus on %q after the move, want e4", got)
	}
}

// appPage opens the app's front page in a new browser, for tests that
// drive the app's modules directly.
func appPage(t *testing.T) *browser {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	b := newBrowser(t, startServer(t), 1024, 768)
	b.open("/")
	b.wait(".door")
	return b
}
