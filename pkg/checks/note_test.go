package checks_test

import (
	"strings"
	"testing"
	"unicode"

	corev1 "k8s.io/api/core/v1"

	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	. "github.com/lbdoctor/kubectl-lbdoctor/pkg/checks/checkstest"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestNoteOnServicesWithoutLoadBalancer: a Service of a type no cloud load balancer is made for gets
// a note naming its type and the checks that applied; a LoadBalancer Service and an Ingress get none.
func TestNoteOnServicesWithoutLoadBalancer(t *testing.T) {
	headless := func(s *corev1.Service) { s.Spec.ClusterIP = corev1.ClusterIPNone }
	tests := []struct {
		name     string
		svc      *corev1.Service
		provider rules.Provider
		want     string // the type the note names; "" for no note
	}{
		{"ClusterIP", Service("web", corev1.ServiceTypeClusterIP), rules.Generic, "ClusterIP"},
		{"type left out", Service("web", ""), tkerules.Provider, "ClusterIP"},
		{"headless", Service("web", corev1.ServiceTypeClusterIP, headless), ackrules.Provider, "ClusterIP"},
		{"NodePort", Service("web", corev1.ServiceTypeNodePort), tkerules.Provider, "NodePort"},
		{"ExternalName", Service("web", corev1.ServiceTypeExternalName), rules.Generic, "ExternalName"},
		{"LoadBalancer", Service("web", corev1.ServiceTypeLoadBalancer), tkerules.Provider, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := diagnose(t, Fixture(t, tt.svc), snapshot.KindService, "web", tt.provider)
			if tt.want == "" {
				if res.Note != nil {
					t.Errorf("unexpected note %+v", res.Note)
				}
				return
			}
			if res.Note == nil || res.Note.Reason != NoteNotLoadBalancer {
				t.Fatalf("note %+v, want reason %s", res.Note, NoteNotLoadBalancer)
			}
			if !strings.HasPrefix(res.Note.Message, tt.want+" Service:") || strings.Contains(res.Note.Message, "\n") {
				t.Errorf("note %q: want one line about a %s Service", res.Note.Message, tt.want)
			}
			if !strings.Contains(res.Note.Message, "events") {
				t.Errorf("note %q does not name the checks that applied", res.Note.Message)
			}
		})
	}
	t.Run("Ingress", func(t *testing.T) {
		if res := diagnose(t, Fixture(t, Ingress()), snapshot.KindIngress, "bar", tkerules.Provider); res.Note != nil {
			t.Errorf("unexpected note %+v", res.Note)
		}
	})
}

// TestNoteAndControllerInChinese: the note and the controller summary have a Chinese wording
// holding the same facts.
func TestNoteAndControllerInChinese(t *testing.T) {
	han := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
	}
	n := NotLoadBalancer(&corev1.Service{Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeNodePort}}, []string{"events", "events", "service-endpoints"})
	for _, lang := range []words.Lang{words.English, words.Chinese} {
		m := n.Words().In(lang)
		if han(m) != (lang == words.Chinese) || !strings.Contains(m, "NodePort") || !strings.Contains(m, "service-endpoints") {
			t.Errorf("note in %s: %q", lang, m)
		}
	}
	for _, ic := range []IngressController{{Name: "ALB", Class: "alb", Path: "spec.ingressClassName"}, {Class: "x", Path: "p", Controller: "example.com/x"}, {}} {
		if s := ic.Words().In(words.Chinese); !han(s) || (ic.Name == "" && !strings.Contains(s, ic.Class)) || !strings.Contains(s, ic.Controller) || !strings.Contains(s, ic.Name) {
			t.Errorf("summary of %+v in Chinese: %q", ic, s)
		}
		if ic.Words().In(words.English) != ic.Summary() {
			t.Errorf("English summary of %+v changed", ic)
		}
	}
}
