// A lesson: its text, its diagrams (the API's SVG) and its exercises,
// each a big button that opens the exercise and comes back here.
import { h, mount } from '../dom.js';
import { t } from '../i18n.js';
import { get } from '../api.js';
import { gameIcon } from './home.js';

export default async function lessonPage({ params, query, navigate }) {
  const lesson = await get('/v1/lessons/' + encodeURIComponent(params.id));
  const assignment = query.get('a');
  const back = location.pathname + location.search;
  let n = 0;
  mount(
    h('div', { class: 'ex-head' },
      h('a', { href: '/student', 'data-link': '', class: 'btn ghost', 'aria-label': t('back') }, '←'),
      h('h1', {}, h('span', { 'aria-hidden': 'true' }, gameIcon(lesson.game) + ' '), lesson.title)),
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
        return h('button', {
          type: 'button', class: 'next-btn lesson-ex', 'data-exercise': b.exercise.id,
          onclick: () => navigate('/student/exercise/' + b.exercise.id + '?' + q),
        }, h('span', { class: 'tile-n' }, String(n)), h('span', { class: 'next-title' }, b.exercise.title),
        h('span', { class: 'go', 'aria-hidden': 'true' }, '▶'));
      }
      return null;
    })));
}
