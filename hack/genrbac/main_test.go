package main

import (
	"bytes"
	"os"
	"slices"
	"testing"

	rbacv1 "k8s.io/api/rbac/v1"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// grants expands a ClusterRole's rules into group/resource/verb triples.
func grants(t *testing.T, doc []byte) (string, map[[3]string]bool) {
	t.Helper()
	var cr rbacv1.ClusterRole
	if err := yaml.UnmarshalStrict(doc, &cr); err != nil {
		t.Fatalf("parsing the ClusterRole: %v", err)
	}
	out := map[[3]string]bool{}
	for _, r := range cr.Rules {
		if len(r.ResourceNames) > 0 || len(r.NonResourceURLs) > 0 {
			t.Errorf("rule %+v: resourceNames and nonResourceURLs are not generated", r)
		}
		for _, g := range r.APIGroups {
			for _, res := range r.Resources {
				for _, v := range r.Verbs {
					out[[3]string{g, res, v}] = true
				}
			}
		}
	}
	return cr.Name, out
}

// TestRBACIsGenerated: deploy/rbac.yaml grants exactly what the registry's ClusterRole grants, and
// is byte for byte what make rbac writes (its comments too).
func TestRBACIsGenerated(t *testing.T) {
	shipped, err := os.ReadFile("../../deploy/rbac.yaml")
	if err != nil {
		t.Fatal(err)
	}
	gen := clusterRole()
	t.Run("same permissions", func(t *testing.T) {
		gotName, got := grants(t, gen)
		wantName, want := grants(t, shipped)
		if gotName != wantName || gotName != snapshot.ClusterRoleName {
			t.Errorf("generated role %q, shipped %q, want %q", gotName, wantName, snapshot.ClusterRoleName)
		}
		for g := range got {
			if !want[g] {
				t.Errorf("the registry grants %s %s (group %q) that deploy/rbac.yaml does not: run make rbac", g[2], g[1], g[0])
			}
		}
		for g := range want {
			if !got[g] {
				t.Errorf("deploy/rbac.yaml grants %s %s (group %q) that the registry does not: run make rbac", g[2], g[1], g[0])
			}
		}
	})
	t.Run("same file", func(t *testing.T) {
		if !bytes.Equal(gen, shipped) {
			t.Error("deploy/rbac.yaml is stale (comments or layout): run make rbac")
		}
	})
	t.Run("read-only", func(t *testing.T) {
		_, got := grants(t, gen)
		for g := range got {
			if !slices.Contains([]string{"get", "list", "watch"}, g[2]) {
				t.Errorf("the ClusterRole grants %s on %s: the plugin only reads", g[2], g[1])
			}
		}
	})
}

// TestRBACCoversRegistry: every verb the tool issues on a registered kind is granted.
func TestRBACCoversRegistry(t *testing.T) {
	_, got := grants(t, clusterRole())
	for _, e := range snapshot.Registry() {
		t.Run(e.GroupResource().String(), func(t *testing.T) {
			for _, v := range e.Verbs {
				if !got[[3]string{e.GVR.Group, e.GVR.Resource, string(v)}] {
					t.Errorf("%s is issued but not granted", v)
				}
			}
		})
	}
}
