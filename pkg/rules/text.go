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
