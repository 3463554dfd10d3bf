package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"

	"qixue/exercises"
	"qixue/lessons"
)

// runLessons dispatches `qixue lessons <subcommand>`.
func runLessons(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		printLessonsHelp(stdout)
		return nil
	}
	switch args[0] {
	case "check":
		return lessonsCheck(ctx, args[1:], stdout, stderr)
	}
	printLessonsHelp(stderr)
	return fmt.Errorf("lessons: unknown subcommand %q", args[0])
}

func printLessonsHelp(w io.Writer) {
	fmt.Fprintln(w, "usage: qixue lessons check [DIR]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Checks every curriculum file (*.json) below DIR, or the built-in content without DIR:")
	fmt.Fprintln(w, "both languages, IDs, diagrams that render, exercises that exist in the bank and pass")
	fmt.Fprintln(w, "their checker, at least 3 exercises per lesson, number-chess bands, a review unit last.")
	fmt.Fprintln(w, "Prints every problem as `file: JSON path: message` on stderr and exits 1 if there is one.")
}

// lessonsCheck runs lessons.Check on DIR (or the embedded content) against
// the built-in exercise bank.
func lessonsCheck(_ context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) > 1 {
		fmt.Fprintln(stderr, "lessons check: at most one folder")
		return exitError(2)
	}
	var fsys fs.FS = lessons.Content()
	where := "built-in content"
	if len(args) == 1 {
		info, err := os.Stat(args[0])
		if err != nil || !info.IsDir() {
			fmt.Fprintf(stderr, "lessons check: %s is not a folder\n", args[0])
			return exitError(2)
		}
		fsys, where = os.DirFS(args[0]), args[0]
	}
	bank, err := exercises.Bank()
	if err != nil {
		fmt.Fprintf(stderr, "lessons check: the exercise bank does not load: %v\n", err)
		return exitError(1)
	}
	curricula, problems := lessons.Check(fsys, bank)
	for _, p := range problems {
		fmt.Fprintln(stderr, p)
	}
	if len(problems) > 0 {
		fmt.Fprintf(stderr, "lessons check: %d problem(s) in %s\n", len(problems), where)
		return exitError(1)
	}
	units, lessonCount, exerciseCount := 0, 0, 0
	for _, c := range curricula {
		units += len(c.Units)
		for _, u := range c.Units {
			lessonCount += len(u.Lessons)
			for _, l := range u.Lessons {
				exerciseCount += len(l.ExerciseKeys())
			}
		}
	}
	fmt.Fprintf(stdout, "ok: %s: %d curricula, %d units, %d lessons, %d exercise blocks\n",
		where, len(curricula), units, lessonCount, exerciseCount)
	return nil
}
