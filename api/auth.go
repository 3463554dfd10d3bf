package api

import (
	"context"
	"qixue/domain"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"
)

const principalKey = "qixue.principal"

// Authenticator verifies access tokens, refusing those of users
// deactivated or deleted since they were issued.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (domain.Principal, error)
}

// RequireAuth refuses requests without a valid Bearer access token and
// stores the caller's principal for Caller. Tokens of deactivated or
// deleted users are refused (401 token_invalid) at once on the instance
// that made the change and within identity.Config.RevocationRefresh on
// the others.
func RequireAuth(a Authenticator) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			h := c.Request().Header.Get(echo.HeaderAuthorization)
			scheme, token, ok := strings.Cut(h, " ")
			if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
				return domain.ErrUnauthenticated
			}
			p, err := a.Authenticate(c.Request().Context(), strings.TrimSpace(token))
			if err != nil {
				return err
			}
			c.Set(principalKey, p)
			return next(c)
		}
	}
}

// RequireRole refuses callers whose role is not listed (403). Use it after
// RequireAuth.
func RequireRole(roles ...domain.Role) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if !slices.Contains(roles, Caller(c).Role) {
				return domain.ErrForbidden
			}
			return next(c)
		}
	}
}

// Caller returns the authenticated principal of the request (the zero
// Principal outside RequireAuth).
func Caller(c echo.Context) domain.Principal {
	p, _ := c.Get(principalKey).(domain.Principal)
	return p
}
