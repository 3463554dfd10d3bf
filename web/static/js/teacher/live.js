// The teacher's live play: start games for pairs of a class's students
// (ticked in order: the first two play, then the next two; the first of
// each pair moves first) and the wall of the class's games, read again
// every two seconds: players, moves played, whose turn, and flags for
// what needs the teacher (a draw offer, a finished game).
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { get, post } from '../api.js';
import { page } from './shell.js';

const GAMES = ['chess', 'draughts', 'gomoku', 'numchess'];

export default async function teacherLive() {
  const classes = (await get('/v1/classes?limit=100')).items;
  const pick = h('select', { id: 'lv-class', onchange: () => load() }, classes.map((c) => h('option', { value: c.id }, c.name)));
  const game = h('select', { id: 'lv-game' }, GAMES.map((g) => h('option', { value: g }, t('game_' + g))));
  const list = h('ul', { class: 'lv-students', id: 'lv-students' });
  const err = h('p', { class: 'error', id: 'lv-error', role: 'alert' });
  const wall = h('div', { class: 'wall', id: 'wall' });
  const order = [];
  const start = h('button', {
    type: 'button', class: 'btn big primary', id: 'lv-start',
    onclick: async () => {
      const pairs = [];
      for (let i = 0; i + 1 < order.length; i += 2) pairs.push([order[i], order[i + 1]]);
      if (pairs.length === 0) { err.textContent = t('pickPairs'); return; }
      try {
        await post('/v1/live-games/pairs', { game: game.value, pairs });
        err.textContent = '';
        order.length = 0;
        await load();
      } catch (e) { err.textContent = e.message; }
    },
  }, '▶ ', t('startPairs'));
  page('live', h('h1', {}, '⚔ ', t('live')),
    h('section', { 'aria-labelledby': 'lvp-h' },
      h('h2', { id: 'lvp-h' }, t('startPairs')),
      h('div', { class: 'field' }, h('label', { for: 'lv-class' }, t('classes')), pick),
      h('div', { class: 'field' }, h('label', { for: 'lv-game' }, t('gameLabel')), game),
      h('p', {}, t('pairsHint')), list, start, err),
    h('section', { 'aria-labelledby': 'wall-h' }, h('h2', { id: 'wall-h' }, '▦ ', t('wall')), wall));

  let students = [];
  const drawStudents = () => list.replaceChildren(...students.map((s) => {
    const n = order.indexOf(s.id);
    return h('li', {}, h('button', {
      type: 'button', class: 'btn lv-student' + (n >= 0 ? ' primary' : ''), 'data-username': s.username, 'aria-pressed': n >= 0 ? 'true' : 'false',
      onclick: () => { if (n >= 0) order.splice(n, 1); else order.push(s.id); drawStudents(); },
    }, n >= 0 ? h('span', { class: 'tag' }, t('pairN', { n: Math.floor(n / 2) + 1 })) : '', h('span', { translate: 'no' }, s.real_name)));
  }));
  const drawWall = async () => {
    const games = (await get('/v1/live-games?limit=100&class_id=' + encodeURIComponent(pick.value))).items;
    wall.replaceChildren(...(games.length === 0 ? [h('p', {}, t('noLiveGames'))] : games.map((g) => {
      const flags = [];
      if (g.status === 'finished') flags.push(h('span', { class: 'tag done' }, '✔ ', g.result || ''));
      if (g.draw_offer !== null) flags.push(h('span', { class: 'tag ask' }, '½ ', t('drawFlag')));
      return h('article', { class: 'wall-card state-' + g.status, 'data-game-id': g.id, 'data-ply': g.ply },
        h('h3', {}, t('game_' + g.game)),
        h('p', { class: 'wall-players' }, g.players.map((p, i) => h('span', { class: g.to_move === i ? 'to-move' : '', translate: 'no' }, (i ? ' – ' : '') + p.name))),
        h('p', {}, t('plyN', { n: g.ply }), g.last_move ? ' · ' + g.last_move.move : ''),
        h('p', { class: 'wall-flags' }, flags));
    })));
  };
  const load = async () => {
    const users = await get('/v1/users?limit=200&class_id=' + encodeURIComponent(pick.value));
    students = users.items.filter((u) => u.role === 'student');
    drawStudents();
    await drawWall();
  };
  if (classes.length > 0) await load();
  const timer = setInterval(() => {
    if (!wall.isConnected) return clearInterval(timer);
    drawWall().catch(() => {});
  }, 2000);
}
