package ackchecks

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
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
