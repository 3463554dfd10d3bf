package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
	"qixue/roster"
)

// runRoster dispatches `qixue roster <subcommand>`.
func runRoster(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		printRosterHelp(stdout)
		return nil
	}
	switch args[0] {
	case "import":
		return rosterImport(ctx, args[1:], stdout, stderr)
	}
	printRosterHelp(stderr)
	return fmt.Errorf("roster: unknown subcommand %q", args[0])
}

func printRosterHelp(w io.Writer) {
	fmt.Fprintln(w, "usage: qixue roster import PATH [--dry-run] [--school SCHOOL_ID [--link]]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Imports a OneRoster 1.1 CSV zip or folder into the database named by QIXUE_DATABASE_URL,")
	fmt.Fprintln(w, "as a platform admin (or, with --school, with the rights of that school's admin).")
	fmt.Fprintln(w, "--link (with --school) also links that school, if it has no org yet, to the school org of the files;")
	fmt.Fprintln(w, "only this command and platform admins link: a school admin's import may name only its school's org.")
	fmt.Fprintln(w, "Every problem is printed as FILE:LINE: column COLUMN: CODE: reason; nothing is written then.")
}

// newImporter returns the roster importer on db with the configured
// upload limits, hashing and comparing the passwords of users.csv as the
// identity service does, in the import's share of the hashing slots
// (QIXUE_IMPORT_HASH_SLOTS), so that an import leaves logins room.
func newImporter(cfg config, db *gorm.DB, svc *identity.Service) *roster.Importer {
	return roster.NewImporter(models.NewRosterStore(db), roster.Config{
		Limits:          cfg.rosterLimits(),
		HashPassword:    svc.BulkHashPassword,
		PasswordMatches: svc.BulkPasswordMatches,
	})
}

// rosterGCPercent is the garbage collector's target while an import runs:
// a 200,000-student district holds about 250 MB at its peak, which at the
// default 100 let the process reach 450-480 MB (bench/rosterserve).
const rosterGCPercent = 50

// startRosterWorker runs the background import worker until the returned
// stop function is called; stop waits for it. Jobs left running by a
// crashed process are queued again: on SQLite (one process) at once, on
// PostgreSQL once their heartbeat is stale.
func startRosterWorker(ctx context.Context, cfg config, im *roster.Importer, logger *slog.Logger) (stop func()) {
	w := im.NewWorker(logger)
	w.GCPercent = rosterGCPercent
	if !models.IsPostgres(cfg.DatabaseURL) {
		if n, err := w.Recover(ctx, 0); err != nil {
			logger.Error("roster: requeue interrupted imports", "error", err.Error())
		} else if n > 0 {
			logger.Info("roster: requeued interrupted imports", "count", n)
		}
	}
	wctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.Run(wctx)
	}()
	return func() {
		cancel()
		<-done
	}
}

// rosterImport imports PATH synchronously and prints the summary or every
// problem. Invalid files exit with status 1, bad flags with 2.
func rosterImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("roster import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dryRun := fs.Bool("dry-run", false, "check the files and print what would change, without writing")
	school := fs.String("school", "", "import with the rights of this school's admin (its ID)")
	link := fs.Bool("link", false, "with --school: link the school, if it has no org yet, to the files' school org")
	// Allow flags after the path: roster import PATH --dry-run.
	var path string
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		path, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return exitError(2)
	}
	if path == "" && fs.NArg() > 0 {
		path = fs.Arg(0)
	}
	if *link && *school == "" {
		fmt.Fprintln(stderr, "roster import: --link needs --school SCHOOL_ID")
		return exitError(2)
	}
	if path == "" || fs.NArg() > 1 {
		fmt.Fprintln(stderr, "roster import: want one PATH (a zip or a folder of CSV files)")
		return exitError(2)
	}
	cfg, err := loadConfig()
	if err != nil {
		return err
	}
	db, _, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer models.Close(db)
	svc, err := newIdentityService(cfg, db, []byte(identity.NewSecret()))
	if err != nil {
		return err
	}
	p := domain.Principal{Role: domain.RolePlatformAdmin}
	if *school != "" {
		p = domain.Principal{Role: domain.RoleSchoolAdmin, SchoolID: *school}
	}
	im := newImporter(cfg, db, svc)
	src, err := roster.ReadPath(path, im.Limits())
	if err != nil {
		fmt.Fprintf(stderr, "roster import: %s: %v\n", path, err)
		return exitError(1)
	}
	var res roster.Result
	if *link {
		res, err = im.ImportInto(ctx, domain.Principal{Role: domain.RolePlatformAdmin}, *school, src, *dryRun)
	} else {
		res, err = im.Import(ctx, p, src, *dryRun)
	}
	if problems, more, ok := roster.ProblemsOf(err); ok {
		for _, pr := range problems {
			fmt.Fprintln(stderr, pr.String())
		}
		if more > 0 {
			fmt.Fprintf(stderr, "... and %d more problems (only the first %d are listed)\n", more, roster.MaxProblems)
		}
		fmt.Fprintln(stderr, "roster import: the roster files have errors; nothing was imported")
		return exitError(1)
	}
	if errors.Is(err, roster.ErrTooLarge) || errors.Is(err, roster.ErrNotZip) {
		fmt.Fprintf(stderr, "roster import: %s\n", err)
		return exitError(1)
	}
	if err != nil {
		return err
	}
	for _, w := range res.Warnings {
		fmt.Fprintln(stderr, "warning:", w)
	}
	verb := "imported"
	if *dryRun {
		verb = "dry run, nothing written; would change"
	}
	fmt.Fprintf(stdout, "%s:\n", verb)
	s := res.Summary
	for _, row := range []struct {
		name string
		c    roster.Counts
	}{{"schools", s.Schools}, {"users", s.Users}, {"classes", s.Classes}, {"enrollments", s.Enrollments}} {
		fmt.Fprintf(stdout, "  %-12s created %d, updated %d, deactivated %d, unchanged %d\n",
			row.name, row.c.Created, row.c.Updated, row.c.Deactivated, row.c.Unchanged)
	}
	return nil
}
