// Package lessons owns Qixue's curricula: a curriculum (a game and a grade
// band) holds units, a unit holds lessons, and a lesson is an ordered list of
// blocks — Markdown text in both languages, diagrams drawn by
// qixue/lessons/diagram, and exercises from the qixue/exercises bank. It
// knows nothing of HTTP or SQL: the api package exposes it and the models
// package stores it.
//
// The built-in curricula are JSON files embedded from content/ (the format is
// described in content/README.md). Check reads a folder of such files and
// returns every problem it finds, each with its file and JSON path:
//
//	bank, err := exercises.Bank()
//	if err != nil { ... }
//	curricula, problems := lessons.Check(os.DirFS("lessons/content"), bank)
//	for _, p := range problems {
//		fmt.Println(p) // numchess/k1.json: $.units[0].lessons[1].blocks[2]: ...
//	}
//
// BuiltIn returns the embedded curricula and fails if any problem is found.
package lessons
