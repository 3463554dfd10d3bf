// The board editor's boards: a position of any game as plain data, its
// notation (what POST /v1/positions/check and the exercise kinds read),
// and a grid of buttons on which a tap puts the palette's piece down (or
// takes it away). The grids know no rules: the engine judges the position.
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { points, rowLabels } from '../boards/numchess.js';

const FILES = 'abcdefgh';
const COLS = 'abcdefghijklmno';
const GLYPH = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟' };

export const START = {
  chess: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  draughts: 'W:W31-50:B1-20',
  gomoku: Array(15).fill('.'.repeat(15)).join('/') + ' black',
  numchess: 'r:0a1,1d4,2b4,3c4,4a4,5a3,6b3,7c3,8b2,9a2;b:0a17,1a14,2c14,3b14,4d14,5c15,6b15,7a15,8a16,9b16 r 1',
};

// The palette of each game: the pieces a tap puts down.
export const PALETTE = {
  chess: ['K', 'Q', 'R', 'B', 'N', 'P', 'k', 'q', 'r', 'b', 'n', 'p'],
  draughts: ['w', 'W', 'b', 'B'],
  gomoku: ['x', 'o'],
  numchess: [...'0123456789'].map((n) => 'r' + n).concat([...'0123456789'].map((n) => 'b' + n)),
};

// The sides to move of each game, the first side first.
export const TURNS = { chess: ['w', 'b'], draughts: ['W', 'B'], gomoku: ['black', 'white'], numchess: ['r', 'b'] };

// empty returns an empty position of game.
export function empty(game) {
  return { game, at: {}, turn: TURNS[game][0], castling: '', ep: '-' };
}

// read turns a notation into a position ({game, at: {square: piece},
// turn, castling, ep}); it reads what the engine writes, leniently: the
// engine judges the rest.
export function read(game, text) {
  const s = empty(game);
  const f = text.trim().split(/\s+/);
  if (game === 'chess') {
    (f[0] || '').split('/').forEach((row, i) => {
      let c = 0;
      for (const ch of row) {
        if (/[1-8]/.test(ch)) c += Number(ch);
        else { if (GLYPH[ch] && c < 8) s.at[FILES[c] + (8 - i)] = ch; c++; }
      }
    });
    s.turn = f[1] === 'b' ? 'b' : 'w';
    s.castling = f[2] && f[2] !== '-' ? f[2] : '';
    s.ep = f[3] || '-';
  } else if (game === 'draughts') {
    const parts = text.trim().split(':');
    s.turn = (parts[0] || 'W').toUpperCase() === 'B' ? 'B' : 'W';
    for (const part of parts.slice(1)) {
      const side = part[0] && part[0].toLowerCase();
      for (let tok of part.slice(1).split(',')) {
        tok = tok.trim();
        if (!tok) continue;
        const king = tok[0] === 'K';
        const [a, b] = (king ? tok.slice(1) : tok).split('-').map(Number);
        for (let n = a; n <= (b || a) && n <= 50; n++) s.at[n] = king ? side.toUpperCase() : side;
      }
    }
  } else if (game === 'gomoku') {
    (f[0] || '').split('/').forEach((row, i) => {
      [...row].forEach((c, j) => { if ((c === 'x' || c === 'o') && j < 15) s.at[COLS[j] + (15 - i)] = c; });
    });
    s.turn = f[1] === 'white' ? 'white' : 'black';
  } else {
    for (const part of (f[0] || '').split(';')) {
      const [side, items = ''] = part.split(':');
      for (const tok of items.split(',')) {
        const m = /^(\d)([a-m]\d{1,2})$/.exec(tok.trim());
        if (m) s.at[m[2]] = side.trim() + m[1];
      }
    }
    s.turn = f[1] === 'b' ? 'b' : 'r';
  }
  return s;
}

// write returns the position's notation.
export function write(s) {
  if (s.game === 'chess') {
    const rows = [];
    for (let r = 8; r >= 1; r--) {
      let row = '', gap = 0;
      for (const f of FILES) {
        const p = s.at[f + r];
        if (!p) { gap++; continue; }
        if (gap) row += gap;
        row += p;
        gap = 0;
      }
      rows.push(row + (gap ? gap : ''));
    }
    return `${rows.join('/')} ${s.turn} ${s.castling || '-'} ${s.ep || '-'} 0 1`;
  }
  if (s.game === 'draughts') {
    const side = (c) => Object.keys(s.at).map(Number).sort((a, b) => a - b)
      .filter((n) => s.at[n].toLowerCase() === c).map((n) => (s.at[n] === s.at[n].toUpperCase() ? 'K' : '') + n).join(',');
    return `${s.turn}:W${side('w')}:B${side('b')}`;
  }
  if (s.game === 'gomoku') {
    const rows = [];
    for (let r = 15; r >= 1; r--) rows.push([...COLS].map((c) => s.at[c + r] || '.').join(''));
    return rows.join('/') + ' ' + s.turn;
  }
  const side = (c) => Object.entries(s.at).filter(([, p]) => p[0] === c)
    .sort((a, b) => a[1][1] - b[1][1]).map(([pt, p]) => p[1] + pt).join(',');
  return `r:${side('r')};b:${side('b')} ${s.turn} 1`;
}

// pieceLabel names a palette piece for people.
export function pieceLabel(game, p) {
  if (game === 'chess') {
    return t(p === p.toUpperCase() ? 'first_chess' : 'second_chess') + ' ' + t('edPiece_' + p.toLowerCase());
  }
  if (game === 'draughts') return t(p.toLowerCase() === 'w' ? 'first_draughts' : 'second_draughts') + ' ' + t(p === p.toUpperCase() ? 'edKing' : 'edMan');
  if (game === 'gomoku') return p === 'x' ? t('edBlackStone') : t('edWhiteStone');
  return t(p[0] === 'r' ? 'first_numchess' : 'second_numchess') + ' ' + p[1];
}

// pieceFace draws a palette piece (and a piece on a grid).
export function pieceFace(game, p) {
  if (game === 'chess') return h('span', { class: 'pc', 'aria-hidden': 'true' }, GLYPH[p]);
  if (game === 'draughts') return h('span', { class: 'man ' + (p.toLowerCase() === 'w' ? 'w' : 'b') + (p === p.toUpperCase() ? ' king' : ''), 'aria-hidden': 'true' });
  if (game === 'gomoku') return h('span', { class: 'stone ed-stone ' + p, 'aria-hidden': 'true' });
  return h('span', { class: 'ed-nc ' + p[0], 'aria-hidden': 'true' }, p[1]);
}

// grid draws the position as buttons (data-sq: the square, point or
// number); onTap(square) is called on a tap, onGrab(event, square) when a
// pointer goes down on a piece (the start of a drag); marks are points to
// cross (renju's forbidden points).
export function grid(s, onTap, marks = [], onGrab = () => {}) {
  const banned = new Set(marks);
  const cell = (key, cls, p, extra = {}) => h('button', {
    type: 'button', role: 'gridcell', 'data-sq': String(key), class: cls + (p ? ' has' : ''),
    'aria-label': String(key) + (p ? ' ' + pieceLabel(s.game, p) : banned.has(String(key)) ? ' ' + t('forbiddenMark') : ''),
    onclick: () => onTap(String(key)), onpointerdown: (e) => { if (p) onGrab(e, String(key)); }, ...extra,
  }, p ? pieceFace(s.game, p) : banned.has(String(key)) ? h('span', { class: 'ban', 'aria-hidden': 'true' }, '✕') : '');
  if (s.game === 'chess') {
    const rows = [];
    for (let r = 8; r >= 1; r--) {
      rows.push(h('div', { class: 'rank', role: 'row' }, [...FILES].map((f, i) => {
        const sq = f + r;
        const p = s.at[sq];
        const b = cell(sq, 'sq ' + ((i + r) % 2 === 1 ? 'dark' : 'light') + (p ? (p === p.toUpperCase() ? ' w' : ' b') : ''), p);
        if (i === 0) b.append(h('span', { class: 'coord r', 'aria-hidden': 'true' }, String(r)));
        if (r === 1) b.append(h('span', { class: 'coord f', 'aria-hidden': 'true' }, f));
        return b;
      })));
    }
    return h('div', { class: 'board chess ed-grid', role: 'grid', 'aria-label': t('edTapBoard') }, rows);
  }
  if (s.game === 'draughts') {
    const rows = [];
    for (let r = 0; r < 10; r++) {
      const cells = [];
      for (let c = 0; c < 10; c++) {
        if ((r + c) % 2 === 0) { cells.push(h('span', { class: 'dsq light', role: 'gridcell', 'aria-hidden': 'true' })); continue; }
        const n = r * 5 + Math.floor(c / 2) + 1;
        const b = cell(n, 'dsq dark', s.at[n]);
        b.prepend(h('span', { class: 'num coord', 'aria-hidden': 'true' }, String(n)));
        cells.push(b);
      }
      rows.push(h('div', { class: 'row10', role: 'row' }, cells));
    }
    return h('div', { class: 'board draughts ed-grid', role: 'grid', 'aria-label': t('edTapBoard') }, rows);
  }
  if (s.game === 'gomoku') {
    const rows = [];
    for (let r = 15; r >= 1; r--) {
      rows.push(h('div', { class: 'row15', role: 'row' }, [...COLS].map((c) => {
        const p = c + r;
        const st = s.at[p];
        const edge = (r === 15 ? ' et' : r === 1 ? ' eb' : '') + (c === 'a' ? ' el' : c === 'o' ? ' er' : '');
        const b = cell(p, 'pt' + edge + (st ? ' ' + st : '') + (p === 'h8' ? ' star tengen' : ['d4', 'd12', 'l12', 'l4'].includes(p) ? ' star' : '') + (!st && banned.has(p) ? ' forbidden' : ''), st);
        if (st) b.replaceChildren(h('span', { class: 'stone', 'aria-hidden': 'true' }));
        return b;
      })));
    }
    const strip = (side) => h('div', { class: 'gcoords gc-' + side, 'aria-hidden': 'true', translate: 'no' },
      (side === 'top' || side === 'bottom' ? [...COLS].map((c) => c.toUpperCase()) : Array.from({ length: 15 }, (_, i) => String(15 - i)))
        .map((l) => h('span', { class: 'coord' }, l)));
    return h('div', { class: 'gframe' }, strip('top'), strip('left'),
      h('div', { class: 'board gomoku ed-grid', role: 'grid', 'aria-label': t('edTapBoard') }, rows), strip('right'), strip('bottom'));
  }
  const place = (el, left, top) => { el.style.left = left + '%'; el.style.top = top + '%'; return el; };
  const star = h('div', { class: 'nc-star ed-grid', role: 'group', 'aria-label': t('edTapBoard') },
    rowLabels(false).map(({ row, left, top }) => place(h('span', { class: 'coord nrow', 'aria-hidden': 'true' }, String(row)), left, top)),
    points(false).map(({ p, left, top }) => {
      const pc = s.at[p];
      const b = h('button', {
        type: 'button', 'data-sq': p, class: 'npt' + (pc ? ' ' + pc[0] : ''),
        'aria-label': p + (pc ? ' ' + pieceLabel('numchess', pc) : ''), onclick: () => onTap(p),
        onpointerdown: (e) => { if (pc) onGrab(e, p); },
      }, pc ? pc[1] : h('span', { class: 'coord nlet', 'aria-hidden': 'true', translate: 'no' }, p.replace(/\d+$/, '')));
      return place(b, left, top);
    }));
  return h('div', { class: 'board-wrap nc' }, h('div', { class: 'nc-star-wrap' }, star));
}
