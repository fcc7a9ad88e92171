package rules

// Lang is a language rule texts are written in.
type Lang string

// Languages rule texts exist in; English is the default.
const (
	English Lang = "en"
	Chinese Lang = "zh"
)

// Text is what a rule tells the reader, in one language.
type Text struct {
	Title, Cause, Fix, Risk string
}

// zhTexts holds the Simplified Chinese texts of every rule, one map per catalog file.
func zhTexts() []map[ID]Text {
	return []map[ID]Text{zhTKEIngress, zhTKEService, zhACKService, zhGeneric, zhChanges}
}

// Text returns the rule's texts in lang; English for any language without a translation of this rule.
func (r Rule) Text(lang Lang) Text {
	if lang == Chinese {
		for _, m := range zhTexts() {
			if t, ok := m[r.ID]; ok {
				return t
			}
		}
	}
	return Text{Title: r.Title, Cause: r.Cause, Fix: r.Fix, Risk: r.Risk}
}

// In is r with its title, cause, fix and risk in lang; its id, code, severity and every other field
// unchanged.
func (r Rule) In(lang Lang) Rule {
	t := r.Text(lang)
	r.Title, r.Cause, r.Fix, r.Risk = t.Title, t.Cause, t.Fix, t.Risk
	return r
}

// AllIn are rs, each In(lang).
func AllIn(rs []Rule, lang Lang) []Rule {
	out := make([]Rule, len(rs))
	for i, r := range rs {
		out[i] = r.In(lang)
	}
	return out
}
