package progress

// Mastery estimates how well a student masters a skill tag from the first
// attempts of the exercises carrying that tag: the share of them solved,
// smoothed by a uniform prior (Laplace's rule of succession):
//
//	mastery = (solved + 1) / (attempted + 2)
//
// so that no first attempt gives 0.5, one solved out of one 0.67 and ten
// out of ten 0.92: a few lucky answers do not claim full mastery and a
// single slip does not claim none. Only first attempts count, as for
// ratings: a retry after seeing the feedback says little about the skill.
func Mastery(solved, attempted int) float64 {
	return float64(solved+1) / float64(attempted+2)
}

// WeakMastery and WeakMinAttempts decide a weak skill: mastery under
// WeakMastery after at least WeakMinAttempts first attempts.
const (
	WeakMastery     = 0.6
	WeakMinAttempts = 3
)

// Weak reports whether a skill with these first attempts is weak.
func Weak(solved, attempted int) bool {
	return attempted >= WeakMinAttempts && Mastery(solved, attempted) < WeakMastery
}

// Stars rates a lesson's accuracy (the share of its attempted exercises
// solved on the first try, 0..1) with 1 to 3 stars: 3 from 90 %, 2 from
// 60 %, otherwise 1. A lesson with nothing attempted has 0 stars.
func Stars(accuracy float64, attempted int) int {
	switch {
	case attempted == 0:
		return 0
	case accuracy >= 0.9:
		return 3
	case accuracy >= 0.6:
		return 2
	default:
		return 1
	}
}
