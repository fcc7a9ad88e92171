package report

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// CheckHold fails t unless every report of rs comes back from Hold equal (unexported words
// included) and writes the same bytes as the report itself in every format and language, serve's
// /report (a localized List as JSON) included. It is exported to the package's external tests.
func CheckHold(t *testing.T, rs []Report) {
	t.Helper()
	back := make([]Report, len(rs))
	for i, r := range rs {
		back[i] = Hold(r).Report()
		if !reflect.DeepEqual(back[i], r) {
			t.Errorf("%s: Hold(r).Report() differs from r:\n got %#v\nwant %#v", r.Target, back[i], r)
		}
	}
	for _, l := range words.LangValues {
		lang := words.Lang(l)
		for _, f := range []Format{Text, Wide, JSON, YAML, SARIF, PolicyReportFormat} {
			want, got := writeAll(t, rs, f, lang), writeAll(t, back, f, lang)
			if !bytes.Equal(got, want) {
				t.Errorf("%s %s: the held reports write\n%s\nthe reports\n%s", f, lang, got, want)
			}
		}
		var want, got bytes.Buffer
		if err := Encode(&want, JSON, NewList(LocalizeAll(rs, lang))); err != nil {
			t.Fatal(err)
		}
		if err := Encode(&got, JSON, NewList(LocalizeAll(back, lang))); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("/report %s: the held reports encode\n%s\nthe reports\n%s", lang, got.Bytes(), want.Bytes())
		}
	}
}

// writeAll is rs written in f and lang, with every optional part shown.
func writeAll(t *testing.T, rs []Report, f Format, lang words.Lang) []byte {
	t.Helper()
	var b bytes.Buffer
	w := NewWriter(&b, f, true, false)
	w.Lang, w.Verbose, w.ShowOK, w.Width = lang, true, true, 100
	if err := w.Write(rs, true); err != nil {
		t.Fatalf("%s %s: %v", f, lang, err)
	}
	return b.Bytes()
}

// heldReports are reports built the way the diagnosis builds them, with every kind of part: worded
// and unworded messages, consequences, events, changes, suppressed findings, worded and unworded
// skips, partial checks, notes, an ingress controller, provider evidence, locations.
func heldReports(t *testing.T) []Report {
	t.Helper()
	ing := snapshot.Target{Kind: snapshot.KindIngress, Namespace: "ns", Name: "web"}
	svc := snapshot.Target{Kind: snapshot.KindService, Namespace: "ns", Name: "lb"}
	info := rules.Info
	seen := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	own := words.Errorf("%s has no %s container", "%s 中没有 %s 容器", "Deployment kube-system/x", "x")
	unknown := &snapshot.UnknownError{Resource: "nodes", Reason: "not fetched", Class: snapshot.ReasonMissingInput}
	said := words.Say("secret %s has %d certificates", "Secret %s 含 %d 个证书", "ns/tls", 2)
	change := changes.Change{Rule: ackrules.ServiceResourceGroupImmutable, Field: "metadata.annotations[x]", Old: "a", New: "b",
		Consequence: "the CLB keeps its group", Says: words.Say("the CLB keeps its group", "CLB 保持其资源组")}
	incomplete := []snapshot.FailedRead{{Class: snapshot.ReasonReadFailed, Verb: "list", Resource: "pods", Note: "list pods: timeout"}}

	build := func(res checks.Result, source snapshot.Source, failed []snapshot.FailedRead) Report {
		t.Helper()
		r, err := Build(res, source, failed)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	var out []Report

	// An Ingress with every kind of finding, skips and partial checks, live.
	r := build(checks.Result{Target: ing, Provider: tkerules.Provider,
		Controller: &checks.IngressController{Name: "TKE CLB", Class: "qcloud", Path: "metadata.annotations[kubernetes.io/ingress.class]", Covered: true},
		Findings: []checks.Finding{
			{Rule: tkerules.IngressE4011, Check: "tke-ingress-tls", Source: checks.SourceCheck, Path: "spec.tls[0]", Message: said.String(), Words: said},
			{Rule: tkerules.IngressE4022, Check: "tke-ingress-annotations", Source: checks.SourceCheckEvent, Path: "metadata.annotations[kubernetes.io/ingress.http-rules]",
				Message: "not valid JSON", Words: words.Say("not valid JSON", "不是合法的 JSON"), Event: "ErrorCode: E4022", Count: 3, LastSeen: seen},
			{Rule: tkerules.IngressE4051, Check: "events", Source: checks.SourceEvent, Message: "ErrorCode: E4051 quoted as it is", Count: 1, LastSeen: seen},
			{Rule: tkerules.ServiceCLBLoopback, Check: "y", Source: checks.SourceCheck, Severity: &info, Message: "a message not worded"},
			{Rule: ackrules.ServiceResourceGroupImmutable, Check: "changes", Source: checks.SourceCheck, Path: change.Field,
				Message: change.Message(), Words: change.Words(), Change: &change},
		},
		Skipped: []checks.Skip{
			{Check: "ack-ccm-version", Reason: own.Error(), Worded: own.(words.Worded)},
			{Check: "ack-eni", Reason: "changed: " + own.Error(), Worded: own.(words.Worded)},
			{Check: "events", Reason: "cannot read events: forbidden", Class: snapshot.ReasonForbidden},
			{Check: "ack-backends", Reason: unknown.Error(), Worded: unknown, Class: snapshot.ReasonMissingInput},
			{Check: "empty", Reason: "", Worded: own.(words.Worded)},
		},
		Partial: []checks.Skip{{Check: "tke-service-existing-lb", Reason: "offline: ran on the objects in the input files"}},
	}, snapshot.Live, incomplete)
	r.Provider.SetEvidence(words.Say("ingress class %s", "ingress class %s", "qcloud"))
	out = append(out, r)

	// A Service with a consequence and a suppressed finding, offline, located, in a cluster.
	r = build(checks.Result{Target: svc, Provider: ackrules.Provider,
		Findings: []checks.Finding{
			{Rule: rules.GenericServiceNoEndpoints, Check: "service-endpoints", Source: checks.SourceCheck, Path: "spec.selector",
				Message: said.String(), Words: said,
				Consequences: []checks.Finding{{Rule: ackrules.ServiceNoAvailableNodes, Check: "events", Source: checks.SourceEvent, Message: "no nodes", Count: 3, LastSeen: seen}}},
			{Rule: tkerules.IngressE4051, Check: "x", Source: checks.SourceCheck},
		},
		Skipped: []checks.Skip{{Check: "events", Reason: "offline", Class: snapshot.ReasonMissingInput}},
	}, snapshot.Offline, nil)
	r.Provider.SetEvidence(words.Say("node providerID %s", "节点 providerID %s", "cn-hangzhou.i-bp1"))
	r.Suppress([]string{tkerules.IngressE4051.String(), "no-such-rule"})
	r.Locate(func(path string) *snapshot.Location {
		return &snapshot.Location{File: "in.yaml", Line: len(path) + 1, Column: 3}
	})
	r.Origin = &snapshot.Location{File: "in.yaml", Line: 1, Column: 1}
	r.AlsoDefinedAt = []snapshot.Location{{File: "other.yaml", Line: 4, Column: 1}}
	r.Cluster = "prod"
	out = append(out, r)

	// A Service that is not of type LoadBalancer: a note and nothing else.
	r = build(checks.Result{Target: snapshot.Target{Kind: snapshot.KindService, Namespace: "ns", Name: "cip"}, Provider: rules.Generic,
		Note: &checks.Note{Reason: checks.NoteNotLoadBalancer, Message: "ClusterIP: no cloud load balancer"}}, snapshot.Live, nil)
	out = append(out, r)

	// An Ingress of a controller the catalog does not cover, with the provider given by flag.
	r = build(checks.Result{Target: snapshot.Target{Kind: snapshot.KindIngress, Namespace: "ns", Name: "alb"}, Provider: ackrules.Provider,
		Controller: &checks.IngressController{Name: "ALB", Class: "alb", Path: "spec.ingressClassName", Controller: "ingress.k8s.alibabacloud/alb"}}, snapshot.Live, nil)
	r.Provider.SetEvidence(words.Say("--provider flag", "--provider 参数"))
	out = append(out, r)

	// Reports changed after Build in ways Build never makes them: each such field is kept as it is.
	odd := func(change func(r *Report)) Report {
		r := build(checks.Result{Target: ing, Provider: tkerules.Provider,
			Controller: &checks.IngressController{Class: "qcloud", Path: "spec.ingressClassName"},
			Findings: []checks.Finding{{Rule: tkerules.IngressE4011, Check: "c", Source: checks.SourceCheck, Message: said.String(), Words: said,
				Consequences: []checks.Finding{{Rule: tkerules.IngressE4051, Check: "d", Source: checks.SourceCheck}}}},
			Skipped: []checks.Skip{{Check: "s", Reason: own.Error(), Worded: own.(words.Worded)}}}, snapshot.Live, nil)
		r.Provider.SetEvidence(said)
		change(&r)
		return r
	}
	out = append(out,
		odd(func(r *Report) { r.Findings[0].Message = "edited" }),
		odd(func(r *Report) { r.Findings[0].Title, r.Findings[0].Code = "own title", "own code" }),
		odd(func(r *Report) { r.Findings[0].Fix, r.Findings[0].Risk, r.Findings[0].Doc = "", "", "" }),
		odd(func(r *Report) { r.Findings[0].Consequences[0].Fix = "a fix of its own" }),
		odd(func(r *Report) { r.Findings[0].Retried = !r.Findings[0].Retried }),
		odd(func(r *Report) { r.Provider.Evidence = "edited" }),
		odd(func(r *Report) { r.IngressController.Summary = "edited" }),
		odd(func(r *Report) { r.IngressController.Covered = true }),
		odd(func(r *Report) { r.Summary.Error += 2 }),
		odd(func(r *Report) { r.Skipped[0].Reason = "edited" }),
		odd(func(r *Report) { r.Skipped[0].Reason = "" }),
		odd(func(r *Report) { r.Findings, r.Skipped = nil, nil }),
		odd(func(r *Report) { r.Partial, r.Suppressed, r.Incomplete = []Skipped{}, []Finding{}, []string{} }),
		odd(func(r *Report) { r.Findings[0].LastSeen = seen.In(time.FixedZone("CST", 8*3600)) }),
		odd(func(r *Report) { r.Downgrade(func(Finding) bool { return true }, rules.Info) }),
	)
	return out
}

// TestHoldRoundTrip: a held report gives back the report it holds, and so the same outputs.
func TestHoldRoundTrip(t *testing.T) {
	for _, r := range heldReports(t) {
		t.Run(r.Target.String(), func(t *testing.T) { CheckHold(t, []Report{r}) })
	}
	CheckHold(t, heldReports(t))
}

// TestHoldKeepsEveryField: a report with every exported field set (to values Build never makes)
// comes back the same, so a field added to Report or Finding that Hold forgets fails here.
func TestHoldKeepsEveryField(t *testing.T) {
	var r Report
	n := 0
	fill(reflect.ValueOf(&r).Elem(), &n, 0)
	if r.Findings[0].Consequences[0].Rule != tkerules.IngressE4011 || r.Summary.Suppressed == 0 || r.Origin == nil {
		t.Fatalf("fill left fields unset: %+v", r)
	}
	back := Hold(r).Report()
	if !reflect.DeepEqual(back, r) {
		t.Errorf("Hold(r).Report() differs from r:\n got %#v\nwant %#v", back, r)
	}
	// Every exported field in turn at its zero value, the others set.
	for _, path := range exportedPaths(reflect.TypeOf(r), nil, 0) {
		var r Report
		n := 0
		fill(reflect.ValueOf(&r).Elem(), &n, 0)
		v := reflect.ValueOf(&r).Elem()
		for _, i := range path[:len(path)-1] {
			v = v.Field(i)
			switch v.Kind() {
			case reflect.Pointer:
				v = v.Elem()
			case reflect.Slice:
				v = v.Index(0)
			}
		}
		f := v.Field(path[len(path)-1])
		f.SetZero()
		if back := Hold(r).Report(); !reflect.DeepEqual(back, r) {
			t.Errorf("field %v zero: Hold(r).Report() differs from r:\n got %#v\nwant %#v", path, back, r)
		}
	}
}

// fill sets every exported field of v to a value of its own (n counts them), recursing into
// structs, pointers and slices of one element, up to depth 3.
func fill(v reflect.Value, n *int, depth int) {
	*n++
	switch v.Type() {
	case reflect.TypeOf(rules.ID{}):
		v.Set(reflect.ValueOf(tkerules.IngressE4011))
		return
	case reflect.TypeOf(time.Time{}):
		v.Set(reflect.ValueOf(time.Date(2026, 1, 2, 3, 4, 5, *n, time.UTC)))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString("s" + string(rune('a'+*n%26)) + string(rune('a'+*n/26%26)))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(*n))
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), n, depth)
			}
		}
	case reflect.Pointer:
		if depth < 3 {
			v.Set(reflect.New(v.Type().Elem()))
			fill(v.Elem(), n, depth+1)
		}
	case reflect.Slice:
		if depth < 3 {
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
			fill(v.Index(0), n, depth+1)
		}
	}
}

// exportedPaths are the field index paths of t's exported fields, the way fill sets them.
func exportedPaths(t reflect.Type, prefix []int, depth int) [][]int {
	var out [][]int
	for i := range t.NumField() {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		p := append(append([]int(nil), prefix...), i)
		out = append(out, p)
		ft := sf.Type
		if ft == reflect.TypeOf(rules.ID{}) || ft == reflect.TypeOf(time.Time{}) {
			continue
		}
		d := depth
		if ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
			ft, d = ft.Elem(), depth+1
		}
		if ft.Kind() == reflect.Struct && d < 3 && ft != reflect.TypeOf(rules.ID{}) && ft != reflect.TypeOf(time.Time{}) {
			out = append(out, exportedPaths(ft, p, d)...)
		}
	}
	return out
}

// TestHoldDropsWhatItDerives: a report as the live diagnosis builds it is held without its
// rendered texts, its rule texts and the seldom-set part.
func TestHoldDropsWhatItDerives(t *testing.T) {
	said := words.Say("secret %s has %d certificates", "Secret %s 含 %d 个证书", "ns/tls", 2)
	own := words.Errorf("%s has no %s container", "%s 中没有 %s 容器", "Deployment kube-system/x", "x")
	r, err := Build(checks.Result{Target: snapshot.Target{Kind: snapshot.KindIngress, Namespace: "ns", Name: "web"}, Provider: tkerules.Provider,
		Controller: &checks.IngressController{Name: "TKE CLB", Class: "qcloud", Path: "spec.ingressClassName", Covered: true},
		Findings: []checks.Finding{
			{Rule: tkerules.IngressE4011, Check: "tke-ingress-tls", Source: checks.SourceCheck, Path: "spec.tls[0]", Message: said.String(), Words: said},
			{Rule: rules.GenericServiceNoEndpoints, Check: "service-endpoints", Source: checks.SourceCheck, Message: said.String(), Words: said,
				Consequences: []checks.Finding{{Rule: ackrules.ServiceNoAvailableNodes, Check: "c", Source: checks.SourceCheck, Message: said.String(), Words: said}}},
		},
		Skipped: []checks.Skip{{Check: "ack-ccm-version", Reason: own.Error(), Worded: own.(words.Worded)}},
	}, snapshot.Live, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Provider.SetEvidence(said)
	h := Hold(r)
	if h.rare != nil {
		t.Errorf("rare part held: %+v", *h.rare)
	}
	if !h.common.Value().hasIC {
		t.Errorf("ingress controller not interned")
	}
	if h.findings[0].extra != nil || h.findings[0].from&(ruleCode|ruleTitle|ruleFix|ruleRisk|ruleDoc|wordsMessage) != ruleCode|ruleTitle|ruleFix|ruleRisk|ruleDoc|wordsMessage {
		t.Errorf("finding holds derivable texts: %+v", h.findings[0])
	}
	c := h.findings[1].extra.consequences[0]
	if c.extra != nil || c.from&(ruleCode|ruleTitle|wordsMessage) != ruleCode|ruleTitle|wordsMessage {
		t.Errorf("consequence holds derivable texts: %+v", c)
	}
	if h.skipped[0].reason != nil {
		t.Errorf("worded skip reason held: %q", *h.skipped[0].reason)
	}
}
