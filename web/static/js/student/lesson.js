// A lesson: its text, its diagrams (the API's SVG) and its exercises,
// each a big button that opens the exercise and comes back here.
import { h, mount, lockIcon } from '../dom.js';
import { t } from '../i18n.js';
import { get } from '../api.js';
import { gameIcon } from './home.js';

export default async function lessonPage({ params, query, navigate }) {
  const assignment = query.get('a');
  const [lesson, gate] = await Promise.all([get('/v1/lessons/' + encodeURIComponent(params.id)), lockOf(params.id, assignment)]);
  const back = location.pathname + location.search;
  let n = 0;
  mount(
    h('div', { class: 'ex-head' },
      h('a', { href: '/student', 'data-link': '', class: 'btn ghost', 'aria-label': t('back') }, '←'),
      h('h1', {}, h('span', { 'aria-hidden': 'true' }, gameIcon(lesson.game) + ' '), lesson.title)),
    gate && h('section', { class: 'note locked-note', id: 'lesson-locked', role: 'status' },
      h('h2', {}, lockIcon(), ' ', t('lessonLocked')),
      h('p', {}, gate.n > 0 ? t('unlockHow', { n: gate.n }) : t('unlockHowAny')),
      h('a', {
        class: 'btn primary big', id: 'to-unlock', 'data-link': '',
        href: '/student/lesson/' + encodeURIComponent(gate.id) + '?a=' + encodeURIComponent(assignment),
      }, gate.n > 0 ? h('span', { class: 'tile-n' }, String(gate.n)) : null, ' ', h('span', { translate: 'no' }, gate.title), ' ▶')),
    h('article', { class: 'lesson' }, lesson.blocks.map((b) => {
      if (b.type === 'text') return h('p', { class: 'lesson-text' }, (b.text || '').replace(/[*_#`]/g, ''));
      if (b.type === 'diagram' && b.url) {
        return h('figure', { class: 'diagram' }, h('img', { src: b.url, alt: b.caption || t('diagram'), loading: 'lazy' }),
          b.caption && h('figcaption', {}, b.caption));
      }
      if (b.type === 'exercise' && b.exercise) {
        n++;
        const q = new URLSearchParams({ back });
        if (assignment) q.set('a', assignment);
        // Locked: the exercises are there to see but cannot be opened.
        return h('button', {
          type: 'button', class: 'next-btn lesson-ex' + (gate ? ' locked' : ''), 'data-exercise': b.exercise.id,
          disabled: !!gate, 'aria-label': gate ? t('lessonLocked') + ' · ' + b.exercise.title : null,
          onclick: () => navigate('/student/exercise/' + b.exercise.id + '?' + q),
        }, h('span', { class: 'tile-n' }, String(n)), h('span', { class: 'next-title' }, b.exercise.title),
        h('span', { class: 'go', 'aria-hidden': 'true' }, gate ? lockIcon() : '▶'));
      }
      return null;
    })));
}

// lockOf tells whether the assignment's mastery gate keeps lesson id
// closed to the student: null when open (or when no assignment is
// given), otherwise the lesson that opens it: its id, its number in the
// assignment and its title.
async function lockOf(id, assignment) {
  if (!assignment) return null;
  const work = await get('/v1/me/assignments');
  const w = work.items.find((x) => x.assignment.id === assignment);
  const it = w && w.items.find((x) => x.kind === 'lesson' && x.id === id);
  if (!it || !it.locked || !it.unlocked_by) return null;
  const by = await get('/v1/lessons/' + encodeURIComponent(it.unlocked_by)).catch(() => null);
  return {
    id: it.unlocked_by,
    n: w.items.findIndex((x) => x.kind === 'lesson' && x.id === it.unlocked_by) + 1,
    title: by ? by.title : it.unlocked_by,
  };
}
