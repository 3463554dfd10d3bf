// One class: its students, adding students with their login cards to
// print, resetting a student's PIN and setting the nickname other classes
// see.
import { h, field, announce, svg } from '../dom.js';
import { t } from '../i18n.js';
import { get, post, request } from '../api.js';
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
      h('h2', { id: 'cards-h' }, t('cardsTitle'), ' · ', h('span', { translate: 'no' }, cards.class_name)),
      h('p', { class: 'note no-print' }, '⚠ ', t('cardsOnce')),
      h('button', { type: 'button', class: 'btn primary no-print', id: 'print-cards', onclick: () => window.print() }, '', t('printCards')),
      h('ul', { class: 'cards' }, cards.students.map((s) => h('li', { class: 'login-card' },
        h('strong', { class: 'card-name', translate: 'no' }, s.real_name),
        h('dl', {},
          h('dt', {}, t('classCode')), h('dd', { class: 'card-code', translate: 'no' }, s.class_code || cards.class_code),
          h('dt', {}, t('username')), h('dd', { class: 'card-user', translate: 'no' }, s.username),
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

  // showBadges draws new QR login badges to print (shown this once).
  const showBadges = (title, list) => {
    cardsBox.replaceChildren(h('section', { class: 'cards-sheet', 'aria-labelledby': 'cards-h' },
      h('h2', { id: 'cards-h' }, t('badgesTitle'), ' · ', h('span', { translate: 'no' }, title)),
      h('p', { class: 'note no-print' }, '⚠ ', t('badgesOnce')),
      h('button', { type: 'button', class: 'btn primary no-print', id: 'print-badges', onclick: () => window.print() }, t('printCards')),
      h('ul', { class: 'cards' }, list.map((b) => h('li', { class: 'login-card badge-card', 'data-username': b.username },
        h('div', { class: 'qr', translate: 'no' }, svg(b.qr_svg)),
        h('strong', { class: 'card-name', translate: 'no' }, b.real_name),
        h('span', { class: 'mono card-user', translate: 'no' }, b.username),
        h('a', { class: 'badge-url sr-only', href: b.login_url, tabindex: '-1' }, t('badgeLink')))))));
    cardsBox.querySelector('h2').focus();
  };

  const issueBadge = async (s) => {
    if (!window.confirm(t('confirmBadge', { name: s.real_name || s.username }))) return;
    const b = await post('/v1/users/' + encodeURIComponent(s.id) + '/badge', {});
    showBadges(s.real_name, [b]);
  };

  const revokeBadge = async (s) => {
    if (!window.confirm(t('confirmRevoke', { name: s.real_name || s.username }))) return;
    try {
      await request('DELETE', '/v1/users/' + encodeURIComponent(s.id) + '/badge');
      announce(t('badgeRevoked', { name: s.real_name }));
    } catch (ex) {
      announce(ex.status === 404 ? t('noBadge', { name: s.real_name }) : ex.message);
      if (ex.status !== 404) throw ex;
    }
  };

  const classBadges = async () => {
    if (!window.confirm(t('confirmClassBadges'))) return;
    const list = await post('/v1/classes/' + cid + '/badges', {});
    showBadges(list.class_name, list.students);
  };

  const resetPin = async (s) => {
    if (!window.confirm(t('confirmReset', { name: s.real_name || s.username }))) return;
    const card = await post('/v1/users/' + encodeURIComponent(s.id) + '/pin', {});
    announce(t('newPin', { name: s.real_name, pin: '' }));
    showCards({ class_name: cls.name, class_code: cls.login_code, students: [card] });
  };

  // setNickname asks for the name other classes see instead of the
  // given name (F5: never cut from the real name) and saves it.
  const setNickname = async (s, cell) => {
    const v = window.prompt(t('askNickname', { name: s.real_name || s.username }), s.nickname || '');
    if (v === null) return;
    try {
      const u = await request('PATCH', '/v1/users/' + encodeURIComponent(s.id), { nickname: v.trim() });
      Object.assign(s, u);
      cell.textContent = u.shown_name;
      announce(t('nicknameSaved', { name: s.real_name, shown: u.shown_name }));
    } catch (ex) {
      announce(ex.message);
    }
  };

  // classSwitch is a checkbox saving one boolean field of the class and
  // announcing the new state (onKey when on, offKey when off). The
  // class's login list of first names: on, the students tap their names;
  // off, they type their usernames. The class's spaced review: on,
  // /v1/me/next brings back the skills the students missed, spaced over
  // days; off, no reviews.
  const classSwitch = (id, name, onKey, offKey) => h('input', {
    type: 'checkbox', id, checked: cls[name] !== false,
    onchange: async (e) => {
      const box = e.target;
      box.disabled = true;
      try {
        const c = await request('PATCH', '/v1/classes/' + cid, { [name]: box.checked });
        box.checked = c[name];
        announce(t(c[name] ? onKey : offKey));
      } catch (ex) {
        box.checked = !box.checked;
        announce(ex.message);
      } finally {
        box.disabled = false;
      }
    },
  });
  const nameList = classSwitch('name-list', 'name_list', 'nameListOn', 'nameListOff');
  const review = classSwitch('review', 'review', 'reviewOn', 'reviewOff');

  const table = h('tbody', {});
  const drawList = (list) => {
    table.replaceChildren(...list.map((s) => {
      const shown = h('td', { class: 'shown-name', translate: 'no' }, s.shown_name || '');
      return h('tr', {},
        h('td', { translate: 'no' }, s.real_name), shown, h('td', { class: 'mono', translate: 'no' }, s.username),
      h('td', {}, h('div', { class: 'actions' },
        h('button', { type: 'button', class: 'btn small', onclick: () => resetPin(s), 'aria-label': t('resetPin') + ' ' + (s.real_name || s.username) }, t('resetPin')),
        h('button', { type: 'button', class: 'btn small badge-issue', 'data-username': s.username, onclick: () => issueBadge(s), 'aria-label': t('issueBadge') + ' ' + (s.real_name || s.username) }, '▦ ', t('issueBadge')),
        h('button', { type: 'button', class: 'btn small ghost badge-revoke', 'data-username': s.username, onclick: () => revokeBadge(s), 'aria-label': t('revokeBadge') + ' ' + (s.real_name || s.username) }, t('revokeBadge')),
        h('button', { type: 'button', class: 'btn small nickname-set', 'data-username': s.username, onclick: () => setNickname(s, shown), 'aria-label': t('setNickname') + ' ' + (s.real_name || s.username) }, t('setNickname')))));
    }));
  };
  drawList(students);

  page('classes',
    h('h1', {}, h('span', { translate: 'no' }, cls.name), ' ', h('span', { class: 'code' }, t('loginCode', { code: '' }), h('span', { translate: 'no' }, cls.login_code))),
    classTabs(cls, 'students'),
    h('div', { class: 'no-print' },
      h('table', { class: 'list' },
        h('caption', {}, t('students'), ' (', String(students.length), ')'),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('realName')), h('th', { scope: 'col' }, t('shownName')), h('th', { scope: 'col' }, t('username')), h('th', { scope: 'col' }, t('actions')))),
        table),
      h('p', {}, h('button', { type: 'button', class: 'btn', id: 'class-badges', onclick: classBadges }, '▦ ', t('classBadges'))),
      h('div', { class: 'check setting' }, nameList, h('label', { for: 'name-list' }, t('nameListSetting'))),
      h('div', { class: 'check setting' }, review, h('label', { for: 'review' }, t('reviewSetting'))),
      h('form', { class: 'card', onsubmit: add },
        h('h2', {}, t('addStudents')), names.el, err,
        h('button', { type: 'submit', class: 'btn primary', id: 'create-students' }, t('create')))),
    cardsBox);
}
