package exercises

import (
	"encoding/json"
	"strings"
	"testing"

	"qixue/domain"
	"qixue/rules/game"
)

// gomokuRuleClaims returns what an item's text says about winning with six
// or more: "more" when it says five or more wins, "exactly" when it says
// only exactly five wins (or that six or more is forbidden or does not
// count), in either language.
func gomokuRuleClaims(body domain.Text) (more, exactly bool) {
	zh, en := body.ZH, strings.ToLower(body.EN)
	more = strings.Contains(zh, "或更多") && strings.Contains(zh, "就赢") ||
		strings.Contains(en, "five or more in a row wins") || strings.Contains(en, "five (or more) in a row wins")
	exactly = strings.Contains(zh, "正好五子") || strings.Contains(en, "exactly five")
	return more, exactly
}

// checkGomokuRuleText: an item's statement of the winning rule is the rule
// of the ruleset it is checked under: "five or more wins" only in freestyle
// items, and then saying so; renju and standard items never say it.
func checkGomokuRuleText(t *testing.T, ex Exercise) {
	t.Helper()
	var p struct {
		Rules string `json:"rules"`
	}
	if json.Unmarshal(ex.Prompt, &p) != nil || GameOf(ex) != game.Gomoku {
		return
	}
	more, exactly := gomokuRuleClaims(ex.Body)
	rules := p.Rules
	if rules == "" {
		rules = "renju"
	}
	switch {
	case more && rules != "freestyle":
		t.Errorf("%s: checked under %s but says five or more in a row wins", ex.Key, rules)
	case more && !(strings.Contains(ex.Body.ZH, "自由规则") && strings.Contains(ex.Body.EN, "Freestyle")):
		t.Errorf("%s: says five or more wins without saying these are freestyle rules", ex.Key)
	case exactly && rules == "freestyle":
		t.Errorf("%s: a freestyle item says only exactly five wins", ex.Key)
	}
}

// TestGomokuRuleTextMatchesRuleset runs checkGomokuRuleText on every bank
// item and on generated items of every band.
func TestGomokuRuleTextMatchesRuleset(t *testing.T) {
	for _, ex := range wholeBank(t) {
		checkGomokuRuleText(t, ex)
	}
	for _, band := range []Band{K1, G23, G46} {
		exs, err := (gmWinGenerator{}).Generate(SeededRand(11), band, 20)
		if err != nil {
			t.Fatal(err)
		}
		for _, ex := range exs {
			checkGomokuRuleText(t, ex)
		}
	}
}
