package exercises

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"path"
	"sort"
	"strings"

	"qixue/domain"
)

//go:embed bank
var bankFS embed.FS

// bankEntry is one exercise as written in a bank file.
type bankEntry struct {
	Key        string          `json:"key"`
	Kind       string          `json:"kind"`
	Title      domain.Text     `json:"title"`
	Body       domain.Text     `json:"body"`
	Prompt     json.RawMessage `json:"prompt"`
	Solution   json.RawMessage `json:"solution"`
	Difficulty int             `json:"difficulty"`
	Band       Band            `json:"band"`
	Tags       []string        `json:"tags"`
	Hints      []Hint          `json:"hints,omitempty"`
}

// Bank returns the built-in puzzle bank embedded in the binary, every
// exercise validated by its kind's checker.
func Bank() ([]Exercise, error) {
	sub, err := fs.Sub(bankFS, "bank")
	if err != nil {
		return nil, err
	}
	return LoadBank(sub)
}

// LoadBank reads every *.json file below fsys (each a JSON array of
// exercises, see bank/README.md), validates each exercise with its kind and
// returns them sorted by key. Keys must be unique; an error names the file
// and the key at fault.
func LoadBank(fsys fs.FS) ([]Exercise, error) {
	var out []Exercise
	seen := map[string]string{}
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".json" {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		dec := json.NewDecoder(strings.NewReader(string(data)))
		dec.DisallowUnknownFields()
		var entries []bankEntry
		if err := dec.Decode(&entries); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		for i, e := range entries {
			ex, err := e.exercise()
			if err != nil {
				return fmt.Errorf("%s: entry %d (%s): %w", p, i, e.Key, err)
			}
			if prev, dup := seen[ex.Key]; dup {
				return fmt.Errorf("%s: key %s already used in %s", p, ex.Key, prev)
			}
			seen[ex.Key] = p
			out = append(out, ex)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}

// exercise checks a bank entry and converts it.
func (e bankEntry) exercise() (Exercise, error) {
	if e.Key == "" {
		return Exercise{}, fmt.Errorf("missing key")
	}
	k, ok := KindByName(e.Kind)
	if !ok {
		return Exercise{}, fmt.Errorf("unknown kind %q", e.Kind)
	}
	if _, err := ParseBand(string(e.Band)); err != nil {
		return Exercise{}, err
	}
	if e.Difficulty < 1 || e.Difficulty > 5 {
		return Exercise{}, fmt.Errorf("difficulty %d is not 1-5", e.Difficulty)
	}
	if e.Title.ZH == "" || e.Title.EN == "" || e.Body.ZH == "" || e.Body.EN == "" {
		return Exercise{}, fmt.Errorf("title and body need both zh-CN and en")
	}
	if err := k.Validate(e.Prompt, e.Solution); err != nil {
		return Exercise{}, err
	}
	ex := Exercise{
		Key: e.Key, Kind: e.Kind, Title: e.Title, Body: e.Body,
		Prompt: e.Prompt, Solution: e.Solution, Difficulty: e.Difficulty,
		Band: e.Band, Tags: e.Tags, Hints: e.Hints,
	}
	ex = withDerivedHints(ex)
	if err := CheckHints(ex); err != nil {
		return Exercise{}, err
	}
	return ex, nil
}

// Generator makes fresh exercises of one kind: each verified by the kind's
// Validate, deduplicated, with a difficulty estimate.
type Generator interface {
	// Kind is the name of the kind generated.
	Kind() string
	// Generate returns up to count distinct exercises for band, drawing
	// randomness only from rng (so a seed reproduces a set). It returns
	// fewer when the space is exhausted, never an unverified one.
	Generate(rng *rand.Rand, band Band, count int) ([]Exercise, error)
}

// Generators returns every generator, sorted by kind.
func Generators() []Generator {
	gs := allGenerators()
	sort.Slice(gs, func(i, j int) bool { return gs[i].Kind() < gs[j].Kind() })
	return gs
}

// GeneratorFor returns the generator of kind.
func GeneratorFor(kind string) (Generator, bool) {
	for _, g := range allGenerators() {
		if g.Kind() == kind {
			return g, true
		}
	}
	return nil, false
}
