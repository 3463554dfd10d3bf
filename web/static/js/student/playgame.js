// The game screen of a live game (/student/play/:id): the board of the
// game, moves by tapping, both clocks, whose turn, the last move lit,
// draw offer and answer, resign, the end in a child's words. The
// opponent's moves arrive over the live socket; without it the screen
// reads the game every few seconds and acts over REST.
import { h, mount, announce } from '../dom.js';
import { t, lang } from '../i18n.js';
import { get, currentUser } from '../api.js';
import { follow } from '../play/socket.js';
import { gameIcon } from './home.js';
import { chessBoard } from '../boards/chess.js';
import { draughtsBoard } from '../boards/draughts.js';
import { numchessPlay } from '../play/numchess.js';
import { gomokuPlay } from '../play/gomoku.js';

// put replaces an element's children, leaving out the absent ones.
const put = (el, ...kids) => el.replaceChildren(...kids.filter((k) => k !== null && k !== undefined && k !== false && k !== ''));

const back = (href) => h('a', { href, 'data-link': '', class: 'btn ghost', 'aria-label': t('back') }, '←');

// moveName is a move in words in the child's language (the engine's
// notation when the server sent no words).
const moveName = (m) => (lang() === 'en' ? m.name_en : m.name_zh) || m.move;

// fmtClock shows milliseconds as m:ss.
function fmtClock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
}

// gameScreen draws one live game and follows it.
export async function gameScreen(id) {
  const me = currentUser();
  let g = await get('/v1/live-games/' + encodeURIComponent(id));
  let got = performance.now();
  const seat = g.players.findIndex((p) => p.id === me.id);
  const other = seat >= 0 ? 1 - seat : 1;
  const holder = h('div', { class: 'play-board', id: 'play-board' });
  const clocks = [0, 1].map((s) => h('span', { class: 'clock', id: 'clock-' + s, 'data-seat': s }));
  // The sides change with a renju swap: render writes them.
  const sides = [0, 1].map(() => h('span', { class: 'play-side' }));
  const bar = (s) => h('div', { class: 'play-bar', 'data-seat': s },
    h('strong', { class: 'play-name' }, s === seat ? t('you') : g.players[s].name), ' ', sides[s], clocks[s]);
  const turn = h('p', { class: 'play-turn', id: 'turn', 'aria-live': 'polite' });
  const error = h('p', { class: 'play-error', id: 'play-error', role: 'alert' });
  const link = h('p', { class: 'play-link', id: 'link', hidden: true }, t('socketDown'));
  const extra = h('div', { class: 'play-extra', id: 'play-extra' });
  const pad = h('div', { class: 'nc-pad', id: 'nc-pad', hidden: true });
  const limit = h('p', { class: 'play-limit', id: 'game-left', hidden: true });
  const hint = h('p', { class: 'play-hint', id: 'play-hint', hidden: true });
  const actions = h('div', { class: 'play-actions', id: 'play-actions' });
  const end = h('div', { class: 'play-end', id: 'play-end', hidden: true });
  mount(h('div', { class: 'ex-head' }, back('/student/play'),
    h('h1', {}, h('span', { 'aria-hidden': 'true' }, gameIcon(g.game) + ' '), t('game_' + g.game), ' · ', t('against', { name: g.players[other].name }))),
  h('div', { class: 'play-screen', id: 'play-screen', 'data-game': g.game }, bar(other), holder, bar(seat >= 0 ? seat : 0), limit, turn, hint, pad, link, error, extra, actions, end));

  let board = null;
  let shownPly = -1;
  let snap = null;
  let resignArmed = false;
  const mySide = () => (seat ^ (g.swapped ? 1 : 0));
  const myTurn = () => g.status === 'playing' && g.to_move === seat;

  const act = (type, fields) => sock.act(type, fields).then(() => { error.textContent = ''; }, (e) => {
    error.textContent = (e && (e.detail || e.title)) || t('somethingWrong');
    shownVersion = -1; // put the board back as the server has it
    render();
  });

  // cells reads what each point of the board shows, to light what the
  // last move changed.
  const cells = () => {
    const m = new Map();
    holder.querySelectorAll('[data-sq], [data-pt]').forEach((b) => m.set(b.dataset.sq || b.dataset.pt, b.textContent));
    return m;
  };
  const drawBoard = () => {
    const pos = g.position || '';
    const onMove = (move) => act('move', { ply: g.ply + 1, move });
    if (g.game === 'chess') {
      // The board faces its player: it is built with the player's side to
      // move (its orientation), then set to the position.
      const parts = pos.split(' ');
      const face = [parts[0], mySide() === 0 ? 'w' : 'b', ...parts.slice(2)].join(' ');
      board = chessBoard({ fen: face, lang: lang(), onMove });
      board.set(pos);
    } else if (g.game === 'draughts') {
      const face = (mySide() === 0 ? 'W' : 'B') + pos.slice(1);
      board = draughtsBoard({ fen: face, lang: lang(), onMove });
      board.set(pos);
    } else if (g.game === 'gomoku') {
      board = gomokuPlay({ game: g, mine: myTurn(), side: mySide(), lang: lang(), act });
    } else if (g.game === 'numchess') {
      board = numchessPlay({ game: g, mine: myTurn(), facing: mySide(), lang: lang(), pad, onMove });
    } else {
      board = null;
      holder.replaceChildren(h('p', {}, t('playNotHere')));
      return;
    }
    holder.replaceChildren(board.el);
  };

  // The board is drawn again whenever the game changed (a move, a
  // penalty that sends a number-chess piece back, a refused move put
  // back): the points the last move changed stay lit.
  let shownVersion = -1;
  let lastLit = [];
  const render = () => {
    const moved = g.ply !== shownPly;
    if (moved || g.version !== shownVersion) {
      const before = snap;
      drawBoard();
      snap = cells();
      if (moved && board && board.last) lastLit = board.last();
      else if (moved) {
        lastLit = [];
        if (before && g.ply > 0) for (const [k, v] of snap) if (before.get(k) !== v) lastLit.push(k);
      }
      for (const k of lastLit) holder.querySelector(`[data-sq="${k}"], [data-pt="${k}"]`).classList.add('last');
      if (moved && shownPly >= 0 && g.last_move && g.last_move.seat !== seat) announce(t('theyMoved', { move: moveName(g.last_move) }));
      shownPly = g.ply;
      shownVersion = g.version;
    }
    if (board) board.lock(!myTurn());
    sides.forEach((el, s) => { el.textContent = g.players[s].side; });
    holder.dataset.ply = String(g.ply);
    holder.dataset.turn = myTurn() ? 'me' : 'them';
    turn.textContent = g.status !== 'playing' ? '' : myTurn() ? '☝ ' + t('yourTurn') : '◔ ' + t('waitFor', { name: g.players[g.to_move].name });
    turn.className = 'play-turn' + (myTurn() ? ' mine' : '');
    const lastMove = g.last_move ? t('lastMove', { move: moveName(g.last_move) }) : '';
    put(extra,
      lastMove && h('p', { class: 'play-last', id: 'last-move' }, lastMove),
      g.scores && h('p', { class: 'play-scores', id: 'scores' }, t('scoresLine', { me: g.scores[seat >= 0 ? seat : 0], them: g.scores[other] })),
      g.penalties.length > 0 && h('p', { class: 'play-penalty' }, t('penaltyLine', { n: g.penalties.length, reason: g.penalties[g.penalties.length - 1].reason })));
    drawActions();
    drawEnd();
    tick();
  };

  const drawActions = () => {
    hint.textContent = (g.status === 'playing' && board && board.hint) || '';
    hint.hidden = !hint.textContent;
    if (g.status !== 'playing' || seat < 0) return put(actions);
    const offered = g.draw_offer;
    put(actions,
      ...((board && board.buttons) || []),
      offered === other
        ? h('div', { class: 'draw-ask', id: 'draw-ask' }, h('p', {}, '½ ', t('drawAsk', { name: g.players[other].name })),
          h('button', { type: 'button', class: 'btn big primary', id: 'draw-yes', onclick: () => act('draw_accept') }, '✔ ', t('drawYes')),
          h('button', { type: 'button', class: 'btn big', id: 'draw-no', onclick: () => act('draw_decline') }, '✖ ', t('drawNo')))
        : offered === seat ? h('p', { class: 'draw-wait', id: 'draw-wait' }, t('drawWaiting'))
          : h('button', { type: 'button', class: 'btn big', id: 'draw-offer', onclick: () => act('draw_offer') }, '½ ', t('offerDraw')),
      g.game === 'numchess' && h('button', { type: 'button', class: 'btn big', id: 'stop', onclick: () => act('stop') }, '■ ', t('callStop')),
      h('button', {
        type: 'button', class: 'btn big resign' + (resignArmed ? ' armed' : ''), id: 'resign',
        onclick: () => {
          if (!resignArmed) { resignArmed = true; drawActions(); return; }
          resignArmed = false;
          act('resign');
        },
      }, '⚑ ', resignArmed ? t('resignSure') : t('resign')));
  };

  const drawEnd = () => {
    end.hidden = g.status === 'playing';
    if (end.hidden) return;
    const win = g.result === '1-0' ? 0 : g.result === '0-1' ? 1 : -1;
    const mine = seat < 0 ? '' : g.result === '1/2-1/2' ? 'draw' : win < 0 ? 'over' : win === mySide() ? 'won' : 'lost';
    end.dataset.outcome = mine || 'over';
    put(end,
      h('p', { class: 'end-big', id: 'end-big' }, { won: '★ ' + t('youWon'), lost: t('youLost'), draw: '½ ' + t('itsDraw') }[mine] || t('gameOver')),
      h('p', { class: 'end-why', id: 'end-why' }, g.end_reason || ''),
      h('p', {},
        g.archive_id && h('a', { href: '/student/games/' + g.archive_id, 'data-link': '', class: 'btn big', id: 'replay-link' }, '▤ ', t('replayGame')), ' ',
        h('a', { href: '/student/play', 'data-link': '', class: 'btn big primary', id: 'back-play' }, '⚔ ', t('backToPlay'))));
  };

  // tick counts the clocks down from the server's figures (the time since
  // they arrived here): each player's game time, or with a per-move limit
  // only (number chess: 30 s a move) the mover's time for this move, the
  // smaller of the two when both run; and the whole game's limit.
  const tick = () => {
    const c = g.clock;
    const since = performance.now() - got;
    const now = Date.parse(c.server_time) + since;
    const playing = g.status === 'playing';
    const moveLeft = c.per_move_ms - (now - Date.parse(c.turn_started_at));
    for (const s of [0, 1]) {
      const running = playing && g.to_move === s;
      let ms = c.initial_ms > 0 ? c.remaining_ms[s] - (running ? since : 0) : c.per_move_ms;
      if (running && c.per_move_ms > 0) ms = c.initial_ms > 0 ? Math.min(ms, moveLeft) : moveLeft;
      clocks[s].hidden = !(c.initial_ms > 0 || c.per_move_ms > 0);
      clocks[s].textContent = '◷ ' + fmtClock(ms);
      clocks[s].classList.toggle('running', running);
      clocks[s].classList.toggle('low', running && ms < 10000);
    }
    limit.hidden = !(playing && c.game_ends_at);
    if (!limit.hidden) limit.textContent = '◔ ' + t('gameLeft', { time: fmtClock(Date.parse(c.game_ends_at) - now) });
  };

  const sock = follow(id, {
    onGame: (ng) => {
      if (ng.version < g.version) return;
      g = ng;
      got = performance.now();
      render();
    },
    onLink: (up) => { link.hidden = up; },
  });
  render();
  // The clocks tick; without the socket the game is read every 3 s; the
  // socket closes when the screen is left.
  let n = 0;
  const timer = setInterval(() => {
    if (!holder.isConnected) { clearInterval(timer); sock.close(); return; }
    tick();
    if (!link.hidden && ++n % 15 === 0) {
      get('/v1/live-games/' + encodeURIComponent(id)).then((ng) => { if (ng.version >= g.version) { g = ng; got = performance.now(); render(); } }, () => {});
    }
  }, 200);
}
