// Package progress owns Qixue's progress arithmetic: Glicko-2 puzzle
// ratings (written from Glickman's paper "Example of the Glicko-2 system"),
// the child-friendly level scheme of the chess rules handout (seed 004:
// levels 30 down to 1, 100 points a level), lesson stars, per-skill
// mastery and practice recommendations (Practice.Recommend: weak skills
// first, then exercises near the student's rating). It is pure Go with no
// storage or HTTP; the models package stores ratings and the api package
// shows them.
//
// A student's first attempt of an exercise is one rated game between the
// student and the puzzle, played in a rating period of its own (as Lichess
// rates puzzles): a correct answer is a win for the student and a loss for
// the puzzle.
//
//	student, puzzle := progress.NewRating(), progress.NewRating()
//	student, puzzle = progress.RatePuzzle(student, puzzle, true)
//	lvl := progress.LevelOf(student.Rating)
//	fmt.Println(lvl.Level, lvl.Points) // 20 1162: one solve from 1500
package progress

import "math"

// Glicko-2 constants.
const (
	// DefaultRating, DefaultDeviation and DefaultVolatility are a new
	// player's values (Glickman: 1500, 350, 0.06).
	DefaultRating     = 1500.0
	DefaultDeviation  = 350.0
	DefaultVolatility = 0.06
	// Tau constrains the change of volatility over time. Glickman suggests
	// 0.3 to 1.2; puzzles are rated one attempt at a time, so a moderate
	// value keeps a single lucky guess from moving the volatility much.
	Tau = 0.5
	// MinDeviation keeps a much-played rating from freezing (Lichess keeps
	// a floor too) and MaxDeviation is a new player's deviation.
	MinDeviation = 45.0
	MaxDeviation = DefaultDeviation

	// glickoScale converts between the Glicko and Glicko-2 scales.
	glickoScale = 173.7178
	// epsilon ends the volatility iteration.
	epsilon = 0.000001
)

// Rating is a Glicko-2 rating on the familiar Glicko scale.
type Rating struct {
	// Rating is the strength (1500 for a new player).
	Rating float64
	// Deviation (RD) is the uncertainty of Rating: one standard deviation.
	Deviation float64
	// Volatility is the expected fluctuation of Rating.
	Volatility float64
}

// NewRating returns a new player's rating: 1500, 350, 0.06.
func NewRating() Rating {
	return Rating{Rating: DefaultRating, Deviation: DefaultDeviation, Volatility: DefaultVolatility}
}

// Result is one game of a rating period from a player's point of view.
type Result struct {
	Opponent Rating
	// Score is 1 for a win, 0.5 for a draw and 0 for a loss.
	Score float64
}

// Update returns r after a rating period with the given games (step 1 to 8
// of Glickman's paper, with volatility system constant tau). With no games
// only the deviation grows (step 6). The deviation is not clamped; see
// Clamp.
func Update(r Rating, games []Result, tau float64) Rating {
	mu := (r.Rating - DefaultRating) / glickoScale
	phi := r.Deviation / glickoScale
	sigma := r.Volatility
	if len(games) == 0 {
		return Rating{Rating: r.Rating, Deviation: math.Sqrt(phi*phi+sigma*sigma) * glickoScale, Volatility: sigma}
	}

	// Step 3 and 4: the estimated variance v and improvement delta.
	var invV, sum float64
	for _, g := range games {
		muJ := (g.Opponent.Rating - DefaultRating) / glickoScale
		gJ := gOf(g.Opponent.Deviation / glickoScale)
		e := expected(mu, muJ, gJ)
		invV += gJ * gJ * e * (1 - e)
		sum += gJ * (g.Score - e)
	}
	v := 1 / invV
	delta := v * sum

	// Step 5: the new volatility.
	sigma = newVolatility(phi, sigma, v, delta, tau)

	// Step 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum

	// Step 8: back to the Glicko scale.
	return Rating{Rating: muNew*glickoScale + DefaultRating, Deviation: phiNew * glickoScale, Volatility: sigma}
}

// Clamp returns r with its deviation kept within MinDeviation and
// MaxDeviation.
func (r Rating) Clamp() Rating {
	r.Deviation = min(max(r.Deviation, MinDeviation), MaxDeviation)
	return r
}

// gOf is Glickman's g(φ).
func gOf(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// expected is Glickman's E(μ, μj, φj) with g(φj) given.
func expected(mu, muJ, gJ float64) float64 {
	return 1 / (1 + math.Exp(-gJ*(mu-muJ)))
}

// newVolatility finds σ' by the Illinois algorithm (step 5 of the paper).
func newVolatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// RatePuzzle returns the student's and the puzzle's ratings after the
// student's first attempt of the puzzle: solved is a win for the student
// and a loss for the puzzle, anything else (wrong, partial, given up) the
// reverse. Each side is rated against the other's rating before the
// attempt, in a rating period of its own, and both deviations are clamped.
func RatePuzzle(student, puzzle Rating, solved bool) (Rating, Rating) {
	s := 0.0
	if solved {
		s = 1
	}
	newStudent := Update(student, []Result{{Opponent: puzzle, Score: s}}, Tau).Clamp()
	newPuzzle := Update(puzzle, []Result{{Opponent: student, Score: 1 - s}}, Tau).Clamp()
	return newStudent, newPuzzle
}
