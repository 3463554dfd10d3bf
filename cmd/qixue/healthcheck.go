package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// runHealthcheck asks the local server's /healthz and fails unless it
// answers 200; the container image's HEALTHCHECK runs it, as the minimal
// image has no curl.
func runHealthcheck(ctx context.Context, args []string, _ io.Reader, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return fmt.Errorf("healthcheck takes no arguments")
	}
	cfg, err := loadConfig()
	if err != nil {
		return err
	}
	host, port, err := net.SplitHostPort(cfg.Addr)
	if err != nil {
		return fmt.Errorf("QIXUE_ADDR %q: %w", cfg.Addr, err)
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+net.JoinHostPort(host, port)+"/healthz", nil)
	if err != nil {
		return err
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("healthz answered %s", res.Status)
	}
	fmt.Fprintln(stdout, "ok")
	return nil
}
