// The number-chess expression keypad: one tile per number of the spanned
// pieces (each used once), and only the operators the ruleset allows:
// K1 + −; G23 and G46 also × ÷, brackets and the squares and cubes.
import { h } from '../dom.js';
import { t } from '../i18n.js';

const OPS = {
  K1: ['+', '−'],
  G23: ['+', '−', '×', '÷', '(', ')', '²', '³'],
  G46: ['+', '−', '×', '÷', '(', ')', '²', '³'],
};

// operators returns the keys of a ruleset (G46 for an unknown one).
export function operators(ruleset) { return OPS[ruleset] || OPS.G46; }

// exprPad({digits, ruleset, onSubmit}) returns {el, reset}; onSubmit(text)
// gets the expression as shown (2×8−9).
export function exprPad({ digits, ruleset, onSubmit }) {
  let tokens = []; // {text, tile}
  const shown = h('output', { class: 'expr', id: 'expr', 'aria-live': 'polite' });
  const tiles = digits.map((d, i) => h('button', {
    type: 'button', class: 'key digit', 'data-tile': String(i), 'data-digit': String(d),
    onclick: () => push(String(d), i),
  }, String(d)));
  const ops = operators(ruleset).map((op) => h('button', {
    type: 'button', class: 'key op', 'data-op': op, onclick: () => push(op, -1),
  }, op));
  const submit = h('button', {
    type: 'button', class: 'key key-go', id: 'expr-go', disabled: true,
    onclick: () => onSubmit(tokens.map((x) => x.text).join('')),
  }, '✔', h('span', { class: 'sr-only' }, t('submit')));
  const draw = () => {
    shown.textContent = tokens.map((x) => x.text).join('') || ' ';
    const used = new Set(tokens.filter((x) => x.tile >= 0).map((x) => x.tile));
    tiles.forEach((b, i) => { b.disabled = used.has(i); });
    submit.disabled = used.size !== digits.length;
  };
  const push = (text, tile) => { tokens.push({ text, tile }); draw(); };
  const el = h('div', { class: 'exprpad' },
    h('div', { class: 'expr-line' }, shown),
    h('div', { class: 'keys digits', role: 'group', 'aria-label': t('expression') }, tiles),
    h('div', { class: 'keys ops', role: 'group', 'aria-label': '+ − × ÷' }, ops,
      h('button', { type: 'button', class: 'key key-del', 'aria-label': t('del'), onclick: () => { tokens.pop(); draw(); } }, '⌫'),
      h('button', { type: 'button', class: 'key key-clear', 'aria-label': t('clear'), onclick: () => { tokens = []; draw(); } }, '⟲'),
      submit));
  draw();
  return { el, reset: () => { tokens = []; draw(); } };
}
