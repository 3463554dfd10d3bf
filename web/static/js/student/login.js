// Student login: the class code, then your name from the class list (or
// your username typed), then your PIN on the big keypad.
import { h, mount } from '../dom.js';
import { t } from '../i18n.js';
import { login, loginBadge, post } from '../api.js';
import { pinpad } from '../pinpad.js';
import { canScan, scanner } from './scan.js';

export default function studentLogin({ navigate }) {
  const state = { code: sessionStorage.getItem('qixue.classcode') || '', username: '', name: '' };

  const askCode = () => {
    const err = h('p', { class: 'error', role: 'alert' });
    const input = h('input', {
      id: 'class-code', name: 'class_code', autocomplete: 'off', autocapitalize: 'characters',
      spellcheck: 'false', maxlength: 16, value: state.code, class: 'big-input', required: true,
    });
    const go = h('button', { type: 'submit', class: 'btn primary big', id: 'to-names' }, t('next'), ' ➜');
    mount(h('form', {
      class: 'card narrow', onsubmit: async (e) => {
        e.preventDefault();
        state.code = input.value.trim();
        if (!state.code) return input.focus();
        go.disabled = true;
        err.textContent = '';
        try {
          const list = await post('/v1/auth/class-names', { class_code: state.code }, { auth: false });
          sessionStorage.setItem('qixue.classcode', state.code);
          askName(list);
        } catch (ex) {
          err.textContent = ex.message;
          go.disabled = false;
          input.select();
        }
      },
    },
    h('h1', {}, h('span', { 'aria-hidden': 'true' }, '# '), t('classCode')),
    h('div', { class: 'field' }, h('label', { for: 'class-code' }, t('classCode')), input),
    err, go,
    canScan() && h('button', { type: 'button', class: 'btn big scan-btn', id: 'scan', onclick: scan },
      h('span', { 'aria-hidden': 'true' }, '▦ '), t('scanBadge'))));
  };

  // scan reads a QR login badge with the camera and logs in with it.
  const scan = () => {
    const err = h('p', { class: 'error', role: 'alert' });
    const cam = scanner({
      onClose: askCode,
      onBadge: async (secret) => {
        try {
          await loginBadge(secret);
          navigate('/student', true);
        } catch (e) {
          err.textContent = e.message;
        }
      },
    });
    mount(h('section', { class: 'card narrow' }, h('h1', {}, '▦ ', t('scanBadge')), cam.el, err));
  };

  const askName = (list) => {
    const pick = (username, name) => { state.username = username; state.name = name; askPin(); };
    const typed = h('input', {
      id: 'username', name: 'username', autocomplete: 'username', autocapitalize: 'none',
      spellcheck: 'false', maxlength: 64, class: 'big-input',
    });
    mount(h('section', { class: 'card' },
      h('h1', {}, h('span', { 'aria-hidden': 'true' }, '☺ '), t('whoAreYou'), ' ', h('small', { translate: 'no' }, list.class_name)),
      list.name_list === false ? null : list.students.length === 0 ? h('p', {}, t('noNames')) :
        h('ul', { class: 'names' }, list.students.map((s) => h('li', {},
          h('button', {
            type: 'button', class: 'name-btn', 'data-username': s.username,
            onclick: () => pick(s.username, s.first_name),
          }, h('span', { class: 'first' }, s.first_name), h('span', { class: 'mono user', translate: 'no' }, s.username))))),
      h('form', {
        class: 'typed', onsubmit: (e) => {
          e.preventDefault();
          const u = typed.value.trim();
          if (u) pick(u, u); else typed.focus();
        },
      }, h('div', { class: 'field' }, h('label', { for: 'username' }, t('typeUsername')), typed),
      h('button', { type: 'submit', class: 'btn', id: 'to-pin' }, t('next'), ' ➜')),
      h('button', { type: 'button', class: 'btn ghost', onclick: askCode }, '← ', t('back'))));
  };

  const askPin = () => {
    const err = h('p', { class: 'error', role: 'alert' });
    const pad = pinpad({
      onSubmit: async (pin) => {
        err.textContent = '';
        try {
          await login({ class_code: state.code, username: state.username, pin });
          navigate('/student', true);
        } catch (e) {
          err.textContent = e.message;
          pad.reset();
        }
      },
    });
    mount(h('section', { class: 'card narrow' },
      h('h1', {}, h('span', { 'aria-hidden': 'true' }, '⑨ '), t('enterPin')),
      h('p', { class: 'who' }, state.name),
      pad.el, err,
      h('button', { type: 'button', class: 'btn ghost', onclick: askCode }, '← ', t('back'))));
    pad.el.focus();
  };

  askCode();
}
