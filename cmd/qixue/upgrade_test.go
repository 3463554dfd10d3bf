package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gorm.io/gorm"

	"qixue/models"
	"qixue/models/modelstest"
)

// The databases of testdata/olddb were made by the code before versioned
// migrations (main c666a44, AutoMigrate); see its README.
const (
	oldSQLite   = "testdata/olddb/c666a44-sqlite.db.gz"
	oldPostgres = "testdata/olddb/c666a44-postgres.sql.gz"
)

// TestUpgradeOldDatabase upgrades in place a database made before
// versioned migrations, on SQLite and on PostgreSQL: Migrate adopts it as
// step 1 and keeps every row of every table as it was, its schema is the
// one a new database gets, and `qixue serve` on it lets the demo teacher
// log in and read a student's progress, the class's games and its
// tournaments.
func TestUpgradeOldDatabase(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "qixue.db")
		gunzipTo(t, oldSQLite, path)
		upgradeOld(t, path)
	})
	t.Run("postgres", func(t *testing.T) {
		url := modelstest.PostgresDatabase(t)
		restoreDump(t, url, oldPostgres)
		upgradeOld(t, url)
	})
}

func upgradeOld(t *testing.T, url string) {
	db, err := models.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	defer models.Close(db)
	if models.IsNew(db) || db.Migrator().HasTable("schema_migrations") {
		t.Fatal("the old database is not one from before versioned migrations")
	}
	checkBaselineColumns(t, db)
	before := allRows(t, db)
	if len(before) < 40 || len(before["attempts"]) < 50 || len(before["live_games"]) < 4 {
		t.Fatalf("the old database holds too little: %d tables, %d attempts", len(before), len(before["attempts"]))
	}
	for range 2 {
		if err := models.Migrate(context.Background(), db); err != nil {
			t.Fatal(err)
		}
	}
	after := allRows(t, db)
	for table, rows := range before {
		if !slices.Equal(rows, after[table]) {
			t.Errorf("%s: %d rows before the upgrade, %d after, or changed", table, len(rows), len(after[table]))
		}
	}
	var adopted []bool
	if err := db.Raw("SELECT adopted FROM schema_migrations ORDER BY version").Scan(&adopted).Error; err != nil ||
		len(adopted) != models.SchemaVersion() || !adopted[0] || slices.Contains(adopted[1:], true) {
		t.Fatalf("steps recorded: %v, %v", adopted, err)
	}
	fresh := modelstest.SQLite(t)
	if db.Dialector.Name() == "postgres" {
		fresh = modelstest.Postgres(t)
	}
	if got, want := modelstest.Schema(t, db), modelstest.Schema(t, fresh); !slices.Equal(got, want) {
		t.Errorf("the upgraded schema differs from a new database's:\n%s", lineDiff(got, want))
	}
	var student struct {
		UserID string
		N      int
	}
	if err := db.Raw(`SELECT user_id, COUNT(DISTINCT exercise_id) AS n FROM attempts GROUP BY user_id ORDER BY n DESC, user_id LIMIT 1`).
		Scan(&student).Error; err != nil || student.N == 0 {
		t.Fatalf("no student with attempts: %v", err)
	}
	models.Close(db)

	t.Setenv("QIXUE_ADDR", "127.0.0.1:0")
	t.Setenv("QIXUE_DATABASE_URL", url)
	t.Setenv("QIXUE_JWT_SECRET", strings.Repeat("upgrade-test-secret-", 3))
	t.Setenv("QIXUE_DEMO_PASSWORD", "")
	p := startServeProcess(t)
	var s struct {
		AccessToken string `json:"access_token"`
	}
	if st := p.call(t, "POST", "/v1/auth/login", "", map[string]string{"username": "teacher", "password": "demo-teacher-pw"}, &s); st != 200 {
		t.Fatalf("the demo teacher's login: %d", st)
	}
	var progress struct {
		Exercises []struct {
			ExerciseID string `json:"exercise_id"`
		} `json:"exercises"`
	}
	if st := p.call(t, "GET", "/v1/students/"+student.UserID+"/progress", s.AccessToken, nil, &progress); st != 200 || len(progress.Exercises) != student.N {
		t.Fatalf("progress: %d, %d exercises, want %d", st, len(progress.Exercises), student.N)
	}
	var list struct {
		Items []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	for path, want := range map[string]int{"/v1/games": len(before["game_records"]), "/v1/tournaments": len(before["tournaments"])} {
		if st := p.call(t, "GET", path, s.AccessToken, nil, &list); st != 200 || len(list.Items) != want {
			t.Errorf("%s: %d, %d items, want %d", path, st, len(list.Items), want)
		}
	}
	if !models.IsPostgres(url) {
		checkTimeText(t, url, len(before["refresh_tokens"])+1)
	}
}

// sqliteTime is how SQLite rows keep times: the old driver's format, in
// which the times of the old rows and the new compare as text.
var sqliteTime = regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,9})?\+00:00$`)

// checkTimeText checks that the refresh tokens of the embedded database
// at path, the old ones and the one the login wrote, at least n, keep
// their times in one text format.
func checkTimeText(t *testing.T, path string, n int) {
	t.Helper()
	db, err := models.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer models.Close(db)
	var times []string
	if err := db.Raw("SELECT CAST(created_at AS TEXT) FROM refresh_tokens").Scan(&times).Error; err != nil {
		t.Fatal(err)
	}
	if len(times) < n {
		t.Fatalf("%d refresh tokens, want at least %d", len(times), n)
	}
	for _, v := range times {
		if !sqliteTime.MatchString(v) {
			t.Errorf("a refresh token's created_at is kept as %q", v)
		}
	}
}

// checkBaselineColumns checks that models/migrations/0001_baseline.columns,
// by which Migrate adopts a database from before versioned migrations,
// lists exactly the tables and columns of db, one such database.
func checkBaselineColumns(t *testing.T, db *gorm.DB) {
	t.Helper()
	f, err := os.Open("../../models/migrations/0001_baseline.columns")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	want := map[string][]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) > 0 && !strings.HasPrefix(fields[0], "#") {
			want[fields[0]] = fields[1:]
		}
	}
	tables, err := db.Migrator().GetTables()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	for _, table := range tables {
		types, err := db.Migrator().ColumnTypes(table)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range types {
			got[table] = append(got[table], c.Name())
		}
	}
	if len(got) < 40 {
		t.Fatalf("the old database has %d tables", len(got))
	}
	for table, cols := range want {
		a, b := slices.Sorted(slices.Values(cols)), slices.Sorted(slices.Values(got[table]))
		if !slices.Equal(a, b) {
			t.Errorf("%s: the old database has %v, 0001_baseline.columns lists %v", table, got[table], cols)
		}
	}
	for table := range got {
		if want[table] == nil {
			t.Errorf("the old database has %s, which 0001_baseline.columns does not list", table)
		}
	}
}

// allRows reads every row of every table but schema_migrations, each as
// the text of its columns, sorted per table.
func allRows(t *testing.T, db *gorm.DB) map[string][]string {
	t.Helper()
	tables, err := db.Migrator().GetTables()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, table := range tables {
		if table == "schema_migrations" {
			continue
		}
		rows, err := db.Raw(`SELECT * FROM "` + table + `"`).Rows()
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		out[table] = []string{}
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var b strings.Builder
			for i, v := range vals {
				if bs, ok := v.([]byte); ok {
					v = string(bs)
				}
				fmt.Fprintf(&b, "%s=%v\x1f", cols[i], v)
			}
			out[table] = append(out[table], b.String())
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
		slices.Sort(out[table])
	}
	return out
}

// lineDiff lists the lines only in got (+) or only in want (-).
func lineDiff(got, want []string) string {
	var b strings.Builder
	for _, g := range got {
		if !slices.Contains(want, g) {
			b.WriteString("+ " + g + "\n")
		}
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			b.WriteString("- " + w + "\n")
		}
	}
	return b.String()
}

func gunzipTo(t *testing.T, src, dst string) {
	t.Helper()
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	zr, err := gzip.NewReader(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, zr); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// restoreDump runs a gzipped plain-SQL pg_dump on the database at url,
// less pg_dump's psql commands (\restrict), on a connection of its own
// (the dump empties its search_path).
func restoreDump(t *testing.T, url, src string) {
	t.Helper()
	in, err := os.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	zr, err := gzip.NewReader(in)
	if err != nil {
		t.Fatal(err)
	}
	var sql strings.Builder
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), `\`) {
			sql.WriteString(sc.Text() + "\n")
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	db, err := models.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	defer models.Close(db)
	if err := db.Exec(sql.String()).Error; err != nil {
		t.Fatalf("restore %s: %v", src, err)
	}
}
