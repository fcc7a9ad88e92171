package providers

import (
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Names are the --provider values, in the order flags, completion and help name them: every provider
// of the registry, then generic.
func Names() []rules.Provider {
	out := make([]rules.Provider, 0, len(all())+1)
	for _, p := range all() {
		out = append(out, p.Name)
	}
	return append(out, rules.Generic)
}

// NameStrings are Names as strings, for completion and help text.
func NameStrings() []string {
	ps := Names()
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = string(p)
	}
	return out
}

// NameList is the --provider values as a phrase for errors and help: "tke, ack or generic".
func NameList() string { return nameListWords().String() }

// nameListWords is NameList in every language.
func nameListWords() words.Words { return words.Either(NameStrings()) }

// CloudNames are the --provider values that name a cloud, as "tke|ack".
func CloudNames() string {
	var out []string
	for _, p := range all() {
		out = append(out, string(p.Name))
	}
	return strings.Join(out, "|")
}

// Parse reads a --provider value in any case and with surrounding spaces: a provider of the
// registry or generic.
func Parse(s string) (rules.Provider, error) {
	for _, p := range Names() {
		if strings.EqualFold(strings.TrimSpace(s), string(p)) {
			return p, nil
		}
	}
	return "", words.Errorf("unknown provider %q (want %s)", "未知的云厂商 %q（应为 %s）", s, nameListWords())
}
