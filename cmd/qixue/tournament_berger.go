package main

import (
	"flag"
	"fmt"
	"io"
)

func tournamentBerger(args []string, stdout, stderr io.Writer) error {
	return fmt.Errorf("tournament berger: not yet")
}

var _ = flag.NewFlagSet
