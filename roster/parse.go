package roster

import (
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"
)

// not look at the database. A bundle with problems returns an ErrInvalid
// listing all of them.
func Parse(src Source) (*Files, error) {
	f, p := parse(src)
	if err := invalid(p.problems, p.more); err != nil {
		return nil, err
	}
	return f, nil
}

// parse reads the bundle as Parse does but returns the rows that passed
// the checks along with the problems, so that an import can go on to
// check them against the database and report every problem at once.
func parse(src Source) (*Files, *parser) {
	p := &parser{incomplete: map[string]bool{}}
	f := &Files{Modes: map[string]Mode{}}
	p.manifest(src, f)
	for _, n := range src.Names() {
		switch n {
		case ManifestFile, OrgsFile, UsersFile, ClassesFile, EnrollmentsFile, RolesFile:
		case AcademicSessionsFile, CoursesFile:
			if f.Mode(n) != ModeAbsent {
				p.generic(src, n)
			}
		default:
			p.warnings = append(p.warnings, n+": not a file Qixue imports; ignored")
		}
	}
	roles := p.roles(src, f)
	p.orgs(src, f)
	p.users(src, f, roles)
	p.classes(src, f)
	p.enrollments(src, f)
	f.Warnings = p.warnings
	f.incomplete = p.incomplete
	return f, p
}

// open returns the table of a file the manifest lists, or nil when the
// manifest says absent (warning if the file is there anyway).
func (p *parser) open(src Source, f *Files, file string, required []string) *table {
	data, ok := src.File(file)
	if f.Mode(file) == ModeAbsent {
		if ok {
			p.warnings = append(p.warnings, file+": the manifest marks it absent; ignored")
		}
		return nil
	}
	if !ok {
		p.add(file, 0, "", CodeMissingFile, file)
		p.incomplete[file] = true
		return nil
	}
	return p.readTable(file, data, required)
}

func (p *parser) manifest(src Source, f *Files) {
	data, ok := src.File(ManifestFile)
	if !ok {
		p.add(ManifestFile, 0, "", CodeMissingFile, ManifestFile)
		return
	}
	t := p.readTable(ManifestFile, data, []string{"propertyName", "value"})
	if t == nil {
		return
	}
	for i := range t.rows {
		name, value := t.get(i, "propertyName"), t.get(i, "value")
		switch {
		case name == "oneroster.version":
			f.Version = value
		case strings.HasPrefix(name, "file."):
			m := Mode(strings.ToLower(value))
			if m != ModeAbsent && m != ModeBulk && m != ModeDelta {
				p.add(ManifestFile, t.lines[i], "value", CodeUnknownMode, value)
				continue
			}
			f.Modes[strings.TrimPrefix(name, "file.")+".csv"] = m
		}
	}
}

// row checks the columns every OneRoster data file shares and returns the
// sourcedId and status.
func (p *parser) row(t *table, i int, mode Mode, seen map[string]int) (id, status string, ok bool) {
	line := t.lines[i]
	id = t.get(i, "sourcedId")
	ok = true
	switch {
	case id == "":
		p.add(t.file, line, "sourcedId", CodeRequired, "")
		ok = false
	case utf8.RuneCountInString(id) > 255:
		p.add(t.file, line, "sourcedId", CodeTooLong, id)
		ok = false
	case seen[id] != 0:
		p.add(t.file, line, "sourcedId", CodeDuplicateID, id)
		ok = false
	default:
		seen[id] = line
	}
	status = strings.ToLower(t.get(i, "status"))
	switch status {
	case "", StatusActive:
		status = StatusActive
	case StatusToBeDeleted:
		if mode == ModeBulk { // bulk files list only what exists
			p.add(t.file, line, "status", CodeUnknownStatus, t.get(i, "status"))
			ok = false
		}
	default:
		p.add(t.file, line, "status", CodeUnknownStatus, t.get(i, "status"))
		ok = false
	}
	if d := t.get(i, "dateLastModified"); d != "" && !validDateTime(d) {
		p.add(t.file, line, "dateLastModified", CodeBadDate, d)
		ok = false
	}
	return id, status, ok
}

// validDateTime accepts ISO 8601 date-times as OneRoster writes them
// (2026-09-01T08:00:00.000Z, with or without fraction or zone) and dates.
func validDateTime(s string) bool {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02T15:04:05.000", time.DateOnly} {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}

func validDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}

// generic checks a file Qixue accepts but does not import.
func (p *parser) generic(src Source, file string) {
	t := p.readTable(file, mustFile(src, file), []string{"sourcedId"})
	if t == nil {
		return
	}
	seen := map[string]int{}
	for i := range t.rows {
		p.row(t, i, ModeDelta, seen)
		for _, c := range []string{"startDate", "endDate"} {
			if d := t.get(i, c); d != "" && !validDate(d) {
				p.add(file, t.lines[i], c, CodeBadDate, d)
			}
		}
	}
}

func mustFile(src Source, name string) []byte { b, _ := src.File(name); return b }

// Org types of OneRoster; only schools are imported.
var orgTypes = map[string]bool{"school": true, "district": true, "department": true, "local": true, "state": true, "national": true}

func (p *parser) orgs(src Source, f *Files) {
	t := p.open(src, f, OrgsFile, []string{"sourcedId", "name", "type"})
	if t == nil {
		return
	}
	seen := map[string]int{}
	for i := range t.rows {
		id, status, ok := p.row(t, i, f.Mode(OrgsFile), seen)
		typ := t.get(i, "type")
		name := t.get(i, "name")
		if !orgTypes[typ] {
			p.add(OrgsFile, t.lines[i], "type", CodeUnknownOrgType, typ)
			ok = false
		}
		if status == StatusActive && name == "" {
			p.add(OrgsFile, t.lines[i], "name", CodeRequired, "")
			ok = false
		} else if utf8.RuneCountInString(name) > 200 {
			p.add(OrgsFile, t.lines[i], "name", CodeTooLong, name)
			ok = false
		}
		switch {
		case !ok:
			f.reject(OrgsFile, id)
		case typ == "school":
			f.Orgs = append(f.Orgs, Org{Line: t.lines[i], SourcedID: id, Status: status, Name: name, Type: typ})
		}
	}
}

// Roles of OneRoster 1.1 and 1.2 users and what Qixue makes of them: ""
// means a valid role that Qixue does not import (the row is skipped with
// a warning).
var userRoles = map[string]string{
	"student":               "student",
	"teacher":               "teacher",
	"administrator":         "school_admin",
	"siteAdministrator":     "school_admin", // 1.2
	"principal":             "school_admin", // 1.2
	"aide":                  "",
	"guardian":              "",
	"parent":                "",
	"proctor":               "",
	"relative":              "",
	"districtAdministrator": "",
	"systemAdministrator":   "",
}

var usernamePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{2,31}$`)

// roleOf is a user's role and school from roles.csv (OneRoster 1.2).
type roleOf struct {
	line  int
	role  string
	orgID string
}

// roles reads OneRoster 1.2 roles.csv: each user's primary role (or first
// listed) and its org.
func (p *parser) roles(src Source, f *Files) map[string]roleOf {
	if _, ok := src.File(RolesFile); !ok || f.Mode(RolesFile) == ModeAbsent {
		return nil
	}
	t := p.open(src, f, RolesFile, []string{"sourcedId", "userSourcedId", "role", "orgSourcedId"})
	if t == nil {
		return nil
	}
	out := map[string]roleOf{}
	seen := map[string]int{}
	for i := range t.rows {
		_, status, ok := p.row(t, i, f.Mode(RolesFile), seen)
		user, role, org := t.get(i, "userSourcedId"), t.get(i, "role"), t.get(i, "orgSourcedId")
		for col, v := range map[string]string{"userSourcedId": user, "role": role, "orgSourcedId": org} {
			if v == "" {
				p.add(RolesFile, t.lines[i], col, CodeRequired, "")
				ok = false
			}
		}
		if _, known := userRoles[role]; role != "" && !known {
			p.add(RolesFile, t.lines[i], "role", CodeUnknownRole, role)
			ok = false
		}
		if !ok || status != StatusActive {
			continue
		}
		if prev, dup := out[user]; dup && (prev.line > 0 && t.get(i, "roleType") != "primary") {
			continue
		}
		out[user] = roleOf{line: t.lines[i], role: role, orgID: org}
	}
	return out
}

func (p *parser) users(src Source, f *Files, roles map[string]roleOf) {
	required := []string{"sourcedId", "givenName", "familyName"}
	t := p.open(src, f, UsersFile, required)
	if t == nil {
		return
	}
	if roles == nil { // 1.1: role and orgs in users.csv
		for _, c := range []string{"role", "orgSourcedIds"} {
			if !t.has(c) && !(c == "orgSourcedIds" && t.has("primaryOrgSourcedId")) {
				p.add(UsersFile, 1, c, CodeMissingColumn, "")
				p.incomplete[UsersFile] = true
				return
			}
		}
	}
	seen := map[string]int{}
	names := map[string]int{}
	for i := range t.rows {
		line := t.lines[i]
		id, status, ok := p.row(t, i, f.Mode(UsersFile), seen)
		u := User{Line: line, SourcedID: id, Status: status,
			Role: t.get(i, "role"), GivenName: t.get(i, "givenName"), FamilyName: t.get(i, "familyName"),
			Email: t.get(i, "email"), Password: t.rows[i][colIndex(t, "password")],
			Disabled: strings.EqualFold(t.get(i, "enabledUser"), "false"),
		}
		if !t.has("password") {
			u.Password = ""
		}
		orgs := t.get(i, "orgSourcedIds")
		if orgs == "" {
			orgs = t.get(i, "primaryOrgSourcedId")
		}
		for _, o := range strings.Split(orgs, ",") {
			if o = strings.TrimSpace(o); o != "" {
				u.OrgSourcedIDs = append(u.OrgSourcedIDs, o)
			}
		}
		if r, ok := roles[id]; ok && u.Role == "" {
			u.Role = r.role
			u.OrgSourcedIDs = append([]string{r.orgID}, u.OrgSourcedIDs...)
		}
		if status == StatusToBeDeleted {
			if ok {
				f.Users = append(f.Users, u)
			} else {
				f.reject(UsersFile, id)
			}
			continue
		}
		mapped, known := userRoles[u.Role]
		roleOK := true
		switch {
		case u.Role == "":
			p.add(UsersFile, line, "role", CodeRequired, "")
			ok, roleOK = false, false
		case !known:
			p.add(UsersFile, line, "role", CodeUnknownRole, u.Role)
			ok, roleOK = false, false
		case mapped == "":
			p.warnings = append(p.warnings, UsersFile+":"+itoa(line)+": role "+u.Role+" is not imported")
			continue
		}
		u.Role = mapped
		if u.GivenName == "" && u.FamilyName == "" {
			p.add(UsersFile, line, "givenName", CodeRequired, "")
			ok = false
		} else if utf8.RuneCountInString(RealName(u.GivenName, u.FamilyName)) > 100 {
			p.add(UsersFile, line, "givenName", CodeTooLong, u.GivenName)
			ok = false
		}
		if len(u.OrgSourcedIDs) == 0 {
			p.add(UsersFile, line, "orgSourcedIds", CodeRequired, "")
			ok = false
		}
		if u.Username = strings.ToLower(t.get(i, "username")); u.Username != "" {
			switch {
			case !usernamePattern.MatchString(u.Username):
				p.add(UsersFile, line, "username", CodeBadUsername, t.get(i, "username"))
				ok = false
			case names[u.Username] != 0:
				p.add(UsersFile, line, "username", CodeDuplicateName, u.Username)
				ok = false
			default:
				names[u.Username] = line
			}
		} else if u.Role != "student" && roleOK {
			// Teachers and admins log in with a username and password.
			p.add(UsersFile, line, "username", CodeRequired, "")
			ok = false
		}
		if u.Email != "" {
			if a, err := mail.ParseAddress(u.Email); err != nil || a.Address != u.Email || len(u.Email) > 254 {
				p.add(UsersFile, line, "email", CodeBadEmail, u.Email)
				ok = false
			}
		}
		if u.Password != "" && (len(u.Password) < 8 || len(u.Password) > 72) {
			p.add(UsersFile, line, "password", CodeBadPassword, "")
			ok = false
		}
		if ok {
			f.Users = append(f.Users, u)
		} else {
			f.reject(UsersFile, id)
		}
	}
}

func colIndex(t *table, col string) int {
	if j, ok := t.cols[col]; ok {
		return j
	}
	return 0
}

// ParseGrades maps a OneRoster grades list ("01,02") to the lowest Qixue
// grade: KG, PK and TK are 0, 01-06 are 1-6. It reports false for any
// other grade.
func ParseGrades(s string) (int, bool) {
	best := -1
	for _, g := range strings.Split(s, ",") {
		var n int
		switch g = strings.ToUpper(strings.TrimSpace(g)); g {
		case "KG", "PK", "TK":
			n = 0
		case "01", "02", "03", "04", "05", "06", "1", "2", "3", "4", "5", "6":
			n = int(g[len(g)-1] - '0')
		case "":
			continue
		default:
			return 0, false
		}
		if best < 0 || n < best {
			best = n
		}
	}
	return best, best >= 0
}

func (p *parser) classes(src Source, f *Files) {
	t := p.open(src, f, ClassesFile, []string{"sourcedId", "title", "schoolSourcedId"})
	if t == nil {
		return
	}
	seen := map[string]int{}
	for i := range t.rows {
		line := t.lines[i]
		id, status, ok := p.row(t, i, f.Mode(ClassesFile), seen)
		c := Class{Line: line, SourcedID: id, Status: status, Title: t.get(i, "title"),
			ClassCode: t.get(i, "classCode"), SchoolSourcedID: t.get(i, "schoolSourcedId")}
		if status == StatusActive {
			if c.Title == "" {
				p.add(ClassesFile, line, "title", CodeRequired, "")
				ok = false
			} else if utf8.RuneCountInString(c.Title) > 100 {
				p.add(ClassesFile, line, "title", CodeTooLong, c.Title)
				ok = false
			}
			if c.SchoolSourcedID == "" {
				p.add(ClassesFile, line, "schoolSourcedId", CodeRequired, "")
				ok = false
			}
			g := t.get(i, "grades")
			if g == "" {
				p.add(ClassesFile, line, "grades", CodeRequired, "")
				ok = false
			} else if n, good := ParseGrades(g); !good {
				p.add(ClassesFile, line, "grades", CodeBadGrade, g)
				ok = false
			} else {
				c.Grade = n
			}
		}
		if ok {
			f.Classes = append(f.Classes, c)
		} else {
			f.reject(ClassesFile, id)
		}
	}
}

func (p *parser) enrollments(src Source, f *Files) {
	t := p.open(src, f, EnrollmentsFile, []string{"sourcedId", "classSourcedId", "userSourcedId", "role"})
	if t == nil {
		return
	}
	seen := map[string]int{}
	pairs := map[[2]string]int{}
	for i := range t.rows {
		line := t.lines[i]
		id, status, ok := p.row(t, i, f.Mode(EnrollmentsFile), seen)
		e := Enrollment{Line: line, SourcedID: id, Status: status, ClassSourcedID: t.get(i, "classSourcedId"),
			UserSourcedID: t.get(i, "userSourcedId"), SchoolSourcedID: t.get(i, "schoolSourcedId"), Role: t.get(i, "role")}
		for _, c := range []string{"beginDate", "endDate"} {
			if d := t.get(i, c); d != "" && !validDate(d) {
				p.add(EnrollmentsFile, line, c, CodeBadDate, d)
				ok = false
			}
		}
		if status == StatusActive {
			for col, v := range map[string]string{"classSourcedId": e.ClassSourcedID, "userSourcedId": e.UserSourcedID} {
				if v == "" {
					p.add(EnrollmentsFile, line, col, CodeRequired, "")
					ok = false
				}
			}
			switch e.Role {
			case "student", "teacher":
			case "administrator", "aide", "proctor", "guardian", "parent", "relative":
				p.warnings = append(p.warnings, EnrollmentsFile+":"+itoa(line)+": role "+e.Role+" is not imported")
				continue
			case "":
				p.add(EnrollmentsFile, line, "role", CodeRequired, "")
				ok = false
			default:
				p.add(EnrollmentsFile, line, "role", CodeUnknownRole, e.Role)
				ok = false
			}
			pair := [2]string{e.ClassSourcedID, e.UserSourcedID}
			if pairs[pair] != 0 {
				p.add(EnrollmentsFile, line, "userSourcedId", CodeDuplicatePair, e.UserSourcedID)
				ok = false
			} else {
				pairs[pair] = line
			}
		}
		if ok {
			f.Enrollments = append(f.Enrollments, e)
		}
	}
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	if n == 0 {
		return "0"
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// RealName joins OneRoster given and family names: family name first and
// no space for Chinese names ("张" + "三" = "张三"), otherwise "Given Family".
func RealName(given, family string) string {
	switch {
	case given == "":
		return family
	case family == "":
		return given
	case isHan(given) && isHan(family):
		return family + given
	}
	return given + " " + family
}

func isHan(s string) bool {
	for _, r := range s {
		if r < 0x2E80 || r > 0x9FFF {
			return false
		}
	}
	return true
}
