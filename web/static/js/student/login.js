// Student login: the class code, then who you are (your username), then
// your PIN on the big keypad.
import { h, mount } from '../dom.js';
import { t } from '../i18n.js';
import { login } from '../api.js';
import { pinpad } from '../pinpad.js';

export default function studentLogin({ navigate }) {
  const state = { code: sessionStorage.getItem('qixue.classcode') || '', username: '' };
  const err = h('p', { class: 'error', role: 'alert' });

  const askCode = () => {
    const input = h('input', {
      id: 'class-code', name: 'class_code', autocomplete: 'off', autocapitalize: 'characters',
      spellcheck: 'false', inputmode: 'text', maxlength: 16, value: state.code, class: 'big-input',
    });
    const who = h('input', {
      id: 'username', name: 'username', autocomplete: 'username', autocapitalize: 'none',
      spellcheck: 'false', maxlength: 64, value: state.username, class: 'big-input',
    });
    mount(h('form', {
      class: 'card narrow', onsubmit: (e) => {
        e.preventDefault();
        state.code = input.value.trim();
        state.username = who.value.trim();
        if (!state.code) return input.focus();
        if (!state.username) return who.focus();
        sessionStorage.setItem('qixue.classcode', state.code);
        askPin();
      },
    },
    h('h1', {}, '🔑 ', t('classCode')),
    h('div', { class: 'field' }, h('label', { for: 'class-code' }, t('classCode')), input),
    h('div', { class: 'field' }, h('label', { for: 'username' }, t('typeUsername')), who),
    h('button', { type: 'submit', class: 'btn primary big', id: 'to-pin' }, t('next'), ' ➜')));
  };

  const askPin = () => {
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
      h('h1', {}, '🔢 ', t('enterPin')),
      h('p', { class: 'who' }, state.username),
      pad.el, err,
      h('button', { type: 'button', class: 'btn ghost', onclick: askCode }, '← ', t('back'))));
    pad.el.focus();
  };

  askCode();
}
