package domain

// Text is a text in the two languages Qixue serves, zh-CN first.
type Text struct {
	ZH string `json:"zh-CN"`
	EN string `json:"en"`
}

// In returns the text in lang ("en", anything else for zh-CN), falling
// back to the other language when that one is empty.
func (t Text) In(lang string) string {
	if lang == "en" && t.EN != "" || t.ZH == "" {
		return t.EN
	}
	return t.ZH
}
