package events

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// ackFormats is testdata/TestACKMessageFormats.yaml: the CCM's event wrappings and the messages
// put in them.
type ackFormats struct {
	Formats []struct {
		Name string `json:"name"`
		Code bool   `json:"code"`
		Text string `json:"text"`
	} `json:"formats"`
	Messages []struct {
		Name string     `json:"name"`
		Code string     `json:"code"`
		Msg  string     `json:"msg"`
		Want []rules.ID `json:"want"`
	} `json:"messages"`
	CCMFormats []struct {
		Name string `json:"name"`
		Text string `json:"text"`
	} `json:"ccmFormats"`
	CCMMessages []struct {
		Name string     `json:"name"`
		Msg  string     `json:"msg"`
		Want []rules.ID `json:"want"`
	} `json:"ccmMessages"`
}

// TestACKMessageFormats matches every documented API error and every CCM error in every wrapping
// the CCM has written them in, with and without the code, and with and without a provider hint.
func TestACKMessageFormats(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", t.Name()+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var d ackFormats
	if err := yaml.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	check := func(t *testing.T, message string, want []rules.ID) {
		t.Helper()
		w := append([]rules.ID(nil), want...)
		sort.Slice(w, func(i, j int) bool { return rules.Compare(w[i], w[j]) < 0 })
		for _, p := range []rules.Provider{ackrules.Provider, ""} {
			if got := Match(tkeOnly, p, rules.Service, message); join(got) != join(w) {
				t.Errorf("provider %q: Match(%q) = %v, want %v", p, message, got, w)
			}
		}
	}
	for _, f := range d.Formats {
		for _, m := range d.Messages {
			if !f.Code && m.Msg == "" {
				continue // nothing of the error is left to match
			}
			t.Run(f.Name+"/"+m.Name, func(t *testing.T) {
				check(t, strings.NewReplacer("{code}", m.Code, "{msg}", m.Msg).Replace(f.Text), m.Want)
			})
		}
	}
	for _, f := range d.CCMFormats {
		for _, m := range d.CCMMessages {
			t.Run("ccm/"+f.Name+"/"+m.Name, func(t *testing.T) {
				check(t, strings.ReplaceAll(f.Text, "{msg}", m.Msg), m.Want)
			})
		}
	}
}

// TestFragmentParts holds the folding of fragments: case, spacing and punctuation do not count,
// and the parts of a " … " fragment must occur in order.
func TestFragmentParts(t *testing.T) {
	tests := []struct {
		name, frag, message string
		want                bool
	}{
		{"case and space", "NetworkConflict", "Code: network conflict", true},
		{"punctuation", "Code: Throttling", "ErrorCode:Throttling.User", true},
		{"line breaks", "The specified VSwitch has no available ip", "The specified\n   VSwitch has no available IP.", true},
		{"parts in order", "VPC … conflict", "the VPC of the instance conflicts with the load balancer", true},
		{"parts out of order", "VPC … conflict", "conflict with the VPC", false},
		{"missing part", "VPC … conflict", "the VPC has no free address", false},
		{"empty fragment", " … ", "anything", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := containsAny(fold(tt.message), []string{tt.frag}); got != tt.want {
				t.Errorf("containsAny(%q, %q) = %v, want %v", tt.message, tt.frag, got, tt.want)
			}
		})
	}
}

// TestTKEMessageFormats puts every code of the TKE catalog in every wrapping TKE's controllers
// write for its kind: each must prove the code's rules (all of them, when a code has several
// meanings and the words do not tell which), and nothing else.
func TestTKEMessageFormats(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", t.Name()+".yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Ingress []string `json:"ingress"`
		Service []string `json:"service"`
	}
	if err := yaml.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	byCode := map[rules.Kind]map[string][]rules.ID{}
	for _, r := range rules.All() {
		if r.Provider != tkerules.Provider || r.Code == "" {
			continue
		}
		if byCode[r.Kind] == nil {
			byCode[r.Kind] = map[string][]rules.ID{}
		}
		byCode[r.Kind][r.Code] = append(byCode[r.Kind][r.Code], r.ID)
	}
	for kind, formats := range map[rules.Kind][]string{rules.Ingress: d.Ingress, rules.Service: d.Service} {
		if len(byCode[kind]) == 0 || len(formats) == 0 {
			t.Fatalf("no %s codes or formats", kind)
		}
		for code, want := range byCode[kind] {
			sort.Slice(want, func(i, j int) bool { return rules.Compare(want[i], want[j]) < 0 })
			for i, f := range formats {
				t.Run(string(kind)+"/"+code+"/"+string(rune('a'+i)), func(t *testing.T) {
					msg := strings.ReplaceAll(f, "{code}", code)
					for _, p := range []rules.Provider{tkerules.Provider, ""} {
						if got := Match(tkeOnly, p, kind, msg); join(got) != join(want) {
							t.Errorf("provider %q: Match(%q) = %v, want %v", p, msg, got, want)
						}
					}
				})
			}
		}
	}
}
