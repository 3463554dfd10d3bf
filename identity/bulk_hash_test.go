package identity_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/models/modelstest"
)

// bulkService is a service with slots hashing slots, logins waiting wait
// for one, and a user "kid" with a password.
func bulkService(t testing.TB, cost int, slots *identity.HashSlots, wait time.Duration) *identity.Service {
	t.Helper()
	svc, err := identity.NewService(models.NewIdentityStore(modelstest.SQLite(t)), identity.Config{
		Secret: []byte(secret), BcryptCost: cost, HashSlots: slots, HashWait: wait,
		AccountLimit: 1000, AddressLimit: 1000})
	if err != nil {
		t.Fatal(err)
	}
	root := domain.Principal{Role: domain.RolePlatformAdmin}
	if _, err := svc.CreateUser(context.Background(), root, identity.NewUser{Role: domain.RolePlatformAdmin,
		Username: "kid", RealName: "Kid", Password: "kid-password-1"}); err != nil {
		t.Fatal(err)
	}
	return svc
}

// loginsDuring runs n logins one after another while bulk runs on 8
// goroutines (as a roster import hashes on every core) and returns each
// login's duration and how many were refused ErrBusy.
func loginsDuring(t testing.TB, svc *identity.Service, n int, bulk func()) (times []time.Duration, busy int) {
	t.Helper()
	var stop atomic.Bool
	var wg sync.WaitGroup
	if bulk != nil {
		for range 8 {
			wg.Go(func() {
				for !stop.Load() {
					bulk()
				}
			})
		}
		time.Sleep(20 * time.Millisecond) // the import is under way
	}
	cr := identity.Credentials{Username: "kid", Password: "kid-password-1"}
	for range n {
		start := time.Now()
		_, err := svc.Login(context.Background(), cr, "192.0.2.9")
		times = append(times, time.Since(start))
		switch {
		case errors.Is(err, identity.ErrBusy):
			busy++
		case err != nil:
			t.Fatal(err)
		}
	}
	stop.Store(true)
	wg.Wait()
	slices.Sort(times)
	return times, busy
}

// TestBulkHashingLeavesLoginsRoom: while a roster import hashes on 8
// goroutines through BulkHashPassword and BulkPasswordMatches, it never
// holds more than its share of the hashing slots (one of two), sampled
// throughout, so a login always has a slot of its own; logins during the
// import all go through. No figure of time is asserted: how long a hash
// takes depends on the machine (BenchmarkLoginDuringImport measures it).
func TestBulkHashingLeavesLoginsRoom(t *testing.T) {
	const cost = 6
	slots := identity.NewHashSlots(2)
	svc := bulkService(t, cost, slots, time.Minute)
	h, err := bcrypt.GenerateFromPassword([]byte("file-password"), cost)
	if err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	var wg sync.WaitGroup
	var i atomic.Int64 // the eight import goroutines share it
	var hashes atomic.Int64
	for range 8 {
		wg.Go(func() {
			for !stop.Load() {
				if i.Add(1)%2 == 0 {
					svc.BulkPasswordMatches(string(h), "file-password")
				} else if _, err := svc.BulkHashPassword("file-password"); err != nil {
					t.Error(err)
				}
				hashes.Add(1)
			}
		})
	}
	most := 0
	for hashes.Load() < 40 {
		most = max(most, slots.InUse())
		time.Sleep(50 * time.Microsecond)
	}
	stop.Store(true)
	wg.Wait()
	if most != 1 {
		t.Errorf("the import held %d hashing slots at once, want its share of 1 (of 2) and no more", most)
	}
	_, busy := loginsDuring(t, svc, 5, func() {
		if i.Add(1)%2 == 0 {
			svc.BulkPasswordMatches(string(h), "file-password")
		} else {
			svc.BulkHashPassword("file-password")
		}
	})
	if busy > 0 {
		t.Errorf("%d of 5 logins found no hashing slot during the import", busy)
	}
	if !svc.BulkPasswordMatches(string(h), "file-password") || svc.BulkPasswordMatches(string(h), "other") || svc.BulkPasswordMatches("", "") {
		t.Error("BulkPasswordMatches compares wrongly")
	}
}

// BenchmarkLoginDuringImport measures ten logins during an import at the
// production bcrypt cost and slot count: idle, with the import hashing as
// it once did (every goroutine on the shared slots, comparisons outside
// them) and through its share. It reports each case's login p50 and max
// and the logins refused (the wait is identity.DefaultHashWait):
//
//	go test ./identity -run '^$' -bench LoginDuringImport -benchtime 1x
func BenchmarkLoginDuringImport(b *testing.B) {
	slots := identity.DefaultHashSlots()
	svc := bulkService(b, bcrypt.DefaultCost, identity.NewHashSlots(slots), identity.DefaultHashWait)
	h, err := bcrypt.GenerateFromPassword([]byte("file-password"), bcrypt.DefaultCost)
	if err != nil {
		b.Fatal(err)
	}
	var i atomic.Int64
	for _, c := range []struct {
		name string
		bulk func()
	}{
		{"idle", nil},
		{"former-hashing", func() {
			if i.Add(1)%2 == 0 {
				bcrypt.CompareHashAndPassword(h, []byte("file-password")) // outside the slots, as before
			} else {
				svc.HashPassword("file-password")
			}
		}},
		{"import-share", func() {
			if i.Add(1)%2 == 0 {
				svc.BulkPasswordMatches(string(h), "file-password")
			} else {
				svc.BulkHashPassword("file-password")
			}
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				times, busy := loginsDuring(b, svc, 10, c.bulk)
				b.ReportMetric(float64(times[len(times)/2].Milliseconds()), "p50-ms")
				b.ReportMetric(float64(times[len(times)-1].Milliseconds()), "max-ms")
				b.ReportMetric(float64(busy), "refused")
			}
		})
	}
}
