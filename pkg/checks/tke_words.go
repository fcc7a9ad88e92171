package checks

import (
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Wording shared by the TKE checks, in English and Simplified Chinese. The validators of parse.go
// word their own refusals (words.Errorf); listWords and joinWords join facts.

// tkeErrWords is a finding's message that is err alone: worded in each language when err is
// words.Worded (our own validators), else its text (a Go library's or a read's error).
func tkeErrWords(err error) words.Words { return words.Say("%v", "%v", err) }

// orWords joins items with "or" ("或").
func orWords(items []string) words.Words {
	args := make([]any, len(items))
	for i, it := range items {
		args[i] = it
	}
	return words.Say(strings.TrimSuffix(strings.Repeat("%s or ", len(items)), " or "),
		strings.TrimSuffix(strings.Repeat("%s 或 ", len(items)), " 或 "), args...)
}

// tkeNone stands for an empty list.
var tkeNone = words.Say("none", "无")

// configConflictWords says a named TkeServiceConfig is set together with the automatic one (auto is
// its annotation).
func configConflictWords(auto string) words.Words {
	return words.Say("set together with %s: \"true\"; the automatic config and a named one conflict",
		"与 %s: \"true\" 同时设置；自动生成的配置与指定的外挂配置相互冲突", auto)
}

// noServiceConfigWords says TkeServiceConfig ns/name does not exist.
func noServiceConfigWords(ns, name string) words.Words {
	return words.Say("TkeServiceConfig %s/%s does not exist", "TkeServiceConfig %s/%s 不存在", Clip(ns), Clip(name))
}
