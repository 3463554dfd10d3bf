package domain

// Page asks for one page of a list: at most Limit items after the opaque
// position After ("" for the first page). What a position is belongs to the
// list (an ID, a date and an ID, ...); the API signs it into the cursor it
// hands out.
type Page struct {
	After string
	Limit int
}

// Page limits, those of every list of the API.
const (
	DefaultPageLimit = 50
	MaxPageLimit     = 200
)

// Normalized returns p with its limit within 1..MaxPageLimit: no limit is
// DefaultPageLimit, a larger one MaxPageLimit.
func (p Page) Normalized() Page {
	if p.Limit <= 0 {
		p.Limit = DefaultPageLimit
	}
	if p.Limit > MaxPageLimit {
		p.Limit = MaxPageLimit
	}
	return p
}
