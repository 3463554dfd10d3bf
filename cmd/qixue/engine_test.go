package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

func TestEngineCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	in := strings.NewReader("uci\nsetoption name Level value 2\nposition startpos moves e2e4\ngo depth 2\nquit\n")
	if err := run(context.Background(), []string{"engine", "uci"}, in, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "uciok") || !strings.Contains(out.String(), "bestmove ") {
		t.Errorf("output %q", out.String())
	}
	out.Reset()
	in = strings.NewReader("START 15\nINFO rule 4\nBEGIN\nTURN 7,6\nEND\n")
	if err := run(context.Background(), []string{"engine", "gomocup", "-level", "3"}, in, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Fields(out.String()); len(lines) != 3 || lines[0] != "OK" || lines[1] != "7,7" {
		t.Errorf("gomocup output %q", out.String())
	}
	for _, args := range [][]string{{"engine"}, {"engine", "gomocup2"}, {"engine", "uci", "extra"}, {"engine", "gomocup", "-level", "11"}, {"engine", "gomocup", "extra"}} {
		out.Reset()
		errOut.Reset()
		err := run(context.Background(), args, strings.NewReader(""), &out, &errOut)
		var code exitError
		if !errors.As(err, &code) || code != 2 || errOut.Len() == 0 {
			t.Errorf("%v: %v, stderr %q", args, err, errOut.String())
		}
	}
}
