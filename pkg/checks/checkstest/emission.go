package checkstest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	k8sruntime "k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// A fixture file's header (the comment before its first "---") may carry these lines:
//   - "# lbdoctor-with: NAME ...": the shared object sets (Shared) the file's objects complete; an
//     object of the file replaces a shared one of the same kind and name;
//   - "# lbdoctor-provider: P": the provider the fixture is diagnosed for, when not the rule's own.
const (
	withHeader     = "# lbdoctor-with:"
	providerHeader = "# lbdoctor-provider:"
)

// Shared are the object sets fixture files share by name instead of copying them.
var Shared = map[string]func() []k8sruntime.Object{
	"ack-healthy": ACKHealthy,
	"tke-healthy": TKEHealthy,
}

// EmissionDir is pkg/checks' testdata/emission, wherever the test that reads it runs: a rule's
// emission fixture is <rule id>.yaml there, and prior/<rule id>.yaml is a change rule's target now.
func EmissionDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", "emission")
}

// EmissionFile is the path of rule id's emission fixture (which may not exist).
func EmissionFile(id rules.ID) string { return filepath.Join(EmissionDir(), id.String()+".yaml") }

// header returns the comment lines of data before its first document.
func header(data []byte) []string {
	head, _, _ := bytes.Cut(data, []byte("\n---\n"))
	var out []string
	for _, l := range strings.Split(string(head), "\n") {
		if strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// headerValue is the value of the header line that starts with key, "" without one.
func headerValue(data []byte, key string) string {
	for _, l := range header(data) {
		if v, ok := strings.CutPrefix(l, key); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// FixtureProvider is the provider a fixture file's header names, "" when it names none.
func FixtureProvider(t testing.TB, path string) rules.Provider {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return rules.Provider(headerValue(data, providerHeader))
}

// withShared completes the objects of a file by the shared sets its header names.
func withShared(t testing.TB, path string, data []byte, own []k8sruntime.Object) []k8sruntime.Object {
	t.Helper()
	out := own
	for _, name := range strings.Fields(headerValue(data, withHeader)) {
		set, ok := Shared[name]
		if !ok {
			t.Fatalf("%s: no shared object set %q", path, name)
		}
		have := map[string]bool{}
		for _, o := range out {
			have[objectKey(o)] = true
		}
		for _, o := range set() {
			if !have[objectKey(o)] {
				out = append(out, o)
			}
		}
	}
	return out
}

// objectKey names an object by its Go type (and kind, for a custom resource), namespace and name.
func objectKey(o k8sruntime.Object) string {
	kind := reflect.TypeOf(o).String()
	if u, ok := o.(*unstructured.Unstructured); ok {
		kind += ":" + u.GetKind()
	}
	m, _ := meta.Accessor(o)
	return kind + "/" + m.GetNamespace() + "/" + m.GetName()
}

// plain is o as JSON fields without apiVersion and kind, to compare a decoded object with a built one.
func plain(o k8sruntime.Object) map[string]any {
	b, err := json.Marshal(o)
	if err != nil {
		panic(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		panic(err)
	}
	delete(m, "apiVersion")
	delete(m, "kind")
	return m
}

// FactorShared rewrites fixture file path so that a shared set whose every object the file holds
// (as it is, or replaced by one of the same kind and name) is named in the header instead of copied.
// The objects the file stands for do not change.
func FactorShared(t testing.TB, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(string(data), "\n---\n")
	docs := parts[1:]
	decoded := make([]k8sruntime.Object, len(docs))
	for i, d := range docs {
		decoded[i] = decodeDoc(t, path, []byte(d))
	}
	with := strings.Fields(headerValue(data, withHeader))
	drop := map[int]bool{}
	names := make([]string, 0, len(Shared))
	for name := range Shared {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if slices.Contains(with, name) {
			continue
		}
		var equal []int
		complete := true
		for _, so := range Shared[name]() {
			found := false
			for i, o := range decoded {
				if o == nil || drop[i] || objectKey(o) != objectKey(so) {
					continue
				}
				found = true
				if reflect.DeepEqual(plain(o), plain(so)) {
					equal = append(equal, i)
				}
				break
			}
			complete = complete && found
		}
		if !complete || len(equal) == 0 {
			continue
		}
		for _, i := range equal {
			drop[i] = true
		}
		with = append(with, name)
	}
	if len(drop) == 0 {
		return
	}
	var head []string
	for _, l := range strings.Split(parts[0], "\n") {
		if !strings.HasPrefix(l, withHeader) {
			head = append(head, l)
		}
	}
	head = append(head, withHeader+" "+strings.Join(with, " "))
	out := []string{strings.Join(head, "\n")}
	for i, d := range docs {
		if !drop[i] {
			out = append(out, d)
		}
	}
	text := strings.Join(out, "\n---\n")
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
