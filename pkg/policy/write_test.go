package policy

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

func TestParseActions(t *testing.T) {
	tests := []struct {
		in      string
		want    []admissionv1.ValidationAction
		wantErr bool
	}{
		{"Warn", []admissionv1.ValidationAction{admissionv1.Warn}, false},
		{"deny, AUDIT", []admissionv1.ValidationAction{admissionv1.Deny, admissionv1.Audit}, false},
		{"Deny,Block", nil, true},
		{"", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseActions(tt.in)
			if (err != nil) != tt.wantErr || !slices.Equal(got, tt.want) {
				t.Errorf("ParseActions(%q) = %v, %v", tt.in, got, err)
			}
		})
	}
}

func TestParseProviders(t *testing.T) {
	tests := []struct {
		in          string
		want        []rules.Provider
		wantCluster rules.Provider
		wantErr     bool
	}{
		{"all", []rules.Provider{tkerules.Provider, ackrules.Provider}, "", false},
		{" TKE", []rules.Provider{tkerules.Provider}, tkerules.Provider, false},
		{"ack", []rules.Provider{ackrules.Provider}, ackrules.Provider, false},
		{"generic", nil, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, cluster, err := DefaultCatalog().ParseProviders(tt.in)
			if (err != nil) != tt.wantErr || !slices.Equal(got, tt.want) || cluster != tt.wantCluster {
				t.Errorf("DefaultCatalog().ParseProviders(%q) = %v, %q, %v", tt.in, got, cluster, err)
			}
		})
	}
}

func TestWrite(t *testing.T) {
	opts := Options{Providers: []rules.Provider{tkerules.Provider}, Actions: []admissionv1.ValidationAction{admissionv1.Warn}}
	objs, err := DefaultCatalog().Generate(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []report.Format{report.YAML, report.JSON} {
		t.Run(string(f), func(t *testing.T) {
			var buf bytes.Buffer
			if err := DefaultCatalog().Write(&buf, f, opts); err != nil {
				t.Fatal(err)
			}
			var items []unstructured.Unstructured
			if f == report.JSON {
				var l struct {
					Kind  string                      `json:"kind"`
					Items []unstructured.Unstructured `json:"items"`
				}
				if err := json.Unmarshal(buf.Bytes(), &l); err != nil || l.Kind != "List" {
					t.Fatalf("JSON list %q: %v", l.Kind, err)
				}
				items = l.Items
			} else {
				if !strings.HasPrefix(buf.String(), "---\n") {
					t.Errorf("YAML does not open with a document marker")
				}
				dec := utilyaml.NewYAMLOrJSONDecoder(&buf, 4096)
				for {
					var u unstructured.Unstructured
					if dec.Decode(&u.Object) != nil {
						break
					}
					items = append(items, u)
				}
			}
			if len(items) != len(objs) {
				t.Fatalf("%d objects, want %d", len(items), len(objs))
			}
			for _, u := range items {
				if _, ok := u.Object["status"]; ok || u.GetCreationTimestamp().Unix() > 0 || !strings.HasPrefix(u.GetName(), Prefix) {
					t.Errorf("object %s/%s keeps status or creationTimestamp", u.GetKind(), u.GetName())
				}
				if _, ok := u.Object["metadata"].(map[string]any)["creationTimestamp"]; ok {
					t.Errorf("object %s/%s has a creationTimestamp", u.GetKind(), u.GetName())
				}
			}
		})
	}
	if err := DefaultCatalog().Write(&bytes.Buffer{}, report.YAML, Options{}); err == nil {
		t.Error("Write without a provider: no error")
	}
}

// TestWriteList: the list has one entry per rule of the cluster in both formats and both
// languages. Rule ids, statuses, policy names, keys and column headers are the same in every
// language; the statuses of the text table, the reasons and the summary line are in the language
// asked for, in plain words (no enum value such as "not covered (event only)" or "other-objects").
func TestWriteList(t *testing.T) {
	tests := []struct {
		name    string
		cluster rules.Provider
		lang    words.Lang
	}{
		{"the whole catalog", "", words.English},
		{"one provider", ackrules.Provider, words.English},
		{"the whole catalog in Chinese", "", words.Chinese},
		{"one provider in Chinese", tkerules.Provider, words.Chinese},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var want []Entry
			for _, e := range DefaultCatalog().Entries() {
				if tt.cluster == "" || e.Rule.Rule().Provider == tt.cluster {
					want = append(want, e)
				}
			}
			var js bytes.Buffer
			if err := DefaultCatalog().WriteList(&js, report.JSON, tt.cluster, tt.lang); err != nil {
				t.Fatal(err)
			}
			var list []struct {
				Rule   rules.ID `json:"rule"`
				Status Status   `json:"status"`
				Policy string   `json:"policy"`
				Reason string   `json:"reason"`
			}
			if err := json.Unmarshal(js.Bytes(), &list); err != nil || len(list) != len(want) {
				t.Fatalf("%d entries, want %d: %v", len(list), len(want), err)
			}
			for i, e := range list {
				if e.Rule != want[i].Rule || e.Status != want[i].Status || e.Policy != want[i].Policy {
					t.Errorf("entry %d %+v, want rule %s, status %q, policy %q", i, e, want[i].Rule, want[i].Status, want[i].Policy)
				}
				if (e.Reason != "") != !want[i].Reason.IsZero() || (e.Reason != "" && words.HasHan(e.Reason) != (tt.lang == words.Chinese)) {
					t.Errorf("entry %d (%s): reason %q is not in %s", i, e.Rule, e.Reason, tt.lang)
				}
			}
			var text bytes.Buffer
			if err := DefaultCatalog().WriteList(&text, report.Text, tt.cluster, tt.lang); err != nil {
				t.Fatal(err)
			}
			if words.HasHan(text.String()) != (tt.lang == words.Chinese) {
				t.Errorf("text output in %s: Han characters %v", tt.lang, words.HasHan(text.String()))
			}
			lines := strings.Split(strings.TrimSpace(text.String()), "\n")
			// header, one row per rule, a blank line and the summary line
			if len(lines) != len(want)+3 || !slices.Equal(strings.Fields(lines[0]), []string{"RULE", "STATUS", "POLICY", "OR", "REASON"}) ||
				lines[len(lines)-2] != "" {
				t.Fatalf("%d text lines for %d rules, header %q", len(lines), len(want), lines[0])
			}
			for i, e := range want {
				f := strings.Fields(lines[i+1])
				if len(f) < 3 || f[0] != e.Rule.String() || !strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(lines[i+1], f[0])), e.Status.In(tt.lang)) {
					t.Errorf("row %q, want rule %s, status %q and a policy, reason or -", lines[i+1], e.Rule, e.Status.In(tt.lang))
				}
				if e.Policy != "" && !strings.Contains(lines[i+1], e.Policy) {
					t.Errorf("row %q lacks policy %s", lines[i+1], e.Policy)
				}
			}
			for _, internal := range []string{"not covered (", "other-objects", "cluster-config", "controller-version", "decided also by"} {
				if strings.Contains(text.String(), internal) {
					t.Errorf("text output in %s holds the internal word %q", tt.lang, internal)
				}
			}
			if summary := lines[len(lines)-1]; words.HasHan(summary) != (tt.lang == words.Chinese) {
				t.Errorf("summary %q is not in %s", summary, tt.lang)
			}
		})
	}
}
