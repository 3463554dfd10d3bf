package roster_test

import (
	"fmt"

	"qixue/roster"
)

// Parse reports every problem of a bundle with its file, line and column.
func ExampleParse() {
	src := roster.NewSource(map[string][]byte{
		"manifest.csv": []byte("propertyName,value\nfile.users,bulk\n"),
		"users.csv": []byte("sourcedId,orgSourcedIds,role,username,givenName,familyName\n" +
			"u1,s1,student,,明,李\n" +
			"u2,s1,wizard,,Harry,Potter\n" +
			"u1,s1,teacher,,Wei,Lin\n"),
	})
	_, err := roster.Parse(src)
	if problems, _, ok := roster.ProblemsOf(err); ok {
		for _, p := range problems {
			fmt.Println(p)
		}
	}
	// Output:
	// users.csv:3: column role: unknown_role: this role is not a OneRoster role ("wizard")
	// users.csv:4: column sourcedId: duplicate_sourced_id: this sourcedId appears on an earlier line ("u1")
	// users.csv:4: column username: required: this required field is empty
}

// ParseGrades maps OneRoster grade lists to Qixue grades.
func ExampleParseGrades() {
	for _, g := range []string{"KG", "03,04", "09"} {
		n, ok := roster.ParseGrades(g)
		fmt.Println(g, n, ok)
	}
	// Output:
	// KG 0 true
	// 03,04 3 true
	// 09 0 false
}
