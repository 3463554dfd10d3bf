// Gomoku and renju on the live game screen: tap a point to put a stone.
// Renju follows the national opening protocol as the server referees it
// (play/renju.go): Black's first stone on 天元, the 26 openings; after
// Black 3 White may swap colours once (三手可交换); for move 5 Black
// marks two points and sends them (五手两打), and White taps the one to
// take away (with more than two offers: the one to keep); pass; and
// when Black has put down a forbidden stone, White may point it out
// before playing on (指出禁手), which wins.
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { gomokuBoard } from '../boards/gomoku.js';

const COLS = 'abcdefghijklmno';

// stonePoint is the point a record token puts a stone on ("h8"; an
// offer "j10,k11:j10" keeps j10), or "" for pass and swap.
export function stonePoint(tok) {
  if (tok === 'pass' || tok === 'swap') return '';
  return tok.includes(':') ? tok.split(':')[1] : tok;
}

// recordBoard turns the record from the empty board ("h8 h9 i9 swap
// j10") into the board's rows (row 15 first, . x o, joined by /): the
// stones alternate Black, White by ply (a pass is a ply; the swap is
// none).
export function recordBoard(record) {
  const rows = Array.from({ length: 15 }, () => Array(15).fill('.'));
  let ply = 0;
  for (const tok of record.trim().split(/\s+/).filter(Boolean)) {
    if (tok === 'swap') continue;
    const p = stonePoint(tok);
    if (p) rows[15 - Number(p.slice(1))][COLS.indexOf(p[0])] = ply % 2 === 0 ? 'x' : 'o';
    ply++;
  }
  return rows.map((r) => r.join('')).join('/');
}

// gomokuPlay({game, mine, side, lang, act}) returns {el, lock, last,
// hint, buttons}: the board, the point of the last stone, what to do now
// and the protocol's buttons (swap, pass, point out a forbidden stone).
// side is the player's colour (0 Black); act(type, fields) sends an
// action.
export function gomokuPlay({ game, mine, side, lang, act }) {
  const renju = game.ruleset === 'renju';
  const offered = game.offered || [];
  const next = game.ply + 1;
  const offering = mine && renju && side === 0 && game.ply === 4 && offered.length === 0;
  const choosing = mine && offered.length > 0;
  const onPoint = (p) => {
    if (!choosing) { act('move', { ply: next, move: p }); return; }
    if (!offered.includes(p)) return;
    const keep = offered.length === 2 ? offered.find((x) => x !== p) : p;
    act('choose', { keep });
  };
  const board = gomokuBoard({
    board: recordBoard(game.position || ''), mode: offering ? 'many' : 'one', lang, asked: offered,
    onPoint, onPoints: (points) => act('offer', { ply: next, moves: points }),
  });
  let hint = '';
  if (offering) hint = t('gmOfferHint');
  else if (choosing) hint = t(offered.length === 2 ? 'gmRemoveHint' : 'gmKeepHint', { points: offered.join(t('listSep')) });
  else if (mine && renju && game.ply === 3 && !game.swapped && side === 1) hint = t('gmSwapHint');
  else if (mine && game.claimable) hint = t('gmClaimHint');
  const buttons = !mine ? [] : [
    renju && game.ply === 3 && !game.swapped && side === 1
      && h('button', { type: 'button', class: 'btn big', id: 'gm-swap', onclick: () => act('swap') }, '⇄ ', t('gmSwap')),
    game.claimable && h('button', { type: 'button', class: 'btn big primary', id: 'gm-claim', onclick: () => act('claim', { claim: 'forbidden' }) }, '✕ ', t('gmClaim')),
    !offering && !choosing && h('button', { type: 'button', class: 'btn big', id: 'gm-pass', onclick: () => act('pass', { ply: next }) }, '↷ ', t('gmPass')),
  ].filter(Boolean);
  const moves = game.moves || [];
  return {
    el: board.el,
    lock: (v) => board.lock(v),
    last: () => (moves.length > 0 ? [stonePoint(moves[moves.length - 1])].filter(Boolean) : []),
    hint,
    buttons,
  };
}
