// A 15×15 gomoku board of buttons (columns a–o, rows 1–15, row 15 on
// top). In "one" mode a tap plays a stone (onPoint); in "many" mode taps
// mark and unmark points and a ✔ button sends them (onPoints); in "look"
// mode the board only shows (asked: a point ringed for a question, or a
// list of them: the live game's fifth-move offers).
// forbidden lists points forbidden to Black in the starting position
// (renju), marked with ✕ until the position changes (place may bring the
// new position's). Letters A-O run along the top and bottom, 1-15 up both
// sides (as in the lessons' diagrams); 天元 and the four stars are dots.
import { h } from '../dom.js';
import { t } from '../i18n.js';
import './coords.js';

const COLS = 'abcdefghijklmno';
const STARS = ['d4', 'd12', 'l12', 'l4'];

// strip is a row or column of coordinate labels beside the grid.
function strip(side) {
  const across = side === 'top' || side === 'bottom';
  const labels = across ? [...COLS].map((c) => c.toUpperCase()) : Array.from({ length: 15 }, (_, i) => String(15 - i));
  return h('div', { class: 'gcoords gc-' + side, 'aria-hidden': 'true', translate: 'no' },
    labels.map((l) => h('span', { class: 'coord' }, l)));
}

// parseBoard reads "15 rows from row 15 to row 1 of . x o joined by /"
// into {point: 'x'|'o'}.
export function parseBoard(s) {
  const stones = {};
  s.split('/').forEach((row, i) => {
    [...row].forEach((c, j) => { if (c === 'x' || c === 'o') stones[COLS[j] + (15 - i)] = c; });
  });
  return stones;
}

// numbers writes the order of play on stones ({point: '1'}), as the
// opening diagrams number Black 1, White 2, Black 3.
// With confirm, the colour of the player's stones ('x' or 'o': an
// exercise, where a stone costs a try), mode 'one' puts a stone in two
// steps: a tap shows it, a second tap on it or ✔ sends it; a tap on
// another point moves it there.
export function gomokuBoard({ board, mode = 'one', lang, onPoint, onPoints, asked, forbidden = [], numbers = {}, confirm = false }) {
  let stones = parseBoard(board);
  let banned = new Set(forbidden);
  const rings = new Set([].concat(asked || []));
  const start = { ...stones };
  const marked = new Set();
  let locked = false;
  const grid = h('div', { class: 'board gomoku', role: 'grid', 'aria-label': t('tapPoint') });
  const send = h('button', {
    type: 'button', class: 'key key-go', id: 'points-go', hidden: mode !== 'many', disabled: true,
    onclick: () => onPoints([...marked]),
  }, '✔', h('span', { class: 'sr-only' }, t('submit')));
  let pending = null; // the stone shown, not yet sent (confirm)
  const go = h('button', {
    type: 'button', class: 'key key-go', id: 'point-go', hidden: true,
    onclick: () => { if (pending && !locked) place(pending); },
  }, '✔', h('span', { class: 'sr-only' }, t('submit')));
  const place = (p) => { pending = null; draw(); onPoint(p); };
  const name = (p) => {
    const s = stones[p];
    const at = (p === 'h8' ? p + ' ' + t('tengen') : STARS.includes(p) ? p + ' ' + t('starPoint') : p) + (numbers[p] ? ' · ' + numbers[p] : '');
    if (!s) return banned.has(p) ? at + ' ' + t('forbiddenMark') : at;
    return at + ' ' + (s === 'x' ? (lang === 'en' ? 'black' : '黑子') : (lang === 'en' ? 'white' : '白子'));
  };
  // edge marks the outer lines, which stop at the last point.
  const edge = (c, r) => (r === 15 ? ' et' : r === 1 ? ' eb' : '') + (c === 'a' ? ' el' : c === 'o' ? ' er' : '');
  const draw = () => {
    // Redrawing keeps the keyboard focus on its point.
    const had = grid.contains(document.activeElement) ? document.activeElement.dataset.pt : null;
    const rows = [];
    for (let r = 15; r >= 1; r--) {
      rows.push(h('div', { class: 'row15', role: 'row' }, [...COLS].map((c) => {
        const p = c + r;
        const s = stones[p] || (p === pending ? confirm + ' pending' : '');
        return h('button', {
          type: 'button', role: 'gridcell', 'data-pt': p, 'aria-label': name(p),
          'aria-pressed': marked.has(p) ? 'true' : 'false',
          class: 'pt' + edge(c, r) + (s ? ' ' + s : '') + (marked.has(p) ? ' marked' : '') + (p === 'h8' ? ' star tengen' : STARS.includes(p) ? ' star' : '') + (rings.has(p) ? ' asked' : '') + (!s && banned.has(p) ? ' forbidden' : ''),
          onclick: () => tap(p),
        }, s ? h('span', { class: 'stone', 'aria-hidden': 'true' }, numbers[p] || '') : banned.has(p) ? h('span', { class: 'ban', 'aria-hidden': 'true' }, '✕') : '');
      })));
    }
    grid.replaceChildren(...rows);
    if (had) grid.querySelector(`[data-pt="${had}"]`).focus();
    send.disabled = marked.size === 0;
    go.hidden = !pending;
  };
  const tap = (p) => {
    if (locked || mode === 'look') return;
    if (mode === 'many') {
      if (marked.has(p)) marked.delete(p); else marked.add(p);
      draw();
      return;
    }
    if (stones[p]) return;
    if (!confirm || p === pending) { place(p); return; }
    pending = p;
    draw();
  };
  grid.addEventListener('keydown', (e) => {
    const p = e.target.dataset && e.target.dataset.pt;
    const d = p && { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] }[e.key];
    if (!d) return;
    e.preventDefault();
    const c = COLS.indexOf(p[0]) + d[0], r = Number(p.slice(1)) + d[1];
    if (c >= 0 && c < 15 && r >= 1 && r <= 15) grid.querySelector(`[data-pt="${COLS[c] + r}"]`).focus();
  });
  draw();
  return {
    el: h('div', { class: 'board-wrap' },
      h('div', { class: 'gframe' }, strip('top'), strip('left'), grid, strip('right'), strip('bottom')), send, go,
      forbidden.length > 0 && h('p', { class: 'ban-legend' }, h('span', { class: 'ban', 'aria-hidden': 'true' }, '✕ '), t('forbiddenLegend'))),
    // place puts a stone (the student's or the reply) on the board.
    // A new stone may change the marks: place takes the new position's
    // (the server's, after its reply), or drops them.
    place(p, colour, marks) { stones[p] = colour; banned = new Set(marks || []); draw(); },
    lock(v) { locked = v; grid.classList.toggle('locked', v); },
    reset() { stones = { ...start }; banned = new Set(forbidden); marked.clear(); pending = null; draw(); },
  };
}
