package models

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// DefaultDatabase is the embedded database file used when no URL is given.
const DefaultDatabase = "./qixue.db"

// IsPostgres reports whether a database URL selects PostgreSQL.
func IsPostgres(url string) bool {
	return strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://")
}

// SQLitePath returns the file path of an embedded database URL: a plain
// path, or "sqlite://" followed by the path ("sqlite:///abs/qixue.db").
// An empty URL is DefaultDatabase.
func SQLitePath(url string) string {
	if url == "" {
		return DefaultDatabase
	}
	if p, ok := strings.CutPrefix(url, "sqlite://"); ok {
		return p
	}
	return url
}

// Pool sizes the connection pool of a PostgreSQL database. Zero fields
// take the defaults of DefaultPool. An embedded SQLite database ignores
// it: it keeps one connection for writes and SQLiteReadConns read-only
// ones for reads.
type Pool struct {
	// MaxOpenConns bounds the open connections (in use or idle).
	MaxOpenConns int
	// MaxIdleConns bounds the idle connections kept for reuse; it is
	// capped at MaxOpenConns.
	MaxIdleConns int
	// ConnMaxLifetime closes connections older than this, so that a
	// database failover or a proxy's limits are followed.
	ConnMaxLifetime time.Duration
}

// DefaultPool is the PostgreSQL pool used for zero Pool fields. It keeps
// every open connection for reuse: with fewer idle than open ones,
// database/sql closes each connection returned beyond the idle count, and
// under steady load the pool kept closing and reopening connections (a
// PostgreSQL backend start, and the statements prepared again, each time:
// 57 sessions in a 65 s benchmark at 2,000 answers/s with 10 idle of 20).
var DefaultPool = Pool{MaxOpenConns: 20, MaxIdleConns: 20, ConnMaxLifetime: 30 * time.Minute}

// withDefaults fills p's zero fields from DefaultPool and caps the idle
// connections at the open ones.
func (p Pool) withDefaults() Pool {
	if p.MaxOpenConns <= 0 {
		p.MaxOpenConns = DefaultPool.MaxOpenConns
	}
	if p.MaxIdleConns <= 0 {
		p.MaxIdleConns = DefaultPool.MaxIdleConns
	}
	if p.ConnMaxLifetime <= 0 {
		p.ConnMaxLifetime = DefaultPool.ConnMaxLifetime
	}
	p.MaxIdleConns = min(p.MaxIdleConns, p.MaxOpenConns)
	return p
}

// Open connects to the database named by url: PostgreSQL for postgres://
// URLs, otherwise an embedded SQLite file (see SQLitePath), created with
// mode 0600 if missing; an existing one that other users may read is
// refused with ErrInsecureFile. It does not migrate. A PostgreSQL pool has DefaultPool's sizes.
func Open(url string) (*gorm.DB, error) { return OpenPool(url, Pool{}) }

// OpenPool is Open with the PostgreSQL pool sized by pool.
func OpenPool(url string, pool Pool) (*gorm.DB, error) {
	cfg := &gorm.Config{
		Logger:         logger.Discard,
		TranslateError: true,
		NowFunc:        func() time.Time { return time.Now().UTC().Truncate(time.Microsecond) },
	}
	if IsPostgres(url) {
		db, err := gorm.Open(postgres.Open(url), cfg)
		if err != nil {
			return nil, fmt.Errorf("open postgres: %w", err)
		}
		sqlDB, err := db.DB()
		if err != nil {
			return nil, err
		}
		pool = pool.withDefaults()
		sqlDB.SetMaxOpenConns(pool.MaxOpenConns)
		sqlDB.SetMaxIdleConns(pool.MaxIdleConns)
		sqlDB.SetConnMaxLifetime(pool.ConnMaxLifetime)
		return db, nil
	}
	return openSQLite(SQLitePath(url), cfg)
}

// Ping checks that the database answers a query. On an embedded database
// it asks the read pool, which a long write (a roster import) does not
// hold up.
func Ping(ctx context.Context, db *gorm.DB) error {
	var one int
	return db.WithContext(ctx).Raw("SELECT 1").Row().Scan(&one)
}

// Fill opens up to n connections of a PostgreSQL pool at once and leaves
// them idle (n is capped at the pool's idle limit), so that the first
// requests of a server do not each wait for a new backend, whose first
// statements are also slow while it fills its catalog caches. The
// embedded database's connections are opened with it.
func Fill(ctx context.Context, db *gorm.DB, n int) error {
	if db.Dialector.Name() != "postgres" {
		return nil
	}
	sqlDB, err := db.DB()
	if err != nil {
		return err
	}
	conns := make([]*sql.Conn, 0, n)
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range n {
		c, err := sqlDB.Conn(ctx)
		if err != nil {
			return err
		}
		conns = append(conns, c)
		if err := c.PingContext(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Close closes the database's connections (both pools of an embedded
// database).
func Close(db *gorm.DB) error {
	if p, ok := db.ConnPool.(*splitPool); ok {
		return p.Close()
	}
	sqlDB, err := db.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

// IsNew reports whether the database has not been migrated yet.
func IsNew(db *gorm.DB) bool { return !db.Migrator().HasTable(&schoolRow{}) }

// isDuplicate reports whether err is a unique-constraint violation.
func isDuplicate(err error) bool {
	if err == nil {
		return false
	}
	return errors.Is(err, gorm.ErrDuplicatedKey) ||
		strings.Contains(err.Error(), "UNIQUE constraint failed") ||
		strings.Contains(err.Error(), "SQLSTATE 23505")
}
