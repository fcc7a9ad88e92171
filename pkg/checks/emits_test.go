package checks_test

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestRunRefusesUndeclaredRules: a check that emits a rule outside its contract (not in Emits, the
// zero ID, or an event finding no event of its kind can prove) makes Run fail instead of reaching
// the report.
func TestRunRefusesUndeclaredRules(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	ev := event("a", "Service", "web", "Warning", "ErrorCode: E4011", 1, t0)
	tests := []struct {
		name  string
		emits []rules.ID
		run   func(*Context) error
		ok    bool
	}{
		{"declared", []rules.ID{rules.GenericServiceNoSelector}, func(c *Context) error {
			c.Say(rules.GenericServiceNoSelector, "spec.selector", words.Say("x", "x"))
			return nil
		}, true},
		{"not in Emits", []rules.ID{rules.GenericServiceNoSelector}, func(c *Context) error {
			c.Say(rules.GenericServiceNoEndpoints, "spec.selector", words.Say("x", "x"))
			return nil
		}, false},
		{"severity override not in Emits", nil, func(c *Context) error {
			c.SaySeverity(rules.GenericServiceNoEndpoints, rules.Info, "spec.selector", words.Say("x", "x"))
			return nil
		}, false},
		{"zero id", []rules.ID{rules.GenericServiceNoSelector}, func(c *Context) error {
			c.Say(rules.ID{}, "spec.selector", words.Say("x", "x"))
			return nil
		}, false},
		{"event-provable rule of the kind", nil, func(c *Context) error {
			c.EmitEvent(tkerules.ServiceE4011, snapshot.Event{Count: 1, LastSeen: t0}, "m", false)
			return nil
		}, true},
		{"event rule of the other kind", nil, func(c *Context) error {
			c.EmitEvent(tkerules.IngressE4011, snapshot.Event{Count: 1, LastSeen: t0}, "m", false)
			return nil
		}, false},
		{"event finding of a rule no event proves", nil, func(c *Context) error {
			c.EmitEvent(rules.GenericServiceNoEndpoints, snapshot.Event{Count: 1, LastSeen: t0}, "m", false)
			return nil
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Fixture(t, Service("web", corev1.ServiceTypeLoadBalancer), ev)
			list := []Check{{Name: "probe", Kind: rules.Service, Provider: rules.Generic, Emits: tt.emits, Run: tt.run}}
			res, err := NewSuiteOf(DefaultSuite().Clouds(), list).Run(s, snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: "web"}, tkerules.Provider)
			if tt.ok && (err != nil || len(res.Findings) != 1) {
				t.Fatalf("want one finding, got %v, %v", res.Findings, err)
			}
			if !tt.ok && (err == nil || !strings.Contains(err.Error(), "probe")) {
				t.Fatalf("want an error naming the check, got %v (findings %v)", err, res.Findings)
			}
		})
	}
}

// FuzzEventEmissions runs every check, events included, on a Service and an Ingress whose events
// carry a fuzzed message: whatever the text, Run emits only declared or event-provable rules.
func FuzzEventEmissions(f *testing.F) {
	for _, m := range []string{"ErrorCode: E4011 secret", "IngressErrorCode{Code:\"E4009\"}", "E4038 certificate expired",
		"The backend server number has reached to the quota limit", "ORDER.ARREARAGE Message: The account is arrearage.",
		"E9999 W1001 E4005 E6001", "something else failed"} {
		f.Add(m, true)
	}
	f.Fuzz(func(t *testing.T, msg string, warning bool) {
		typ := corev1.EventTypeNormal
		if warning {
			typ = corev1.EventTypeWarning
		}
		t0 := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
		objs := []runtime.Object{Ingress(), Service("web", corev1.ServiceTypeLoadBalancer),
			event("s", "Service", "web", typ, msg, 1, t0), event("i", "Ingress", "bar", typ, msg, 1, t0)}
		s := Fixture(t, objs...)
		for _, p := range []rules.Provider{tkerules.Provider, ackrules.Provider, rules.Generic} {
			diagnose(t, s, snapshot.KindIngress, "bar", p)
			diagnose(t, s, snapshot.KindService, "web", p)
		}
	})
}
