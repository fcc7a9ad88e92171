package report_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"
	sigsyaml "sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// PolicyReportCRDs is the test copy of the wgpolicyk8s.io/v1alpha2 CRDs (its header names the source).
var PolicyReportCRDs = filepath.Join("testdata", "crd", "wgpolicyk8s.io-v1alpha2.yaml")

// crd is what the tests read of a CustomResourceDefinition.
type crd struct {
	Spec struct {
		Group string `json:"group"`
		Scope string `json:"scope"`
		Names struct {
			Kind string `json:"kind"`
		} `json:"names"`
		Versions []struct {
			Name   string `json:"name"`
			Schema struct {
				OpenAPIV3Schema map[string]any `json:"openAPIV3Schema"`
			} `json:"schema"`
		} `json:"versions"`
	} `json:"spec"`
}

// strict turns a CRD's structural schema into a JSON schema that refuses unknown fields, as the API
// server does under fieldValidation=Strict (it would otherwise drop them in silence).
func strict(s map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range s {
		switch k {
		case "format": // int32, int64: OpenAPI formats a JSON schema does not know
		case "properties":
			props := map[string]any{}
			for name, p := range v.(map[string]any) {
				props[name] = strict(p.(map[string]any))
			}
			out[k] = props
		case "items", "additionalProperties":
			out[k] = strict(v.(map[string]any))
		default:
			out[k] = v
		}
	}
	if _, ok := out["properties"]; ok {
		if _, ok := out["additionalProperties"]; !ok {
			out["additionalProperties"] = false
		}
	}
	return out
}

// crdSchemas reads the CRDs: per kind, its scope and a strict schema of its v1alpha2 version.
func crdSchemas(t *testing.T) map[string]struct {
	namespaced bool
	schema     *jsonschema.Schema
} {
	t.Helper()
	b, err := os.ReadFile(PolicyReportCRDs)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]struct {
		namespaced bool
		schema     *jsonschema.Schema
	}{}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	for {
		var doc map[string]any
		if err := dec.Decode(&doc); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		j, _ := json.Marshal(doc)
		var c crd
		if err := json.Unmarshal(j, &c); err != nil {
			t.Fatal(err)
		}
		if c.Spec.Group+"/v1alpha2" != report.PolicyReportAPIVersion || len(c.Spec.Versions) != 1 || c.Spec.Versions[0].Name != "v1alpha2" {
			t.Fatalf("%s: not the v1alpha2 CRD of %s", c.Spec.Names.Kind, report.PolicyReportAPIVersion)
		}
		comp := jsonschema.NewCompiler()
		if err := comp.AddResource(c.Spec.Names.Kind+".json", strict(c.Spec.Versions[0].Schema.OpenAPIV3Schema)); err != nil {
			t.Fatal(err)
		}
		sch, err := comp.Compile(c.Spec.Names.Kind + ".json")
		if err != nil {
			t.Fatal(err)
		}
		out[c.Spec.Names.Kind] = struct {
			namespaced bool
			schema     *jsonschema.Schema
		}{c.Spec.Scope == "Namespaced", sch}
	}
	if len(out) != 2 {
		t.Fatalf("CRDs of %v, want PolicyReport and ClusterPolicyReport", out)
	}
	return out
}

// policyYAML is -o policyreport of reports in lang.
func policyYAML(t *testing.T, reports []report.Report, lang words.Lang) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := report.NewWriter(&buf, report.PolicyReportFormat, false, false)
	w.Lang = lang
	if err := w.Write(reports, true); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// documents splits a YAML stream into its documents, each decoded as JSON would be.
func documents(t *testing.T, b []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, part := range strings.Split(string(b), "\n---\n") {
		var m map[string]any
		if err := sigsyaml.Unmarshal([]byte(part), &m); err != nil {
			t.Fatalf("document %d: %v\n%s", len(out), err, part)
		}
		out = append(out, m)
	}
	return out
}

// TestPolicyReportMatchesCRD: every object printed for the examples' broken manifests, in each
// language, is a document of the CRD of its kind: its apiVersion and kind, a namespace exactly when
// the kind is namespaced, and the v1alpha2 schema with unknown fields refused.
func TestPolicyReportMatchesCRD(t *testing.T) {
	schemas := crdSchemas(t)
	reports := scenarios(t)
	// An object without a namespace makes a ClusterPolicyReport.
	orphan := reports[0]
	orphan.Target.Namespace = ""
	reports = append(reports, orphan)
	for _, lang := range []words.Lang{words.English, words.Chinese} {
		t.Run(string(lang), func(t *testing.T) {
			kinds := map[string]int{}
			for i, doc := range documents(t, policyYAML(t, reports, lang)) {
				kind, _ := doc["kind"].(string)
				kinds[kind]++
				crd, ok := schemas[kind]
				if !ok || doc["apiVersion"] != report.PolicyReportAPIVersion {
					t.Fatalf("document %d: %v %v", i, doc["apiVersion"], kind)
				}
				ns, _ := doc["metadata"].(map[string]any)["namespace"].(string)
				if (ns != "") != crd.namespaced {
					t.Errorf("document %d: %s with namespace %q", i, kind, ns)
				}
				if err := crd.schema.Validate(doc); err != nil {
					t.Errorf("document %d (%s %s) does not match the CRD: %v", i, kind, ns, err)
				}
			}
			if kinds[report.ClusterPolicyReportKind] != 1 || kinds[report.PolicyReportKind] < 2 {
				t.Errorf("kinds printed: %v", kinds)
			}
		})
	}
}

// TestPolicyReportSchemaRefuses: the strict schema is no rubber stamp: an unknown field, a result
// outside the enum and a timestamp without nanos are each refused.
func TestPolicyReportSchemaRefuses(t *testing.T) {
	sch := crdSchemas(t)[report.PolicyReportKind].schema
	base := func() map[string]any {
		return map[string]any{"apiVersion": report.PolicyReportAPIVersion, "kind": "PolicyReport", "metadata": map[string]any{"name": "x"},
			"results": []any{map[string]any{"policy": "p", "result": "fail", "severity": "high", "timestamp": map[string]any{"seconds": 1, "nanos": 0}}}}
	}
	if err := sch.Validate(base()); err != nil {
		t.Fatalf("the valid base is refused: %v", err)
	}
	result := func(d map[string]any) map[string]any { return d["results"].([]any)[0].(map[string]any) }
	tests := []struct {
		name string
		edit func(map[string]any)
	}{
		{"unknown top-level field", func(d map[string]any) { d["findings"] = []any{} }},
		{"unknown result field", func(d map[string]any) { result(d)["status"] = "fail" }},
		{"result outside the enum", func(d map[string]any) { result(d)["result"] = "warning" }},
		{"severity outside the enum", func(d map[string]any) { result(d)["severity"] = "error" }},
		{"timestamp without nanos", func(d map[string]any) { result(d)["timestamp"] = map[string]any{"seconds": 1} }},
		{"property not a string", func(d map[string]any) { result(d)["properties"] = map[string]any{"retried": false} }},
		{"result without policy", func(d map[string]any) { delete(result(d), "policy") }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := base()
			tt.edit(d)
			if sch.Validate(d) == nil {
				t.Error("accepted")
			}
		})
	}
}

// TestGoldenPolicyReport is -o policyreport of the internal-Ingress example in each language: the
// same run gives the same bytes, the order of the reports does not change them, and the two
// languages differ only in text values (every key, policy, result and severity is the same).
func TestGoldenPolicyReport(t *testing.T) {
	batches, in, err := diagnose.Offline(snapshot.Files{Paths: []string{"../../examples/tke-internal-ingress/broken.yaml"}, Group: snapshot.GroupFile}, nil, "", snapshot.Selector{})
	if err != nil {
		t.Fatal(err)
	}
	reports, err := diagnose.All(batches, diagnose.Options{Input: in})
	if err != nil {
		t.Fatal(err)
	}
	outs := map[words.Lang][]byte{}
	for _, lang := range []words.Lang{words.English, words.Chinese} {
		t.Run(string(lang), func(t *testing.T) {
			out := policyYAML(t, reports, lang)
			golden(t, "policyreport."+string(lang)+".yaml", out)
			reversed := slices.Clone(reports)
			slices.Reverse(reversed)
			if again := policyYAML(t, reversed, lang); !bytes.Equal(out, again) {
				t.Error("the reports in the other order print other bytes")
			}
			han := strings.IndexFunc(string(out), func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
			if han != (lang == words.Chinese) {
				t.Errorf("%s: holds Chinese = %v", lang, han)
			}
			outs[lang] = out
		})
	}
	shape := func(b []byte) []string {
		var out []string
		for _, d := range documents(t, b) {
			for _, r := range d["results"].([]any) {
				e := r.(map[string]any)
				var keys []string
				for k := range e["properties"].(map[string]any) {
					keys = append(keys, k)
				}
				slices.Sort(keys)
				out = append(out, fmt.Sprint(e["policy"], e["rule"], e["result"], e["severity"], keys))
			}
		}
		return out
	}
	if en, zh := shape(outs[words.English]), shape(outs[words.Chinese]); !slices.Equal(en, zh) || len(en) == 0 {
		t.Errorf("the languages differ beyond their texts:\nen %v\nzh %v", en, zh)
	}
}
