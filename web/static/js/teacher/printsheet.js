// The API's printable pages (pairing sheet, pairing cards, standings,
// bracket) need the teacher's token, which lives only in this tab's
// memory, so a plain link cannot open them. The page is fetched with the
// token and its content (headings, tables, cards: no script, no style)
// shown in the app, styled for paper by app.css, with a print button.
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { request } from '../api.js';

// printSheet fetches an HTML page of the API and shows its body in box.
export async function printSheet(box, path) {
  const res = await request('GET', path, undefined, { raw: true, headers: { Accept: 'text/html' } });
  const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
  doc.querySelectorAll('script, style, link, iframe, object, embed, img').forEach((x) => x.remove());
  const body = [...doc.body.childNodes].map((n) => document.importNode(n, true));
  const sheet = h('section', { class: 'print-sheet', id: 'print-sheet', translate: 'no', 'aria-label': doc.title || t('printable') });
  sheet.append(...body);
  box.replaceChildren(
    h('div', { class: 'toolbar no-print' },
      h('button', { type: 'button', class: 'btn primary', id: 'print-go', onclick: () => window.print() }, t('print')),
      h('button', { type: 'button', class: 'btn', onclick: () => { box.replaceChildren(); document.body.classList.remove('sheet-open'); } }, t('close'))),
    sheet);
  box.classList.add('sheet-box');
  document.body.classList.add('sheet-open');
  const head = sheet.querySelector('h1');
  if (head) { head.setAttribute('tabindex', '-1'); head.focus(); }
}
