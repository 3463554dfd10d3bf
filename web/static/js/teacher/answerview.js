// A submitted answer drawn for a teacher: the exercise's position as the
// API's SVG diagram (/v1/diagrams, same origin) with the answer marked on
// it — a move as an arrow (chess, draughts, number chess), a stone or
// points ringed (gomoku) — and the answer in words beside it, for the
// kinds that have no board (expressions, choices, forms).
import { h } from '../dom.js';
import { t, lang } from '../i18n.js';
import { post } from '../api.js';
import { parsePosition } from '../boards/numchess.js';

const COLS = 'abcdefghijklmno';

// addStone puts a stone on a gomoku board diagram ("15 rows of . x o
// joined by /", row 15 first).
export function addStone(board, point, stone) {
  const rows = board.split('/');
  const c = COLS.indexOf(point[0]), r = 15 - Number(point.slice(1));
  if (c < 0 || !rows[r] || rows[r].length <= c) return board;
  rows[r] = rows[r].slice(0, c) + stone + rows[r].slice(c + 1);
  return rows.join('/');
}

// diagramURL is the /v1/diagrams address of a position with its marks.
export function diagramURL(game, marks) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(marks)) if (v) q.set(k, v === true ? 'true' : v);
  q.set('lang', lang());
  return '/v1/diagrams/' + game + '.svg?' + q;
}

// landings turns "32x23x14" or "32-28" into the arrows "32-23,23-14".
function landings(move) {
  const sq = String(move).split(/[-x]/).filter(Boolean);
  const out = [];
  for (let i = 1; i < sq.length; i++) out.push(sq[i - 1] + '-' + sq[i]);
  return out.join(',');
}

// chessMarks draws chess moves: a move in UCI (e2e4, as the app sends)
// as an arrow; one in SAN (as other clients may send) by its target
// square ringed (castling: the king's square), as the page has no engine
// to find where a SAN move starts.
export function chessMarks(moves, black) {
  const arrows = [], highlight = [];
  for (const m of moves) {
    if (/^[a-h][1-8][a-h][1-8][qrbnQRBN]?$/.test(m)) { arrows.push(m.slice(0, 4)); continue; }
    const castle = /^[O0]-[O0](-[O0])?/.exec(m);
    if (castle) { highlight.push((castle[1] ? 'c' : 'g') + (black ? '8' : '1')); continue; }
    const to = String(m).match(/[a-h][1-8]/g);
    if (to) highlight.push(to[to.length - 1]);
  }
  return { arrows: arrows.join(','), highlight: highlight.join(',') };
}

// answerText says an answer in words and moves (board coordinates).
export function answerText(ex, a) {
  if (a === null || typeof a !== 'object') return String(a);
  const p = ex.prompt || {};
  if (typeof a.move === 'string') return a.move;
  if (Array.isArray(a.moves)) return a.moves.join(' ');
  if (typeof a.point === 'string') return a.point;
  if (Array.isArray(a.points)) return a.points.join(' ');
  if (Array.isArray(a.squares)) return a.squares.join(' ');
  if (typeof a.expression === 'string') return a.expression;
  if (typeof a.forbidden === 'boolean') return t('reason_' + (a.forbidden ? a.reason || 'none' : 'none'));
  if (Array.isArray(a.path)) {
    return a.piece + ': ' + a.path.join('-') + (a.exprs || []).filter(Boolean).map((x) => ' [' + x + ']').join('');
  }
  const option = (i) => {
    const o = (p.options || [])[i];
    return o === undefined ? '#' + (i + 1) : typeof o === 'string' ? o : o[lang()] || o['zh-CN'] || o.en;
  };
  if (Number.isInteger(a.choice)) return option(a.choice);
  if (Array.isArray(a.choices)) return a.choices.map(option).join('、');
  return JSON.stringify(a);
}

// answerMarks returns the diagram marks of an answer ({position, arrows,
// highlight, last, flip}), or null when the kind has no board to draw.
// Lines of moves are drawn from the position before their last move,
// which the rules endpoint plays out.
export async function answerMarks(ex, a) {
  const p = ex.prompt || {};
  if (!a || typeof a !== 'object') return null;
  if (ex.game === 'chess' && p.fen) {
    const flip = (fen) => fen.split(' ')[1] === 'b';
    if (Array.isArray(a.squares)) return { position: p.fen, highlight: [p.square, ...a.squares].filter(Boolean).join(','), flip: flip(p.fen) };
    // Several moves at once (all the escapes): each drawn.
    if (Array.isArray(a.moves) && !ex.steps) return { position: p.fen, ...chessMarks(a.moves, flip(p.fen)), flip: flip(p.fen) };
    const line = Array.isArray(a.moves) ? a.moves : typeof a.move === 'string' ? [a.move] : null;
    if (!line || line.length === 0) return null;
    const position = line.length > 1 ? (await post('/v1/rules/chess/play', { position: p.fen, moves: line.slice(0, -1) })).position : p.fen;
    return { position, ...chessMarks(line.slice(-1), flip(position)), flip: flip(position) };
  }
  if (ex.game === 'draughts' && p.fen) {
    const line = Array.isArray(a.moves) ? a.moves : typeof a.move === 'string' ? [a.move] : null;
    if (!line || line.length === 0) return null;
    const position = line.length > 1 ? (await post('/v1/rules/draughts/play', { position: p.fen, moves: line.slice(0, -1) })).position : p.fen;
    return { position, arrows: landings(line[line.length - 1]), flip: /^b/i.test(position) };
  }
  if (ex.game === 'gomoku' && p.board) {
    const mine = (p.colour || p.attacker) === 'white' ? 'o' : 'x';
    if (typeof a.point === 'string') return { position: addStone(p.board, a.point, mine), last: a.point };
    if (Array.isArray(a.moves) && a.moves.length) {
      let board = p.board;
      a.moves.forEach((m, i) => { board = addStone(board, m, i % 2 === 0 ? mine : mine === 'x' ? 'o' : 'x'); });
      return { position: board, last: a.moves[a.moves.length - 1] };
    }
    if (Array.isArray(a.points)) return { position: p.board, highlight: a.points.join(',') };
    if (typeof a.forbidden === 'boolean' && p.point) return { position: p.board, highlight: p.point };
    return null;
  }
  if (ex.kind === 'numchess.move' && p.position && Array.isArray(a.path) && a.path.length) {
    const r = await post('/v1/rules/numchess/play', { position: p.position, ruleset: p.ruleset, moves: [] });
    const pos = parsePosition(r.position);
    const from = Object.keys(pos.pieces).find((pt) => pos.pieces[pt].side === pos.turn && pos.pieces[pt].n === a.piece);
    if (!from) return { position: r.position, highlight: a.path.join(',') };
    const pts = [from, ...a.path];
    return { position: r.position, arrows: pts.slice(1).map((pt, i) => pts[i] + '-' + pt).join(','), flip: pos.turn === 'b' };
  }
  return null;
}

// answerFigure draws one answer: its diagram (when the kind has a board)
// and a caption with the answer and, when given, how often it came.
export function answerFigure(ex, answer, count) {
  const text = answerText(ex, answer);
  const art = h('div', { class: 'answer-art' });
  const fig = h('figure', { class: 'answer-fig', 'data-answer': text },
    art,
    h('figcaption', {},
      count !== undefined && h('strong', { class: 'answer-count' }, t('timesGiven', { n: count })), ' ',
      h('span', { class: 'answer-text mono', translate: 'no' }, text)));
  answerMarks(ex, answer).then((marks) => {
    if (!marks) return;
    art.append(h('img', {
      class: 'answer-board', src: diagramURL(ex.game, marks), width: 240, height: 240,
      alt: t('answerOnBoard', { answer: text }),
      onerror: (e) => e.target.remove(), // a board the API cannot draw: the words stay
    }));
  }, () => { /* the words stay */ });
  return fig;
}
