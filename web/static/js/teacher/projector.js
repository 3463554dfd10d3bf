// The teacher's projector screen of a live lesson: the item's board with
// the class's answers drawn on it (moves as arrows, points and squares
// as rings, thicker and darker the more children chose them; the right
// one marked only after the reveal), the answers counted beside it, who
// has answered (first names, or only how many when the lesson is
// anonymous), the countdown, and the buttons to show an item, reveal it,
// go on and end. The socket brings every answer as it comes.
import { h, download } from '../dom.js';
import { t, lang } from '../i18n.js';
import { get, post, request } from '../api.js';
import { printSheet } from './printsheet.js';
import { page } from './shell.js';
import { makeInput } from '../student/exercise.js';
import { answerText } from '../student/live.js';
import { lessons } from '../play/socket.js';

export default async function projector({ params }) {
  const id = params.id;
  const path = '/v1/live-lessons/' + encodeURIComponent(id);
  const root = h('div', { class: 'live-lesson projector', id: 'projector' });
  const err = h('p', { class: 'error', id: 'pj-error', role: 'alert' });
  const sheet = h('div', { id: 'sheet' });
  page('liveLessons', root, err, sheet);
  let timer = null;
  let offset = 0;
  let boardKey = '';
  let boardEl = null;

  const act = async (p, body) => {
    try {
      err.textContent = '';
      draw(await post(path + p, body));
    } catch (e) { err.textContent = e.message; }
  };

  const load = async () => draw(await get(path));

  const draw = (l) => {
    offset = Date.parse(l.server_time) - Date.now();
    clearInterval(timer);
    root.dataset.status = l.status;
    root.dataset.current = String(l.current);
    const it = l.current >= 0 ? l.items[l.current] : null;
    const tiles = h('div', { class: 'tiles pj-items', role: 'group', 'aria-label': t('items') }, l.items.map((x) => h('button', {
      type: 'button', class: 'tile' + (x.index === l.current ? ' current' : '') + (x.revealed ? ' solved' : ''), 'data-index': String(x.index),
      disabled: l.status === 'ended', 'aria-pressed': x.index === l.current ? 'true' : 'false',
      onclick: () => act('/open', { index: x.index }),
    }, h('span', { class: 'tile-n' }, String(x.index + 1)), h('span', { class: 'tile-s', 'aria-hidden': 'true' }, x.revealed ? '✔' : String(x.answered)))));
    const next = l.current + 1 < l.items.length && h('button', {
      type: 'button', class: 'btn big', id: 'pj-next', disabled: l.status === 'ended', onclick: () => act('/open', { index: l.current + 1 }),
    }, l.current < 0 ? t('startLesson') : t('nextItem'), ' ➜');
    const controls = h('div', { class: 'pj-controls' },
      it && !it.revealed && l.status !== 'ended' && h('button', { type: 'button', class: 'btn big primary', id: 'pj-reveal', onclick: () => act('/reveal') }, '✔ ', t('reveal')),
      next,
      l.status !== 'ended' && h('button', { type: 'button', class: 'btn', id: 'pj-end', onclick: () => act('/end') }, '■ ', t('endLesson')),
      h('button', { type: 'button', class: 'btn', id: 'pj-summary', onclick: () => printSheet(sheet, path + '/summary?format=html&lang=' + lang()).catch((e) => { err.textContent = e.message; }) }, '▤ ', t('summaryPage')),
      h('button', {
        type: 'button', class: 'btn', id: 'pj-csv', onclick: async () => {
          try {
            const res = await request('GET', path + '/summary?format=csv&lang=' + lang(), undefined, { raw: true });
            download(await res.blob(), 'live-lesson.csv');
          } catch (e) { err.textContent = e.message; }
        },
      }, '⇩ CSV'));
    const clock = h('p', { class: 'countdown big', id: 'pj-countdown', hidden: !(it && it.deadline && it.open) });
    const head = h('div', { class: 'pj-head' },
      h('h1', {}, '▣ ', l.title || t('liveLesson')),
      it && h('span', { class: 'tag' }, t('itemOf', { n: it.index + 1, total: l.items.length })),
      h('span', { class: 'tag state-' + l.status, id: 'pj-status' }, t('lessonStatus_' + l.status)), clock);
    if (!it) {
      root.replaceChildren(head, tiles, controls, h('p', { class: 'waiting-line' }, t('projectorStart')));
      boardKey = '';
      return;
    }
    const ex = it.exercise;
    // The board is drawn once per item (and again at the reveal); the
    // answers are drawn over it.
    const key = it.index + '/' + it.revealed + '/' + l.version;
    if (!boardEl || boardKey.split('/')[0] + '/' + boardKey.split('/')[1] !== it.index + '/' + it.revealed) {
      const input = makeInput(ex, () => {}, () => []);
      if (input.lock) input.lock(true);
      boardEl = h('div', { class: 'pj-board', id: 'pj-board' }, input.el);
    }
    boardKey = key;
    const total = l.students.length;
    const answered = h('div', { class: 'pj-answered', id: 'pj-answered', 'data-answered': String(it.answered) },
      h('strong', { class: 'big-count' }, t('answeredOf', { n: it.answered, total })),
      l.options.named
        ? h('ul', { class: 'pj-names' }, l.students.map((s) => h('li', { class: (it.answered_by || []).includes(s.id) ? 'done' : '', translate: 'no' }, s.name)))
        : h('div', { class: 'pj-dots', 'aria-hidden': 'true' }, l.students.map((s, i) => h('span', { class: i < it.answered ? 'dot on' : 'dot' }))));
    const max = Math.max(1, ...it.answers.map((a) => a.count));
    const bars = h('ol', { class: 'pj-answers', id: 'pj-answers' }, it.answers.map((a) => h('li', {
      class: a.correct === true ? 'right' : a.correct === false ? 'wrong' : '', 'data-count': String(a.count),
    }, h('span', { class: 'pj-answer', translate: 'no' }, a.correct === true ? '✔ ' : '', choiceText(ex, a.answer)),
    bar(a.count / max), h('span', { class: 'n' }, String(a.count)))));
    const wrong = it.revealed && it.common_wrong && it.common_wrong.length > 0 && h('div', { class: 'common-wrong', id: 'pj-common-wrong' },
      h('strong', {}, t('commonWrong')),
      h('ul', {}, it.common_wrong.map((c) => h('li', {}, h('span', { class: 'tag', translate: 'no' }, choiceText(ex, c.answer)), ' ×', String(c.count), ' · ', c.feedback || ''))));
    const score = it.revealed && h('p', { class: 'class-score', id: 'pj-score' }, t('classRight', { n: it.correct || 0, total: it.answered }));
    const ranking = l.options.ranking && h('ol', { class: 'pj-ranking', id: 'pj-ranking' },
      [...l.students].sort((a, b) => b.correct - a.correct || a.name.localeCompare(b.name)).slice(0, 10)
        .map((s) => h('li', { translate: 'no' }, s.name, ' · ', String(s.correct))));
    root.replaceChildren(head, tiles, controls,
      h('div', { class: 'ex-body' },
        h('div', { class: 'ex-play' }, h('h2', {}, ex.title), boardEl),
        h('div', { class: 'ex-side' }, ex.body && h('p', { class: 'prompt-text' }, ex.body.replace(/[*_#`]/g, '')),
          answered, bars, score, wrong, ranking)));
    requestAnimationFrame(() => overlay(boardEl, ex, it));
    if (it.deadline && it.open) {
      const tick = () => {
        const left = Math.max(0, Math.ceil((Date.parse(it.deadline) - (Date.now() + offset)) / 1000));
        clock.textContent = '◷ ' + t('secondsLeft', { n: left });
        clock.dataset.left = String(left);
        if (left === 0) clearInterval(timer);
      };
      tick();
      timer = setInterval(tick, 250);
    }
  };

  await load();
  let pending = null;
  const sock = lessons({
    id,
    onLesson: (m) => {
      if (!root.isConnected) { sock.close(); clearInterval(timer); return; }
      if (m.lesson_id !== id && m.kind !== 'resync') return;
      // Answers come in bursts: read the lesson once for a burst.
      clearTimeout(pending);
      pending = setTimeout(() => load().catch((e) => { err.textContent = e.message; }), 120);
    },
  });
}

// bar is a bar as long as share (0 to 1) of the row (set through the
// CSSOM: the CSP allows no style attributes).
function bar(share) {
  const el = h('span', { class: 'bar' });
  el.style.width = Math.round(100 * share) + '%';
  return el;
}

// choiceText writes an answer; a choice by its option's text.
function choiceText(ex, a) {
  const p = ex.prompt || {};
  if (a && a.choice !== undefined && Array.isArray(p.options)) {
    const o = p.options[a.choice];
    return String.fromCharCode(65 + Number(a.choice)) + ' ' + (typeof o === 'string' ? o : (o && (o[lang()] || o['zh-CN'])) || '');
  }
  return answerText(a);
}

// marksOf turns an answer into what to draw: arrows (from, to) for moves,
// rings (at) for points and squares.
function marksOf(a) {
  if (!a || typeof a !== 'object') return [];
  const move = a.move !== undefined ? String(a.move) : Array.isArray(a.moves) && a.moves.length ? String(a.moves[0]) : null;
  if (move !== null) {
    const chess = /^([a-h][1-8])([a-h][1-8])/.exec(move);
    if (chess) return [{ from: chess[1], to: chess[2] }];
    const draughts = move.match(/\d+/g);
    if (/^\d+([-x]\d+)+$/.test(move) && draughts) return [{ from: draughts[0], to: draughts[draughts.length - 1] }];
    const pts = move.match(/[a-k](?:1[01]|[1-9])(?![0-9])/g);
    if (pts && pts.length >= 2) return [{ from: pts[0], to: pts[pts.length - 1] }];
    if (pts && pts.length === 1) return [{ at: pts[0] }];
  }
  if (a.point !== undefined) return [{ at: String(a.point) }];
  for (const k of ['points', 'squares']) if (Array.isArray(a[k])) return a[k].map((x) => ({ at: String(x) }));
  return [];
}

// overlay draws the class's answers over the board: plain elements
// placed and turned through the CSSOM (the CSP allows no style
// attributes), so nothing is drawn from markup.
function overlay(wrap, ex, it) {
  if (!wrap || !wrap.isConnected) return;
  wrap.querySelectorAll('.pj-marks').forEach((s) => s.remove());
  const box = wrap.getBoundingClientRect();
  const cell = (x) => wrap.querySelector(`[data-sq="${x}"], [data-pt="${x}"]`);
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left - box.left + r.width / 2, r.top - box.top + r.height / 2, Math.min(r.width, r.height)];
  };
  const layer = h('div', { class: 'pj-marks', 'aria-hidden': 'true' });
  const max = Math.max(1, ...it.answers.map((a) => a.count));
  let drawn = 0;
  for (const a of it.answers) {
    const share = a.count / max;
    const right = a.correct === true;
    for (const m of marksOf(a.answer)) {
      if (m.from) {
        const f = cell(m.from), to = cell(m.to);
        if (!f || !to) continue;
        const [x1, y1, s] = centre(f), [x2, y2] = centre(to);
        const w = Math.max(4, s * (0.08 + 0.22 * share));
        const len = Math.hypot(x2 - x1, y2 - y1);
        const arrow = h('div', { class: 'pj-arrow' + (right ? ' right' : ''), 'data-count': String(a.count) }, h('span', { class: 'pj-tip' }));
        Object.assign(arrow.style, {
          left: x1 + 'px', top: (y1 - w / 2) + 'px', width: Math.max(0, len - w) + 'px', height: w + 'px',
          transform: 'rotate(' + Math.atan2(y2 - y1, x2 - x1) + 'rad)', opacity: String(0.4 + 0.5 * share),
        });
        Object.assign(arrow.firstChild.style, { borderTopWidth: w + 'px', borderBottomWidth: w + 'px', borderLeftWidth: (w * 1.6) + 'px', top: (-w / 2) + 'px', right: (-w * 1.4) + 'px' });
        layer.append(arrow, count(x2, y2, s, a.count, right));
        drawn++;
      } else {
        const c = cell(m.at);
        if (!c) continue;
        const [x, y, s] = centre(c);
        const r = s * (0.2 + 0.3 * share);
        const ring = h('div', { class: 'pj-ring' + (right ? ' right' : ''), 'data-count': String(a.count) });
        Object.assign(ring.style, { left: (x - r) + 'px', top: (y - r) + 'px', width: 2 * r + 'px', height: 2 * r + 'px', opacity: String(0.35 + 0.55 * share) });
        layer.append(ring, count(x, y, s, a.count, right));
        drawn++;
      }
    }
  }
  wrap.dataset.marks = String(drawn);
  wrap.append(layer);
}

// count is the number beside an answer's mark.
function count(x, y, s, n, right) {
  const el = h('span', { class: 'pj-count' + (right ? ' right' : '') }, String(n));
  Object.assign(el.style, { left: (x + s * 0.2) + 'px', top: (y - s * 0.55) + 'px', fontSize: Math.max(12, s * 0.38) + 'px' });
  return el;
}
