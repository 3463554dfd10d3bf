package models_test

import (
	"context"
	"os"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/models"
	"qixue/models/modelstest"
)

// BenchmarkRatePass measures the periodic rating pass alone: each
// iteration records passBacklog first attempts (not timed) and rates
// them in one pass. "paced" is the pass as the server runs it (resting
// after each batch, see NewProgressStore); "unpaced" rests not at all,
// the ceiling of the statements themselves. The figure to read is
// answers/s.
func BenchmarkRatePass(b *testing.B) {
	dbs := map[string]func(testing.TB) *gorm.DB{"sqlite": modelstest.SQLite}
	if os.Getenv(modelstest.EnvURL) != "" {
		dbs["postgres"] = modelstest.Postgres
	}
	for _, name := range []string{"sqlite", "postgres"} {
		open := dbs[name]
		if open == nil {
			continue
		}
		for _, paced := range []bool{true, false} {
			mode := "unpaced"
			if paced {
				mode = "paced"
			}
			b.Run(name+"/"+mode, func(b *testing.B) {
				db := open(b)
				exs := ratedBank(b, db, 50)
				es := models.NewExerciseStore(db)
				ps := models.NewProgressStore(db)
				if !paced {
					ps = ps.Paced(func(context.Context, time.Duration) error { return nil })
				}
				const passBacklog = 1000
				rated := 0
				var busy time.Duration
				for range b.N {
					for s := range passBacklog / len(exs) {
						user := id()
						for i, ex := range exs {
							record(b, es, user, ex, (i+s)%3 == 0)
						}
					}
					began := time.Now()
					n, err := ps.RatePending(ctx, "", time.Now().UTC())
					busy += time.Since(began)
					if err != nil || n != passBacklog {
						b.Fatalf("rated %d (%v), want %d", n, err, passBacklog)
					}
					rated += n
				}
				b.ReportMetric(float64(rated)/busy.Seconds(), "answers/s")
			})
		}
	}
}
