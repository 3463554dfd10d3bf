package lessons

import (
	"os"
	"testing"
	"testing/fstest"
)

// FuzzCheck feeds arbitrary bytes to the content-file parser and checker: it
// must never panic, and a file it accepts without problems yields exactly
// one curriculum.
func FuzzCheck(f *testing.F) {
	for _, name := range []string{"testdata/good/chess/k1.json", "testdata/good/numchess/k1.json", "testdata/bad/numchess/k1.json"} {
		data, err := os.ReadFile(name)
		if err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte(`{}`))
	// No bank: every exercise block is a problem, but the fuzzer spends
	// its time in the parser and the other checks, not in loading the bank.
	f.Fuzz(func(t *testing.T, data []byte) {
		curricula, problems := Check(fstest.MapFS{"chess/k1.json": {Data: data}}, nil)
		if len(problems) == 0 && len(curricula) != 1 {
			t.Fatalf("no problem but %d curricula", len(curricula))
		}
		if len(problems) > 0 && len(curricula) != 0 {
			t.Fatalf("problems but curricula returned")
		}
	})
}
