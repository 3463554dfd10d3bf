// One exercise: its board or keypad, the answer sent at once, the
// server's verdict and feedback shown big, then the next one.
import { h, mount, announce } from '../dom.js';
import { t, lang } from '../i18n.js';
import { get, post, ApiError, currentUser } from '../api.js';
import { keep, newKey, submit, onSent } from './outbox.js';
import { chessBoard } from '../boards/chess.js';
import { exprPad } from '../boards/exprpad.js';
import { answerForm, choiceButtons } from '../boards/answerform.js';
import { gomokuBoard } from '../boards/gomoku.js';
import { draughtsBoard } from '../boards/draughts.js';
import { numchessBoard } from '../boards/numchess.js';
import { coordsSwitch } from '../boards/coords.js';
import { gameIcon } from './home.js';
import { fetchSolution, solutionBox, showSolution } from './solution.js';

export default async function exercisePage({ params, query, navigate }) {
  const id = params.id;
  const assignment = query.get('a');
  // Back to where the exercise was opened from: a lesson, or home.
  const backTo = /^\/student\/lesson\/[^/?#]+(\?[^#]*)?$/.test(query.get('back') || '') ? query.get('back') : '/student';
  mount(h('h1', {}, t('loading')));
  const [ex, work, prog] = await Promise.all([
    get('/v1/exercises/' + encodeURIComponent(id)),
    assignment ? get('/v1/me/assignments') : null,
    get('/v1/me/progress'),
  ]);
  const a = work && work.items.map((w) => w.assignment).find((x) => x.id === assignment);
  const allowed = a ? a.attempts_allowed : 0;
  let used = ((prog.exercises.find((x) => x.exercise_id === id)) || {}).attempts || 0;
  const started = performance.now();

  const verdictBox = h('div', { class: 'verdict', id: 'verdict', role: 'status', 'aria-live': 'assertive' });
  const left = h('p', { class: 'tries', id: 'tries' });
  const drawLeft = () => {
    left.textContent = allowed > 0 ? t('attemptsLeft', { n: Math.max(0, allowed - used) }) : t('unlimited');
  };
  drawLeft();

  let line = []; // step-by-step kinds: the moves so far
  let input = null; // the board or pad, with lock() and reset
  let tapAt = 0;

  const send = async (answer, shown) => {
    tapAt = performance.now();
    if (input && input.lock) input.lock(true);
    verdictBox.className = 'verdict wait';
    verdictBox.replaceChildren(h('span', { class: 'spinner', 'aria-hidden': 'true' }), shown || '');
    const key = newKey();
    const body = { answer, time_ms: Math.round(performance.now() - started) };
    let v;
    try {
      v = await submit(id, key, body);
    } catch (e) {
      if (e.status === 0) {
        // The server is out of reach: the answer waits in the outbox
        // under its key and is sent when the connection returns.
        await keep({ key, user: currentUser().id, exercise: id, body, at: Date.now() });
        return showWaiting();
      }
      return refused(e);
    }
    answered(v);
  };

  const answered = (v) => {
    if (v.recorded) used++;
    drawLeft();
    showVerdict(v);
  };

  const refused = (e) => {
    if (input && input.lock) input.lock(false);
    const spent = e instanceof ApiError && e.code === 'attempts_exhausted';
    return showVerdict({ outcome: 'wrong', feedback: spent ? t('noAttemptsLeft') : e.message, spent });
  };

  // showWaiting says calmly that the answer is kept: no verdict, no
  // retry; the board stays locked until the verdict comes.
  const showWaiting = () => {
    verdictBox.className = 'verdict waiting';
    verdictBox.dataset.outcome = 'waiting';
    verdictBox.replaceChildren(
      h('span', { class: 'v-icon', 'aria-hidden': 'true' }, '◷'),
      h('div', { class: 'v-text' }, h('strong', {}, t('savedOffline')), h('p', { class: 'feedback' }, t('savedOfflineMore'))));
    announce(t('savedOffline'));
    verdictBox.scrollIntoView({ block: 'nearest' });
  };

  // A waiting answer of this exercise sent at last: its verdict here.
  const stop = onSent((rec, v, err) => {
    if (!document.body.contains(verdictBox)) return stop();
    if (rec.exercise !== id) return;
    if (v) answered(v); else refused(err);
  });

  const showVerdict = async (v) => {
    const ms = Math.round(performance.now() - tapAt);
    const icon = { correct: '✔', wrong: '✘', partial: '◐', continue: '➜' }[v.outcome] || '•';
    const head = { correct: t('correct'), wrong: t('wrong'), partial: t('partial'), continue: t('continueLine') }[v.outcome];
    // The server's stars count the hints used; a staff preview has none.
    const stars = v.recorded ? v.stars : v.correct ? (v.first_attempt ? 3 : 2) : v.outcome === 'partial' ? 1 : 0;
    const explain = v.solution && v.solution.explanation && (v.solution.explanation[lang()] || v.solution.explanation['zh-CN']);
    const spent = v.spent || (allowed > 0 && used >= allowed && !v.correct);
    // The last try is used up: the solution comes with its explanation.
    const reveal = spent && !v.correct && v.outcome !== 'continue';
    verdictBox.className = 'verdict ' + v.outcome;
    verdictBox.dataset.ms = String(ms);
    verdictBox.dataset.outcome = v.outcome;
    verdictBox.replaceChildren(
      h('span', { class: 'v-icon', 'aria-hidden': 'true' }, icon),
      h('div', { class: 'v-text' },
        h('strong', {}, reveal ? t('spentHead') : head),
        stars > 0 && h('span', { class: 'stars', role: 'img', 'aria-label': t('stars', { n: stars }) }, '★'.repeat(stars) + '☆'.repeat(3 - stars)),
        v.feedback && h('p', { class: 'feedback' }, v.feedback),
        !reveal && explain && explain !== v.feedback && h('p', { class: 'explain' }, explain)),
      h('div', { class: 'v-actions' },
        v.outcome === 'continue' ? null
          : v.done === false ? null
            : v.correct || spent
              ? h('button', { type: 'button', class: 'btn primary big', id: 'next-exercise', onclick: goNext }, t('nextExercise'), ' ➜')
              : h('button', { type: 'button', class: 'btn big', id: 'try-again', onclick: retry }, '↺ ', t('tryAgain'))));
    announce((reveal ? t('spentHead') : head) + '. ' + (v.feedback || ''));
    verdictBox.scrollIntoView({ block: 'nearest' }); // on a phone it is below the board
    if (reveal) {
      const sol = v.solution && Object.keys(v.solution).length ? v.solution : await fetchSolution(id);
      const box = solutionBox(sol);
      if (box) verdictBox.querySelector('.v-text').append(box);
      await showSolution(ex, input, sol);
    }
    if (v.outcome === 'continue' && v.reply !== undefined) await continueLine(v.reply, v);
  };

  const goNext = async () => {
    const next = await get('/v1/me/next?limit=1').catch(() => ({ items: [] }));
    const n = next.items.find((x) => x.exercise_id !== id);
    navigate(n ? '/student/exercise/' + n.exercise_id + (n.assignment_id ? '?a=' + n.assignment_id : '') : '/student');
  };

  const retry = () => {
    line = [];
    verdictBox.className = 'verdict';
    verdictBox.replaceChildren();
    if (input && input.reset) input.reset();
    if (input && input.lock) input.lock(false);
  };

  // Step-by-step: show the position after the line and the reply.
  const continueLine = async (reply, v) => {
    line.push(reply);
    if (input.reply) {
      input.reply(reply, v);
    } else {
      const after = await post('/v1/rules/' + ex.game + '/play', { position: ex.prompt.fen, moves: line }).catch(() => null);
      if (after && input.set) input.set(after.position);
    }
    input.lock(false);
  };

  input = makeInput(ex, send, () => line);
  const hints = hintBox(ex, input.el);

  mount(
    h('div', { class: 'ex-head' },
      h('a', { href: backTo, 'data-link': '', class: 'btn ghost', 'aria-label': t('back') }, '←'),
      h('h1', {}, h('span', { 'aria-hidden': 'true' }, gameIcon(ex.game) + ' '), ex.title),
      left),
    h('div', { class: 'ex-body' },
      h('div', { class: 'ex-play' }, input.el),
      h('div', { class: 'ex-side' },
        ex.body && h('p', { class: 'prompt-text' }, ex.body.replace(/[*_#`]/g, '')),
        input.hint && h('p', { class: 'hint' }, input.hint),
        hints,
        ex.game && input.board && coordsSwitch(ex.game),
        input.side,
        verdictBox)));
}

// hintBox is the hint button and the hints opened so far. A hint is
// opened one step at a time (the server records it: opening one lowers
// the stars, which the button says); the squares of the newest hint light
// up on the board, and stay lit when the board redraws.
function hintBox(ex, boardEl) {
  const total = ex.hints_total || 0;
  if (total === 0) return null;
  const shown = [...(ex.hints || [])];
  const list = h('ol', { class: 'hint-list', id: 'hint-list', 'aria-live': 'polite' });
  const btn = h('button', { type: 'button', class: 'btn hint-btn', id: 'hint-btn' });
  const box = h('div', { class: 'hint-box' }, btn, list);
  let lit = [];
  const light = () => {
    for (const el of boardEl.querySelectorAll('.hint-sq')) {
      if (!lit.includes(el.dataset.sq || el.dataset.pt)) el.classList.remove('hint-sq');
    }
    for (const sq of lit) {
      for (const el of boardEl.querySelectorAll(`[data-sq="${sq}"], [data-pt="${sq}"]`)) {
        if (!el.classList.contains('hint-sq')) el.classList.add('hint-sq');
      }
    }
  };
  new MutationObserver(light).observe(boardEl, { childList: true, subtree: true });
  const draw = () => {
    list.replaceChildren(...shown.map((x) => h('li', { class: 'hint-text', 'data-step': String(x.step) }, x.text)));
    const more = shown.length < total;
    btn.disabled = !more;
    btn.replaceChildren(h('span', { class: 'hint-icon', 'aria-hidden': 'true' }, '💡'), ' ',
      more ? t('hintButton', { n: shown.length + 1, total }) : t('hintsAllShown'),
      ...(more ? [h('span', { class: 'hint-cost' }, ' · ', t(shown.length === 0 ? 'hintCostFirst' : 'hintCostMore'))] : []));
    lit = shown.length ? shown[shown.length - 1].squares || [] : [];
    light();
  };
  btn.onclick = async () => {
    btn.disabled = true;
    try {
      const got = await post('/v1/exercises/' + encodeURIComponent(ex.id) + '/hints', { step: shown.length + 1 });
      shown.push(got);
      announce(got.text);
    } catch (e) {
      announce(e.message);
    }
    draw();
  };
  draw();
  return box;
}

// makeInput picks the board or keypad of the exercise's kind.
export function makeInput(ex, send, lineSoFar) {
  const p = ex.prompt || {};
  if (ex.game === 'chess' && p.fen && ['chess.escape_check', 'chess.mate_in', 'chess.best_move'].includes(ex.kind)) {
    const board = chessBoard({
      fen: p.fen, lang: lang(),
      onMove: (uci) => {
        if (ex.steps) {
          const line = lineSoFar();
          line.push(uci);
          send({ moves: [...line] }, uci);
        } else {
          send({ move: uci }, uci);
        }
      },
    });
    return { el: board.el, board: true, lock: board.lock, set: board.set, reset: () => board.set(p.fen), hint: '☝ ' + t('tapPiece') };
  }
  if (p.fen && (ex.kind === 'chess.piece_moves' || ex.kind === 'chess.all_escapes')) {
    // A set of squares or moves, marked or played on the board.
    const marks = ex.kind === 'chess.piece_moves';
    const board = chessBoard({
      fen: p.fen, lang: lang(), mode: marks ? 'mark' : 'collect', asked: p.square,
      onSet: (list) => send(marks ? { squares: list } : { moves: list }, list.join(' ') || '∅'),
    });
    return {
      el: board.el, board: true, lock: board.lock, reset: board.reset,
      hint: '☝ ' + (marks ? t('markSquares') + ' ' + t('markNone') : t('collectMoves')),
    };
  }
  if (ex.game === 'gomoku' && p.board && ['gomoku.win_in_1', 'gomoku.key_point', 'gomoku.vcf', 'gomoku.shape'].includes(ex.kind)) {
    const mine = (p.colour || p.attacker) === 'white' ? 'o' : 'x';
    const theirs = mine === 'x' ? 'o' : 'x';
    const board = gomokuBoard({
      board: p.board, lang: lang(), mode: ex.kind === 'gomoku.shape' ? 'many' : 'one', forbidden: ex.forbidden_points, confirm: mine,
      onPoint: (pt) => {
        board.place(pt, mine);
        if (ex.steps) {
          const line = lineSoFar();
          line.push(pt);
          send({ moves: [...line] }, pt);
        } else {
          send({ point: pt }, pt);
        }
      },
      onPoints: (pts) => send({ points: pts }, pts.join(' ')),
    });
    return {
      el: board.el, board: true, lock: board.lock, reset: board.reset, reply: (pt, v) => board.place(pt, theirs, v && v.forbidden_points),
      hint: '☝ ' + (ex.kind === 'gomoku.shape' ? t('markPoints') : t('tapPointConfirm')),
    };
  }
  if (ex.kind === 'gomoku.forbidden' && p.board) {
    if (p.mode === 'all') {
      const board = gomokuBoard({ board: p.board, lang: lang(), mode: 'many', onPoints: (pts) => send({ points: pts }, pts.join(' ')) });
      return { el: board.el, board: true, lock: board.lock, reset: board.reset, hint: '☝ ' + t('markForbidden') };
    }
    const board = gomokuBoard({ board: p.board, lang: lang(), mode: 'look', asked: p.point });
    const choices = [['double_three', '3×3'], ['double_four', '4×4'], ['overline', '6+'], ['', '✔']].map(([reason, icon]) =>
      h('button', {
        type: 'button', class: 'btn choice forbid', 'data-reason': reason || 'none',
        onclick: () => send(reason ? { forbidden: true, reason } : { forbidden: false }, t('reason_' + (reason || 'none'))),
      }, h('span', { class: 'forbid-icon', 'aria-hidden': 'true' }, icon), t('reason_' + (reason || 'none'))));
    return {
      el: h('div', {}, board.el, h('div', { class: 'choices forbid-choices', role: 'group', 'aria-label': t('isForbidden', { point: p.point }) }, choices)),
      board: true, lock: () => {}, hint: t('isForbidden', { point: p.point }),
    };
  }
  if (ex.game === 'draughts' && p.fen && ['draughts.capture', 'draughts.shot'].includes(ex.kind)) {
    const board = draughtsBoard({
      fen: p.fen, lang: lang(),
      onMove: (move) => {
        if (ex.steps) {
          const line = lineSoFar();
          line.push(move);
          send({ moves: [...line] }, move);
        } else {
          send({ move }, move);
        }
      },
    });
    return { el: board.el, board: true, lock: board.lock, set: board.set, reset: board.reset, hint: '☝ ' + t('tapLandings') };
  }
  if (ex.kind === 'numchess.move' && p.position) {
    // The position may be "start": the rules endpoint writes it out.
    // The segments, their keypad and the ✔ go beside the board.
    const holder = h('div', {}, h('p', { class: 'loading' }, t('loading')));
    const side = h('div', {});
    const api = { el: holder, side, board: true, lock: () => {}, hint: '☝ ' + t('tapLandings') };
    post('/v1/rules/numchess/play', { position: p.position, ruleset: p.ruleset, moves: [] }).then((r) => {
      const board = numchessBoard({
        position: r.position, lang: lang(), goal: p.goal && p.goal.to, ruleset: p.ruleset,
        onMove: (answer, shown) => send(answer, shown),
      });
      api.reset = board.reset;
      api.lock = board.lock;
      holder.replaceChildren(board.el);
      side.replaceChildren(board.panel);
    }, (e) => holder.replaceChildren(h('p', { role: 'alert' }, e.message)));
    return api;
  }
  if (ex.kind === 'numchess.expression') {
    const pad = exprPad({ digits: p.digits, ruleset: p.ruleset, onSubmit: (text) => send({ expression: text }, text) });
    const goal = h('p', { class: 'goal' },
      h('span', { class: 'target', 'aria-hidden': 'true' }, String(p.target)),
      h('span', { class: 'sr-only' }, t('makeTarget', { target: p.target, digits: p.digits.join(lang() === 'en' ? ', ' : '、') })));
    return { el: h('div', {}, goal, pad.el), reset: pad.reset, lock: () => {} };
  }
  if (ex.kind === 'gomoku.opening_name' && Array.isArray(p.stones)) {
    // The three opening stones, numbered, and the names to choose from.
    const stones = {};
    p.stones.forEach((pt, i) => { stones[pt] = i % 2 === 0 ? 'x' : 'o'; });
    const rows = [];
    for (let r = 15; r >= 1; r--) rows.push([...'abcdefghijklmno'].map((c) => stones[c + r] || '.').join(''));
    const numbers = Object.fromEntries(p.stones.map((pt, i) => [pt, String(i + 1)]));
    const board = gomokuBoard({ board: rows.join('/'), lang: lang(), mode: 'look', numbers });
    const answer = Array.isArray(p.choices) && p.choices.length > 0
      ? h('div', { class: 'choices', role: 'group', 'aria-label': t('whichOpening') }, p.choices.map((name) =>
        h('button', { type: 'button', class: 'btn choice', 'data-name': name, onclick: () => send({ name }, name) }, name)))
      : schemaForm(ex, send).el;
    return { el: h('div', {}, board.el, answer), board: true, lock: () => {} };
  }
  if (ex.kind === 'numchess.score' && p.position) {
    // The final position the score is counted on, and the score fields.
    const holder = h('div', {}, h('p', { class: 'loading' }, t('loading')));
    post('/v1/rules/numchess/play', { position: p.position, ruleset: p.ruleset, moves: [] }).then((r) => {
      holder.replaceChildren(numchessBoard({ position: r.position, lang: lang(), flip: false, targets: [], onTarget: () => {} }).el);
    }, (e) => holder.replaceChildren(h('p', { role: 'alert' }, e.message)));
    return { el: h('div', {}, holder, schemaForm(ex, send).el), board: true, lock: () => {} };
  }
  if (ex.kind === 'choice') {
    const c = choiceButtons({ prompt: p, lang: lang(), onSubmit: (ans) => send(ans) });
    return { el: c.el, lock: () => {} };
  }
  // Other kinds (numbers, names): the form from the kind's answer schema.
  return { ...schemaForm(ex, send), lock: () => {} };
}

// schemaForm is the form built from the kind's answer schema.
function schemaForm(ex, send) {
  const holder = h('div', {});
  get('/v1/kinds').then((list) => {
    const kind = list.items.find((k) => k.name === ex.kind);
    holder.replaceChildren(answerForm({ schema: kind && kind.answer_schema, onSubmit: (ans) => send(ans) }).el);
  });
  return { el: holder };
}
