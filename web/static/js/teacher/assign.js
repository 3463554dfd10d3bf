// Assigning work to a class: a title, open and due dates, tries per
// exercise, lessons of a curriculum, exercises picked from the bank and
// generated practice sets; the server's warnings (a due time already
// past, an item above the class's grade band) are shown before going on.
import { h, field } from '../dom.js';
import { t, has } from '../i18n.js';
import { get, post } from '../api.js';
import { page, classTabs } from './shell.js';

const GAMES = ['chess', 'draughts', 'gomoku', 'numchess'];

// kindLabel names an exercise kind in the reader's language.
export function kindLabel(name) {
  return has('kind_' + name) ? t('kind_' + name) : name;
}

// bandOf is the grade band of a class grade (0-1 K1, 2-3 G23, 4-6 G46).
function bandOf(grade) {
  return grade <= 1 ? 'K1' : grade <= 3 ? 'G23' : 'G46';
}

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
  const lessonsPicked = new Set();
  const curriculum = field(t('curriculum'), { tag: 'select', id: 'a-curriculum' });
  const lessonList = h('div', { class: 'bank', id: 'lessons' });
  const practiceKind = field(t('practiceSet'), { tag: 'select', id: 'p-kind' });
  practiceKind.input.append(h('option', { value: '' }, t('none')),
    ...kinds.items.filter((k) => k.generator).map((k) => h('option', { value: k.name }, kindLabel(k.name))));
  const practiceCount = field(t('practiceCount'), { id: 'p-count', type: 'number', min: 1, max: 50, value: 5 });
  const err = h('p', { class: 'error', role: 'alert' });
  const warnings = h('div', { class: 'note warnings', id: 'warnings', role: 'status', tabindex: '-1', hidden: true });

  const fillKinds = () => {
    kind.input.replaceChildren(h('option', { value: '' }, '—'),
      ...kinds.items.filter((k) => k.game === game.input.value).map((k) => h('option', { value: k.name }, kindLabel(k.name))));
  };
  const fillBank = async () => {
    const q = new URLSearchParams({ game: game.input.value, limit: '50' });
    if (kind.input.value) q.set('kind', kind.input.value);
    const list = await get('/v1/exercises?' + q);
    bank.replaceChildren(...list.items.map((x) => {
      const id = 'ex-' + x.id;
      const box = h('input', { type: 'checkbox', id, value: x.id, 'data-key': x.key || '', checked: picked.has(x.id) });
      box.addEventListener('change', () => { if (box.checked) picked.add(x.id); else picked.delete(x.id); });
      return h('li', {}, box, h('label', { for: id }, x.title, ' ', h('span', { class: 'muted' }, t('band_' + x.band) + ' · ' + kindLabel(x.kind))));
    }));
  };
  const fillLessons = async () => {
    lessonList.replaceChildren();
    if (!curriculum.input.value) return;
    const cur = await get('/v1/curricula/' + encodeURIComponent(curriculum.input.value));
    lessonList.replaceChildren(...(cur.units || []).map((u) => h('fieldset', { class: 'unit' },
      h('legend', {}, u.title),
      h('ul', {}, u.lessons.map((l) => {
        const id = 'l-' + l.id;
        const box = h('input', { type: 'checkbox', id, value: l.id, checked: lessonsPicked.has(l.id) });
        box.addEventListener('change', () => { if (box.checked) lessonsPicked.add(l.id); else lessonsPicked.delete(l.id); });
        return h('li', {}, box, h('label', { for: id }, l.title, ' ', h('span', { class: 'muted' }, t('minutes', { n: l.minutes }))));
      })))));
  };
  const fillCurricula = async () => {
    const list = await get('/v1/curricula?game=' + encodeURIComponent(game.input.value));
    const mine = bandOf(cls.grade);
    curriculum.input.replaceChildren(h('option', { value: '' }, '—'), ...list.items.map((c) =>
      h('option', { value: c.id, selected: c.band === mine }, c.title + ' · ' + t('band_' + c.band))));
    await fillLessons();
  };
  curriculum.input.addEventListener('change', fillLessons);
  game.input.addEventListener('change', () => { fillKinds(); fillBank(); fillCurricula(); });
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
      items: [...[...lessonsPicked].map((id) => ({ kind: 'lesson', id })), ...[...picked].map((id) => ({ kind: 'exercise', id }))],
    };
    if (practiceKind.input.value) body.practice = [{ kind: practiceKind.input.value, count: Number(practiceCount.input.value || 1) }];
    try {
      const saved = await post('/v1/assignments', body);
      const progress = '/teacher/classes/' + cid + '/progress';
      if (!saved.warnings || saved.warnings.length === 0) return navigate(progress);
      // Accepted, but perhaps not meant: say so before going on.
      warnings.replaceChildren(h('h3', {}, '⚠ ', t('assignedWithWarnings', { title: saved.title })),
        h('ul', {}, saved.warnings.map((w) => h('li', { 'data-code': w.code }, w.message))),
        h('a', { href: progress, 'data-link': '', class: 'btn primary', id: 'warnings-ok' }, t('toProgress'), ' ➜'));
      warnings.hidden = false;
      e.target.querySelector('#assign-go').disabled = true; // saved: not twice
      warnings.focus();
    } catch (ex) {
      err.textContent = ex.message + ex.fields.map((f) => ' ' + f.field + ': ' + (f.message || f.code)).join('');
    }
  };

  fillKinds();
  page('classes',
    h('h1', { translate: 'no' }, cls.name),
    classTabs(cls, 'assign'),
    h('form', { class: 'card assign', onsubmit: submit },
      h('h2', {}, t('assign')),
      h('div', { class: 'row' }, title.el, tries.el),
      h('div', { class: 'row' }, opens.el, due.el),
      h('div', { class: 'row' }, game.el),
      h('fieldset', {}, h('legend', {}, t('lessonsPick')), curriculum.el, lessonList),
      h('fieldset', {}, h('legend', {}, t('exercisesPick')), kind.el, bank),
      h('fieldset', {}, h('legend', {}, t('practiceSet')), h('div', { class: 'row' }, practiceKind.el, practiceCount.el)),
      err, warnings,
      h('button', { type: 'submit', class: 'btn primary big', id: 'assign-go' }, t('assign'))));
  await Promise.all([fillBank(), fillCurricula()]);
}
