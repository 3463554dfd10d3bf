package models

import (
	"context"
	"errors"
	"fmt"
	"net"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// TestIsUnavailable checks which errors mean the database cannot be
// reached: those of a closed embedded database, of a PostgreSQL server
// that is not listening or is shutting down; and that the errors of
// statements the database refused are not among them.
func TestIsUnavailable(t *testing.T) {
	db, _ := openTemp(t)
	Close(db)
	var n int64
	closedRead := db.Model(&settingRow{}).Count(&n).Error
	closedWrite := db.Create(&settingRow{Name: "a", Value: "b"}).Error
	closedTx := db.Transaction(func(*gorm.DB) error { return nil })

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	pg, err := gorm.Open(postgres.Open(fmt.Sprintf("postgres://postgres@127.0.0.1:%d/x?sslmode=disable&connect_timeout=2", port)),
		&gorm.Config{Logger: logger.Discard, DisableAutomaticPing: true})
	if err != nil {
		t.Fatal(err)
	}
	defer Close(pg)
	refused := pg.WithContext(context.Background()).Model(&settingRow{}).Count(&n).Error

	live, _ := openTemp(t)
	live.Create(&settingRow{Name: "k", Value: "v"})
	duplicate := live.Create(&settingRow{Name: "k", Value: "v"}).Error
	notFound := live.Where("name = ?", "none").Take(&settingRow{}).Error
	badSQL := live.Exec("SELEC 1").Error

	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"sqlite closed, read", closedRead, true},
		{"sqlite closed, write", closedWrite, true},
		{"sqlite closed, transaction", closedTx, true},
		{"postgres connection refused", refused, true},
		{"postgres shutting down", fmt.Errorf("store: %w", &pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"}), true},
		{"postgres starting up", &pgconn.PgError{Code: "57P03", Message: "the database system is starting up"}, true},
		{"deadline", fmt.Errorf("load: %w", context.DeadlineExceeded), true},
		{"postgres syntax error", &pgconn.PgError{Code: "42601"}, false},
		{"duplicate", duplicate, false},
		{"not found", notFound, false},
		{"sqlite syntax error", badSQL, false},
		{"canceled", context.Canceled, false},
		{"nil", nil, false},
		{"other", errors.New("x"), false},
	} {
		if tc.err == nil && tc.name != "nil" {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		if got := IsUnavailable(tc.err); got != tc.want {
			t.Errorf("%s: IsUnavailable(%v) = %v, want %v", tc.name, tc.err, got, tc.want)
		}
	}
}
