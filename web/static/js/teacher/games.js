// The teacher's game records (棋谱): upload a file with its report,
// search the archive (game, class, event, opening, dates, status),
// confirm the students' pending games, replay a game, and the class's
// monthly points table with levels (CSV, printable page).
import { h, field, download } from '../dom.js';
import { t, lang } from '../i18n.js';
import { get, request, currentUser } from '../api.js';
import { page } from './shell.js';
import { GAMES, gamesTable, uploadForm } from '../games/list.js';
import { replayView } from '../games/replay.js';
import { printSheet } from './printsheet.js';

const FILTERS = ['game', 'class_id', 'event', 'opening', 'from', 'to', 'status'];

export default async function gamesPage(ctx) {
  if (location.pathname.endsWith('/monthly')) return monthly(ctx);
  if (ctx.params.id) {
    page('games', h('h1', {}, t('games')), h('p', {}, h('a', { href: '/teacher/games', 'data-link': '', class: 'btn small' }, '← ', t('games'))),
      await replayView(ctx.params.id));
    return;
  }
  const { query, navigate } = ctx;
  const q = new URLSearchParams();
  for (const k of FILTERS) if (query.get(k)) q.set(k, query.get(k));
  const [classes, list] = await Promise.all([get('/v1/classes?limit=100'), get('/v1/games?limit=100&' + q)]);
  // data: the options are data shown as they are (class names).
  const sel = (id, label, options, data) => {
    const f = field(label, { tag: 'select', id: 'gf-' + id, name: id });
    f.input.append(h('option', { value: '' }, t('all')), ...options.map(([v, text]) => h('option', { value: v, selected: query.get(id) === v, translate: data ? 'no' : null }, text)));
    return f;
  };
  const text = (id, label, props = {}) => field(label, { id: 'gf-' + id, name: id, value: query.get(id) || '', ...props });
  const filters = [
    sel('game', t('filterGame'), GAMES.map((g) => [g, t('game_' + g)])),
    sel('class_id', t('classes'), classes.items.map((c) => [c.id, c.name]), true),
    text('event', t('gEvent'), { translate: 'no' }),
    text('opening', t('gOpening'), { translate: 'no' }),
    text('from', t('gFrom'), { type: 'date' }),
    text('to', t('gTo'), { type: 'date' }),
    sel('status', t('tStatus'), [['pending', t('gstatus_pending')], ['confirmed', t('gstatus_confirmed')]]),
  ];
  const search = (e) => {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const f of filters) if (f.input.value) next.set(f.input.name, f.input.value);
    navigate('/teacher/games?' + next, true);
  };
  page('games',
    h('h1', {}, t('games')),
    h('p', {}, h('a', { href: '/teacher/games/monthly', 'data-link': '', class: 'btn', id: 'monthly-link' }, '▦ ', t('monthlyTable'))),
    uploadForm({ student: false, onStored: () => {} }),
    h('form', { class: 'card filters', id: 'game-filters', role: 'search', onsubmit: search },
      h('h2', {}, t('searchGames')),
      h('div', { class: 'row' }, filters.map((f) => f.el)),
      h('button', { type: 'submit', class: 'btn primary', id: 'gf-go' }, '⌕ ', t('search')), ' ',
      h('a', { href: '/teacher/games?status=pending', 'data-link': '', class: 'btn', id: 'pending-link' }, t('pendingGames'))),
    h('p', { class: 'muted', id: 'games-count' }, t('gamesN', { n: list.items.length }), list.next_cursor ? ' +' : ''),
    gamesTable(list.items, { link: (g) => '/teacher/games/' + g.id, canConfirm: () => true }));
}

// The class's monthly points table (the club charter's 月度积分表).
async function monthly({ query, navigate }) {
  const classes = (await get('/v1/classes?limit=100')).items;
  const me = currentUser();
  const admin = me && me.role === 'school_admin' && me.school_id;
  const cid = query.get('class') || (classes[0] && classes[0].id) || (admin ? 'school' : '');
  const game = GAMES.includes(query.get('game')) ? query.get('game') : 'chess';
  const now = new Date();
  const month = /^\d{4}-\d{2}$/.test(query.get('month') || '') ? query.get('month')
    : now.getFullYear() + '-' + String(now.getMonth() + 1).padStart(2, '0');
  // A school admin may also see the whole school's table.
  const path = (cid === 'school' && admin ? '/v1/schools/' + encodeURIComponent(me.school_id) : '/v1/classes/' + encodeURIComponent(cid))
    + '/games/monthly?game=' + game + '&month=' + month;
  const tb = cid ? await get(path) : { rows: [] };
  const go = (k, v) => {
    const q = new URLSearchParams({ class: cid, game, month });
    q.set(k, v);
    navigate('/teacher/games/monthly?' + q, true);
  };
  const cls = field(t('classes'), { tag: 'select', id: 'm-class', onchange: (e) => go('class', e.target.value) });
  cls.input.append(...classes.map((c) => h('option', { value: c.id, selected: c.id === cid, translate: 'no' }, c.name)),
    ...(admin ? [h('option', { value: 'school', selected: cid === 'school' }, t('wholeSchool'))] : []));
  const g = field(t('filterGame'), { tag: 'select', id: 'm-game', onchange: (e) => go('game', e.target.value) });
  g.input.append(...GAMES.map((x) => h('option', { value: x, selected: x === game }, t('game_' + x))));
  const m = field(t('gMonth'), { type: 'month', id: 'm-month', value: month, onchange: (e) => e.target.value && go('month', e.target.value) });
  const sheet = h('div', {});
  const csv = async () => {
    const res = await request('GET', path + '&format=csv', undefined, { raw: true });
    download(await res.blob(), 'monthly-' + game + '-' + month + '.csv');
  };
  const lvl = (r) => r.level_name[lang()] || r.level_name['zh-CN'];
  page('games',
    h('h1', {}, t('monthlyTable')),
    h('p', {}, h('a', { href: '/teacher/games', 'data-link': '', class: 'btn small' }, '← ', t('games'))),
    h('div', { class: 'row' }, cls.el, g.el, m.el),
    h('div', { class: 'toolbar' },
      h('button', { type: 'button', class: 'btn', id: 'm-csv', onclick: csv }, '↓ ', t('csv')),
      h('button', { type: 'button', class: 'btn', id: 'm-print', onclick: () => printSheet(sheet, path + '&format=html') }, t('print'))),
    h('p', { class: 'muted' }, t('monthlyHint')),
    tb.rows.length === 0 ? h('p', { id: 'no-monthly' }, t('noMonthly')) : h('div', { class: 'matrix-wrap' }, h('table', { class: 'list', id: 'monthly' },
      h('thead', {}, h('tr', {}, ['tRank', 'realName', 'gGames', 'tWDL', 'tPoints', 'gLevel', 'gProgress', 'gToNext'].map((k) => h('th', { scope: 'col' }, t(k))))),
      h('tbody', {}, tb.rows.map((r) => h('tr', { 'data-student': r.student_id },
        h('td', {}, String(r.rank)), h('td', { translate: 'no' }, r.name), h('td', {}, String(r.games)),
        h('td', {}, r.wins + ' / ' + r.draws + ' / ' + r.losses), h('td', { class: 'pts' }, String(r.points)),
        h('td', {}, lvl(r), h('small', {}, ' (', String(r.level_points), ')')),
        h('td', {}, (r.progress > 0 ? '+' : '') + r.progress), h('td', {}, String(r.points_to_next))))))),
    sheet);
}
