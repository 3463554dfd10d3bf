package assignments_test

import (
	"fmt"
	"time"

	"qixue/assignments"
)

// A student's status follows from what was solved and when.
func ExampleStatusAt() {
	due := time.Date(2026, 11, 6, 16, 0, 0, 0, time.UTC)
	before, after := due.Add(-time.Hour), due.Add(time.Hour)
	fmt.Println(assignments.StatusAt(assignments.Progress{Solved: 1, Total: 3}, due, before))
	fmt.Println(assignments.StatusAt(assignments.Progress{Solved: 1, Total: 3}, due, after))
	fmt.Println(assignments.StatusAt(assignments.Progress{Solved: 3, SolvedLate: 1, Total: 3}, due, after))
	fmt.Println(assignments.DueSoon(due, before))
	// Output:
	// partial
	// overdue
	// late
	// true
}
