package main

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// processCPU returns the user and system CPU time of this process.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// postgresCPU sums the CPU time of the machine's postgres processes (from
// /proc; 0 where that is not available).
func postgresCPU() time.Duration {
	dirs, _ := os.ReadDir("/proc")
	var ticks int64
	for _, d := range dirs {
		b, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		s := string(b)
		open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || close < open || s[open+1:close] != "postgres" {
			continue
		}
		f := strings.Fields(s[close+1:])
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64)
		st, _ := strconv.ParseInt(f[12], 10, 64)
		ticks += u + st
	}
	return time.Duration(ticks) * time.Second / 100 // USER_HZ
}

func (r result) print(o options) {
	slices.Sort(r.latencies)
	slices.Sort(r.steady)
	pctOf := func(l []time.Duration, p float64) time.Duration {
		if len(l) == 0 {
			return 0
		}
		return l[min(len(l)-1, int(p*float64(len(l))))]
	}
	pct := func(p float64) time.Duration { return pctOf(r.latencies, p) }
	secs := r.elapsed.Seconds()
	pace := "as fast as they can"
	if o.rate > 0 {
		pace = fmt.Sprintf("at a target of %.0f submissions/s in all", o.rate)
	}
	fmt.Printf("%d clients %s for %s (GOMAXPROCS %d)\n", o.clients, pace, r.elapsed.Round(time.Millisecond), runtime.GOMAXPROCS(0))
	fmt.Printf("requests: %d (%.0f/s); checked and recorded attempts: %d (%.0f/s, %d right); retries replayed: %d\n",
		len(r.latencies), float64(len(r.latencies))/secs, r.recorded, float64(r.recorded)/secs, r.right, r.replays)
	fmt.Printf("latency: p50 %s  p90 %s  p99 %s  max %s\n",
		pct(0.50).Round(10*time.Microsecond), pct(0.90).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), pct(1).Round(10*time.Microsecond))
	if o.warmup > 0 {
		sp := func(p float64) time.Duration { return pctOf(r.steady, p).Round(10 * time.Microsecond) }
		fmt.Printf("after the first %s (%d requests): p50 %s  p90 %s  p99 %s  max %s\n",
			o.warmup, len(r.steady), sp(0.50), sp(0.90), sp(0.99), sp(1))
	}
	n := float64(len(r.latencies))
	if n > 0 {
		per := (r.cpu + r.pgCPU).Seconds() / n
		fmt.Printf("CPU: this process %s (%.0f µs/request), postgres %s (%.0f µs/request; all of the machine's postgres processes)\n",
			r.cpu.Round(time.Millisecond), r.cpu.Seconds()/n*1e6, r.pgCPU.Round(time.Millisecond), r.pgCPU.Seconds()/n*1e6)
		fmt.Printf("CPU-bound capacity if %d cores were ours alone: about %.0f requests/s\n", runtime.NumCPU(), float64(runtime.NumCPU())/per)
	}
	if len(r.timed) > 0 {
		first := int(o.warmup / time.Second)
		fmt.Printf("p99 per second (ms), seconds %d-%d after the %s warm-up:", first+1, len(r.timed), o.warmup)
		for _, l := range r.timed[min(first, len(r.timed)):] {
			slices.Sort(l)
			fmt.Printf(" %.0f", float64(pctOf(l, 0.99).Microseconds())/1000)
		}
		fmt.Println()
	}
	fmt.Printf("errors: %d\n", r.errors)
	for _, s := range r.samples {
		fmt.Println("  e.g.", s)
	}
}
