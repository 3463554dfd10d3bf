// Side-by-side perft benchmark: the npm `draughts` library against
// qixue/rules/draughts, from the initial position, in one run.
//
//   cd bench/draughts && npm install && node bench.js [depth]
//
// The library is driven through its public API (moves, move, undo) with our
// own perft loop, counting the moves at depth 1 in bulk exactly as the Go
// perft does. Our side runs `go test -bench` on BenchmarkPerft/depth<N> and
// `qixue rules perft` for perft(9).
'use strict';

const { execFileSync } = require('child_process');
const path = require('path');
const Draughts = require('draughts');

const depth = Number(process.argv[2] || 6);
const root = path.resolve(__dirname, '..', '..');
const initial = 'W:W31-50:B1-20';

function perft(game, d) {
  const moves = game.moves();
  if (d === 1) return moves.length;
  let nodes = 0;
  for (const m of moves) {
    game.move(m);
    nodes += perft(game, d - 1);
    game.undo();
  }
  return nodes;
}

// The npm library.
const game = new Draughts(initial);
let t0 = process.hrtime.bigint();
const libNodes = perft(game, depth);
const libSec = Number(process.hrtime.bigint() - t0) / 1e9;
const libNps = libNodes / libSec;
console.log(`npm draughts 0.2.1  perft(${depth}) = ${libNodes}  ${libSec.toFixed(2)} s  ${libNps.toFixed(0)} nodes/s`);

// Ours: the Go benchmark at the same depth.
const benchOut = execFileSync('go', ['test', '-run', '^$', '-bench', `^BenchmarkPerft$/^depth${depth}$`,
  '-benchtime', '2s', './rules/draughts'], { cwd: root, encoding: 'utf8' });
const m = benchOut.match(/([\d.e+]+) nodes\/s/);
if (!m) {
  console.error(benchOut);
  throw new Error('no nodes/s in go test -bench output');
}
const goNps = Number(m[1]);
const line = benchOut.split('\n').find((l) => l.includes('nodes/s'));
console.log(`qixue rules/draughts perft(${depth}) ${goNps.toFixed(0)} nodes/s   [${line.trim().replace(/\s+/g, ' ')}]`);

// Ours: perft(9) through the CLI, which prints its own timing.
const bin = path.join(require('os').tmpdir(), 'qixue-bench-draughts');
execFileSync('go', ['build', '-o', bin, './cmd/qixue'], { cwd: root });
t0 = process.hrtime.bigint();
const cli = execFileSync(bin, ['rules', 'perft', '--game', 'draughts', '--depth', '9', '--stats'], { encoding: 'utf8' });
const cliSec = Number(process.hrtime.bigint() - t0) / 1e9;
const cliLines = cli.trim().split('\n');
console.log(`qixue rules perft --depth 9: ${cliLines[cliLines.length - 1]} nodes, ${cliLines[0]} (wall ${cliSec.toFixed(2)} s)`);

const expected = { 1: 9, 2: 81, 3: 658, 4: 4265, 5: 27117, 6: 167140, 7: 1049442, 8: 6483961 };
if (expected[depth] !== undefined && libNodes !== expected[depth]) {
  console.log(`note: the library counts ${libNodes} at depth ${depth}; qixue counts ${expected[depth]}`);
}

// Do the two agree on move counts? Small depths the library reaches quickly.
const checks = [
  [initial, 4],
  ['W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26', 3], // Woldouby
  ['W:W32,34,36:B27,17,29', 2], // majority capture
  ['W:W37:B32,22,21,31', 1], // circular capture: one move
  ['W:WK46:B5', 1], // flying king
  ['W:WK46,K47,K48,K49,K50:BK1,K2,K3,K4,K5', 2],
];
for (const [fen, d] of checks) {
  const ours = execFileSync(bin, ['rules', 'perft', '--game', 'draughts', '--position', fen, '--depth', String(d)],
    { encoding: 'utf8' }).trim().split('\n').pop();
  const theirs = perft(new Draughts(fen), d);
  const verdict = String(theirs) === ours ? 'agree' : 'DISAGREE';
  console.log(`perft(${d}) ${fen}: library ${theirs}, qixue ${ours} ${verdict}`);
}
console.log(`ratio at depth ${depth}: ${(goNps / libNps).toFixed(0)}x the library's nodes/s`);
