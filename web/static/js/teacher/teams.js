// The teacher's team events (团体赛, seed 001): the list, the form that
// makes one (format, teams and their players in board order), and one
// event in two tabs: the round (pair, take back, the matches with their
// line-ups and each game's result, play the round on tablets) and the
// standings (次分, 场分, 局分, 小分 and per board; an arena's places).
import { h, field, fmtDate, announce } from '../dom.js';
import { t, lang } from '../i18n.js';
import { get, post, request } from '../api.js';
import { page } from './shell.js';
import { gameIcon } from '../student/home.js';
import { GAMES } from './tournaments.js';
import { RESULTS } from './tournament.js';

export const FORMATS = ['fixed_boards', 'changing_boards', 'per_round_boards', 'all_play', 'member_total', 'arena'];
const SYSTEMS = ['round_robin', 'double_round_robin', 'school_swiss', 'dutch'];
const SWISS = ['school_swiss', 'dutch'];

export default async function teamsPage({ params, query, navigate }) {
  if (params.id) return teamEvent({ params, query, navigate });
  if (location.pathname.endsWith('/new')) return newTeamEvent({ navigate });
  const list = await get('/v1/team-tournaments');
  page('tournaments',
    h('h1', {}, t('teamEvents')),
    h('p', { class: 'muted' }, t('teamEventsHint')),
    h('p', {}, h('a', { href: '/teacher/team-tournaments/new', 'data-link': '', class: 'btn primary', id: 'new-team-event' }, '+ ', t('newTeamEvent'))),
    list.items.length === 0 ? h('p', {}, t('noTeamEvents')) : h('table', { class: 'list', id: 'team-event-list' },
      h('thead', {}, h('tr', {}, ['tName', 'filterGame', 'teamFormat', 'tRound', 'teamTeams', 'when'].map((k) => h('th', { scope: 'col' }, t(k))))),
      h('tbody', {}, list.items.map((x) => h('tr', { 'data-id': x.id },
        h('td', {}, h('a', { href: '/teacher/team-tournaments/' + x.id, 'data-link': '', translate: 'no' }, x.name)),
        h('td', {}, h('span', { 'aria-hidden': 'true' }, gameIcon(x.game) + ' '), t('game_' + x.game)),
        h('td', {}, t('format_' + x.format)),
        h('td', {}, x.rounds > 0 ? x.paired_rounds + '/' + x.rounds : String(x.paired_rounds)),
        h('td', {}, String(x.teams)),
        h('td', {}, fmtDate(x.created_at, lang())))))));
}

function problemText(ex) {
  // The fields' own messages (in the reader's language), not their names.
  return ex.message + (ex.fields || []).map((f) => ' ' + (f.message || f.code)).join('');
}

async function newTeamEvent({ navigate }) {
  const classes = (await get('/v1/classes?limit=100')).items;
  const name = field(t('tName'), { id: 'te-name', required: true, maxlength: 100 });
  const game = field(t('filterGame'), { tag: 'select', id: 'te-game' });
  game.input.append(...GAMES.map((g) => h('option', { value: g }, t('game_' + g))));
  const format = field(t('teamFormat'), { tag: 'select', id: 'te-format' });
  format.input.append(...FORMATS.map((f) => h('option', { value: f }, t('format_' + f))));
  const system = field(t('tSystem'), { tag: 'select', id: 'te-system' });
  system.input.append(...SYSTEMS.map((s) => h('option', { value: s }, t('system_' + s))));
  const rounds = field(t('tRounds'), { id: 'te-rounds', type: 'number', min: 1, max: 30, value: 3 });
  const boards = field(t('teamBoards'), { id: 'te-boards', type: 'number', min: 1, max: 10, value: 3 });
  const perBoard = field(t('teamGamesPerBoard'), { tag: 'select', id: 'te-games' });
  perBoard.input.append(h('option', { value: 1 }, '1'), h('option', { value: 2 }, '2'));
  const draw = field(t('teamDrawRule'), { tag: 'select', id: 'te-draw' });
  draw.input.append(...['both_out', 'replay'].map((d) => h('option', { value: d }, t('drawrule_' + d))));
  const linked = field(t('teamLinked'), { tag: 'select', id: 'te-linked' });
  const nTeams = field(t('teamCount'), { id: 'te-count', type: 'number', min: 2, max: 12, value: 2 });
  const cls = field(t('classes'), { tag: 'select', id: 'te-class' });
  cls.input.append(...classes.map((c) => h('option', { value: c.id, translate: 'no' }, c.name)));
  const help = h('p', { class: 'muted', id: 'te-format-help' });
  const teamBox = h('fieldset', { id: 'te-teams' }, h('legend', {}, t('teamTeams')));
  const err = h('p', { class: 'error', role: 'alert', id: 'te-error' });
  const matchOnly = h('div', { class: 'row' }, system.el, rounds.el, boards.el, perBoard.el);
  const arenaOnly = h('div', { class: 'row' }, draw.el);
  const totalOnly = h('div', { class: 'row' }, linked.el);
  let students = [];

  const show = () => {
    const f = format.input.value;
    help.textContent = t('formatHelp_' + f);
    arenaOnly.hidden = f !== 'arena';
    totalOnly.hidden = f !== 'member_total';
    matchOnly.hidden = f === 'arena';
    system.el.hidden = rounds.el.hidden = f === 'member_total';
    if (f !== 'member_total') rounds.el.hidden = !SWISS.includes(system.input.value);
  };
  // Each student: a team (or none) and a place in it; the places give the
  // board order (an arena: the order its players are sent).
  const drawTeams = () => {
    const n = Math.min(12, Math.max(2, Number(nTeams.input.value) || 2));
    const names = [...teamBox.querySelectorAll('input.te-team-name')].map((x) => x.value);
    teamBox.replaceChildren(h('legend', {}, t('teamTeams')),
      h('div', { class: 'row' }, Array.from({ length: n }, (_, i) => field(t('teamNameN', { n: i + 1 }),
        { id: 'te-team-' + (i + 1), class: 'te-team-name', value: names[i] || t('teamDefaultName', { n: i + 1 }), maxlength: 100 }).el)),
      h('p', { class: 'muted' }, t('teamPickHint')),
      students.length === 0 ? h('p', {}, t('noStudents')) : h('table', { class: 'list', id: 'te-players' },
        h('thead', {}, h('tr', {}, ['realName', 'teamOf', 'teamPlace'].map((k) => h('th', { scope: 'col' }, t(k))))),
        h('tbody', {}, students.map((u, i) => {
          const sel = h('select', { id: 'tp-' + u.id, 'data-student': u.id, 'aria-label': t('teamOf') + ' ' + (u.real_name || u.username) },
            h('option', { value: '' }, '—'), Array.from({ length: n }, (_, k) => h('option', { value: k + 1, selected: i % n === k && i < n * 3 }, String(k + 1))));
          const place = h('input', { type: 'number', id: 'tpo-' + u.id, min: 1, max: 20, value: Math.floor(i / n) + 1, class: 'narrow',
            'aria-label': t('teamPlace') + ' ' + (u.real_name || u.username) });
          return h('tr', {}, h('td', { translate: 'no' }, u.real_name || u.username), h('td', {}, sel), h('td', {}, place));
        }))));
  };
  const fill = async () => {
    const id = cls.input.value;
    const [users, tours] = await Promise.all([
      id ? get('/v1/users?limit=200&class_id=' + encodeURIComponent(id)) : { items: [] },
      id ? get('/v1/tournaments?limit=100&class_id=' + encodeURIComponent(id)) : { items: [] }]);
    students = users.items.filter((u) => u.role === 'student');
    linked.input.replaceChildren(...tours.items.map((x) => h('option', { value: x.id, translate: 'no' }, x.name)));
    drawTeams();
  };
  format.input.addEventListener('change', show);
  system.input.addEventListener('change', show);
  nTeams.input.addEventListener('change', drawTeams);
  cls.input.addEventListener('change', fill);
  show();
  await fill();

  const create = async (e) => {
    e.preventDefault();
    err.textContent = '';
    const f = format.input.value;
    const n = teamBox.querySelectorAll('input.te-team-name').length;
    const teams = Array.from({ length: n }, (_, i) => ({ name: teamBox.querySelector('#te-team-' + (i + 1)).value.trim(), picks: [] }));
    for (const sel of teamBox.querySelectorAll('select[data-student]')) {
      if (!sel.value) continue;
      const place = Number(teamBox.querySelector('#tpo-' + sel.dataset.student).value) || 99;
      teams[Number(sel.value) - 1].picks.push([place, sel.dataset.student]);
    }
    const body = {
      name: name.input.value.trim(), game: game.input.value, format: f, class_ids: [cls.input.value],
      teams: teams.map((x) => ({ name: x.name, student_ids: x.picks.sort((a, b) => a[0] - b[0]).map((p) => p[1]) })),
    };
    if (f === 'arena') body.draw_rule = draw.input.value;
    else {
      body.boards = Number(boards.input.value);
      body.games_per_board = Number(perBoard.input.value);
      if (f === 'member_total') body.tournament_id = linked.input.value;
      else {
        body.system = system.input.value;
        if (SWISS.includes(body.system)) body.rounds = Number(rounds.input.value);
      }
    }
    try {
      const tt = await post('/v1/team-tournaments', body);
      navigate('/teacher/team-tournaments/' + tt.id);
    } catch (ex) { err.textContent = problemText(ex); }
  };

  page('tournaments',
    h('h1', {}, t('newTeamEvent')),
    h('form', { class: 'card', id: 'te-form', onsubmit: create },
      name.el,
      h('div', { class: 'row' }, game.el, format.el, cls.el, nTeams.el),
      help, matchOnly, arenaOnly, totalOnly, teamBox, err,
      h('button', { type: 'submit', class: 'btn primary big', id: 'te-create' }, t('create'))));
}

async function teamEvent({ params, query, navigate }) {
  const id = encodeURIComponent(params.id);
  const base = '/v1/team-tournaments/' + id;
  const tt = await get(base);
  const view = query.get('view') === 'standings' ? 'standings' : 'round';
  const here = (v, extra = '') => '/teacher/team-tournaments/' + id + '?view=' + v + extra;
  const err = h('p', { class: 'error', role: 'alert', id: 'te-error' });
  const act = (fn) => async (e) => {
    err.textContent = '';
    const btn = e && e.currentTarget;
    if (btn) btn.disabled = true;
    try { await fn(); } catch (ex) { err.textContent = problemText(ex); } finally { if (btn) btn.disabled = false; }
  };
  const matches = tt.format !== 'member_total';
  const pair = act(async () => {
    const r = await post(base + '/rounds');
    announce(t('paired', { n: r.round }));
    navigate(here('round'), true);
  });
  const unpair = act(async () => {
    if (!window.confirm(t('confirmUnpair', { n: tt.paired_rounds }))) return;
    await request('DELETE', base + '/rounds/current');
    navigate(here('round'), true);
  });
  const live = act(async () => {
    const res = await post(base + '/live-round', {});
    announce(t('teamLiveOpened', { n: res.games.length }));
    navigate(here('round'), true);
  });
  const standings = view === 'standings' || tt.format === 'arena' ? await get(base + '/standings') : null;
  // Nothing more to pair: an arena over, or every planned round paired.
  const done = tt.format === 'arena' ? standings.over : tt.rounds > 0 && tt.paired_rounds >= tt.rounds;
  const body = view === 'standings' ? standingsView(standings, tt) : await roundView();
  page('tournaments',
    h('h1', {}, h('span', { 'aria-hidden': 'true' }, gameIcon(tt.game) + ' '), h('span', { translate: 'no' }, tt.name)),
    h('p', { class: 't-meta', id: 'te-meta' }, t('game_' + tt.game), ' · ', t('format_' + tt.format),
      tt.system ? [' · ', t('system_' + tt.system)] : null, tt.format !== 'arena' && matches ? [' · ', t('teamBoardsN', { n: tt.boards })] : null,
      ' · ', t('teamTeamsN', { n: tt.teams })),
    h('nav', { class: 'tabs', 'aria-label': t('teamEvents') }, ['round', 'standings'].map((v) =>
      h('a', { href: here(v), 'data-link': '', class: 'tab', id: 'tab-' + v, 'aria-current': v === view ? 'page' : null }, t('tview_' + v)))),
    matches && h('div', { class: 'toolbar' },
      !done && h('button', { type: 'button', class: 'btn primary', id: 'pair-round', onclick: pair }, '⇄ ', t(tt.format === 'arena' ? 'arenaNextGame' : 'pairRound', { n: tt.paired_rounds + 1 })),
      tt.paired_rounds > 0 && h('button', { type: 'button', class: 'btn', id: 'unpair-round', onclick: unpair }, '↶ ', t('unpairRound', { n: tt.paired_rounds })),
      tt.paired_rounds > 0 && h('button', { type: 'button', class: 'btn', id: 'live-round', onclick: live }, '⚔ ', t('teamPlayLive'))),
    err, body);

  async function roundView() {
    if (!matches) return h('p', { id: 'no-round' }, t('teamMemberTotalHint'));
    if (tt.paired_rounds === 0) return h('p', { id: 'no-round' }, t('noRoundYet'));
    const r = Math.min(Math.max(1, Number(query.get('round')) || tt.paired_rounds), tt.paired_rounds);
    const round = await get(base + '/pairings?round=' + r);
    const pick = h('select', { id: 'round-pick', 'aria-label': t('tRound'), onchange: (e) => navigate(here('round', '&round=' + e.target.value), true) },
      Array.from({ length: tt.paired_rounds }, (_, i) => h('option', { value: i + 1, selected: i + 1 === r }, t('roundN', { n: i + 1 }))));
    return h('section', { 'aria-labelledby': 'round-h' },
      h('div', { class: 'toolbar' }, h('h2', { id: 'round-h' }, t('roundN', { n: r })), pick),
      round.matches.map((m) => matchCard(r, m)));
  }

  function matchCard(r, m) {
    const title = m.away ? [h('span', { translate: 'no' }, m.home.name), ' ' + t('versus') + ' ', h('span', { translate: 'no' }, m.away.name)]
      : [h('span', { translate: 'no' }, m.home.name), ' · ', t('bye')];
    const score = h('p', { class: 'te-score', id: 'score-' + m.match, 'data-done': m.score ? '1' : '' },
      m.score ? t('teamScoreLine', { mh: m.score.home.match_points, ma: m.score.away.match_points, sh: m.score.home.set_points,
        sa: m.score.away.set_points, gh: m.score.home.game_points, ga: m.score.away.game_points }) : t('teamScorePending'));
    if (!m.away) return h('div', { class: 'card te-match', id: 'match-' + m.match }, h('h3', {}, title));
    const open = r === tt.paired_rounds && m.games.every((g) => !g.result) && ['changing_boards', 'per_round_boards', 'all_play'].includes(tt.format);
    return h('div', { class: 'card te-match', id: 'match-' + m.match }, h('h3', {}, title), score,
      open && h('div', { class: 'row te-lineups' }, lineupEditor(m.home, m.home_lineup), lineupEditor(m.away, m.away_lineup)),
      h('table', { class: 'list boards', id: 'games-' + m.match },
        h('thead', {}, h('tr', {}, ['teamGame', 'tBoard', 'teamFirst', 'tResult', 'teamSecond'].map((k) => h('th', { scope: 'col' }, t(k))))),
        h('tbody', {}, m.games.map((g) => gameRow(r, g, score)))));
  }

  // lineupEditor sets who a team fields, board by board (the format's
  // rule is the server's: a refusal is shown as any other).
  function lineupEditor(team, lineup) {
    const players = tt.team_list.find((x) => x.number === team.number).players;
    const sels = lineup.map((p, i) => h('select', { id: 'lu-' + team.number + '-' + (i + 1), 'aria-label': t('teamBoardOf', { team: team.name, n: i + 1 }) },
      players.map((q) => h('option', { value: q.student_id, selected: q.student_id === p.student_id, translate: 'no' }, q.name))));
    const save = act(async () => {
      await request('PUT', base + '/lineups', { team: team.number, student_ids: sels.map((x) => x.value) });
      announce(t('saved'));
      navigate(here('round'), true);
    });
    return h('fieldset', { class: 'te-lineup' }, h('legend', { translate: 'no' }, team.name),
      sels.map((x, i) => h('span', { class: 'te-board' }, t('teamBoardN', { n: i + 1 }), ' ', x)),
      h('button', { type: 'button', class: 'btn small', id: 'lu-save-' + team.number, onclick: save }, t('teamSetLineup')));
  }

  function gameRow(r, g, score) {
    const status = h('span', { class: 'res-status', 'aria-live': 'polite' });
    const sel = h('select', {
      id: 'tres-' + g.game, 'data-game': g.game, 'aria-label': t('resultOf', { n: g.game }), 'data-saved': g.result || '',
      onchange: async (e) => {
        err.textContent = '';
        status.textContent = '…';
        try {
          const res = await post(base + '/results', { round: r, game: g.game, result: e.target.value });
          status.textContent = '✔';
          e.target.dataset.saved = e.target.value;
          const m = res.matches.find((x) => x.games.some((y) => y.game === g.game));
          if (m && m.score) {
            score.dataset.done = '1';
            score.textContent = t('teamScoreLine', { mh: m.score.home.match_points, ma: m.score.away.match_points, sh: m.score.home.set_points,
              sa: m.score.away.set_points, gh: m.score.home.game_points, ga: m.score.away.game_points });
          }
        } catch (ex) { status.textContent = '✘'; err.textContent = problemText(ex); }
      },
    }, h('option', { value: '', disabled: true, selected: !g.result }, '—'),
    RESULTS.map((x) => h('option', { value: x, selected: x === g.result }, x === '1/2-1/2' ? '½-½' : x)));
    const board = g.board === g.against ? String(g.board) : g.board + '–' + g.against;
    return h('tr', { 'data-game': g.game },
      h('td', {}, String(g.game), g.number > 1 ? ' (' + g.number + ')' : ''), h('td', {}, board),
      h('td', { translate: 'no' }, g.first.name), h('td', {}, sel, ' ', status), h('td', { translate: 'no' }, g.second.name));
  }
}

// standingsView draws the team standings: 次分, 场分, 局分, 小分 and the
// boards; a member-total event's sums; an arena's places.
function standingsView(st, tt) {
  const pts = (v) => (v === undefined ? '' : String(v).replace('.5', '½').replace(/^0½$/, '½'));
  if (tt.format === 'arena') {
    return h('section', { id: 'team-standings' },
      h('p', { id: 'arena-state' }, st.over ? (st.champion ? t('arenaChampion', { team: st.champion.name }) : t('arenaNoChampion'))
        : st.holder ? t('arenaHolder', { name: st.holder.name }) : ''),
      h('table', { class: 'list', id: 'team-rows' },
        h('thead', {}, h('tr', {}, ['tRank', 'teamTeam', 'arenaWins', 'arenaLeft', 'arenaFinished'].map((k) => h('th', { scope: 'col' }, t(k))))),
        h('tbody', {}, st.teams.map((r) => h('tr', {}, h('td', {}, String(r.rank)), h('td', { translate: 'no' }, r.team.name),
          h('td', {}, String(r.won)), h('td', {}, String(r.left)), h('td', {}, r.finished_at ? t('arenaAtGame', { n: r.finished_at }) : '—'))))));
  }
  const cols = tt.format === 'member_total' ? ['tRank', 'teamTeam', 'teamTotal', 'teamSmall']
    : ['tRank', 'teamTeam', 'teamMatchPts', 'teamSetPts', 'teamGamePts', 'teamSmall', 'teamWDL'];
  return h('section', { id: 'team-standings' },
    h('p', { class: 'muted' }, t('teamStandingsAfter', { n: st.round })),
    h('table', { class: 'list', id: 'team-rows' },
      h('thead', {}, h('tr', {}, cols.map((k) => h('th', { scope: 'col' }, t(k))))),
      h('tbody', {}, st.teams.map((r) => h('tr', { 'data-team': r.team.number }, h('td', {}, String(r.rank)), h('td', { translate: 'no' }, r.team.name),
        tt.format === 'member_total' ? [h('td', {}, pts(r.points)), h('td', {}, pts(r.small_points))]
          : [h('td', { class: 'te-match-pts' }, pts(r.match_points)), h('td', {}, pts(r.set_points)), h('td', {}, pts(r.game_points)),
            h('td', {}, pts(r.small_points)), h('td', {}, r.won + '/' + r.drawn + '/' + r.lost)])))),
    st.boards && st.boards.length > 0 && h('div', {},
      h('h2', {}, t('teamByBoard')),
      h('table', { class: 'list', id: 'board-rows' },
        h('thead', {}, h('tr', {}, ['tBoard', 'tRank', 'realName', 'teamTeam', 'teamGamePts', 'teamGamesN'].map((k) => h('th', { scope: 'col' }, t(k))))),
        h('tbody', {}, st.boards.map((b) => h('tr', {}, h('td', {}, String(b.board)), h('td', {}, String(b.rank)),
          h('td', { translate: 'no' }, b.player.name), h('td', { translate: 'no' }, b.team.name), h('td', {}, pts(b.points)), h('td', {}, String(b.games))))))));
}
