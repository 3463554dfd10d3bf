package models

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"
)

// openTemp opens and migrates an embedded database in a new directory.
func openTemp(t *testing.T) (*gorm.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "qixue.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { Close(db) })
	if err := Migrate(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return db, path
}

// TestSQLiteFileModes checks that a new embedded database and the -wal
// and -shm files SQLite makes beside it after a write are private (0600),
// whatever the umask lets through.
func TestSQLiteFileModes(t *testing.T) {
	db, path := openTemp(t)
	if _, err := Setting(context.Background(), db, "jwt_secret", func() string { return "s3cret" }); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		info, err := os.Stat(p)
		if err != nil {
			t.Fatalf("%s after a write: %v", filepath.Base(p), err)
		}
		if mode := info.Mode().Perm(); mode != 0o600 {
			t.Errorf("%s has mode %04o, want 0600", filepath.Base(p), mode)
		}
	}
}

// TestSQLiteRefusesOpenFile checks that an existing database file, or a
// side file, that other users may read or write is refused with a message
// that says how to fix it, and that the fixed file opens.
func TestSQLiteRefusesOpenFile(t *testing.T) {
	for _, tc := range []struct {
		name, suffix string
		mode         os.FileMode
	}{
		{"world-readable database", "", 0o644},
		{"group-readable database", "", 0o640},
		{"group-writable database", "", 0o620},
		{"world-readable wal", "-wal", 0o644},
		{"world-readable shm", "-shm", 0o604},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db, path := openTemp(t)
			Close(db)
			bad := path + tc.suffix
			if err := os.WriteFile(bad, nil, 0o600); err != nil && tc.suffix != "" {
				t.Fatal(err)
			}
			if err := os.Chmod(bad, tc.mode); err != nil {
				t.Fatal(err)
			}
			_, err := Open(path)
			if !errors.Is(err, ErrInsecureFile) {
				t.Fatalf("Open of a %04o file: %v, want ErrInsecureFile", tc.mode, err)
			}
			if want := "chmod 600 " + bad; !strings.Contains(err.Error(), want) {
				t.Errorf("message %q does not say %q", err, want)
			}
			if err := os.Chmod(bad, 0o600); err != nil {
				t.Fatal(err)
			}
			db, err = Open(path)
			if err != nil {
				t.Fatalf("after chmod 600: %v", err)
			}
			Close(db)
		})
	}
}

// TestSQLiteReadsBesideWriter checks that plain reads do not wait for an
// open write transaction (they run on the read pool under WAL), see the
// last committed state, and that reads inside the transaction see its own
// writes.
func TestSQLiteReadsBesideWriter(t *testing.T) {
	db, _ := openTemp(t)
	ctx := context.Background()
	if err := db.Create(&settingRow{Name: "before", Value: "1"}).Error; err != nil {
		t.Fatal(err)
	}
	inTx := make(chan struct{})
	readDone := make(chan struct{})
	txErr := make(chan error, 1)
	go func() {
		txErr <- db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Create(&settingRow{Name: "during", Value: "2"}).Error; err != nil {
				return err
			}
			var n int64
			if err := tx.Model(&settingRow{}).Count(&n).Error; err != nil {
				return err
			}
			if n != 2 {
				return errors.New("the transaction does not see its own write")
			}
			close(inTx)
			select { // hold the writer like a long import
			case <-readDone:
			case <-time.After(5 * time.Second):
			}
			return nil
		})
	}()
	<-inTx
	start := time.Now()
	var names []string
	err := db.WithContext(ctx).Model(&settingRow{}).Order("name").Pluck("name", &names).Error
	took := time.Since(start)
	close(readDone)
	if err != nil {
		t.Fatal(err)
	}
	if took > time.Second {
		t.Errorf("a read took %v while a write transaction was open", took)
	}
	if len(names) != 1 || names[0] != "before" {
		t.Errorf("read during the transaction saw %v, want only the committed [before]", names)
	}
	if err := <-txErr; err != nil {
		t.Fatal(err)
	}
	if err := Ping(ctx, db); err != nil {
		t.Fatal(err)
	}
	var n int64
	if err := db.Model(&settingRow{}).Count(&n).Error; err != nil || n != 2 {
		t.Errorf("after commit: %d rows (%v), want 2", n, err)
	}
}

// TestSQLiteWritesOutsideTransactions checks that statements that write
// without a transaction reach the writer, the read pool being read-only:
// GORM creates, updates and deletes, Exec, and INSERT ... RETURNING read
// through Raw.
func TestSQLiteWritesOutsideTransactions(t *testing.T) {
	db, _ := openTemp(t)
	if err := db.Create(&settingRow{Name: "a", Value: "1"}).Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Model(&settingRow{}).Where("name = ?", "a").Update("value", "2").Error; err != nil {
		t.Fatal(err)
	}
	if err := db.Exec("INSERT INTO settings (name, value) VALUES (?, ?)", "b", "3").Error; err != nil {
		t.Fatal(err)
	}
	var got string
	if err := db.Raw("INSERT INTO settings (name, value) VALUES (?, ?) RETURNING value", "c", "4").Scan(&got).Error; err != nil || got != "4" {
		t.Fatalf("INSERT ... RETURNING: %q, %v", got, err)
	}
	if err := db.Where("name = ?", "b").Delete(&settingRow{}).Error; err != nil {
		t.Fatal(err)
	}
	// The read pool refuses writes, so a misrouted one would fail.
	p := db.ConnPool.(*splitPool)
	if n := p.read.Stats().MaxOpenConnections; n != SQLiteReadConns {
		t.Errorf("read pool of %d connections, want %d", n, SQLiteReadConns)
	}
	if _, err := p.read.Exec("INSERT INTO settings (name, value) VALUES ('x', 'y')"); err == nil {
		t.Error("the read pool accepted a write")
	}
}

func TestIsRead(t *testing.T) {
	for q, want := range map[string]bool{
		"SELECT 1":                                true,
		"  select * FROM users":                   true,
		"(SELECT 1) UNION (SELECT 2)":             true,
		"INSERT INTO x VALUES (1) RETURNING id":   false,
		"UPDATE x SET a = 1":                      false,
		"WITH t AS (SELECT 1) DELETE FROM x":      false,
		"PRAGMA table_info(users)":                false,
		"sel":                                     false,
		"":                                        false,
		"DELETE FROM x WHERE id IN (SELECT id)":   false,
		"\n\tSELECT id FROM x WHERE a = 'INSERT'": true,
	} {
		if got := isRead(q); got != want {
			t.Errorf("isRead(%q) = %v, want %v", q, got, want)
		}
	}
}
