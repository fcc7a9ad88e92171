package checks_test

import (
	"testing"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkechecks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// TestInputsRegistered: every kind a check input names has a registry entry with the verbs the
// plan issues for it: LIST (a scope, or a custom resource even for one object) and WATCH (serve's
// informers) always, GET for a built-in kind read by name.
func TestInputsRegistered(t *testing.T) {
	all := map[string][]Input{"provider detection": DefaultSuite().DetectionInputs()}
	for _, ch := range DefaultSuite().Checks() {
		all[ch.Name+"/"+string(ch.Kind)] = ch.Inputs
	}
	for name, ins := range all {
		t.Run(name, func(t *testing.T) {
			for _, in := range ins {
				if in.Scope == Derived && in.Resource == "" {
					continue
				}
				r := snapshot.Request{Resource: in.Resource, Custom: in.Custom}
				if in.Scope == TargetEvents {
					r = snapshot.Request{Resource: snapshot.Events}
				}
				e := snapshot.EntryOf(r)
				if e == nil {
					t.Errorf("input %+v: no registry entry", r)
					continue
				}
				want := []snapshot.Verb{snapshot.VerbList, snapshot.VerbWatch}
				byName := in.Scope == Referenced || in.Scope == Fixed && in.Name != ""
				if byName && in.Custom == nil {
					want = append(want, snapshot.VerbGet)
				}
				for _, v := range want {
					if !e.Issues(v) {
						t.Errorf("%s: the plan issues %s, the registry's entry does not", e.GroupResource(), v)
					}
				}
			}
		})
	}
}

// TestCustomResourcesRegistered: the custom resources the checks read are in the registry with
// their provider.
func TestCustomResourcesRegistered(t *testing.T) {
	e := snapshot.Lookup(tkechecks.ServiceConfigs.GVR.GroupResource())
	if e == nil || e.Provider != "tke" || e.Kind != tkechecks.ServiceConfigs.Kind || !e.Namespaced {
		t.Errorf("tkeserviceconfigs entry = %+v", e)
	}
}

// TestEveryCheckDeclaresInputs: each check's literal says what it reads; a check that reads only its
// target says so with targetOnly instead of leaving the field out.
func TestEveryCheckDeclaresInputs(t *testing.T) {
	for _, ch := range DefaultSuite().Checks() {
		if ch.Inputs == nil {
			t.Errorf("check %s/%s declares no Inputs (use targetOnly when it reads the target alone)", ch.Name, ch.Kind)
		}
	}
}
