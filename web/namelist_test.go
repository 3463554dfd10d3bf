package web_test

import "testing"

// TestNameListSwitch: the teacher turns the class's name list off on the
// class page; the student login then asks for the username (no names to
// tap) and goes on to the PIN; turned on again, the names are back.
func TestNameListSwitch(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := startServer(t)
	b := newBrowser(t, base, 1024, 768)
	code, user := b.demoClass()
	if !evalJS[bool](b, `document.getElementById('name-list').checked`) {
		t.Fatal("the name list starts off")
	}
	b.click("#name-list")
	b.waitJS("the switch saved", `document.getElementById('live').textContent !== '' && !document.getElementById('name-list').disabled`)
	b.shot("teacher-name-list-off")
	b.click("#logout")
	b.wait("#username")

	b.open("/student/login")
	b.fill("#class-code", code)
	b.click("#to-names")
	b.wait("#username")
	if n := evalJS[int](b, `document.querySelectorAll('.name-btn').length`); n != 0 {
		t.Errorf("%d names shown with the list off", n)
	}
	b.shot("student-type-username")
	b.fill("#username", user)
	b.click("#to-pin")
	b.wait(".pinpad")

	b.demoClass()
	if evalJS[bool](b, `document.getElementById('name-list').checked`) {
		t.Fatal("the switch did not stay off")
	}
	b.click("#name-list")
	b.waitJS("the switch saved", `document.getElementById('name-list').checked && !document.getElementById('name-list').disabled`)
	b.click("#logout")
	b.wait("#username")
	b.open("/student/login")
	b.fill("#class-code", code)
	b.click("#to-names")
	b.wait(".name-btn")
}
