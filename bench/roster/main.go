// Command roster benchmarks a district-size OneRoster import: it writes a
// generated district (50 schools, 100,000 students, 5,000 teachers, 4,000
// classes, 200,000 enrollments) into a temporary folder, imports it into a
// fresh schema of a PostgreSQL database, then imports it again unchanged,
// and reports the time and peak memory of each run.
//
//	go run ./bench/roster -db 'postgres://postgres:postgres@127.0.0.1:5432/qixue_load?sslmode=disable'
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sync/atomic"
	"time"

	"gorm.io/gorm"

	"qixue/bench/internal/served"
	"qixue/domain"
	"qixue/models"
	"qixue/roster"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench/roster:", err)
		os.Exit(1)
	}
}

func run() error {
	dbURL := flag.String("db", os.Getenv("QIXUE_TEST_DATABASE_URL"), "PostgreSQL URL (a fresh schema is created and dropped)")
	schools := flag.Int("schools", 50, "schools in the district")
	students := flag.Int("students", 100_000, "students")
	teachers := flag.Int("teachers", 5_000, "teachers")
	classes := flag.Int("classes", 4_000, "classes")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the repeat import to this file")
	flag.Parse()
	if !models.IsPostgres(*dbURL) {
		return errors.New("-db must be a postgres:// URL")
	}
	dir, err := os.MkdirTemp("", "qixue-roster-bench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	t0 := time.Now()
	n, err := generate(dir, *schools, *students, *teachers, *classes)
	if err != nil {
		return err
	}
	var size int64
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if info, err := e.Info(); err == nil {
			size += info.Size()
		}
	}
	fmt.Printf("generated %d schools, %d students, %d teachers, %d classes, %d enrollments (%.1f MB of CSV) in %v\n",
		*schools, *students, *teachers, *classes, n, float64(size)/(1<<20), time.Since(t0).Round(time.Millisecond))

	db, drop, err := freshSchema(*dbURL)
	if err != nil {
		return err
	}
	defer drop()
	ctx := context.Background()
	if err := models.Migrate(ctx, db); err != nil {
		return err
	}
	im := roster.NewImporter(models.NewRosterStore(db), roster.Config{})
	root := domain.Principal{Role: domain.RolePlatformAdmin}
	for _, label := range []string{"first import", "repeat import (no changes)"} {
		runtime.GC()
		if *cpuProfile != "" && label != "first import" {
			f, err := os.Create(*cpuProfile)
			if err != nil {
				return err
			}
			pprof.StartCPUProfile(f)
			defer pprof.StopCPUProfile()
		}
		stop := watchMemory()
		start := time.Now()
		src, err := roster.ReadPath(dir, roster.Limits{})
		if err != nil {
			return err
		}
		res, err := im.Import(ctx, root, src, false)
		elapsed := time.Since(start)
		peakHeap, peakSys := stop()
		if err != nil {
			return err
		}
		s := res.Summary
		fmt.Printf("%s: %v, peak heap %d MB, peak Sys %d MB\n", label, elapsed.Round(time.Millisecond), peakHeap>>20, peakSys>>20)
		fmt.Printf("  users %+v\n  classes %+v\n  enrollments %+v\n", s.Users, s.Classes, s.Enrollments)
	}
	return nil
}

// watchMemory samples the heap and the memory obtained from the OS until
// the returned function is called, which reports the peaks.
func watchMemory() func() (heap, sys uint64) {
	var peakHeap, peakSys atomic.Uint64
	done := make(chan struct{})
	sample := func() {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		if m.HeapAlloc > peakHeap.Load() {
			peakHeap.Store(m.HeapAlloc)
		}
		if m.Sys > peakSys.Load() {
			peakSys.Store(m.Sys)
		}
	}
	go func() {
		t := time.NewTicker(50 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				sample()
			}
		}
	}()
	return func() (uint64, uint64) {
		close(done)
		sample()
		return peakHeap.Load(), peakSys.Load()
	}
}

// freshSchema opens the database in a new schema, dropped by the returned
// function.
func freshSchema(base string) (*gorm.DB, func(), error) {
	u, drop, err := served.FreshSchema(base, "roster_bench_", false)
	if err != nil {
		return nil, nil, err
	}
	db, err := models.Open(u)
	if err != nil {
		drop()
		return nil, nil, err
	}
	return db, func() { models.Close(db); drop() }, nil
}

// generate writes the district's OneRoster files into dir and returns the
// number of enrollments. Each class has one teacher; students are spread
// over their school's classes, most of them in two.
func generate(dir string, schools, students, teachers, classes int) (int, error) {
	files := map[string]*bufio.Writer{}
	var closers []*os.File
	for _, name := range []string{"manifest.csv", "orgs.csv", "users.csv", "classes.csv", "enrollments.csv"} {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return 0, err
		}
		closers = append(closers, f)
		files[name] = bufio.NewWriterSize(f, 1<<16)
	}
	w := func(name, format string, args ...any) { fmt.Fprintf(files[name], format, args...) }
	w("manifest.csv", "propertyName,value\nmanifest.version,1.0\noneroster.version,1.1\n")
	for _, f := range []string{"orgs", "users", "classes", "enrollments"} {
		w("manifest.csv", "file.%s,bulk\n", f)
	}
	for _, f := range []string{"academicSessions", "courses", "demographics", "resources", "classResources", "courseResources", "lineItems", "results", "categories"} {
		w("manifest.csv", "file.%s,absent\n", f)
	}
	w("orgs.csv", "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\n")
	w("orgs.csv", "dist,,,Bench District,district,,\n")
	w("users.csv", "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password\n")
	w("classes.csv", "sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods\n")
	w("enrollments.csv", "sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate\n")
	given := []string{"伟", "芳", "娜", "敏", "静", "丽", "强", "磊", "军", "洋", "Amy", "Ben", "Chloe", "David"}
	family := []string{"王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "Smith", "Jones"}
	enrollments := 0
	for s := range schools {
		org := fmt.Sprintf("sch%03d", s)
		w("orgs.csv", "%s,,,\"Bench School %d, Campus %d\",school,%d,dist\n", org, s, s%3, s)
		nc := classes / schools
		nt := teachers / schools
		ns := students / schools
		for c := range nc {
			w("classes.csv", "%s-c%03d,,,Chess %d-%d,%02d,crs-%d,C%d,scheduled,,%s,term1,chess,,\n", org, c, c%6+1, c, c%6+1, c%6+1, c, org)
		}
		for t := range nt {
			id := fmt.Sprintf("%s-t%03d", org, t)
			w("users.csv", "%s,,,true,%s,teacher,t%03d.%03d,,%s,%s,,,t%03d.%03d@bench.example,,,,,\n", id, org, s, t, given[t%len(given)], family[t%len(family)], s, t)
			if t < nc {
				w("enrollments.csv", "%s-e-t%03d,,,%s-c%03d,%s,%s,teacher,true,,\n", org, t, org, t, org, id)
				enrollments++
			}
		}
		for i := range ns {
			id := fmt.Sprintf("%s-s%05d", org, i)
			w("users.csv", "%s,,,true,%s,student,,,%s,%s,,,,,,,%02d,\n", id, org, given[i%len(given)], family[(i/7)%len(family)], i%6+1)
			w("enrollments.csv", "%s-e-s%05d-a,,,%s-c%03d,%s,%s,student,false,,\n", org, i, org, i%nc, org, id)
			enrollments++
			if i < ns-ns/25 {
				w("enrollments.csv", "%s-e-s%05d-b,,,%s-c%03d,%s,%s,student,false,,\n", org, i, org, (i+nc/2)%nc, org, id)
				enrollments++
			}
		}
	}
	for _, b := range files {
		if err := b.Flush(); err != nil {
			return 0, err
		}
	}
	for _, f := range closers {
		if err := f.Close(); err != nil {
			return 0, err
		}
	}
	return enrollments, nil
}
