package numchess

import (
	"os"
	"testing"
)

// sampled reports whether the exhaustive cross-checks run on a sample:
// by default and with -short. QIXUE_LONG_TESTS=1 (set by .ci/run) runs
// them in full.
func sampled() bool { return testing.Short() || os.Getenv("QIXUE_LONG_TESTS") != "1" }
