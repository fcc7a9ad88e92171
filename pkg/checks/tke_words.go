package checks

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// The TKE checks' shared wording: the value validators' refusals and the lists that join facts, in
// English and Simplified Chinese. Each validator decides as its namesake in parse.go does and words
// its error with rules.Errorf, so that the message of a finding built from it is Chinese throughout
// in a Chinese report; the English is the namesake's, byte for byte.

// tkeErrWords is a finding's message that is err alone: worded in each language when err is
// rules.Worded (our own validators), else its text (a Go library's or a read's error).
func tkeErrWords(err error) rules.Words { return rules.Say("%v", "%v", err) }

// tkeParseBool is parseBool with its refusal worded.
func tkeParseBool(s string) (bool, error) {
	b, err := strconv.ParseBool(strings.TrimSpace(s))
	if err != nil {
		return false, rules.Errorf("%q is not a boolean (want \"true\" or \"false\")", "%q 不是布尔值（应为 \"true\" 或 \"false\"）", clip(s))
	}
	return b, nil
}

// idWhat names a valid id of each documented format the TKE checks use in Chinese, by the format's
// example (a key that does not depend on how the format names itself).
var idWhat = map[string]string{
	clbID.eg:    "有效的负载均衡 ID",
	subnetID.eg: "有效的子网 ID",
	vpcID.eg:    "有效的 VPC ID",
	regionID.eg: "有效的地域 ID",
}

// tkeCheckID is f.check with its refusal worded.
func tkeCheckID(f idFormat, s string) error {
	if f.re.MatchString(s) {
		return nil
	}
	what := fmt.Sprint(f.what) // the English name
	zh, ok := idWhat[f.eg]
	if !ok {
		zh = "有效的 " + what
	}
	return rules.Errorf("%q is not a valid %s (expected the form %s)", "%q 不是%s（格式应如 %s）",
		clip(s), rules.Say(what, zh), f.eg)
}

// tkeOneOf is oneOf with its refusal worded.
func tkeOneOf(values ...string) func(string) error {
	return func(s string) error {
		for _, v := range values {
			if s == v {
				return nil
			}
		}
		return rules.Errorf("%q is not one of %s (values are case-sensitive)", "%q 不是 %s 之一（取值区分大小写）",
			clip(s), tkeWordList(values, 0, ", ", "、"))
	}
}

// tkeIntRange is parseIntRange with its refusal worded.
func tkeIntRange(s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, rules.Errorf("%q is not an integer (want %d–%d)", "%q 不是整数（应为 %d–%d）", clip(s), lo, hi)
	}
	if n < lo || n > hi {
		return n, rules.Errorf("%d is outside %d–%d", "%d 超出了 %d–%d 的范围", n, lo, hi)
	}
	return n, nil
}

// tkeJSONObject is jsonObject with its refusals worded.
func tkeJSONObject(s string) (map[string]any, error) {
	var m map[string]any
	if err := tkeStrictJSON(s, &m); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, rules.Errorf("not a JSON object (got null)", "不是 JSON 对象（值为 null）")
	}
	return m, nil
}

// tkeStrictJSON is strictJSON with its refusals worded; the JSON decoder's own message stays as it is.
func tkeStrictJSON(s string, v any) error {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return rules.Errorf("not valid JSON: %s", "不是有效的 JSON：%s", jsonErrWords(err))
	}
	if dec.More() {
		return rules.Errorf("not valid JSON: extra data after the value", "不是有效的 JSON：值之后还有多余的内容")
	}
	return nil
}

// jsonErrWords is jsonErr worded: a value of the wrong JSON type is ours to word, any other decoding
// error is the decoder's text.
func jsonErrWords(err error) rules.Words {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return rules.Say("a %s where %s was expected", "此处应为%[2]s，却是 %[1]s", te.Value, typeWords(te.Type.Kind().String()))
	}
	return rules.Say("%s", "%s", err.Error())
}

// typeWords is typeName worded.
func typeWords(k string) rules.Words {
	switch k {
	case "map":
		return rules.Say("an object", "对象")
	case "slice":
		return rules.Say("an array", "数组")
	}
	return rules.Say("a %s", " %s 类型", k)
}

// tkeYAMLObject is yamlObject with its refusals worded; the YAML decoder's own message stays as it is.
func tkeYAMLObject(s string) (map[string]any, error) {
	var m map[string]any
	if err := yaml.Unmarshal([]byte(s), &m); err != nil {
		return nil, rules.Errorf("not valid YAML or JSON: %s", "不是有效的 YAML 或 JSON：%s", clipTo(err.Error(), 200))
	}
	if m == nil {
		return nil, rules.Errorf("empty, or not a mapping", "为空，或不是映射（mapping）")
	}
	return m, nil
}

// tkeVersionErr words parseVersion's refusal of s.
func tkeVersionErr(s string) error {
	core := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(s), "v"), "V")
	if i := strings.IndexAny(core, "-+"); i >= 0 {
		core = core[:i]
	}
	for _, part := range strings.Split(core, ".") {
		if n, err := strconv.Atoi(part); err != nil || n < 0 {
			return rules.Errorf("%q is not a version number", "%q 不是版本号", clip(s))
		}
	}
	return rules.Errorf("%q is not a version number (want major.minor at least)", "%q 不是版本号（至少应为 major.minor）", clip(s))
}

// tkeList is facts (strings, or rules.Worded) joined in each language with its own separator, showing
// at most max of them (0: all) and then how many more there are.
type tkeList struct {
	items  []any
	max    int
	en, zh string // separators
}

// tkeWordList is names joined by en in English and zh in Chinese, at most max shown (0: all).
func tkeWordList(names []string, max int, en, zh string) tkeList {
	items := make([]any, len(names))
	for i, n := range names {
		items[i] = n
	}
	return tkeList{items: items, max: max, en: en, zh: zh}
}

// tkeNames is nameList worded: "a, b and 3 more" / "a、b 及另外 3 个".
func tkeNames(names []string, max int) tkeList { return tkeWordList(names, max, ", ", "、") }

// tkeJoin is ws joined by en in English and zh in Chinese, at most max shown (0: all).
func tkeJoin(ws []rules.Words, max int, en, zh string) tkeList {
	items := make([]any, len(ws))
	for i, w := range ws {
		items[i] = w
	}
	return tkeList{items: items, max: max, en: en, zh: zh}
}

// tkeReasons are reasons joined by "; " (Chinese "；").
func tkeReasons(ws []rules.Words) tkeList { return tkeJoin(ws, 0, "; ", "；") }

// In is l in lang.
func (l tkeList) In(lang rules.Lang) string {
	shown := l.items
	if l.max > 0 && len(shown) > l.max {
		shown = shown[:l.max]
	}
	sep := l.en
	if lang == rules.Chinese {
		sep = l.zh
	}
	parts := make([]string, len(shown))
	for i, it := range shown {
		switch v := it.(type) {
		case rules.Worded:
			parts[i] = v.In(lang)
		case string:
			parts[i] = v
		}
	}
	s := strings.Join(parts, sep)
	if more := len(l.items) - len(shown); more > 0 {
		s = rules.Say("%s and %d more", "%s 及另外 %d 个", s, more).In(lang)
	}
	return s
}

// String is l in English.
func (l tkeList) String() string { return l.In(rules.English) }

// configConflictWords says a named TkeServiceConfig is set together with the automatic one (auto is
// its annotation).
func configConflictWords(auto string) rules.Words {
	return rules.Say("set together with %s: \"true\"; the automatic config and a named one conflict",
		"与 %s: \"true\" 同时设置；自动生成的配置与指定的外挂配置相互冲突", auto)
}

// noServiceConfigWords says TkeServiceConfig ns/name does not exist.
func noServiceConfigWords(ns, name string) rules.Words {
	return rules.Say("TkeServiceConfig %s/%s does not exist", "TkeServiceConfig %s/%s 不存在", clip(ns), clip(name))
}

// tkeNone stands for an empty list.
var tkeNone = rules.Say("none", "无")
