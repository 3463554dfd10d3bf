// The live socket of one game screen: it authenticates with the access
// token, follows one game and hands every state of it to onGame. The
// server is the truth: on each event the socket asks for the game again
// (a new "subscribe" answers with its full state, position included), and
// after a reconnect it reads the state first, then follows the events.
// Actions go over the socket while it is open, over REST otherwise.
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
};

// follow returns {act(type, fields) -> Promise<game>, close(), open()}.
// onGame(game) gets every state; onLink(bool) the socket's state.
export function follow(id, { onGame, onLink }) {
  let ws = null;
  let closed = false;
  let wait = 500;
  let seq = 0;
  const pending = new Map();

  const reread = () => ws.send(JSON.stringify({ type: 'subscribe', game_id: id }));
  const connect = async () => {
    if (closed) return;
    const token = await accessToken();
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const sock = new WebSocket(proto + '//' + location.host + '/v1/live/socket?lang=' + encodeURIComponent(lang()));
    ws = sock;
    sock.onopen = () => {
      wait = 500;
      sock.send(JSON.stringify({ type: 'auth', token }));
      reread();
      onLink(true);
    };
    sock.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      const p = m.ref && pending.get(m.ref);
      if (p) pending.delete(m.ref);
      if (m.type === 'error') {
        if (p) p.reject(m.error || {});
        return;
      }
      if (m.type === 'event' || m.type === 'reload') {
        const gid = m.game ? m.game.id : m.game_id;
        if (gid === id) reread();
        return;
      }
      if ((m.type === 'state' || m.type === 'ack') && m.game && m.game.id === id) onGame(m.game);
      if (p) p.resolve(m.game);
    };
    sock.onclose = () => {
      if (ws === sock) ws = null;
      for (const p of pending.values()) p.reject({ code: 'network' });
      pending.clear();
      onLink(false);
      if (!closed) setTimeout(connect, wait);
      wait = Math.min(wait * 2, 8000);
    };
  };

  const act = async (type, fields = {}) => {
    if (ws && ws.readyState === WebSocket.OPEN) {
      const ref = 'r' + (++seq);
      return new Promise((resolve, reject) => {
        pending.set(ref, { resolve, reject });
        ws.send(JSON.stringify({ type, ref, game_id: id, ...fields }));
      });
    }
    const [path, body] = REST[type](id, fields);
    try {
      const g = await post('/v1/live-games/' + encodeURIComponent(id) + path, body);
      onGame(g);
      return g;
    } catch (e) {
      throw { code: e.code, detail: e.message };
    }
  };

  connect();
  return {
    act,
    close() { closed = true; if (ws) ws.close(1000, 'left the game'); },
  };
}
