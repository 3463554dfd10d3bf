// The student's home: the next exercise as one big button, the
// assignments with due dates and tries left, and the ratings.
import { h, mount, fmtDate, lockIcon } from '../dom.js';
import { t, lang } from '../i18n.js';
import { get, currentUser } from '../api.js';
import { onCount } from './outbox.js';

export default async function studentHome({ navigate }) {
  const me = currentUser();
  mount(h('h1', {}, t('hello', { name: me.real_name || me.username })), h('p', { class: 'loading' }, t('loading')));
  const [next, work, prog, live] = await Promise.all([
    get('/v1/me/next?limit=5'), get('/v1/me/assignments'), get('/v1/me/progress'),
    get('/v1/live-lessons').catch(() => ({ items: [] })),
  ]);
  const tries = new Map(prog.exercises.map((x) => [x.exercise_id, x]));
  const first = next.items[0];
  let firstEx = null;
  if (first) firstEx = await get('/v1/exercises/' + first.exercise_id).catch(() => null);

  // Answers kept while offline, still on their way.
  const waitingLine = h('p', { class: 'waiting-line', id: 'waiting-answers', role: 'status', hidden: true });
  const off = onCount((n) => {
    if (drawn && !waitingLine.isConnected) return off(); // the page has gone
    waitingLine.hidden = n === 0;
    waitingLine.textContent = n > 0 ? '◷ ' + t('waitingAnswers', { n }) : '';
  });
  let drawn = false;
  const open = (id, assignment) => navigate('/student/exercise/' + id + (assignment ? '?a=' + assignment : ''));
  // The teacher's live lesson of the student's class: one big button, no
  // code; the socket brings it up when the teacher starts one.
  const liveBox = h('div', { id: 'live-lesson-box' });
  const drawLive = (list) => {
    const l = list.find((x) => x.status === 'running') || list[0];
    liveBox.replaceChildren(l ? h('button', {
      type: 'button', class: 'next-btn live-btn', id: 'live-lesson-btn', 'data-lesson-id': l.id,
      onclick: () => navigate('/student/live/' + encodeURIComponent(l.id)),
    }, h('span', { class: 'game-icon', 'aria-hidden': 'true' }, '▣'),
    h('span', { class: 'next-title' }, t('joinLesson')),
    l.title && h('span', { class: 'tag', translate: 'no' }, l.title),
    h('span', { class: 'go', 'aria-hidden': 'true' }, '▶')) : '');
  };
  drawLive(live.items);
  import('../play/socket.js').then(({ lessons }) => {
    const sock = lessons({
      onLesson: async (m) => {
        if (drawn && !liveBox.isConnected) { sock.close(); return; }
        if (m.kind === 'resync' && !m.lesson_id && !drawn) return;
        const again = await get('/v1/live-lessons').catch(() => null);
        if (again && liveBox.isConnected) drawLive(again.items);
      },
    });
  });
  mount(
    h('h1', {}, t('hello', { name: me.real_name || me.username })),
    liveBox,
    waitingLine,
    h('section', { class: 'next', 'aria-labelledby': 'next-h' },
      h('h2', { id: 'next-h' }, '★ ', t('whatsNext')),
      first && firstEx
        ? h('button', {
          type: 'button', class: 'next-btn', id: 'next-btn',
          onclick: () => open(first.exercise_id, first.assignment_id),
        },
        h('span', { class: 'game-icon', 'aria-hidden': 'true' }, gameIcon(firstEx.game)),
        h('span', { class: 'next-title' }, firstEx.title),
        h('span', { class: 'tag' }, t('reason_' + first.reason)),
        h('span', { class: 'go', 'aria-hidden': 'true' }, '▶'))
        : h('p', { class: 'done-msg' }, '☺ ', t('nothingNext'))),
    h('section', { 'aria-labelledby': 'work-h' },
      h('h2', { id: 'work-h' }, '☰ ', t('myWork')),
      work.items.length === 0 ? h('p', {}, t('noWork')) :
        h('ul', { class: 'work' }, work.items.map((w) => workItem(w, tries, open, navigate)))),
    prog.ratings.length > 0 && h('section', { 'aria-labelledby': 'rate-h' },
      h('h2', { id: 'rate-h' }, '♛ ', t('rating', { r: '' })),
      h('ul', { class: 'ratings' }, prog.ratings.map((r) => h('li', {},
        h('span', { 'aria-hidden': 'true' }, gameIcon(r.game)), ' ', t('game_' + r.game), ': ',
        t('rating', { r: Math.round(r.rating) }),
        r.level > 0 ? ' · ' + t('level', { n: r.level }) : '')))),
    h('nav', { class: 'student-more', 'aria-label': t('more') },
      h('a', { href: '/student/play', 'data-link': '', class: 'btn big primary', id: 'play-link' }, h('span', { 'aria-hidden': 'true' }, '⚔ '), t('play')),
      h('a', { href: '/student/tournaments', 'data-link': '', class: 'btn big', id: 'my-tournaments-link' }, h('span', { 'aria-hidden': 'true' }, '♜ '), t('myTournaments')),
      h('a', { href: '/student/games', 'data-link': '', class: 'btn big', id: 'my-games-link' }, h('span', { 'aria-hidden': 'true' }, '▤ '), t('myGames'))));
  drawn = true;
  // For the browser tests' time-to-interactive measurement.
  performance.mark('qixue-home-ready');
}

function workItem(w, tries, open, navigate) {
  const a = w.assignment;
  const st = w.progress.status;
  return h('li', { class: 'work-item state-' + st },
    h('div', { class: 'work-head' },
      h('strong', { translate: 'no' }, a.title),
      h('span', { class: 'badge state-' + st }, t('status_' + st)),
      h('span', { class: w.due_soon ? 'due soon' : 'due' }, '◷ ', t('due', { date: fmtDate(a.due_at, lang()) })),
      h('span', { class: 'count' }, '✔ ', t('solvedOf', { solved: w.progress.solved, total: w.progress.total }))),
    h('div', { class: 'tiles' }, w.items.map((it, i) => {
      if (it.kind === 'lesson') {
        // A lesson behind the assignment's mastery gate: a lock, and the
        // number of the lesson that opens it.
        const by = it.locked ? w.items.findIndex((x) => x.kind === 'lesson' && x.id === it.unlocked_by) + 1 : 0;
        const label = (i + 1) + ' · ' + t('lesson') + ' ' + (it.locked
          ? t('lessonLocked') + (by > 0 ? ' · ' + t('unlockFirst', { n: by }) : '')
          : t('solvedOf', { solved: it.solved, total: it.total }));
        return h('button', {
          type: 'button', class: 'tile lesson' + (it.locked ? ' locked' : it.total > 0 && it.solved >= it.total ? ' solved' : ''),
          'aria-label': label, title: label, 'data-lesson': it.id, 'data-locked': String(!!it.locked),
          onclick: () => navigate('/student/lesson/' + encodeURIComponent(it.id) + '?a=' + a.id),
        }, h('span', { class: 'tile-n' }, String(i + 1)),
        h('span', { class: 'tile-s', 'aria-hidden': 'true' }, it.locked ? [lockIcon(), by > 0 ? '←' + by : ''] : '☰'));
      }
      const used = (tries.get(it.id) || {}).attempts || 0;
      const solved = it.solved >= it.total && it.total > 0;
      const left = a.attempts_allowed > 0 ? Math.max(0, a.attempts_allowed - used) : null;
      const label = (i + 1) + ' · ' + (solved ? t('status_done')
        : left === null ? t('unlimited') : t('attemptsLeft', { n: left }));
      return h('button', {
        type: 'button', class: 'tile' + (solved ? ' solved' : left === 0 ? ' spent' : ''),
        'aria-label': label, title: label, onclick: () => open(it.id, a.id),
      }, h('span', { class: 'tile-n' }, String(i + 1)),
      h('span', { class: 'tile-s', 'aria-hidden': 'true' }, solved ? '✔' : left === null ? '∞' : '●'.repeat(Math.min(left, 5))));
    })));
}

export function gameIcon(game) {
  return { chess: '♞', draughts: '⛀', gomoku: '⚫', numchess: '⑨' }[game] || '❓';
}
