package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode"

	corev1 "k8s.io/api/core/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

func hasHan(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
}

// TestPhrasesComplete: every phrase of text output exists in both languages with the same verbs.
func TestPhrasesComplete(t *testing.T) {
	for p := phrase(0); p < phCount; p++ {
		en, zh := phrases[p].En, phrases[p].Zh
		if en == "" || zh == "" {
			t.Errorf("phrase %d: English %q, Chinese %q: both are needed", p, en, zh)
		}
		if strings.Count(en, "%") != strings.Count(zh, "%") {
			t.Errorf("phrase %d: %q and %q take different facts", p, en, zh)
		}
	}
}

// TestLocalize: titles, fixes, risks, doc citations and change consequences change language; ids,
// codes, severities and keys do not.
func TestLocalize(t *testing.T) {
	now := &corev1.Service{Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, Ports: []corev1.ServicePort{{Port: 80}}}}
	after := now.DeepCopy()
	after.Spec.Type = corev1.ServiceTypeClusterIP
	cs := changes.Service(changes.TKE, now, after, true)
	if len(cs) != 1 {
		t.Fatalf("changes %+v", cs)
	}
	ch := cs[0]
	r := build(t, result(
		checks.Finding{Rule: tkerules.IngressE4011, Check: "tke-ingress-tls", Source: "check", Path: "spec.tls[0]", Message: "facts"},
		checks.Finding{Rule: ch.Rule, Check: "changes", Source: "check", Path: ch.Field, Message: ch.Message(), Words: ch.Words(), Change: &ch},
	), "offline")
	zh := Localize(r, words.Chinese)
	if r.Findings[0].Title == zh.Findings[0].Title || hasHan(r.Findings[0].Title) {
		t.Errorf("English report changed or title not translated: %q / %q", r.Findings[0].Title, zh.Findings[0].Title)
	}
	for i, f := range zh.Findings {
		e := r.Findings[i]
		if f.Rule != e.Rule || f.Code != e.Code || f.Severity != e.Severity || f.Path != e.Path {
			t.Errorf("finding %d: stable fields changed: %+v / %+v", i, e, f)
		}
		if !hasHan(f.Title) || !hasHan(f.Fix) || !hasHan(f.Doc) || f.Doc != f.Rule.Rule().DocIn(words.Chinese) {
			t.Errorf("finding %s: title %q, fix %q, doc %q not in Chinese", f.Rule, f.Title, f.Fix, f.Doc)
		}
	}
	if c := zh.Findings[1].Change; c == nil || !hasHan(c.Consequence) || c.Class != r.Findings[1].Change.Class {
		t.Errorf("change not localized: %+v", c)
	}
	// message stays English in every language; localizedMessage carries the report's language.
	if zf := zh.Findings[1]; zf.Message != r.Findings[1].Message || hasHan(zf.Message) || !hasHan(zf.LocalizedMessage) || r.Findings[1].LocalizedMessage != "" {
		t.Errorf("change message: %q / %q, localized %q", r.Findings[1].Message, zf.Message, zf.LocalizedMessage)
	}
	if zh.Findings[0].Message != "facts" {
		t.Errorf("check facts changed: %q", zh.Findings[0].Message)
	}
	// JSON keys are the same in both languages, but for localizedMessage.
	keys := func(rep Report) []string {
		var b bytes.Buffer
		if err := Encode(&b, JSON, rep); err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		f := m["findings"].([]any)[1].(map[string]any)
		var ks []string
		for k := range f {
			if k != "localizedMessage" {
				ks = append(ks, k)
			}
		}
		for k := range f["change"].(map[string]any) {
			ks = append(ks, "change."+k)
		}
		return ks
	}
	if en, z := keys(r), keys(zh); len(en) != len(z) {
		t.Errorf("keys differ: %v / %v", en, z)
	}
}

// TestSARIFLang: SARIF rule descriptions and help follow the language; ids and levels do not.
func TestSARIFLang(t *testing.T) {
	r := build(t, result(checks.Finding{Rule: tkerules.IngressE4011, Check: "tke-ingress-tls", Source: "check", Path: "spec.tls[0]", Message: "facts"}), "offline")
	en := NewSARIFIn([]Report{r}, "v", words.English)
	zh := NewSARIFIn([]Report{Localize(r, words.Chinese)}, "v", words.Chinese)
	de, dz := en.Runs[0].Tool.Driver.Rules, zh.Runs[0].Tool.Driver.Rules
	for i := range de {
		if de[i].ID != dz[i].ID || de[i].DefaultConfiguration != dz[i].DefaultConfiguration {
			t.Fatalf("rule %d: ids or levels differ", i)
		}
		if !hasHan(dz[i].ShortDescription.Text) || !hasHan(dz[i].FullDescription.Text) || !hasHan(dz[i].Help.Markdown) {
			t.Errorf("rule %s not in Chinese: %+v", dz[i].ID, dz[i])
		}
	}
	if en.Runs[0].Results[0].RuleID != zh.Runs[0].Results[0].RuleID {
		t.Errorf("result rule ids differ")
	}
}

// TestLocalizeWordedSkips: a skip whose reason is worded (the checks' own text, the snapshot's
// UnknownError) is shown in the report's language; a reason whose text no longer matches its words,
// or that has none, is a fact and stays as it is.
func TestLocalizeWordedSkips(t *testing.T) {
	own := words.Errorf("%s has no %s container", "%s 中没有 %s 容器", "Deployment kube-system/x", "x")
	unknown := &snapshot.UnknownError{Resource: "nodes", Reason: "not fetched", Class: snapshot.ReasonMissingInput}
	res := checks.Result{Target: snapshot.Target{Kind: snapshot.KindService, Namespace: "ns", Name: "web"}, Provider: ackrules.Provider,
		Skipped: []checks.Skip{
			{Check: "ack-ccm-version", Reason: own.Error(), Worded: own.(words.Worded)},
			{Check: "ack-eni", Reason: "changed: " + own.Error(), Worded: own.(words.Worded)},
			{Check: "events", Reason: "cannot read events: forbidden"},
			{Check: "ack-backends", Reason: unknown.Error(), Worded: unknown},
		}}
	r := Localize(build(t, res, snapshot.Live), words.Chinese)
	want := map[string]bool{"ack-ccm-version": true, "ack-eni": false, "events": false, "ack-backends": true}
	for _, s := range r.Skipped {
		if hasHan(s.Reason) != want[s.Check] {
			t.Errorf("%s: reason %q, want Chinese %v", s.Check, s.Reason, want[s.Check])
		}
	}
	if got := r.Skipped[0].Reason; !strings.Contains(got, "Deployment kube-system/x") || !strings.Contains(got, "容器") {
		t.Errorf("worded reason %q lost its facts", got)
	}
}
