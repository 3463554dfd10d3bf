// The teacher's live lessons: make one for a class (exercises ticked in
// the order they are shown, the options), and the lessons made before,
// each to run on the projector, to copy for another class, or to read its
// summary.
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { get, post } from '../api.js';
import { page } from './shell.js';

const GAMES = ['', 'chess', 'draughts', 'gomoku', 'numchess'];

export default async function teacherLessons({ navigate }) {
  const [classes, made] = await Promise.all([get('/v1/classes?limit=100'), get('/v1/live-lessons?limit=50')]);
  const pick = h('select', { id: 'll-class' }, classes.items.map((c) => h('option', { value: c.id }, c.name)));
  const game = h('select', { id: 'll-game', onchange: () => loadExercises() }, GAMES.map((g) => h('option', { value: g }, g ? t('game_' + g) : t('allGames'))));
  const title = h('input', { id: 'll-title', type: 'text', maxlength: '200', placeholder: t('lessonTitleHint') });
  const seconds = h('input', { id: 'll-seconds', type: 'number', min: '0', max: '600', step: '5', value: '0' });
  const box = (id, label) => h('div', { class: 'check' }, h('input', { type: 'checkbox', id }), h('label', { for: id }, label));
  const opts = [box('ll-named', t('optNamed')), box('ll-ranking', t('optRanking')), box('ll-hints', t('optHints')), box('ll-shuffle', t('optShuffle'))];
  const chosen = [];
  const list = h('ul', { class: 'll-exercises', id: 'll-exercises' });
  const err = h('p', { class: 'error', id: 'll-error', role: 'alert' });
  let exs = [];
  const drawExercises = () => list.replaceChildren(...exs.map((x) => {
    const n = chosen.indexOf(x.id);
    return h('li', {}, h('button', {
      type: 'button', class: 'btn ll-ex' + (n >= 0 ? ' primary' : ''), 'data-exercise-id': x.id, 'aria-pressed': n >= 0 ? 'true' : 'false',
      onclick: () => { if (n >= 0) chosen.splice(n, 1); else chosen.push(x.id); drawExercises(); },
    }, n >= 0 ? h('span', { class: 'tag' }, String(n + 1)) : '', x.game ? t('game_' + x.game) + ' · ' : '', x.title));
  }));
  const loadExercises = async () => {
    const q = game.value ? '&game=' + game.value : '';
    exs = (await get('/v1/exercises?limit=100' + q)).items;
    drawExercises();
  };
  const checked = (id) => document.getElementById(id).checked;
  const make = h('button', {
    type: 'button', class: 'btn big primary', id: 'll-make',
    onclick: async () => {
      if (chosen.length === 0) { err.textContent = t('pickItems'); return; }
      try {
        const l = await post('/v1/live-lessons', {
          class_id: pick.value, title: title.value, exercise_ids: chosen,
          options: { named: checked('ll-named'), ranking: checked('ll-ranking'), hints: checked('ll-hints'), shuffle: checked('ll-shuffle'), item_seconds: Number(seconds.value) || 0 },
        });
        navigate('/teacher/lessons/' + l.id);
      } catch (e) { err.textContent = e.message; }
    },
  }, '▶ ', t('makeLesson'));
  const className = (id) => (classes.items.find((c) => c.id === id) || {}).name || '';
  const rows = made.items.map((l) => h('li', { class: 'll-made', 'data-lesson-id': l.id },
    h('a', { href: '/teacher/lessons/' + l.id, 'data-link': '' }, l.title || t('liveLesson')),
    ' · ', className(l.class_id), ' · ', t('lessonStatus_' + l.status), ' · ', t('itemsN', { n: l.item_count }), ' ',
    h('button', {
      type: 'button', class: 'btn ll-copy', onclick: async () => {
        try {
          const c = await post('/v1/live-lessons/' + l.id + '/copy', { class_id: pick.value });
          navigate('/teacher/lessons/' + c.id);
        } catch (e) { err.textContent = e.message; }
      },
    }, '⧉ ', t('copyToClass'))));
  page('liveLessons', h('h1', {}, '▣ ', t('liveLessons')),
    h('section', { 'aria-labelledby': 'll-h' },
      h('h2', { id: 'll-h' }, t('makeLesson')),
      h('div', { class: 'field' }, h('label', { for: 'll-class' }, t('classes')), pick),
      h('div', { class: 'field' }, h('label', { for: 'll-title' }, t('lessonTitle')), title),
      h('div', { class: 'field' }, h('label', { for: 'll-seconds' }, t('optSeconds')), seconds),
      h('div', { class: 'field' }, opts),
      h('div', { class: 'field' }, h('label', { for: 'll-game' }, t('gameLabel')), game),
      h('p', {}, t('pickItemsHint')), list, make, err),
    h('section', { 'aria-labelledby': 'llm-h' },
      h('h2', { id: 'llm-h' }, t('lessonsMade')),
      rows.length ? h('ul', { class: 'll-list' }, rows) : h('p', {}, t('noLessons'))));
  await loadExercises();
}
