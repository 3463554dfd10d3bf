package roster

import "testing"

// CSV files are read by their header names (issue 30): any order, spaces
// around a name ignored, unknown columns ignored, a missing required
// column reported once for the file.
func TestReadTableByHeader(t *testing.T) {
	p := &parser{incomplete: map[string]bool{}}
	tb := p.readTable("users.csv", []byte("DailyDate, sourcedId ,username\n2024-01-01,u1,ann\n2024-01-02,u2,bo\n"), []string{"sourcedId", "username"})
	if tb == nil || len(p.problems) != 0 || len(tb.rows) != 2 || tb.get(1, "sourcedId") != "u2" || tb.get(0, "username") != "ann" {
		t.Fatalf("%+v %+v", tb, p.problems)
	}
	p = &parser{incomplete: map[string]bool{}}
	data := []byte("sourcedId,extra\n")
	for range 200 {
		data = append(data, "u,x\n"...)
	}
	if tb := p.readTable("users.csv", data, []string{"sourcedId", "username"}); tb != nil {
		t.Fatal("read without a required column")
	}
	if len(p.problems) != 1 || p.problems[0].Code != CodeMissingColumn || p.problems[0].Column != "username" || p.problems[0].Line != 1 {
		t.Errorf("problems %+v", p.problems)
	}
}
