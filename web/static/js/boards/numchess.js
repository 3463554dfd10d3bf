// The number-chess board: the 121-point star, each point a button placed
// on its row (rows 1-17 from Red's tip; a row of n points has doubled
// x = -(n-1), -(n-3), ..., n-1). Tap your piece, then each point it lands
// on; a segment that spans two or more pieces opens the keypad with those
// pieces' numbers (a step, a hop or a one-piece segment needs none), then
// ✔. The points' names are drawn as the
// spec writes them (letter + row, c10): the row's number at both ends of
// each row, the letter on each empty point. The point a task asks for
// (goal) is circled, so a grade-1 task can say "the circled point" instead
// of a point name the child has not learnt.
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { exprPad } from './exprpad.js';
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

// place maps each point to its row and doubled x, and back.
const PLACE = new Map();
const AT = new Map();
ROWS.forEach((n, i) => {
  for (let j = 0; j < n; j++) {
    const p = LETTERS[j] + (i + 1);
    const x = -(n - 1) + 2 * j;
    PLACE.set(p, [i + 1, x]);
    AT.set((i + 1) + ',' + x, p);
  }
});

// between lists the points strictly between a and b when they lie on one
// of the board's lines (along a row, or a diagonal: one row and one
// doubled x at a time), in order from a; null when they do not.
export function between(a, b) {
  const pa = PLACE.get(a);
  const pb = PLACE.get(b);
  if (!pa || !pb || a === b) return null;
  const dr = pb[0] - pa[0];
  const dx = pb[1] - pa[1];
  let n;
  if (dr === 0) n = Math.abs(dx) / 2;
  else if (Math.abs(dx) === Math.abs(dr)) n = Math.abs(dr);
  else return null;
  const sr = Math.sign(dr);
  const sx = dr === 0 ? Math.sign(dx) * 2 : Math.sign(dx);
  const out = [];
  for (let k = 1; k < n; k++) {
    const p = AT.get((pa[0] + k * sr) + ',' + (pa[1] + k * sx));
    if (p) out.push(p);
  }
  return out;
}

// spanned lists the numbers of the pieces a segment from a to b jumps
// over; the moving piece has left its point (from), so it is not one.
export function spanned(pieces, from, a, b) {
  return (between(a, b) || []).filter((p) => p !== from && pieces[p]).map((p) => pieces[p].n);
}

// numchessBoard draws a position. Without targets, tap a piece and then
// each point it lands on, write each segment's expression, ✔ (onMove);
// goal marks a point a puzzle asks for. With targets (the live game's
// moves of the player to move: {from, path, ...}), the board faces the
// player (flip: Blue at the bottom), the pieces that can move are marked,
// a tapped piece lights its targets' destinations and a tapped
// destination hands its target to onTarget.
// Without targets, el is the board and panel the segments with their
// keypad and the ✔ (the screen puts it beside the board); ruleset picks
// the keypad's keys.
export function numchessBoard({ position, lang, onMove, goal, flip, targets, onTarget, ruleset }) {
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
  const segs = h('ol', { class: 'segments', id: 'nc-segments' });
  const send = h('button', { type: 'button', class: 'key key-go', id: 'nc-go', disabled: true, onclick: () => submit() },
    '✔', h('span', { class: 'sr-only' }, t('submit')));
  let exprs = []; // each landing's expression; '' when none is needed or written yet
  let active = -1; // the segment whose keypad is open
  let pad = null; // {i, key, pad} of the open keypad, kept across redraws
  const spansOf = (i) => spanned(pos.pieces, from, i === 0 ? from : path[i - 1], path[i]);
  const needs = (i) => spansOf(i).length >= 2;
  const firstOpen = () => path.findIndex((_, i) => needs(i) && !exprs[i]);

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
    exprs = path.map((_, i) => exprs[i] || '');
    const spanning = path.filter((_, i) => needs(i)).length;
    segs.replaceChildren(...path.map((p, i) => {
      const nums = spansOf(i);
      if (nums.length < 2) return h('li', { 'data-seg': String(i) }, t('ncSegPlain', { n: i + 1, to: p }));
      const ask = h('p', { class: 'nc-ask' }, t('ncSegment', { n: i + 1, to: p }), ' ',
        t('ncUse', { nums: nums.join(lang === 'en' ? ', ' : '、') }), ' ',
        spanning > 1 ? t('ncChainGoal') : t('ncSpanGoal', { n: pos.pieces[from].n }));
      if (i === active && !locked) {
        const key = nums.join(',');
        if (!pad || pad.i !== i || pad.key !== key) {
          pad = { i, key, pad: exprPad({ digits: nums, ruleset, onSubmit: (text) => { exprs[i] = text; active = firstOpen(); draw(); } }) };
        }
        return h('li', { 'data-seg': String(i), class: 'seg-open' }, ask, pad.pad.el);
      }
      return h('li', { 'data-seg': String(i) }, ask,
        h('button', {
          type: 'button', class: 'btn seg-edit' + (exprs[i] ? '' : ' seg-todo'), 'data-seg-edit': String(i),
          'aria-label': t('ncSegEdit', { n: i + 1 }) + (exprs[i] ? ': ' + exprs[i] : ''),
          onclick: () => { active = i; exprs[i] = ''; draw(); },
        }, exprs[i] ? h('span', { class: 'expr' }, exprs[i]) : t('ncSegNeeds'), ' ✎'));
    }));
    if (active < 0 || active >= path.length) pad = null;
    send.disabled = locked || path.length === 0 || firstOpen() >= 0;
    send.hidden = !locked && active >= 0 && active < path.length; // the open keypad's ✔ comes first
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
    if (pc && pc.side === pos.turn && p !== from) { from = p; path = []; exprs = []; active = -1; draw(); return; }
    if (!from) return;
    const at = path.indexOf(p);
    if (at >= 0) { path = path.slice(0, at); exprs = exprs.slice(0, at); active = firstOpen(); draw(); return; } // tap a landing again: undo from there
    if (pc && p !== from) return;
    if (p === from && path.length === 0) { from = null; draw(); return; }
    path.push(p);
    active = firstOpen();
    draw();
    // On a phone the keypad is below the board: bring it into view.
    if (pad && pad.i === active && pad.pad.el.scrollIntoView) pad.pad.el.scrollIntoView({ block: 'nearest' });
  };
  const submit = () => {
    if (!from || path.length === 0 || firstOpen() >= 0) return;
    onMove({ piece: pos.pieces[from].n, path: [...path], exprs: [...exprs] },
      from + '-' + path.map((p, i) => p + (exprs[i] ? '[' + exprs[i] + ']' : '')).join('-'));
  };
  draw();
  return {
    el: h('div', { class: 'board-wrap nc' }, h('div', { class: 'nc-star-wrap' }, grid)),
    panel: picker ? null : h('div', { class: 'nc-panel' }, segs, send),
    lock(v) { if (locked !== Boolean(v)) { locked = Boolean(v); draw(); } },
    reset() { from = null; path = []; exprs = []; active = -1; pad = null; draw(); },
  };
}
