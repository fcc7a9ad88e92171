package checkstest

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// AssertWorded fails t unless f's message is worded in both languages: Words set, its English the
// message, with no Han character and no bad verb, its Chinese with Han characters and no bad verb.
// It returns the Chinese, "" when f has no Words.
func AssertWorded(t testing.TB, f checks.Finding) string {
	t.Helper()
	if f.Words.IsZero() {
		t.Errorf("%s at %s (check %s): no Words; message %q", f.Rule, f.Path, f.Check, f.Message)
		return ""
	}
	en, zh := f.Words.In(words.English), f.Words.In(words.Chinese)
	if en != f.Message {
		t.Errorf("%s at %s: English words %q differ from the message %q", f.Rule, f.Path, en, f.Message)
	}
	if words.HasHan(en) || strings.Contains(en, "%!") {
		t.Errorf("%s at %s: English %q has Han characters or a bad verb", f.Rule, f.Path, en)
	}
	if !words.HasHan(zh) || strings.Contains(zh, "%!") {
		t.Errorf("%s at %s: Chinese %q has no Han characters or a bad verb", f.Rule, f.Path, zh)
	}
	return zh
}

// DecodeObjects reads the YAML documents of path as typed objects (unstructured for custom resources),
// completed by the shared sets its header names (see Shared).
func DecodeObjects(t testing.TB, path string) []runtime.Object {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []runtime.Object
	for _, doc := range bytes.Split(data, []byte("\n---\n")) {
		if o := decodeDoc(t, path, doc); o != nil {
			out = append(out, o)
		}
	}
	return withShared(t, path, data, out)
}

// decodeDoc decodes one YAML document of path; nil for a blank or comment-only one.
func decodeDoc(t testing.TB, path string, doc []byte) runtime.Object {
	t.Helper()
	if len(bytes.TrimSpace(doc)) == 0 || bytes.HasPrefix(bytes.TrimSpace(doc), []byte("#")) && !bytes.Contains(doc, []byte("kind:")) {
		return nil
	}
	o, gvk, err := scheme.Codecs.UniversalDeserializer().Decode(doc, nil, nil)
	if err == nil {
		return o
	}
	if gvk == nil || runtime.IsNotRegisteredError(err) {
		u := &unstructured.Unstructured{}
		if err := yaml.Unmarshal(doc, &u.Object); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if u.GroupVersionKind() == (schema.GroupVersionKind{}) {
			t.Fatalf("%s: a document without apiVersion and kind", path)
		}
		return u
	}
	t.Fatalf("%s: %v", path, err)
	return nil
}
