// A student's tournaments: each with my place and points and my next
// game (round, board, my colour and the opponent's first name), or my
// bye; a tournament's standings (other children by first name, as the
// API gives them).
import { h, mount } from '../dom.js';
import { t } from '../i18n.js';
import { get, post } from '../api.js';
import { gameIcon } from './home.js';

// playerName is "(3) 小龙": pairing number and name.
export function playerName(p) {
  return '(' + p.number + ') ' + p.name;
}

// standingsTable draws standings; full adds the tie-breaks and the
// cross-table cells of each round.
export function standingsTable(st, full) {
  return h('section', { 'aria-labelledby': 'standings-h' },
    h('h2', { id: 'standings-h' }, st.round > 0 ? t('standingsAfter', { n: st.round }) : t('standingsNone')),
    h('div', { class: 'matrix-wrap' }, h('table', { class: 'list standings', id: 'standings' },
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('tRank')), h('th', { scope: 'col' }, t('tNumber')), h('th', { scope: 'col' }, t('realName')),
        h('th', { scope: 'col' }, t('tPoints')),
        full && st.tie_breaks.map((tb) => h('th', { scope: 'col', translate: 'no', title: tb }, tb)),
        full && h('th', { scope: 'col' }, t('tWDL')),
        full && st.rows.length > 0 && st.rows[0].rounds.map((_, i) => h('th', { scope: 'col' }, t('roundShort', { n: i + 1 }))))),
      h('tbody', {}, st.rows.map((r) => h('tr', { 'data-number': r.number },
        h('td', {}, String(r.rank)), h('td', {}, String(r.number)), h('td', { translate: 'no' }, r.name),
        h('td', { class: 'pts' }, String(r.points)),
        full && r.tie_breaks.map((v) => h('td', {}, String(v))),
        full && h('td', {}, r.wins + ' / ' + r.draws + ' / ' + r.losses),
        full && r.rounds.map((c) => h('td', { class: 'mono', translate: 'no' }, c))))))));
}

function nextGame(x) {
  const n = x.next;
  if (x.withdrawn) return h('p', {}, t('youWithdrew'));
  const arena = x.defending ? h('p', { class: 'arena-place' }, '♛ ', t('youDefend'))
    : x.queue_position ? h('p', { class: 'arena-place' }, t('youInQueue', { n: x.queue_position })) : null;
  if (!n) return arena || h('p', { class: 'muted' }, x.status === 'finished' ? t('tstatus_finished') : t('waitForRound'));
  if (n.color === 'none' || !n.opponent) return h('p', { class: 'next-game bye' }, '☺ ', t('youHaveBye', { n: n.round }));
  const icon = n.color === 'white' ? '○' : '●';
  return h('div', { class: 'next-game', 'data-board': n.board },
    h('p', { class: 'next-line' }, t('roundN', { n: n.round }), ' · ', h('strong', {}, t('boardN', { n: n.board }))),
    h('p', { class: 'vs-line' },
      h('span', { class: 'colour ' + n.color, 'aria-hidden': 'true' }, icon), ' ',
      t('youPlay_' + n.color), ' ', h('strong', { class: 'opponent', translate: 'no' }, n.opponent.name)),
    n.reported_result
      ? h('p', { class: 'muted reported-line' }, t('youReported', { result: t('my_' + mine(n.reported_result, n.color)) }))
      : reportButtons(x, n),
    arena);
}

// mine turns a result (White's side first) into the student's: won,
// draw or lost.
function mine(result, color) {
  if (result === '1/2-1/2') return 'draw';
  return (result === '1-0') === (color === 'white') ? 'won' : 'lost';
}

// reportButtons let the student report the game's result (entered when
// the opponent reports the same).
function reportButtons(x, n) {
  const err = h('p', { class: 'error', role: 'alert' });
  const send = async (e, outcome) => {
    const white = { won: '1-0', lost: '0-1', draw: '1/2-1/2' }[outcome];
    const result = outcome === 'draw' ? white : n.color === 'white' ? white : { '1-0': '0-1', '0-1': '1-0' }[white];
    e.currentTarget.disabled = true;
    try {
      await post('/v1/tournaments/' + encodeURIComponent(x.id) + '/results', { round: n.round, board: n.board, result });
      e.target.closest('.report-result').replaceChildren(h('p', { class: 'muted reported-line' }, t('youReported', { result: t('my_' + outcome) })));
    } catch (ex) {
      err.textContent = ex.message;
    }
  };
  return h('div', { class: 'report-result', role: 'group', 'aria-label': t('reportResult') },
    h('p', {}, t('reportResult')),
    h('div', { class: 'report-buttons' }, [['won', '✔'], ['draw', '='], ['lost', '✘']].map(([k, icon]) =>
      h('button', { type: 'button', class: 'btn big', 'data-outcome': k, onclick: (e) => send(e, k) }, h('span', { 'aria-hidden': 'true' }, icon), ' ', t('my_' + k)))),
    err);
}

export default async function myTournaments({ params }) {
  if (params.id) {
    const id = encodeURIComponent(params.id);
    const [tr, st] = await Promise.all([get('/v1/tournaments/' + id), get('/v1/tournaments/' + id + '/standings')]);
    mount(
      h('div', { class: 'ex-head' },
        h('a', { href: '/student/tournaments', 'data-link': '', class: 'btn ghost', 'aria-label': t('back') }, '←'),
        h('h1', {}, h('span', { 'aria-hidden': 'true' }, gameIcon(tr.game) + ' '), h('span', { translate: 'no' }, tr.name))),
      standingsTable(st, false));
    return;
  }
  const list = await get('/v1/me/tournaments');
  mount(
    h('div', { class: 'ex-head' },
      h('a', { href: '/student', 'data-link': '', class: 'btn ghost', 'aria-label': t('back') }, '←'),
      h('h1', {}, '♜ ', t('myTournaments'))),
    list.items.length === 0 ? h('p', { class: 'done-msg' }, t('noMyTournaments')) : h('ul', { class: 'work', id: 'my-tournaments' }, list.items.map((x) =>
      h('li', { class: 'work-item', 'data-id': x.id },
        h('div', { class: 'work-head' },
          h('span', { class: 'game-icon', 'aria-hidden': 'true' }, gameIcon(x.game)),
          h('strong', { translate: 'no' }, x.name),
          h('span', { class: 'badge state-partial' }, t('myRank', { n: x.rank })),
          h('span', {}, t('myPoints', { n: x.points }))),
        nextGame(x),
        h('a', { href: '/student/tournaments/' + x.id, 'data-link': '', class: 'btn' }, '▤ ', t('standings'))))));
}
