package models

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/libtnb/sqlite"
	"gorm.io/gorm"
)

// SQLiteReadConns is the size of an embedded database's read pool.
const SQLiteReadConns = 4

// ErrInsecureFile is returned by Open for an embedded database file (or
// one of its -wal, -shm or -journal files) that users other than its owner
// may read or write: it holds the token-signing secret.
var ErrInsecureFile = errors.New("database file readable by other users")

// sqliteSideFiles are the files SQLite keeps beside a database.
var sqliteSideFiles = []string{"-wal", "-shm", "-journal"}

// openSQLite opens the embedded database at path, creating it 0600 when
// missing. Its -wal, -shm and -journal files take the database file's
// mode from SQLite. Writes and transactions go to one connection (SQLite
// allows one writer); plain SELECTs go to a pool of read-only
// connections, which WAL lets run beside the writer, so a long write
// (a roster import) does not hold up readers.
func openSQLite(path string, cfg *gorm.Config) (*gorm.DB, error) {
	if err := prepareSQLiteFile(path); err != nil {
		return nil, err
	}
	// _time_format=sqlite writes times as "2006-01-02 15:04:05.999999999-07:00",
	// as the old driver (glebarez/go-sqlite) did: modernc.org/sqlite's
	// default is time.Time.String, which would not sort with the rows
	// already stored.
	const common = "?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_time_format=sqlite"
	write, err := sql.Open(sqlite.DriverName, path+common+"&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	// One writer at a time is all SQLite allows; a single connection
	// serializes them instead of failing with SQLITE_BUSY.
	write.SetMaxOpenConns(1)
	// The writer switches the file to WAL before any reader opens it.
	if err := write.Ping(); err != nil {
		write.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	read, err := sql.Open(sqlite.DriverName, path+common+"&_pragma=query_only(1)")
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	read.SetMaxOpenConns(SQLiteReadConns)
	read.SetMaxIdleConns(SQLiteReadConns)
	pool := &splitPool{read: read, write: write}
	db, err := gorm.Open(&sqlite.Dialector{Conn: pool}, cfg)
	if err != nil {
		pool.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	return db, nil
}

// prepareSQLiteFile creates a missing database file with mode 0600 and
// refuses an existing one (or side file) that others may read or write.
func prepareSQLiteFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		return f.Close()
	}
	if !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("create database file: %w", err)
	}
	for _, p := range append([]string{path}, sideFilePaths(path)...) {
		info, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if mode := info.Mode().Perm(); mode&0o077 != 0 {
			return fmt.Errorf("%w: %s has mode %04o, but it holds the token-signing secret; "+
				"make it private with `chmod 600 %s` and start again", ErrInsecureFile, p, mode, p)
		}
	}
	return nil
}

func sideFilePaths(path string) []string {
	out := make([]string, len(sqliteSideFiles))
	for i, s := range sqliteSideFiles {
		out[i] = path + s
	}
	return out
}

// splitPool is the gorm.ConnPool of an embedded database: statements that
// start with SELECT run on the read pool, everything else (and every
// transaction, so reads inside one see its writes) on the writer.
type splitPool struct {
	read, write *sql.DB
}

// isRead reports whether query is a plain SELECT, which a read-only
// connection can run. Anything else (INSERT ... RETURNING, PRAGMA, WITH)
// goes to the writer.
func isRead(query string) bool {
	q := strings.TrimLeft(query, " \t\r\n(")
	return len(q) >= 6 && strings.EqualFold(q[:6], "select")
}

func (p *splitPool) pick(query string) *sql.DB {
	if isRead(query) {
		return p.read
	}
	return p.write
}

func (p *splitPool) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	return p.pick(query).PrepareContext(ctx, query)
}

func (p *splitPool) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return p.write.ExecContext(ctx, query, args...)
}

func (p *splitPool) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return p.pick(query).QueryContext(ctx, query, args...)
}

func (p *splitPool) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return p.pick(query).QueryRowContext(ctx, query, args...)
}

// BeginTx starts a transaction on the writer.
func (p *splitPool) BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error) {
	return p.write.BeginTx(ctx, opts)
}

// GetDBConn returns the writer, for gorm.DB.DB.
func (p *splitPool) GetDBConn() (*sql.DB, error) { return p.write, nil }

// Ping checks both pools.
func (p *splitPool) Ping() error { return errors.Join(p.write.Ping(), p.read.Ping()) }

// Close closes both pools.
func (p *splitPool) Close() error { return errors.Join(p.read.Close(), p.write.Close()) }
