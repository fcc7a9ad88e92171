package checks_test

import (
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
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

// findingAt keys a finding of rule id at path ("spec" when none is given) in TestCloudBackendSetModes.
func findingAt(id rules.ID, path ...string) string {
	return id.String() + " at " + strings.Join(append(path, "spec")[:1], "")
}

// ingressRules sets the backends of the fixture Ingress's rules, by "<port> <url>", adding the
// rules the world lacks (on shop.example.com).
func ingressRules(by map[string][]*cloud.Backend) func(*cloud.Facts) {
	return func(f *cloud.Facts) {
		for key, bs := range by {
			port, url, _ := strings.Cut(key, " ")
			l := listenerOf(f, map[string]int32{"80": 80, "443": 443}[port])
			i := slices.IndexFunc(l.Rules, func(r *cloud.Rule) bool { return r.URL == url })
			if i < 0 {
				l.Rules = append(l.Rules, &cloud.Rule{ID: "loc-" + port + url, Domain: "shop.example.com", URL: url})
				i = len(l.Rules) - 1
			}
			l.Rules[i].Backends = bs
		}
	}
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
		// registered are the backends of the Service's listener on port 80; ingress, when set, sets
		// the backends of the Ingress bar's rules instead.
		registered []*cloud.Backend
		ingress    func(*cloud.Facts)
		// want are the backends each rule names at a path (findingAt); a rule not listed must not appear.
		want map[string]BackendList
	}{
		{name: "tke direct access: a ready pod missing, an unknown IP stale, a not-ready pod allowed", file: "tke-direct.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "", "172.16.0.1"), be(tke, "", "172.16.0.3"), be(tke, "", "172.16.0.9")},
			want: map[string]BackendList{
				findingAt(tkerules.CloudBackendMissing): {"web-b (172.16.0.2)"},
				findingAt(tkerules.CloudBackendStale):   {"172.16.0.9:8080"},
			}},
		{name: "tke direct access: every ready pod registered", file: "tke-direct.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "", "172.16.0.1"), be(tke, "", "172.16.0.2")}},
		{name: "tke direct access: only nodes registered", file: "tke-direct.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "ins-1", "10.0.0.1"), be(tke, "ins-2", "10.0.0.2")},
			want: map[string]BackendList{
				findingAt(tkerules.CloudBackendKind): {"ins-1/10.0.0.1:30080", "ins-2/10.0.0.2:30080"},
			}},
		{name: "tke direct access: a node beside the pods", file: "tke-direct.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "", "172.16.0.1"), be(tke, "ins-1", "10.0.0.1")},
			want: map[string]BackendList{
				findingAt(tkerules.CloudBackendKind):    {"ins-1/10.0.0.1:30080"},
				findingAt(tkerules.CloudBackendMissing): {"web-b (172.16.0.2)"},
			}},
		{name: "tke local: nodes with a ready endpoint missing, another worker allowed, the master stale", file: "tke-local.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "ins-2", "10.0.0.2"), be(tke, "ins-10", "10.0.0.10")},
			want: map[string]BackendList{
				findingAt(tkerules.CloudBackendMissing): {"node-1 (ins-1/10.0.0.1)", "node-3 (ins-3/10.0.0.3)"},
				findingAt(tkerules.CloudBackendStale):   {"ins-10/10.0.0.10:30080"},
			}},
		{name: "tke local: pods registered in node mode", file: "tke-local.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "", "172.16.0.1"), be(tke, "", "172.16.0.2")},
			want: map[string]BackendList{
				findingAt(tkerules.CloudBackendKind): {"172.16.0.1:8080", "172.16.0.2:8080"},
			}},
		{name: "tke backends-label: an unlabelled node stale, a NotReady labelled one allowed, a Ready labelled one missing", file: "tke-backends-label.yaml", p: tke,
			registered: []*cloud.Backend{be(tke, "ins-1", "10.0.0.1"), be(tke, "ins-2", "10.0.0.2"), be(tke, "ins-3", "10.0.0.3")},
			want: map[string]BackendList{
				findingAt(tkerules.CloudBackendMissing): {"node-4 (ins-4/10.0.0.4)"},
				findingAt(tkerules.CloudBackendStale):   {"ins-2/10.0.0.2:30080"},
			}},
		{name: "ack eni: a ready pod missing, an unknown IP stale", file: "ack-eni.yaml", p: ack,
			registered: []*cloud.Backend{be(ack, "", "172.16.0.1"), be(ack, "", "172.16.0.9")},
			want: map[string]BackendList{
				findingAt(ackrules.CloudBackendMissing): {"web-b (172.16.0.2)"},
				findingAt(ackrules.CloudBackendStale):   {"172.16.0.9:8080"},
			}},
		{name: "ack eni: only ECS instances registered", file: "ack-eni.yaml", p: ack,
			registered: []*cloud.Backend{be(ack, "i-1", "10.0.0.1")},
			want: map[string]BackendList{
				findingAt(ackrules.CloudBackendKind): {"i-1/10.0.0.1:30080"},
			}},
		{name: "ack local: a node with a ready endpoint missing, the master stale", file: "ack-local.yaml", p: ack,
			registered: []*cloud.Backend{be(ack, "i-1", "10.0.0.1"), be(ack, "i-2", "10.0.0.2"), be(ack, "i-10", "10.0.0.10")},
			want: map[string]BackendList{
				findingAt(ackrules.CloudBackendMissing): {"node-3 (i-3/10.0.0.3)"},
				findingAt(ackrules.CloudBackendStale):   {"i-10/10.0.0.10:30080"},
			}},
		{name: "ack local: every node with a ready endpoint registered", file: "ack-local.yaml", p: ack,
			registered: []*cloud.Backend{be(ack, "i-1", "10.0.0.1"), be(ack, "i-3", "10.0.0.3")}},
		{name: "tke ingress: each path against its own Service, one finding for a path on 80 and 443", file: "tke-ingress.yaml", p: tke,
			ingress: ingressRules(map[string][]*cloud.Backend{
				"80 /":     {be(tke, "ins-1", "10.0.0.1")},
				"443 /":    {be(tke, "ins-1", "10.0.0.1"), be(tke, "ins-3", "10.0.0.3")},
				"80 /api":  {be(tke, "ins-1", "10.0.0.1"), be(tke, "ins-9", "10.0.0.9")},
				"443 /api": {be(tke, "ins-2", "10.0.0.2")},
			}),
			want: map[string]BackendList{
				findingAt(tkerules.CloudBackendMissing, "spec.rules[0].http.paths[0].backend.service"): {"node-2 (ins-2/10.0.0.2)"},
				findingAt(tkerules.CloudBackendMissing, "spec.rules[0].http.paths[1].backend.service"): {"node-2 (ins-2/10.0.0.2)"},
				findingAt(tkerules.CloudBackendStale, "spec.rules[0].http.paths[1].backend.service"):   {"ins-9/10.0.0.9:30080"},
			}},
		{name: "tke ingress: every rule registers its Service's nodes", file: "tke-ingress.yaml", p: tke,
			ingress: ingressRules(map[string][]*cloud.Backend{
				"80 /":     {be(tke, "ins-1", "10.0.0.1"), be(tke, "ins-2", "10.0.0.2")},
				"443 /":    {be(tke, "ins-1", "10.0.0.1"), be(tke, "ins-2", "10.0.0.2"), be(tke, "ins-3", "10.0.0.3")},
				"80 /api":  {be(tke, "ins-2", "10.0.0.2")},
				"443 /api": {be(tke, "ins-1", "10.0.0.1"), be(tke, "ins-2", "10.0.0.2")},
			})},
		{name: "tke ingress direct access: another Service's pod is stale on a path, a node is of the wrong kind", file: "tke-ingress-direct.yaml", p: tke,
			ingress: ingressRules(map[string][]*cloud.Backend{
				"80 /":     {be(tke, "", "172.16.0.1"), be(tke, "", "172.16.0.2")},
				"443 /":    {be(tke, "", "172.16.0.1"), be(tke, "", "172.16.0.2")},
				"80 /api":  {be(tke, "", "172.16.1.1"), be(tke, "", "172.16.0.1")},
				"443 /api": {be(tke, "ins-2", "10.0.0.2")},
			}),
			want: map[string]BackendList{
				findingAt(tkerules.CloudBackendStale, "spec.rules[0].http.paths[1].backend.service"): {"172.16.0.1:8080"},
				findingAt(tkerules.CloudBackendKind, "spec.rules[0].http.paths[1].backend.service"):  {"ins-2/10.0.0.2:30080"},
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			snap := Fixture(t, DecodeObjects(t, filepath.Join("testdata", "TestCloudBackendSetModes", tc.file))...)
			kind, name := snapshot.KindService, "web"
			if tc.ingress != nil {
				kind, name = snapshot.KindIngress, "bar"
			}
			f := cloudWorld(tc.p, kind)
			if tc.ingress != nil {
				tc.ingress(f)
			} else {
				listenerOf(f, 80).Backends = tc.registered
			}
			snap.Clouds = map[string]*cloud.Facts{string(tc.p): f}
			res := diagnose(t, snap, kind, name, tc.p)
			check := string(tc.p) + "-cloud-backend-set"
			for _, s := range res.Skipped {
				if s.Check == check {
					t.Errorf("skipped: %s", s.Reason)
				}
			}
			got := map[string]BackendList{}
			for _, fd := range res.Findings {
				if fd.Check != check {
					continue
				}
				if fd.Source != SourceCloud {
					t.Errorf("%s: source %q, want cloud", fd.Rule, fd.Source)
				}
				i := slices.IndexFunc(fd.Words.Facts(), func(a any) bool { _, ok := a.(BackendList); return ok })
				if i < 0 {
					t.Errorf("%s names no backends: %s", fd.Rule, fd.Message)
					continue
				}
				got[findingAt(fd.Rule, fd.Path)] = fd.Words.Facts()[i].(BackendList)
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

// TestCloudHealthCheckFit: an unhealthy finding says where the health check does not fit what the
// backends serve (a check port none is registered on, an HTTP check on a port whose appProtocol is
// not HTTP), and says nothing of the kind when it fits.
func TestCloudHealthCheckFit(t *testing.T) {
	for _, tc := range []struct {
		name        string
		hc          cloud.HealthCheck
		appProtocol string
		// want are the facts of the fit clause; nil when there is none.
		want []any
	}{
		{name: "check port none of the backends is on", hc: cloud.HealthCheck{Enabled: true, Protocol: "TCP", Port: 8081}, want: []any{int32(8081), "30080"}},
		{name: "check port the backends are on", hc: cloud.HealthCheck{Enabled: true, Protocol: "TCP", Port: 30080}},
		{name: "http check on a mysql port", hc: cloud.HealthCheck{Enabled: true, Protocol: "HTTP", Path: "/"}, appProtocol: "mysql", want: []any{"HTTP", 0, "mysql"}},
		{name: "http check on an http port", hc: cloud.HealthCheck{Enabled: true, Protocol: "HTTP", Path: "/"}, appProtocol: "http"},
		{name: "tcp check on a mysql port", hc: cloud.HealthCheck{Enabled: true, Protocol: "TCP"}, appProtocol: "mysql"},
		{name: "check off", hc: cloud.HealthCheck{Protocol: "HTTP", Port: 8081}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			objs := cloudObjects(tkerules.Provider, snapshot.KindService)()
			if tc.appProtocol != "" {
				objs[0].(*corev1.Service).Spec.Ports[0].AppProtocol = &tc.appProtocol
			}
			snap := Fixture(t, objs...)
			f := cloudWorld(tkerules.Provider, snapshot.KindService)
			l := listenerOf(f, 80)
			hc := tc.hc
			l.HealthCheck = &hc
			l.Backends[1].Health = cloud.Unhealthy
			snap.Clouds = map[string]*cloud.Facts{string(tkerules.Provider): f}
			res := diagnose(t, snap, snapshot.KindService, "web", tkerules.Provider)
			i := slices.IndexFunc(res.Findings, func(fd Finding) bool { return fd.Rule == tkerules.CloudBackendUnhealthy })
			if i < 0 {
				t.Fatalf("no %s", tkerules.CloudBackendUnhealthy)
			}
			var fit []any
			for _, a := range res.Findings[i].Words.Facts() {
				if w, ok := a.(HealthFit); ok && w.In(words.English) != "" {
					fit = nil
					for _, f := range w.Facts() {
						if x, ok := f.(words.Worded); ok {
							f = x.In(words.English)
						}
						fit = append(fit, f)
					}
				}
			}
			if !reflect.DeepEqual(fit, tc.want) {
				t.Errorf("fit facts %v, want %v (%s)", fit, tc.want, res.Findings[i].Message)
			}
		})
	}
}
