// Generates random Swiss-like tournaments and their tie-breaks computed by
// the npm package tiebreak 0.4.0 (FIDE_2023 adjustments), as an oracle for
// qixue's tournaments package. Run, in a folder with `npm install tiebreak@0.4.0`:
// node gen.mjs > oracle2023.json
import { Results, TournamentType, Tiebreaker, UnplayedRoundsAdjustment, Tiebreak } from "tiebreak"

let seed = 20261201
function rnd() { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648 }
function pick(a) { return a[Math.floor(rnd() * a.length)] }

const out = []
for (let t = 0; t < 80; t++) {
  const n = 4 + Math.floor(rnd() * 11)
  const rounds = 3 + Math.floor(rnd() * 5)
  const rs = []
  for (let r = 0; r < rounds; r++) {
    const ids = Array.from({ length: n }, (_, i) => i + 1)
    for (let i = ids.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [ids[i], ids[j]] = [ids[j], ids[i]] }
    const round = { pairings: [], pairingAllocatedByes: [], halfPointByes: [] }
    const playing = []
    for (const id of ids) {
      const x = rnd()
      if (x < 0.08) round.halfPointByes.push(id)
      else if (x < 0.13) { /* absent: unpaired */ }
      else playing.push(id)
    }
    if (playing.length % 2 === 1) round.pairingAllocatedByes.push(playing.pop())
    for (let i = 0; i + 1 < playing.length; i += 2) {
      const f = rnd() < 0.1
      let res = f ? pick([[1, 0], [0, 1], [0, 0]]) : pick([[1, 0], [0.5, 0.5], [0, 1]])
      round.pairings.push({ white: playing[i], black: playing[i + 1], scoreWhite: res[0], scoreBlack: res[1], forfeited: f })
    }
    rs.push(round)
  }
  const tb = new Tiebreaker(new Results(TournamentType.SWISS, rs), UnplayedRoundsAdjustment.FIDE_2023)
  const expect = {}
  for (let id = 1; id <= n; id++) {
    expect[id] = [Tiebreak.SCORE, Tiebreak.BUCHHOLZ, Tiebreak.BUCHHOLZ_CUT1, Tiebreak.BUCHHOLZ_MEDIAN1].map((k) => tb.tiebreak(k, id, rounds))
  }
  out.push({ players: n, rounds: rs, expect })
}
console.log(JSON.stringify({ source: "npm tiebreak 0.4.0, UnplayedRoundsAdjustment.FIDE_2023; values: score, BH, BH-C1, BH-M1 (its published build has no SB)", tournaments: out }))
