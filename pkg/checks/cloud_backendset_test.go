package checks

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// be is a registered backend of the fixtures: an ENI/eni (pod) backend when id is "", a CVM/ecs
// (node) instance otherwise.
func be(p rules.Provider, id, ip string) *cloud.Backend {
	typ := map[rules.Provider][2]string{tkerules.Provider: {"ENI", "CVM"}, ackrules.Provider: {"eni", "ecs"}}[p]
	b := &cloud.Backend{Type: typ[0], IP: ip, Port: 8080, Weight: 10, Health: cloud.Healthy}
	if id != "" {
		b.Type, b.InstanceID, b.Port = typ[1], id, 30080
	}
	return b
}

// TestCloudBackendSetModes runs <provider>-cloud-backend-set on the Service web of each file under
// testdata/<test name>/ against listener 80 of lb-web00001 registering the backends given: pod mode
// (TKE direct access, ACK ENI), node mode with externalTrafficPolicy Local, TKE's backends-label,
// and backends of the other kind. It asserts the rules the check emits and the backends each one
// names, nothing else.
func TestCloudBackendSetModes(t *testing.T) {
	tke, ack := tkerules.Provider, ackrules.Provider
	for _, tc := range []struct {
		name, file string
		p          rules.Provider
		registered []*cloud.Backend
		// want are the backends each rule names; a rule not listed must not appear.
		want map[rules.ID]backendList
	}{
		{name: "tke direct access: a ready pod missing, an unknown IP stale, a not-ready pod allowed", file: "tke-direct.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "", "172.16.0.1"), be(tke, "", "172.16.0.3"), be(tke, "", "172.16.0.9")},
			want: map[rules.ID]backendList{
				tkerules.CloudBackendMissing: {"web-b (172.16.0.2)"},
				tkerules.CloudBackendStale:   {"172.16.0.9:8080"},
			}},
		{name: "tke direct access: every ready pod registered", file: "tke-direct.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "", "172.16.0.1"), be(tke, "", "172.16.0.2")}},
		{name: "tke direct access: only nodes registered", file: "tke-direct.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "ins-1", "10.0.0.1"), be(tke, "ins-2", "10.0.0.2")},
			want: map[rules.ID]backendList{
				tkerules.CloudBackendKind: {"ins-1/10.0.0.1:30080", "ins-2/10.0.0.2:30080"},
			}},
		{name: "tke direct access: a node beside the pods", file: "tke-direct.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "", "172.16.0.1"), be(tke, "ins-1", "10.0.0.1")},
			want: map[rules.ID]backendList{
				tkerules.CloudBackendKind:    {"ins-1/10.0.0.1:30080"},
				tkerules.CloudBackendMissing: {"web-b (172.16.0.2)"},
			}},
		{name: "tke local: nodes with a ready endpoint missing, another worker allowed, the master stale", file: "tke-local.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "ins-2", "10.0.0.2"), be(tke, "ins-10", "10.0.0.10")},
			want: map[rules.ID]backendList{
				tkerules.CloudBackendMissing: {"node-1 (ins-1/10.0.0.1)", "node-3 (ins-3/10.0.0.3)"},
				tkerules.CloudBackendStale:   {"ins-10/10.0.0.10:30080"},
			}},
		{name: "tke local: pods registered in node mode", file: "tke-local.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "", "172.16.0.1"), be(tke, "", "172.16.0.2")},
			want: map[rules.ID]backendList{
				tkerules.CloudBackendKind: {"172.16.0.1:8080", "172.16.0.2:8080"},
			}},
		{name: "tke backends-label: an unlabelled node stale, a NotReady labelled one allowed, a Ready labelled one missing", file: "tke-backends-label.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "ins-1", "10.0.0.1"), be(tke, "ins-2", "10.0.0.2"), be(tke, "ins-3", "10.0.0.3")},
			want: map[rules.ID]backendList{
				tkerules.CloudBackendMissing: {"node-4 (ins-4/10.0.0.4)"},
				tkerules.CloudBackendStale:   {"ins-2/10.0.0.2:30080"},
			}},
		{name: "ack eni: a ready pod missing, an unknown IP stale", file: "ack-eni.yaml", p: ack,
			registered: []*cloud.Backend{be(ack, "", "172.16.0.1"), be(ack, "", "172.16.0.9")},
			want: map[rules.ID]backendList{
				ackrules.CloudBackendMissing: {"web-b (172.16.0.2)"},
				ackrules.CloudBackendStale:   {"172.16.0.9:8080"},
			}},
		{name: "ack eni: only ECS instances registered", file: "ack-eni.yaml", p: ack,
			registered: []*cloud.Backend{be(ack, "i-1", "10.0.0.1")},
			want: map[rules.ID]backendList{
				ackrules.CloudBackendKind: {"i-1/10.0.0.1:30080"},
			}},
		{name: "ack local: a node with a ready endpoint missing, the master stale", file: "ack-local.yaml", p: ack,
			registered: []*cloud.Backend{be(ack, "i-1", "10.0.0.1"), be(ack, "i-2", "10.0.0.2"), be(ack, "i-10", "10.0.0.10")},
			want: map[rules.ID]backendList{
				ackrules.CloudBackendMissing: {"node-3 (i-3/10.0.0.3)"},
				ackrules.CloudBackendStale:   {"i-10/10.0.0.10:30080"},
			}},
		{name: "ack local: every node with a ready endpoint registered", file: "ack-local.yaml", p: ack,
			registered: []*cloud.Backend{be(ack, "i-1", "10.0.0.1"), be(ack, "i-3", "10.0.0.3")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			snap := fixture(t, decodeObjects(t, filepath.Join("testdata", "TestCloudBackendSetModes", tc.file))...)
			f := cloudWorld(tc.p, snapshot.KindService)
			listenerOf(f, 80).Backends = tc.registered
			snap.Clouds = map[string]*cloud.Facts{string(tc.p): f}
			res := diagnose(t, snap, snapshot.KindService, "web", tc.p)
			check := string(tc.p) + "-cloud-backend-set"
			for _, s := range res.Skipped {
				if s.Check == check {
					t.Errorf("skipped: %s", s.Reason)
				}
			}
			got := map[rules.ID]backendList{}
			for _, fd := range res.Findings {
				if fd.Check != check {
					continue
				}
				if fd.Source != SourceCloud {
					t.Errorf("%s: source %q, want cloud", fd.Rule, fd.Source)
				}
				i := slices.IndexFunc(fd.Words.Facts(), func(a any) bool { _, ok := a.(backendList); return ok })
				if i < 0 {
					t.Errorf("%s names no backends: %s", fd.Rule, fd.Message)
					continue
				}
				got[fd.Rule] = fd.Words.Facts()[i].(backendList)
			}
			for id, names := range tc.want {
				if !slices.Equal(got[id], names) {
					t.Errorf("%s names %q, want %q", id, got[id], names)
				}
			}
			for id, names := range got {
				if _, ok := tc.want[id]; !ok {
					t.Errorf("unexpected %s naming %s", id, strings.Join(names, ", "))
				}
			}
		})
	}
}
