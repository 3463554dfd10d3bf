package api

import (
	"crypto/sha256"
	"encoding/base64"
	"html/template"
	"net/http"

	"github.com/labstack/echo/v4"

	"qixue/identity"
	"qixue/qrsvg"
)

// Students' QR login badges: issued and revoked by their teachers, printed
// as QR codes of a URL of the app whose fragment carries the secret
// (<origin>/login#badge=SECRET: a fragment is never sent to a server, so
// the secret stays out of every access log), and exchanged for a session
// by POST /v1/auth/badge.

func (h *identityHandlers) registerBadges(v1 *echo.Group, auth, sameSite echo.MiddlewareFunc) {
	v1.POST("/auth/badge", h.badgeLogin, sameSite)
	v1.POST("/users/:id/badge", h.issueBadge, auth)
	v1.DELETE("/users/:id/badge", h.revokeBadge, auth)
	v1.POST("/classes/:id/badges", h.issueClassBadges, auth)
}

type badgeLoginRequest struct {
	Badge string `json:"badge"`
}

// badgeCard is a student's new badge: the secret, the URL its QR code
// encodes and the QR code as an SVG document.
type badgeCard struct {
	UserID   string `json:"user_id"`
	Username string `json:"username"`
	RealName string `json:"real_name"`
	Badge    string `json:"badge"`
	LoginURL string `json:"login_url"`
	QRSVG    string `json:"qr_svg"`
}

type classBadgesResponse struct {
	ClassID   string      `json:"class_id"`
	ClassName string      `json:"class_name"`
	Students  []badgeCard `json:"students"`
}

// badgeLogin logs a student in with a badge secret.
func (h *identityHandlers) badgeLogin(c echo.Context) error {
	var req badgeLoginRequest
	if err := Bind(c, &req); err != nil {
		return err
	}
	s, err := h.svc.BadgeLogin(c.Request().Context(), req.Badge, c.RealIP())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toSessionResponse(s))
}

// DefaultPublicURL is the app's public origin when Deps.PublicURL is
// empty: the address `qixue serve` listens on by default.
const DefaultPublicURL = "http://localhost:8080"

// badgeCards makes badge cards for the app at one configured public origin
// (Deps.PublicURL), never the request's Host header.
type badgeCards struct{ origin string }

func (b badgeCards) card(lang string, u identity.User, secret string) (badgeCard, error) {
	url := b.origin + "/login#badge=" + secret
	title := u.RealName + " 的登录二维码"
	if lang == LangEN {
		title = "Login badge of " + u.RealName
	}
	svg, err := qrsvg.SVG(url, title)
	if err != nil {
		return badgeCard{}, err
	}
	return badgeCard{UserID: u.ID, Username: u.Username, RealName: u.RealName, Badge: secret, LoginURL: url, QRSVG: svg}, nil
}

// issue issues a student's new badge and makes its card. The card is made
// before the badge is written, so a card that cannot be made leaves the
// student's old badge working.
func (b badgeCards) issue(c echo.Context, svc *identity.Service, userID string) (badgeCard, error) {
	lang := langOf(c)
	var card badgeCard
	_, _, err := svc.IssueBadge(c.Request().Context(), Caller(c), userID, func(u identity.User, secret string) (err error) {
		card, err = b.card(lang, u, secret)
		return err
	})
	return card, err
}

func (h *identityHandlers) issueBadge(c echo.Context) error {
	card, err := h.badges.issue(c, h.svc, c.Param("id"))
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, card)
}

func (h *identityHandlers) revokeBadge(c echo.Context) error {
	if err := h.svc.RevokeBadge(c.Request().Context(), Caller(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// issueClassBadges gives every active student of the class a new badge
// and answers the badges as JSON, or with format=html as a printable
// sheet.
func (h *identityHandlers) issueClassBadges(c echo.Context) error {
	format := c.QueryParam("format")
	if format != "" && format != "json" && format != "html" {
		return &Error{Status: http.StatusBadRequest, Code: "invalid_parameter", Args: []any{"format"}}
	}
	lang := langOf(c)
	var cards []badgeCard
	cl, _, err := h.svc.IssueClassBadges(c.Request().Context(), Caller(c), c.Param("id"), func(u identity.User, secret string) error {
		card, err := h.badges.card(lang, u, secret)
		cards = append(cards, card)
		return err
	})
	if err != nil {
		return err
	}
	out := classBadgesResponse{ClassID: cl.ID, ClassName: cl.Name, Students: cards}
	if out.Students == nil {
		out.Students = []badgeCard{}
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	if format != "html" {
		return c.JSON(http.StatusOK, out)
	}
	c.Response().Header().Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	c.Response().Header().Set("Content-Security-Policy", BadgesCSP)
	c.Response().WriteHeader(http.StatusOK)
	return writeBadgesHTML(c.Response(), out, langOf(c))
}

// badgesStyle is the style sheet of the printable badges sheet, allowed
// by BadgesCSP through the hash of its exact text.
const badgesStyle = `
body{font-family:sans-serif;margin:1cm}
.badge{display:inline-block;width:5.5cm;border:1px dashed #888;padding:.3cm;margin:.2cm;text-align:center;page-break-inside:avoid;vertical-align:top}
.badge svg{width:4.5cm;height:4.5cm}
.name{font-size:1.3em;font-weight:bold}
.user{font-family:monospace}
@media print{.badge{border-style:solid}.note{display:none}}
`

// BadgesCSP is the Content-Security-Policy of the badges sheet: nothing
// loads or runs but its own style sheet (the QR codes are inline SVG).
var BadgesCSP = func() string {
	sum := sha256.Sum256([]byte(badgesStyle))
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; frame-ancestors 'none'"
}()

var badgesPage = template.Must(template.New("badges").Parse(`<!DOCTYPE html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>` + badgesStyle + `</style></head><body>
<h1>{{.Title}}</h1><p class="note">{{.Note}}</p>
{{range .Cards}}<div class="badge">{{.QR}}<div class="name">{{.RealName}}</div><div class="user">{{.Username}}</div></div>
{{else}}<p>{{.None}}</p>{{end}}
</body></html>
`))

func writeBadgesHTML(w http.ResponseWriter, b classBadgesResponse, lang string) error {
	type card struct {
		QR                 template.HTML
		RealName, Username string
	}
	d := struct {
		Lang, Title, Note, None string
		Cards                   []card
	}{"zh-CN", b.ClassName + " 登录二维码", "扫一扫二维码就能登录。每次打印都是新卡，旧卡马上失效。", "这个班级还没有学生。", nil}
	if lang == LangEN {
		d.Lang, d.Title, d.Note, d.None = "en", b.ClassName+": login badges", "Scan a code to log in. Each print makes new badges; the old ones stop working at once.", "This class has no students yet."
	}
	for _, s := range b.Students {
		// The SVG is made by qrsvg from the URL and an escaped title.
		d.Cards = append(d.Cards, card{QR: template.HTML(s.QRSVG), RealName: s.RealName, Username: s.Username})
	}
	return badgesPage.Execute(w, d)
}
