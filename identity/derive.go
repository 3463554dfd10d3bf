package identity

import (
	"crypto/hmac"
	"crypto/sha256"
)

// DerivedKey returns a 32-byte key for purpose (such as "list-cursor"),
// derived from the signing secret by HMAC-SHA256, so that other things
// the server signs share no key with access tokens and every instance
// with the same secret derives the same key.
func (s *Service) DerivedKey(purpose string) []byte {
	m := hmac.New(sha256.New, s.cfg.Secret)
	m.Write([]byte("qixue derived key\x00" + purpose))
	return m.Sum(nil)
}
