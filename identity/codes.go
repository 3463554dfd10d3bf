package identity

import (
	"crypto/rand"
	"math/big"

	"github.com/google/uuid"
)

// newID returns a time-ordered UUID (version 7), so ID order is creation order.
func newID() string { return uuid.Must(uuid.NewV7()).String() }

// Alphabets without look-alike characters (0/O, 1/l/I) for codes children type.
const (
	usernameAlphabet  = "23456789abcdefghjkmnpqrstuvwxyz"
	loginCodeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
	pinAlphabet       = "0123456789"
)

// Lengths of generated codes.
const (
	studentUsernameLen = 6
	loginCodeLen       = 6
	pinLen             = 6
)

func randomString(alphabet string, n int) string {
	b := make([]byte, n)
	max := big.NewInt(int64(len(alphabet)))
	for i := range b {
		k, err := rand.Int(rand.Reader, max)
		if err != nil {
			panic(err) // crypto/rand never fails on supported platforms
		}
		b[i] = alphabet[k.Int64()]
	}
	return string(b)
}

// newStudentUsername returns a generated username such as "s7k2mxp".
func newStudentUsername() string { return "s" + randomString(usernameAlphabet, studentUsernameLen) }

// newLoginCode returns a class login code such as "K7M2QX".
func newLoginCode() string { return randomString(loginCodeAlphabet, loginCodeLen) }

// newPIN returns a six-digit PIN.
func newPIN() string { return randomString(pinAlphabet, pinLen) }
