// The solution after the last try. Once the tries are used up the screen
// asks for it (give-up, which the server no longer records then) unless
// the verdict brought it, writes it under the verdict with its
// explanation, and shows it on the board: a line of moves is played out
// one move after another with the squares it changes lit, the squares or
// points of the answer light up, an expression stands on the keypad.
import { h } from '../dom.js';
import { t, lang } from '../i18n.js';
import { post } from '../api.js';
import { newKey } from './outbox.js';
import { parseFEN as chessFEN } from '../boards/chess.js';
import { parseFEN as draughtsFEN } from '../boards/draughts.js';

const STEP_MS = 900; // one move of a line played out

// fetchSolution returns the solution of an exercise whose tries are used
// up ({} when the server has none to show).
export async function fetchSolution(id) {
  const v = await post('/v1/exercises/' + encodeURIComponent(id) + '/give-up', {},
    { headers: { 'Idempotency-Key': newKey() } }).catch(() => null);
  return (v && v.solution) || {};
}

// solutionText writes a solution's answer in one line.
export function solutionText(sol) {
  for (const k of ['moves', 'line', 'squares', 'points']) {
    if (Array.isArray(sol[k]) && sol[k].length) return sol[k].join(' ');
  }
  for (const k of ['move', 'point', 'expression', 'name']) {
    if (sol[k] !== undefined && sol[k] !== '') return String(sol[k]);
  }
  return '';
}

// solutionBox is the block under the verdict: the answer and why.
export function solutionBox(sol) {
  const text = solutionText(sol);
  const explain = sol.explanation && (sol.explanation[lang()] || sol.explanation['zh-CN']);
  if (!text && !explain) return null;
  return h('div', { class: 'solution', id: 'solution' },
    h('strong', {}, t('solutionHead')),
    text && h('p', { class: 'sol-answer', translate: 'no' }, text),
    explain && h('p', { class: 'explain' }, explain));
}

// light marks the squares or points of the answer on the board, and keeps
// them marked when the board redraws.
function light(el, list) {
  const mark = () => {
    for (const x of list) {
      for (const sq of el.querySelectorAll(`[data-sq="${x}"], [data-pt="${x}"]`)) {
        if (!sq.classList.contains('sol-sq')) sq.classList.add('sol-sq');
      }
    }
  };
  new MutationObserver(mark).observe(el, { childList: true, subtree: true });
  mark();
}

// changed lists the squares whose piece differs between two positions.
function changed(a, b) {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]);
}

const sleep = (ms) => new Promise((r) => { setTimeout(r, ms); });

// showSolution puts the solution on the exercise's board (input: the
// board or keypad the exercise screen made, ex its exercise); the board's
// data-solution reads "shown" once it is all there.
export async function showSolution(ex, input, sol) {
  await show(ex, input, sol);
  if (input.el) input.el.dataset.solution = 'shown';
}

async function show(ex, input, sol) {
  const p = ex.prompt || {};
  const el = input.el;
  if (input.lock) input.lock(true);
  if (ex.kind === 'numchess.expression' && sol.expression) {
    const out = el.querySelector('#expr');
    if (out) out.textContent = sol.expression;
    return;
  }
  if (ex.kind === 'numchess.move' && sol.move) {
    light(el, sol.move.match(/[a-m]\d{1,2}/g) || []);
    return;
  }
  if (ex.game === 'gomoku') {
    light(el, [sol.point, ...(sol.points || []), ...(sol.line || [])].filter(Boolean));
    return;
  }
  if (ex.kind === 'chess.piece_moves' && Array.isArray(sol.squares)) {
    light(el, sol.squares);
    return;
  }
  const moves = Array.isArray(sol.moves) ? sol.moves : sol.move ? [sol.move] : [];
  if (!input.set || !p.fen || moves.length === 0 || (ex.game !== 'chess' && ex.game !== 'draughts')) return;
  const read = ex.game === 'chess' ? (f) => chessFEN(f).board : (f) => draughtsFEN(f).pieces;
  // Play the line out from the start position, a move at a time.
  input.set(p.fen);
  let before = read(p.fen);
  const lit = [];
  light(el, lit);
  for (let i = 1; i <= moves.length; i++) {
    await sleep(i === 1 ? 300 : STEP_MS);
    const r = await post('/v1/rules/' + ex.game + '/play', { position: p.fen, moves: moves.slice(0, i) }).catch(() => null);
    if (!r || !document.body.contains(el)) return;
    const after = read(r.position);
    lit.splice(0, lit.length, ...changed(before, after));
    before = after;
    input.set(r.position);
  }
}
