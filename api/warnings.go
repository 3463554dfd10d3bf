package api

// Warning is something a request did that the server accepted but a
// person may not have meant (a due time already past, an item above the
// class's band). Answers that can carry warnings list them in a
// "warnings" member, empty when there are none.
type Warning struct {
	// Code is stable and snake_case ("due_in_past").
	Code string `json:"code"`
	// Field is the JSON path of the value the warning is about.
	Field string `json:"field"`
	// Message explains it in the response language.
	Message string `json:"message"`
}

// warningTexts is the catalogue of warnings; the texts may take fmt
// arguments.
var warningTexts = map[string]text{
	"due_in_past": {"截止时间已经过去了：学生会看到这份作业已截止。如果不是有意的，请修改截止时间。",
		"The due time has already passed: students will see this assignment as closed. Change due_at if that is not what you meant."},
}

// newWarning returns the warning code about field in lang.
func newWarning(lang, code, field string, args ...any) Warning {
	return Warning{Code: code, Field: field, Message: warningTexts[code].in(lang, localize(args, lang)...)}
}
