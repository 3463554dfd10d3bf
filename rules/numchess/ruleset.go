package numchess

import (
	"fmt"
	"strings"
	"time"

	"qixue/rules/numchess/arith"
)

// ScoringMethod is how a finished game is scored.
type ScoringMethod uint8

// The two scoring methods of the seed.
const (
	ProductSum    ScoringMethod = iota // 积和法: piece number × camp-point number
	DifferenceSum                      // 差和法: |piece number − camp-point number|
)

// String returns "product" or "difference".
func (m ScoringMethod) String() string {
	if m == DifferenceSum {
		return "difference"
	}
	return "product"
}

// Chinese returns 积和法 or 差和法.
func (m ScoringMethod) Chinese() string {
	if m == DifferenceSum {
		return "差和法"
	}
	return "积和法"
}

// ParseScoringMethod accepts "product", "difference" and the Chinese names.
func ParseScoringMethod(s string) (ScoringMethod, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "product", "product-sum", "积和法", "积和":
		return ProductSum, nil
	case "difference", "difference-sum", "差和法", "差和":
		return DifferenceSum, nil
	}
	return 0, &ParseError{code: "bad_scoring_method", Input: s,
		en: fmt.Sprintf("unknown scoring method %q (use product or difference)", s),
		zh: fmt.Sprintf("未知的计分方法“%s”（请用积和法 product 或差和法 difference）", s)}
}

// DefaultMaxChainSegments is the longest chain span the presets allow. Every
// chain in the seed has two to four segments; ten leaves room for long
// combinations while keeping a typed-in move short. Move generation finds
// the shortest chain to each point, so the limit only matters for points
// that need more segments than this.
const DefaultMaxChainSegments = 10

// Ruleset is a complete set of rules for one game: the arithmetic (embedded
// arith.Rules, whose Name names the ruleset) plus the move and scoring
// settings the spec marks as settings. Build one from a preset (K1, G23,
// G46) and change fields to make a teacher's custom ruleset.
type Ruleset struct {
	arith.Rules

	// Chains allows 连跨 chain spans (off in K1).
	Chains bool
	// MaxChainSegments is the most segments a chain may have; 0 or less
	// means DefaultMaxChainSegments.
	MaxChainSegments int
	// FivePieceRule enables 五子让位: once a side has five or more pieces in
	// the opponent's camp, the opponent may not fill the camp's last empty
	// point.
	FivePieceRule bool
	// Scoring is the scoring method.
	Scoring ScoringMethod
	// DifferenceLowerWins makes the lower score win under 差和法. The seed
	// says the higher score wins, so it is false in every preset.
	DifferenceLowerWins bool
	// MoveTime and GameTime are the competition time limits (30 s a move,
	// 20 minutes a game); zero means no limit. The engine does not keep
	// time; clients and the server read these.
	MoveTime, GameTime time.Duration
}

func preset(a arith.Rules, chains bool, scoring ScoringMethod) Ruleset {
	return Ruleset{Rules: a, Chains: chains, MaxChainSegments: DefaultMaxChainSegments,
		FivePieceRule: true, Scoring: scoring, MoveTime: 30 * time.Second, GameTime: 20 * time.Minute}
}

// K1 returns the preschool and grade 1 ruleset: steps, hops and single
// spans (no chains), + and − with 组大数, no negatives, 差和法.
func K1() Ruleset { return preset(arith.K1(), false, DifferenceSum) }

// G23 returns the grades 2-3 ruleset: all four move rules, + − × ÷ with
// parentheses, all three combining rules, no negatives, 积和法.
func G23() Ruleset { return preset(arith.G23(), true, ProductSum) }

// G46 returns the grades 4-6 ruleset: as G23 with negative values allowed.
// It is the default ruleset.
func G46() Ruleset { return preset(arith.G46(), true, ProductSum) }

// RulesetByName returns the preset K1, G23 or G46 (case-insensitive; an
// empty name is G46). The error is a *ParseError with code "bad_ruleset".
func RulesetByName(name string) (Ruleset, error) {
	switch strings.ToUpper(strings.TrimSpace(name)) {
	case "K1":
		return K1(), nil
	case "G23":
		return G23(), nil
	case "G46", "":
		return G46(), nil
	}
	return Ruleset{}, &ParseError{code: "bad_ruleset", Input: name,
		en: fmt.Sprintf("unknown ruleset %q (use K1, G23 or G46)", name),
		zh: fmt.Sprintf("未知的规则“%s”（请用 K1、G23 或 G46）", name)}
}

func (r Ruleset) maxSegments() int {
	if r.MaxChainSegments <= 0 {
		return DefaultMaxChainSegments
	}
	return r.MaxChainSegments
}

// where names the ruleset for messages.
func (r Ruleset) where() (en, zh string) {
	if r.Name == "" {
		return "in this ruleset", "本规则中"
	}
	return "in " + r.Name, r.Name + " 规则中"
}
