package checks_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// fmtReq prints every field of a request, the custom resource by its GVR.
func fmtReq(r snapshot.Request) string {
	res := r.Resource
	if r.Custom != nil {
		res = r.Custom.GVR.String()
	}
	return fmt.Sprintf("%s ns=%q name=%q sel=%q kind=%q per=%v only=%+v", res, r.Namespace, r.Name, r.LabelSelector, r.Kind, r.PerTarget, r.Only)
}

// yamlFiles lists the .yaml files below roots, sorted.
func yamlFiles(roots ...string) []string {
	var files []string
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if strings.HasSuffix(p, ".yaml") {
				files = append(files, p)
			}
			return nil
		})
	}
	sort.Strings(files)
	return files
}

// heldTargets is every Service and Ingress s holds, as targets.
func heldTargets(s *snapshot.Snapshot) []snapshot.Target {
	var targets []snapshot.Target
	for _, x := range s.Services.Held("") {
		targets = append(targets, snapshot.Target{Kind: snapshot.KindService, Namespace: x.Namespace, Name: x.Name})
	}
	for _, x := range s.Ingresses.Held("") {
		targets = append(targets, snapshot.Target{Kind: snapshot.KindIngress, Namespace: x.Namespace, Name: x.Name})
	}
	return targets
}

// TestPlanDump writes to the file $PLAN_DUMP what every check declares and reads: its inputs as data,
// the plan's scope reads, and, for every target of every corpus file (as the file holds it, and with
// every list known), for each provider, the plan's reads and each input's reads and whether a
// required one is missing. Run it before and after a change to the checks' inputs and diff the two
// files: a refactoring that must not change what the live fetcher reads leaves them equal.
func TestPlanDump(t *testing.T) {
	out := os.Getenv("PLAN_DUMP")
	if out == "" {
		t.Skip("PLAN_DUMP unset")
	}
	files := yamlFiles("../../test/corpus")
	var b strings.Builder
	list := DefaultSuite().Checks()
	for _, ch := range list {
		fmt.Fprintf(&b, "static %s/%s %s applies=%v\n", ch.Name, ch.Kind, ch.Provider, ch.Applies != nil)
		for j, in := range ch.Inputs {
			cr := ""
			if in.Custom != nil {
				cr = in.Custom.GVR.String()
			}
			fmt.Fprintf(&b, "  in%d %s %s scope=%d %s/%s req=%v when=%v names=%v sel=%v derive=%v match=%+v values=%v\n", j, in.Resource, cr, in.Scope,
				in.Namespace, in.Name, in.Required, in.When != nil, in.Names != nil, in.Selector != nil, in.Derive != nil, in.Match, in.Values != nil)
		}
	}
	for _, p := range []rules.Provider{"", rules.Generic, tkerules.Provider, ackrules.Provider} {
		for _, r := range NewSuiteOf(DefaultSuite().Clouds(), list).Plan(p).Scope() {
			fmt.Fprintf(&b, "scope %s: %s\n", p, fmtReq(r))
		}
	}
	for _, f := range files {
		for _, complete := range []bool{false, true} {
			s, err := snapshot.FromFiles([]string{f}, nil, "default")
			if err != nil {
				fmt.Fprintf(&b, "%s: %v\n", f, err)
				continue
			}
			if complete {
				s.MarkComplete()
			}
			for _, tg := range heldTargets(s) {
				for _, p := range []rules.Provider{"", tkerules.Provider, ackrules.Provider} {
					fmt.Fprintf(&b, "%s complete=%v %s %s\n", f, complete, tg, p)
					for _, r := range NewSuiteOf(DefaultSuite().Clouds(), list).Plan(p).Target(s, tg, nil) {
						fmt.Fprintf(&b, "  plan %s\n", fmtReq(r))
					}
					pp := p
					if pp == "" {
						pp = DefaultSuite().DetectProvider(s, tg).Provider
					}
					c := &Context{}
					if err := c.Reset(DefaultSuite(), s, tg, pp); err != nil {
						continue
					}
					for i := range list {
						ch := &list[i]
						if !c.Applies(ch) {
							continue
						}
						fmt.Fprintf(&b, "  check %s/%s missing=%v\n", ch.Name, ch.Kind, c.Missing(ch))
						for j, in := range ch.Inputs {
							for _, r := range in.AppendRequests(nil, c) {
								fmt.Fprintf(&b, "    in%d req=%v %s\n", j, in.Required, fmtReq(r))
							}
						}
					}
				}
			}
		}
	}
	if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
