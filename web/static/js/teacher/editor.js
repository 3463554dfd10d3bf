// The board editor: a teacher sets a position up for any game (a palette
// of pieces or stones, a tap puts one down, a tap with the same piece or
// the eraser takes it away; the side to move; castling and en passant in
// chess), and the engine judges it on every change (POST
// /v1/positions/check): its refusal in the teacher's language, or the
// position with renju's forbidden points crossed. A position that stands
// can be saved as an exercise of a kind the engine checks: the teacher
// plays the solution on the board (each move checked by /v1/rules/.../play)
// and the engine verifies the whole solution before it is saved.
import { h } from '../dom.js';
import { t, lang } from '../i18n.js';
import { get, post } from '../api.js';
import { page } from './shell.js';
import { START, PALETTE, TURNS, empty, read, write, pieceLabel, pieceFace, grid } from './setup.js';
import { chessBoard } from '../boards/chess.js';
import { draughtsBoard } from '../boards/draughts.js';
import { gomokuBoard } from '../boards/gomoku.js';
import { numchessBoard } from '../boards/numchess.js';

const GAMES = ['chess', 'draughts', 'gomoku', 'numchess'];
const RULESETS = { chess: ['standard'], draughts: ['international'], gomoku: ['renju', 'standard', 'freestyle'], numchess: ['G46', 'G23', 'K1'] };
// The kinds a position from the editor can become, by game.
const KINDS = {
  chess: ['chess.mate_in', 'chess.best_move'],
  draughts: ['draughts.capture', 'draughts.shot'],
  gomoku: ['gomoku.win_in_1', 'gomoku.vcf'],
  numchess: ['numchess.move'],
};
// Kinds whose solution is one move (the others are a line).
const ONE_MOVE = new Set(['draughts.capture', 'gomoku.win_in_1', 'numchess.move']);

// exercise builds the kind's prompt and solution from the checked
// position (its canonical notation) and the solution's moves.
export function exercise(kind, game, ruleset, position, turn, line, opts = {}) {
  const board = position.split(' ')[0];
  const renju = ruleset === 'renju';
  switch (kind) {
    case 'chess.mate_in': return { prompt: { fen: position, n: Number(opts.n || 1) }, solution: { moves: line } };
    case 'chess.best_move': return { prompt: { fen: position }, solution: { moves: line } };
    case 'draughts.capture': return { prompt: { fen: position }, solution: { move: line[0] || '' } };
    case 'draughts.shot': return { prompt: { fen: position }, solution: { moves: line } };
    case 'gomoku.win_in_1': return { prompt: { board, rules: ruleset, colour: turn, show_forbidden: renju || undefined }, solution: { point: line[0] || '' } };
    case 'gomoku.vcf': return { prompt: { board, rules: ruleset, attacker: turn, show_forbidden: renju || undefined }, solution: { line } };
    default: {
      // numchess.move: the goal is where the stated move ends, with its
      // piece; the type is the move's (a chain lands more than once).
      const m = /^(\d)[a-m]\d{1,2}((?:-[a-m]\d{1,2}(?:\[[^\]]*\])?)+)$/.exec(line[0] || '');
      const lands = m ? m[2].split('-').slice(1) : [];
      const to = lands.length ? lands[lands.length - 1].replace(/\[.*$/, '') : '';
      // A move without an expression is a hop, or a step into the other
      // side's camp (rows 14-17 for Red, 1-4 for Blue).
      const row = Number(to.slice(1));
      const camp = turn === 'blue' ? row <= 4 : row >= 14;
      const type = opts.goal || (lands.length > 1 ? 'chain' : /\[/.test(line[0] || '') ? 'span' : camp ? 'enter_camp' : 'hop');
      return { prompt: { ruleset, position, goal: { type, piece: m ? Number(m[1]) : undefined, to } }, solution: { move: line[0] || '' } };
    }
  }
}

export default async function teacherEditor({ query, navigate }) {
  let game = GAMES.includes(query.get('game')) ? query.get('game') : 'chess';
  let ruleset = RULESETS[game][0];
  let pos = read(game, START[game]);
  let tool = PALETTE[game][0];
  let checked = null; // the engine's verdict on the current position, when it stands
  let seq = 0;
  let line = [];

  const gameSel = h('select', { id: 'ed-game' }, GAMES.map((g) => h('option', { value: g, selected: g === game || null }, t('game_' + g))));
  const rulesSel = h('select', { id: 'ed-ruleset' });
  const turnSel = h('select', { id: 'ed-turn' });
  const palette = h('div', { class: 'ed-palette', id: 'ed-palette', role: 'toolbar', 'aria-label': t('edPalette') });
  const boardBox = h('div', { class: 'ed-board', id: 'ed-board' });
  const castle = h('fieldset', { class: 'ed-castle', id: 'ed-castle' });
  const ep = h('input', { id: 'ed-ep', size: 3, maxlength: 2, value: '-', 'aria-describedby': 'ed-ep-hint' });
  const chessOnly = h('div', { class: 'ed-chess' }, castle,
    h('div', { class: 'field' }, h('label', { for: 'ed-ep' }, t('edEnPassant')), ep, h('small', { id: 'ed-ep-hint' }, ' ', t('edEnPassantHint'))));
  const notation = h('input', { id: 'ed-notation', class: 'ed-notation', spellcheck: 'false', translate: 'no' });
  const verdict = h('p', { id: 'ed-verdict', class: 'ed-verdict', role: 'status', 'aria-live': 'polite' });

  // The save panel: kind, its options, texts, the solution on the board.
  const kindSel = h('select', { id: 'ed-kind' });
  const nSel = h('select', { id: 'ed-n' }, [1, 2, 3].map((n) => h('option', { value: n }, String(n))));
  const nField = h('div', { class: 'field', id: 'ed-n-field' }, h('label', { for: 'ed-n' }, t('edMateIn')), nSel);
  const bandSel = h('select', { id: 'ed-band' }, ['K1', 'G23', 'G46'].map((b) => h('option', { value: b, selected: b === 'G23' || null }, t('band_' + b))));
  const diffSel = h('select', { id: 'ed-difficulty' }, [1, 2, 3, 4, 5].map((n) => h('option', { value: n, selected: n === 2 || null }, String(n))));
  const text = (id, label) => {
    const input = h('input', { id, maxlength: 200 });
    return { input, el: h('div', { class: 'field' }, h('label', { for: id }, label), input) };
  };
  const titleZh = text('ed-title-zh', t('edTitleZh')), titleEn = text('ed-title-en', t('edTitleEn'));
  const bodyZh = text('ed-body-zh', t('edBodyZh')), bodyEn = text('ed-body-en', t('edBodyEn'));
  const solBox = h('div', { class: 'ed-solution', id: 'ed-solution' });
  const lineList = h('ol', { class: 'move-list', id: 'ed-line', 'aria-live': 'polite' });
  const lineErr = h('p', { class: 'error', id: 'ed-line-error', role: 'alert' });
  const result = h('div', { id: 'ed-result', class: 'ed-result', role: 'status', 'aria-live': 'polite' });
  const saveGo = h('button', { type: 'button', class: 'btn big primary', id: 'ed-save-go', onclick: () => save() }, '✔ ', t('edSave'));
  const savePanel = h('section', { id: 'ed-save', class: 'ed-save', 'aria-labelledby': 'ed-save-h', hidden: true },
    h('h2', { id: 'ed-save-h' }, '✎ ', t('edSaveAs')),
    h('div', { class: 'field' }, h('label', { for: 'ed-kind' }, t('edKind')), kindSel), nField,
    h('div', { class: 'ed-row' }, titleZh.el, titleEn.el), h('div', { class: 'ed-row' }, bodyZh.el, bodyEn.el),
    h('div', { class: 'ed-row' }, h('div', { class: 'field' }, h('label', { for: 'ed-band' }, t('edBand')), bandSel),
      h('div', { class: 'field' }, h('label', { for: 'ed-difficulty' }, t('edDifficulty')), diffSel)),
    h('h3', {}, t('edPlaySolution')), h('p', { id: 'ed-sol-hint' }), solBox, lineList,
    h('p', {}, h('button', { type: 'button', class: 'btn', id: 'ed-line-reset', onclick: () => { line = []; lineErr.textContent = ''; drawSolution(); } }, '↺ ', t('edLineReset'))),
    lineErr, saveGo, result);

  page('editor', h('h1', {}, '▦ ', t('editor')),
    h('section', { 'aria-labelledby': 'ed-pos-h' },
      h('h2', { id: 'ed-pos-h', class: 'sr-only' }, t('edPosition')),
      h('div', { class: 'ed-row' },
        h('div', { class: 'field' }, h('label', { for: 'ed-game' }, t('gameLabel')), gameSel),
        h('div', { class: 'field' }, h('label', { for: 'ed-ruleset' }, t('edRuleset')), rulesSel),
        h('div', { class: 'field' }, h('label', { for: 'ed-turn' }, t('edTurn')), turnSel)),
      palette,
      h('div', { class: 'ed-work' }, boardBox,
        h('div', { class: 'ed-side' }, chessOnly,
          h('p', {}, h('button', { type: 'button', class: 'btn', id: 'ed-clear', onclick: () => { pos = empty(game); changed(); } }, '⌫ ', t('edClear')), ' ',
            h('button', { type: 'button', class: 'btn', id: 'ed-start', onclick: () => { pos = read(game, START[game]); changed(); } }, '⟲ ', t('edStart'))),
          h('div', { class: 'field' }, h('label', { for: 'ed-notation' }, t('edNotation')), notation),
          verdict))),
    savePanel);

  const drawPalette = () => palette.replaceChildren(...PALETTE[game].concat(['']).map((p) => h('button', {
    type: 'button', class: 'btn ed-pal' + (p === tool ? ' primary' : ''), 'data-piece': p, 'aria-pressed': p === tool ? 'true' : 'false',
    'aria-label': p ? pieceLabel(game, p) : t('edEraser'), onclick: () => { tool = p; drawPalette(); },
    onpointerdown: (e) => { if (p) grab(e, p, null); },
  }, p ? pieceFace(game, p) : '⌫')));
  const drawBoard = () => boardBox.replaceChildren(grid(pos, tap, checked && checked.forbidden_points || [], (e, sq) => grab(e, pos.at[sq], sq)));

  // Dragging: a piece from the palette onto a square puts it there; a
  // piece of the board onto another square moves it, off the board takes
  // it away. A pointer that hardly moves is a tap (the click handlers).
  let drag = null;
  function grab(e, piece, from) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    drag = { piece, from, x: e.clientX, y: e.clientY, ghost: null };
  }
  const follow = (e) => {
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 8) return;
      drag.ghost = h('div', { class: 'ed-ghost ed-' + game, 'aria-hidden': 'true' }, pieceFace(game, drag.piece));
      document.body.append(drag.ghost);
    }
    drag.ghost.style.left = e.clientX + 'px';
    drag.ghost.style.top = e.clientY + 'px';
  };
  const drop = (e) => {
    const d = drag;
    drag = null;
    if (!d || !d.ghost) return;
    d.ghost.remove();
    // The click that ends a drag (dispatched in the same task) is no tap.
    const eat = (c) => { c.stopPropagation(); c.preventDefault(); };
    window.addEventListener('click', eat, { capture: true });
    setTimeout(() => window.removeEventListener('click', eat, { capture: true }), 0);
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const cell = under && under.closest('#ed-board [data-sq]');
    if (d.from) delete pos.at[d.from];
    if (cell) pos.at[cell.dataset.sq] = d.piece;
    changed();
  };
  window.addEventListener('pointermove', follow);
  window.addEventListener('pointerup', drop);
  const cancel = () => { if (drag && drag.ghost) drag.ghost.remove(); drag = null; };
  window.addEventListener('pointercancel', cancel);
  // The listeners go with the screen.
  const unhook = setInterval(() => {
    if (palette.isConnected) return;
    window.removeEventListener('pointermove', follow);
    window.removeEventListener('pointerup', drop);
    window.removeEventListener('pointercancel', cancel);
    clearInterval(unhook);
  }, 2000);
  const drawSides = () => {
    turnSel.replaceChildren(...TURNS[game].map((s, i) => h('option', { value: s, selected: s === pos.turn || null }, t((i ? 'second_' : 'first_') + game))));
    rulesSel.replaceChildren(...RULESETS[game].map((r) => h('option', { value: r, selected: r === ruleset || null },
      game === 'numchess' ? t('band_' + r) : t('edRules_' + (game === 'gomoku' && r === 'standard' ? 'gomoku' : r)))));
    chessOnly.hidden = game !== 'chess';
    castle.replaceChildren(h('legend', {}, t('edCastling')), ...['K', 'Q', 'k', 'q'].map((c) => h('label', { class: 'ed-check' },
      h('input', { type: 'checkbox', id: 'ed-castle-' + (c === c.toUpperCase() ? 'w' : 'b') + c.toLowerCase(), checked: pos.castling.includes(c) || null,
        onchange: (e) => { pos.castling = 'KQkq'.split('').filter((x) => (x === c ? e.target.checked : pos.castling.includes(x))).join(''); changed(); } }),
      ' ', t('edCastle_' + c))));
    ep.value = pos.ep || '-';
    notation.value = write(pos);
  };
  function tap(sq) {
    if (pos.at[sq] && (tool === '' || pos.at[sq] === tool)) delete pos.at[sq];
    else if (tool) pos.at[sq] = tool;
    changed();
  }
  // changed redraws and asks the engine, the newest answer winning.
  async function changed() {
    checked = null;
    drawSides();
    drawBoard();
    savePanel.hidden = true;
    const my = ++seq;
    verdict.dataset.state = 'checking';
    verdict.textContent = '… ' + t('edChecking');
    try {
      const v = await post('/v1/positions/check', { game, ruleset, position: write(pos) });
      if (my !== seq) return;
      checked = v;
      verdict.dataset.state = 'ok';
      verdict.replaceChildren('✔ ', v.message, v.forbidden_points && v.forbidden_points.length ? h('span', { class: 'ban-legend' }, ' ✕ ', t('forbiddenLegend')) : '');
      drawBoard();
      openSave();
    } catch (e) {
      if (my !== seq) return;
      verdict.dataset.state = 'refused';
      verdict.dataset.code = e.code;
      // The engine's words, already in the teacher's language (they name
      // notations such as FEN, which no one translates).
      verdict.replaceChildren('✖ ', h('span', { translate: 'no' }, e.message));
    }
  }

  const openSave = () => {
    savePanel.hidden = false;
    const had = kindSel.value;
    kindSel.replaceChildren(...KINDS[game].map((k) => h('option', { value: k, selected: k === had || null }, t('kind_' + k))));
    line = [];
    drawSolution();
  };
  // The solution is played on the game's own board, from the checked
  // position; the rules route normalises every move (SAN in chess),
  // refuses an illegal one at once, and gives the position after the line,
  // where the board goes on (a one-move kind starts again from the top).
  let after = null;
  const drawSolution = () => {
    nField.hidden = kindSel.value !== 'chess.mate_in';
    result.replaceChildren();
    lineList.replaceChildren(...line.map((m) => h('li', { translate: 'no' }, m)));
    document.getElementById('ed-sol-hint').textContent = t(ONE_MOVE.has(kindSel.value) ? 'edOneMoveHint' : 'edLineHint');
    if (!checked) return;
    if (line.length === 0) after = null;
    const at = ONE_MOVE.has(kindSel.value) || !after ? checked.position : after;
    const onMove = async (m) => {
      const moves = ONE_MOVE.has(kindSel.value) ? [m] : line.concat([m]);
      lineErr.textContent = '';
      try {
        const r = await post('/v1/rules/' + game + '/play', { position: checked.position, ruleset, moves });
        line = r.moves;
        after = r.position;
      } catch (e) {
        lineErr.textContent = e.message;
      }
      drawSolution();
    };
    let b;
    if (game === 'chess') b = chessBoard({ fen: at, lang: lang(), onMove, flip: checked.turn === 'black' });
    else if (game === 'draughts') b = draughtsBoard({ fen: at, lang: lang(), onMove });
    else if (game === 'gomoku') {
      b = gomokuBoard({ board: at.split(' ')[0], lang: lang(), onPoint: onMove, forbidden: at === checked.position ? checked.forbidden_points || [] : [] });
      if (ONE_MOVE.has(kindSel.value) && line[0]) b.place(line[0], checked.turn === 'black' ? 'x' : 'o');
    } else b = numchessBoard({ position: at, lang: lang(), ruleset, onMove: (move, machine) => onMove(move.piece + machine) });
    solBox.replaceChildren(b.el, b.panel || '');
  };

  // liveNow offers the saved exercise to a class at once: a live lesson
  // of this one item, opened on the projector.
  async function liveNow(id) {
    const classes = (await get('/v1/classes?limit=100').catch(() => ({ items: [] }))).items;
    if (classes.length === 0) return '';
    const pick = h('select', { id: 'ed-live-class' }, classes.map((c) => h('option', { value: c.id }, c.name)));
    const err = h('p', { class: 'error', role: 'alert' });
    return h('div', { class: 'ed-live' },
      h('div', { class: 'field' }, h('label', { for: 'ed-live-class' }, t('edLiveClass')), pick),
      h('button', {
        type: 'button', class: 'btn primary', id: 'ed-live-go',
        onclick: async () => {
          try {
            const l = await post('/v1/live-lessons', { class_id: pick.value, exercise_ids: [id] });
            navigate('/teacher/lessons/' + l.id);
          } catch (e) { err.textContent = e.message; }
        },
      }, '▶ ', t('edLiveNow')), err);
  }

  async function save() {
    result.replaceChildren();
    const kind = kindSel.value;
    const { prompt, solution } = exercise(kind, game, ruleset, checked.position, checked.turn, line, { n: nSel.value });
    const pick = (a, b) => a.value.trim() || b.value.trim() || t('kind_' + kind);
    const body = {
      kind, prompt, solution, band: bandSel.value, difficulty: Number(diffSel.value),
      title: { 'zh-CN': pick(titleZh.input, titleEn.input), en: pick(titleEn.input, titleZh.input) },
      body: { 'zh-CN': pick(bodyZh.input, bodyEn.input), en: pick(bodyEn.input, bodyZh.input) },
    };
    try {
      const ex = await post('/v1/exercises', body);
      result.dataset.state = 'saved';
      result.dataset.id = ex.id;
      result.replaceChildren(h('p', {}, '✔ ', t('edSaved')),
        h('p', {}, t('edExerciseId'), ' ', h('code', { id: 'ed-exercise-id', translate: 'no' }, ex.id)),
        h('p', {}, h('a', { href: '/teacher', 'data-link': '' }, t('edAssignHint'))), await liveNow(ex.id));
    } catch (e) {
      result.dataset.state = 'refused';
      const field = (e.fields[0] || {}).field;
      result.replaceChildren(h('p', { class: 'error' }, '✖ ', h('span', { translate: 'no' }, e.message)),
        field ? h('p', {}, t('edAtField'), ' ', h('code', { translate: 'no' }, field)) : '',
        e.problem.refutation ? h('p', { id: 'ed-refutation' }, t('edRefutation'), ' ', h('strong', { translate: 'no' }, e.problem.refutation)) : '');
    }
    if (result.scrollIntoView) result.scrollIntoView({ block: 'nearest' });
  }

  gameSel.addEventListener('change', () => {
    game = gameSel.value;
    ruleset = RULESETS[game][0];
    pos = read(game, START[game]);
    tool = PALETTE[game][0];
    drawPalette();
    changed();
  });
  rulesSel.addEventListener('change', () => { ruleset = rulesSel.value; changed(); });
  turnSel.addEventListener('change', () => { pos.turn = turnSel.value; changed(); });
  ep.addEventListener('change', () => { pos.ep = ep.value.trim() || '-'; changed(); });
  notation.addEventListener('change', () => { pos = read(game, notation.value); changed(); });
  kindSel.addEventListener('change', () => { line = []; lineErr.textContent = ''; drawSolution(); });
  drawPalette();
  await changed();
}
