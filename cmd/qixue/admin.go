package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"qixue/identity"
	"qixue/models"
)

// runAdmin dispatches `qixue admin create`.
func runAdmin(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprintln(stderr, "usage: qixue admin create --username U [--name NAME] --password-stdin")
		return exitError(2)
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	username := fs.String("username", "", "username of the new platform admin")
	name := fs.String("name", "", "real name (default: the username)")
	fromStdin := fs.Bool("password-stdin", false, "read the password from the first line of standard input")
	if err := fs.Parse(args[1:]); err != nil {
		return exitError(2)
	}
	if *username == "" || !*fromStdin {
		fmt.Fprintln(stderr, "admin create: --username and --password-stdin are required")
		return exitError(2)
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && err != io.EOF {
		return fmt.Errorf("read password: %w", err)
	}
	password := strings.TrimRight(line, "\r\n")
	if *name == "" {
		*name = *username
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
	u, err := svc.CreateUser(ctx, identity.Principal{Role: identity.RolePlatformAdmin}, identity.NewUser{
		Role: identity.RolePlatformAdmin, Username: *username, RealName: *name, Password: password,
	})
	if err != nil {
		return fmt.Errorf("admin create: %w", err)
	}
	fmt.Fprintf(stdout, "created platform admin %s (%s)\n", u.Username, u.ID)
	return nil
}

// runMigrate applies the schema migrations to the configured database.
func runMigrate(ctx context.Context, args []string, _ io.Reader, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("migrate takes no arguments")
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
	fmt.Fprintf(stdout, "migrated %s\n", redactURL(cfg.DatabaseURL))
	return nil
}
