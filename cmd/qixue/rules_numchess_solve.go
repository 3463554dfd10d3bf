package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"qixue/rules/numchess/arith"
)

// numchessSolve is `qixue rules solve`: for the spanned digits and a
// target it prints the simplest expression (exit 1 when none exists);
// with --all it prints every value the digits can make, one per line.
//
//	qixue rules solve --digits 9,5,4 --target 0 [--ruleset K1|G23|G46] [--ascii]
//	qixue rules solve --digits 6,2 --all [--ruleset R]
func numchessSolve(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("rules solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	digitsFlag := fs.String("digits", "", "the spanned pieces' numbers, e.g. 9,5,4")
	targetFlag := fs.String("target", "", "the value to make: the mover's number (or a value like 2/5)")
	rulesetFlag := fs.String("ruleset", "G46", "ruleset: K1, G23 or G46")
	all := fs.Bool("all", false, "print every reachable value instead of one expression")
	ascii := fs.Bool("ascii", false, "print the expression in machine form (2*8-9)")
	if err := fs.Parse(args); err != nil {
		return exitError(1)
	}
	if err := noArguments(fs, stderr); err != nil {
		return err
	}
	rules, ok := arith.RulesByName(*rulesetFlag)
	if !ok {
		fmt.Fprintf(stderr, "rules solve: unknown ruleset %q (use K1, G23 or G46)\n", *rulesetFlag)
		return exitError(1)
	}
	digits, err := parseDigitList(*digitsFlag)
	if err != nil {
		fmt.Fprintln(stderr, "rules solve:", err)
		return exitError(1)
	}
	s := arith.NewSolver(rules)
	if *all {
		for _, v := range s.Reachable(digits) {
			fmt.Fprintln(stdout, v)
		}
		return nil
	}
	if *targetFlag == "" {
		fmt.Fprintln(stderr, "rules solve: --target is required (or use --all)")
		return exitError(1)
	}
	target, err := parseRat(*targetFlag)
	if err != nil {
		fmt.Fprintln(stderr, "rules solve:", err)
		return exitError(1)
	}
	e, ok := s.Solve(digits, target)
	if !ok {
		fmt.Fprintf(stderr, "no expression over %s makes %s in %s\n", *digitsFlag, target, rules.Name)
		return exitError(1)
	}
	if *ascii {
		fmt.Fprintln(stdout, e.ASCII())
	} else {
		fmt.Fprintln(stdout, e)
	}
	return nil
}

// parseDigitList reads "9,5,4" (commas or spaces) as piece numbers 0-9.
func parseDigitList(s string) ([]int, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '，' })
	if len(fields) == 0 {
		return nil, fmt.Errorf("--digits is required, e.g. --digits 9,5,4")
	}
	if len(fields) > arith.MaxOperands {
		return nil, fmt.Errorf("--digits: at most %d numbers", arith.MaxOperands)
	}
	out := make([]int, 0, len(fields))
	for _, f := range fields {
		d, err := strconv.Atoi(f)
		if err != nil || d < 0 || d > 9 {
			return nil, fmt.Errorf("--digits: %q is not a piece number 0-9", f)
		}
		out = append(out, d)
	}
	return out, nil
}

// parseRat reads an integer or a fraction such as "-3" or "2/5".
func parseRat(s string) (arith.Rat, error) {
	num, den, isFrac := strings.Cut(strings.TrimSpace(s), "/")
	n, err := strconv.ParseInt(num, 10, 64)
	d := int64(1)
	if err == nil && isFrac {
		d, err = strconv.ParseInt(den, 10, 64)
	}
	r, ok := arith.NewRat(n, d)
	if err != nil || !ok {
		return arith.Rat{}, fmt.Errorf("--target: %q is not a number like 7, -3 or 2/5", s)
	}
	return r, nil
}
