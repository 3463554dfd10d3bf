package web_test

import (
	"testing"
)

// TestAnswerMarks runs the statistics screen's drawing of wrong answers
// in the browser, signed in as the teacher (lines of moves are played out
// by the rules endpoint): the marks of each game's answers, and every
// diagram address they make is one the API draws (200, SVG).
func TestAnswerMarks(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	b := newBrowser(t, startServer(t), 1024, 768)
	b.teacherLogin()
	failures := evalJS[[]string](b, `(async () => {
  const v = await import('/js/teacher/answerview.js');
  const bad = [];
  const eq = (what, got, want) => { if (JSON.stringify(got) !== JSON.stringify(want)) bad.push(what + ': ' + JSON.stringify(got) + ' want ' + JSON.stringify(want)); };
  const empty = Array(15).fill('.'.repeat(15)).join('/');
  const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const cases = [
    ['chess move', { game: 'chess', prompt: { fen: '4k3/8/8/8/8/8/8/4K2R w K - 0 1' } }, { move: 'e1g1' },
      (m) => { eq('chess arrow', m.arrows, 'e1g1'); eq('chess position', m.position, '4k3/8/8/8/8/8/8/4K2R w K - 0 1'); }],
    ['chess line', { game: 'chess', steps: true, prompt: { fen: start } }, { moves: ['e2e4', 'e7e5', 'g1f3'] },
      (m) => { eq('line arrow', m.arrows, 'g1f3'); eq('line position', m.position.split(' ')[0], 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR'); }],
    ['chess SAN', { game: 'chess', prompt: { fen: '4k3/8/8/8/8/8/8/4K2R w K - 0 1' } }, { move: 'Rh8+' },
      (m) => { eq('SAN target', m.highlight, 'h8'); eq('no arrow', m.arrows, ''); }],
    ['chess castling', { game: 'chess', prompt: { fen: '4k3/8/8/8/8/8/8/4K2R w K - 0 1' } }, { move: 'O-O' },
      (m) => eq('castling target', m.highlight, 'g1')],
    ['chess all escapes', { game: 'chess', kind: 'chess.all_escapes', steps: false, prompt: { fen: '4k3/8/8/8/8/8/8/4K2R w K - 0 1' } }, { moves: ['e1f1', 'e1d2'] },
      (m) => eq('every move an arrow', m.arrows, 'e1f1,e1d2')],
    ['chess piece moves', { game: 'chess', kind: 'chess.piece_moves', prompt: { fen: '4k3/8/8/8/8/8/8/4K2R w K - 0 1', square: 'h1' } }, { squares: ['h2', 'g1'] },
      (m) => eq('the piece and its squares', m.highlight, 'h1,h2,g1')],
    ['chess black', { game: 'chess', prompt: { fen: '4k3/8/8/8/8/8/8/4K3 b - - 0 1' } }, { move: 'e8d8' },
      (m) => eq('seen from Black', m.flip, true)],
    ['draughts capture', { game: 'draughts', prompt: { fen: 'W:W38:B32,22' } }, { move: '38x27x18' },
      (m) => eq('draughts arrows', m.arrows, '38-27,27-18')],
    ['gomoku point', { game: 'gomoku', kind: 'gomoku.win_in_1', prompt: { board: empty } }, { point: 'h8' },
      (m) => { eq('stone placed', m.position.split('/')[7][7], 'x'); eq('last', m.last, 'h8'); }],
    ['gomoku white', { game: 'gomoku', prompt: { board: empty, colour: 'white' } }, { point: 'a15' },
      (m) => eq('white stone', m.position.split('/')[0][0], 'o')],
    ['gomoku line', { game: 'gomoku', prompt: { board: empty } }, { moves: ['h8', 'h9', 'i9'] },
      (m) => { eq('line stones', [m.position.split('/')[7][7], m.position.split('/')[6][7], m.position.split('/')[6][8]], ['x', 'o', 'x']); eq('line last', m.last, 'i9'); }],
    ['gomoku points', { game: 'gomoku', prompt: { board: empty } }, { points: ['f8', 'g8'] },
      (m) => eq('ringed', m.highlight, 'f8,g8')],
    ['renju forbidden', { game: 'gomoku', kind: 'gomoku.forbidden', prompt: { board: empty, point: 'h8' } }, { forbidden: true, reason: 'overline' },
      (m) => eq('asked point', m.highlight, 'h8')],
    ['numchess move', { game: 'numchess', kind: 'numchess.move', prompt: { position: 'start', ruleset: 'K1' } }, { piece: 8, path: ['f5'], exprs: ['6+2'] },
      (m) => eq('number chess arrow', m.arrows, 'b2-f5')],
  ];
  for (const [what, ex, answer, check] of cases) {
    let m;
    try { m = await v.answerMarks(ex, answer); } catch (e) { bad.push(what + ': ' + e.message); continue; }
    if (!m) { bad.push(what + ': no marks'); continue; }
    check(m);
    const res = await fetch(v.diagramURL(ex.game, m));
    if (res.status !== 200 || !res.headers.get('Content-Type').startsWith('image/svg+xml')) bad.push(what + ': diagram ' + res.status + ' ' + await res.text());
  }
  eq('no board for a sum', await v.answerMarks({ game: 'numchess', kind: 'numchess.expression', prompt: {} }, { expression: '1+2' }), null);
  eq('sum in words', v.answerText({ prompt: {} }, { expression: '1+2' }), '1+2');
  eq('choice in words', v.answerText({ prompt: { options: [{ 'zh-CN': '甲', en: 'A' }, { 'zh-CN': '乙', en: 'B' }] } }, { choice: 1 }), '乙');
  eq('number chess in words', v.answerText({ prompt: {} }, { piece: 8, path: ['f5', 'f7'], exprs: ['6+2', ''] }), '8: f5-f7 [6+2]');
  return bad;
})()`)
	for _, f := range failures {
		t.Error(f)
	}
}
