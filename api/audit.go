package api

import (
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"qixue/audit"
	"qixue/domain"
)

// auditHandlers serve the audit log.
type auditHandlers struct {
	svc *audit.Service
}

func (h *auditHandlers) register(v1 *echo.Group, auth echo.MiddlewareFunc) {
	addRoutes(v1, auth, h.svc != nil, []route{{http.MethodGet, "/audit", h.list}})
}

// list answers a page of the audit log, newest first, filtered by
// user_id (actor or target), action, since and until (RFC 3339), and for
// platform admins school_id.
func (h *auditHandlers) list(c echo.Context) error {
	page, err := PageParams(c)
	if err != nil {
		return err
	}
	q := audit.Query{SchoolID: c.QueryParam("school_id"), UserID: c.QueryParam("user_id"), Action: audit.Action(c.QueryParam("action"))}
	for name, t := range map[string]*time.Time{"since": &q.Since, "until": &q.Until} {
		if s := c.QueryParam(name); s != "" {
			v, err := time.Parse(time.RFC3339, s)
			if err != nil {
				return queryError(name)
			}
			*t = v
		}
	}
	p := Caller(c)
	viewer := audit.Actor{UserID: p.UserID, Role: string(p.Role), SchoolID: p.SchoolID}
	list, next, err := h.svc.List(c.Request().Context(), viewer, q, page.After, page.Limit)
	var ve *audit.ValidationError
	switch {
	case errors.Is(err, audit.ErrForbidden):
		return domain.ErrForbidden
	case errors.As(err, &ve):
		return queryError(ve.Field)
	case err != nil:
		return err
	}
	return c.JSON(http.StatusOK, NewList(c, list, next, toAuditEntryResponse))
}

// auditEntryResponse is one entry of the audit log.
type auditEntryResponse struct {
	ID       string              `json:"id"`
	SchoolID *string             `json:"school_id"`
	Actor    auditActorResponse  `json:"actor"`
	Action   string              `json:"action"`
	Target   auditTargetResponse `json:"target"`
	Details  map[string]any      `json:"details"`
	At       time.Time           `json:"at"`
	From     auditFromResponse   `json:"from"`
}

type auditActorResponse struct {
	UserID *string `json:"user_id"`
	Role   string  `json:"role"`
}

type auditTargetResponse struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

type auditFromResponse struct {
	Address   string `json:"address"`
	RequestID string `json:"request_id"`
}

func toAuditEntryResponse(e audit.Entry) auditEntryResponse {
	details := e.Details
	if details == nil {
		details = map[string]any{}
	}
	return auditEntryResponse{ID: e.ID, SchoolID: optional(e.SchoolID),
		Actor:  auditActorResponse{UserID: optional(e.Actor.UserID), Role: e.Actor.Role},
		Action: string(e.Action), Target: auditTargetResponse{Type: e.Target.Type, ID: e.Target.ID},
		Details: details, At: e.At.UTC(), From: auditFromResponse{Address: e.From.Addr, RequestID: e.From.RequestID}}
}

// optional is nil for "" (JSON null).
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
