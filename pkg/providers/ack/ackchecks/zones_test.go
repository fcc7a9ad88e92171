package ackchecks

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestZoneEveryRegion puts a CLB's zones in every zone of every Alibaba Cloud region, on a cluster
// in that region (no finding) and on one in the next region of the list (a finding).
func TestZoneEveryRegion(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", t.Name(), "alibaba.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var lines [][]string
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && !strings.HasPrefix(f[0], "#") {
			lines = append(lines, f)
		}
	}
	for i, f := range lines {
		region, other := f[0], lines[(i+1)%len(lines)][0]
		for _, zone := range f[1:] {
			t.Run(zone, func(t *testing.T) {
				if got, ok := aliZoneRegion(zone); !ok || got != region {
					t.Fatalf("aliZoneRegion(%q) = %q, %v; want %q", zone, got, ok, region)
				}
				for _, tt := range []struct {
					cluster string
					none    bool
				}{{region, true}, {other, false}} {
					inRegion := func(n *corev1.Node) { n.Labels[corev1.LabelTopologyRegion] = tt.cluster }
					res := diagnose(t, Fixture(t, Objs(ACKSvc(Anns("master-zoneid", zone)), FxNode("n1", inRegion))...), snapshot.KindService, "web", ackrules.Provider)
					AssertVerdict(t, res, ackrules.ServiceZoneNotInRegion, rules.Error, tt.none)
				}
			})
		}
	}
}

// TestAliZoneRegionUnjudged: values whose region cannot be read are left to the annotation check.
func TestAliZoneRegionUnjudged(t *testing.T) {
	for _, zone := range []string{"cn-hangzhouk", "ap-southeast-1-a", "cn-hangzhou", "k", "vsw-bp1abc"} {
		t.Run(zone, func(t *testing.T) {
			if got, ok := aliZoneRegion(zone); ok {
				t.Errorf("aliZoneRegion(%q) = %q; want no region", zone, got)
			}
		})
	}
}

// TestZoneMapsRegion: each zone of an NLB's zone-maps is judged against the cluster's region; a list
// the annotation check rejects, and a CLB, are not judged by it.
func TestZoneMapsRegion(t *testing.T) {
	inHangzhou := func(n *corev1.Node) { n.Labels[corev1.LabelTopologyRegion] = "cn-hangzhou" }
	for _, tt := range []struct {
		name, zoneMaps string
		nlb            bool
		want           int
	}{
		{"every zone in the region", "cn-hangzhou-k:vsw-a,cn-hangzhou-j:vsw-b", true, 0},
		{"one zone of another region", "cn-hangzhou-k:vsw-a,cn-beijing-g:vsw-b", true, 1},
		{"two zones of other regions: one finding", "cn-shanghai-e:vsw-a:10.0.0.5,cn-beijing-g:vsw-b", true, 1},
		{"malformed list", "cn-beijing-g", true, 0},
		{"zone-maps on a CLB", "cn-beijing-g:vsw-b", false, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			mods := []func(*corev1.Service){}
			if tt.nlb {
				mods = append(mods, nlbClass)
			}
			svc := ACKSvc(Anns("zone-maps", tt.zoneMaps), mods...)
			res := diagnose(t, Fixture(t, Objs(svc, FxNode("n1", inHangzhou))...), snapshot.KindService, "web", ackrules.Provider)
			got := 0
			for _, f := range res.Findings {
				if f.Rule == ackrules.ServiceZoneNotInRegion {
					got++
					if f.Path != "metadata.annotations["+ackann.Prefix+"zone-maps]" {
						t.Errorf("finding at %s, want the zone-maps annotation", f.Path)
					}
				}
			}
			if got != tt.want {
				t.Errorf("%d %s findings, want %d", got, ackrules.ServiceZoneNotInRegion, tt.want)
			}
		})
	}
}
