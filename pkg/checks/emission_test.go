package checks_test

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// emissionTarget is the object an emission fixture diagnoses.
type emissionTarget struct {
	kind snapshot.Kind
	name string
}

var (
	svcWeb = emissionTarget{snapshot.KindService, "web"}
	ingBar = emissionTarget{snapshot.KindIngress, "bar"}
)

// emission is a fixture that must make its rule appear, as a finding or a consequence, when the real
// runner diagnoses target with every check for provider. Exactly one of file, objs and event is set:
// file is the YAML objects under testdata/emission, objs builds them (fixtures too large to keep
// as YAML), event is the message of a Warning event about the target, which then stands alone (an
// ACK Service or a TKE CLB Service or Ingress, as provider and target say).
type emission struct {
	target   emissionTarget
	provider rules.Provider
	file     string
	objs     func() []runtime.Object
	event    string
	// cloud, set with objs, changes the healthy cloud of the fixture (cloudWorld) for a cloud rule.
	cloud func(*cloud.Facts)
}

var update = flag.Bool("update", false, "rewrite testdata/emission: name the shared object sets (checkstest.Shared) a fixture copies in its header instead")

// builtEmissions are the fixtures built in code: every cloud rule's (withCloudEmissions) and those too
// large to keep as YAML.
var builtEmissions = sync.OnceValue(func() map[rules.ID]emission {
	return withCloudEmissions(map[rules.ID]emission{
		ackrules.ServiceBackendQuota: {target: svcWeb, provider: ackrules.Provider, objs: backendQuotaObjects},
		tkerules.IngressGroupCrowded: {target: ingBar, provider: tkerules.Provider, objs: groupCrowdObjects},
	})
})

// declaredByCheck are the rules some check other than the events check declares.
var declaredByCheck = sync.OnceValue(func() map[rules.ID]bool {
	byCheck := map[rules.ID]bool{}
	for _, c := range DefaultSuite().Checks() {
		if c.Name == "events" {
			continue
		}
		for _, id := range c.Emits {
			byCheck[id] = true
		}
	}
	return byCheck
})

// emissionOf is rule r's fixture, found by convention: testdata/emission/<rule id>.yaml (diagnosed for
// the provider its header names, else the rule's), a fixture built in code, or, for a rule no check
// declares, a Warning event in the words the rule is matched by (its code, its first fragment).
func emissionOf(t *testing.T, r rules.Rule) (emission, bool) {
	t.Helper()
	target := svcWeb
	if r.Kind == rules.Ingress {
		target = ingBar
	}
	if file := EmissionFile(r.ID); fileExists(file) {
		p := FixtureProvider(t, file)
		if p == "" {
			p = r.Provider
		}
		return emission{target: target, provider: p, file: filepath.Base(file)}, true
	}
	if e, ok := builtEmissions()[r.ID]; ok {
		return e, true
	}
	if declaredByCheck()[r.ID] {
		return emission{}, false
	}
	return emission{target: target, provider: r.Provider, event: eventMessage(r)}, true
}

// eventMessage is a controller's message that proves rule r: its code with its first fragment, its
// first fragment, or, for a rule matched by neither, a failure no rule names.
func eventMessage(r rules.Rule) string {
	switch {
	case r.Code != "" && r.Provider == tkerules.Provider:
		return strings.TrimSpace("ErrorCode: " + r.Code + " " + strings.Join(r.Match[:min(1, len(r.Match))], ""))
	case len(r.Match) > 0:
		return r.Match[0]
	default:
		return "failed to ensure the load balancer: something no rule names"
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// backendQuotaObjects: a Service alone on 201 nodes in Cluster mode, over the CLB's 200 backends.
func backendQuotaObjects() []runtime.Object {
	svc := ACKSvc(Anns("id", "lb-bp1o94dp5i6earr9g6d1l", "force-override-listeners", "true"))
	return append(Objs(svc, FxPod("web-1", "a000", true), Sibling("api", Anns("id", "lb-bp1o94dp5i6earr9g6d1l"))), PoolNodes("a", 201)...)
}

// TestEveryRuleEmitted: each catalog rule has a fixture (emissionOf), and running every check on it
// reports the rule; a rule some check declares (other than the events check, whose findings are
// events) is reported by a check, not by an event alone. With -update it first rewrites the fixture
// files (checkstest.FactorShared).
func TestEveryRuleEmitted(t *testing.T) {
	entries, err := os.ReadDir(EmissionDir())
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		for _, de := range entries {
			if !de.IsDir() {
				FactorShared(t, filepath.Join(EmissionDir(), de.Name()))
			}
		}
	}
	files := map[string]bool{}
	for _, r := range rules.All() {
		t.Run(r.ID.String(), func(t *testing.T) {
			e, ok := emissionOf(t, r)
			if !ok {
				t.Fatalf("no emission fixture: add testdata/emission/%s.yaml", r.ID)
			}
			if set := btoi(e.file != "") + btoi(e.objs != nil) + btoi(e.event != ""); set != 1 {
				t.Fatalf("fixture sets %d of file, objs and event, want one", set)
			}
			if declaredByCheck()[r.ID] && e.event != "" {
				t.Fatalf("a check declares the rule: its fixture must be objects the check reads, not an event")
			}
			if e.file != "" {
				files[e.file] = true
			}
			res := diagnose(t, emissionSnapshot(t, e), e.target.kind, e.target.name, e.provider)
			var got []Finding
			for _, f := range res.Findings {
				got = append(got, f)
				got = append(got, f.Consequences...)
			}
			i := slices.IndexFunc(got, func(f Finding) bool {
				return f.Rule == r.ID && (e.event != "" || f.Source != SourceEvent)
			})
			if i < 0 {
				t.Fatalf("the fixture does not make %s appear; got %+v, skipped %+v", r.ID, got, res.Skipped)
			}
		})
	}
	for _, de := range entries {
		if de.IsDir() {
			continue
		}
		if !files[de.Name()] {
			t.Errorf("testdata/emission/%s is no rule's fixture", de.Name())
		}
	}
}

// emissionSnapshot is the snapshot of fixture e: its objects and, for a change rule whose file has
// a prior/ twin, the target as it is now.
func emissionSnapshot(t *testing.T, e emission) *snapshot.Snapshot {
	t.Helper()
	var o []runtime.Object
	var priorFile string
	switch {
	case e.file != "":
		o = DecodeObjects(t, filepath.Join(EmissionDir(), e.file))
		priorFile = filepath.Join(EmissionDir(), "prior", e.file)
	case e.objs != nil:
		o = e.objs()
	default:
		o = eventFixture(e)
	}
	snap := Fixture(t, o...)
	if e.cloud != nil {
		f := cloudWorld(e.provider, e.target.kind)
		e.cloud(f)
		snap.Clouds = map[string]*cloud.Facts{string(e.provider): f}
	}
	if priorFile != "" {
		if _, err := os.Stat(priorFile); err == nil {
			// A change rule: the fixture is the target as it will be, prior/ holds it now.
			prior := DecodeObjects(t, priorFile)
			snap.SetPrior(snapshot.Target{Kind: e.target.kind, Namespace: ns, Name: e.target.name}, prior[0])
		}
	}
	return snap
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// eventFixture is the target alone with one Warning event of message e.event about it.
func eventFixture(e emission) []runtime.Object {
	t0 := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	if e.target.kind == snapshot.KindIngress {
		return Objs(Ingress(), event("e", "Ingress", e.target.name, corev1.EventTypeWarning, e.event, 1, t0))
	}
	svc := LBSvc()
	if e.provider == ackrules.Provider {
		svc = ACKSvc(nil)
	}
	return Objs(svc, event("e", "Service", e.target.name, corev1.EventTypeWarning, e.event, 1, t0))
}
