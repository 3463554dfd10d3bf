// Command qixue is the Qixue server and its tools in one binary.
//
//	qixue [serve]      run the HTTP API (the default)
//	qixue migrate      apply schema migrations
//	qixue seed         load demo data
//	qixue admin ...    create platform administrators, reset a password
//	qixue rules ...    rules-engine tools for scripts and content authors
//	qixue exercises generate --kind K --band B --count N [--seed S]
//	                   print generated exercises, one JSON object per line
//	qixue lessons check [DIR]
//	                   check curriculum files (without DIR: the built-in ones)
//	qixue roster import PATH [--dry-run]
//	                   import a OneRoster CSV zip or folder
//	qixue tournament pair --system dutch FILE.trf
//	                   pair the next round of a FIDE TRF file (Dutch system)
//	qixue tournament berger --players N
//	                   print the FIDE Berger round-robin table
//	qixue tournament standings FILE.trf [--tiebreaks LIST]
//	                   print the standings with FIDE tie-breaks
//	qixue engine uci   the chess computer player over UCI (stdin/stdout)
//	qixue engine gomocup  the gomoku/renju player over the Gomocup protocol
//	qixue healthcheck  probe the local server (container HEALTHCHECK)
//	qixue version      print the build version
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if code, ok := err.(exitError); ok {
			os.Exit(int(code))
		}
		fmt.Fprintln(os.Stderr, "qixue:", err)
		os.Exit(1)
	}
}

// exitError ends the program with a status code after the command has already
// written its own message.
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", int(e)) }

// command is one subcommand of the binary.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

func commands() []command {
	return []command{
		{"serve", "run the HTTP API (the default); configured by QIXUE_* variables", runServe},
		{"migrate", "apply schema migrations to the database", runMigrate},
		{"seed", "load the demo school, teacher, class and students", runSeed},
		{"admin", "admin create|reset-password --username U --password-stdin: create a platform admin, or set a user's password", runAdmin},
		{"healthcheck", "check that the local server answers /healthz (for container health checks)", runHealthcheck},
		{"roster", "roster import PATH [--dry-run] [--school ID]: import a OneRoster CSV zip or folder", runRoster},
		{"exercises", "exercises generate --kind K --band B --count N [--seed S]: print fresh exercises as JSON lines", runExercises},
		{"lessons", "lessons check [DIR]: check curriculum files (without DIR: the built-in content)", runLessons},
		{"ratings", "ratings rebuild: recompute puzzle ratings and their history from the attempts", runRatings},
		{"rules", "rules-engine tools: perft, moves, play, pgn, escapes, forbidden, opening, solve, score, start", runRules},
		{"engine", "engine uci | gomocup: the chess player over UCI (option Level 1-10), the gomoku/renju player over the Gomocup protocol (-level 1-10), on stdin/stdout", runEngine},
		{"tournament", "tournament pair --system dutch FILE.trf | berger --players N | standings FILE.trf [--tiebreaks LIST]: Swiss pairing, round-robin tables, standings", runTournament},
		{"version", "print the build version", runVersion},
	}
}

// run executes the subcommand named by args[0]; with no arguments it serves.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	name := "serve"
	if len(args) > 0 {
		name, args = args[0], args[1:]
	}
	if name == "help" || name == "-h" || name == "--help" {
		printHelp(stdout)
		return nil
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(ctx, args, stdin, stdout, stderr)
		}
	}
	printHelp(stderr)
	return fmt.Errorf("unknown command %q", name)
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "usage: qixue <command> [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "  help         show this list")
}

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func runVersion(_ context.Context, _ []string, _ io.Reader, stdout, _ io.Writer) error {
	fmt.Fprintln(stdout, "qixue", version)
	return nil
}
