package engine

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

func finding(id rules.ID, path, msg string, src checks.Source) report.Finding {
	return report.Finding{Rule: id, Code: id.Rule().Code, Severity: id.Rule().Severity, Path: path, Message: msg, Source: src}
}

func TestTransitions(t *testing.T) {
	tgt := snapshot.Target{Kind: snapshot.KindIngress, Namespace: "shop", Name: "web"}
	now := time.Date(2026, 11, 23, 16, 0, 0, 0, time.UTC)
	e4009 := finding(tkerules.IngressE4009, "spec.tls[2].secretName", "empty", checks.SourceCheck)
	e4011 := finding(tkerules.IngressE4011, "spec.tls[0]", "no key", checks.SourceCheck)
	event := finding(tkerules.IngressE4011, "", "first message", checks.SourceEvent)
	eventLater := event
	eventLater.Message, eventLater.Count = "second message", 3
	tests := []struct {
		name          string
		before, after []report.Finding
		deleted       bool
		want          []string
	}{
		{"same findings again", []report.Finding{e4009, e4011}, []report.Finding{e4011, e4009}, false, nil},
		{"fix clears one", []report.Finding{e4009, e4011}, []report.Finding{e4011}, false, []string{"cleared E4009"}},
		{"new one appears", []report.Finding{e4011}, []report.Finding{e4009, e4011}, false, []string{"appeared E4009"}},
		{"an event's newer message is the same finding", []report.Finding{event}, []report.Finding{eventLater}, false, nil},
		{"target deleted", []report.Finding{e4009}, nil, true, []string{"cleared E4009 deleted"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, tr := range Transitions(now, tgt, tt.before, tt.after, tt.deleted) {
				s := tr.Change + " " + tr.Code
				if tr.TargetDeleted {
					s += " deleted"
				}
				got = append(got, s)
			}
			if strings.Join(got, ";") != strings.Join(tt.want, ";") {
				t.Fatalf("transitions %v, want %v", got, tt.want)
			}
		})
	}
}

func TestTracker(t *testing.T) {
	web := snapshot.Target{Kind: snapshot.KindIngress, Namespace: "shop", Name: "web"}
	api := snapshot.Target{Kind: snapshot.KindService, Namespace: "shop", Name: "api"}
	now := time.Date(2026, 11, 23, 16, 0, 0, 0, time.UTC)
	e4009 := finding(tkerules.IngressE4009, "spec.tls[0].secretName", "empty", checks.SourceCheck)
	e4011 := finding(tkerules.IngressE4011, "spec.tls[0]", "no key", checks.SourceCheck)
	tests := []struct {
		name string
		u    Update
		want []Transition // Change, Target, Rule and TargetDeleted are compared
	}{
		{"the same findings again", Update{Reports: []report.Report{{Target: web, Findings: []report.Finding{e4009}}}}, nil},
		{"a fix and a new problem", Update{Reports: []report.Report{{Target: web, Findings: []report.Finding{e4011}}}},
			[]Transition{{Change: "appeared", Target: web, Rule: tkerules.IngressE4011}, {Change: "cleared", Target: web, Rule: tkerules.IngressE4009}}},
		{"a target seen first after the first pass", Update{Reports: []report.Report{{Target: api, Findings: []report.Finding{e4011}}}},
			[]Transition{{Change: "appeared", Target: api, Rule: tkerules.IngressE4011}}},
		{"a removed target clears its findings", Update{Removed: []snapshot.Target{web}},
			[]Transition{{Change: "cleared", Target: web, Rule: tkerules.IngressE4009, TargetDeleted: true}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tr := Tracker{}
			tr.Seed([]report.Report{{Target: web, Findings: []report.Finding{e4009}}})
			got := tr.Next(now, tt.u)
			if len(got) != len(tt.want) {
				t.Fatalf("transitions %+v, want %+v", got, tt.want)
			}
			for i, w := range tt.want {
				if g := got[i]; g.Change != w.Change || g.Target != w.Target || g.Rule != w.Rule || g.TargetDeleted != w.TargetDeleted || !g.Time.Equal(now) {
					t.Errorf("transition %d %+v, want %+v", i, g, w)
				}
			}
			for _, tgt := range tt.u.Removed {
				if _, ok := tr[tgt]; ok {
					t.Errorf("the removed target %v is still tracked", tgt)
				}
			}
		})
	}
}

func TestWriteTransition(t *testing.T) {
	web := snapshot.Target{Kind: snapshot.KindIngress, Namespace: "shop", Name: "web"}
	at := time.Date(2026, 11, 23, 16, 4, 5, 0, time.UTC)
	e4009 := finding(tkerules.IngressE4009, "spec.tls[0].secretName", "empty", checks.SourceCheck)
	appeared := Transitions(at, web, nil, []report.Finding{e4009}, false)[0]
	cleared := Transitions(at, web, []report.Finding{e4009}, nil, false)[0]
	deleted := Transitions(at, web, []report.Finding{e4009}, nil, true)[0]
	uncoded := appeared
	uncoded.Rule, uncoded.Code = ackrules.ServiceAddressTypeImmutable, ""
	tests := []struct {
		name     string
		tr       Transition
		wantSign string
		wantCode string // the text line's code column
		wantNote string // the text line's last field
	}{
		{"appeared", appeared, "+", e4009.Code, "empty"},
		{"cleared", cleared, "-", e4009.Code, "(cleared)"},
		{"cleared by deletion", deleted, "-", e4009.Code, "deleted)"},
		{"a rule without a code shows its id", uncoded, "+", ackrules.ServiceAddressTypeImmutable.String(), "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var text, js bytes.Buffer
			WriteTransition(&text, tt.tr, false)
			WriteTransition(&js, tt.tr, true)
			f := strings.Fields(text.String())
			if strings.Count(text.String(), "\n") != 1 || len(f) < 6 || f[0] != "16:04:05" || f[1] != tt.wantSign || f[3] != tt.wantCode ||
				f[4] != "ingress/shop/web" || f[len(f)-1] != tt.wantNote {
				t.Errorf("text line %q", text.String())
			}
			var back Transition
			if err := json.Unmarshal(js.Bytes(), &back); err != nil || strings.Count(js.String(), "\n") != 1 ||
				back.Change != tt.tr.Change || back.Rule != tt.tr.Rule || back.TargetDeleted != tt.tr.TargetDeleted {
				t.Errorf("JSON line %q: %v", js.String(), err)
			}
		})
	}
}
