// The teacher's tournaments: the list (of one class with ?class=), and
// the form that creates one for a class: game, system (Swiss, school
// Swiss, round robin, knockout, 擂台 arena), rounds, points, tie-breaks,
// and the students who play.
import { h, field, fmtDate } from '../dom.js';
import { t, lang } from '../i18n.js';
import { get, post } from '../api.js';
import { page } from './shell.js';
import { gameIcon } from '../student/home.js';

export const GAMES = ['chess', 'draughts', 'gomoku', 'numchess'];
export const SYSTEMS = ['dutch', 'school_swiss', 'round_robin', 'double_round_robin', 'knockout', 'arena'];
const SWISS = ['dutch', 'school_swiss'];

export default async function tournamentsPage({ query, navigate }) {
  if (location.pathname.endsWith('/new')) return newTournament({ query, navigate });
  const cls = query.get('class');
  const [list, classes] = await Promise.all([
    get('/v1/tournaments?limit=100' + (cls ? '&class_id=' + encodeURIComponent(cls) : '')), get('/v1/classes?limit=100'),
  ]);
  const pick = field(t('classes'), {
    tag: 'select', id: 't-class-filter',
    onchange: (e) => navigate('/teacher/tournaments' + (e.target.value ? '?class=' + encodeURIComponent(e.target.value) : ''), true),
  });
  pick.input.append(h('option', { value: '' }, t('all')),
    ...classes.items.map((c) => h('option', { value: c.id, selected: c.id === cls, translate: 'no' }, c.name)));
  page('tournaments',
    h('h1', {}, t('tournaments')),
    h('div', { class: 'row' }, pick.el),
    h('p', { class: 'toolbar' }, h('a', { href: '/teacher/tournaments/new' + (cls ? '?class=' + encodeURIComponent(cls) : ''), 'data-link': '', class: 'btn primary', id: 'new-tournament' }, '+ ', t('newTournament')),
      h('a', { href: '/teacher/team-tournaments', 'data-link': '', class: 'btn', id: 'team-events' }, '⚑ ', t('teamEvents'))),
    list.items.length === 0 ? h('p', {}, t('noTournaments')) : h('table', { class: 'list', id: 'tournaments' },
      h('thead', {}, h('tr', {}, ['tName', 'filterGame', 'tSystem', 'tRound', 'tPlayers', 'tStatus', 'when'].map((k) => h('th', { scope: 'col' }, t(k))))),
      h('tbody', {}, [...list.items].reverse().map((x) => h('tr', { 'data-id': x.id },
        h('td', {}, h('a', { href: '/teacher/tournaments/' + x.id, 'data-link': '', translate: 'no' }, x.name)),
        h('td', {}, h('span', { 'aria-hidden': 'true' }, gameIcon(x.game) + ' '), t('game_' + x.game)),
        h('td', {}, t('system_' + x.system)),
        h('td', {}, roundText(x)),
        h('td', {}, String(x.players)),
        h('td', {}, t('tstatus_' + x.status)),
        h('td', {}, fmtDate(x.created_at, lang())))))));
}

// roundText is "2/5" (rounds paired of planned), or "2" when not fixed.
export function roundText(x) {
  return x.rounds > 0 ? x.current_round + '/' + x.rounds : String(x.current_round);
}

async function newTournament({ query, navigate }) {
  const classes = (await get('/v1/classes?limit=100')).items;
  const want = query.get('class') || (classes[0] && classes[0].id);
  const name = field(t('tName'), { id: 't-name', required: true, maxlength: 200 });
  const game = field(t('filterGame'), { tag: 'select', id: 't-game' });
  game.input.append(...GAMES.map((g) => h('option', { value: g }, t('game_' + g))));
  const system = field(t('tSystem'), { tag: 'select', id: 't-system' });
  system.input.append(...SYSTEMS.map((s) => h('option', { value: s }, t('system_' + s))));
  const rounds = field(t('tRounds'), { id: 't-rounds', type: 'number', min: 1, max: 30, value: 5 });
  const points = field(t('tPoints'), { tag: 'select', id: 't-points' });
  points.input.append(...['1-0.5-0', '2-1-0', '3-1-0'].map((p) => h('option', { value: p }, p)));
  const ruleset = field(t('tRuleset'), { tag: 'select', id: 't-ruleset' });
  ruleset.input.append(...['G46', 'G23', 'K1'].map((r) => h('option', { value: r }, t('band_' + r))));
  const ties = field(t('tTieBreaks'), { id: 't-ties', placeholder: 'BH-C1, BH, DE', autocomplete: 'off', spellcheck: 'false', translate: 'no' });
  const tieRule = field(t('tTieRule'), { tag: 'select', id: 't-tie-rule' });
  tieRule.input.append(...['replay', 'armageddon', 'teacher'].map((r) => h('option', { value: r }, t('tierule_' + r))));
  const third = h('input', { type: 'checkbox', id: 't-third' });
  const defences = field(t('tDefences'), { id: 't-defences', type: 'number', min: 0, max: 500, value: 3 });
  const classBox = h('fieldset', { id: 't-classes' }, h('legend', {}, t('classes')),
    classes.map((c) => h('div', { class: 'check' },
      h('input', { type: 'checkbox', id: 'tc-' + c.id, value: c.id, checked: c.id === want, onchange: () => fillStudents() }),
      h('label', { for: 'tc-' + c.id, translate: 'no' }, c.name))));
  const studentBox = h('fieldset', { id: 't-students' }, h('legend', {}, t('tEntrants')));
  const err = h('p', { class: 'error', role: 'alert' });
  const swissOnly = h('div', { class: 'row' }, rounds.el);
  const koOnly = h('div', { class: 'row' }, tieRule.el, h('div', { class: 'check setting' }, third, h('label', { for: 't-third' }, t('tThirdPlace'))));
  const arenaOnly = h('div', { class: 'row' }, defences.el);
  const numOnly = h('div', { class: 'row' }, ruleset.el);
  const showSystem = () => {
    const s = system.input.value;
    numOnly.hidden = game.input.value !== 'numchess';
    swissOnly.hidden = !SWISS.includes(s);
    koOnly.hidden = s !== 'knockout';
    arenaOnly.hidden = s !== 'arena';
  };
  system.input.addEventListener('change', showSystem);
  game.input.addEventListener('change', showSystem);
  showSystem();

  const pickedClasses = () => [...classBox.querySelectorAll('input:checked')].map((x) => x.value);
  const fillStudents = async () => {
    const lists = await Promise.all(pickedClasses().map((id) => get('/v1/users?limit=200&class_id=' + encodeURIComponent(id))));
    const seen = new Set();
    const students = lists.flatMap((l) => l.items).filter((u) => u.role === 'student' && !seen.has(u.id) && seen.add(u.id));
    studentBox.replaceChildren(h('legend', {}, t('tEntrants'), ' (', String(students.length), ')'),
      students.length === 0 ? h('p', {}, t('noStudents')) : h('div', { class: 'checks' }, students.map((u) => h('div', { class: 'check' },
        h('input', { type: 'checkbox', id: 'ts-' + u.id, value: u.id, checked: true, 'data-username': u.username }),
        h('label', { for: 'ts-' + u.id, translate: 'no' }, u.real_name || u.username)))));
  };
  await fillStudents();

  const create = async (e) => {
    e.preventDefault();
    err.textContent = '';
    const s = system.input.value;
    const body = {
      name: name.input.value.trim(), game: game.input.value, system: s, points: points.input.value,
      class_ids: pickedClasses(),
      student_ids: [...studentBox.querySelectorAll('input:checked')].map((x) => x.value),
    };
    if (SWISS.includes(s)) body.rounds = Number(rounds.input.value);
    const tb = ties.input.value.split(/[\s,，、]+/).filter(Boolean).map((x) => x.toUpperCase());
    if (tb.length) body.tie_breaks = tb;
    if (s === 'knockout') { body.tie_rule = tieRule.input.value; body.third_place = third.checked; }
    if (s === 'arena') body.title_defences = Number(defences.input.value);
    if (body.game === 'numchess') body.ruleset = ruleset.input.value;
    try {
      const tr = await post('/v1/tournaments', body);
      navigate('/teacher/tournaments/' + tr.id);
    } catch (ex) {
      err.textContent = ex.message + ex.fields.map((f) => ' ' + f.field + ': ' + (f.message || f.code)).join('');
    }
  };

  page('tournaments',
    h('h1', {}, t('newTournament')),
    h('form', { class: 'card', id: 't-form', onsubmit: create },
      name.el,
      h('div', { class: 'row' }, game.el, system.el, points.el),
      numOnly, swissOnly, koOnly, arenaOnly,
      ties.el, h('p', { class: 'muted tb-hint' }, t('tTieBreaksHint'), ' ', ['BH', 'SB', 'DE', 'WIN'].map((a, i) =>
        h('span', {}, i ? '、' : '', h('b', { translate: 'no' }, a), ' ', t('tb_' + a)))),
      classBox, studentBox, err,
      h('button', { type: 'submit', class: 'btn primary big', id: 't-create' }, t('create'))));
}
