package arith

import (
	"fmt"
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time this process has used. Other engineers
// share the machine, so wall-clock ns/op overstates the work; the
// cpu-ns/op metric is this process's own CPU time per op (all of its
// threads, GC included).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchCases pairs every multiset of n digits with every target 0-9.
func benchCases(n int) (ms [][]int, targets []Rat) {
	for t := range int64(10) {
		targets = append(targets, Int(t))
	}
	return multisets(n), targets
}

// BenchmarkSolve solves every multiset of n digits against every target
// 0-9, one (multiset, target) pair per op. "warm" shares one Solver (its
// memo is reused, as in move generation); "cold" starts a new Solver for
// each pair, so every table is built from scratch.
func BenchmarkSolve(b *testing.B) {
	for _, r := range []Rules{K1(), G23(), G46()} {
		for n := 1; n <= 6; n++ {
			ms, targets := benchCases(n)
			for _, mode := range []string{"warm", "cold"} {
				b.Run(fmt.Sprintf("%s/n=%d/%s", r.Name, n, mode), func(b *testing.B) {
					s := NewSolver(r)
					found := 0
					i := 0
					cpu := cpuTime()
					for b.Loop() {
						if mode == "cold" {
							s = NewSolver(r)
						}
						ds, t := ms[(i/10*7919)%len(ms)], targets[i%10]
						if _, ok := s.Solve(ds, t); ok {
							found++
						}
						i++
					}
					b.ReportMetric(float64(found)/float64(i), "found/op")
					b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(i), "cpu-ns/op")
				})
			}
		}
	}
}

// BenchmarkSolveSweep is one op of every multiset of n digits against every
// target 0-9 with one warm Solver (run with -benchtime=1x); it reports
// the time per solve.
func BenchmarkSolveSweep(b *testing.B) {
	for _, r := range []Rules{K1(), G23(), G46()} {
		for _, n := range []int{4, 5, 6} {
			ms, targets := benchCases(n)
			b.Run(fmt.Sprintf("%s/n=%d", r.Name, n), func(b *testing.B) {
				solves := 0
				cpu := cpuTime()
				for b.Loop() {
					s := NewSolver(r)
					for _, ds := range ms {
						for _, t := range targets {
							s.Solve(ds, t)
							solves++
						}
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(solves), "ns/solve")
				b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(solves), "cpu-ns/solve")
			})
		}
	}
}

// BenchmarkCanMake is BenchmarkSolve's warm case for existence only,
// including 9 operands.
func BenchmarkCanMake(b *testing.B) {
	for _, r := range []Rules{K1(), G46()} {
		for _, n := range []int{4, 6, 9} {
			ms, targets := benchCases(n)
			b.Run(fmt.Sprintf("%s/n=%d", r.Name, n), func(b *testing.B) {
				s := NewSolver(r)
				i := 0
				cpu := cpuTime()
				for b.Loop() {
					s.CanMake(ms[(i/10*7919)%len(ms)], targets[i%10])
					i++
				}
				b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(i), "cpu-ns/op")
			})
		}
	}
}

// BenchmarkReachable builds the whole value set of every multiset of n
// digits with a fresh Solver each time (the cost chain spans pay once per
// multiset before the memo serves them).
func BenchmarkReachable(b *testing.B) {
	for _, r := range []Rules{K1(), G46()} {
		for _, n := range []int{2, 3, 4, 5} {
			ms := multisets(n)
			b.Run(fmt.Sprintf("%s/n=%d", r.Name, n), func(b *testing.B) {
				i := 0
				cpu := cpuTime()
				for b.Loop() {
					NewSolver(r).Reachable(ms[(i*7919)%len(ms)])
					i++
				}
				b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(i), "cpu-ns/op")
			})
		}
	}
}

// BenchmarkSolveLarge is BenchmarkSolve's warm case for 7 and 9 digits
// (exact within a work budget for 7, first found beyond when × ÷ are
// needed).
func BenchmarkSolveLarge(b *testing.B) {
	for _, r := range []Rules{K1(), G46()} {
		for _, n := range []int{7, 9} {
			ms, targets := benchCases(n)
			b.Run(fmt.Sprintf("%s/n=%d", r.Name, n), func(b *testing.B) {
				s := NewSolver(r)
				i := 0
				cpu := cpuTime()
				for b.Loop() {
					s.Solve(ms[(i/10*7919)%len(ms)], targets[i%10])
					i++
				}
				b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(i), "cpu-ns/op")
			})
		}
	}
}
