package domain

// Role is what a user may do. The zero Role is invalid; obtain one with
// ParseRole or use the constants.
type Role string

// The four roles of the permission matrix.
const (
	RolePlatformAdmin Role = "platform_admin"
	RoleSchoolAdmin   Role = "school_admin"
	RoleTeacher       Role = "teacher"
	RoleStudent       Role = "student"
)

// ParseRole returns the Role named s, or ErrValidation naming the field
// "role" for an unknown name.
func ParseRole(s string) (Role, error) {
	switch r := Role(s); r {
	case RolePlatformAdmin, RoleSchoolAdmin, RoleTeacher, RoleStudent:
		return r, nil
	}
	return "", Invalid("role", "invalid")
}

// Principal is the authenticated caller of an operation: the API fills it
// from the access token. Platform admins have an empty SchoolID.
type Principal struct {
	UserID   string
	SchoolID string
	Role     Role
}

// Staff reports whether the caller is a teacher or an admin (not a
// student).
func (p Principal) Staff() bool { return p.Role != RoleStudent }

// SchoolScope returns the school the caller's queries are limited to, or
// "" for a platform admin, who sees every school.
func (p Principal) SchoolScope() string {
	if p.Role == RolePlatformAdmin {
		return ""
	}
	return p.SchoolID
}
