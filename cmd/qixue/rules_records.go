package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

// recordReport is what `qixue rules pgn` and `qixue rules pdn` say about
// one game of a file: its final position, or why it could not be replayed,
// and slips that did not stop it (in the chosen language).
type recordReport struct {
	fen      string
	err      string
	warnings []string
}

// recordFlags parses the flags of a record command (--game, --lang and, for
// older scripts, --file) and reads the file named by the one argument ("-"
// or none for standard input).
func recordFlags(name, game string, args []string, stdin io.Reader, stderr io.Writer) ([]byte, string, error) {
	fs := flag.NewFlagSet("rules "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.String("game", game, "game name")
	lang := fs.String("lang", "en", `language of the output: "en" or "zh-CN"`)
	file := fs.String("file", "", "file to read (the same as giving FILE)")
	if err := fs.Parse(args); err != nil {
		return nil, "", exitError(1)
	}
	name = *file
	switch {
	case fs.NArg() == 1 && name == "":
		name = fs.Arg(0)
	case fs.NArg() > 1 || fs.NArg() == 1 && name != "":
		fmt.Fprintf(stderr, "usage: qixue rules %s --game %s [--lang en|zh-CN] FILE\n", fs.Name()[len("rules "):], game)
		return nil, "", exitError(2)
	}
	var data []byte
	var err error
	if name == "" || name == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, "", exitError(1)
	}
	return data, *lang, nil
}

// printRecords prints one line a game, "game N: FEN" or "game N: error:
// REASON" ("第 N 局：…" in Chinese), with warnings on stderr, and returns
// exitError(1) unless every game replayed (or when there is no game).
func printRecords(stdout, stderr io.Writer, lang string, games []recordReport) error {
	if len(games) == 0 {
		fmt.Fprintln(stderr, pick(lang, "没有找到对局", "no game found"))
		return exitError(1)
	}
	failed := false
	for i, g := range games {
		prefix := fmt.Sprintf("game %d: ", i+1)
		errWord := "error: "
		if lang != "en" {
			prefix = fmt.Sprintf("第 %d 局：", i+1)
			errWord = "错误："
		}
		for _, w := range g.warnings {
			fmt.Fprintln(stderr, prefix+pick(lang, "提醒：", "warning: ")+w)
		}
		if g.err != "" {
			failed = true
			fmt.Fprintln(stdout, prefix+errWord+g.err)
			continue
		}
		fmt.Fprintln(stdout, prefix+g.fen)
	}
	if failed {
		return exitError(1)
	}
	return nil
}

// pick returns zh unless lang is "en".
func pick(lang, zh, en string) string {
	if lang == "en" {
		return en
	}
	return zh
}
