// A plain answer form for the kinds without a board of their own yet,
// built from the kind's answer schema (GET /v1/kinds): a text field per
// string, a number field per number, a list field (space or comma
// separated) per array, yes/no per boolean, a choice per enum.
import { h, field } from '../dom.js';
import { t, has, lang } from '../i18n.js';

// label is the field's name in the reader's language (the schema's own
// names and descriptions are English, for programs): af_<name> of
// i18n.js, with its hint af_<name>_hint when there is one.
function label(name, i) {
  const text = has('af_' + name) ? t('af_' + name) : t('answer') + ' ' + (i + 1);
  if (!has('af_' + name + '_hint')) return text;
  const hint = t('af_' + name + '_hint');
  return lang() === 'en' ? text + ' (' + hint + ')' : text + '（' + hint + '）';
}

// choiceText is an enum value's text: a reason of i18n.js when there is
// one, else the value itself (a move, a point: board coordinates).
function choiceText(v) {
  return has('reason_' + v) ? t('reason_' + v) : String(v);
}

// answerForm({schema, onSubmit}) returns {el}; onSubmit(answer) gets the
// answer document with the fields that were filled in.
export function answerForm({ schema, onSubmit }) {
  const props = Object.entries((schema && schema.properties) || {});
  const readers = [];
  const fields = props.map(([name, s], i) => {
    if (s.enum) {
      const f = field(label(name, i), { tag: 'select', name });
      f.input.append(h('option', { value: '' }, '—'), ...s.enum.map((v) => h('option', { value: v }, choiceText(v))));
      readers.push(() => f.input.value && [name, f.input.value]);
      return f.el;
    }
    if (s.type === 'boolean') {
      const f = field(label(name, i), { tag: 'select', name });
      f.input.append(h('option', { value: '' }, '—'), h('option', { value: 'true' }, '✔ ' + t('yes')), h('option', { value: 'false' }, '✘ ' + t('no')));
      readers.push(() => f.input.value && [name, f.input.value === 'true']);
      return f.el;
    }
    const number = s.type === 'number' || s.type === 'integer';
    const f = field(label(name, i), { name, inputmode: number ? 'decimal' : 'text', autocomplete: 'off', spellcheck: 'false' });
    readers.push(() => {
      const v = f.input.value.trim();
      if (!v) return null;
      if (s.type === 'array') {
        const parts = v.split(/[\s,，、]+/).filter(Boolean);
        return [name, s.items && s.items.type === 'integer' ? parts.map(Number) : parts];
      }
      return [name, number ? Number(v) : v];
    });
    return f.el;
  });
  const el = h('form', {
    class: 'answer-form', onsubmit: (e) => {
      e.preventDefault();
      onSubmit(Object.fromEntries(readers.map((r) => r()).filter(Boolean)));
    },
  }, h('p', {}, t('typedAnswer')), fields, h('button', { type: 'submit', class: 'btn primary big' }, t('submit')));
  return { el };
}

// choiceButtons({prompt, lang, onSubmit}) draws the options of a choice
// exercise as big buttons (several with a submit when multiple).
export function choiceButtons({ prompt, lang, onSubmit }) {
  const text = (o) => (typeof o === 'string' ? o : o[lang] || o['zh-CN'] || o.en);
  if (!prompt.multiple) {
    return { el: h('div', { class: 'choices' }, prompt.options.map((o, i) =>
      h('button', { type: 'button', class: 'btn choice', onclick: () => onSubmit({ choice: i }) }, text(o)))) };
  }
  const boxes = prompt.options.map((o, i) => {
    const id = 'c' + i;
    return h('div', { class: 'check' }, h('input', { type: 'checkbox', id, value: String(i) }), h('label', { for: id }, text(o)));
  });
  return {
    el: h('div', { class: 'choices' }, boxes, h('button', {
      type: 'button', class: 'btn primary big', onclick: () => onSubmit({
        choices: boxes.map((b) => b.querySelector('input')).filter((x) => x.checked).map((x) => Number(x.value)),
      }),
    }, t('submit'))),
  };
}
