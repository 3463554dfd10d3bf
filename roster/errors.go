package roster

import (
	"errors"
	"fmt"
	"strings"

	"qixue/domain"
)

// Problem is one error found in the uploaded files: where (file, 1-based
// line, column header) and why (a stable snake_case Code and the offending
// Value). File-level problems have Line 0 and an empty Column.
type Problem struct {
	File   string
	Line   int
	Column string
	Code   string
	Value  string
}

// Problem codes.
const (
	CodeMissingFile      = "missing_file"
	CodeMissingColumn    = "missing_column"
	CodeDuplicateColumn  = "duplicate_column"
	CodeBadCSV           = "bad_csv"
	CodeFieldCount       = "wrong_field_count"
	CodeRequired         = "required"
	CodeUnknownRole      = "unknown_role"
	CodeUnknownOrgType   = "unknown_org_type"
	CodeUnknownStatus    = "unknown_status"
	CodeUnknownMode      = "unknown_mode"
	CodeBadDate          = "bad_date"
	CodeBadGrade         = "bad_grade"
	CodeBadUsername      = "bad_username"
	CodeBadEmail         = "bad_email"
	CodeBadPassword      = "bad_password"
	CodeTooLong          = "too_long"
	CodeDuplicateID      = "duplicate_sourced_id"
	CodeDuplicateName    = "duplicate_username"
	CodeDuplicatePair    = "duplicate_enrollment"
	CodeUsernameTaken    = "username_taken"
	CodeUnknownOrg       = "unknown_org"
	CodeUnknownClass     = "unknown_class"
	CodeUnknownUser      = "unknown_user"
	CodeNoSchool         = "no_school"
	CodeOtherSchool      = "other_school"
	CodeUnlinkedOrg      = "unlinked_org"
	CodeRoleMismatch     = "role_mismatch"
	CodeSchoolMismatch   = "school_mismatch"
	CodeMissingReference = "missing_reference"
)

// reasons explains each code in zh-CN and English.
var reasons = map[string][2]string{
	CodeMissingFile:     {"缺少必需的文件", "a required file is missing"},
	CodeMissingColumn:   {"缺少必需的列", "a required column is missing from the header"},
	CodeDuplicateColumn: {"表头中有重复的列", "the header names this column twice"},
	CodeBadCSV:          {"CSV 格式错误（引号或编码）", "the CSV is malformed (quotes or encoding)"},
	CodeFieldCount:      {"这一行的字段数与表头不一致", "this row has a different number of fields than the header"},
	CodeRequired:        {"必填字段为空", "this required field is empty"},
	CodeUnknownRole:     {"未知的角色", "this role is not a OneRoster role"},
	CodeUnknownOrgType:  {"未知的机构类型", "this org type is not a OneRoster org type"},
	CodeUnknownStatus:   {"状态只能是 active 或 tobedeleted", "status must be active or tobedeleted"},
	CodeUnknownMode:     {"清单中的文件模式只能是 bulk、delta 或 absent", "a manifest file mode must be bulk, delta or absent"},
	CodeBadDate:         {"日期格式错误", "this date is not in ISO 8601 form (2026-09-01 or 2026-09-01T08:00:00Z)"},
	CodeBadGrade:        {"年级必须是 KG、PK 或 01-06", "grades must be KG, PK or 01 to 06 for a primary school"},
	CodeBadUsername:     {"用户名只能包含小写字母、数字和 . _ -，长度 3-32", "usernames are 3-32 lower-case letters, digits, '.', '_' or '-'"},
	CodeBadEmail:        {"电子邮件地址无效", "this e-mail address is not valid"},
	CodeBadPassword:     {"密码长度必须在 8 到 72 个字节之间", "passwords must be 8 to 72 bytes long"},
	CodeTooLong:         {"字段太长", "this field is too long"},
	CodeDuplicateID:     {"sourcedId 重复", "this sourcedId appears on an earlier line"},
	CodeDuplicateName:   {"用户名重复", "this username appears on an earlier line"},
	CodeDuplicatePair:   {"同一用户在同一班级中登记了两次", "this user is enrolled in this class on an earlier line"},
	CodeUsernameTaken:   {"用户名已被其他用户使用", "another user already has this username"},
	CodeUnknownOrg:      {"找不到引用的学校", "no school with this sourcedId in the files or the database"},
	CodeUnknownClass:    {"找不到引用的班级", "no class with this sourcedId in the files or the database"},
	CodeUnknownUser:     {"找不到引用的用户", "no user with this sourcedId in the files or the database"},
	CodeNoSchool:        {"用户不属于任何学校", "none of the user's orgs is a school of this import"},
	CodeOtherSchool:     {"不能导入其他学校的数据", "this row belongs to another school than yours"},
	CodeUnlinkedOrg: {"这个机构 sourcedId 没有与你的学校关联；只有平台管理员可以把学校关联到新的机构",
		"this org sourcedId is not linked to your school; only a platform admin can link a school to a new org"},
	CodeRoleMismatch:     {"登记的角色与用户角色不一致", "the enrollment role differs from the user's role"},
	CodeSchoolMismatch:   {"用户和班级属于不同的学校", "the user and the class belong to different schools"},
	CodeMissingReference: {"引用的行在本次导入中被删除", "the referenced row is marked tobedeleted in this import"},
}

// Reason explains the problem in lang ("en", otherwise zh-CN).
func (p Problem) Reason(lang string) string {
	r, ok := reasons[p.Code]
	if !ok {
		return p.Code
	}
	if lang == "en" {
		return r[1]
	}
	return r[0]
}

// String renders the problem as "users.csv:12: column role: unknown_role (boss)".
func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Line > 0 {
		fmt.Fprintf(&b, ":%d", p.Line)
	}
	if p.Column != "" {
		fmt.Fprintf(&b, ": column %s", p.Column)
	}
	fmt.Fprintf(&b, ": %s: %s", p.Code, p.Reason("en"))
	if p.Value != "" {
		fmt.Fprintf(&b, " (%q)", p.Value)
	}
	return b.String()
}

// The refusals of the roster domain, *domain.Error values; compare with
// errors.Is. An ErrInvalid carries every Problem found: read them with
// ProblemsOf.
var (
	// ErrInvalid: the files have problems; nothing was imported.
	ErrInvalid = domain.NewError("roster_invalid")
	// ErrTooLarge: the upload exceeds a size or file-count limit.
	ErrTooLarge = domain.NewError("roster_too_large")
	// ErrNotZip: the upload is not a readable zip archive.
	ErrNotZip = domain.NewError("roster_not_zip")
	// ErrForbidden: the caller may not import or read rosters.
	ErrForbidden = domain.ErrForbidden
	// ErrNotFound: no such import job (or not visible to the caller).
	ErrNotFound = domain.ErrNotFound
)

// invalidProblems is the argument of an ErrInvalid: the problems (at most
// MaxProblems) and how many more were found.
type invalidProblems struct {
	problems []Problem
	more     int
}

// String lists the first problems, for logs: "users.csv:3: ...; and 12 more".
func (ip invalidProblems) String() string {
	var parts []string
	for i, p := range ip.problems {
		if i == 5 {
			parts = append(parts, fmt.Sprintf("and %d more", len(ip.problems)-5+ip.more))
			break
		}
		parts = append(parts, p.String())
	}
	return strings.Join(parts, "; ")
}

// ProblemsOf returns the problems of an ErrInvalid that err is or wraps:
// every one up to MaxProblems, how many more were found past them, and
// true; false for any other error.
func ProblemsOf(err error) ([]Problem, int, bool) {
	e, ok := domain.As(err)
	if !ok || !errors.Is(e, ErrInvalid) || len(e.Args()) != 1 {
		return nil, 0, false
	}
	ip, ok := e.Args()[0].(invalidProblems)
	return ip.problems, ip.more, ok
}

// invalid returns an ErrInvalid with the problems in file and line order,
// at most MaxProblems of them (more counts the others), or nil when there
// are none.
func invalid(problems []Problem, more int) error {
	if len(problems)+more == 0 {
		return nil
	}
	problems = sortProblems(problems)
	if len(problems) > MaxProblems {
		more += len(problems) - MaxProblems
		problems = problems[:MaxProblems]
	}
	return ErrInvalid.WithArgs(invalidProblems{problems: problems, more: more})
}
