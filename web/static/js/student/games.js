// A student's games: my level in each game and the points to the next
// level, submitting a game I played (pending until my teacher or my
// opponent confirms it), my games and my classmates' (first names), a
// game replayed move by move.
import { h, mount } from '../dom.js';
import { t, lang } from '../i18n.js';
import { get, currentUser } from '../api.js';
import { gamesTable, uploadForm, icon } from '../games/list.js';
import { replayView } from '../games/replay.js';

const back = (href) => h('a', { href, 'data-link': '', class: 'btn ghost', 'aria-label': t('back') }, '←');

export default async function studentGames({ params, navigate }) {
  if (params.id) {
    mount(h('div', { class: 'ex-head' }, back('/student/games'), h('h1', {}, t('myGames'))), await replayView(params.id));
    return;
  }
  const me = currentUser();
  const [levels, list] = await Promise.all([get('/v1/me/level'), get('/v1/games?limit=100')]);
  const mine = (g) => g.white.student_id === me.id || g.black.student_id === me.id;
  mount(
    h('div', { class: 'ex-head' }, back('/student'), h('h1', {}, '▤ ', t('myGames'))),
    h('section', { 'aria-labelledby': 'lv-h' },
      h('h2', { id: 'lv-h' }, '♛ ', t('myLevels')),
      levels.levels.length === 0 ? h('p', {}, t('noLevels')) : h('ul', { class: 'levels', id: 'levels' }, levels.levels.map((l) => {
        const pct = l.points_to_next > 0 ? Math.max(0, Math.min(100, 100 - l.points_to_next)) : 100;
        const bar = h('span', { class: 'meter-fill' });
        bar.style.width = pct + '%'; // CSSOM: the CSP allows no style attribute
        return h('li', { class: 'level-card', 'data-game': l.game },
          h('span', { class: 'game-icon', 'aria-hidden': 'true' }, icon(l.game)),
          h('div', {},
            h('strong', {}, t('game_' + l.game)), ' ',
            h('span', { class: 'level-name' }, l.level_name[lang()] || l.level_name['zh-CN']),
            h('div', { class: 'meter', role: 'img', 'aria-label': t('toNextLevel', { n: l.points_to_next }) }, bar),
            h('p', { class: 'level-line' }, t('levelPoints', { n: l.points }), ' · ', h('span', { class: 'to-next' }, t('toNextLevel', { n: l.points_to_next })),
              ' · ', t('gamesN', { n: l.games }))));
      }))),
    uploadForm({ student: true, onStored: () => navigate('/student/games', true) }),
    h('section', { 'aria-labelledby': 'gl-h' },
      h('h2', { id: 'gl-h' }, t('gamesList')),
      gamesTable(list.items, {
        link: (g) => '/student/games/' + g.id,
        // The opponent confirms a pending game the other player submitted
        // (a student sees submitted_by only on its own submissions).
        canConfirm: (g) => mine(g) && g.submitted_by !== me.id,
      })));
}
