package identity_test

import (
	"testing"

	"qixue/audit"
	"qixue/domain"
)

// TestAuditRoleNames: audit spells the admin roles as identity does (it
// cannot import identity), so that List lets exactly admins read.
func TestAuditRoleNames(t *testing.T) {
	if string(domain.RolePlatformAdmin) != audit.RolePlatformAdmin || string(domain.RoleSchoolAdmin) != audit.RoleSchoolAdmin {
		t.Fatalf("audit roles %q %q differ from identity's", audit.RolePlatformAdmin, audit.RoleSchoolAdmin)
	}
}
