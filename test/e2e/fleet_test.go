//go:build e2e

package e2e

import (
	"net"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// fleetConfig writes a kubeconfig whose contexts east and west both reach the local API server
// with default namespaces fleet-east and fleet-west; gone, when asked, points at a closed port.
func fleetConfig(t *testing.T, withGone bool) string {
	t.Helper()
	cfg, err := clientcmd.LoadFromFile(env.kubeconfig)
	if err != nil {
		t.Fatal(err)
	}
	cur := cfg.Contexts[cfg.CurrentContext]
	out := clientcmdapi.NewConfig()
	out.Clusters[cur.Cluster] = cfg.Clusters[cur.Cluster]
	out.AuthInfos[cur.AuthInfo] = cfg.AuthInfos[cur.AuthInfo]
	for _, n := range []string{"east", "west"} {
		out.Contexts[n] = &clientcmdapi.Context{Cluster: cur.Cluster, AuthInfo: cur.AuthInfo, Namespace: "fleet-" + n}
	}
	if withGone {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		out.Clusters["gone"] = &clientcmdapi.Cluster{Server: "https://" + addr, InsecureSkipTLSVerify: true}
		out.Contexts["gone"] = &clientcmdapi.Context{Cluster: "gone", AuthInfo: cur.AuthInfo, Namespace: "default"}
	}
	out.CurrentContext = "east"
	p := filepath.Join(t.TempDir(), "kubeconfig")
	if err := clientcmd.WriteToFile(*out, p); err != nil {
		t.Fatal(err)
	}
	return p
}

// applyIn loads an example with its Services and Ingresses moved to namespace ns.
func applyIn(t *testing.T, file, ns string) {
	t.Helper()
	applyObjects(t, env.loader, relocate(readScenario(t, file), ns))
}

// byCluster indexes a list's reports by cluster and target.
func byCluster(l report.List) map[string]report.Report {
	out := map[string]report.Report{}
	for _, r := range l.Items {
		out[r.Cluster+" "+r.Target.String()] = r
	}
	return out
}

func hasRule(r report.Report, id rules.ID) bool {
	for _, f := range r.Findings {
		if f.Rule == id {
			return true
		}
	}
	return false
}

// TestFleet diagnoses two contexts of the one local API server, each with its own default namespace:
// the broken Ingress in fleet-east, the fixed one in fleet-west.
func TestFleet(t *testing.T) {
	applyIn(t, "examples/tke-ingress/broken.yaml", "fleet-east")
	applyIn(t, "examples/tke-ingress/fixed.yaml", "fleet-west")
	kc := fleetConfig(t, false)
	east, west := "east Ingress fleet-east/shop-web", "west Ingress fleet-west/shop-web"

	check := func(t *testing.T, l report.List) {
		t.Helper()
		got := byCluster(l)
		if len(got) != 2 {
			t.Fatalf("want the Ingress of each context, got %v", keys(got))
		}
		if r, ok := got[east]; !ok || !hasRule(r, tkerules.IngressE4009) {
			t.Errorf("east: %s missing or without E4009; have %v", east, keys(got))
		}
		if r, ok := got[west]; !ok || hasRule(r, tkerules.IngressE4009) {
			t.Errorf("west: %s missing or with E4009; have %v", west, keys(got))
		}
	}
	t.Run("--context east,west, each in its default namespace", func(t *testing.T) {
		r := kubectl(t, kc, "lbdoctor", "--context", "east,west", "-o", "json")
		if r.code != 1 {
			t.Fatalf("exit %d, want 1 (east has errors); stderr %s", r.code, r.stderr)
		}
		check(t, decodeFleet(t, r))
	})
	t.Run("--all-contexts with a target", func(t *testing.T) {
		r := kubectl(t, kc, "lbdoctor", "--all-contexts", "ingress/shop-web", "-o", "yaml")
		if r.code != 1 {
			t.Fatalf("exit %d, want 1; stderr %s", r.code, r.stderr)
		}
		check(t, decodeFleet(t, r))
	})
	t.Run("text has a CLUSTER column", func(t *testing.T) {
		r := kubectl(t, kc, "lbdoctor", "--all-contexts", "--show-ok")
		lines := strings.Split(r.stdout, "\n")
		if f := strings.Fields(lines[0]); len(f) == 0 || f[0] != "CLUSTER" {
			t.Fatalf("header %q, want CLUSTER first:\n%s", lines[0], r.stdout)
		}
		for _, want := range [][]string{{"east", "ingress/fleet-east/shop-web"}, {"west", "ingress/fleet-west/shop-web"}} {
			found := false
			for _, l := range lines {
				if f := strings.Fields(l); len(f) >= 2 && f[0] == want[0] && f[1] == want[1] {
					found = true
				}
			}
			if !found {
				t.Errorf("no row %v:\n%s", want, r.stdout)
			}
		}
	})
	t.Run("one context prints as before", func(t *testing.T) {
		r := kubectl(t, kc, "lbdoctor", "--context", "west", "--show-ok")
		if strings.Contains(r.stdout, "CLUSTER") || strings.Contains(r.stdout, "cluster:") || !strings.Contains(r.stdout, "Ingress fleet-west/shop-web") {
			t.Errorf("one-context output changed:\n%s", r.stdout)
		}
	})
	t.Run("an unreachable context is an error line, the others print", func(t *testing.T) {
		kc := fleetConfig(t, true)
		r := kubectl(t, kc, "lbdoctor", "--context", "east,gone,west", "--request-timeout", "10s", "-o", "json")
		if r.code != 2 || !strings.Contains(r.stderr, "error: context gone: cannot reach the API server") ||
			!strings.Contains(r.stderr, "1 of 3 contexts failed (gone)") {
			t.Fatalf("exit %d, want 2 with a line for gone; stderr %s", r.code, r.stderr)
		}
		check(t, decodeFleet(t, r))
		r = kubectl(t, kc, "lbdoctor", "--context", "east,gone,west", "--request-timeout", "10s", "--allow-incomplete", "-o", "json")
		if r.code != 1 {
			t.Errorf("--allow-incomplete: exit %d, want 1 (east's errors); stderr %s", r.code, r.stderr)
		}
	})
}

// decodeFleet decodes the JSON or YAML report list of a run.
func decodeFleet(t *testing.T, r result) report.List {
	t.Helper()
	var l report.List
	if err := yaml.Unmarshal([]byte(r.stdout), &l); err != nil {
		t.Fatalf("decoding list: %v\nstdout: %s\nstderr: %s", err, r.stdout, r.stderr)
	}
	return l
}

func keys(m map[string]report.Report) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
