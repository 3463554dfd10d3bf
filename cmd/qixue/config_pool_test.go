package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"qixue/models"
)

func TestDBPoolConfig(t *testing.T) {
	t.Setenv("QIXUE_DATABASE_URL", filepath.Join(t.TempDir(), "pool.db"))
	cfg, err := loadConfig()
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.dbPool(); got != models.DefaultPool {
		t.Errorf("default pool %+v, want %+v", got, models.DefaultPool)
	}
	if logged := fmt.Sprintln(cfg.logAttrs()...); !strings.Contains(logged, "db_pool sqlite: one connection") {
		t.Errorf("start-up log lacks the SQLite pool: %s", logged)
	}

	t.Setenv("QIXUE_DATABASE_URL", "postgres://qixue:secret@db.example/qixue")
	t.Setenv("QIXUE_DB_MAX_OPEN_CONNS", "50")
	t.Setenv("QIXUE_DB_MAX_IDLE_CONNS", "25")
	t.Setenv("QIXUE_DB_CONN_MAX_LIFETIME", "5m")
	if cfg, err = loadConfig(); err != nil {
		t.Fatal(err)
	}
	if got, want := cfg.dbPool(), (models.Pool{MaxOpenConns: 50, MaxIdleConns: 25, ConnMaxLifetime: 5 * time.Minute}); got != want {
		t.Errorf("pool %+v, want %+v", got, want)
	}
	if logged := fmt.Sprintln(cfg.logAttrs()...); !strings.Contains(logged, "db_pool max_open_conns=50 max_idle_conns=25 conn_max_lifetime=5m0s") {
		t.Errorf("start-up log lacks the pool: %s", logged)
	}

	// Fewer open connections than the default idle count caps the idle
	// count; an explicit idle count above the open one is refused.
	t.Setenv("QIXUE_DB_MAX_OPEN_CONNS", "4")
	t.Setenv("QIXUE_DB_MAX_IDLE_CONNS", "")
	if cfg, err = loadConfig(); err != nil || cfg.DBMaxIdleConns != 4 {
		t.Errorf("open 4 with the default idle count: idle %d, %v; want 4", cfg.DBMaxIdleConns, err)
	}
	t.Setenv("QIXUE_DB_MAX_IDLE_CONNS", "5")
	if _, err := loadConfig(); err == nil || !strings.Contains(err.Error(), "QIXUE_DB_MAX_IDLE_CONNS") {
		t.Errorf("idle 5 over open 4: %v", err)
	}
	t.Setenv("QIXUE_DB_MAX_IDLE_CONNS", "")
	t.Setenv("QIXUE_DB_MAX_OPEN_CONNS", "")

	for name, bads := range map[string][]string{
		"QIXUE_DB_MAX_OPEN_CONNS":    {"0", "-1", "many", "100000"},
		"QIXUE_DB_MAX_IDLE_CONNS":    {"0", "x"},
		"QIXUE_DB_CONN_MAX_LIFETIME": {"0s", "-1m", "30"},
	} {
		for _, bad := range bads {
			t.Setenv(name, bad)
			if _, err := loadConfig(); err == nil || !strings.Contains(err.Error(), name) {
				t.Errorf("%s=%q: %v", name, bad, err)
			}
		}
		t.Setenv(name, "")
	}
}
