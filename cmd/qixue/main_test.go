package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
)

// serveChild is the variable that makes the test binary run `qixue serve`
// instead of the tests, so that a test can start the real server as a
// process of its own and kill it with SIGKILL.
const serveChild = "QIXUE_TEST_SERVE_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(serveChild) == "1" {
		err := run(context.Background(), []string{"serve"}, strings.NewReader(""), os.Stdout, os.Stderr)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
