package roster

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"io"

	"qixue/csvsafe"
	"qixue/domain"
	"qixue/identity"
)

// Card is a student's login card: what the student types to log in.
type Card struct {
	UserID    string
	RealName  string
	ClassName string
	ClassCode string
	Username  string
	PIN       string
	// QR is the student's QR login badge as inline SVG, printed on the
	// HTML card when set (the caller issues the badge).
	QR template.HTML
}

// LoginCards gives a PIN to every active student of the class who never
// had a PIN or password (students created by an import) and returns their
// login cards. Teachers of the class, school admins and platform admins
// may. PINs are stored only as hashes: the cards are the one time they
// are shown, and a second call returns only students added since. A lost
// card is replaced by resetting that student's PIN.
func (im *Importer) LoginCards(ctx context.Context, ids *identity.Service, p domain.Principal, classID string) ([]Card, error) {
	if p.Role == domain.RoleStudent {
		return nil, ErrForbidden
	}
	cl, err := ids.Class(ctx, p, classID)
	if err != nil {
		return nil, err
	}
	var fresh []identity.User
	page := domain.Page{Limit: domain.MaxPageLimit}
	for {
		list, next, err := ids.Users(ctx, p, identity.UserListQuery{ClassID: cl.ID, Role: domain.RoleStudent}, page)
		if err != nil {
			return nil, err
		}
		for _, u := range list {
			if u.Active() && u.PINHash == "" && u.PasswordHash == "" {
				fresh = append(fresh, u)
			}
		}
		if next == "" {
			break
		}
		page.After = next
	}
	cards := make([]Card, 0, len(fresh))
	for _, u := range fresh {
		_, pin, err := ids.ResetPIN(ctx, p, u.ID)
		if err != nil {
			return nil, err
		}
		cards = append(cards, Card{UserID: u.ID, RealName: u.RealName, ClassName: cl.Name, ClassCode: cl.LoginCode, Username: u.Username, PIN: pin})
	}
	return cards, nil
}

// WriteCardsCSV writes the cards as CSV with a header row and a UTF-8
// byte-order mark, so spreadsheet programs read Chinese names; a name a
// spreadsheet would run as a formula is written as text (csvsafe).
func WriteCardsCSV(w io.Writer, cards []Card) error {
	rows := [][]string{{"real_name", "class_name", "class_code", "username", "pin"}}
	for _, c := range cards {
		rows = append(rows, []string{c.RealName, c.ClassName, c.ClassCode, c.Username, c.PIN})
	}
	return csvsafe.NewWriterBOM(w).WriteAll(rows)
}

// cardsStyle is the style sheet of the printable cards page, kept apart so
// CardsCSP can allow exactly this text by its hash.
const cardsStyle = `
body{font-family:sans-serif;margin:1cm}
.card{display:inline-block;width:8cm;border:1px dashed #888;padding:.4cm;margin:.2cm;page-break-inside:avoid}
.name{font-size:1.3em;font-weight:bold}
.qr{float:right;width:3cm;height:3cm;margin-left:.2cm}.qr svg{width:100%;height:100%}
dt{display:inline;color:#555}dd{display:inline;margin:0 0 0 .3em;font-family:monospace;font-size:1.2em}
@media print{.card{border-style:solid}}
`

var cardsPage = template.Must(template.New("cards").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>` + cardsStyle + `</style></head><body>
{{range .Cards}}<div class="card">{{if .QR}}<div class="qr">{{.QR}}</div>{{end}}<div class="name">{{.RealName}}</div><div>{{.ClassName}}</div>
<dl><div><dt>{{$.Code}}</dt><dd>{{.ClassCode}}</dd></div><div><dt>{{$.User}}</dt><dd>{{.Username}}</dd></div><div><dt>PIN</dt><dd>{{.PIN}}</dd></div></dl></div>
{{else}}<p>{{.None}}</p>{{end}}
</body></html>
`))

// CardsCSP is the Content-Security-Policy header for the page
// WriteCardsHTML writes: it loads and runs nothing but its own style
// sheet, allowed by the SHA-256 hash of its exact text.
var CardsCSP = func() string {
	sum := sha256.Sum256([]byte(cardsStyle))
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; frame-ancestors 'none'"
}()

// WriteCardsHTML writes a printable page of the cards in lang ("en",
// otherwise zh-CN).
func WriteCardsHTML(w io.Writer, cards []Card, lang string) error {
	d := struct {
		Lang, Title, Code, User, None string
		Cards                         []Card
	}{"zh-CN", "登录卡", "班级代码", "用户名", "没有新学生需要登录卡。", cards}
	if lang == "en" {
		d.Lang, d.Title, d.Code, d.User, d.None = "en", "Login cards", "Class code", "Username", "No new students need login cards."
	}
	return cardsPage.Execute(w, d)
}
