// A 10×10 international draughts board: the 50 dark squares are buttons
// numbered as in PDN (1 at Black's side). Tap a piece, then each square
// it lands on: a plain move is sent at once; a capture waits for more
// landings and is sent with ✔ (or by tapping the last landing again).
import { h } from '../dom.js';
import { t } from '../i18n.js';
import './coords.js';

// coords returns [row, col] (0-based from the top-left) of square n.
export function coords(n) {
  const r = Math.floor((n - 1) / 5);
  const i = (n - 1) % 5;
  return [r, r % 2 === 0 ? 2 * i + 1 : 2 * i];
}

function square(r, c) {
  if (r < 0 || r > 9 || c < 0 || c > 9 || (r + c) % 2 === 0) return 0;
  return r * 5 + Math.floor(c / 2) + 1;
}

// parseFEN reads a PDN FEN such as "W:W28,K45:B12,19" (ranges 31-35
// allowed) into {turn: 'W'|'B', pieces: {n: 'w'|'W'|'b'|'B'}} (capital:
// king).
export function parseFEN(fen) {
  const parts = fen.trim().replace(/\.$/, '').split(':');
  const pieces = {};
  for (const part of parts.slice(1)) {
    const side = part[0].toLowerCase();
    for (let tok of part.slice(1).split(',')) {
      tok = tok.trim();
      if (!tok) continue;
      const king = tok[0] === 'K';
      if (king) tok = tok.slice(1);
      const [a, b] = tok.split('-').map(Number);
      for (let n = a; n <= (b || a); n++) pieces[n] = king ? side.toUpperCase() : side;
    }
  }
  return { turn: parts[0].toUpperCase() === 'B' ? 'B' : 'W', pieces };
}

// between lists the squares strictly between two squares on a diagonal.
function between(a, b) {
  const [r1, c1] = coords(a), [r2, c2] = coords(b);
  const dr = Math.sign(r2 - r1), dc = Math.sign(c2 - c1);
  if (Math.abs(r2 - r1) !== Math.abs(c2 - c1)) return [];
  const out = [];
  for (let r = r1 + dr, c = c1 + dc; r !== r2; r += dr, c += dc) out.push(square(r, c));
  return out;
}

export function draughtsBoard({ fen, lang, onMove }) {
  let pos = parseFEN(fen);
  let path = [];
  let jumped = false;
  let locked = false;
  const flip = pos.turn === 'B';
  const grid = h('div', { class: 'board draughts', role: 'grid', 'aria-label': t('tapPiece') });
  const done = h('button', { type: 'button', class: 'key key-go', id: 'move-go', hidden: true, onclick: () => finish() },
    '✔', h('span', { class: 'sr-only' }, t('submit')));
  const mine = (n) => { const p = pos.pieces[n]; return p && (p.toLowerCase() === 'w') === (pos.turn === 'W'); };
  const label = (n) => {
    const p = pos.pieces[n];
    if (!p) return String(n);
    const side = p.toLowerCase() === 'w' ? (lang === 'en' ? 'white' : '白') : (lang === 'en' ? 'black' : '黑');
    const kind = p === p.toUpperCase() ? (lang === 'en' ? 'king' : '王') : (lang === 'en' ? 'man' : '兵');
    return lang === 'en' ? `${n} ${side} ${kind}` : `${n} ${side}${kind}`;
  };
  const draw = () => {
    // Redrawing keeps the keyboard focus on its square.
    const had = grid.contains(document.activeElement) ? document.activeElement.dataset.sq : null;
    const rows = [];
    for (let i = 0; i < 10; i++) {
      const r = flip ? 9 - i : i;
      const cells = [];
      for (let j = 0; j < 10; j++) {
        const c = flip ? 9 - j : j;
        const n = square(r, c);
        if (!n) { cells.push(h('span', { class: 'dsq light', role: 'gridcell', 'aria-hidden': 'true' })); continue; }
        const p = pos.pieces[n];
        const at = path.indexOf(n);
        cells.push(h('button', {
          type: 'button', role: 'gridcell', 'data-sq': String(n), 'aria-label': label(n),
          'aria-pressed': at >= 0 ? 'true' : 'false',
          class: 'dsq dark' + (at === 0 ? ' sel' : at > 0 ? ' path' : ''), onclick: () => tap(n),
        }, h('span', { class: 'num coord', 'aria-hidden': 'true' }, String(n)),
        p ? h('span', { class: 'man ' + (p.toLowerCase() === 'w' ? 'w' : 'b') + (p === p.toUpperCase() ? ' king' : ''), 'aria-hidden': 'true' }) : ''));
      }
      rows.push(h('div', { class: 'row10', role: 'row' }, cells));
    }
    grid.replaceChildren(...rows);
    if (had) grid.querySelector(`[data-sq="${had}"]`).focus();
    done.hidden = !(jumped && path.length >= 2);
  };
  const finish = () => {
    if (path.length < 2) return;
    const move = path.join(jumped ? 'x' : '-');
    // Show the move at once: the piece moves, the jumped pieces go.
    const piece = pos.pieces[path[0]];
    const pieces = { ...pos.pieces };
    delete pieces[path[0]];
    for (let i = 1; i < path.length; i++) between(path[i - 1], path[i]).forEach((n) => { if (n && pieces[n]) delete pieces[n]; });
    pieces[path[path.length - 1]] = piece;
    pos = { ...pos, pieces };
    path = [];
    jumped = false;
    draw();
    onMove(move);
  };
  const tap = (n) => {
    if (locked) return;
    if (path.length === 0 || (path.length === 1 && mine(n))) {
      path = mine(n) ? (path[0] === n ? [] : [n]) : [];
      draw();
      return;
    }
    if (n === path[path.length - 1] && path.length >= 2) return finish();
    if (pos.pieces[n] && n !== path[0]) return;
    const over = between(path[path.length - 1], n).some((s) => pos.pieces[s] && s !== path[0]);
    path.push(n);
    if (!over && path.length === 2 && !jumped) return finish();
    jumped = jumped || over;
    draw();
  };
  draw();
  return {
    el: h('div', { class: 'board-wrap' }, grid, done),
    set(f) { pos = parseFEN(f); path = []; jumped = false; draw(); },
    lock(v) { locked = v; grid.classList.toggle('locked', v); },
    reset() { pos = parseFEN(fen); path = []; jumped = false; draw(); },
  };
}
