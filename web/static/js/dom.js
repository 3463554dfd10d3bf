// Small DOM helpers: h() builds elements, no HTML strings anywhere (so no
// injection and nothing inline for the CSP to refuse).

// h(tag, props, ...children): props are attributes, except on* (event
// listeners), class (className) and dataset-free plain keys; children are
// nodes, strings or arrays of them (null and false skipped).
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.append(c instanceof Node ? c : String(c));
  }
}

// mount replaces the children of the main region and moves focus to its
// first heading, so keyboard and screen-reader users land on the new page.
export function mount(...children) {
  const main = document.getElementById('main');
  main.replaceChildren();
  append(main, children);
  const head = main.querySelector('h1, h2');
  if (head) {
    head.setAttribute('tabindex', '-1');
    head.focus({ preventScroll: true });
  }
  window.scrollTo(0, 0);
}

// announce speaks a short message to screen readers.
export function announce(msg) {
  const live = document.getElementById('live');
  live.textContent = '';
  setTimeout(() => { live.textContent = msg; }, 30);
}

// field returns a labelled input: the label wraps nothing, it points at
// the input by id, so both zoom and screen readers keep them together.
let fieldSeq = 0;
export function field(label, props) {
  const id = props.id || 'f' + (++fieldSeq);
  const input = h(props.tag || 'input', { ...props, tag: null, id });
  return { el: h('div', { class: 'field' }, h('label', { for: id }, label), input), input };
}

// svg turns an SVG document made by the API (a QR code) into a node; it
// holds no script, and nothing is inline for the CSP to refuse.
export function svg(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  return document.importNode(doc.documentElement, true);
}

// fmtDate shows an RFC 3339 time in the reader's locale.
export function fmtDate(iso, lang) {
  if (!iso) return '';
  const d = new Date(iso);
  return d.toLocaleString(lang === 'en' ? 'en-GB' : 'zh-CN',
    { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

// download saves a Blob under a file name.
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
