package models_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"qixue/models"
	"qixue/models/modelstest"
)

// TestOpenPool checks that the pool settings reach database/sql on
// PostgreSQL and that SQLite keeps its single write connection (the read
// pool: TestSQLiteWritesOutsideTransactions).
func TestOpenPool(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		db, err := models.OpenPool(filepath.Join(t.TempDir(), "pool.db"), models.Pool{MaxOpenConns: 7, MaxIdleConns: 3})
		if err != nil {
			t.Fatal(err)
		}
		defer models.Close(db)
		sqlDB, _ := db.DB()
		if n := sqlDB.Stats().MaxOpenConnections; n != 1 {
			t.Errorf("SQLite max open write connections %d, want 1", n)
		}
	})
	url := os.Getenv(modelstest.EnvURL)
	if url == "" {
		return
	}
	t.Run("postgres", func(t *testing.T) {
		db, err := models.Open(url)
		if err != nil {
			t.Fatal(err)
		}
		sqlDB, _ := db.DB()
		if n := sqlDB.Stats().MaxOpenConnections; n != models.DefaultPool.MaxOpenConns {
			t.Errorf("default max open connections %d, want %d", n, models.DefaultPool.MaxOpenConns)
		}
		models.Close(db)

		db, err = models.OpenPool(url, models.Pool{MaxOpenConns: 4, MaxIdleConns: 2})
		if err != nil {
			t.Fatal(err)
		}
		defer models.Close(db)
		sqlDB, _ = db.DB()
		if n := sqlDB.Stats().MaxOpenConnections; n != 4 {
			t.Errorf("max open connections %d, want 4", n)
		}
		// Fill opens the pool's connections before the first request.
		if err := models.Fill(context.Background(), db, 2); err != nil {
			t.Fatal(err)
		}
		if st := sqlDB.Stats(); st.Idle != 2 || st.OpenConnections != 2 {
			t.Errorf("after Fill(2): %d open, %d idle, want 2 and 2", st.OpenConnections, st.Idle)
		}
		// Four connections in use, then released: two stay idle.
		ctx := context.Background()
		conns := make([]*sql.Conn, 4)
		for i := range conns {
			if conns[i], err = sqlDB.Conn(ctx); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range conns {
			c.Close()
		}
		if s := sqlDB.Stats(); s.Idle != 2 || s.OpenConnections != 2 {
			t.Errorf("after release: %d idle of %d open, want 2 of 2", s.Idle, s.OpenConnections)
		}
	})
}
