package ackchecks

import (
	"maps"
	"slices"
	"testing"

	corev1 "k8s.io/api/core/v1"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestReuseWithoutOverrideLeavesUserGroups: on a reused CLB or NLB without force-override-listeners
// "true", CCM makes no listener; ports vgroup-port ties to a group of the user's have the user's
// listener by design, so only the other ports are reported, and none when every port has a group.
func TestReuseWithoutOverrideLeavesUserGroups(t *testing.T) {
	twoPorts := func(s *corev1.Service) {
		s.Spec.Ports = []corev1.ServicePort{{Name: "http", Port: 80, Protocol: corev1.ProtocolTCP}, {Name: "https", Port: 443, Protocol: corev1.ProtocolTCP}}
	}
	for _, tc := range []struct {
		name    string
		nlb     bool
		ann     map[string]string
		grouped []int32 // Service ports with a group of the user's
		report  bool
	}{
		{name: "clb: no vgroup-port", ann: Anns("id", "lb-bp1o94dp5i6earr9g6d1l"), report: true},
		{name: "clb: one of two ports grouped", ann: Anns("id", "lb-bp1o94dp5i6earr9g6d1l", "vgroup-port", "rsp-bp1t4wb7lg6hsc2ks0zf8:80"), grouped: []int32{80}, report: true},
		{name: "clb: both ports grouped", ann: Anns("id", "lb-bp1o94dp5i6earr9g6d1l", "vgroup-port", "rsp-a:80,rsp-b:443"), grouped: []int32{80, 443}},
		{name: "clb: an entry with an empty id is CCM's own group", ann: Anns("id", "lb-bp1o94dp5i6earr9g6d1l", "vgroup-port", "rsp-a:80,:443"), grouped: []int32{80}, report: true},
		{name: "clb: a malformed entry reached first stops the walk", ann: Anns("id", "lb-bp1o94dp5i6earr9g6d1l", "vgroup-port", "rsp-a,rsp-b:443"), report: true},
		{name: "clb: override true", ann: Anns("id", "lb-bp1o94dp5i6earr9g6d1l", "force-override-listeners", "true")},
		{name: "nlb: both ports grouped", nlb: true, ann: Anns("id", "nlb-wb7r6dlwetvt5jxxxx", "vgroup-port", "sgp-a:80,sgp-b:443"), grouped: []int32{80, 443}},
		{name: "nlb: one of two ports grouped", nlb: true, ann: Anns("id", "nlb-wb7r6dlwetvt5jxxxx", "vgroup-port", "sgp-a:443"), grouped: []int32{443}, report: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			mods := []func(*corev1.Service){twoPorts}
			if tc.nlb {
				mods = append(mods, nlbClass)
			}
			svc := ACKSvc(tc.ann, mods...)
			var got []int32
			for p, ok := range userGroupPorts(svc, ackAnns(svc.Annotations)) {
				if ok {
					got = append(got, p)
				}
			}
			if slices.Sort(got); !slices.Equal(got, tc.grouped) {
				t.Errorf("userGroupPorts = %v, want %v", got, tc.grouped)
			}
			res := diagnose(t, Fixture(t, WithObjs(ACKHealthy(), Objs(svc))...), snapshot.KindService, "web", ackrules.Provider)
			reported := map[string]bool{}
			for _, f := range res.Findings {
				if f.Rule == ackrules.ServiceReuseWithoutOverride {
					reported[f.Path] = true
				}
			}
			if want := map[string]bool{ACKPath("id"): true}; tc.report != maps.Equal(reported, want) {
				t.Errorf("reuse-without-override reported at %v, want reported=%v", slices.Collect(maps.Keys(reported)), tc.report)
			}
		})
	}
}

// TestVGroupPortSpacedID: CCM looks a vgroup-port group id up as written, so spaces around the id of
// a port's entry fail the sync; spaces in an entry no port reaches do not matter.
func TestVGroupPortSpacedID(t *testing.T) {
	for _, tc := range []struct {
		name, vgroup string
		invalid      bool
	}{
		{"no spaces", "rsp-a:80", false},
		{"space after the comma before the port's entry", "rsp-x:8080, rsp-a:80", true},
		{"trailing space in the port's id", "rsp-a :80", true},
		{"space in an entry after the matching one", "rsp-a:80, rsp-x:8080", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			svc := ACKSvc(Anns("id", "lb-bp1o94dp5i6earr9g6d1l", "vgroup-port", tc.vgroup))
			res := diagnose(t, Fixture(t, WithObjs(ACKHealthy(), Objs(svc))...), snapshot.KindService, "web", ackrules.Provider)
			got := false
			for _, f := range res.Findings {
				got = got || f.Rule == ackrules.ServiceInvalidAnnotation && f.Path == ACKPath("vgroup-port")
			}
			if got != tc.invalid {
				t.Errorf("invalid-annotation at vgroup-port: %v, want %v (%+v)", got, tc.invalid, res.Findings)
			}
		})
	}
}
