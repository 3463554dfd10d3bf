// The number-chess expression keypad: one tile per number of the spanned
// pieces (each used once), and only the keys the ruleset allows: K1 has
// + and − (and joins digits, 组大数, by tapping them side by side); G23
// and G46 also × ÷, brackets, the power key (组乘方: the next tile is
// written small and high, 2³, and only a 2 or a 3 may be the exponent)
// and the fraction key (组分数: a tile, the key, a tile, 2/5). Nothing is
// typed: a child taps tiles and keys, ⌫ takes the last one back.
import { h } from '../dom.js';
import { t } from '../i18n.js';

const OPS = {
  K1: ['+', '−'],
  G23: ['+', '−', '×', '÷', '(', ')'],
  G46: ['+', '−', '×', '÷', '(', ')'],
};
// COMBINE says which rulesets have the power and fraction keys.
const COMBINE = { K1: false, G23: true, G46: true };
const SUP = { 0: '⁰', 1: '¹', 2: '²', 3: '³', 4: '⁴', 5: '⁵', 6: '⁶', 7: '⁷', 8: '⁸', 9: '⁹' };

// operators returns the operator keys of a ruleset (G46 for an unknown one).
export function operators(ruleset) { return OPS[ruleset] || OPS.G46; }

// combines reports whether a ruleset has the power and fraction keys.
export function combines(ruleset) { return ruleset in COMBINE ? COMBINE[ruleset] : true; }

// exprPad({digits, ruleset, onSubmit}) returns {el, reset}; onSubmit(text)
// gets the expression as shown (2×8−9, 2³+1, 2/5+3).
export function exprPad({ digits, ruleset, onSubmit }) {
  let tokens = []; // {text, tile, kind: 'digit'|'op'|'pow'|'frac'}
  let raise = false; // the power key was tapped: the next tile is the exponent
  const shown = h('output', { class: 'expr', id: 'expr', 'aria-live': 'polite' });
  const tiles = digits.map((d, i) => h('button', {
    type: 'button', class: 'key digit', 'data-tile': String(i), 'data-digit': String(d),
    onclick: () => digit(d, i),
  }, String(d)));
  const ops = operators(ruleset).map((op) => h('button', {
    type: 'button', class: 'key op', 'data-op': op, onclick: () => push(op, -1, 'op'),
  }, op));
  const extra = [];
  let pow = null;
  let frac = null;
  if (combines(ruleset)) {
    pow = h('button', {
      type: 'button', class: 'key op key-pow', 'data-op': 'pow', 'aria-pressed': 'false', 'aria-label': t('padPower'), translate: 'no',
      onclick: () => { raise = !raise; draw(); },
    }, 'xⁿ');
    frac = h('button', {
      type: 'button', class: 'key op key-frac', 'data-op': 'frac', 'aria-label': t('padFraction'), translate: 'no',
      onclick: () => push('/', -1, 'frac'),
    }, 'a/b');
    extra.push(pow, frac);
  }
  const submit = h('button', {
    type: 'button', class: 'key key-go', id: 'expr-go', disabled: true,
    onclick: () => onSubmit(text()),
  }, '✔', h('span', { class: 'sr-only' }, t('submit')));
  const text = () => tokens.map((x) => x.text).join('');
  const last = () => tokens[tokens.length - 1];
  const digit = (d, i) => {
    if (raise) { raise = false; push(SUP[d], i, 'pow'); return; }
    push(String(d), i, 'digit');
  };
  const draw = () => {
    shown.textContent = text() || ' ';
    const used = new Set(tokens.filter((x) => x.tile >= 0).map((x) => x.tile));
    // A power or a fraction takes a single digit that stands alone.
    const lone = last() && last().kind === 'digit' && !(tokens[tokens.length - 2] && tokens[tokens.length - 2].kind === 'digit');
    if (raise && !lone) raise = false;
    tiles.forEach((b, i) => { b.disabled = used.has(i) || (raise && digits[i] !== 2 && digits[i] !== 3); });
    if (pow) {
      pow.disabled = !lone;
      pow.setAttribute('aria-pressed', String(raise));
      pow.classList.toggle('on', raise);
    }
    if (frac) frac.disabled = !lone || raise;
    submit.disabled = used.size !== digits.length || raise;
  };
  const push = (s, tile, kind) => { tokens.push({ text: s, tile, kind }); draw(); };
  const el = h('div', { class: 'exprpad' },
    h('div', { class: 'expr-line' }, shown),
    h('div', { class: 'keys digits', role: 'group', 'aria-label': t('expression') }, tiles),
    h('div', { class: 'keys ops', role: 'group', 'aria-label': t('padKeys') }, ops, extra,
      h('button', { type: 'button', class: 'key key-del', 'aria-label': t('del'), onclick: () => { if (raise) raise = false; else tokens.pop(); draw(); } }, '⌫'),
      h('button', { type: 'button', class: 'key key-clear', 'aria-label': t('clear'), onclick: () => { tokens = []; raise = false; draw(); } }, '⟲'),
      submit));
  draw();
  return { el, reset: () => { tokens = []; raise = false; draw(); } };
}
