// A big on-screen keypad for PINs: ten digit keys, delete and go; the
// digits show as dots. Typing digits on a keyboard works too.
import { h } from './dom.js';
import { t } from './i18n.js';

// pinpad({length, onSubmit}) returns {el, reset}. onSubmit(pin) gets the
// digits when Go is pressed.
export function pinpad({ length = 6, onSubmit }) {
  let pin = '';
  const dots = h('div', { class: 'pin-dots', role: 'img', 'aria-label': t('pinDigits', { n: 0 }) });
  const go = h('button', { type: 'button', class: 'key key-go', id: 'pin-go', disabled: true, onclick: () => onSubmit(pin) }, '➜', h('span', { class: 'sr-only' }, t('go')));
  const draw = () => {
    dots.replaceChildren(...Array.from({ length }, (_, i) => h('span', { class: i < pin.length ? 'dot on' : 'dot' })));
    dots.setAttribute('aria-label', t('pinDigits', { n: pin.length }));
    go.disabled = pin.length < 4;
  };
  const press = (d) => { if (pin.length < length) { pin += d; draw(); } };
  const del = () => { pin = pin.slice(0, -1); draw(); };
  const keys = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) =>
    h('button', { type: 'button', class: 'key', 'data-digit': d, onclick: () => press(d) }, d));
  const el = h('div', { class: 'pinpad' }, dots,
    h('div', { class: 'keys', role: 'group', 'aria-label': t('enterPin') },
      keys,
      h('button', { type: 'button', class: 'key key-del', onclick: del, 'aria-label': t('del') }, '⌫'),
      h('button', { type: 'button', class: 'key', 'data-digit': '0', onclick: () => press('0') }, '0'),
      go));
  el.addEventListener('keydown', (e) => {
    if (/^[0-9]$/.test(e.key)) { press(e.key); e.preventDefault(); }
    else if (e.key === 'Backspace') { del(); e.preventDefault(); }
    else if (e.key === 'Enter' && !go.disabled && e.target === el) { onSubmit(pin); }
  });
  el.tabIndex = 0;
  draw();
  return { el, reset: () => { pin = ''; draw(); } };
}
