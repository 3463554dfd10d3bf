package main

import (
	"fmt"
	"runtime"
	"slices"
	"sort"
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

func pctOf(l []time.Duration, p float64) time.Duration {
	if len(l) == 0 {
		return 0
	}
	return l[min(len(l)-1, int(p*float64(len(l))))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

func (r result) print(o options) {
	var warm, window []time.Duration
	perSec := make([][]time.Duration, int((o.duration+time.Second-1)/time.Second))
	warmSec := make([][]time.Duration, int((o.warmup+time.Second-1)/time.Second))
	for _, s := range r.samples {
		if s.at < o.warmup {
			warm = append(warm, s.latency)
			warmSec[int(s.at/time.Second)] = append(warmSec[int(s.at/time.Second)], s.latency)
			continue
		}
		window = append(window, s.latency)
		if sec := int((s.at - o.warmup) / time.Second); sec < len(perSec) {
			perSec[sec] = append(perSec[sec], s.latency)
		}
	}
	slices.Sort(warm)
	slices.Sort(window)
	pace := "flat out"
	if o.rate > 0 {
		pace = fmt.Sprintf("paced at %.0f requests/s in all", o.rate)
	}
	fmt.Printf("%d clients %s: %s warm-up, then a measured window of %s (GOMAXPROCS of this client %d)\n",
		o.clients, pace, o.warmup, o.duration, runtime.GOMAXPROCS(0))
	fmt.Printf("warm-up: %d requests, p99 %s, max %s (not counted below); p99 per second (ms):", len(warm), ms(pctOf(warm, 0.99)), ms(pctOf(warm, 1)))
	for _, l := range warmSec {
		slices.Sort(l)
		fmt.Printf(" %.0f", float64(pctOf(l, 0.99).Microseconds())/1000)
	}
	fmt.Println()
	secs := o.duration.Seconds()
	fmt.Printf("window: %d requests (%.0f/s): answers recorded %d over the whole run (%d right), continuing steps %d, retries replayed %d\n",
		len(window), float64(len(window))/secs, len(r.recorded), r.right, r.steps, r.replays)
	fmt.Printf("window latency: p50 %s  p90 %s  p99 %s  max %s\n",
		ms(pctOf(window, 0.5)), ms(pctOf(window, 0.9)), ms(pctOf(window, 0.99)), ms(pctOf(window, 1)))
	fmt.Print("p99 per second of the window (ms):")
	for _, l := range perSec {
		slices.Sort(l)
		fmt.Printf(" %.0f", float64(pctOf(l, 0.99).Microseconds())/1000)
	}
	fmt.Println()
	fmt.Print("max per second of the window (ms):")
	for _, l := range perSec {
		fmt.Printf(" %.0f", float64(pctOf(l, 1).Microseconds())/1000)
	}
	fmt.Println()
	if n := float64(len(r.samples)); n > 0 {
		fmt.Printf("CPU over the run: qixue serve %s (%.0f µs/request), clients %s (%.0f µs/request); PostgreSQL not counted\n",
			r.srvCPU.Round(time.Millisecond), r.srvCPU.Seconds()/n*1e6, r.cpu.Round(time.Millisecond), r.cpu.Seconds()/n*1e6)
	}
	kinds := make([]string, 0, len(r.kinds))
	for k, n := range r.kinds {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(kinds)
	fmt.Printf("answers recorded by kind (%d kinds): %s\n", len(kinds), strings.Join(kinds, ", "))
	errs := 0
	var by []string
	for k, n := range r.failures {
		errs += n
		by = append(by, fmt.Sprintf("%s: %d", k, n))
	}
	sort.Strings(by)
	fmt.Printf("errors: %d %s\n", errs, strings.Join(by, ", "))
	for _, s := range r.examples {
		fmt.Println("  e.g.", s)
	}
}

func (r result) errors() int {
	n := 0
	for _, c := range r.failures {
		n += c
	}
	return n
}
