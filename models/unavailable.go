package models

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
)

// IsUnavailable reports whether err says the database cannot be reached
// or cannot serve now, as opposed to refusing a statement: a connection
// refused, reset or timed out, a closed pool, PostgreSQL starting up,
// shutting down or out of connections, SQLite busy past its timeout. The
// HTTP layer answers such errors with 503 and Retry-After.
func IsUnavailable(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, sql.ErrConnDone) || errors.Is(err, driver.ErrBadConn) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) {
		return true
	}
	var connect *pgconn.ConnectError
	if errors.As(err, &connect) {
		return true
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch {
		case strings.HasPrefix(pg.Code, "08"), // connection exception
			pg.Code == "57P01", // admin_shutdown
			pg.Code == "57P02", // crash_shutdown
			pg.Code == "57P03", // cannot_connect_now (starting up, shutting down)
			pg.Code == "53300": // too_many_connections
			return true
		}
		return false
	}
	var op *net.OpError
	if errors.As(err, &op) {
		return true
	}
	// database/sql's closed pool and SQLite's busy database have no
	// exported error values.
	msg := err.Error()
	return strings.Contains(msg, "sql: database is closed") || strings.Contains(msg, "SQLITE_BUSY")
}
