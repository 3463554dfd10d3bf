package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"gorm.io/gorm"

	"qixue/domain"
	"qixue/identity"
	"qixue/models"
)

const adminUsage = `usage:
  qixue admin create --username U [--name NAME] --password-stdin
  qixue admin reset-password --username U --password-stdin`

// runAdmin dispatches `qixue admin create` and `qixue admin reset-password`.
func runAdmin(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, adminUsage)
		return exitError(2)
	}
	switch args[0] {
	case "create":
		return runAdminCreate(ctx, args[1:], stdin, stdout, stderr)
	case "reset-password":
		return runAdminResetPassword(ctx, args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintln(stderr, adminUsage)
	return exitError(2)
}

// adminFlags parses the flags both admin subcommands share, and name when
// withName is set; it reads the password from the first line of stdin.
func adminFlags(cmd string, args []string, stdin io.Reader, stderr io.Writer, withName bool) (username, name, password string, err error) {
	fs := flag.NewFlagSet("admin "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	u := fs.String("username", "", "the user's username")
	n := new(string)
	if withName {
		n = fs.String("name", "", "real name (default: the username)")
	}
	fromStdin := fs.Bool("password-stdin", false, "read the password from the first line of standard input")
	if err := fs.Parse(args); err != nil {
		return "", "", "", exitError(2)
	}
	if *u == "" || !*fromStdin {
		fmt.Fprintf(stderr, "admin %s: --username and --password-stdin are required\n", cmd)
		return "", "", "", exitError(2)
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && err != io.EOF {
		return "", "", "", fmt.Errorf("read password: %w", err)
	}
	return *u, *n, strings.TrimRight(line, "\r\n"), nil
}

// adminService opens the configured database and an identity service
// acting for the operator. It signs no tokens, so its secret is random.
func adminService(ctx context.Context) (*identity.Service, *gorm.DB, error) {
	cfg, err := loadConfig()
	if err != nil {
		return nil, nil, err
	}
	db, _, err := openMigrated(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	svc, err := newIdentityService(cfg, db, []byte(identity.NewSecret()))
	if err != nil {
		models.Close(db)
		return nil, nil, err
	}
	return svc, db, nil
}

// operator is the principal of the person at the server's console.
var operator = domain.Principal{Role: domain.RolePlatformAdmin}

func runAdminCreate(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	username, name, password, err := adminFlags("create", args, stdin, stderr, true)
	if err != nil {
		return err
	}
	if name == "" {
		name = username
	}
	svc, db, err := adminService(ctx)
	if err != nil {
		return err
	}
	defer models.Close(db)
	u, err := svc.CreateUser(ctx, operator, identity.NewUser{
		Role: domain.RolePlatformAdmin, Username: username, RealName: name, Password: password,
	})
	if err != nil {
		return fmt.Errorf("admin create: %w", err)
	}
	fmt.Fprintf(stdout, "created platform admin %s (%s)\n", u.Username, u.ID)
	return nil
}

// runAdminResetPassword sets any user's password from the console: the
// way back in when the demo credentials printed on first start were lost,
// or an administrator forgot theirs. The user's sessions end.
func runAdminResetPassword(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	username, _, password, err := adminFlags("reset-password", args, stdin, stderr, false)
	if err != nil {
		return err
	}
	svc, db, err := adminService(ctx)
	if err != nil {
		return err
	}
	defer models.Close(db)
	u, err := models.NewIdentityStore(db).UserByUsername(ctx, strings.ToLower(strings.TrimSpace(username)))
	if errors.Is(err, domain.ErrNotFound) {
		return fmt.Errorf("admin reset-password: no user %q", username)
	}
	if err != nil {
		return fmt.Errorf("admin reset-password: %w", err)
	}
	if err := svc.SetPassword(ctx, operator, u.ID, password); err != nil {
		return fmt.Errorf("admin reset-password: %w", err)
	}
	fmt.Fprintf(stdout, "password of %s (%s, %s) set; its sessions have ended\n", u.Username, u.Role, u.ID)
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
	fmt.Fprintf(stdout, "migrated %s to step %d of the schema\n", redactURL(cfg.DatabaseURL), models.SchemaVersion())
	return nil
}
