// A stored game replayed: the board (the API's SVG diagram of each ply,
// the move marked), first/previous/next/last buttons and the arrow keys,
// and the move list with each move's comments at its move; a click on a
// move jumps there.
import { h } from '../dom.js';
import { t, lang } from '../i18n.js';
import { get } from '../api.js';
import { resultText, gameHead } from './list.js';

// replayView loads /v1/games/{id}/replay and returns its element.
export async function replayView(id) {
  const rep = await get('/v1/games/' + encodeURIComponent(id) + '/replay');
  const g = rep.game;
  const plies = [rep.start, ...rep.plies];
  let at = 0;
  const img = h('img', { class: 'replay-board', id: 'replay-board', width: 400, height: 400, alt: '' });
  const where = h('p', { class: 'replay-where', id: 'replay-where', 'aria-live': 'polite' });
  const notes = h('div', { class: 'replay-notes', id: 'replay-notes' });
  const list = h('ol', { class: 'moves', id: 'moves', 'aria-label': t('moveList') });
  const buttons = {};
  const btn = (key, icon, go) => (buttons[key] = h('button', {
    type: 'button', class: 'btn', id: 'replay-' + key, 'aria-label': t('replay_' + key), title: t('replay_' + key), onclick: () => show(go()),
  }, icon));
  const moveText = (p) => (p.move ? p.move[lang()] || p.move['zh-CN'] : p.notation || '');

  // The move list: one item a move (two plies), each ply a button with
  // its comments and variations under it.
  const items = rep.plies.map((p) => h('div', { class: 'ply ' + (p.side || '') },
    h('button', { type: 'button', class: 'mv-btn', 'data-ply': p.ply, 'aria-label': t('plyN', { n: p.ply }) + ' ' + moveText(p), onclick: () => show(p.ply) },
      h('span', { translate: 'no' }, p.notation || moveText(p))),
    p.comments.length > 0 && h('span', { class: 'mv-comment' }, p.comments.join(' ')),
    p.variations.length > 0 && h('span', { class: 'mv-var', translate: 'no' }, p.variations.map((v) => '(' + v + ')').join(' '))));
  for (let i = 0; i < items.length; i += 2) {
    list.append(h('li', { class: 'mv', value: i / 2 + 1 }, items[i], items[i + 1] || h('div', { class: 'ply' })));
  }

  function show(n) {
    at = Math.max(0, Math.min(plies.length - 1, n));
    const p = plies[at];
    img.src = p.diagram;
    img.alt = at === 0 ? t('startPosition') : t('afterMove', { n: at, move: moveText(p) });
    where.textContent = at === 0 ? t('startPosition') : t('plyOf', { n: at, total: plies.length - 1 }) + ' · ' + moveText(p);
    notes.replaceChildren(...p.comments.map((c) => h('p', { class: 'comment' }, '✎ ', c)));
    items.forEach((li, i) => li.classList.toggle('current', i + 1 === at));
    const cur = list.querySelector('.current');
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: 'nearest' });
    buttons.first.disabled = buttons.prev.disabled = at === 0;
    buttons.next.disabled = buttons.last.disabled = at === plies.length - 1;
    img.dataset.ply = String(at);
  }

  const controls = h('div', { class: 'replay-controls', role: 'group', 'aria-label': t('replay') },
    btn('first', '⇤', () => 0), btn('prev', '◀', () => at - 1), btn('next', '▶', () => at + 1), btn('last', '⇥', () => plies.length - 1));
  const el = h('div', { class: 'replay', id: 'replay' },
    gameHead(g),
    h('div', { class: 'replay-body' },
      h('div', { class: 'replay-play', tabindex: '0', 'aria-label': t('replayKeys'),
        onkeydown: (e) => {
          const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: plies.length - 1 }[e.key];
          if (to === undefined) return;
          e.preventDefault();
          show(to);
        } }, img, controls, where, notes),
      h('div', { class: 'replay-side' },
        h('h2', {}, t('moveList'), ' ', h('small', {}, resultText(g.result))),
        rep.start.comments.length > 0 && h('p', { class: 'comment' }, rep.start.comments.join(' ')),
        list)));
  show(0);
  return el;
}
