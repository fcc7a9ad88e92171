// Package cli holds the kubectl-style command-line conventions of the plugin that are not tied to
// one command: flag value errors, -f's repeatable list, --request-timeout, colour and terminal
// width, the language of an early error, and kubeconfig context selection and completion.
package cli

import (
	"io"
	"maps"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
	"golang.org/x/term"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// InvalidValue is the error for a value outside allowed, worded as kubectl words it for --dry-run
// and --cascade: invalid fail-on value (bogus). Must be "error", "warning", "info", or "none"
func InvalidValue(flag, value string, allowed []string) error {
	quoted := make([]string, len(allowed))
	for i, v := range allowed {
		quoted[i] = strconv.Quote(v)
	}
	list, zh := strings.Join(quoted, ", "), strings.Join(quoted, "、")
	if n := len(quoted); n > 1 {
		list = strings.Join(quoted[:n-1], ", ") + ", or " + quoted[n-1]
		zh = strings.Join(quoted[:n-1], "、") + " 或 " + quoted[n-1]
	}
	return words.Errorf("invalid %s value (%s). Must be %s", "%s 的取值 (%s) 无效，应为 %s", flag, value, words.Say(list, zh))
}

// Filenames is the -f flag: comma-separated and repeatable like kubectl's, and it remembers an
// empty value, which a string slice flag would drop.
type Filenames struct {
	List  *[]string
	Empty *bool
}

func (f *Filenames) String() string { return strings.Join(*f.List, ",") }

// Type is the flag's type name in help.
func (f *Filenames) Type() string { return "strings" }

// Set adds the comma-separated paths of v; an empty one is remembered in Empty.
func (f *Filenames) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		*f.Empty = true
		return nil
	}
	for _, p := range strings.Split(v, ",") {
		if p = strings.TrimSpace(p); p == "" {
			*f.Empty = true
			continue
		}
		*f.List = append(*f.List, p)
	}
	return nil
}

// ParseRequestTimeout reads kubectl's --request-timeout: a duration, or a bare number of seconds.
func ParseRequestTimeout(s string) (time.Duration, error) {
	if n, err := strconv.Atoi(s); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, words.Errorf("invalid --request-timeout %q: give a duration such as 10s or 2m, or 0 for no limit",
			"--request-timeout 的取值 %q 无效：请给出时长，如 10s 或 2m，0 表示不限", s)
	}
	return d, nil
}

// ColorValues are the values of --color.
var ColorValues = []string{"auto", "always", "never"}

// DecideColor settles colour once: always, never, or auto (terminal, NO_COLOR unset or empty and
// TERM not dumb).
func DecideColor(mode string, terminal bool, getenv func(string) string) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		if getenv("NO_COLOR") != "" || getenv("TERM") == "dumb" {
			return false, nil
		}
		return terminal, nil
	}
	return false, InvalidValue("color", mode, ColorValues)
}

// TerminalWidth is out's width in columns when it is a terminal, else 0 (no wrapping).
func TerminalWidth(out io.Writer, terminal bool) int {
	f, ok := out.(*os.File)
	if !terminal || !ok {
		return 0
	}
	w, _, err := term.GetSize(int(f.Fd()))
	if err != nil {
		return 0
	}
	return w
}

// ArgsLang is the language of a run's error line: --lang from args when it names one, else the
// locale's. (A command's own language is settled by its flags; an error may end the run before.)
func ArgsLang(args []string, getenv func(string) string) words.Lang {
	flag := ""
	for i, a := range args {
		if a == "--" {
			break
		}
		if v, ok := strings.CutPrefix(a, "--lang="); ok {
			flag = v
		} else if a == "--lang" && i+1 < len(args) {
			flag = args[i+1]
		}
	}
	if l, err := words.SelectLang(flag, getenv); err == nil {
		return l
	}
	return words.LangFromEnv(getenv)
}

// SelectContexts returns the contexts of a several-context run: every context of raw when all is
// set (sorted by name), or the comma-separated list of flag (in its order, repeats dropped). It
// returns nil for a one-context run, including a flag whose whole value names a context.
func SelectContexts(raw clientcmdapi.Config, flag string, all bool) ([]string, error) {
	known := slices.Sorted(maps.Keys(raw.Contexts))
	if all {
		if len(known) == 0 {
			return nil, words.Errorf("--all-contexts: the kubeconfig has no context; pass --kubeconfig", "--all-contexts：kubeconfig 中没有任何上下文；请用 --kubeconfig 指定")
		}
		return known, nil
	}
	if _, ok := raw.Contexts[flag]; ok || !strings.Contains(flag, ",") {
		return nil, nil
	}
	var names []string
	for _, n := range strings.Split(flag, ",") {
		if n = strings.TrimSpace(n); n == "" || slices.Contains(names, n) {
			continue
		}
		if _, ok := raw.Contexts[n]; !ok {
			return nil, words.Errorf("--context: no context %q in the kubeconfig (it has %s)", "--context：kubeconfig 中没有上下文 %q（已有：%s）", n, nameListWords(known))
		}
		names = append(names, n)
	}
	if len(names) == 0 {
		return nil, words.Errorf("--context %q names no context", "--context %q 没有指定任何上下文", flag)
	}
	return names, nil
}

// NameList is names joined for a message, at most 10 of them.
func NameList(names []string) string { return nameListWords(names).In(words.English) }

// nameListWords is NameList in every language.
func nameListWords(names []string) words.Words {
	if len(names) == 0 {
		return words.Say("none", "无")
	}
	n := min(len(names), 10)
	args := make([]any, 0, n+1)
	for _, name := range names[:n] {
		args = append(args, name) // names are facts, never formats
	}
	en, zh := strings.TrimSuffix(strings.Repeat("%s, ", n), ", "), strings.TrimSuffix(strings.Repeat("%s、", n), "、")
	if len(names) > n {
		return words.Say(en+" and %d more", zh+" 等另外 %d 个", append(args, len(names)-n)...)
	}
	return words.Say(en, zh, args...)
}

// WithPrefix keeps the names that start with prefix.
func WithPrefix(names []string, prefix string) []string {
	var out []string
	for _, n := range names {
		if strings.HasPrefix(n, prefix) {
			out = append(out, n)
		}
	}
	return out
}

// CompleteContexts completes --context, which also takes a list (a,b diagnoses both): the contexts
// that start with toComplete, and, when toComplete is contexts then a comma, each context not yet
// listed after them (a context named with a comma cannot be listed).
func CompleteContexts(known []string, toComplete string) []string {
	out := WithPrefix(known, toComplete)
	i := strings.LastIndex(toComplete, ",")
	if i < 0 {
		return out
	}
	listed := strings.Split(toComplete[:i], ",")
	for _, n := range listed {
		if !slices.Contains(known, strings.TrimSpace(n)) {
			return out
		}
	}
	for _, n := range WithPrefix(known, toComplete[i+1:]) {
		if !strings.Contains(n, ",") && !slices.Contains(listed, n) && !slices.Contains(out, toComplete[:i+1]+n) {
			out = append(out, toComplete[:i+1]+n)
		}
	}
	return out
}

// CopyExported sets every exported field of the struct dst to src's.
func CopyExported(dst, src reflect.Value) {
	for i := range src.NumField() {
		if src.Type().Field(i).IsExported() {
			dst.Field(i).Set(src.Field(i))
		}
	}
}
