package api_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"encoding/json"
	"hash"
	"strings"
	"testing"
)

// These helpers build hostile variants of a real access token.

func parts(t *testing.T, token string) (map[string]any, map[string]any) {
	t.Helper()
	p := strings.Split(token, ".")
	var hdr, claims map[string]any
	for i, dst := range []*map[string]any{&hdr, &claims} {
		b, err := base64.RawURLEncoding.DecodeString(p[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, dst); err != nil {
			t.Fatal(err)
		}
	}
	return hdr, claims
}

func enc(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func sign(alg, secret, input string) string {
	var h func() hash.Hash = sha256.New
	if alg == "HS512" {
		h = sha512.New
	}
	m := hmac.New(h, []byte(secret))
	m.Write([]byte(input))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// tamper flips the role claim without re-signing.
func tamper(token string) string {
	p := strings.Split(token, ".")
	b, _ := base64.RawURLEncoding.DecodeString(p[1])
	b = []byte(strings.Replace(string(b), `"role":"student"`, `"role":"school_admin"`, 1))
	return p[0] + "." + base64.RawURLEncoding.EncodeToString(b) + "." + p[2]
}

// algNone re-encodes the token unsigned with alg "none".
func algNone(t *testing.T, token string) string {
	_, claims := parts(t, token)
	return enc(t, map[string]string{"alg": "none", "typ": "JWT"}) + "." + enc(t, claims) + "."
}

// forge re-signs the claims with alg and secret.
func forge(t *testing.T, token, alg, secret string) string {
	_, claims := parts(t, token)
	in := enc(t, map[string]string{"alg": alg, "typ": "JWT"}) + "." + enc(t, claims)
	return in + "." + sign(alg, secret, in)
}

// withClaim changes one claim (nil removes it) and re-signs with the
// harness secret, so only the claim check can refuse it.
func withClaim(t *testing.T, token, name string, value any) string {
	hdr, claims := parts(t, token)
	if value == nil {
		delete(claims, name)
	} else {
		claims[name] = value
	}
	in := enc(t, hdr) + "." + enc(t, claims)
	return in + "." + sign("HS256", "apitest-secret-apitest-secret-apitest-secret", in)
}
