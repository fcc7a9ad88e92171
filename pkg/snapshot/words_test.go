package snapshot

import (
	"errors"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestUnknownErrorWorded: an UnknownError of every shape and of each of the snapshot's own reasons
// words itself: its English is Error() without Han, its Chinese has Han and keeps the facts
// (resource, namespace, name, RBAC rule, a server's error text) as they are.
func TestUnknownErrorWorded(t *testing.T) {
	const rbac = `list secrets (apiGroups: [""]) in namespace shop`
	refused := apierrors.NewForbidden(schema.GroupResource{Resource: "secrets"}, "", errors.New("denied"))
	forbidden, _ := gapFor(refused, VerbList, entryFor("", "secrets"), "shop")
	unauthorized, _ := gapFor(apierrors.NewUnauthorized("bad token"), VerbList, entryFor("", "secrets"), "shop")
	notServed, _ := gapFor(apierrors.NewNotFound(schema.GroupResource{Group: "x.io", Resource: "things"}, ""), VerbList, entryFor("", "secrets"), "")
	readFailed := gapOf(reasonReadFailed("dial tcp 10.0.0.1:443: i/o timeout"), ReasonReadFailed)
	tests := []struct {
		name string
		err  *UnknownError
		en   string
		keep []string // facts the Chinese keeps
	}{
		{"named object, not fetched", gapOf(reasonNotFetched, ReasonMissingInput).unknown("secrets", "shop", "tls"),
			"cannot read secrets shop/tls: not fetched", []string{"secrets shop/tls"}},
		{"cluster-scoped object, not in the input files", gapOf(reasonNotInFiles, ReasonMissingInput).unknown("nodes", "", "n1"),
			`cannot read nodes "n1": not in the input files`, []string{`nodes "n1"`}},
		{"namespace list, forbidden with RBAC", forbidden.unknown("secrets", "shop", ""),
			"cannot read secrets in namespace shop: forbidden (needs RBAC: " + forbidden.RBAC + ")", []string{"secrets", "shop", forbidden.RBAC}},
		{"every namespace, unauthorized", unauthorized.unknown("secrets", "", ""),
			"cannot read secrets: unauthorized: the credentials were rejected", []string{"secrets"}},
		{"not served", notServed.unknown("things", "", ""),
			"cannot read things: API not served by this cluster (is the CRD installed?)", []string{"things", "API", "CRD"}},
		{"read failed", readFailed.unknown("pods", "shop", ""),
			"cannot read pods in namespace shop: read failed: dial tcp 10.0.0.1:443: i/o timeout", []string{"pods", "shop", "dial tcp 10.0.0.1:443: i/o timeout"}},
		{"none selected", gapOf(reasonNoneSelected("app=web"), ReasonMissingInput).unknown("pods", "shop", ""),
			"cannot read pods in namespace shop: not in the input files (none selected by app=web)", []string{"pods", "shop", "app=web"}},
		{"some of a namespace", gapOf(reasonSome, ReasonMissingInput).unknown("endpointslices", "shop", "").only(),
			"the input files may hold only some endpointslices in namespace shop", []string{"endpointslices", "shop"}},
		{"some of every namespace", gapOf(reasonSome, ReasonMissingInput).unknown("nodes", "", "").only(),
			"the input files may hold only some nodes", []string{"nodes"}},
		{"some named", gapOf(reasonSome, ReasonMissingInput).unknown("nodes", "", "n1").only(),
			`the input files may hold only some nodes "n1"`, []string{`nodes "n1"`}},
		{"a reason of text alone", &UnknownError{Resource: "pods", Namespace: "shop", Name: "p", Reason: "forbidden", Class: ReasonForbidden, RBAC: rbac},
			"cannot read pods shop/p: forbidden (needs RBAC: " + rbac + ")", []string{"pods shop/p", rbac}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w words.Worded = tt.err
			en, zh := w.In(words.English), w.In(words.Chinese)
			if en != tt.err.Error() || en != tt.en {
				t.Errorf("In(English) = %q, Error() = %q, want %q", en, tt.err.Error(), tt.en)
			}
			if words.HasHan(en) {
				t.Errorf("English %q has Han", en)
			}
			if !words.HasHan(zh) || strings.Contains(zh, "%!") {
				t.Errorf("Chinese %q", zh)
			}
			for _, k := range tt.keep {
				if !strings.Contains(zh, k) {
					t.Errorf("Chinese %q lost %q", zh, k)
				}
			}
			if bad := rules.MisusedTerms(zh, rules.Generic); len(bad) > 0 {
				t.Errorf("Chinese %q: %v", zh, bad)
			}
			if tt.err.Words.IsZero() != (tt.name == "a reason of text alone") {
				t.Errorf("Words set %v for reason %q", !tt.err.Words.IsZero(), tt.err.Reason)
			}
			if !tt.err.Words.IsZero() && tt.err.Words.In(words.English) != tt.err.Reason {
				t.Errorf("Words %q, Reason %q: the English differs", tt.err.Words.In(words.English), tt.err.Reason)
			}
		})
	}
	if forbidden.RBAC != rbac {
		t.Errorf("forbidden gap's RBAC %q, want %q", forbidden.RBAC, rbac)
	}
}

// TestNotFoundErrorWorded: an absent object's error words itself too.
func TestNotFoundErrorWorded(t *testing.T) {
	tests := []struct {
		name string
		err  *NotFoundError
		en   string
	}{
		{"namespaced", &NotFoundError{Resource: "configmaps", Namespace: "kube-system", Name: "cfg"}, "configmaps kube-system/cfg not found"},
		{"cluster-scoped", &NotFoundError{Resource: "nodes", Name: "n1"}, `nodes "n1" not found`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w words.Worded = tt.err
			if en := w.In(words.English); en != tt.en || en != tt.err.Error() {
				t.Errorf("In(English) = %q, want %q", en, tt.en)
			}
			if zh := w.In(words.Chinese); !words.HasHan(zh) || !strings.Contains(zh, tt.err.Name) {
				t.Errorf("In(Chinese) = %q", zh)
			}
		})
	}
}

// TestArgErrorsWorded: the errors of bad targets, resource types, selectors and --group-files are
// worded in both languages and keep the user's own values as they are; a wrapped parse error is
// still found beneath them.
func TestArgErrorsWorded(t *testing.T) {
	resolve := func(res string) (Kind, error) { return ResolveResource(res) }
	_, missingName := ParseTargets([]string{"svc"}, "ns", resolve)
	_, badName := ParseTargets([]string{"svc", "a/b"}, "ns", resolve)
	_, badTarget := ParseTargets([]string{"svc/"}, "ns", resolve)
	_, unsupported := ParseTargets([]string{"deploy/web"}, "ns", resolve)
	_, notServed := ResolveWithMapper(func(schema.GroupVersionResource) (schema.GroupVersionKind, error) {
		return schema.GroupVersionKind{}, &meta.NoResourceMatchError{PartialResource: schema.GroupVersionResource{Resource: "foos"}}
	}, "foos", 0)
	_, otherKind := ResolveWithMapper(func(schema.GroupVersionResource) (schema.GroupVersionKind, error) {
		return schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "Deployment"}, nil
	}, "deployments", 0)
	_, badSelector := Selector{Label: "a in ("}.Matcher("offline")
	_, badField := Selector{Field: "a=="}.Matcher("offline")
	_, otherField := Selector{Field: "spec.type=LoadBalancer"}.Matcher(words.Say("offline", "离线"))
	_, badGrouping := ParseGrouping("world")
	tests := []struct {
		name string
		err  error
		keep string // the user's value, kept in every language
	}{
		{"missing name", missingName, `"svc"`},
		{"bad name", badName, `"a/b"`},
		{"bad target", badTarget, `"svc/"`},
		{"unsupported type", unsupported, `"deploy"`},
		{"type the server lacks", notServed, `"foos"`},
		{"a kind not diagnosed", otherKind, "Deployment.apps"},
		{"bad --selector", badSelector, "--selector"},
		{"bad --field-selector", badField, "--field-selector"},
		{"field not selectable", otherField, "spec.type"},
		{"bad --group-files", badGrouping, `"world"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.err == nil {
				t.Fatal("no error")
			}
			var w words.Worded
			if !errors.As(tt.err, &w) {
				t.Fatalf("%q is not worded", tt.err)
			}
			en, zh := w.In(words.English), w.In(words.Chinese)
			if en != tt.err.Error() || words.HasHan(en) {
				t.Errorf("In(English) = %q, Error() = %q", en, tt.err.Error())
			}
			if !words.HasHan(zh) || !strings.Contains(zh, tt.keep) || !strings.Contains(en, tt.keep) {
				t.Errorf("In(Chinese) = %q, want Chinese keeping %q", zh, tt.keep)
			}
		})
	}
	if errors.Unwrap(badSelector) == nil {
		t.Error("--selector's error no longer wraps the parse error")
	}
	if zh := otherField.(words.Worded).In(words.Chinese); !strings.Contains(zh, "离线") {
		t.Errorf("a worded mode is not worded: %q", zh)
	}
}
