package lessons

import (
	"embed"
	"io/fs"

	"qixue/exercises"
)

// contentFS holds the built-in curricula, content/<game>/<band>.json. The
// README.md keeps the pattern valid while no curriculum exists yet.
//
//go:embed content
var contentFS embed.FS

// Content returns the embedded content folder (content/ of this package).
func Content() fs.FS {
	sub, err := fs.Sub(contentFS, "content")
	if err != nil {
		panic(err) // "content" is a valid path; fs.Sub cannot fail on it
	}
	return sub
}

// BuiltIn returns the built-in curricula embedded in the binary, checked
// against the built-in exercise bank. It fails with a *ProblemsError if the
// content has any problem, or with the bank's error.
func BuiltIn() ([]Curriculum, error) {
	bank, err := exercises.Bank()
	if err != nil {
		return nil, err
	}
	curricula, problems := Check(Content(), bank)
	if len(problems) > 0 {
		return nil, &ProblemsError{Problems: problems}
	}
	return curricula, nil
}
