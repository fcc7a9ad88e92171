package checks

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/annotations"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Shared parsing of user-controlled annotation text. Every check uses these, so a value is judged the
// same way wherever it appears.

// AnnPath is the report path of an annotation.
func AnnPath(key string) string { return "metadata.annotations[" + key + "]" }

// ParseBool accepts what the cloud controllers (Go's strconv) accept: true/false, 1/0, t/f, TRUE/FALSE.
func ParseBool(s string) (bool, error) {
	b, err := strconv.ParseBool(strings.TrimSpace(s))
	if err != nil {
		return false, words.Errorf("%q is not a boolean (want \"true\" or \"false\")", "%q 不是布尔值（应为 \"true\" 或 \"false\"）", Clip(s))
	}
	return b, nil
}

// IsTrue is parseBool's value, false for a value it rejects (and for an unset annotation, without
// building the error).
func IsTrue(s string) bool {
	if s == "" {
		return false
	}
	b, err := ParseBool(s)
	return err == nil && b
}

// ParseIntRange reads a decimal integer within [lo, hi].
func ParseIntRange(s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, words.Errorf("%q is not an integer (want %d–%d)", "%q 不是整数（应为 %d–%d）", Clip(s), lo, hi)
	}
	if n < lo || n > hi {
		return n, words.Errorf("%d is outside %d–%d", "%d 超出了 %d–%d 的范围", n, lo, hi)
	}
	return n, nil
}

// IDFormat is a documented cloud resource id shape.
type IDFormat struct {
	What    words.Words
	RE      *regexp.Regexp
	Example string
}

// Validate returns an error when s is not of the format. The vendors' pages mask the end of the ids
// in their samples with asterisks (lb-2zea9i1l5ufw7p****); such an id counts as one of the format.
func (f IDFormat) Validate(s string) error {
	if f.RE.MatchString(s) {
		return nil
	}
	if open := strings.TrimRight(s, "*"); open != s && strings.Contains(open, "-") && f.RE.MatchString(open+strings.Repeat("0", len(s)-len(open))) {
		return nil
	}
	return words.Errorf("%q is not a valid %s (expected the form %s)", "%q 不是有效的 %s（应为 %s 这样的形式）", Clip(s), f.What, f.Example)
}

// JSONObject decodes a JSON object annotation.
func JSONObject(s string) (map[string]any, error) {
	var m map[string]any
	if err := StrictJSON(s, &m); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, words.Errorf("not a JSON object (got null)", "不是 JSON 对象（值为 null）")
	}
	return m, nil
}

// IsJSONObject is true when s is one JSON object, which jsonObject decodes; found without decoding.
func IsJSONObject(s string) bool {
	t := strings.TrimLeft(s, " \t\r\n")
	return strings.HasPrefix(t, "{") && json.Valid([]byte(s))
}

// StrictJSON decodes exactly one JSON value, with numbers kept as json.Number.
func StrictJSON(s string, v any) error {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return words.Errorf("not valid JSON: %s", "不是有效的 JSON：%s", jsonErr(err))
	}
	if dec.More() {
		return words.Errorf("not valid JSON: extra data after the value", "不是有效的 JSON：值之后还有多余的内容")
	}
	return nil
}

// jsonErr words a decoding error: a value of the wrong JSON type is ours to word, any other error
// is the decoder's text.
func jsonErr(err error) words.Words {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return words.Say("a %s where %s was expected", "此处应为%[2]s，却是 %[1]s", te.Value, typeName(te.Type.Kind().String()))
	}
	return words.Say("%s", "%s", err.Error())
}

// typeName names the Go kind k a JSON value was decoded into.
func typeName(k string) words.Words {
	switch k {
	case "map":
		return words.Say("an object", "对象")
	case "slice":
		return words.Say("an array", "数组")
	}
	return words.Say("a %s", " %s 类型", k)
}

// Clip shortens a value from the user's objects before it is quoted in a finding.
func Clip(s string) string { return ClipTo(s, 80) }

// ClipValue is Clip for a decoded value of any type.
func ClipValue(v any) string { return Clip(fmt.Sprint(v)) }

// ClipTo shortens s to at most max bytes, cutting on a rune boundary and saying how long it was.
func ClipTo(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s…(%d bytes)", s[:cut], len(s))
}

// ClipEnds shortens s to about head+tail bytes, keeping its start and its end (where a Go error chain
// keeps its root cause), cutting on rune boundaries and saying how long it was.
func ClipEnds(s string, head, tail int) string {
	if len(s) <= head+tail {
		return s
	}
	h, t := head, len(s)-tail
	for h > 0 && !utf8.RuneStart(s[h]) {
		h--
	}
	for t < len(s) && !utf8.RuneStart(s[t]) {
		t++
	}
	return fmt.Sprintf("%s…(%d bytes)…%s", s[:h], len(s), s[t:])
}

// ObjPath is the report path of a field of another object than the target, e.g.
// kube-system/configmap/ip-masq-agent-config.data.config; ns is empty for cluster-scoped objects.
func ObjPath(ns, kind, name, field string) string {
	p := strings.ToLower(kind) + "/" + name
	if ns != "" {
		p = ns + "/" + p
	}
	if field != "" {
		p += "." + field
	}
	return p
}

// YAMLObject decodes a YAML (or JSON) mapping, such as a ConfigMap entry holding a config file.
func YAMLObject(s string) (map[string]any, error) {
	var m map[string]any
	if err := yaml.Unmarshal([]byte(s), &m); err != nil {
		return nil, words.Errorf("not valid YAML or JSON: %s", "不是有效的 YAML 或 JSON：%s", ClipTo(err.Error(), 200))
	}
	if m == nil {
		return nil, words.Errorf("empty, or not a mapping", "为空，或不是映射（mapping）")
	}
	return m, nil
}

// Version is a dotted release number with an optional suffix, as in image tags: v1.18.4-tke.20,
// 0.49.3, v1.9.3.276-g372aa98-aliyun.
type Version struct {
	Raw    string
	Nums   []int
	Suffix []string
}

// ParseVersion reads a version with at least major.minor; a leading "v" is optional.
func ParseVersion(s string) (Version, error) {
	v := Version{Raw: s}
	core := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(s), "v"), "V")
	if i := strings.IndexAny(core, "-+"); i >= 0 {
		v.Suffix = strings.Split(core[i+1:], ".")
		core = core[:i]
	}
	for _, part := range strings.Split(core, ".") {
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 {
			return Version{}, words.Errorf("%q is not a version number", "%q 不是版本号", Clip(s))
		}
		v.Nums = append(v.Nums, n)
	}
	if len(v.Nums) < 2 {
		return Version{}, words.Errorf("%q is not a version number (want major.minor at least)", "%q 不是版本号（至少应为 major.minor）", Clip(s))
	}
	return v, nil
}

func (v Version) String() string { return v.Raw }

// Compare orders v and w: -1, 0 or 1. Numbers compare numerically (missing ones count as 0); on a
// tie, semantic-versioning precedence applies to the suffixes (none > any; numeric identifiers
// numerically, tke.9 < tke.12).
func (v Version) Compare(w Version) int {
	for i := 0; i < len(v.Nums) || i < len(w.Nums); i++ {
		if c := cmpInt(at(v.Nums, i), at(w.Nums, i)); c != 0 {
			return c
		}
	}
	switch {
	case len(v.Suffix) == 0 && len(w.Suffix) == 0:
		return 0
	case len(v.Suffix) == 0:
		return 1
	case len(w.Suffix) == 0:
		return -1
	}
	for i := 0; i < len(v.Suffix) && i < len(w.Suffix); i++ {
		a, b := v.Suffix[i], w.Suffix[i]
		na, errA := strconv.Atoi(a)
		nb, errB := strconv.Atoi(b)
		switch {
		case errA == nil && errB == nil:
			if c := cmpInt(na, nb); c != 0 {
				return c
			}
		case errA == nil:
			return -1
		case errB == nil:
			return 1
		case a != b:
			return strings.Compare(a, b)
		}
	}
	return cmpInt(len(v.Suffix), len(w.Suffix))
}

func at(s []int, i int) int {
	if i < len(s) {
		return s[i]
	}
	return 0
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ImageTag returns the tag of a container image reference ("" when it has none, e.g. only a digest).
func ImageTag(image string) string {
	if i := strings.Index(image, "@"); i >= 0 {
		image = image[:i]
	}
	i := strings.LastIndex(image, ":")
	if i < 0 || strings.Contains(image[i:], "/") {
		return ""
	}
	return image[i+1:]
}

// Value validators for annotation tables: each returns nil when s is acceptable.

// OneOf accepts exactly one of values (case-sensitive, as the cloud controllers compare).
func OneOf(values ...string) func(string) error {
	return func(s string) error {
		for _, v := range values {
			if s == v {
				return nil
			}
		}
		return words.Errorf("%q is not one of %s (values are case-sensitive)", "%q 不是 %s 之一（区分大小写）", Clip(s), words.List(values))
	}
}

// OneOfFold accepts one of values in any letter case (for controllers that compare with
// strings.EqualFold).
func OneOfFold(values ...string) func(string) error {
	return func(s string) error {
		for _, v := range values {
			if strings.EqualFold(s, v) {
				return nil
			}
		}
		return words.Errorf("%q is not one of %s", "%q 不是 %s 之一", Clip(s), words.List(values))
	}
}

// AtoiIn accepts a decimal integer within [lo, hi] as strconv.Atoi reads it: no surrounding spaces
// (the Alibaba CCM does not trim).
func AtoiIn(lo, hi int) func(string) error {
	return func(s string) error {
		if s != strings.TrimSpace(s) {
			return words.Errorf("%q has spaces around the number, which the controller does not accept (want %d–%d)",
				"%q 的数字前后有空格，控制器不接受（应为 %d–%d）", Clip(s), lo, hi)
		}
		_, err := ParseIntRange(s, lo, hi)
		return err
	}
}

// intIn accepts a decimal integer within [lo, hi].
func intIn(lo, hi int) func(string) error {
	return func(s string) error {
		_, err := ParseIntRange(s, lo, hi)
		return err
	}
}

// CommaList accepts a comma-separated list whose every item passes each.
func CommaList(each func(string) error) func(string) error {
	return func(s string) error {
		for i, item := range strings.Split(s, ",") {
			if err := each(strings.TrimSpace(item)); err != nil {
				return words.Errorf("item %d: %v", "第 %d 项：%v", i+1, err)
			}
		}
		return nil
	}
}

// ParseKeyValues reads "k1=v1,k2=v2" (every item needs a key and "=").
func ParseKeyValues(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, item := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok || k == "" {
			return nil, words.Errorf("%q is not a key=value pair (want k1=v1,k2=v2)", "%q 不是 key=value 形式（应为 k1=v1,k2=v2）", Clip(item))
		}
		out[k] = v
	}
	return out, nil
}

// Nearest returns the candidate closest to s by edit distance (the first on a tie) and that distance.
func Nearest(s string, candidates []string) (string, int) {
	best, dist := "", -1
	for _, c := range candidates {
		if d := annotations.EditDistance(s, c); dist < 0 || d < dist {
			best, dist = c, d
		}
	}
	return best, dist
}

// AnyInt reads an integer from a decoded YAML/JSON value (int64, float64, json.Number or a numeric
// string).
func AnyInt(v any) (int, bool) {
	if v == nil {
		return 0, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(fmt.Sprint(v)))
	return n, err == nil
}

const KubeSystem = "kube-system"
