package report

import (
	"slices"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

func TestPolicyOutcome(t *testing.T) {
	tests := []struct {
		sev    rules.Severity
		result PolicyResult
		level  PolicySeverity
	}{
		{rules.Error, PolicyFail, PolicyHigh},
		{rules.Warning, PolicyWarn, PolicyMedium},
		{rules.Info, PolicyWarn, PolicyInfo},
	}
	for _, tt := range tests {
		t.Run(tt.sev.String(), func(t *testing.T) {
			result, level := PolicyOutcome(tt.sev)
			if result != tt.result || level != tt.level {
				t.Errorf("PolicyOutcome(%s) = %s, %s; want %s, %s", tt.sev, result, level, tt.result, tt.level)
			}
		})
	}
}

func TestSkipOutcome(t *testing.T) {
	want := map[snapshot.ReasonClass]PolicyResult{
		snapshot.ReasonForbidden:    PolicyError,
		snapshot.ReasonUnauthorized: PolicyError,
		snapshot.ReasonReadFailed:   PolicyError,
		snapshot.ReasonOther:        PolicyError,
		snapshot.ReasonNotServed:    PolicySkip,
		snapshot.ReasonNotFound:     PolicySkip,
		snapshot.ReasonMissingInput: PolicySkip,
		snapshot.ReasonProvider:     PolicySkip,
	}
	for _, c := range snapshot.ReasonClasses() {
		t.Run(string(c), func(t *testing.T) {
			w, ok := want[c]
			if !ok {
				t.Fatalf("reason class %s has no expected outcome in this test", c)
			}
			if got := SkipOutcome(c); got != w {
				t.Errorf("SkipOutcome(%s) = %s, want %s", c, got, w)
			}
		})
	}
}

// policyFixture is a several-context run: two namespaces of cluster prod (given out of order), an
// object without a namespace, and the same namespace in cluster dev.
func policyFixture(t *testing.T) []Report {
	t.Helper()
	seen := time.Date(2026, 3, 1, 10, 20, 30, 500, time.UTC)
	info := rules.Info
	mk := func(cluster string, kind snapshot.Kind, ns, name string, skips []checks.Skip, fs ...checks.Finding) Report {
		res := result(fs...)
		res.Target = snapshot.Target{Kind: kind, Namespace: ns, Name: name}
		res.Skipped = skips
		r := build(t, res, "live")
		r.Cluster = cluster
		return r
	}
	shopWeb := mk("prod", snapshot.KindIngress, "shop", "web",
		[]checks.Skip{{Check: "tke-ingress-backends", Reason: "forbidden", Class: snapshot.ReasonForbidden},
			{Check: "tke-ingress-service-config", Reason: "not served", Class: snapshot.ReasonNotServed}},
		checks.Finding{Rule: tkerules.IngressE4011, Check: "tke-ingress-tls", Source: checks.SourceCheckEvent, Path: "spec.tls[0].secretName",
			Message: "no qcloud_cert_id", Event: "E4011 seen", Count: 3, LastSeen: seen},
		checks.Finding{Rule: tkerules.IngressE4052, Check: "tke-ingress-rules", Source: checks.SourceCheck},
		checks.Finding{Rule: tkerules.ServiceCLBLoopback, Check: "loop", Source: checks.SourceCheck, Severity: &info})
	shopWeb.Suppress([]string{"E4052"})
	return []Report{
		mk("prod", snapshot.KindService, "shop", "api", nil, checks.Finding{Rule: tkerules.ServiceE4005, Check: "tke-service", Source: checks.SourceCheck}),
		shopWeb,
		mk("prod", snapshot.KindService, "", "orphan", nil, checks.Finding{Rule: tkerules.ServiceE4012, Check: "tke-service", Source: checks.SourceCheck}),
		mk("prod", snapshot.KindService, "apps", "clean", nil),
		mk("dev", snapshot.KindService, "shop", "api", nil, checks.Finding{Rule: tkerules.ServiceE4005, Check: "tke-service", Source: checks.SourceCheck}),
	}
}

func TestNewPolicyReportsGroups(t *testing.T) {
	objs := NewPolicyReports(policyFixture(t), words.English)
	type head struct{ kind, name, namespace, cluster string }
	var got []head
	for _, o := range objs {
		got = append(got, head{o.Kind, o.Metadata.Name, o.Metadata.Namespace, o.Metadata.Annotations[ClusterAnnotation]})
		if o.APIVersion != PolicyReportAPIVersion || o.Metadata.Labels[ManagedByLabel] != ManagedBy {
			t.Errorf("%s/%s: apiVersion %s, labels %v", o.Metadata.Namespace, o.Metadata.Name, o.APIVersion, o.Metadata.Labels)
		}
	}
	want := []head{
		{PolicyReportKind, "lbdoctor-dev", "shop", "dev"},
		{ClusterPolicyReportKind, "lbdoctor-prod", "", "prod"},
		{PolicyReportKind, "lbdoctor-prod", "apps", "prod"},
		{PolicyReportKind, "lbdoctor-prod", "shop", "prod"},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("reports = %+v\nwant %+v", got, want)
	}
	t.Run("a namespace without findings has a report without results", func(t *testing.T) {
		if len(objs[2].Results) != 0 || objs[2].Summary != (PolicyReportSummary{}) {
			t.Errorf("apps: %+v", objs[2])
		}
	})
	t.Run("results of a namespace by object, then findings, suppressed, skipped", func(t *testing.T) {
		type row struct {
			kind, name, policy string
			result             PolicyResult
			severity           PolicySeverity
			scored             bool
		}
		var rows []row
		for _, e := range objs[3].Results {
			rows = append(rows, row{e.Resources[0].Kind, e.Resources[0].Name, e.Policy, e.Result, e.Severity, e.Scored})
		}
		want := []row{
			{"Ingress", "web", tkerules.IngressE4011.String(), PolicyFail, PolicyHigh, true},
			{"Ingress", "web", tkerules.ServiceCLBLoopback.String(), PolicyWarn, PolicyInfo, false},
			{"Ingress", "web", tkerules.IngressE4052.String(), PolicySkip, PolicyHigh, false},
			{"Ingress", "web", "tke-ingress-backends", PolicyError, "", false},
			{"Ingress", "web", "tke-ingress-service-config", PolicySkip, "", false},
			{"Service", "api", tkerules.ServiceE4005.String(), PolicyFail, PolicyHigh, true},
		}
		if !slices.Equal(rows, want) {
			t.Errorf("results =\n%+v\nwant\n%+v", rows, want)
		}
	})
	t.Run("summary counts the results", func(t *testing.T) {
		for _, o := range objs {
			n := map[PolicyResult]int{}
			for _, e := range o.Results {
				n[e.Result]++
			}
			s := o.Summary
			if s.Fail != n[PolicyFail] || s.Warn != n[PolicyWarn] || s.Error != n[PolicyError] || s.Skip != n[PolicySkip] || s.Pass != n["pass"] {
				t.Errorf("%s/%s: summary %+v, results %v", o.Metadata.Namespace, o.Metadata.Name, s, n)
			}
			if s.Pass+s.Fail+s.Warn+s.Error+s.Skip != len(o.Results) {
				t.Errorf("%s/%s: summary %+v counts other than %d results", o.Metadata.Namespace, o.Metadata.Name, s, len(o.Results))
			}
		}
		if s := objs[3].Summary; s != (PolicyReportSummary{Fail: 2, Warn: 1, Error: 1, Skip: 2}) {
			t.Errorf("shop summary = %+v", s)
		}
	})
	t.Run("an event-proved result has the event's time and facts; others no time", func(t *testing.T) {
		e := objs[3].Results[0]
		if e.Timestamp == nil || e.Timestamp.Seconds != time.Date(2026, 3, 1, 10, 20, 30, 0, time.UTC).Unix() || e.Timestamp.Nanos != 500 {
			t.Errorf("timestamp = %+v", e.Timestamp)
		}
		for k, v := range map[string]string{PropDetectedBy: "check+event", PropEventCount: "3", PropLastSeen: "2026-03-01T10:20:30Z",
			PropEvent: "E4011 seen", PropCode: "E4011", PropPath: "spec.tls[0].secretName", PropCluster: "prod", PropProvider: "tke"} {
			if e.Properties[k] != v {
				t.Errorf("properties[%s] = %q, want %q", k, e.Properties[k], v)
			}
		}
		if r := e.Resources[0]; r != (PolicyObjectReference{APIVersion: "networking.k8s.io/v1", Kind: "Ingress", Namespace: "shop", Name: "web", FieldPath: "spec.tls[0].secretName"}) {
			t.Errorf("resource = %+v", r)
		}
		for path, want := range map[string]string{"": "", "spec": "spec", "metadata.annotations[a/b]": "metadata.annotations[a/b]",
			"status.loadBalancer": "status.loadBalancer", "ns/tkeserviceconfig/x.spec.a": "", "specs.x": "",
			"validatingwebhookconfiguration/x.webhooks[0]": ""} {
			if got := objectRef(snapshot.Target{Kind: snapshot.KindService, Namespace: "n", Name: "s"}, path).FieldPath; got != want {
				t.Errorf("fieldPath of path %q = %q, want %q", path, got, want)
			}
		}
		if e.Rule != "E4011" || e.Category != "tke/ingress" || e.Source != PolicyReportSource {
			t.Errorf("rule %q, category %q, source %q", e.Rule, e.Category, e.Source)
		}
		for _, o := range objs {
			for _, r := range o.Results {
				if r.Timestamp != nil && r.Properties[PropDetectedBy] == string(checks.SourceCheck) {
					t.Errorf("%s: a check's result has a timestamp", r.Policy)
				}
			}
		}
	})
	t.Run("suppressed finding says by what", func(t *testing.T) {
		if e := objs[3].Results[2]; e.Properties[PropSuppressedBy] != IgnoreAnnotation {
			t.Errorf("properties = %v", e.Properties)
		}
	})
}

// TestNewPolicyReportsOneCluster: without contexts the reports are named lbdoctor and carry no
// cluster annotation; every target's namespace has its report.
func TestNewPolicyReportsOneCluster(t *testing.T) {
	reports := policyFixture(t)[:4]
	for i := range reports {
		reports[i].Cluster = ""
	}
	for _, o := range NewPolicyReports(reports, words.English) {
		if o.Metadata.Name != PolicyReportName || o.Metadata.Annotations != nil {
			t.Errorf("%s %s/%s: annotations %v", o.Kind, o.Metadata.Namespace, o.Metadata.Name, o.Metadata.Annotations)
		}
		for _, e := range o.Results {
			if _, ok := e.Properties[PropCluster]; ok {
				t.Errorf("%s: cluster property without a context", e.Policy)
			}
		}
	}
	if n := len(NewPolicyReports(nil, words.English)); n != 0 {
		t.Errorf("no reports gave %d objects", n)
	}
}

func TestPolicyReportName(t *testing.T) {
	long := ""
	for range 40 {
		long += "context-"
	}
	tests := []struct {
		cluster, want string
	}{
		{"", "lbdoctor"},
		{"prod", "lbdoctor-prod"},
		{"prod-sh-1", "lbdoctor-prod-sh-1"},
		{"Prod", "lbdoctor-prod-"},
		{"arn:aws:eks:us-east-1:1:cluster/x", "lbdoctor-arn-aws-eks-us-east-1-1-cluster-x-"},
		{"生产", "lbdoctor-"},
		{long, "lbdoctor-context-"},
	}
	seen := map[string]string{}
	for _, tt := range tests {
		t.Run(tt.cluster, func(t *testing.T) {
			got := policyReportName(tt.cluster)
			if got[:min(len(got), len(tt.want))] != tt.want {
				t.Errorf("policyReportName(%q) = %q, want prefix %q", tt.cluster, got, tt.want)
			}
			if errs := validation.IsDNS1123Subdomain(got); len(errs) > 0 {
				t.Errorf("policyReportName(%q) = %q: %v", tt.cluster, got, errs)
			}
			if other, ok := seen[got]; ok {
				t.Errorf("%q and %q share the name %q", tt.cluster, other, got)
			}
			seen[got] = tt.cluster
		})
	}
	if policyReportName("Prod") == policyReportName("prod") {
		t.Error("Prod and prod share a name")
	}
}
