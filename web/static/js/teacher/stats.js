// Exercise statistics for a teacher: per exercise of an assignment (from
// a column head of the class matrix) or of one exercise, how many
// students tried, all attempts, who solved it, who solved it first try,
// the median time, and the most common wrong answers drawn on a board
// with how often each was given.
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { get } from '../api.js';
import { page, classTabs } from './shell.js';
import { answerFigure } from './answerview.js';
import { gameIcon } from '../student/home.js';

// One exercise's block: its numbers and its wrong answers.
function exerciseStats(cid, ex, st, n) {
  const pct = Math.round(st.success_rate * 100);
  const secs = Math.round(st.median_time_ms / 1000);
  const nums = [
    ['statStudents', st.students], ['statAttempts', st.attempts], ['statSolved', st.solved],
    ['statFirstTry', st.first_try], ['statSuccess', pct + '%'], ['statMedian', t('seconds', { n: secs })],
  ];
  return h('section', { class: 'card ex-stats', 'data-exercise': ex.id, 'aria-labelledby': 'ex-h-' + ex.id },
    h('h2', { id: 'ex-h-' + ex.id },
      n ? n + '. ' : '', h('span', { 'aria-hidden': 'true' }, gameIcon(ex.game) + ' '), h('span', { translate: 'no' }, ex.title)),
    h('dl', { class: 'stat-nums' }, nums.map(([k, v]) => h('div', { class: 'stat', 'data-stat': k },
      h('dt', {}, t(k)), h('dd', {}, String(v))))),
    h('div', { class: 'meter', role: 'img', 'aria-label': t('statSuccess') + ' ' + pct + '%' },
      h('span', { class: 'meter-fill', 'data-pct': String(pct) })),
    h('h3', {}, t('wrongAnswers')),
    st.wrong_answers.length === 0
      ? h('p', { class: 'muted' }, t('noWrongAnswers'))
      : h('div', { class: 'answers' }, st.wrong_answers.map((w) => answerFigure(ex, w.answer, w.count))),
    n && h('p', {}, h('a', { href: '/teacher/classes/' + cid + '/exercises/' + encodeURIComponent(ex.id) + '/stats', 'data-link': '' }, t('exerciseOnly'))));
}

// The meter's width comes through the CSSOM (the CSP allows no style
// attribute).
function fillMeters(root) {
  root.querySelectorAll('.meter-fill').forEach((m) => { m.style.width = m.dataset.pct + '%'; });
}

async function load(cid, ids) {
  return Promise.all(ids.map((eid) => Promise.all([
    get('/v1/exercises/' + encodeURIComponent(eid)),
    get('/v1/classes/' + cid + '/exercises/' + encodeURIComponent(eid) + '/stats'),
  ])));
}

export default async function statsPage({ params }) {
  const cid = encodeURIComponent(params.id);
  const cls = await get('/v1/classes/' + cid);
  let title, blocks;
  if (params.aid) {
    const a = await get('/v1/assignments/' + encodeURIComponent(params.aid));
    const ids = a.items.filter((i) => i.kind === 'exercise').map((i) => i.id);
    const rows = await load(cid, ids);
    title = a.title;
    blocks = rows.length === 0 ? [h('p', {}, t('noExercises'))] : rows.map(([ex, st], i) => exerciseStats(cid, ex, st, i + 1));
  } else {
    const [[ex, st]] = await load(cid, [params.eid]);
    title = ex.title;
    blocks = [exerciseStats(cid, ex, st, 0)];
  }
  page('classes',
    h('h1', {}, t('statsOf'), h('span', { translate: 'no' }, title)),
    classTabs(cls, 'matrix'),
    h('p', { class: 'no-print' }, h('a', { href: '/teacher/classes/' + cid + '/progress', 'data-link': '', class: 'btn small' }, '← ', t('matrix'))),
    blocks);
  fillMeters(document.getElementById('main'));
}
