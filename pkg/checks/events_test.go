package checks_test

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	k8stypes "k8s.io/apimachinery/pkg/types"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkeann"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func event(name, kind, obj, typ, msg string, count int32, at time.Time) *corev1.Event {
	return &corev1.Event{
		ObjectMeta:     metav1.ObjectMeta{Name: name, Namespace: ns, UID: k8stypes.UID("ev-" + name)},
		InvolvedObject: corev1.ObjectReference{Kind: kind, Namespace: ns, Name: obj, UID: k8stypes.UID("uid-" + obj)},
		Type:           typ, Reason: "SyncLoadBalancerFailed", Message: msg, Count: count,
		LastTimestamp: metav1.NewTime(at),
	}
}

func TestEventFindings(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		events []runtime.Object
		want   map[rules.ID]int32 // rule -> merged count
		none   []rules.ID
	}{
		{"coded events merge per rule", []runtime.Object{
			event("a", "Ingress", "bar", "Warning", "ErrorCode: E4011 Secret x", 2, t0),
			event("b", "Ingress", "bar", "Warning", "IngressErrorCode{Code:\"E4011\"}", 3, t0.Add(time.Minute)),
		}, map[rules.ID]int32{tkerules.IngressE4011: 5}, []rules.ID{rules.GenericIngressUnmatchedWarning}},
		{"unmatched warnings make one finding", []runtime.Object{
			event("a", "Ingress", "bar", "Warning", "quota of something exceeded", 1, t0),
			event("b", "Ingress", "bar", "Warning", "another failure", 1, t0),
			event("c", "Ingress", "bar", "Normal", "Ingress Sync Success. RetrunCode: S2009", 1, t0),
		}, map[rules.ID]int32{rules.GenericIngressUnmatchedWarning: 2}, []rules.ID{rules.GenericIngressNoEvents}},
		{"events of another object are ignored", []runtime.Object{
			event("a", "Service", "bar", "Warning", "ErrorCode: E4011", 1, t0),
		}, nil, []rules.ID{tkerules.IngressE4011, tkerules.ServiceE4011}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			objs := append([]runtime.Object{Ingress(), Service("web", corev1.ServiceTypeNodePort)}, tt.events...)
			res := diagnose(t, Fixture(t, objs...), snapshot.KindIngress, "bar", tkerules.Provider)
			got := map[rules.ID][]Finding{}
			for _, f := range res.Findings {
				if f.Source == "event" {
					got[f.Rule] = append(got[f.Rule], f)
				}
			}
			for id, count := range tt.want {
				if len(got[id]) == 0 || got[id][0].Count != count {
					t.Errorf("%s: got %+v, want count %d", id, got[id], count)
				}
			}
			for _, id := range tt.none {
				if len(got[id]) > 0 {
					t.Errorf("unexpected %s: %+v", id, got[id])
				}
			}
			if tt.name == "unmatched warnings make one finding" {
				fs := got[rules.GenericIngressUnmatchedWarning]
				if len(fs) != 1 {
					t.Fatalf("two different unmatched warnings (one rule, no path) should give one finding: %+v", fs)
				}
				for _, fact := range []string{"quota of something exceeded", "another failure"} {
					if !strings.Contains(fs[0].Message, fact) {
						t.Errorf("merged message %q lacks %q", fs[0].Message, fact)
					}
				}
			}
		})
	}
}

// TestCheckAndEventAreOneFinding: a check's prediction and the event that confirms it are one finding
// with both sources; an event no check predicted stays an event finding.
func TestCheckAndEventAreOneFinding(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	webhookMsg := `IngressError. ErrorCode: E6009 Details: UnexpectedError. OriginError: Internal error occurred: failed calling webhook "validate.nginx.ingress.kubernetes.io"`
	tests := []struct {
		name     string
		objs     []runtime.Object
		kind     snapshot.Kind
		target   string
		p        rules.Provider
		rule     rules.ID
		source   Source
		path     string
		severity rules.Severity
	}{
		{name: "nginx webhook predicted, E6009 event confirms",
			objs: Objs(Ingress(), NginxWebhook("v1"), NginxDeployment("k8s.gcr.io/ingress-nginx/controller:v0.49.3"),
				event("a", "Ingress", "bar", "Warning", webhookMsg, 61, t0)),
			kind: snapshot.KindIngress, target: "bar", p: tkerules.Provider, rule: tkerules.IngressE6009, source: SourceCheckEvent,
			path: "validatingwebhookconfiguration/ingress-nginx-admission.webhooks[0].rules[0]", severity: rules.Error},
		{name: "malformed http-rules predicted, E4022 event confirms",
			objs: Objs(Ingress(IngAnn(tkeann.HTTPRules, `[{"path":"/a"`)), Service("web", corev1.ServiceTypeNodePort),
				event("a", "Ingress", "bar", "Warning", "ErrorCode: E4022 Ingress rules invalid.", 2, t0)),
			kind: snapshot.KindIngress, target: "bar", p: tkerules.Provider, rule: tkerules.IngressE4022, source: SourceCheckEvent,
			path: AnnPath(tkeann.HTTPRules), severity: rules.Error},
		{name: "an event alone stays an event",
			objs: Objs(Ingress(), Service("web", corev1.ServiceTypeNodePort),
				event("a", "Ingress", "bar", "Warning", "ErrorCode: E4022 Ingress rules invalid.", 2, t0)),
			kind: snapshot.KindIngress, target: "bar", p: tkerules.Provider, rule: tkerules.IngressE4022, source: SourceEvent, severity: rules.Error},
		{name: "the event lifts a check's lowered severity to the rule's",
			objs: WithObjs(ACKHealthy(), Objs(ACKSvc(Anns("address-type", "intranet")),
				event("a", "Service", "web", "Warning", "alicloud: can not change LoadBalancer AddressType once created. delete and retry", 4, t0))),
			kind: snapshot.KindService, target: "web", p: ackrules.Provider, rule: ackrules.ServiceAddressTypeImmutable, source: SourceCheckEvent,
			path: ACKPath("address-type"), severity: rules.Error},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, tt.objs...), tt.kind, tt.target, tt.p)
			var got []Finding
			for _, f := range res.Findings {
				if f.Rule == tt.rule {
					got = append(got, f)
				}
			}
			if len(got) != 1 {
				t.Fatalf("want one %s finding, got %+v", tt.rule, got)
			}
			f := got[0]
			if f.Source != tt.source || f.Path != tt.path || f.EffectiveSeverity() != tt.severity {
				t.Errorf("got source %q path %q severity %v, want %q %q %v", f.Source, f.Path, f.EffectiveSeverity(), tt.source, tt.path, tt.severity)
			}
			if f.Count == 0 || f.LastSeen.IsZero() {
				t.Errorf("event count and time lost: %+v", f)
			}
			if tt.source == SourceCheckEvent && (f.Event == "" || f.Message == "") {
				t.Errorf("merged finding must keep the check's facts and the event's message: %+v", f)
			}
		})
	}
}
