package checks_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func TestClipToRuneBoundary(t *testing.T) {
	tests := []struct {
		name, in string
		max      int
		keep     string // prefix the clipped text must start with
	}{
		{"short text unchanged", "ap-guangzhou", 80, "ap-guangzhou"},
		{"ascii cut", strings.Repeat("a", 100), 80, strings.Repeat("a", 80) + "…(100 bytes)"},
		{"cut inside a 3-byte rune backs off", strings.Repeat("界", 30), 80, strings.Repeat("界", 26) + "…(90 bytes)"},
		{"cut inside a 4-byte rune backs off", "a" + strings.Repeat("😀", 30), 80, "a" + strings.Repeat("😀", 19) + "…(121 bytes)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ClipTo(tt.in, tt.max)
			if !utf8.ValidString(got) || got != tt.keep {
				t.Errorf("clipTo = %q, want %q", got, tt.keep)
			}
		})
	}
}

// TestClipEndsKeepsTheRootCause: a long event message keeps its start and its end, where a Go error
// chain names the root cause, cut on rune boundaries.
func TestClipEndsKeepsTheRootCause(t *testing.T) {
	tests := []struct {
		name, in   string
		head, tail int
		want       string
	}{
		{"short text unchanged", "dial tcp: i/o timeout", 10, 20, "dial tcp: i/o timeout"},
		{"ascii", "start:" + strings.Repeat("x", 100) + ": dial tcp: i/o timeout", 6, 21, "start:…(129 bytes)…dial tcp: i/o timeout"},
		{"cuts back off inside runes", strings.Repeat("界", 10) + "-" + strings.Repeat("界", 10), 8, 8, "界界…(61 bytes)…界界"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ClipEnds(tt.in, tt.head, tt.tail)
			if !utf8.ValidString(got) || got != tt.want {
				t.Errorf("ClipEnds = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestOwnTextNotCut: a finding whose message the program composes keeps every part of it, however
// long; only the values quoted from the user's objects are clipped.
func TestOwnTextNotCut(t *testing.T) {
	const longImage = "ccr.ccs.tencentyun.com/a-rather-long-registry-namespace/with-a-deep-path/for-the-cluster-components/kube-proxy:v1.18.4-tke.19"
	s := Fixture(t, LBSvc(SvcAnn(tkeann.InternalSubnetID, "subnet-ewhltulw")), KubeProxyDS(longImage, "--proxy-mode=ipvs"))
	res := diagnose(t, s, snapshot.KindService, "web", tkerules.Provider)
	var msg string
	for _, f := range res.Findings {
		if f.Rule == tkerules.ServiceCLBLoopback {
			msg = f.Message
		}
	}
	for _, part := range []string{"IPVS mode", "predates the fixed build v1.18.4-tke.20", tkeann.PreventLoopback + " is not"} {
		if !strings.Contains(msg, part) {
			t.Errorf("loopback message lost %q: %s", part, msg)
		}
	}
	huge := strings.Repeat("界", 1000)
	s = Fixture(t, LBSvc(SvcAnn(tkeann.SvcDirectAccess, huge)))
	for _, f := range diagnose(t, s, snapshot.KindService, "web", tkerules.Provider).Findings {
		if f.Rule == tkerules.ServiceInvalidBool && (len(f.Message) > 200 || !utf8.ValidString(f.Message)) {
			t.Errorf("user value not clipped on a rune boundary: %d bytes, valid %v", len(f.Message), utf8.ValidString(f.Message))
		}
	}
}

// TestHugeNamesClipped: names are user values too (offline input is not validated by an API
// server): a finding quoting another object's name stays short.
func TestHugeNamesClipped(t *testing.T) {
	other := Service(strings.Repeat("n", 1<<16), "LoadBalancer", SvcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc"))
	s := Fixture(t, LBSvc(SvcAnn(tkeann.ExistedLBID, "lb-4ymlu8dc")), other)
	got := 0
	for _, f := range diagnose(t, s, snapshot.KindService, "web", tkerules.Provider).Findings {
		if f.Rule == tkerules.ServiceE4014 {
			got++
			if len(f.Message) > 512 {
				t.Errorf("E4014 message of %d bytes", len(f.Message))
			}
		}
	}
	if got == 0 {
		t.Errorf("no E4014 finding")
	}
}
