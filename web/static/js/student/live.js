// The student's screen of a live lesson: the item the teacher shows, on
// the same board or keypad as an exercise (multi-step lines too), the
// answer sent once, then "wait for the teacher"; at the reveal the
// outcome, the checker's feedback, the solution and the class's most
// common mistakes. The socket says when the teacher opens, reveals or
// ends; the screen then reads the lesson again (a reload does the same:
// the answer comes back from the server).
import { h, mount, announce } from '../dom.js';
import { t } from '../i18n.js';
import { get, post, ApiError } from '../api.js';
import { makeInput } from './exercise.js';
import { gameIcon } from './home.js';
import { solutionBox, showSolution } from './solution.js';
import { lessons } from '../play/socket.js';

export default async function studentLive({ params }) {
  const id = params.id;
  const path = '/v1/live-lessons/' + encodeURIComponent(id);
  mount(h('h1', {}, t('loading')));
  let drawn = ''; // the state the screen shows: item, open, revealed, answered
  let timer = null;
  let offset = 0; // server clock minus ours
  const root = h('div', { class: 'live-lesson student-live', id: 'live-lesson' });
  const link = h('p', { class: 'link-down', id: 'link', hidden: true }, '⚠ ', t('linkLost'));
  mount(root, link);

  const load = async () => {
    let l;
    try {
      l = await get(path);
    } catch (e) {
      root.replaceChildren(h('p', { role: 'alert' }, e.message));
      return;
    }
    offset = Date.parse(l.server_time) - Date.now();
    const it = l.item;
    const state = [l.status, it ? it.index : -1, it && it.open, it && it.revealed, it && !!it.mine].join('/');
    if (state === drawn) return;
    drawn = state;
    draw(l);
  };

  const draw = (l) => {
    clearInterval(timer);
    const it = l.item;
    root.dataset.status = l.status;
    root.dataset.index = it ? String(it.index) : '-1';
    const head = h('div', { class: 'ex-head' },
      h('a', { href: '/student', 'data-link': '', class: 'btn ghost', 'aria-label': t('back') }, '←'),
      h('h1', {}, '▣ ', l.title || t('liveLesson')),
      it && h('span', { class: 'tag' }, t('itemOf', { n: it.index + 1, total: l.item_count })));
    if (l.status === 'ended') {
      root.replaceChildren(head, h('p', { class: 'done-msg', id: 'lesson-ended' }, '☺ ', t('lessonEnded')),
        h('a', { href: '/student', 'data-link': '', class: 'btn big primary' }, t('backHome')));
      return;
    }
    if (!it || !it.exercise) {
      root.replaceChildren(head, h('p', { class: 'waiting-line', id: 'lesson-wait' }, '◷ ', t('lessonWaitStart')));
      return;
    }
    const ex = it.exercise;
    const verdict = h('div', { class: 'verdict', id: 'verdict', role: 'status', 'aria-live': 'assertive' });
    const clock = h('p', { class: 'countdown', id: 'countdown', hidden: !it.deadline });
    let line = [];
    let input = null;
    const send = async (answer, shown) => {
      if (input && input.lock) input.lock(true);
      verdict.className = 'verdict wait';
      verdict.replaceChildren(h('span', { class: 'spinner', 'aria-hidden': 'true' }), shown || '');
      let v;
      try {
        v = await post(path + '/answers', { index: it.index, answer });
      } catch (e) {
        if (input && input.lock) input.lock(e instanceof ApiError && e.code === 'lesson_already_answered');
        line = line.slice(0, -1);
        verdict.className = 'verdict wrong';
        verdict.replaceChildren(h('span', { class: 'v-icon', 'aria-hidden': 'true' }, '✘'), h('div', { class: 'v-text' }, h('p', { class: 'feedback' }, e.message)));
        return;
      }
      if (!v.done) {
        // A step of a line: the reply, then the next step.
        verdict.className = 'verdict continue';
        verdict.replaceChildren(h('span', { class: 'v-icon', 'aria-hidden': 'true' }, '➜'), h('div', { class: 'v-text' }, h('strong', {}, t('continueLine'))));
        line.push(v.reply);
        if (input.reply) input.reply(v.reply, v);
        else {
          const after = await post('/v1/rules/' + ex.game + '/play', { position: ex.prompt.fen, moves: line }).catch(() => null);
          if (after && input.set) input.set(after.position);
        }
        input.lock(false);
        return;
      }
      await load();
    };
    input = makeInput(ex, send, () => line);
    const side = [];
    if (it.mine && !it.revealed) {
      side.push(h('div', { class: 'verdict sent', id: 'sent', 'data-outcome': 'sent' },
        h('span', { class: 'v-icon', 'aria-hidden': 'true' }, '✉'),
        h('div', { class: 'v-text' }, h('strong', {}, t('answerSent')), h('p', {}, t('waitReveal')))));
    } else if (!it.mine && !it.open && !it.revealed) {
      side.push(h('div', { class: 'verdict', id: 'closed' }, h('strong', {}, '◷ ', t('itemClosed'))));
    }
    if (it.revealed) {
      const m = it.mine;
      const o = m ? m.outcome : 'none';
      side.push(h('div', { class: 'verdict ' + (m ? o : 'wrong'), id: 'revealed', 'data-outcome': o },
        h('span', { class: 'v-icon', 'aria-hidden': 'true' }, { correct: '✔', wrong: '✘', partial: '◐' }[o] || '–'),
        h('div', { class: 'v-text' },
          h('strong', {}, m ? { correct: t('correct'), wrong: t('wrong'), partial: t('partial') }[o] : t('noAnswerGiven')),
          m && m.feedback && h('p', { class: 'feedback' }, m.feedback),
          it.correct !== undefined && h('p', { class: 'class-score', id: 'class-score' }, t('classRight', { n: it.correct, total: it.answered })))));
      if (it.solution) {
        const box = solutionBox(it.solution);
        if (box) side.push(box);
      }
      if (it.common_wrong && it.common_wrong.length) {
        side.push(h('div', { class: 'common-wrong', id: 'common-wrong' }, h('strong', {}, t('commonWrong')),
          h('ul', {}, it.common_wrong.map((c) => h('li', {}, h('span', { class: 'tag', translate: 'no' }, answerText(c.answer)), ' ', c.feedback || '')))));
      }
    }
    const hints = it.open && !it.mine && l.options.hints && ex.hints_total > 0 ? hintButton(path, it, ex) : null;
    root.replaceChildren(head,
      h('div', { class: 'ex-body' },
        h('div', { class: 'ex-play', id: 'live-board' }, input.el),
        h('div', { class: 'ex-side' },
          h('h2', {}, h('span', { 'aria-hidden': 'true' }, gameIcon(ex.game) + ' '), ex.title),
          ex.body && h('p', { class: 'prompt-text' }, ex.body.replace(/[*_#`]/g, '')),
          clock, hints, input.side, verdict, ...side)));
    if (it.mine || !it.open || it.revealed) {
      input.lock(true);
      for (const b of input.el.querySelectorAll('button')) b.disabled = true; // the choices too
    }
    if (it.revealed && it.solution) showSolution(ex, input, it.solution);
    announce(it.revealed ? t('revealedNow') : it.mine ? t('answerSent') : ex.title);
    if (it.deadline && it.open) {
      const tick = () => {
        const left = Math.max(0, Math.ceil((Date.parse(it.deadline) - (Date.now() + offset)) / 1000));
        clock.textContent = '◷ ' + t('secondsLeft', { n: left });
        clock.dataset.left = String(left);
        if (left === 0) { clearInterval(timer); input.lock(true); setTimeout(load, 600); }
      };
      tick();
      timer = setInterval(tick, 250);
    }
  };

  await load();
  const sock = lessons({
    onLesson: (m) => {
      if (!root.isConnected) { sock.close(); clearInterval(timer); return; }
      if (m.kind === 'resync' || m.lesson_id === id) { drawn = m.kind === 'resync' ? drawn : ''; load(); }
    },
    onLink: (up) => { link.hidden = up; },
  });
}

// hintButton opens the item's hints one at a time (the teacher allowed
// them; each counts against the stars, as in an exercise).
function hintButton(path, it, ex) {
  const list = h('ol', { class: 'hints', id: 'hints' }, (ex.hints || []).map((x) => h('li', {}, x.text)));
  let opened = (ex.hints || []).length;
  const btn = h('button', {
    type: 'button', class: 'btn', id: 'hint-btn', hidden: opened >= ex.hints_total,
    onclick: async () => {
      try {
        const v = await post(path + '/hints', { index: it.index, step: opened + 1 });
        opened = v.step;
        list.append(h('li', {}, v.text));
        btn.hidden = opened >= ex.hints_total;
      } catch (e) { list.append(h('li', { role: 'alert' }, e.message)); }
    },
  }, '💡 ', t('hintOpen'));
  return h('div', { class: 'hint-box' }, list, btn);
}

// answerText writes an answer document in one short line.
export function answerText(a) {
  if (!a || typeof a !== 'object') return String(a);
  for (const k of ['move', 'point', 'expression', 'name']) if (a[k] !== undefined) return String(a[k]);
  for (const k of ['moves', 'squares', 'points', 'line']) if (Array.isArray(a[k])) return a[k].join(' ');
  if (a.choice !== undefined) return String.fromCharCode(65 + Number(a.choice));
  if (Array.isArray(a.choices)) return a.choices.map((c) => String.fromCharCode(65 + Number(c))).join(' ');
  return JSON.stringify(a);
}

