package identity_test

import (
	"testing"

	"qixue/identity"
)

func TestFirstName(t *testing.T) {
	for in, want := range map[string]string{
		"王小明": "小明", "张伟": "伟", "欧阳娜娜": "娜娜", "司马光": "光", "欧阳": "阳", "林": "林",
		"Anna Smith": "Anna", " Ben  Li ": "Ben", "Tom": "Tom", "": "", "王 小明": "王", "李Lucy": "李Lucy",
		"赵小龙": "小龙", "孙悦": "悦", "欧阳明月": "明月", "Ann Li": "Ann", " Bo  Wang ": "Bo", "Madonna": "Madonna",
		"李": "李", "轩辕青": "青",
	} {
		if got := identity.FirstName(in); got != want {
			t.Errorf("FirstName(%q) = %q, want %q", in, got, want)
		}
	}
}
