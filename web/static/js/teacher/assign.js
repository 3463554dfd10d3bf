// Assigning work to a class: a title, open and due dates, tries per
// exercise, exercises picked from the bank and generated practice sets.
import { h, field } from '../dom.js';
import { t } from '../i18n.js';
import { get, post } from '../api.js';
import { page, classTabs } from './shell.js';

const GAMES = ['chess', 'draughts', 'gomoku', 'numchess'];

// localInput formats a Date for <input type=datetime-local>.
function localInput(d) {
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

export default async function assignPage({ params, navigate }) {
  const cid = params.id;
  const [cls, kinds] = await Promise.all([get('/v1/classes/' + encodeURIComponent(cid)), get('/v1/kinds')]);
  const title = field(t('title'), { id: 'a-title', required: true, maxlength: 200 });
  const opens = field(t('opensAt'), { id: 'a-opens', type: 'datetime-local' });
  const due = field(t('dueAt'), { id: 'a-due', type: 'datetime-local', required: true, value: localInput(new Date(Date.now() + 7 * 86400e3)) });
  const tries = field(t('attemptsAllowed'), { id: 'a-tries', type: 'number', min: 0, max: 100, value: 3 });
  const game = field(t('filterGame'), { tag: 'select', id: 'a-game' });
  game.input.append(...GAMES.map((g) => h('option', { value: g }, t('game_' + g))));
  const kind = field(t('filterKind'), { tag: 'select', id: 'a-kind' });
  const picked = new Set();
  const bank = h('ul', { class: 'bank', id: 'bank' });
  const practiceKind = field(t('practiceSet'), { tag: 'select', id: 'p-kind' });
  practiceKind.input.append(h('option', { value: '' }, t('none')),
    ...kinds.items.filter((k) => k.generator).map((k) => h('option', { value: k.name }, k.name)));
  const practiceCount = field(t('practiceCount'), { id: 'p-count', type: 'number', min: 1, max: 50, value: 5 });
  const err = h('p', { class: 'error', role: 'alert' });

  const fillKinds = () => {
    kind.input.replaceChildren(h('option', { value: '' }, '—'),
      ...kinds.items.filter((k) => k.game === game.input.value).map((k) => h('option', { value: k.name }, k.name)));
  };
  const fillBank = async () => {
    const q = new URLSearchParams({ game: game.input.value, limit: '50' });
    if (kind.input.value) q.set('kind', kind.input.value);
    const list = await get('/v1/exercises?' + q);
    bank.replaceChildren(...list.items.map((x) => {
      const id = 'ex-' + x.id;
      const box = h('input', { type: 'checkbox', id, value: x.id, 'data-key': x.key || '', checked: picked.has(x.id) });
      box.addEventListener('change', () => { if (box.checked) picked.add(x.id); else picked.delete(x.id); });
      return h('li', {}, box, h('label', { for: id }, x.title, ' ', h('span', { class: 'muted' }, x.band + ' · ' + x.kind)));
    }));
  };
  game.input.addEventListener('change', () => { fillKinds(); fillBank(); });
  kind.input.addEventListener('change', fillBank);

  // Each exercise of the bank links to its statistics in this class.
  new MutationObserver(() => bank.querySelectorAll('li:not([data-stats])').forEach((li) => {
    const box = li.querySelector('input[type=checkbox]');
    li.dataset.stats = '';
    if (box) {
      li.append(' ', h('a', {
        href: '/teacher/classes/' + encodeURIComponent(cid) + '/exercises/' + encodeURIComponent(box.value) + '/stats',
        'data-link': '', class: 'ex-stats-link', 'aria-label': t('exerciseStats'), title: t('exerciseStats'),
      }, '▦'));
    }
  })).observe(bank, { childList: true });

  const submit = async (e) => {
    e.preventDefault();
    err.textContent = '';
    const body = {
      class_id: cid, title: title.input.value.trim(),
      due_at: due.input.value ? new Date(due.input.value).toISOString() : '',
      opens_at: opens.input.value ? new Date(opens.input.value).toISOString() : null,
      attempts_allowed: Number(tries.input.value || 0),
      items: [...picked].map((id) => ({ kind: 'exercise', id })),
    };
    if (practiceKind.input.value) body.practice = [{ kind: practiceKind.input.value, count: Number(practiceCount.input.value || 1) }];
    try {
      await post('/v1/assignments', body);
      navigate('/teacher/classes/' + cid + '/progress');
    } catch (ex) {
      err.textContent = ex.message + ex.fields.map((f) => ' ' + f.field + ': ' + (f.message || f.code)).join('');
    }
  };

  fillKinds();
  page('classes',
    h('h1', {}, cls.name),
    classTabs(cls, 'assign'),
    h('form', { class: 'card assign', onsubmit: submit },
      h('h2', {}, t('assign')),
      h('div', { class: 'row' }, title.el, tries.el),
      h('div', { class: 'row' }, opens.el, due.el),
      h('fieldset', {}, h('legend', {}, t('exercisesPick')), h('div', { class: 'row' }, game.el, kind.el), bank),
      h('fieldset', {}, h('legend', {}, t('practiceSet')), h('div', { class: 'row' }, practiceKind.el, practiceCount.el)),
      err,
      h('button', { type: 'submit', class: 'btn primary big', id: 'assign-go' }, t('assign'))));
  await fillBank();
}
