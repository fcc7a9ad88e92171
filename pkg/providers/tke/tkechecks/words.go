package tkechecks

import (
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
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
	return words.Say("TkeServiceConfig %s/%s does not exist", "TkeServiceConfig %s/%s 不存在", checks.Clip(ns), checks.Clip(name))
}

// serviceConfigRef judges the TkeServiceConfig name that an object in namespace ns names: found,
// or a finding's words when it is absent from ns (naming the namespaces that hold one of that name:
// the controller reads only the object's own). err is why neither can be told.
func serviceConfigRef(c *checks.Context, ns, name string) (found bool, absent words.Words, err error) {
	_, found, err = lookupServiceConfig(c, ns, name)
	if found {
		return true, words.Words{}, nil
	}
	var elsewhere []string
	for _, o := range c.Snap.Custom(*ServiceConfigs).Held("") {
		if o.GetName() == name && o.GetNamespace() != ns {
			elsewhere = append(elsewhere, o.GetNamespace())
		}
	}
	if len(elsewhere) > 0 {
		return false, words.Say("TkeServiceConfig %s is in namespace %s, not in %s: the controller reads it only from the object's own namespace",
			"TkeServiceConfig %s 位于命名空间 %s，而不在 %s 中：控制器只从对象自己的命名空间读取它", checks.Clip(name), checks.ListWords(elsewhere, 3), checks.Clip(ns)), nil
	}
	if err != nil {
		return false, words.Words{}, err
	}
	return false, noServiceConfigWords(ns, name), nil
}
