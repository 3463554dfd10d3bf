// One tournament for the teacher who runs it, in tabs: the round (pair
// the next one, take it back, enter and correct results board by board,
// name who goes on from a drawn knockout game), the players (enter,
// withdraw, requested byes), the standings, and the knockout bracket or
// the arena (擂台) queue; the printable pages open in the page.
import { h, announce } from '../dom.js';
import { t, lang } from '../i18n.js';
import { get, post, request } from '../api.js';
import { page } from './shell.js';
import { roundText } from './tournaments.js';
import { printSheet } from './printsheet.js';
import { standingsTable, playerName } from '../student/tournaments.js';
import { gameIcon } from '../student/home.js';

export const RESULTS = ['1-0', '1/2-1/2', '0-1', '+/-', '-/+', '-/-'];
const SWISS = ['dutch', 'school_swiss'];

export default async function tournamentPage({ params, query, navigate }) {
  const id = encodeURIComponent(params.id);
  const base = '/v1/tournaments/' + id;
  const tr = await get(base);
  const special = tr.system === 'knockout' ? 'bracket' : tr.system === 'arena' ? 'arena' : null;
  const views = ['round', 'players', 'standings', special].filter(Boolean);
  const view = views.includes(query.get('view')) ? query.get('view') : 'round';
  const here = (v, extra = '') => '/teacher/tournaments/' + id + '?view=' + v + extra;
  const err = h('p', { class: 'error', role: 'alert', id: 't-error' });
  const sheet = h('div', { id: 'sheet-box' });
  const gameDlg = h('dialog', { class: 'attempts', id: 'game-dialog', 'aria-labelledby': 'gd-h' });
  const fail = (ex) => {
    err.textContent = ex.message + (ex.fields || []).map((f) => ' ' + f.field + ': ' + (f.message || f.code)).join('');
  };
  const act = (fn) => async (e) => {
    err.textContent = '';
    const btn = e && e.currentTarget;
    if (btn) btn.disabled = true;
    try { await fn(); } catch (ex) { fail(ex); } finally { if (btn) btn.disabled = false; }
  };

  const pair = act(async () => {
    const r = await post(base + '/rounds');
    announce(t('paired', { n: r.round }));
    navigate(here('round'), true);
  });
  const unpair = act(async () => {
    if (!window.confirm(t('confirmUnpair', { n: tr.current_round }))) return;
    await request('DELETE', base + '/rounds/current');
    navigate(here('round'), true);
  });
  const printLinks = tr.current_round > 0 && h('div', { class: 'toolbar', role: 'group', 'aria-label': t('print') },
    h('span', {}, t('print') + (lang() === 'en' ? ':' : '：')),
    h('button', { type: 'button', class: 'btn small', id: 'print-pairings', onclick: act(() => printSheet(sheet, base + '/pairings?format=html' + roundQuery())) }, t('printPairings')),
    h('button', { type: 'button', class: 'btn small', id: 'print-cards', onclick: act(() => printSheet(sheet, base + '/pairing-cards?' + roundQuery())) }, t('printPairingCards')),
    h('button', { type: 'button', class: 'btn small', id: 'print-standings', onclick: act(() => printSheet(sheet, base + '/standings?format=html')) }, t('printStandings')),
    special && h('button', { type: 'button', class: 'btn small', id: 'print-' + special, onclick: act(() => printSheet(sheet, base + '/' + special + '?format=html')) }, t('tview_' + special)));
  const shownRound = () => Math.min(Math.max(1, Number(query.get('round')) || tr.current_round), tr.current_round);
  const roundQuery = () => (view === 'round' && tr.current_round > 0 ? '&round=' + shownRound() : '');

  let body;
  if (view === 'round') body = await roundView();
  else if (view === 'players') body = await playersView();
  else if (view === 'standings') body = standingsTable(await get(base + '/standings'), true);
  else if (view === 'bracket') body = bracketView(await get(base + '/bracket'));
  else body = arenaView(await get(base + '/arena'), tr, (ids) => act(async () => {
    await request('PUT', base + '/queue', { student_ids: ids });
    navigate(here('arena'), true);
  })());

  page('tournaments',
    h('h1', {}, h('span', { 'aria-hidden': 'true' }, gameIcon(tr.game) + ' '), h('span', { translate: 'no' }, tr.name)),
    h('p', { class: 't-meta' }, t('game_' + tr.game), ' · ', t('system_' + tr.system), ' · ', t('tRound'), ' ', roundText(tr), ' · ',
      h('strong', { id: 't-status', 'data-status': tr.status }, t('tstatus_' + tr.status)), ' · ', t('tPlayersN', { n: tr.players.length })),
    h('nav', { class: 'tabs', 'aria-label': t('tournaments') }, views.map((v) =>
      h('a', { href: here(v), 'data-link': '', class: 'tab', id: 'tab-' + v, 'aria-current': v === view ? 'page' : null }, t('tview_' + v)))),
    h('div', { class: 'toolbar' },
      tr.status !== 'finished' && h('button', { type: 'button', class: 'btn primary', id: 'pair-round', onclick: pair }, '⇄ ', t('pairRound', { n: tr.current_round + 1 })),
      tr.current_round > 0 && tr.status !== 'finished' && h('button', { type: 'button', class: 'btn', id: 'unpair-round', onclick: unpair }, '↶ ', t('unpairRound', { n: tr.current_round }))),
    printLinks, err, body, sheet, gameDlg);

  // The game record of a board: stored in the archive, confirmed (a
  // teacher's upload) and its result entered on the board.
  function openGame(r, b) {
    const text = h('textarea', { id: 'gd-text', rows: 8, spellcheck: 'false', translate: 'no' });
    const out = h('div', { role: 'alert', class: 'error' });
    const send = async (e) => {
      e.preventDefault();
      out.textContent = '';
      try {
        const res = await post('/v1/games', { game: tr.game, text: text.value, tournament_id: tr.id, round: r, board: b.board });
        if (res.stored.length > 0) { gameDlg.close(); navigate(here('round', '&round=' + r), true); return; }
        out.textContent = res.refused.map((x) => x.reason).join(' ');
      } catch (ex) {
        out.textContent = ex.message + ex.fields.map((f) => ' ' + f.field + ': ' + (f.message || f.code)).join('');
      }
    };
    gameDlg.replaceChildren(h('form', { onsubmit: send },
      h('h2', { id: 'gd-h' }, t('boardGameOf', { round: r, board: b.board })),
      h('p', { class: 'muted' }, t('boardGameHint')),
      h('label', { for: 'gd-text' }, t('gPaste')), text, out,
      h('div', { class: 'toolbar' },
        h('button', { type: 'submit', class: 'btn primary', id: 'gd-go' }, t('upload')),
        h('button', { type: 'button', class: 'btn', onclick: () => gameDlg.close() }, t('close')))));
    gameDlg.showModal();
    text.focus();
  }

  // The boards of a round with a result control each.
  async function roundView() {
    if (tr.current_round === 0) return h('p', { id: 'no-round' }, t('noRoundYet'));
    const r = shownRound();
    const round = await get(base + '/pairings?round=' + r);
    const pick = h('select', { id: 'round-pick', onchange: (e) => navigate(here('round', '&round=' + e.target.value), true) },
      Array.from({ length: tr.current_round }, (_, i) => h('option', { value: i + 1, selected: i + 1 === r }, t('roundN', { n: i + 1 }))));
    const rows = round.boards.map((b) => boardRow(r, b));
    return h('section', { 'aria-labelledby': 'round-h' },
      h('div', { class: 'toolbar' }, h('h2', { id: 'round-h' }, t('roundN', { n: r })), h('label', { for: 'round-pick', class: 'sr-only' }, t('tRound')), pick),
      h('table', { class: 'list boards', id: 'boards' },
        h('thead', {}, h('tr', {}, ['tBoard', 'white', 'tResult', 'black'].map((k) => h('th', { scope: 'col' }, t(k))))),
        h('tbody', {}, rows)));
  }

  function boardRow(r, b) {
    const status = h('span', { class: 'res-status', 'aria-live': 'polite' });
    const label = t('resultOf', { n: b.board });
    let cell;
    if (b.black === null) {
      cell = h('span', { class: 'bye' }, t('bye'));
    } else {
      const sel = h('select', {
        id: 'res-' + b.board, 'data-board': b.board, 'aria-label': label,
        onchange: async (e) => {
          err.textContent = '';
          status.textContent = '…';
          try {
            const res = await post(base + '/results', { round: r, board: b.board, result: e.target.value });
            status.textContent = '✔';
            status.title = t('saved');
            e.target.dataset.saved = res.board.result;
            if (tr.system === 'knockout' && res.board.result === '1/2-1/2') decide.hidden = false;
          } catch (ex) { status.textContent = '✘'; fail(ex); }
        },
      }, h('option', { value: '', disabled: true, selected: !b.result }, '—'),
      RESULTS.map((x) => h('option', { value: x, selected: b.result === x }, resultText(x))));
      if (b.result) sel.dataset.saved = b.result;
      cell = h('span', {}, sel, ' ', status,
        b.reported_result && !b.result && h('small', { class: 'reported' }, ' ', t('reported', { result: resultText(b.reported_result) })));
    }
    const decide = h('span', { class: 'decide', hidden: !(tr.system === 'knockout' && b.result === '1/2-1/2') },
      ['white', 'black'].map((w) => h('button', {
        type: 'button', class: 'btn small', 'data-winner': w,
        onclick: act(async () => { await post(base + '/decisions', { round: r, board: b.board, winner: w }); status.textContent = '✔'; }),
      }, t('goesOn_' + w))));
    const record = b.black !== null && tr.game !== 'numchess' && h('button', {
      type: 'button', class: 'btn small board-game', 'aria-label': t('boardGameOf', { round: r, board: b.board }), onclick: () => openGame(r, b),
    }, '▤');
    return h('tr', { 'data-board': b.board },
      h('td', {}, String(b.board)),
      h('td', { translate: 'no' }, playerName(b.white)),
      h('td', {}, cell, decide, ' ', record),
      h('td', { translate: 'no' }, b.black ? playerName(b.black) : ''));
  }

  // Entrants: withdraw, a requested bye, late entries.
  async function playersView() {
    const lists = await Promise.all((tr.class_ids || []).map((c) => get('/v1/users?limit=200&class_id=' + encodeURIComponent(c))));
    const entered = new Set(tr.players.map((p) => p.student_id));
    const others = lists.flatMap((l) => l.items).filter((u) => u.role === 'student' && !entered.has(u.id));
    const next = tr.current_round + 1;
    const canBye = SWISS.includes(tr.system) && tr.status !== 'finished' && (tr.rounds === 0 || next <= tr.rounds);
    const rows = tr.players.map((p) => h('tr', { 'data-number': p.number },
      h('td', {}, String(p.number)),
      h('th', { scope: 'row', translate: 'no', id: 'pl-' + p.number }, p.name),
      h('td', {}, String(p.points)),
      h('td', {}, p.withdrawn_from ? t('withdrawnFrom', { n: p.withdrawn_from }) : p.from_round > 1 ? t('fromRound', { n: p.from_round }) : '✔'),
      h('td', {},
        !p.withdrawn_from && h('button', {
          type: 'button', class: 'btn small', 'aria-describedby': 'pl-' + p.number,
          onclick: act(async () => {
            if (!window.confirm(t('confirmWithdraw', { name: p.name }))) return;
            await request('DELETE', base + '/players/' + encodeURIComponent(p.student_id));
            navigate(here('players'), true);
          }),
        }, t('withdraw')), ' ',
        canBye && !p.withdrawn_from && h('button', {
          type: 'button', class: 'btn small', 'data-bye': p.number, 'aria-describedby': 'pl-' + p.number,
          onclick: act(async () => {
            await post(base + '/byes', { student_id: p.student_id, round: next });
            announce(t('byeDone', { name: p.name, n: next }));
            navigate(here('players'), true);
          }),
        }, t('byeFor', { n: next })))));
    const add = others.length > 0 && h('form', {
      class: 'card', id: 'add-players',
      onsubmit: (e) => {
        e.preventDefault();
        act(async () => {
          const ids = [...e.target.querySelectorAll('input:checked')].map((x) => x.value);
          if (ids.length === 0) return;
          await post(base + '/players', { student_ids: ids });
          navigate(here('players'), true);
        })();
      },
    }, h('h2', {}, t('addPlayers')),
    h('div', { class: 'checks' }, others.map((u) => h('div', { class: 'check' },
      h('input', { type: 'checkbox', id: 'ap-' + u.id, value: u.id }),
      h('label', { for: 'ap-' + u.id, translate: 'no' }, u.real_name || u.username)))),
    h('button', { type: 'submit', class: 'btn primary' }, t('enter')));
    return h('div', {},
      h('table', { class: 'list', id: 'players' },
        h('thead', {}, h('tr', {}, ['tNumber', 'realName', 'tPoints', 'tStatus', 'actions'].map((k) => h('th', { scope: 'col' }, t(k))))),
        h('tbody', {}, rows)),
      add);
  }
}

// resultText shows a result as on a score sheet (½ for a half point).
export function resultText(r) {
  return { '1/2-1/2': '½-½', '+/-': '+/−', '-/+': '−/+', '-/-': '−/−' }[r] || r;
}

function bracketView(br) {
  const name = (p) => (p ? playerName(p) : t('bye'));
  return h('section', { class: 'bracket', id: 'bracket' },
    br.champion && h('p', { class: 'champion' }, '★ ', t('champion'), ' ', h('strong', { translate: 'no' }, playerName(br.champion))),
    h('div', { class: 'stages' }, br.stages.map((s, i) => h('div', { class: 'stage' },
      h('h2', {}, i === br.stages.length - 1 && br.finished ? t('final') : t('stageN', { n: s.stage })),
      h('ul', {}, s.matches.map((m) => h('li', { class: 'match' + (m.third_place ? ' third' : '') },
        m.third_place && h('small', {}, t('thirdPlace')),
        h('span', { class: m.winner === m.a.number ? 'won' : '', translate: 'no' }, name(m.a)),
        h('span', { class: 'vs', 'aria-hidden': 'true' }, ' – '),
        h('span', { class: m.b && m.winner === m.b.number ? 'won' : '', translate: 'no' }, name(m.b)),
        m.winner === null && h('small', {}, ' ', t('undecided')))))))));
}

// arenaView shows the stage; move(ids) saves a new order of the queue
// (up and down buttons beside each challenger).
function arenaView(ar, tr, move) {
  const ids = ar.queue.map((p) => (tr.players.find((x) => x.number === p.number) || {}).student_id);
  const swap = (i, j) => { const next = [...ids]; [next[i], next[j]] = [next[j], next[i]]; move(next); };
  return h('section', { class: 'arena', id: 'arena' },
    ar.champion && h('p', { class: 'champion' }, '★ ', t('champion'), ' ', h('strong', { translate: 'no' }, playerName(ar.champion))),
    h('p', {}, t('defender'), ' ', ar.defender ? h('strong', { translate: 'no' }, playerName(ar.defender)) : '—',
      ' · ', t('defences', { n: ar.defences }), ar.title_defences > 0 ? ' / ' + ar.title_defences : ''),
    h('h2', {}, t('queue')),
    ar.queue.length === 0 ? h('p', {}, t('queueEmpty')) : h('ol', { class: 'queue', id: 'queue' }, ar.queue.map((p, i) => h('li', { 'data-number': p.number },
      h('span', { translate: 'no', id: 'q-' + p.number }, playerName(p)), ' ',
      !ar.finished && i > 0 && h('button', { type: 'button', class: 'btn small', 'data-up': p.number, 'aria-label': t('moveUp'), 'aria-describedby': 'q-' + p.number, onclick: () => swap(i, i - 1) }, '↑'), ' ',
      !ar.finished && i < ar.queue.length - 1 && h('button', { type: 'button', class: 'btn small', 'aria-label': t('moveDown'), 'aria-describedby': 'q-' + p.number, onclick: () => swap(i, i + 1) }, '↓')))),
    ar.out.length > 0 && h('div', {}, h('h2', {}, t('playersOut')), h('ul', {}, ar.out.map((p) => h('li', { translate: 'no' }, playerName(p))))));
}
