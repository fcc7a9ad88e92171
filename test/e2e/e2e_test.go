//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/test/scenario"
)

func decodeList(t *testing.T, r result) report.List {
	t.Helper()
	var l report.List
	if err := json.Unmarshal([]byte(r.stdout), &l); err != nil {
		t.Fatalf("decoding list: %v\nstdout: %s\nstderr: %s", err, r.stdout, r.stderr)
	}
	return l
}

type findingKey struct {
	rule rules.ID
	path string
}

// checkFindings indexes what checks reported: findings and, as findings of their check, the
// consequences folded under them (a live-only cause can fold what offline is a finding).
func checkFindings(r report.Report) map[findingKey]report.Finding {
	m := map[findingKey]report.Finding{}
	for _, f := range r.Findings {
		if strings.HasPrefix(string(f.Source), "check") { // "check" or "check+event"
			m[findingKey{f.Rule, f.Path}] = f
		}
		for _, c := range f.Consequences {
			if strings.HasPrefix(string(c.Source), "check") {
				m[findingKey{c.Rule, c.Path}] = c
			}
		}
	}
	return m
}

func scenarioFiles(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join(repoRoot, "examples/*/*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no example scenarios: %v", err)
	}
	var out []string
	for _, f := range files {
		rel, _ := filepath.Rel(repoRoot, f)
		out = append(out, rel)
	}
	return out
}

// TestScenariosLiveMatchesOffline loads every example with its cluster facts into the cluster and
// diagnoses it live, then offline from the same files: each offline finding is found live, and each
// live-only finding belongs to a check the offline run reported as skipped (the object it needs was
// not in the files).
func TestScenariosLiveMatchesOffline(t *testing.T) {
	for _, file := range scenarioFiles(t) {
		t.Run(file, func(t *testing.T) {
			apply(t, file)
			live := decodeList(t, kubectl(t, env.kubeconfig, "lbdoctor", "-A", "-o", "json"))
			args := []string{"lbdoctor", "-A", "-o", "json"}
			for _, f := range scenario.WithFacts(filepath.Join(repoRoot, file)) {
				args = append(args, "-f", f)
			}
			off := decodeList(t, kubectl(t, env.kubeconfig, args...))
			if len(live.Items) == 0 || len(live.Items) != len(off.Items) {
				t.Fatalf("live has %d reports, offline %d", len(live.Items), len(off.Items))
			}
			for i := range live.Items {
				l, o := live.Items[i], off.Items[i]
				if l.Target != o.Target {
					t.Fatalf("target %d: live %v, offline %v", i, l.Target, o.Target)
				}
				if l.Provider.Name != o.Provider.Name {
					t.Errorf("%v: provider live %s, offline %s", l.Target, l.Provider, o.Provider)
				}
				lf, of := checkFindings(l), checkFindings(o)
				for k := range of {
					if _, ok := lf[k]; !ok {
						t.Errorf("%v: offline finding %s at %s missing live", l.Target, k.rule, k.path)
					}
				}
				skipped := map[string]bool{}
				for _, s := range append(o.Skipped, o.Partial...) {
					skipped[s.Check] = true
				}
				for k, f := range lf {
					if _, ok := of[k]; !ok && !skipped[f.Check] {
						t.Errorf("%v: live finding %s at %s is neither offline nor from a check skipped offline", l.Target, k.rule, k.path)
					}
				}
				if len(l.Skipped) > 0 {
					t.Errorf("%v: admin run skipped checks: %+v", l.Target, l.Skipped)
				}
			}
			errorsFound := live.Summary.Error
			if strings.Contains(file, "broken") && errorsFound == 0 {
				t.Errorf("broken scenario has no error finding live")
			}
			if strings.Contains(file, "fixed") {
				for _, r := range live.Items {
					for _, f := range r.Findings {
						if f.Severity >= rules.Warning {
							t.Errorf("fixed scenario %v: %s at %s: %s", r.Target, f.Rule, f.Path, f.Message)
						}
					}
				}
			}
		})
	}
}

func TestBrokenIngressRules(t *testing.T) {
	apply(t, "examples/tke-ingress/broken.yaml")
	rep, r := lbdoctor(t, env.kubeconfig, "ingress/shop-web", "-n", "shop")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1 (errors found); stderr %s", r.code, r.stderr)
	}
	got := map[rules.ID]bool{}
	for _, f := range rep.Findings {
		got[f.Rule] = true
	}
	for _, want := range []rules.ID{tkerules.IngressE4009, tkerules.IngressE4011, tkerules.IngressE4026, tkerules.IngressE4031,
		tkerules.IngressE4035, tkerules.IngressE4037, tkerules.IngressE4041, tkerules.IngressE4042, tkerules.IngressE4046,
		tkerules.IngressE4047, tkerules.IngressE4048, tkerules.IngressE4051, tkerules.IngressE4052} {
		if !got[want] {
			t.Errorf("missing %s; got %v", want, got)
		}
	}
	if rep.Source != "live" || rep.Provider.Name != tkerules.Provider {
		t.Errorf("source %s provider %s", rep.Source, rep.Provider)
	}
}

func TestEventsBecomeFindings(t *testing.T) {
	apply(t, "examples/tke-ingress/fixed.yaml")
	apply(t, "test/e2e/testdata/ingress-events.yaml")
	rep, r := lbdoctor(t, env.kubeconfig, "ingress/shop-web", "-n", "shop")
	if r.code != 1 {
		t.Fatalf("exit %d, want 1; stderr %s", r.code, r.stderr)
	}
	var ev *report.Finding
	for i, f := range rep.Findings {
		if f.Source == "event" && f.Rule == tkerules.IngressE4011 {
			ev = &rep.Findings[i]
		}
		if f.Source == "event" && strings.Contains(f.Message, "CANARY") {
			t.Errorf("credential from an event message printed: %s", f.Message)
		}
	}
	if ev == nil {
		t.Fatalf("no event finding for E4011: %+v", rep.Findings)
	}
	if ev.Count != 3 || ev.LastSeen.IsZero() {
		t.Errorf("event count %d lastSeen %v", ev.Count, ev.LastSeen)
	}
	for _, f := range rep.Findings {
		if f.Rule == tkerules.ServiceE4011 {
			t.Errorf("an Ingress event was read as the Service code %s", f.Rule)
		}
	}
}

// TestRestrictedUserSkips grants only namespace reads of the objects themselves: the checks that need
// Secrets or kube-system are skipped with the RBAC rule, never turned into findings.
func TestRestrictedUserSkips(t *testing.T) {
	apply(t, "examples/tke-ingress/broken.yaml")
	apply(t, "test/e2e/testdata/restricted-role.yaml")
	rep, r := lbdoctor(t, env.restricted, "ingress/shop-web", "-n", "shop")
	if r.code != 1 {
		t.Fatalf("exit %d; stderr %s", r.code, r.stderr)
	}
	for _, f := range rep.Findings {
		if f.Rule == tkerules.IngressE4010 || f.Rule == tkerules.IngressE4011 || f.Rule == tkerules.IngressE4035 {
			t.Errorf("finding %s from a Secret the user may not read", f.Rule)
		}
	}
	var tls string
	for _, s := range rep.Skipped {
		if s.Check == "tke-ingress-tls" {
			tls = s.Reason
		}
	}
	if !strings.Contains(tls, "forbidden") || !strings.Contains(tls, "get secrets") {
		t.Errorf("tke-ingress-tls skip reason %q should name the forbidden read and its RBAC rule; skipped: %+v", tls, rep.Skipped)
	}
	// Findings that need only the Ingress itself still come through.
	found := false
	for _, f := range rep.Findings {
		found = found || f.Rule == tkerules.IngressE4052
	}
	if !found {
		t.Errorf("E4052 (needs only the Ingress) missing for the restricted user")
	}
}

// TestShippedRoleHasNoSkips binds deploy/rbac.yaml to the restricted user: every check runs.
func TestShippedRoleHasNoSkips(t *testing.T) {
	apply(t, "deploy/rbac.yaml")
	apply(t, "test/e2e/testdata/bind-reader.yaml")
	for _, file := range scenarioFiles(t) {
		if !strings.Contains(file, "broken") {
			continue
		}
		t.Run(file, func(t *testing.T) {
			apply(t, file)
			l := decodeList(t, kubectl(t, env.restricted, "lbdoctor", "-A", "-o", "json"))
			for _, r := range l.Items {
				if len(r.Skipped) > 0 {
					t.Errorf("%v: skipped with deploy/rbac.yaml: %+v", r.Target, r.Skipped)
				}
			}
		})
	}
}

// TestReadOnlyAndRequestCounts checks from the audit log that a run only gets and lists, and logs
// how many requests one Service and one Ingress cost.
func TestReadOnlyAndRequestCounts(t *testing.T) {
	apply(t, "examples/tke-ingress/fixed.yaml")
	apply(t, "test/e2e/testdata/service.yaml")
	for _, target := range []string{"ingress/shop-web", "svc/web-lb"} {
		mark := auditMark(t)
		_, r := lbdoctor(t, env.kubeconfig, target, "-n", "shop")
		if r.code == 2 {
			t.Fatalf("%s: exit 2: %s", target, r.stderr)
		}
		entries := auditSince(t, mark)
		if len(entries) == 0 {
			t.Fatalf("%s: no audited requests", target)
		}
		verbs := map[string]int{}
		for _, e := range entries {
			verbs[e.Verb]++
			if e.Verb != "get" && e.Verb != "list" && e.Verb != "watch" {
				t.Errorf("%s: write request %s %s", target, e.Verb, e.RequestURI)
			}
		}
		t.Logf("%s: %d API requests %v", target, len(entries), verbs)
		if os.Getenv("LBDOCTOR_AUDIT_DUMP") != "" {
			var uris []string
			for _, e := range entries {
				uris = append(uris, e.Verb+" "+e.RequestURI)
			}
			sort.Strings(uris)
			t.Logf("%s requests:\n%s", target, strings.Join(uris, "\n"))
		}
	}
}

// TestChunkSize checks that a scope run reads each list in one answer by default, and in pages of
// --chunk-size objects when given one, with the same report either way.
func TestChunkSize(t *testing.T) {
	const ns = "chunked"
	applyIn(t, "examples/ack-service/broken.yaml", ns)
	type run struct {
		findings []string
		uris     []string
	}
	diagnose := func(args ...string) run {
		t.Helper()
		mark := auditMark(t)
		rep := decodeList(t, kubectl(t, env.kubeconfig, append([]string{"lbdoctor", "-n", ns, "-o", "json"}, args...)...))
		var out run
		for _, r := range rep.Items {
			for _, f := range r.Findings {
				out.findings = append(out.findings, r.Target.Name+" "+f.Rule.String()+" "+f.Path)
			}
			for _, s := range r.Skipped {
				out.findings = append(out.findings, r.Target.Name+" skipped "+s.Check)
			}
		}
		for _, e := range auditSince(t, mark) {
			if e.Verb == "list" {
				out.uris = append(out.uris, e.RequestURI)
			}
		}
		sort.Strings(out.findings)
		return out
	}
	whole := diagnose()
	paged := diagnose("--chunk-size=1")
	if len(whole.findings) == 0 {
		t.Fatal("no findings for the broken example")
	}
	if !slices.Equal(whole.findings, paged.findings) {
		t.Errorf("reports differ:\nwhole: %v\npaged: %v", whole.findings, paged.findings)
	}
	for _, u := range whole.uris {
		if strings.Contains(u, "limit=") || strings.Contains(u, "continue=") {
			t.Errorf("default run paged a list: %s", u)
		}
	}
	continued := 0
	for _, u := range paged.uris {
		if !strings.Contains(u, "limit=1") {
			t.Errorf("--chunk-size=1 run listed without limit=1: %s", u)
		}
		if strings.Contains(u, "continue=") {
			continued++
		}
	}
	if continued == 0 {
		t.Errorf("--chunk-size=1 run read no second page: %v", paged.uris)
	}
}

func TestTargetNotFound(t *testing.T) {
	r := kubectl(t, env.kubeconfig, "lbdoctor", "svc/does-not-exist", "-n", "default")
	if r.code != 2 {
		t.Fatalf("exit %d, want 2", r.code)
	}
	if lines := strings.Count(strings.TrimSpace(r.stderr), "\n"); lines != 0 || !strings.Contains(r.stderr, "not found") {
		t.Errorf("stderr should be one line naming the missing object: %q", r.stderr)
	}
}

func TestUnreachableServer(t *testing.T) {
	kc := filepath.Join(t.TempDir(), "kubeconfig")
	cfg := `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}}]
users: [{name: u, user: {token: x}}]
contexts: [{name: c, context: {cluster: c, user: u}}]
current-context: c
`
	if err := os.WriteFile(kc, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	r := kubectl(t, kc, "lbdoctor", "svc/x", "--request-timeout=5s")
	if r.code != 2 {
		t.Fatalf("exit %d, want 2; stderr %s", r.code, r.stderr)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v, want within --request-timeout", d)
	}
	if strings.Count(strings.TrimSpace(r.stderr), "\n") != 0 || !strings.Contains(r.stderr, "cannot reach the API server") {
		t.Errorf("stderr: %q", r.stderr)
	}
}

// TestMissingCRDIsSkipped removes the TkeServiceConfig CRD: the check that reads it is skipped, and
// the missing config is not reported as E4043.
func TestMissingCRDIsSkipped(t *testing.T) {
	apply(t, "examples/tke-ingress/fixed.yaml")
	ctx := context.Background()
	crd := []scenario.Ref{{APIVersion: "apiextensions.k8s.io/v1", Kind: "CustomResourceDefinition", Name: "tkeserviceconfigs.cloud.tencent.com"}}
	if err := env.loader.Delete(ctx, crd); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		objs, err := scenario.Read(filepath.Join(repoRoot, "deploy/crds/tkeserviceconfig.yaml"))
		if err == nil {
			_, err = env.loader.Apply(ctx, objs)
		}
		if err != nil {
			t.Errorf("restoring the CRD: %v", err)
		}
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		rep, r := lbdoctor(t, env.kubeconfig, "ingress/shop-web", "-n", "shop")
		if r.code == 2 {
			t.Fatalf("exit 2: %s", r.stderr)
		}
		var reason string
		for _, s := range rep.Skipped {
			if s.Check == "tke-ingress-service-config" {
				reason = s.Reason
			}
		}
		for _, f := range rep.Findings {
			if f.Rule == tkerules.IngressE4043 {
				t.Fatalf("an unserved CRD was reported as a missing TkeServiceConfig")
			}
		}
		if strings.Contains(reason, "not served") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("tke-ingress-service-config not skipped as not served; skipped %+v", rep.Skipped)
		}
		time.Sleep(time.Second)
	}
}
