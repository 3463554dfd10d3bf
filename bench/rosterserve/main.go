// Command rosterserve measures roster imports as a deployed server runs
// them: for each size it starts `qixue serve` (built from this tree) as a
// separate process on a fresh PostgreSQL schema (or, with -sqlite, a new
// embedded database), creates a platform admin with `qixue admin create`,
// uploads a generated OneRoster district zip through POST
// /v1/roster/imports and polls the job, then uploads the same zip again.
// Every student and teacher has a username.
//
// For each size it prints the wall time of the first and the repeat
// import (upload to finished job, polled every 100 ms), the job's own
// time (started to finished), the server's CPU time and its time waiting
// for a CPU (schedstat of its threads: on a shared machine, wall time is
// mostly that wait), its peak RSS (VmHWM, reset before each import), and
// the ratios repeat/first; on PostgreSQL also the CPU time of the
// server's backends.
//
//	go run ./bench/rosterserve -db 'postgres://postgres@127.0.0.1:5432/test?sslmode=disable'
//	go run ./bench/rosterserve -sqlite -sizes 100000
package main

import (
	"archive/zip"
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"qixue/bench/internal/served"
	"qixue/models"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench/rosterserve:", err)
		os.Exit(1)
	}
}

type options struct {
	db                  string
	sqlite              bool
	sizes               []int
	schoolSize, classSz int
	bin                 string
	keep                bool
	logSlow             int
}

func run() error {
	var o options
	sizes := flag.String("sizes", "25000,50000,100000,200000", "comma-separated numbers of students, one server each")
	flag.StringVar(&o.db, "db", os.Getenv("QIXUE_TEST_DATABASE_URL"), "PostgreSQL URL (a fresh schema per size, dropped after)")
	flag.BoolVar(&o.sqlite, "sqlite", false, "use a new embedded SQLite database per size instead of PostgreSQL")
	flag.IntVar(&o.schoolSize, "school-size", 2000, "students per school")
	flag.IntVar(&o.classSz, "class-size", 30, "students per class (one teacher each)")
	flag.StringVar(&o.bin, "bin", "", "qixue binary to run (default: build ./cmd/qixue)")
	flag.IntVar(&o.logSlow, "pg-log-slow", 0, "PostgreSQL: log the server's statements that take at least this many ms (log_min_duration_statement on its sessions; 0 = off)")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary directories (databases, server logs)")
	flag.Parse()
	for _, f := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n <= 0 {
			return fmt.Errorf("-sizes: %q is not a number of students", f)
		}
		o.sizes = append(o.sizes, n)
	}
	if !o.sqlite && !models.IsPostgres(o.db) {
		return errors.New("-db must be a postgres:// URL (or use -sqlite)")
	}
	dir, bin, cleanup, err := served.Setup("rosterserve", o.keep, o.bin)
	if err != nil {
		return err
	}
	defer cleanup()
	o.bin = bin
	if !o.sqlite {
		settings, err := pgSettings(o.db)
		if err != nil {
			return err
		}
		fmt.Println("PostgreSQL:", settings)
	}
	var lines []string
	for _, n := range o.sizes {
		line, err := o.measure(dir, n)
		if err != nil {
			return fmt.Errorf("%d students: %w", n, err)
		}
		lines = append(lines, line)
	}
	fmt.Println("summary (repeat/first):")
	for _, l := range lines {
		fmt.Println(" ", l)
	}
	return nil
}

// measure runs one server on a fresh database, imports a district of n
// students twice and returns the ratio line.
func (o options) measure(dir string, n int) (string, error) {
	sub := filepath.Join(dir, fmt.Sprint(n))
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return "", err
	}
	t0 := time.Now()
	data, counts, err := district(n, o.schoolSize, o.classSz)
	if err != nil {
		return "", err
	}
	fmt.Printf("\n%d students: %s, zip %.1f MB, generated in %v\n", n, counts, float64(len(data))/(1<<20),
		time.Since(t0).Round(time.Millisecond))
	secret := make([]byte, 48)
	rand.Read(secret)
	dbURL := filepath.Join(sub, "qixue.db")
	var pg *gorm.DB // PostgreSQL, for the CPU of the server's backends
	if !o.sqlite {
		u, cleanup, err := served.FreshSchema(o.db, "rosterserve_", o.keep)
		if err != nil {
			return "", err
		}
		defer cleanup()
		dbURL = u + "&application_name=" + appName
		if o.logSlow > 0 {
			dbURL += fmt.Sprintf("&log_min_duration_statement=%d", o.logSlow)
		}
		if pg, err = models.Open(o.db); err != nil {
			return "", err
		}
		defer models.Close(pg)
	}
	srv, err := served.Start(sub, o.bin, "QIXUE_DATABASE_URL="+dbURL,
		"QIXUE_JWT_SECRET="+base64.StdEncoding.EncodeToString(secret), "QIXUE_DEMO_PASSWORD=bench-teacher-pw")
	if err != nil {
		return "", err
	}
	defer srv.Stop()
	rootPW := "bench-root-password-123"
	if err := srv.AdminCreate("root", rootPW); err != nil {
		return "", err
	}
	c := served.NewClient(srv)
	c.HTTP.Timeout = 5 * time.Minute
	token, err := c.Login(map[string]string{"username": "root", "password": rootPW})
	if err != nil {
		return "", err
	}
	var wall, cpu, pgCPU [2]time.Duration
	for i, label := range []string{"first import ", "repeat import"} {
		if err := srv.ResetPeakRSS(); err != nil {
			return "", err
		}
		cpu0, wait0, err := srv.Sched()
		if err != nil {
			return "", err
		}
		pg0 := backendsCPU(pg)
		start := time.Now()
		id, err := c.Upload(token, data)
		if err != nil {
			return "", err
		}
		job, err := c.WaitJob(token, id, 100*time.Millisecond)
		wall[i] = time.Since(start)
		if err != nil {
			return "", err
		}
		rss, err := srv.PeakRSS()
		if err != nil {
			return "", err
		}
		cpu1, wait1, err := srv.Sched()
		if err != nil {
			return "", err
		}
		cpu[i] = cpu1 - cpu0
		fmt.Printf("  %s: wall %v, job %v, server CPU %v, waiting for a CPU %v, peak RSS %d MB", label,
			wall[i].Round(time.Millisecond), job.FinishedAt.Sub(job.StartedAt).Round(time.Millisecond),
			cpu[i].Round(time.Millisecond), (wait1 - wait0).Round(time.Millisecond), rss>>20)
		if pg != nil {
			pgCPU[i] = backendsCPU(pg) - pg0
			fmt.Printf(", PostgreSQL backends' CPU %v", pgCPU[i].Round(time.Millisecond))
		}
		fmt.Printf("\n    %s\n", job.Summary)
	}
	ratio := fmt.Sprintf("%d students: first %v, repeat %v, repeat/first %.2f (server CPU %v / %v, %.2f)", n,
		wall[0].Round(time.Millisecond), wall[1].Round(time.Millisecond), wall[1].Seconds()/wall[0].Seconds(),
		cpu[0].Round(time.Millisecond), cpu[1].Round(time.Millisecond), cpu[1].Seconds()/cpu[0].Seconds())
	if pg != nil {
		ratio += fmt.Sprintf(" (PostgreSQL CPU %v / %v, %.2f)", pgCPU[0].Round(time.Millisecond),
			pgCPU[1].Round(time.Millisecond), pgCPU[1].Seconds()/pgCPU[0].Seconds())
	}
	fmt.Println(" ", ratio)
	return ratio, nil
}

// district builds a bulk OneRoster 1.1 zip of n students in schools of
// schoolSize, in classes of classSize with one teacher each; every user
// has a username.
func district(n, schoolSize, classSize int) ([]byte, string, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	schools := (n + schoolSize - 1) / schoolSize
	classes, enrollments := 0, 0
	for _, name := range []string{"manifest.csv", "orgs.csv", "users.csv", "classes.csv", "enrollments.csv"} {
		f, err := zw.Create(name)
		if err != nil {
			return nil, "", err
		}
		w := bufio.NewWriterSize(f, 1<<16)
		p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
		given := []string{"伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "Amy", "Ben"}
		family := []string{"王", "李", "张", "刘", "陈", "杨", "Smith"}
		// each calls f(school, class, first student, students in the class).
		each := func(f func(s, c, first, k int)) {
			for s := range schools {
				ns := min(schoolSize, n-s*schoolSize)
				for c := 0; c*classSize < ns; c++ {
					f(s, c, s*schoolSize+c*classSize, min(classSize, ns-c*classSize))
				}
			}
		}
		switch name {
		case "manifest.csv":
			p("propertyName,value\nmanifest.version,1.0\noneroster.version,1.1\n" +
				"file.orgs,bulk\nfile.users,bulk\nfile.classes,bulk\nfile.enrollments,bulk\nfile.academicSessions,absent\nfile.courses,absent\n")
		case "orgs.csv":
			p("sourcedId,status,dateLastModified,name,type,parentSourcedId\ndist,,,Bench District,district,\n")
			for s := range schools {
				p("org%03d,,,Bench Primary School %d,school,dist\n", s, s)
			}
		case "classes.csv":
			p("sourcedId,title,grades,schoolSourcedId\n")
			each(func(s, c, _, _ int) {
				p("org%03d-c%04d,Chess %d,%02d,org%03d\n", s, c, c, c%6+1, s)
				classes++
			})
		case "users.csv":
			p("sourcedId,orgSourcedIds,role,username,givenName,familyName\n")
			each(func(s, c, first, k int) {
				p("org%03d-t%04d,org%03d,teacher,bt%03d.%04d,%s,%s\n", s, c, s, s, c, given[c%len(given)], family[c%len(family)])
				for i := first; i < first+k; i++ {
					p("s%07d,org%03d,student,bs%07d,%s,%s\n", i, s, i, given[i%len(given)], family[(i/7)%len(family)])
				}
			})
		case "enrollments.csv":
			p("sourcedId,classSourcedId,userSourcedId,role\n")
			each(func(s, c, first, k int) {
				p("org%03d-et%04d,org%03d-c%04d,org%03d-t%04d,teacher\n", s, c, s, c, s, c)
				for i := first; i < first+k; i++ {
					p("es%07d,org%03d-c%04d,s%07d,student\n", i, s, c, i)
				}
				enrollments += k + 1
			})
		}
		if err := w.Flush(); err != nil {
			return nil, "", err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), fmt.Sprintf("%d schools, %d teachers, %d classes, %d enrollments",
		schools, classes, classes, enrollments), nil
}

// appName is the application_name of the server's PostgreSQL sessions.
const appName = "qixue-rosterserve"

// backendsCPU sums the CPU time used so far by the PostgreSQL backends
// of the server's open sessions (pg_stat_activity by application_name,
// /proc of each backend: the cluster runs on this machine). Sessions
// that closed in between are not counted; nil pg gives 0.
func backendsCPU(pg *gorm.DB) time.Duration {
	if pg == nil {
		return 0
	}
	var pids []int
	pg.Raw("SELECT pid FROM pg_stat_activity WHERE application_name = ?", appName).Scan(&pids)
	var sum time.Duration
	for _, pid := range pids {
		if d, err := served.ProcCPU(pid); err == nil {
			sum += d
		}
	}
	return sum
}

// pgSettings reports the server's version and the settings that bear on
// bulk writes and plans.
func pgSettings(base string) (string, error) {
	db, err := models.Open(base)
	if err != nil {
		return "", err
	}
	defer models.Close(db)
	var parts []string
	for _, name := range []string{"server_version", "autovacuum", "shared_buffers", "work_mem", "maintenance_work_mem",
		"max_wal_size", "synchronous_commit", "fsync", "plan_cache_mode"} {
		var v string
		if err := db.Raw("SELECT current_setting(?)", name).Scan(&v).Error; err != nil {
			return "", err
		}
		parts = append(parts, name+"="+v)
	}
	return strings.Join(parts, " "), nil
}
