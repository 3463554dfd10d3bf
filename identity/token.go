package identity

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"qixue/domain"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Access token claims are checked against these values.
const (
	TokenIssuer   = "qixue"
	TokenAudience = "qixue-api"
)

// MinSecretLen is the shortest accepted signing secret, in bytes.
const MinSecretLen = 32

// accessClaims are the claims of an access token.
type accessClaims struct {
	Role     string `json:"role"`
	SchoolID string `json:"sch,omitempty"`
	jwt.RegisteredClaims
}

// signAccess returns an HS256 access token for p valid from now for ttl.
func signAccess(secret []byte, p domain.Principal, now time.Time, ttl time.Duration) (string, error) {
	c := accessClaims{
		Role:     string(p.Role),
		SchoolID: p.SchoolID,
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    TokenIssuer,
			Subject:   p.UserID,
			Audience:  jwt.ClaimStrings{TokenAudience},
			IssuedAt:  jwt.NewNumericDate(now),
			NotBefore: jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(ttl)),
			ID:        newID(),
		},
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(secret)
}

// parseAccess verifies an access token: HS256 only, issuer, audience,
// expiry and not-before checked. It returns the principal and the time the
// token was issued (whole seconds), or ErrTokenExpired or ErrTokenInvalid.
func parseAccess(secret []byte, token string, now time.Time) (domain.Principal, time.Time, error) {
	var c accessClaims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(TokenIssuer),
		jwt.WithAudience(TokenAudience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithTimeFunc(func() time.Time { return now }),
	)
	switch {
	case errors.Is(err, jwt.ErrTokenExpired):
		return domain.Principal{}, time.Time{}, ErrTokenExpired
	case err != nil:
		return domain.Principal{}, time.Time{}, ErrTokenInvalid
	}
	role, rerr := domain.ParseRole(c.Role)
	if rerr != nil || c.Subject == "" || c.IssuedAt == nil || (role != domain.RolePlatformAdmin && c.SchoolID == "") {
		return domain.Principal{}, time.Time{}, ErrTokenInvalid
	}
	return domain.Principal{UserID: c.Subject, SchoolID: c.SchoolID, Role: role}, c.IssuedAt.Time, nil
}

// newOpaqueToken returns a random refresh token string and its stored hash.
func newOpaqueToken() (token, hash string) {
	b := make([]byte, 32)
	rand.Read(b)
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token)
}

// hashToken returns the hex SHA-256 of a refresh token string.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// NewSecret returns a random signing secret of 48 bytes, base64-encoded.
func NewSecret() string {
	b := make([]byte, 48)
	rand.Read(b)
	return base64.RawStdEncoding.EncodeToString(b)
}
