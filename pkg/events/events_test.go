package events

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

type sample struct {
	Provider rules.Provider `json:"provider"`
	Kind     rules.Kind     `json:"kind"`
	Reason   string         `json:"reason"`
	Message  string         `json:"message"`
	Want     []rules.ID     `json:"want"`
}

func TestSamples(t *testing.T) {
	files, _ := filepath.Glob("testdata/*_samples.yaml")
	if len(files) < 3 {
		t.Fatalf("expected sample files for TKE ingress, TKE service and ACK, got %v", files)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var samples []sample
		if err := yaml.Unmarshal(b, &samples); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for i, s := range samples {
			t.Run(filepath.Base(f)+"/"+s.Reason+"/"+string(rune('a'+i%26)), func(t *testing.T) {
				got := Match(tkeOnly, s.Provider, s.Kind, s.Message)
				want := append([]rules.ID(nil), s.Want...)
				sort.Slice(want, func(i, j int) bool { return rules.Compare(want[i], want[j]) < 0 })
				if join(got) != join(want) {
					t.Errorf("Match(%q) = %v, want %v", s.Message, got, want)
				}
				// Without a provider hint the same rules must be found, but for wording other clouds'
				// controllers write too.
				want = slices.DeleteFunc(want, func(id rules.ID) bool { return id.Rule().MatchShared })
				if g := Match(tkeOnly, "", s.Kind, s.Message); join(g) != join(want) {
					t.Errorf("Match without provider = %v, want %v", g, want)
				}
			})
		}
	}
}

func TestKindSeparatesCodes(t *testing.T) {
	msg := "ErrorCode: E4005 something failed"
	svc := Match(tkeOnly, tkerules.Provider, rules.Service, msg)
	ing := Match(tkeOnly, tkerules.Provider, rules.Ingress, msg)
	if join(svc) != tkerules.ServiceE4005.String() || join(ing) != tkerules.IngressE4005.String() {
		t.Errorf("service %v, ingress %v", svc, ing)
	}
}

func TestReachable(t *testing.T) {
	if !Reachable(tkeOnly, mustRule(t, tkerules.IngressE4011)) {
		t.Errorf("a TKE code should be reachable by events")
	}
	if Reachable(tkeOnly, mustRule(t, rules.GenericServiceNoEndpoints)) {
		t.Errorf("a rule with neither code nor fragment is not reachable by events")
	}
}

func TestRedact(t *testing.T) {
	tests := []struct {
		name, in string
		secret   string
	}{
		{"signed query", "GET https://slb.aliyuncs.com/?AccessKeyId=LTAI5tCANARY01&Signature=abcCANARY02%3D&Action=X", "CANARY0"},
		{"security token", `SecurityToken: "CAISCANARY03xyz", other`, "CANARY03"},
		{"bearer header", "Authorization: Bearer eyCANARY04token", "CANARY04"},
		{"url userinfo", "dial https://admin:CANARY05pass@10.0.0.1/", "CANARY05"},
		{"jwt", "token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJDQU5BUlkwNiJ9.c2lnbmF0dXJl end", "eyJzdWIiOiJDQU5BUlkwNiJ9"},
		{"secret id", "SecretId=AKIDCANARY07, SecretKey=CANARY08", "CANARY0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := Redact(tt.in)
			if strings.Contains(out, tt.secret) {
				t.Errorf("Redact(%q) = %q still holds %q", tt.in, out, tt.secret)
			}
			if !strings.Contains(out, "[REDACTED]") {
				t.Errorf("Redact(%q) = %q has no marker", tt.in, out)
			}
		})
	}
	plain := "ErrorCode: E4011 Secret default/x has no qcloud cert id"
	if Redact(plain) != plain {
		t.Errorf("Redact changed a message without credentials: %q", Redact(plain))
	}
}

func mustRule(t *testing.T, id rules.ID) rules.Rule {
	t.Helper()
	r, ok := rules.Get(id)
	if !ok {
		t.Fatalf("no rule %s", id)
	}
	return r
}

func join(ids []rules.ID) string {
	s := make([]string, len(ids))
	for i, id := range ids {
		s[i] = id.String()
	}
	return strings.Join(s, ",")
}

// TestCheapTests holds the quick pre-test mayHaveCode to codeRE (redact's containsFold is held to
// a case-insensitive search in its own package).
func TestCheapTests(t *testing.T) {
	for _, s := range []string{
		"", "t", "TOKEN", "x-Token=1", "tokeN", "tok en", "AccessKeyId=AKID", "SECRE", "_secret_", "Passwd: x",
		"Authorization: Bearer x", "authorizatio", "@ACCESSKEY[", "E4011", "ErrorCode: E4011 x", "W1234", "E12",
		"EW", "E", "e4011", "xE0", "Ensuring load balancer", "Warning 0", "IngressErrorCode{Code:\"E4009\"}",
	} {
		t.Run(s, func(t *testing.T) {
			if got, want := mayHaveCode(s), codeRE.MatchString(s); !got && want {
				t.Errorf("mayHaveCode = false where codeRE matches")
			}
		})
	}
}
