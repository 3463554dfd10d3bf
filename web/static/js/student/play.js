// A student plays: the lobby (/student/play) lists the classmates with a
// big "play" button each (choose the game of the class's band and the
// time, then send the challenge), the challenges sent to me (accept,
// decline) and the ones I sent (cancel), and my games being played. News
// of challenges arrives over the live socket at once; the lobby also
// reads everything again now and then (often while the socket is down).
// The game screen (/student/play/:id) is playgame.js.
import { h, mount, announce } from '../dom.js';
import { t } from '../i18n.js';
import { get, post, currentUser } from '../api.js';
import { inbox } from '../play/socket.js';
import { gameIcon } from './home.js';
import { gameScreen } from './playgame.js';
import { computerSection } from './playcomputer.js';

const back = (href) => h('a', { href, 'data-link': '', class: 'btn ghost', 'aria-label': t('back') }, '←');

// The time controls a challenge may choose for the games without a
// seed's clock (number chess always has its 30 s a move, 20 min a game).
const CLOCKS = [
  { key: 'none', clock: null },
  { key: 'm10', clock: { initial_seconds: 600 } },
  { key: 'm20', clock: { initial_seconds: 1200 } },
];

// Who moves first once the challenge is accepted (random: 猜先).
const COLOURS = ['first', 'second', 'random'];

export default async function studentPlay({ params, navigate }) {
  if (params.id) return gameScreen(params.id);
  return lobby(navigate);
}

async function lobby(navigate) {
  const me = currentUser();
  const root = h('div', { id: 'play-lobby', 'data-link': 'down' });
  const note = h('p', { class: 'play-note', id: 'lobby-note', role: 'status' });
  mount(h('div', { class: 'ex-head' }, back('/student'), h('h1', {}, '⚔ ', t('play'))), note, root);
  let classes = [];
  let challenges = [];
  let games = [];
  // pick is the chooser open under one classmate: {to, name, cls, game, clock, colour}.
  let pick = null;
  const vsComputer = computerSection(navigate);

  const read = async () => {
    const [mates, ch, live] = await Promise.all([get('/v1/me/classmates'), get('/v1/challenges'),
      get('/v1/live-games?status=playing&limit=100')]);
    classes = mates.classes;
    challenges = ch.items.filter((c) => c.status === 'open');
    games = live.items.filter((g) => g.players.some((p) => p.id === me.id));
    draw();
    vsComputer.setClasses(classes).catch(() => {});
  };

  const answer = async (c, accept) => {
    const r = await post('/v1/challenges/' + encodeURIComponent(c.id) + '/answer', { accept });
    if (r.game) { navigate('/student/play/' + r.game.id); return; }
    await read();
  };
  const send = async () => {
    const g = pick.cls.games.find((x) => x.game === pick.game);
    const body = { to: pick.to, game: g.game, ruleset: g.ruleset, colour: pick.colour };
    const clock = g.game === 'numchess' ? null : CLOCKS.find((c) => c.key === pick.clock).clock;
    if (clock) body.clock = clock;
    try {
      await post('/v1/challenges', body);
      note.textContent = t('challengeSent', { name: pick.name });
      pick = null;
    } catch (e) {
      note.textContent = e.message;
    }
    await read();
  };

  const chooser = (cls) => {
    const g = pick.cls.games.find((x) => x.game === pick.game);
    return h('div', { class: 'ch-pick', id: 'ch-pick' },
      h('p', { class: 'pick-q' }, t('pickGame')),
      h('div', { class: 'pick-row', role: 'group', 'aria-label': t('pickGame') }, cls.games.map((x) =>
        h('button', {
          type: 'button', class: 'btn big pick-game' + (x.game === pick.game ? ' primary' : ''), 'data-game': x.game,
          'aria-pressed': x.game === pick.game ? 'true' : 'false', onclick: () => { pick.game = x.game; draw(); },
        }, h('span', { 'aria-hidden': 'true' }, gameIcon(x.game) + ' '), t('game_' + x.game)))),
      h('p', { class: 'pick-q' }, t('pickTime')),
      g.game === 'numchess'
        ? h('p', { class: 'pick-fixed', id: 'pick-seed-clock' }, '◷ ', t('seedClock'))
        : h('div', { class: 'pick-row', role: 'group', 'aria-label': t('pickTime') }, CLOCKS.map((c) =>
          h('button', {
            type: 'button', class: 'btn pick-clock' + (c.key === pick.clock ? ' primary' : ''), 'data-clock': c.key,
            'aria-pressed': c.key === pick.clock ? 'true' : 'false', onclick: () => { pick.clock = c.key; draw(); },
          }, '◷ ', t('clock_' + c.key)))),
      h('p', { class: 'pick-q' }, t('pickColour')),
      h('div', { class: 'pick-row', role: 'group', 'aria-label': t('pickColour') }, COLOURS.map((c) =>
        h('button', {
          type: 'button', class: 'btn pick-colour' + (c === pick.colour ? ' primary' : ''), 'data-colour': c,
          'aria-pressed': c === pick.colour ? 'true' : 'false', onclick: () => { pick.colour = c; draw(); },
        }, t('colour_' + c)))),
      h('div', { class: 'pick-row' },
        h('button', { type: 'button', class: 'btn big primary', id: 'send-challenge', onclick: send }, '✉ ', t('sendChallenge')),
        h('button', { type: 'button', class: 'btn big', id: 'pick-close', onclick: () => { pick = null; draw(); } }, '✖ ', t('close'))));
  };

  const draw = () => {
    const incoming = challenges.filter((c) => c.to.id === me.id);
    const outgoing = challenges.filter((c) => c.from.id === me.id);
    const many = classes.length > 1;
    root.replaceChildren(
      h('section', { 'aria-labelledby': 'ch-h' },
        h('h2', { id: 'ch-h' }, '✉ ', t('challengesIn')),
        incoming.length === 0 ? h('p', {}, t('noChallenges')) : h('ul', { class: 'challenges', id: 'challenges' }, incoming.map((c) =>
          h('li', { class: 'challenge', 'data-challenge': c.id },
            h('span', { class: 'game-icon', 'aria-hidden': 'true' }, gameIcon(c.game)),
            h('span', {}, t('challengeFrom', { name: c.from.name, game: t('game_' + c.game) })),
            h('button', { type: 'button', class: 'btn big primary ch-accept', onclick: () => answer(c, true) }, '✔ ', t('acceptPlay')),
            h('button', { type: 'button', class: 'btn big ch-decline', onclick: () => answer(c, false) }, '✖ ', t('declinePlay'))))),
        outgoing.length > 0 && h('ul', { class: 'challenges', id: 'challenges-out' }, outgoing.map((c) =>
          h('li', { class: 'challenge out', 'data-challenge': c.id },
            h('span', { class: 'game-icon', 'aria-hidden': 'true' }, gameIcon(c.game)),
            h('span', {}, '◔ ', t('waitAnswer', { name: c.to.name, game: t('game_' + c.game) })),
            h('button', { type: 'button', class: 'btn ch-cancel', onclick: () => answer(c, false) }, '✖ ', t('cancelChallenge')))))),
      h('section', { 'aria-labelledby': 'lg-h' },
        h('h2', { id: 'lg-h' }, '♟ ', t('playGames')),
        games.length === 0 ? h('p', {}, t('noLiveGames')) : h('ul', { class: 'live-list', id: 'live-games' }, games.map((g) => {
          const other = g.players.find((p) => p.id !== me.id);
          return h('li', {}, h('a', { href: '/student/play/' + g.id, 'data-link': '', class: 'btn big live-link', 'data-game-id': g.id },
            h('span', { 'aria-hidden': 'true' }, gameIcon(g.game) + ' '), t('game_' + g.game), ' · ', t('against', { name: other ? other.name : '' }),
            g.to_move !== null && g.players[g.to_move].id === me.id ? h('span', { class: 'tag' }, t('yourTurn')) : ''));
        }))),
      vsComputer.el,
      h('section', { 'aria-labelledby': 'cm-h' },
        h('h2', { id: 'cm-h' }, '☺ ', t('classmatesH')),
        classes.every((c) => c.students.length === 0) ? h('p', {}, t('noClassmates')) : classes.map((cls) => [
          many && h('h3', {}, cls.name),
          h('ul', { class: 'classmates' }, cls.students.map((s) => {
            const open = pick && pick.to === s.id && pick.cls.id === cls.id;
            return h('li', { class: 'classmate', 'data-user-id': s.id },
              h('span', { class: 'mate-name', translate: 'no' }, s.name),
              s.in_game ? h('span', { class: 'tag' }, '♟ ', t('inGame')) : s.online && h('span', { class: 'tag online' }, '● ', t('onlineNow')),
              h('button', {
                type: 'button', class: 'btn big primary challenge-btn', 'aria-expanded': open ? 'true' : 'false',
                onclick: () => {
                  pick = open ? null : { to: s.id, name: s.name, cls, game: cls.games[0].game, clock: 'none', colour: 'first' };
                  draw();
                },
              }, '♟ ', t('challengeBtn')),
              open && chooser(cls));
          }))])));
  };

  const news = inbox({
    onLink: (up) => { root.dataset.link = up ? 'up' : 'down'; },
    onChallenge: (m) => {
      const c = m.challenge;
      if (c.from.id === me.id && c.status === 'accepted' && m.game_id) {
        navigate('/student/play/' + m.game_id);
        return;
      }
      if (c.to.id === me.id && c.status === 'open') announce(t('challengeFrom', { name: c.from.name, game: t('game_' + c.game) }));
      if (c.from.id === me.id && c.status === 'declined') note.textContent = t('challengeDeclined', { name: c.to.name });
      read().then(() => { root.dataset.news = String((Number(root.dataset.news) || 0) + 1); }, () => {});
    },
  });
  await read();
  // Read again every 3 s while the socket is down, every 20 s while up.
  let n = 0;
  const timer = setInterval(() => {
    if (!root.isConnected) { clearInterval(timer); news.close(); return; }
    n++;
    if (root.dataset.link === 'down' || n % 7 === 0) read().catch(() => {});
  }, 3000);
}
