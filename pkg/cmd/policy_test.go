package cmd

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// TestPolicyOutput: the default output is YAML documents of policies and their Warn bindings; the
// flags reach the bindings, except that the warning-rule policies only ever warn (and audit); JSON
// is one v1 List.
func TestPolicyOutput(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		policies  []string
		actions   []admissionv1.ValidationAction
		namespace string
	}{
		{"defaults", nil, []string{"lbdoctor-tke-ingress", "lbdoctor-tke-ingress-warnings", "lbdoctor-tke-service", "lbdoctor-tke-service-warnings",
			"lbdoctor-ack-service", "lbdoctor-ack-service-warnings", "lbdoctor-ack-non-lb-service-warnings"}, []admissionv1.ValidationAction{admissionv1.Warn}, ""},
		{"tke deny", []string{"--provider", "TKE", "--action", "deny"}, []string{"lbdoctor-tke-ingress", "lbdoctor-tke-ingress-warnings",
			"lbdoctor-tke-service", "lbdoctor-tke-service-warnings"}, []admissionv1.ValidationAction{admissionv1.Deny}, ""},
		{"ack deny audit in prod", []string{"--provider", "ack", "--action", "Deny,Audit", "--namespace-selector", "env=prod"},
			[]string{"lbdoctor-ack-service", "lbdoctor-ack-service-warnings", "lbdoctor-ack-non-lb-service-warnings"}, []admissionv1.ValidationAction{admissionv1.Deny, admissionv1.Audit}, "prod"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := run(t, append([]string{"policy"}, tt.args...)...)
			if code != ExitOK {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var policies []string
			bindings := 0
			dec := utilyaml.NewYAMLOrJSONDecoder(strings.NewReader(out), 4096)
			for {
				var u unstructured.Unstructured
				if err := dec.Decode(&u.Object); err != nil {
					break
				}
				b, _ := yaml.Marshal(u.Object)
				switch u.GetKind() {
				case "ValidatingAdmissionPolicy":
					policies = append(policies, u.GetName())
				case "ValidatingAdmissionPolicyBinding":
					var vb admissionv1.ValidatingAdmissionPolicyBinding
					if err := yaml.UnmarshalStrict(b, &vb); err != nil {
						t.Fatal(err)
					}
					bindings++
					want := tt.actions
					if strings.HasSuffix(vb.Name, "-warnings") {
						want = []admissionv1.ValidationAction{admissionv1.Warn}
						if slices.Contains(tt.actions, admissionv1.Audit) {
							want = append(want, admissionv1.Audit)
						}
					}
					if strings.Join(actionNames(vb.Spec.ValidationActions), ",") != strings.Join(actionNames(want), ",") {
						t.Errorf("%s: actions %v, want %v", vb.Name, vb.Spec.ValidationActions, want)
					}
					sel := vb.Spec.MatchResources
					if (tt.namespace == "") != (sel == nil) || sel != nil && sel.NamespaceSelector.MatchLabels["env"] != tt.namespace {
						t.Errorf("%s: match resources %+v, want namespace selector env=%q", vb.Name, sel, tt.namespace)
					}
				}
			}
			if strings.Join(policies, ",") != strings.Join(tt.policies, ",") || bindings != len(tt.policies) {
				t.Errorf("policies %v and %d bindings, want %v and as many bindings", policies, bindings, tt.policies)
			}
		})
	}
	out, _, code := run(t, "policy", "-o", "json")
	var list struct {
		Kind  string           `json:"kind"`
		Items []map[string]any `json:"items"`
	}
	if code != ExitOK || json.Unmarshal([]byte(out), &list) != nil || list.Kind != "List" || len(list.Items) != 14 {
		t.Errorf("-o json: exit %d, kind %q, %d items", code, list.Kind, len(list.Items))
	}
}

func actionNames(as []admissionv1.ValidationAction) []string {
	var out []string
	for _, a := range as {
		out = append(out, string(a))
	}
	return out
}

// TestPolicyList: --list names every rule with its coverage, covered ones with their policy.
func TestPolicyList(t *testing.T) {
	out, stderr, code := run(t, "policy", "--list", "--provider", "tke")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"tke.ingress.E4052", "lbdoctor-tke-ingress", "tke.ingress.E4022", "JSON", "single-object rules enforced"} {
		if !strings.Contains(out, want) {
			t.Errorf("--list lacks %q", want)
		}
	}
	if strings.Contains(out, "ack.service.") {
		t.Errorf("--provider tke --list shows ACK rules")
	}
	out, _, code = run(t, "policy", "--list", "-o", "json")
	var entries []struct {
		Rule, Status, Policy, Reason string
	}
	if code != ExitOK || json.Unmarshal([]byte(out), &entries) != nil || len(entries) == 0 {
		t.Fatalf("--list -o json: exit %d", code)
	}
	for _, e := range entries {
		enforced := e.Status == "covered" || e.Status == "partial"
		if enforced != (e.Policy != "") || (e.Status != "covered" && e.Reason == "") {
			t.Errorf("%+v: an enforced rule names its policy, a partly enforced or left out one gives a reason", e)
		}
	}
}

// TestPolicyBadFlags: bad flags exit 2 with one line naming the flag.
func TestPolicyBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--provider", "gke"}, "--provider"},
		{[]string{"--action", "Block"}, "--action"},
		{[]string{"--action", "Warn,Deny"}, "cannot be combined"},
		{[]string{"--action", "Deny,Deny"}, "twice"},
		{[]string{"--action", ""}, "--action"},
		{[]string{"--namespace-selector", "a in ("}, "--namespace-selector"},
		{[]string{"-o", "text"}, "output format"},
		{[]string{"-o", "wide", "--list"}, "output format"},
		// Only the formats the policy command writes are accepted, and the error lists them.
		{[]string{"-o", "sarif"}, "(want yaml or json)"},
		{[]string{"-o", "name"}, "(want yaml or json)"},
		{[]string{"-o", "bogus"}, "(want yaml or json)"},
		{[]string{"-o", "sarif", "--list"}, "(want text, yaml or json)"},
		{[]string{"extra"}, "unknown command"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			_, stderr, code := run(t, append([]string{"policy"}, tt.args...)...)
			if code != ExitError || strings.Count(strings.TrimRight(stderr, "\n"), "\n") != 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d stderr %q, want exit 2 and one line with %q", code, stderr, tt.want)
			}
		})
	}
}

// TestPolicyValidateRefusesFormats: Complete takes any -o; Validate refuses the formats the policy
// command does not write.
func TestPolicyValidateRefusesFormats(t *testing.T) {
	tests := []struct {
		output string
		list   bool
		ok     bool
	}{
		{"", false, true}, {"yaml", false, true}, {"json", false, true}, {"text", false, false}, {"sarif", false, false},
		{"wide", false, false}, {"", true, true}, {"text", true, true}, {"yaml", true, true}, {"sarif", true, false},
		{"name", true, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s list=%v", tt.output, tt.list), func(t *testing.T) {
			o := &PolicyOptions{Common: Common{Output: tt.output}, Provider: "all", Action: "Warn", List: tt.list}
			if err := o.Complete(); err != nil {
				t.Fatalf("Complete: %v", err)
			}
			if err := o.Validate(); (err == nil) != tt.ok {
				t.Errorf("Validate = %v, want ok %v", err, tt.ok)
			}
		})
	}
}
