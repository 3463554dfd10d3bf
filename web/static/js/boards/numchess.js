// The number-chess board: the 121-point star, each point a button placed
// on its row (rows 1-17 from Red's tip; a row of n points has doubled
// x = -(n-1), -(n-3), ..., n-1). Tap your piece, then each point it lands
// on; write each segment's expression when it spans pieces (leave it
// empty for a step or a hop), then ✔. The points' names are drawn as the
// spec writes them (letter + row, c10): the row's number at both ends of
// each row, the letter on each empty point. The point a task asks for
// (goal) is circled, so a grade-1 task can say "the circled point" instead
// of a point name the child has not learnt.
import { h } from '../dom.js';
import { t } from '../i18n.js';
import './coords.js';

const ROWS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];
const LETTERS = 'abcdefghijklm';

// parsePosition reads "r:3g13,0f5,...;b:0a17,... r 33" into
// {pieces: {point: {side: 'r'|'b', n}}, turn: 'r'|'b'}.
export function parsePosition(s) {
  const [list, turn = 'r'] = s.trim().split(/\s+/);
  const pieces = {};
  for (const part of list.split(';')) {
    const [side, items = ''] = part.split(':');
    for (const tok of items.split(',')) {
      const m = /^(\d)([a-m]\d{1,2})$/.exec(tok.trim());
      if (m) pieces[m[2]] = { side: side.trim(), n: Number(m[1]) };
    }
  }
  return { pieces, turn: turn === 'b' ? 'b' : 'r' };
}

// points lists every point with its place: {p, left, top} in % of the board.
export function points(flip) {
  const out = [];
  ROWS.forEach((n, i) => {
    const row = i + 1;
    for (let j = 0; j < n; j++) {
      const x = -(n - 1) + 2 * j;
      const left = ((flip ? -x : x) + 12) / 24 * 100;
      const top = (flip ? row - 1 : 17 - row) / 16 * 100;
      out.push({ p: LETTERS[j] + row, left, top });
    }
  });
  return out;
}

// rowLabels are the row numbers at both ends of each row: {row, left, top}.
export function rowLabels(flip) {
  const out = [];
  ROWS.forEach((n, i) => {
    const row = i + 1;
    const top = (flip ? row - 1 : 17 - row) / 16 * 100;
    const end = (n - 1) / 24 * 100 + 5.6; // past the outer point's edge
    for (const side of [-1, 1]) out.push({ row, left: 50 + side * end, top });
  });
  return out;
}

// numchessBoard draws a position. Without targets, tap a piece and then
// each point it lands on, write each segment's expression, ✔ (onMove);
// goal marks a point a puzzle asks for. With targets (the live game's
// moves of the player to move: {from, path, ...}), the board faces the
// player (flip: Blue at the bottom), the pieces that can move are marked,
// a tapped piece lights its targets' destinations and a tapped
// destination hands its target to onTarget.
export function numchessBoard({ position, lang, onMove, goal, flip, targets, onTarget }) {
  const pos = parsePosition(position);
  const picker = Array.isArray(targets);
  const facing = flip === undefined ? pos.turn === 'b' : flip;
  const movable = new Set(picker ? targets.map((x) => x.from) : []);
  let locked = false;
  let from = null;
  let path = [];
  // lit maps each destination of the selected piece to its target.
  const lit = () => new Map(picker && from ? targets.filter((x) => x.from === from).map((x) => [x.path[x.path.length - 1], x]) : []);
  const grid = h('div', { class: 'nc-star', role: 'group', 'aria-label': t('tapLandings') });
  const segs = h('ol', { class: 'segments' });
  const send = h('button', { type: 'button', class: 'key key-go', id: 'nc-go', disabled: true, onclick: () => submit() },
    '✔', h('span', { class: 'sr-only' }, t('submit')));
  const exprs = [];

  const label = (p) => {
    const pc = pos.pieces[p];
    if (p === goal) return `${p} ${t('goalPoint')}` + (pc ? ` ${pc.n}` : '');
    if (!pc) return p;
    const side = pc.side === 'r' ? (lang === 'en' ? 'red' : '红') : (lang === 'en' ? 'blue' : '蓝');
    return `${p} ${side} ${pc.n}`;
  };
  const place = (el, left, top) => {
    el.style.left = left + '%'; // CSSOM, which the CSP allows (no style attribute)
    el.style.top = top + '%';
    return el;
  };
  const rows = rowLabels(facing).map(({ row, left, top }) =>
    place(h('span', { class: 'coord nrow', 'aria-hidden': 'true' }, String(row)), left, top));
  const draw = () => {
    const had = grid.contains(document.activeElement) ? document.activeElement.dataset.pt : null;
    const light = lit();
    grid.replaceChildren(...rows, ...points(facing).map(({ p, left, top }) => {
      const pc = pos.pieces[p];
      const at = path.indexOf(p);
      const b = h('button', {
        type: 'button', 'data-pt': p, 'aria-label': label(p) + (at >= 0 ? ' · ' + (at + 1) : ''),
        'aria-pressed': p === from || at >= 0 ? 'true' : 'false',
        class: 'npt' + (pc ? ' ' + pc.side : '') + (p === from ? ' sel' : '') + (at >= 0 ? ' path' : '') + (p === goal ? ' aim' : '')
          + (light.has(p) ? ' nc-lit' : '') + (!locked && movable.has(p) ? ' nc-can' : ''),
        onclick: () => tap(p),
      }, pc ? String(pc.n) : at >= 0 ? String(at + 1) : h('span', { class: 'coord nlet', 'aria-hidden': 'true', translate: 'no' }, p.replace(/\d+$/, '')));
      return place(b, left, top);
    }));
    if (had) grid.querySelector(`[data-pt="${had}"]`).focus();
    while (exprs.length > path.length) exprs.pop();
    while (exprs.length < path.length) {
      exprs.push(h('input', { id: 'seg-' + exprs.length, class: 'seg-expr', autocomplete: 'off', spellcheck: 'false', inputmode: 'text' }));
    }
    segs.replaceChildren(...path.map((p, i) => h('li', {},
      h('label', { for: 'seg-' + i }, t('segment', { n: i + 1, to: p })), exprs[i])));
    send.disabled = path.length === 0;
  };
  const tap = (p) => {
    if (picker) {
      if (locked) return;
      if (movable.has(p)) { from = p === from ? null : p; path = []; draw(); return; }
      const tg = lit().get(p);
      if (tg) { path = [...tg.path]; draw(); onTarget(tg); }
      return;
    }
    const pc = pos.pieces[p];
    if (pc && pc.side === pos.turn && p !== from) { from = p; path = []; draw(); return; }
    if (!from) return;
    const at = path.indexOf(p);
    if (at >= 0) { path = path.slice(0, at); draw(); return; } // tap a landing again: undo from there
    if (pc && p !== from) return;
    if (p === from && path.length === 0) { from = null; draw(); return; }
    path.push(p);
    draw();
  };
  const submit = () => {
    if (!from || path.length === 0) return;
    onMove({ piece: pos.pieces[from].n, path: [...path], exprs: exprs.map((x) => x.value.trim()) },
      from + '-' + path.join('-'));
  };
  draw();
  return {
    el: h('div', { class: 'board-wrap nc' }, h('div', { class: 'nc-star-wrap' }, grid), !picker && segs, !picker && send),
    lock(v) { if (locked !== Boolean(v)) { locked = Boolean(v); draw(); } },
    reset() { from = null; path = []; exprs.length = 0; draw(); },
  };
}
