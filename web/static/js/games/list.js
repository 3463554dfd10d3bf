// Game records shared by the teacher's and the student's screens: a
// record's heading, the table of records with their replay links and
// confirm buttons, the search filters, and the upload form with its
// report (each refused game with its number and reason).
import { h, field } from '../dom.js';
import { t } from '../i18n.js';
import { post, request } from '../api.js';

export const GAMES = ['chess', 'draughts', 'gomoku', 'numchess'];

// resultText shows a result as on a score sheet.
export function resultText(r) {
  return { '1/2-1/2': '½-½', '*': t('unfinished') }[r] || r;
}

// sides names the first and second player of a game (White/Black, Black
// first in gomoku, Red/Blue in number chess).
export function sides(game) {
  return [t('first_' + game), t('second_' + game)];
}

// gameHead is a record's heading: players, result, event, date, opening.
export function gameHead(g) {
  const [s1, s2] = sides(g.game);
  return h('div', { class: 'game-head' },
    h('p', { class: 'players' },
      h('span', { class: 'side-label' }, s1, ' '), h('strong', { translate: 'no', class: 'p1' }, g.white.name),
      h('span', { class: 'result', id: 'game-result' }, ' ', resultText(g.result), ' '),
      h('strong', { translate: 'no', class: 'p2' }, g.black.name), h('span', { class: 'side-label' }, ' ', s2)),
    h('p', { class: 'muted' }, [
      t('game_' + g.game),
      g.event && h('span', { translate: 'no' }, g.event),
      g.round && t('roundText', { r: g.round }),
      g.date,
      g.opening && h('span', { translate: 'no' }, g.opening),
      t('gstatus_' + g.status),
    ].filter(Boolean).flatMap((x, i) => (i ? [' · ', x] : [x]))));
}

// gamesTable lists records; link(g) is a record's replay path, canConfirm(g)
// whether the reader may confirm it, after(g) runs when it was confirmed.
export function gamesTable(items, { link, canConfirm, after }) {
  if (items.length === 0) return h('p', { id: 'no-games' }, t('noGames'));
  return h('div', { class: 'matrix-wrap' }, h('table', { class: 'list', id: 'games' },
    h('thead', {}, h('tr', {}, ['gDate', 'gPlayers', 'tResult', 'gEvent', 'gOpening', 'tStatus', 'actions'].map((k) => h('th', { scope: 'col' }, t(k))))),
    h('tbody', {}, items.map((g) => {
      const status = h('td', { class: 'status-' + g.status }, t('gstatus_' + g.status));
      return h('tr', { 'data-id': g.id, 'data-status': g.status },
        h('td', {}, g.date || '—'),
        h('th', { scope: 'row', id: 'gp-' + g.id }, h('span', { 'aria-hidden': 'true' }, icon(g.game) + ' '), h('span', { translate: 'no' }, g.white.name), ' – ', h('span', { translate: 'no' }, g.black.name)),
        h('td', {}, resultText(g.result)),
        h('td', { translate: 'no' }, g.event || ''),
        h('td', { translate: 'no' }, g.opening || ''),
        status,
        h('td', {},
          h('a', { href: link(g), 'data-link': '', class: 'btn small replay-link', 'aria-describedby': 'gp-' + g.id }, '▶ ', t('replay')), ' ',
          g.status === 'pending' && canConfirm(g) && h('button', {
            type: 'button', class: 'btn small primary confirm', 'aria-describedby': 'gp-' + g.id,
            onclick: async (e) => {
              const b = e.currentTarget;
              b.disabled = true;
              try {
                await post('/v1/games/' + encodeURIComponent(g.id) + '/confirm', {});
                status.textContent = t('gstatus_confirmed');
                b.closest('tr').dataset.status = 'confirmed';
                b.remove();
                if (after) after(g);
              } catch (ex) {
                status.textContent = ex.message;
                b.disabled = false;
              }
            },
          }, '✔ ', t('confirmGame'))));
    }))));
}

export function icon(game) {
  return { chess: '♞', draughts: '⛀', gomoku: '●', numchess: '⑧' }[game] || '•';
}

// uploadForm: a game, a file (or the text pasted), the upload, and the
// report: games read, stored, each refused game with its number and
// reason, and the warnings. onStored runs after games were stored.
export function uploadForm({ student, onStored }) {
  const game = field(t('filterGame'), { tag: 'select', id: 'up-game' });
  game.input.append(...GAMES.map((g) => h('option', { value: g }, t('game_' + g))));
  const file = field(t('gFile'), { type: 'file', id: 'up-file', accept: '.pgn,.pdn,.txt,.psq,text/plain' });
  const text = field(t('gPaste'), { tag: 'textarea', id: 'up-text', rows: 5, spellcheck: 'false', translate: 'no' });
  const report = h('div', { id: 'up-report', 'aria-live': 'polite' });
  const err = h('p', { class: 'error', role: 'alert' });
  const go = h('button', { type: 'submit', class: 'btn primary', id: 'up-go' }, '⇪ ', student ? t('submitGame') : t('upload'));
  const send = async (e) => {
    e.preventDefault();
    err.textContent = '';
    report.replaceChildren();
    const f = file.input.files[0];
    if (!f && !text.input.value.trim()) { text.input.focus(); return; }
    // A file goes as multipart (up to 32 MiB), pasted text as JSON.
    let body = { game: game.input.value, text: text.input.value };
    if (f) {
      body = new FormData();
      body.set('game', game.input.value);
      body.set('file', f);
    }
    go.disabled = true;
    try {
      const res = await request('POST', '/v1/games', body);
      report.replaceChildren(reportView(res));
      file.input.value = '';
      if (res.stored.length > 0) { text.input.value = ''; if (onStored) onStored(res); }
    } catch (ex) {
      err.textContent = ex.message + ex.fields.map((x) => ' ' + x.field + ': ' + (x.message || x.code)).join('');
    } finally {
      go.disabled = false;
    }
  };
  return h('form', { class: 'card upload', id: 'upload', onsubmit: send },
    h('h2', {}, student ? t('submitMyGame') : t('uploadGames')),
    student && h('p', { class: 'muted' }, t('submitHint')),
    h('div', { class: 'row' }, game.el, file.el), text.el, err, go, report);
}

function reportView(r) {
  const line = (x) => h('li', { 'data-number': x.number, 'data-code': x.code },
    h('strong', {}, t('gameNo', { n: x.number })), ' ', h('span', { class: 'badge state-struggling' }, t('refusal_' + x.code)), ' ', x.reason);
  return h('div', { class: 'report' },
    h('p', { class: 'report-sum' }, t('uploadSum', { games: r.games, stored: r.stored.length, refused: r.refused.length })),
    r.refused.length > 0 && h('div', {}, h('h3', {}, '✘ ', t('refusedGames')), h('ul', { class: 'refused', id: 'refused' }, r.refused.map(line))),
    r.warnings.length > 0 && h('div', {}, h('h3', {}, '⚠ ', t('warnings')), h('ul', { class: 'warnings' }, r.warnings.map(line))));
}
