package roster

import (
	"bytes"
	"context"
	"fmt"

	"qixue/csvsafe"
	"qixue/domain"
	"qixue/identity"
)

// Export returns a zip of OneRoster 1.1 CSV files (bulk) with the active
// roster of one school: the school, its users, classes and enrollments.
// Importing it again leaves the roster as it is: rows without a sourcedId
// (created in Qixue) are exported with their Qixue ID as sourcedId, which
// an import recognizes. Passwords and PINs are never exported. Platform
// admins name the school; school admins export their own.
func (im *Importer) Export(ctx context.Context, p domain.Principal, schoolID string) ([]byte, error) {
	switch p.Role {
	case domain.RolePlatformAdmin:
		if schoolID == "" {
			return nil, domain.Invalid("school_id", "required")
		}
	case domain.RoleSchoolAdmin:
		if schoolID != "" && schoolID != p.SchoolID {
			return nil, domain.ErrNotFound
		}
		schoolID = p.SchoolID
	default:
		return nil, ErrForbidden
	}
	school, err := im.store.School(ctx, schoolID)
	if err != nil {
		return nil, err
	}
	st, err := im.store.State(ctx, []string{school.ID})
	if err != nil {
		return nil, err
	}
	orgID := or(school.SourcedID, school.ID)
	files := map[string][]byte{}
	files[ManifestFile] = csvBytes([]string{"propertyName", "value"}, [][]string{
		{"manifest.version", "1.0"}, {"oneroster.version", "1.1"}, {"source.systemName", "Qixue"},
		{"file.academicSessions", "absent"}, {"file.categories", "absent"}, {"file.classes", "bulk"},
		{"file.classResources", "absent"}, {"file.courses", "absent"}, {"file.courseResources", "absent"},
		{"file.demographics", "absent"}, {"file.enrollments", "bulk"}, {"file.lineItems", "absent"},
		{"file.orgs", "bulk"}, {"file.resources", "absent"}, {"file.results", "absent"}, {"file.users", "bulk"},
	})
	files[OrgsFile] = csvBytes([]string{"sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"},
		[][]string{{orgID, "", "", school.Name, "school", "", ""}})
	userIDs := map[string]string{}
	var users [][]string
	for _, u := range st.Users {
		role := exportRoles[u.Role]
		if !u.Active() || role == "" {
			continue
		}
		id := or(u.SourcedID, u.ID)
		userIDs[u.ID] = id
		users = append(users, []string{id, "", "", "true", orgID, role, u.Username, "", u.RealName, "", "", "", u.Email, "", "", "", "", ""})
	}
	files[UsersFile] = csvBytes([]string{"sourcedId", "status", "dateLastModified", "enabledUser", "orgSourcedIds", "role", "username",
		"userIds", "givenName", "familyName", "middleName", "identifier", "email", "sms", "phone", "agentSourcedIds", "grades", "password"}, users)
	classIDs := map[string]string{}
	var classes [][]string
	for _, c := range st.Classes {
		if !c.Active() {
			continue
		}
		id := or(c.SourcedID, c.ID)
		classIDs[c.ID] = id
		grade := "KG"
		if g := c.Grade.Int(); g > 0 {
			grade = fmt.Sprintf("%02d", g)
		}
		classes = append(classes, []string{id, "", "", c.Name, grade, "", c.LoginCode, "scheduled", "", orgID, "", "", "", ""})
	}
	files[ClassesFile] = csvBytes([]string{"sourcedId", "status", "dateLastModified", "title", "grades", "courseSourcedId", "classCode",
		"classType", "location", "schoolSourcedId", "termSourcedIds", "subjects", "subjectCodes", "periods"}, classes)
	var enrollments [][]string
	for _, e := range st.Enrollments {
		cid, uid := classIDs[e.ClassID], userIDs[e.UserID]
		if !e.Active() || cid == "" || uid == "" {
			continue
		}
		id := or(e.SourcedID, exportedEnrollmentID(e))
		enrollments = append(enrollments, []string{id, "", "", cid, orgID, uid, string(e.Role), "", "", ""})
	}
	files[EnrollmentsFile] = csvBytes([]string{"sourcedId", "status", "dateLastModified", "classSourcedId", "schoolSourcedId",
		"userSourcedId", "role", "primary", "beginDate", "endDate"}, enrollments)
	return NewSource(files).Zip()
}

// exportedEnrollmentID is the sourcedId an export gives an enrollment
// made in Qixue: its class ID and user ID joined by a dot.
func exportedEnrollmentID(e identity.Enrollment) string { return e.ClassID + "." + e.UserID }

var exportRoles = map[domain.Role]string{
	domain.RoleStudent: "student", domain.RoleTeacher: "teacher", domain.RoleSchoolAdmin: "administrator",
}

func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// csvBytes writes a CSV file whose cells a spreadsheet shows as text
// (csvsafe); the parser removes the quotes csvsafe adds.
func csvBytes(header []string, rows [][]string) []byte {
	var buf bytes.Buffer
	csvsafe.NewWriter(&buf).WriteAll(append([][]string{header}, rows...)) // a bytes.Buffer does not fail
	return buf.Bytes()
}
