package models_test

import (
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"qixue/models"
	"qixue/models/modelstest"
)

func TestLoginAttemptWindow(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		s := models.NewIdentityStore(db)
		t0 := time.Now().UTC().Truncate(time.Microsecond)
		const limit, window = 3, 15 * time.Minute
		reserve := func(key string, at time.Time) (bool, time.Time) {
			t.Helper()
			r, err := s.ReserveLoginAttempt(ctx, key, limit, at, window)
			if err != nil {
				t.Fatal(err)
			}
			if r.Key != key {
				t.Fatalf("reservation of %q has key %q", key, r.Key)
			}
			return r.Granted, r.WindowEnd
		}
		for i := range limit {
			ok, end := reserve("account:x", t0.Add(time.Duration(i)*time.Minute))
			if !ok || !end.Equal(t0.Add(window)) {
				t.Fatalf("attempt %d: granted %v, window end %v; want true, %v", i+1, ok, end, t0.Add(window))
			}
		}
		for range 2 {
			if ok, end := reserve("account:x", t0.Add(5*time.Minute)); ok || !end.Equal(t0.Add(window)) {
				t.Fatalf("attempt past the limit: granted %v, window end %v", ok, end)
			}
		}
		if ok, _ := reserve("addr:1", t0); !ok {
			t.Fatal("another key refused")
		}
		// A new window starts once the old one has ended.
		later := t0.Add(window)
		ok, end := reserve("account:x", later)
		if !ok || !end.Equal(later.Add(window)) {
			t.Fatalf("after the window: granted %v, window end %v", ok, end)
		}
		// Given back: the attempt does not count.
		r, err := s.ReserveLoginAttempt(ctx, "account:x", limit, later, window)
		if err != nil || !r.Granted {
			t.Fatal(r, err)
		}
		for range 3 {
			if err := s.ReturnLoginAttempt(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		for i := range limit {
			if ok, _ := reserve("account:x", later); ok != (i < limit) {
				t.Fatalf("attempt %d after returning: granted %v", i, ok)
			}
		}
		// A reservation of an ended window is not given back to the next.
		old := r
		ok, _ = reserve("addr:2", t0)
		if !ok {
			t.Fatal("addr:2 refused")
		}
		if err := s.ReturnLoginAttempt(ctx, old); err != nil {
			t.Fatal(err)
		}
		if err := s.ClearLoginAttempts(ctx, "account:x"); err != nil {
			t.Fatal(err)
		}
		if ok, end := reserve("account:x", later); !ok || !end.Equal(later.Add(window)) {
			t.Fatal("cleared key still limited")
		}
		if err := s.PruneLoginAttempts(ctx, t0.Add(window+time.Second)); err != nil {
			t.Fatal(err)
		}
		var n int64
		db.Table("login_limits").Count(&n)
		if n != 1 { // account:x of the later window
			t.Errorf("%d counters after pruning, want 1", n)
		}
	})
}

// TestLoginAttemptsExactUnderConcurrency reserves from many goroutines on
// many connections (two stores) at once: exactly limit are granted.
func TestLoginAttemptsExactUnderConcurrency(t *testing.T) {
	modelstest.Each(t, func(t *testing.T, db *gorm.DB) {
		stores := []*models.IdentityStore{models.NewIdentityStore(db), models.NewIdentityStore(db)}
		now := time.Now().UTC()
		const limit, tries = 7, 60
		var (
			wg      sync.WaitGroup
			mu      sync.Mutex
			granted int
			start   = make(chan struct{})
		)
		for i := range tries {
			wg.Go(func() {
				<-start
				r, err := stores[i%2].ReserveLoginAttempt(ctx, "account:race", limit, now, time.Minute)
				if err != nil {
					t.Error(err)
					return
				}
				if r.Granted {
					mu.Lock()
					granted++
					mu.Unlock()
				}
			})
		}
		close(start)
		wg.Wait()
		if granted != limit {
			t.Errorf("%d of %d parallel attempts granted, want exactly %d", granted, tries, limit)
		}
	})
}
