package roster_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/models"
	"qixue/models/modelstest"
	"qixue/roster"
)

func zipped(t *testing.T, src roster.Source) []byte {
	t.Helper()
	b, err := src.Zip()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestJobSurvivesRestart: a worker dies after claiming a job (the job is
// left running, nothing applied); the next start requeues it and runs it
// to the end, exactly once.
func TestJobSurvivesRestart(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		im := newImporter(db)
		st := models.NewRosterStore(db)
		job, err := im.Submit(ctx, root, "district.zip", zipped(t, bundle("bulk", messy())), false)
		if err != nil {
			t.Fatal(err)
		}
		// The "crashed" worker: claimed, never finished.
		claimed, _, ok, err := st.ClaimJob(ctx, time.Now().Add(-time.Hour))
		if err != nil || !ok || claimed.ID != job.ID {
			t.Fatalf("claim: %v %v %+v", ok, err, claimed)
		}
		w := im.NewWorker(nil)
		if ran, err := w.RunOne(ctx); ran || err != nil {
			t.Fatalf("a running job was claimed twice: %v %v", ran, err)
		}
		n, err := w.Recover(ctx, time.Minute)
		if err != nil || n != 1 {
			t.Fatalf("recover: %d %v", n, err)
		}
		if ran, err := w.RunOne(ctx); !ran || err != nil {
			t.Fatalf("run after restart: %v %v", ran, err)
		}
		got, err := im.Job(ctx, root, job.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != roster.JobSucceeded || got.Summary.Users.Created != 4 || got.Attempts != 2 || got.Progress != 100 {
			t.Fatalf("job after restart %+v", got)
		}
		// Finished jobs drop their upload and are not run again.
		if ran, _ := w.RunOne(ctx); ran {
			t.Error("a finished job ran again")
		}
		var uploads int64
		db.Table("roster_uploads").Count(&uploads)
		if uploads != 0 {
			t.Errorf("%d uploads kept after the job ended", uploads)
		}
	})
}

// TestJobGivesUpAfterRepeatedCrashes: a job that kills its worker every
// time fails cleanly instead of looping.
func TestJobGivesUpAfterRepeatedCrashes(t *testing.T) {
	db := modelstest.SQLite(t)
	ctx := context.Background()
	im := newImporter(db)
	st := models.NewRosterStore(db)
	job, err := im.Submit(ctx, root, "x.zip", zipped(t, bundle("bulk", messy())), false)
	if err != nil {
		t.Fatal(err)
	}
	w := im.NewWorker(nil)
	for range roster.MaxAttempts {
		if _, _, ok, err := st.ClaimJob(ctx, time.Now().Add(-time.Hour)); !ok || err != nil {
			t.Fatal(ok, err)
		}
		w.Recover(ctx, time.Minute)
	}
	w.RunOne(ctx)
	got, _ := im.Job(ctx, root, job.ID)
	if got.Status != roster.JobFailed || got.ErrorCode != "interrupted" {
		t.Fatalf("job %+v", got)
	}
}

// TestConcurrentClaims: two workers never run the same job.
func TestConcurrentClaims(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		ctx := context.Background()
		im := newImporter(db)
		st := models.NewRosterStore(db)
		for range 6 {
			if _, err := im.Submit(ctx, root, "x.zip", zipped(t, bundle("bulk", messy())), true); err != nil {
				t.Fatal(err)
			}
		}
		var mu sync.Mutex
		seen := map[string]int{}
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() {
				for {
					j, _, ok, err := st.ClaimJob(ctx, time.Now())
					if err != nil {
						t.Error(err)
						return
					}
					if !ok {
						return
					}
					mu.Lock()
					seen[j.ID]++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if len(seen) != 6 {
			t.Errorf("claimed %d distinct jobs, want 6", len(seen))
		}
		for id, n := range seen {
			if n != 1 {
				t.Errorf("job %s claimed %d times", id, n)
			}
		}
	})
}

// TestWorkerStopsOnShutdown: Run returns when its context ends.
func TestWorkerStopsOnShutdown(t *testing.T) {
	db := modelstest.SQLite(t)
	im := newImporter(db)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	w := im.NewWorker(nil)
	w.Poll = 10 * time.Millisecond
	go func() { w.Run(ctx); close(done) }()
	job, err := im.Submit(context.Background(), root, "x.zip", zipped(t, bundle("bulk", messy())), false)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		j, _ := im.Job(context.Background(), root, job.ID)
		if j.Status == roster.JobSucceeded {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("job not run: %+v", j)
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("worker did not stop")
	}
	// School admins see only their school's jobs.
	other := domain.Principal{Role: domain.RoleSchoolAdmin, SchoolID: "01930000-0000-7000-8000-0000000000aa"}
	if _, err := im.Job(context.Background(), other, job.ID); err == nil {
		t.Error("a school admin read a platform job")
	}
}
