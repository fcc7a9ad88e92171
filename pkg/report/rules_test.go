package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

func TestViews(t *testing.T) {
	all := rules.All()
	for _, lang := range []words.Lang{words.English, words.Chinese} {
		t.Run(string(lang), func(t *testing.T) {
			vs := Views(all, lang)
			if len(vs) != len(all) {
				t.Fatalf("%d views of %d rules", len(vs), len(all))
			}
			for i, v := range vs {
				r := all[i]
				if v.ID != r.ID || v.Provider != r.Provider || v.Kind != r.Kind.Lower() || v.Code != r.Code || v.Severity != r.Severity ||
					v.Retried != r.Retried || v.Decides == nil || len(v.Decides) != len(r.Decides) {
					t.Errorf("view %+v of %s", v, r.ID)
					continue
				}
				for j, d := range r.Decides {
					// What is worded in the view's language; by and ifUnknown are the same enum values in both.
					if got := v.Decides[j]; got.By != d.By || got.What != d.What.In(lang) || got.IfUnknown != d.IfUnknown {
						t.Errorf("%s: decision %d is %+v, want %s, %q, %q", r.ID, j, got, d.By, d.What.In(lang), d.IfUnknown)
					}
				}
			}
		})
	}
	if vs := Views(nil, words.English); vs == nil || len(vs) != 0 {
		t.Errorf("Views(nil) = %#v, want an empty list", vs)
	}
	b, err := json.Marshal(View(tkerules.IngressE4011.Rule(), words.English))
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for _, field := range []string{"id", "provider", "kind", "code", "severity", "title", "cause", "fix", "risk", "doc", "retried", "decides"} {
		if _, ok := back[field]; !ok {
			t.Errorf("JSON view lacks %q: %s", field, b)
		}
	}
}

func TestWriteRuleTable(t *testing.T) {
	rs := []rules.Rule{tkerules.IngressE4009.Rule(), tkerules.IngressE4011.Rule()}
	var buf bytes.Buffer
	if err := WriteRuleTable(&buf, rs); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != len(rs)+1 || strings.Fields(lines[0])[0] != "ID" {
		t.Fatalf("table %q", buf.String())
	}
	for i, r := range rs {
		if f := strings.Fields(lines[i+1]); f[0] != r.ID.String() || f[1] != CodeLabel(r.ID) || f[2] != r.Severity.String() {
			t.Errorf("row %d %q for %s", i, lines[i+1], r.ID)
		}
	}
}

func TestWriteRuleDetails(t *testing.T) {
	var decided, retried rules.Rule
	for _, r := range rules.All() {
		if len(r.Decides) > 0 && decided.ID.String() == "" {
			decided = r
		}
		if r.Retried && retried.ID.String() == "" {
			retried = r
		}
	}
	// head is the lines every rule starts with: the heading, cause, fix, risk, doc, and the vendor
	// link when the rule has one.
	head := func(r rules.Rule) []string {
		h := []string{r.ID.String(), "  cause:", "  fix:", "  risk:", "  doc:"}
		if r.Link(words.English) != "" {
			h = append(h, "  link:")
		}
		return h
	}
	tests := []struct {
		name string
		rs   []rules.Rule
		want []string // line prefixes expected, in order
	}{
		{"one rule", []rules.Rule{tkerules.IngressE4011.Rule()}, head(tkerules.IngressE4011.Rule())},
		{"a rule decided by more than the object", []rules.Rule{decided}, append(head(decided), "  also depends on")},
		{"a rule the controller retries", []rules.Rule{retried}, append(head(retried), "  the cloud controller retries")},
		{"a rule without a vendor page", []rules.Rule{tkerules.IngressE4000.Rule()}, append(head(tkerules.IngressE4000.Rule()), "  the cloud controller retries")},
		{"two rules, a blank line between", []rules.Rule{tkerules.IngressE4009.Rule(), tkerules.IngressE4011.Rule()},
			append(append(head(tkerules.IngressE4009.Rule()), ""), tkerules.IngressE4011.String())},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.rs[0].ID.String() == "" {
				t.Fatal("the catalog has no such rule")
			}
			var buf bytes.Buffer
			WriteRuleDetails(&buf, tt.rs, words.English, nil)
			lines := strings.Split(buf.String(), "\n")
			if len(lines) < len(tt.want) {
				t.Fatalf("text %q", buf.String())
			}
			for i, w := range tt.want {
				if !strings.HasPrefix(lines[i], w) || (w == "" && lines[i] != "") {
					t.Errorf("line %d %q, want it to start with %q", i, lines[i], w)
				}
			}
		})
	}
}

// TestWriteRuleDetailsDecidedZh: in Chinese, a rule's decision line words what decides it and the
// verdict when it cannot be read in Chinese, never in English.
func TestWriteRuleDetailsDecidedZh(t *testing.T) {
	for _, r := range rules.All() {
		if len(r.Decides) == 0 {
			continue
		}
		t.Run(r.ID.String(), func(t *testing.T) {
			var buf bytes.Buffer
			WriteRuleDetails(&buf, []rules.Rule{r.In(words.Chinese)}, words.Chinese, nil)
			var lines []string
			for _, l := range strings.Split(buf.String(), "\n") {
				if strings.HasPrefix(l, "  还取决于") {
					lines = append(lines, l)
				}
			}
			if len(lines) != len(r.Decides) {
				t.Fatalf("%d decision lines for %d decisions: %q", len(lines), len(r.Decides), buf.String())
			}
			for i, d := range r.Decides {
				if !strings.Contains(lines[i], d.What.Zh) || !strings.Contains(lines[i], d.IfUnknown.In(words.Chinese)) {
					t.Errorf("line %q lacks the Chinese input or verdict", lines[i])
				}
				if strings.Contains(lines[i], d.What.En) || strings.Contains(lines[i], string(d.IfUnknown)) || (strings.Contains(string(d.By), "-") && strings.Contains(lines[i], string(d.By))) {
					t.Errorf("line %q holds English", lines[i])
				}
			}
		})
	}
}

func TestParseFailOn(t *testing.T) {
	tests := []struct {
		in      string
		want    FailOn
		wantErr bool
	}{
		{"none", FailOn{None: true}, false},
		{"error", FailOn{At: rules.Error}, false},
		{"warning", FailOn{At: rules.Warning}, false},
		{"info", FailOn{At: rules.Info}, false},
		{"sometimes", FailOn{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseFailOn(tt.in)
			if (err != nil) != tt.wantErr || got != tt.want {
				t.Errorf("ParseFailOn(%q) = %+v, %v", tt.in, got, err)
			}
		})
	}
}

func TestParseDataFormat(t *testing.T) {
	for _, in := range []string{"text", "json", "yaml"} {
		if f, err := ForData.Parse(in); err != nil || string(f) != in {
			t.Errorf("ForData.Parse(%q) = %q, %v", in, f, err)
		}
	}
	for _, in := range []string{"name", "wide", "sarif", "xml", ""} {
		if _, err := ForData.Parse(in); err == nil {
			t.Errorf("ForData.Parse(%q) accepted", in)
		}
	}
}
