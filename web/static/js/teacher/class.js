// One class: its students, adding students with their login cards to
// print, and resetting a student's PIN.
import { h, field, announce } from '../dom.js';
import { t } from '../i18n.js';
import { get, post } from '../api.js';
import { page, classTabs } from './shell.js';

export default async function classPage({ params }) {
  const cid = encodeURIComponent(params.id);
  const [cls, users] = await Promise.all([
    get('/v1/classes/' + cid), get('/v1/users?limit=200&class_id=' + cid),
  ]);
  const students = users.items.filter((u) => u.role === 'student');
  const cardsBox = h('div', { id: 'cards-box' });
  const names = field(t('namesOnePerLine'), { tag: 'textarea', id: 'new-names', rows: 4, maxlength: 20000 });
  const err = h('p', { class: 'error', role: 'alert' });

  const showCards = (cards) => {
    cardsBox.replaceChildren(h('section', { class: 'cards-sheet', 'aria-labelledby': 'cards-h' },
      h('h2', { id: 'cards-h' }, t('cardsTitle'), ' · ', cards.class_name),
      h('p', { class: 'note no-print' }, '⚠ ', t('cardsOnce')),
      h('button', { type: 'button', class: 'btn primary no-print', id: 'print-cards', onclick: () => window.print() }, '', t('printCards')),
      h('ul', { class: 'cards' }, cards.students.map((s) => h('li', { class: 'login-card' },
        h('strong', { class: 'card-name' }, s.real_name),
        h('dl', {},
          h('dt', {}, t('classCode')), h('dd', { class: 'card-code' }, s.class_code || cards.class_code),
          h('dt', {}, t('username')), h('dd', { class: 'card-user' }, s.username),
          h('dt', {}, t('pin')), h('dd', { class: 'card-pin' }, s.pin)))))));
    cardsBox.querySelector('h2').focus();
  };

  const add = async (e) => {
    e.preventDefault();
    err.textContent = '';
    const list = names.input.value.split('\n').map((s) => s.trim()).filter(Boolean);
    if (list.length === 0) return names.input.focus();
    try {
      const cards = await post('/v1/classes/' + cid + '/students', { students: list.map((n) => ({ real_name: n })) });
      names.input.value = '';
      showCards(cards);
      drawList(await get('/v1/users?limit=200&class_id=' + cid).then((r) => r.items.filter((u) => u.role === 'student')));
    } catch (ex) {
      err.textContent = ex.message + ex.fields.map((f) => ' ' + f.field + ': ' + (f.message || f.code)).join('');
    }
  };

  const resetPin = async (s) => {
    if (!window.confirm(t('confirmReset', { name: s.real_name || s.username }))) return;
    const card = await post('/v1/users/' + encodeURIComponent(s.id) + '/pin', {});
    announce(t('newPin', { name: s.real_name, pin: '' }));
    showCards({ class_name: cls.name, class_code: cls.login_code, students: [card] });
  };

  const table = h('tbody', {});
  const drawList = (list) => {
    table.replaceChildren(...list.map((s) => h('tr', {},
      h('td', {}, s.real_name), h('td', { class: 'mono' }, s.username),
      h('td', {}, h('button', { type: 'button', class: 'btn small', onclick: () => resetPin(s), 'aria-label': t('resetPin') + ' ' + (s.real_name || s.username) }, t('resetPin'))))));
  };
  drawList(students);

  page('classes',
    h('h1', {}, cls.name, ' ', h('span', { class: 'code' }, t('loginCode', { code: cls.login_code }))),
    classTabs(cls, 'students'),
    h('div', { class: 'no-print' },
      h('table', { class: 'list' },
        h('caption', {}, t('students'), ' (', String(students.length), ')'),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('realName')), h('th', { scope: 'col' }, t('username')), h('th', { scope: 'col' }, t('actions')))),
        table),
      h('form', { class: 'card', onsubmit: add },
        h('h2', {}, t('addStudents')), names.el, err,
        h('button', { type: 'submit', class: 'btn primary', id: 'create-students' }, t('create')))),
    cardsBox);
}
