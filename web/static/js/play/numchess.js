// Number chess on the live game screen. The server sends the player to
// move the moves they can make (targets: piece, landing points, and for
// each span segment the numbers it spans, never the expression): a tap
// on a piece lights its destinations, a tap on one picks that way there.
// A step or a hop is sent at once; a span asks for the expression of
// each span segment on the keypad (seed 000: the mover states the move
// and its expression; a wrong sum costs the set penalty points under the
// competition rules, and the server says so). The move goes to the
// server in machine notation: 0a1-e5[9−5−4].
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { numchessBoard } from '../boards/numchess.js';
import { exprPad } from '../boards/exprpad.js';

// moveText writes a target with its segments' expressions in machine
// notation.
export function moveText(tg, exprs) {
  return tg.piece + tg.from + tg.path.map((p, i) => '-' + p + (exprs[i] ? '[' + exprs[i] + ']' : '')).join('');
}

// numchessPlay({game, mine, facing, lang, pad, onMove}) returns {el,
// lock}: the board (targets lit when mine); the keypad goes into pad, an
// element of the screen beside or under the board. onMove(text) sends a
// move.
export function numchessPlay({ game, mine, facing, lang, pad, onMove }) {
  pad.hidden = true;
  pad.replaceChildren();
  let board = null;
  const cancel = () => { pad.hidden = true; pad.replaceChildren(); board.reset(); };
  // ask asks for the expression of each span segment of tg in turn, then
  // sends the move.
  const ask = (tg) => {
    const exprs = [];
    const spans = tg.path.map((_, i) => (tg.spans && tg.spans[i]) || null);
    const next = (i) => {
      while (i < spans.length && !spans[i]) i++;
      if (i >= spans.length) {
        pad.hidden = true;
        pad.replaceChildren();
        onMove(moveText(tg, exprs));
        return;
      }
      const many = spans.filter(Boolean).length > 1;
      const goal = many ? t('ncChainGoal') : t('ncSpanGoal', { n: tg.piece });
      pad.hidden = false;
      pad.replaceChildren(
        h('p', { class: 'nc-ask', id: 'nc-ask' }, many ? t('ncSegment', { n: i + 1, to: tg.path[i] }) + ' ' : '',
          t('ncUse', { nums: spans[i].join(t('listSep')) }), ' ', goal),
        exprPad({ digits: spans[i], ruleset: game.ruleset, onSubmit: (text) => { exprs[i] = text; next(i + 1); } }).el,
        h('button', { type: 'button', class: 'btn', id: 'nc-cancel', onclick: cancel }, '✖ ', t('ncOtherMove')));
    };
    next(0);
  };
  // Without the server's targets (its engine gave up within its budget)
  // the player to move builds the move point by point and writes each
  // span's expression, as on an exercise's board; the referee checks it.
  const free = mine && !Array.isArray(game.targets);
  board = numchessBoard({
    position: game.position || '', lang, flip: facing === 1,
    targets: free ? undefined : mine ? game.targets : [],
    onTarget: ask,
    ruleset: game.ruleset,
    onMove: (m, shown) => onMove(moveText({ piece: m.piece, from: shown.split('-')[0], path: m.path }, m.exprs)),
  });
  if (free) {
    // The segments, their keypad and the ✔ go where the keypad goes.
    pad.hidden = false;
    pad.replaceChildren(board.panel);
  }
  return {
    el: board.el,
    lock: (v) => board.lock(v),
  };
}
