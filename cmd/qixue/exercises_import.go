package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"qixue/domain"
	"qixue/exercises"
	"qixue/models"
)

// exercisesImport stores the puzzles of a Lichess puzzle CSV as exercises
// of a school and prints one line per refused row, then "N imported, M
// refused". It exits 1 when a row was refused and 2 on bad flags.
func exercisesImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("exercises import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "", `file format: "lichess-csv"`)
	dryRun := fs.Bool("dry-run", false, "check every row and print the report, without storing anything")
	school := fs.String("school", "", "the school (its ID) that gets the exercises; needed when there is more than one")
	lang := fs.String("lang", "en", `language of the report: "en" or "zh-CN"`)
	// Flags may come before or after FILE.
	var paths []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil
			}
			return exitError(2)
		}
		if fs.NArg() == 0 {
			break
		}
		paths, args = append(paths, fs.Arg(0)), fs.Args()[1:]
	}
	if len(paths) != 1 {
		fmt.Fprintln(stderr, "exercises import: want one FILE")
		return exitError(2)
	}
	path := paths[0]
	if *format != "lichess-csv" {
		fmt.Fprintf(stderr, "exercises import: --format %q is not supported (have: lichess-csv)\n", *format)
		return exitError(2)
	}
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(stderr, "exercises import:", err)
		return exitError(1)
	}
	defer f.Close()
	ids, db, err := adminService(ctx)
	if err != nil {
		return err
	}
	defer models.Close(db)
	admin := domain.Principal{Role: domain.RolePlatformAdmin}
	if *school == "" {
		list, _, err := ids.Schools(ctx, admin, domain.Page{Limit: 2})
		if err != nil {
			return err
		}
		if len(list) != 1 {
			fmt.Fprintf(stderr, "exercises import: there are %d schools: name one with --school ID\n", len(list))
			return exitError(2)
		}
		*school = list[0].ID
	}
	svc := exercises.NewService(models.NewExerciseStore(db), nil)
	rep, err := svc.ImportLichess(ctx, admin, *school, f, *dryRun)
	var ie *domain.Error
	if errors.As(err, &ie) {
		fmt.Fprintf(stderr, "exercises import: %s %v\n", ie.Code(), ie.Fields())
		return exitError(1)
	}
	if err != nil {
		return err
	}
	for _, r := range rep.Refused {
		id := ""
		if r.PuzzleID != "" {
			id = " (" + r.PuzzleID + ")"
		}
		fmt.Fprintf(stdout, "%s%s: %s\n", pick(*lang, fmt.Sprintf("第 %d 行", r.Line), fmt.Sprintf("line %d", r.Line)), id, r.Reason.In(*lang))
	}
	if *dryRun {
		fmt.Fprintln(stdout, pick(*lang, "试运行，没有写入任何内容", "dry run, nothing written"))
	}
	fmt.Fprintln(stdout, pick(*lang, fmt.Sprintf("导入 %d 道，拒绝 %d 行", rep.Imported, len(rep.Refused)),
		fmt.Sprintf("%d imported, %d refused", rep.Imported, len(rep.Refused))))
	if len(rep.Refused) > 0 {
		return exitError(1)
	}
	return nil
}
