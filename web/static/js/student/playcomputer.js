// "和电脑下" on the play lobby: the child chooses the game (those of the
// class's band that have a computer player), the computer's level by its
// name for children, and who moves first; the game starts at once
// (POST /v1/live-games/computer) and opens on the same game screen as a
// game with a classmate. The section keeps its own state: the lobby
// redraws around it.
import { h } from '../dom.js';
import { t } from '../i18n.js';
import { get, post } from '../api.js';
import { gameIcon } from './home.js';

const COLOURS = ['first', 'second', 'random'];

export function computerSection(navigate) {
  const el = h('section', { 'aria-labelledby': 'pc-h', id: 'vs-computer' });
  let games = []; // [{game, ruleset}] of the class bands that have a computer player
  const levels = {}; // game -> [{level, name, player}]
  let pick = null; // {game, level, colour} while the chooser is open
  const note = h('p', { class: 'play-note', id: 'pc-note', role: 'status' });

  const levelsOf = async (game) => {
    if (!(game in levels)) {
      try {
        levels[game] = (await get('/v1/players/' + encodeURIComponent(game) + '/levels')).levels;
      } catch (e) {
        levels[game] = []; // no computer player for that game
      }
    }
    return levels[game];
  };

  const start = async () => {
    const g = games.find((x) => x.game === pick.game);
    try {
      const game = await post('/v1/live-games/computer', { game: g.game, ruleset: g.ruleset, level: pick.level, seat: pick.colour });
      pick = null;
      navigate('/student/play/' + game.id);
    } catch (e) {
      note.textContent = e.message;
    }
  };

  const button = (cls, on, attrs, onclick, ...label) => h('button', {
    type: 'button', class: 'btn ' + cls + (on ? ' primary' : ''), 'aria-pressed': on ? 'true' : 'false', onclick, ...attrs,
  }, ...label);

  const chooser = () => h('div', { class: 'ch-pick', id: 'pc-pick' },
    h('p', { class: 'pick-q' }, t('pickGame')),
    h('div', { class: 'pick-row', role: 'group', 'aria-label': t('pickGame') }, games.map((x) =>
      button('big pc-game', x.game === pick.game, { 'data-game': x.game }, () => { pick.game = x.game; pick.level = 1; draw(); },
        h('span', { 'aria-hidden': 'true' }, gameIcon(x.game) + ' '), t('game_' + x.game)))),
    h('p', { class: 'pick-q' }, t('pickLevel')),
    h('div', { class: 'pick-row pc-levels', role: 'group', 'aria-label': t('pickLevel') }, (levels[pick.game] || []).map((l) =>
      button('pc-level', l.level === pick.level, { 'data-level': String(l.level), title: l.player }, () => { pick.level = l.level; draw(); },
        t('levelN', { n: l.level }), ' ', h('span', { class: 'pc-level-name' }, l.name)))),
    h('p', { class: 'pick-q' }, t('pickColour')),
    h('div', { class: 'pick-row', role: 'group', 'aria-label': t('pickColour') }, COLOURS.map((c) =>
      button('pc-colour', c === pick.colour, { 'data-colour': c }, () => { pick.colour = c; draw(); },
        t(c === 'second' ? 'colour_computer' : 'colour_' + c)))),
    h('div', { class: 'pick-row' },
      h('button', { type: 'button', class: 'btn big primary', id: 'pc-start', onclick: start }, '▶ ', t('startComputer')),
      h('button', { type: 'button', class: 'btn big', id: 'pc-close', onclick: () => { pick = null; draw(); } }, '✖ ', t('close'))));

  const draw = () => {
    el.replaceChildren(
      h('h2', { id: 'pc-h' }, '⚙ ', t('computerH')),
      note,
      games.length === 0 ? h('p', {}, t('noComputer')) : h('button', {
        type: 'button', class: 'btn big primary', id: 'vs-computer-btn', 'aria-expanded': pick ? 'true' : 'false',
        onclick: () => { pick = pick ? null : { game: games[0].game, level: 1, colour: 'first' }; draw(); },
      }, '⚙ ', t('vsComputer')),
      pick ? chooser() : '');
  };

  // setClasses takes the lobby's classes (each with the games of its
  // band) and keeps the games that have a computer player.
  const setClasses = async (classes) => {
    const seen = new Map();
    for (const c of classes) for (const g of c.games || []) if (!seen.has(g.game)) seen.set(g.game, g);
    const out = [];
    for (const g of seen.values()) if ((await levelsOf(g.game)).length > 0) out.push(g);
    games = out;
    if (pick && !games.some((x) => x.game === pick.game)) pick = null;
    draw();
  };

  draw();
  return { el, setClasses };
}
