// The class progress matrix: students × assignments, each cell coloured
// and labelled by its state, who needs help first; a cell opens the
// student's attempts on that assignment; the CSV for a spreadsheet.
import { h, fmtDate, download } from '../dom.js';
import { t, lang } from '../i18n.js';
import { get, request } from '../api.js';
import { page, classTabs } from './shell.js';

const ICON = { not_started: '○', struggling: '!', partial: '◐', overdue: '◷', late: '✔', done: '✔' };

export default async function progressPage({ params, query, navigate }) {
  const cid = encodeURIComponent(params.id);
  const sort = query.get('sort') === 'name' ? 'name' : 'completion';
  const [cls, m] = await Promise.all([get('/v1/classes/' + cid), get('/v1/classes/' + cid + '/progress?sort=' + sort)]);
  const dialog = h('dialog', { class: 'attempts', id: 'attempts-dialog', 'aria-labelledby': 'dlg-h' });

  const openCell = async (s, a) => {
    const [asg, sp] = await Promise.all([
      get('/v1/assignments/' + encodeURIComponent(a.id)),
      get('/v1/students/' + encodeURIComponent(s.id) + '/progress'),
    ]);
    const order = asg.items.filter((i) => i.kind === 'exercise').map((i) => i.id);
    const rows = sp.recent.filter((r) => order.includes(r.exercise_id));
    dialog.replaceChildren(
      h('h2', { id: 'dlg-h', translate: 'no' }, t('attemptsOf', { name: s.real_name, title: a.title })),
      rows.length === 0 ? h('p', {}, t('noAttempts')) : h('table', { class: 'list' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('exerciseNo')), h('th', { scope: 'col' }, t('result')), h('th', { scope: 'col' }, t('timeTaken')), h('th', { scope: 'col' }, t('when')))),
        h('tbody', {}, rows.map((r) => h('tr', { class: 'outcome-' + r.outcome },
          h('td', {}, String(order.indexOf(r.exercise_id) + 1)),
          h('td', {}, (r.outcome === 'correct' ? '✔ ' : '✘ ') + t('outcome_' + r.outcome)),
          h('td', {}, t('seconds', { n: Math.round(r.time_ms / 1000) })),
          h('td', {}, fmtDate(r.at, lang())))))),
      h('form', { method: 'dialog' }, h('button', { class: 'btn', id: 'dlg-close' }, t('close'))));
    dialog.showModal();
  };

  const csv = async () => {
    const res = await request('GET', '/v1/classes/' + cid + '/progress.csv', undefined, { raw: true });
    download(await res.blob(), (cls.name || 'class') + '-progress.csv');
  };

  page('classes',
    h('h1', { translate: 'no' }, cls.name),
    classTabs(cls, 'matrix'),
    h('div', { class: 'toolbar' },
      h('label', { for: 'sort' }, t('sortBy')),
      h('select', {
        id: 'sort', onchange: (e) => navigate('/teacher/classes/' + cid + '/progress?sort=' + e.target.value, true),
      }, h('option', { value: 'completion', selected: sort === 'completion' }, t('sortNeeds')),
      h('option', { value: 'name', selected: sort === 'name' }, t('sortName'))),
      h('button', { type: 'button', class: 'btn', id: 'csv', onclick: csv }, '↓ ', t('csv'))),
    h('ul', { class: 'legend', 'aria-label': t('legend') }, Object.keys(ICON).map((k) =>
      h('li', { class: 'cell state-' + k }, ICON[k] + ' ' + t('status_' + k)))),
    h('div', { class: 'matrix-wrap' }, h('table', { class: 'matrix', id: 'matrix' },
      h('caption', { class: 'sr-only' }, t('matrix')),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('realName')),
        m.assignments.map((a) => h('th', { scope: 'col' },
          h('a', { href: '/teacher/classes/' + cid + '/assignments/' + encodeURIComponent(a.id) + '/stats', 'data-link': '', class: 'col-stats', title: t('exerciseStats'), translate: 'no' }, a.title),
          h('br'), h('small', {}, fmtDate(a.due_at, lang())))))),
      h('tbody', {}, m.students.map((s) => h('tr', { 'data-username': s.username },
        h('th', { scope: 'row', translate: 'no' }, s.real_name, h('br'), h('small', { class: 'mono' }, s.username)),
        s.cells.map((c, i) => h('td', {}, c === null ? '—' : h('button', {
          type: 'button', class: 'cell state-' + c.status, 'data-status': c.status,
          // The row and column headers name the student and the assignment.
          'aria-label': `${t('status_' + c.status)} ${c.solved}/${c.total}`,
          onclick: () => openCell(s, m.assignments[i]),
        }, ICON[c.status] + ' ' + c.solved + '/' + c.total, h('span', { class: 'cell-text' }, t('status_' + c.status)))))))))),
    dialog);
}
