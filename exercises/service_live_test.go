package exercises

import (
	"encoding/json"
	"testing"
)

func FuzzCanonical(f *testing.F) {
	f.Add([]byte(`{"move":"e4","b":[1,2.0]}`))
	f.Add([]byte(`{"b":1, "a":{"z":null,"y":"<>"}}`))
	f.Add([]byte(`not json`))
	f.Fuzz(func(t *testing.T, doc []byte) {
		c := Canonical(doc)
		if !json.Valid(doc) {
			return
		}
		if !json.Valid(c) {
			t.Fatalf("canonical form of %q is not JSON: %q", doc, c)
		}
		if again := Canonical(c); string(again) != string(c) {
			t.Fatalf("not stable: %q then %q", c, again)
		}
	})
}

func TestCanonicalKeys(t *testing.T) {
	a := Canonical(json.RawMessage(`{ "b": 1, "a": [ "x" ] }`))
	b := Canonical(json.RawMessage(`{"a":["x"],"b":1}`))
	if string(a) != string(b) || string(a) != `{"a":["x"],"b":1}` {
		t.Fatalf("%s vs %s", a, b)
	}
}
