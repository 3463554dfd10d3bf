// The live socket. follow() is the socket of one game screen: it follows
// one game and hands every state of it to onGame. The server is the
// truth: on each event the socket asks for the game again (a new
// "subscribe" answers with its full state, position included), and after
// a reconnect it reads the state first, then follows the events. Actions
// go over the socket while it is open, over REST otherwise. inbox() is
// the lobby's socket: it hands on the "challenge" news the server sends
// to every socket of the player (a challenge made to me, an answer to
// mine). Both authenticate with the access token and reconnect, waiting
// longer each time, until closed.
import { accessToken, post } from '../api.js';
import { lang } from '../i18n.js';

const REST = {
  move: (id, m) => ['/moves', { ply: m.ply, move: m.move }],
  pass: (id, m) => ['/pass', { ply: m.ply }],
  resign: () => ['/resign', {}],
  draw_offer: () => ['/draw-offer', {}],
  draw_accept: () => ['/draw-answer', { accept: true }],
  draw_decline: () => ['/draw-answer', { accept: false }],
  swap: () => ['/swap', {}],
  stop: () => ['/stop', {}],
  offer: (id, m) => ['/fifth-offers', { ply: m.ply, moves: m.moves }],
  choose: (id, m) => ['/fifth-choice', { keep: m.keep }],
  claim: (id, m) => ['/claim', { claim: m.claim, move: m.move }],
};

// connect keeps one authenticated socket open: onOpen(send) after each
// (re)connect, onMessage(m) for each message, onLink(up) its state.
// It returns {send(obj) -> bool, close()}.
function connect({ onOpen, onMessage, onLink }) {
  let ws = null;
  let closed = false;
  let wait = 500;
  const send = (m) => {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(m));
    return true;
  };
  const open = async () => {
    if (closed) return;
    const token = await accessToken();
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const sock = new WebSocket(proto + '//' + location.host + '/v1/live/socket?lang=' + encodeURIComponent(lang()));
    ws = sock;
    sock.onopen = () => {
      wait = 500;
      sock.send(JSON.stringify({ type: 'auth', token }));
      if (onOpen) onOpen(send);
      onLink(true);
    };
    sock.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      onMessage(m);
    };
    sock.onclose = () => {
      if (ws === sock) ws = null;
      onLink(false);
      if (!closed) setTimeout(open, wait);
      wait = Math.min(wait * 2, 8000);
    };
  };
  open();
  return {
    send,
    close(reason) { closed = true; if (ws) ws.close(1000, reason); },
  };
}

// follow returns {act(type, fields) -> Promise<game>, close()}.
// onGame(game) gets every state; onLink(bool) the socket's state.
export function follow(id, { onGame, onLink }) {
  let seq = 0;
  const pending = new Map();
  const reread = (send) => send({ type: 'subscribe', game_id: id });
  const sock = connect({
    onOpen: reread,
    onLink: (up) => {
      if (!up) {
        for (const p of pending.values()) p.reject({ code: 'network' });
        pending.clear();
      }
      onLink(up);
    },
    onMessage: (m) => {
      const p = m.ref && pending.get(m.ref);
      if (p) pending.delete(m.ref);
      if (m.type === 'error') {
        if (p) p.reject(m.error || {});
        return;
      }
      if (m.type === 'event' || m.type === 'reload') {
        const gid = m.game ? m.game.id : m.game_id;
        if (gid === id) reread(sock.send);
        return;
      }
      if ((m.type === 'state' || m.type === 'ack') && m.game && m.game.id === id) onGame(m.game);
      if (p) p.resolve(m.game);
    },
  });

  const act = async (type, fields = {}) => {
    const ref = 'r' + (++seq);
    const sent = new Promise((resolve, reject) => {
      pending.set(ref, { resolve, reject });
      if (!sock.send({ type, ref, game_id: id, ...fields })) pending.delete(ref);
    });
    if (pending.has(ref)) return sent;
    const [path, body] = REST[type](id, fields);
    try {
      const g = await post('/v1/live-games/' + encodeURIComponent(id) + path, body);
      onGame(g);
      return g;
    } catch (e) {
      throw { code: e.code, detail: e.message };
    }
  };

  return { act, close() { sock.close('left the game'); } };
}

// inbox returns {close()}: onChallenge(message) gets each "challenge"
// message ({challenge, game_id?}), onLink(bool) the socket's state.
export function inbox({ onChallenge, onLink }) {
  const sock = connect({
    onLink,
    onMessage: (m) => { if (m.type === 'challenge' && m.challenge) onChallenge(m); },
  });
  return { close() { sock.close('left the lobby'); } };
}

// lessons returns {close()}: the socket of a live-lesson screen.
// onLesson(message) gets each lesson event ({kind, lesson_id, index, ...};
// kind "resync" after the socket came back, when events may have been
// lost: read the lesson again). A staff screen names its lesson (id) to
// get the tallies too; a student's socket follows its classes' lessons.
export function lessons({ id, onLesson, onLink }) {
  const sock = connect({
    onOpen: (send) => {
      if (id) send({ type: 'lesson_subscribe', lesson_id: id });
      onLesson({ kind: 'resync', lesson_id: id || '' });
    },
    onLink: onLink || (() => {}),
    onMessage: (m) => {
      if (m.type === 'lesson') onLesson(m);
      else if (m.type === 'resync') onLesson({ kind: 'resync', lesson_id: id || '' });
    },
  });
  return { close() { sock.close('left the lesson'); } };
}
