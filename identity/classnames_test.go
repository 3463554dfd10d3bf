package identity_test

import (
	"testing"

	"qixue/identity"
)

// TestShownName: a student is shown to other classes by the nickname, else
// the given name, else the initial of the real name; nothing is cut from
// the real name (F5: 买买提·艾力, 王伟2, 李娜（大） leaked whole and 王 小明
// gave the family name 王).
func TestShownName(t *testing.T) {
	for _, c := range []struct{ nick, given, real, want string }{
		{"", "", "买买提·艾力", "买."},
		{"", "", "王伟2", "王."},
		{"", "", "李娜（大）", "李."},
		{"", "", "王 小明", "王."},
		{"", "", "Nguyễn Văn An", "N."},
		{"", "", "\u0301x", "\u0301."}, // a lone combining mark stays one letter
		{"", "", "e\u0301mile", "e\u0301."},
		{"", "", "  ", ""},
		{"", "艾力", "买买提·艾力", "艾力"},
		{"", " 小明 ", "王 小明", "小明"},
		{"小龙", "伟", "王伟2", "小龙"},
		{"  ", "娜", "李娜（大）", "娜"},
		{"", "An", "Nguyễn Văn An", "An"},
	} {
		if got := identity.ShownName(c.nick, c.given, c.real); got != c.want {
			t.Errorf("ShownName(%q, %q, %q) = %q, want %q", c.nick, c.given, c.real, got, c.want)
		}
		u := identity.User{Nickname: c.nick, GivenName: c.given, RealName: c.real}
		if got := u.Shown(); got != c.want {
			t.Errorf("User.Shown of %+v = %q, want %q", u, got, c.want)
		}
	}
}
