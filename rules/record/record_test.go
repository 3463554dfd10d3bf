package record

import (
	"fmt"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	text := "\uFEFF[Event \"Club \\\"A\\\"\"]\r\n[Date \"2026.11.07\"]\r\n\r\nh8 {two\r\nlines} h9 ; to the end\r\n" +
		"[White \"next game without a blank line\"]\n1. a1\n\n\n" +
		"no tags here\n\n[Broken tag\nx {never closed\n"
	bs := Split(text)
	var got []string
	for _, b := range bs {
		var toks []string
		for _, tk := range b.Tokens {
			if tk.Comment {
				toks = append(toks, fmt.Sprintf("{%s}@%d", tk.Text, tk.Line))
			} else {
				toks = append(toks, fmt.Sprintf("%s@%d", tk.Text, tk.Line))
			}
		}
		got = append(got, fmt.Sprintf("%d line %d tags %v tokens %s err %v", b.Number, b.Line, b.Tags, strings.Join(toks, " "), b.Err))
	}
	want := []string{
		`1 line 1 tags [{Event Club "A"} {Date 2026.11.07}] tokens h8@4 {two lines}@5 h9@5 {to the end}@5 err <nil>`,
		`2 line 6 tags [{White next game without a blank line}] tokens 1.@7 a1@7 err <nil>`,
		`3 line 10 tags [] tokens no@10 tags@10 here@10 err <nil>`,
		`4 line 12 tags [{Broken }] tokens x@13 err line 12: "[Broken tag" is not a tag: write [Key "value"]`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Split:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if bs[0].Get("event") != `Club "A"` || bs[0].Get("Round") != "" {
		t.Errorf("Get: %q", bs[0].Get("event"))
	}
}

func TestWriteTagsAndComment(t *testing.T) {
	var sb strings.Builder
	WriteTags(&sb, []Tag{{"Event", `a "b" \ c` + "\nd"}, {"Empty", ""}})
	sb.WriteString(Comment("plain") + " " + Comment("has } brace") + "x")
	bs := Split(sb.String())
	if len(bs) != 1 || bs[0].Get("Event") != `a "b" \ c d` || len(bs[0].Tags) != 1 {
		t.Fatalf("tags back: %+v from %q", bs, sb.String())
	}
	tk := bs[0].Tokens
	if len(tk) != 3 || tk[0].Text != "plain" || tk[1].Text != "has } brace" || tk[2].Text != "x" {
		t.Errorf("tokens back: %+v", tk)
	}
}
