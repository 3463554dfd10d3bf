package models_test

import (
	"testing"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"qixue/domain"
	"qixue/games"
	"qixue/games/gamestest"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/rules/game"
)

// BenchmarkGameUpload10k uploads a 10,000-game PGN file (TWIC size, 40 to
// 160 plies a game, every move validated) through the games service into
// a new school each time, on SQLite and, when QIXUE_TEST_DATABASE_URL is
// set, on PostgreSQL (issue 17 target: under 10 s).
func BenchmarkGameUpload10k(b *testing.B) {
	text := gamestest.RandomPGN(10000, 100, 1)
	b.Logf("file: %d bytes", len(text))
	b.Run("sqlite", func(b *testing.B) { benchGameUpload(b, modelstest.SQLite(b), text) })
	b.Run("postgres", func(b *testing.B) { benchGameUpload(b, modelstest.Postgres(b), text) })
}

func benchGameUpload(b *testing.B, db *gorm.DB, text string) {
	svc := games.NewService(models.NewGameStore(db), games.Config{})
	b.SetBytes(int64(len(text)))
	cpu := cpuTime()
	for b.Loop() {
		c := domain.Principal{UserID: uuid.NewString(), SchoolID: uuid.NewString(), Role: domain.RoleSchoolAdmin}
		rep, err := svc.Upload(ctx, c, games.Upload{Game: game.Chess, Text: text})
		if err != nil {
			b.Fatal(err)
		}
		if len(rep.Stored) != 10000 {
			b.Fatalf("%d stored, refused %+v", len(rep.Stored), rep.Refused[:min(3, len(rep.Refused))])
		}
	}
	b.ReportMetric((cpuTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
}
