package roster

// File names of a OneRoster CSV bundle.
const (
	ManifestFile         = "manifest.csv"
	OrgsFile             = "orgs.csv"
	UsersFile            = "users.csv"
	ClassesFile          = "classes.csv"
	EnrollmentsFile      = "enrollments.csv"
	AcademicSessionsFile = "academicSessions.csv"
	CoursesFile          = "courses.csv"
	RolesFile            = "roles.csv" // OneRoster 1.2: user roles per org
)

// Mode is how a file changes the roster (manifest "file.X").
type Mode string

// File modes of the manifest.
const (
	ModeAbsent Mode = "absent"
	ModeBulk   Mode = "bulk"
	ModeDelta  Mode = "delta"
)

// Status of a row: delta files mark rows to deactivate as tobedeleted.
const (
	StatusActive      = "active"
	StatusToBeDeleted = "tobedeleted"
)

// Org is a row of orgs.csv.
type Org struct {
	Line      int
	SourcedID string
	Status    string
	Name      string
	Type      string
}

// User is a row of users.csv (with its role from roles.csv for 1.2).
type User struct {
	Line          int
	SourcedID     string
	Status        string
	Role          string
	Username      string
	GivenName     string
	FamilyName    string
	Email         string
	Password      string
	OrgSourcedIDs []string
	// Disabled is enabledUser=false: the account is imported deactivated.
	Disabled bool
}

// Class is a row of classes.csv.
type Class struct {
	Line            int
	SourcedID       string
	Status          string
	Title           string
	ClassCode       string
	SchoolSourcedID string
	Grade           int
}

// Enrollment is a row of enrollments.csv.
type Enrollment struct {
	Line            int
	SourcedID       string
	Status          string
	ClassSourcedID  string
	UserSourcedID   string
	SchoolSourcedID string
	Role            string
}

// Files is a parsed, file-level valid OneRoster bundle.
type Files struct {
	// Version is the manifest's oneroster.version ("1.1" or "1.2").
	Version     string
	Modes       map[string]Mode
	Orgs        []Org
	Users       []User
	Classes     []Class
	Enrollments []Enrollment
	// Warnings lists files and rows that were accepted but not imported.
	Warnings []string

	// incomplete marks the files some rows of which could not be read
	// (missing, bad header, malformed rows); rejected holds, per file, the
	// sourcedIds of rows refused by the checks. References to them are not
	// reported again as unknown: their own problem says why.
	incomplete map[string]bool
	rejected   map[string]map[string]bool
}

// explained reports whether a reference to sourcedId id of file fails
// because of a problem already reported: the row was refused, or the
// file could not be read whole.
func (f *Files) explained(file, id string) bool {
	return f.incomplete[file] || f.rejected[file][id]
}

// reject records that the row id of file was refused.
func (f *Files) reject(file, id string) {
	if id == "" {
		return
	}
	if f.rejected == nil {
		f.rejected = map[string]map[string]bool{}
	}
	if f.rejected[file] == nil {
		f.rejected[file] = map[string]bool{}
	}
	f.rejected[file][id] = true
}

// Mode returns the manifest mode of a file (absent when unlisted).
func (f *Files) Mode(file string) Mode {
	if m, ok := f.Modes[file]; ok {
		return m
	}
	return ModeAbsent
}

// MaxProblems is how many problems an import reports at most; the rest
// are counted (Error.More): an upload of the wrong files would otherwise
// list every row.
const MaxProblems = 1000
