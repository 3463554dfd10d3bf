package identity

import (
	"encoding/hex"
	"strings"
	"sync"

	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// Real names sort as a Chinese school expects: Chinese names by their
// pinyin (the CLDR zh collation: 陈 李 刘 孙 王 张 赵), Latin names
// alphabetically, ignoring case first (Anna, bob, Zoe), before the Chinese
// ones. Lists read page by page sort on a stored key (NameSortKey) and the
// user's ID; lists built whole (the class progress matrix, progress.csv)
// sort with CompareNames, which agrees with the key.

// NameSortVersion names the collation NameSortKey follows. A store that
// keeps keys recomputes them when it changes (for example after an
// upgrade of golang.org/x/text that changes the zh tables).
const NameSortVersion = "zh-cldr-1"

// maxSortKey bounds a stored key (hex characters): names alike in their
// first few dozen characters then sort by ID.
const maxSortKey = 512

// collators is a pool of zh collators (a Collator is not safe for
// concurrent use).
var collators = sync.Pool{New: func() any { return &nameCollator{c: collate.New(language.Chinese)} }}

type nameCollator struct {
	c   *collate.Collator
	buf collate.Buffer
}

// NameSortKey returns the sort key of a real name: its zh collation key in
// lowercase hex, so that keys sort bytewise (SQLite's BINARY, PostgreSQL's
// COLLATE "C") in the order of CompareNames, truncated to 512 characters.
func NameSortKey(name string) string {
	nc := collators.Get().(*nameCollator)
	defer collators.Put(nc)
	k := hex.EncodeToString(nc.c.KeyFromString(&nc.buf, strings.TrimSpace(name)))
	nc.buf.Reset()
	if len(k) > maxSortKey {
		k = k[:maxSortKey]
	}
	return k
}

// CompareNames compares two real names in the order of NameSortKey:
// negative when a sorts first, zero when they sort alike.
func CompareNames(a, b string) int {
	return strings.Compare(NameSortKey(a), NameSortKey(b))
}

// UserCursor is the list position of a user read from a Store: its sort
// key and ID. Stores order user lists by it and page with Page.After set
// to it.
func UserCursor(u User) string { return u.SortKey + "." + u.ID }

// ParseUserCursor splits a position made by UserCursor; ok is false for
// anything else.
func ParseUserCursor(s string) (sortKey, id string, ok bool) {
	i := strings.LastIndexByte(s, '.')
	if i < 0 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}
