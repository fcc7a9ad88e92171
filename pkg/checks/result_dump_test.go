package checks_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkechecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// dumpResult prints every finding, skip and partial note of res, each on one line.
func dumpResult(b *strings.Builder, res Result) {
	var dump func(indent string, fs []Finding)
	dump = func(indent string, fs []Finding) {
		for _, f := range fs {
			fmt.Fprintf(b, "%sfinding %s %s %s path=%q sev=%v count=%d msg=%q event=%q\n", indent, f.Rule, f.Check, f.Source, f.Path,
				f.EffectiveSeverity(), f.Count, f.Message, f.Event)
			dump(indent+"  ", f.Consequences)
		}
	}
	dump("  ", res.Findings)
	for _, s := range res.Skipped {
		fmt.Fprintf(b, "  skip %s class=%s reason=%q\n", s.Check, s.Class, s.Reason)
	}
	for _, s := range res.Partial {
		fmt.Fprintf(b, "  partial %s class=%s reason=%q\n", s.Check, s.Class, s.Reason)
	}
}

// gapped is a complete snapshot of what from holds, except that resource is unknown everywhere,
// as when its reads are forbidden; "" leaves nothing unknown.
func gapped(t *testing.T, from *snapshot.Snapshot, resource string) *snapshot.Snapshot {
	t.Helper()
	var kind string
	for _, e := range snapshot.Registry() {
		if e.GVR.Resource == resource {
			kind = e.Kind
		}
	}
	if resource != "" && kind == "" {
		t.Fatalf("resource %q is not in the registry", resource)
	}
	s := snapshot.New(snapshot.Live)
	s.Lay(from, func(k, _, _ string) bool { return k == kind })
	for _, tg := range from.Targets {
		evs, _ := from.EventsFor(tg.Kind, tg.Namespace, tg.Name, "")
		for _, e := range evs {
			s.AddEvent(e)
		}
	}
	s.MarkComplete()
	if resource == "" {
		return s
	}
	var custom *snapshot.CustomResource
	if resource == tkechecks.ServiceConfigs.GVR.Resource {
		custom = tkechecks.ServiceConfigs
	}
	gap := snapshot.Gap{Reason: "forbidden", Class: snapshot.ReasonForbidden, RBAC: "list " + resource}
	for _, n := range []string{"", "default", "kube-system", "shop", "web", "prod"} {
		s.Mark(resource, custom, n, "", &gap)
	}
	return s
}

// TestResultDump writes to the file $RESULT_DUMP the result of every check on every target of every
// corpus and test file: offline as the file holds it, with every list known, and with every list
// known but one resource unknown (as when its reads are forbidden). Run it before and after a change
// that must not change what the checks report and diff the two files.
func TestResultDump(t *testing.T) {
	out := os.Getenv("RESULT_DUMP")
	if out == "" {
		t.Skip("RESULT_DUMP unset")
	}
	files := yamlFiles("../../test/corpus", "testdata")
	unknown := []string{"", snapshot.Services, snapshot.Ingresses, snapshot.IngressClasses, snapshot.Secrets, snapshot.Pods,
		snapshot.Nodes, snapshot.EndpointSlices, snapshot.ConfigMaps, snapshot.Deployments, snapshot.DaemonSets, snapshot.Webhooks,
		"tkeserviceconfigs"}
	var b strings.Builder
	list := DefaultSuite().Checks()
	for _, f := range files {
		type variant struct {
			name string
			s    *snapshot.Snapshot
		}
		var vs []variant
		for _, complete := range []bool{false, true} {
			s, err := snapshot.FromFiles([]string{f}, nil, "default")
			if err != nil {
				fmt.Fprintf(&b, "%s: %v\n", f, err)
				continue
			}
			if complete {
				s.MarkComplete()
			}
			vs = append(vs, variant{fmt.Sprintf("offline complete=%v", complete), s})
		}
		if len(vs) == 0 {
			continue
		}
		targets := heldTargets(vs[0].s)
		vs[0].s.Targets = targets
		for _, r := range unknown {
			if r == snapshot.Services || r == snapshot.Ingresses {
				continue // the targets themselves
			}
			vs = append(vs, variant{"unknown " + r, gapped(t, vs[0].s, r)})
		}
		for _, v := range vs {
			for _, tg := range targets {
				for _, p := range []rules.Provider{rules.Generic, tkerules.Provider, ackrules.Provider} {
					res, err := NewSuiteOf(DefaultSuite().Clouds(), list).Run(v.s, tg, p)
					fmt.Fprintf(&b, "%s %s %s %s err=%v\n", f, v.name, tg, p, err)
					dumpResult(&b, res)
				}
			}
		}
	}
	for _, tc := range skipCases() {
		for _, e := range skipErrors() {
			tgt := snapshot.Target{Kind: tc.kind, Namespace: ns, Name: tc.target.(interface{ GetName() string }).GetName()}
			res, err := NewSuiteOf(DefaultSuite().Clouds(), list).Run(fetchFailing(t, tc.target, tgt, e.err), tgt, tc.p)
			fmt.Fprintf(&b, "failing %s %s err=%v\n", tc.name, e.name, err)
			dumpResult(&b, res)
		}
		s, err := snapshot.FromFiles(nil, nil, ns)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Add(tc.target); err != nil {
			t.Fatal(err)
		}
		res, err := NewSuiteOf(DefaultSuite().Clouds(), list).Run(s, snapshot.Target{Kind: tc.kind, Namespace: ns, Name: tc.target.(interface{ GetName() string }).GetName()}, tc.p)
		fmt.Fprintf(&b, "target only %s err=%v\n", tc.name, err)
		dumpResult(&b, res)
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
