// A chess board of 64 buttons: tap (or press Enter on) a piece of the side
// to move, then its target square; a pawn reaching the last rank asks for
// the promotion piece. The board knows no rules: the server judges.
//
// Two more modes answer the kinds that ask for a set: "mark" (每一格 a
// piece can reach: taps mark and unmark squares, the asked piece stays
// lit, ✔ sends the marked squares, none at all when the piece cannot
// move) and "collect" (every answer to a check: each move tapped is
// listed under the board and the position stays as it was; ✕ takes one
// back, ✔ sends the list).
import { h } from '../dom.js';
import { t } from '../i18n.js';
import './coords.js';

const GLYPH = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };
const NAME = {
  k: ['王', 'king'], q: ['后', 'queen'], r: ['车', 'rook'], b: ['象', 'bishop'], n: ['马', 'knight'], p: ['兵', 'pawn'],
};
const FILES = 'abcdefgh';

// parseFEN returns {board: {square: piece}, turn: 'w'|'b', castling, ep}.
export function parseFEN(fen) {
  const [placement, turn = 'w', castling = '-', ep = '-'] = fen.trim().split(/\s+/);
  const board = {};
  placement.split('/').forEach((row, i) => {
    let f = 0;
    for (const c of row) {
      if (/[1-8]/.test(c)) f += Number(c);
      else { board[FILES[f] + (8 - i)] = c; f++; }
    }
  });
  return { board, turn, castling, ep };
}

const white = (p) => p === p.toUpperCase();

// applyMove plays from-to on a parsed position without checking legality
// (castling moves the rook, en passant removes the pawn, promotion sets
// the piece), for showing the student's move at once.
export function applyMove(pos, from, to, promo) {
  const b = { ...pos.board };
  const p = b[from];
  if (!p) return pos;
  delete b[from];
  if (p.toLowerCase() === 'p' && to === pos.ep) delete b[to[0] + from[1]];
  if (p.toLowerCase() === 'k' && Math.abs(FILES.indexOf(from[0]) - FILES.indexOf(to[0])) === 2) {
    const rank = from[1];
    const [rf, rt] = to[0] === 'g' ? ['h', 'f'] : ['a', 'd'];
    b[rt + rank] = b[rf + rank];
    delete b[rf + rank];
  }
  b[to] = promo ? (white(p) ? promo.toUpperCase() : promo) : p;
  return { ...pos, board: b, turn: pos.turn === 'w' ? 'b' : 'w', ep: '-' };
}

// chessBoard({fen, lang, onMove, mode, asked, onSet, flip}) returns {el,
// set(fen), lock(bool), reset()}. onMove(uci, from, to) is called with a
// move like "e7e8q"; in "mark" and "collect" modes onSet(list) gets the
// marked squares or the listed moves when ✔ is pressed.
export function chessBoard({ fen, lang, onMove, mode = 'move', asked, onSet, flip: flipped }) {
  let pos = parseFEN(fen);
  let sel = null;
  let locked = false;
  const marked = new Set();
  const listed = [];
  const flip = flipped === undefined ? pos.turn === 'b' : flipped; // Black at the bottom when Black moves
  const grid = h('div', { class: 'board chess', role: 'grid', 'aria-label': t(mode === 'mark' ? 'markSquares' : 'tapPiece') });
  const promo = h('div', { class: 'promo', hidden: true });
  const list = h('ol', { class: 'move-list', id: 'move-list', 'aria-live': 'polite', hidden: mode !== 'collect' });
  const go = h('button', {
    type: 'button', class: 'key key-go', id: 'set-go', hidden: mode === 'move',
    onclick: () => { if (!locked) onSet(mode === 'mark' ? [...marked] : [...listed]); },
  }, '✔', h('span', { class: 'sr-only' }, t('submit')));
  const el = h('div', { class: 'board-wrap' }, grid, promo, list, go);

  const label = (sq) => {
    const p = pos.board[sq];
    if (!p) return sq;
    const n = NAME[p.toLowerCase()];
    const side = white(p) ? (lang === 'en' ? 'white' : '白') : (lang === 'en' ? 'black' : '黑');
    return lang === 'en' ? `${sq} ${side} ${n[1]}` : `${sq} ${side}${n[0]}`;
  };

  const draw = () => {
    // Redrawing keeps the keyboard focus on its square.
    const had = grid.contains(document.activeElement) ? document.activeElement.dataset.sq : null;
    const rows = [];
    for (let r = 0; r < 8; r++) {
      const rank = flip ? r + 1 : 8 - r;
      const cells = [];
      for (let f = 0; f < 8; f++) {
        const file = FILES[flip ? 7 - f : f];
        const sq = file + rank;
        const p = pos.board[sq];
        const dark = (FILES.indexOf(file) + rank) % 2 === 1 ? 'dark' : 'light';
        const on = mode === 'mark' ? marked.has(sq) : sel === sq;
        cells.push(h('button', {
          type: 'button', role: 'gridcell',
          class: `sq ${dark}` + (sel === sq || sq === asked ? ' sel' : '') + (marked.has(sq) ? ' marked' : '') + (p ? (white(p) ? ' w' : ' b') : ''),
          'data-sq': sq, 'aria-label': label(sq) + (sq === asked ? ' · ' + t('askedPiece') : ''), 'aria-pressed': on ? 'true' : 'false',
          onclick: () => tap(sq),
        }, p ? h('span', { class: 'pc', 'aria-hidden': 'true' }, GLYPH[p]) : '',
        f === 0 ? h('span', { class: 'coord r', 'aria-hidden': 'true' }, String(rank)) : '',
        r === 7 ? h('span', { class: 'coord f', 'aria-hidden': 'true' }, file) : ''));
      }
      rows.push(h('div', { class: 'rank', role: 'row' }, cells));
    }
    grid.replaceChildren(...rows);
    if (had) focusSq(had);
    list.replaceChildren(...listed.map((m, i) => h('li', { class: 'listed', translate: 'no' },
      h('span', {}, m.slice(0, 2) + '→' + m.slice(2, 4), m[4] ? ' ' + GLYPH[pos.turn === 'w' ? m[4].toUpperCase() : m[4]] : ''),
      h('button', {
        type: 'button', class: 'btn ghost unlist', 'aria-label': t('takeBack', { move: m }),
        onclick: () => { if (!locked) { listed.splice(i, 1); draw(); } },
      }, '✕'))));
  };

  const mine = (sq) => {
    const p = pos.board[sq];
    return p && (pos.turn === 'w') === white(p);
  };

  const tap = (sq) => {
    if (locked) return;
    if (mode === 'mark') {
      if (marked.has(sq)) marked.delete(sq); else marked.add(sq);
      draw();
      return;
    }
    if (sel === null || mine(sq)) {
      sel = mine(sq) ? (sel === sq ? null : sq) : null;
      draw();
      return;
    }
    const from = sel;
    sel = null;
    const p = pos.board[from];
    if (p.toLowerCase() === 'p' && (sq[1] === '8' || sq[1] === '1')) return askPromotion(from, sq);
    play(from, sq, '');
  };

  const play = (from, to, pr) => {
    if (mode === 'collect') {
      // The move is listed, the position stays: the next answer starts
      // from it too.
      if (!listed.includes(from + to + pr)) listed.push(from + to + pr);
      draw();
      return;
    }
    pos = applyMove(pos, from, to, pr);
    draw();
    onMove(from + to + pr, from, to);
  };

  const askPromotion = (from, to) => {
    promo.replaceChildren(h('p', {}, t('promoteTo')), ...['q', 'r', 'b', 'n'].map((k) =>
      h('button', {
        type: 'button', class: 'key promo-' + k, 'aria-label': t('piece_' + k),
        onclick: () => { promo.hidden = true; play(from, to, k); focusSq(to); },
      }, GLYPH[pos.turn === 'w' ? k.toUpperCase() : k])));
    promo.hidden = false;
    promo.querySelector('button').focus();
  };

  const focusSq = (sq) => { const b = grid.querySelector(`[data-sq="${sq}"]`); if (b) b.focus(); };

  // Arrow keys move the focus over the squares.
  grid.addEventListener('keydown', (e) => {
    const sq = e.target.dataset && e.target.dataset.sq;
    if (!sq) return;
    const d = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
    if (!d) return;
    e.preventDefault();
    const s = flip ? -1 : 1;
    const f = FILES.indexOf(sq[0]) + d[0] * s, r = Number(sq[1]) + d[1] * s;
    if (f >= 0 && f < 8 && r >= 1 && r <= 8) focusSq(FILES[f] + r);
  });

  draw();
  return {
    el,
    set(f) { pos = parseFEN(f); sel = null; draw(); },
    lock(v) { locked = v; el.classList.toggle('locked', v); go.disabled = v; },
    reset() { pos = parseFEN(fen); sel = null; marked.clear(); listed.length = 0; draw(); },
  };
}
