package cmd

import (
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"

	"k8s.io/cli-runtime/pkg/genericiooptions"
	"sigs.k8s.io/yaml"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/ackrules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

const (
	broken = "../../examples/tke-ingress/broken.yaml"
	fixed  = "../../examples/tke-ingress/fixed.yaml"
)

// run executes the command line with an empty kubeconfig path so no user config is read.
func run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	streams := genericiooptions.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errb}
	t.Setenv("KUBECONFIG", t.TempDir()+"/none")
	code := Execute(streams, args)
	return out.String(), errb.String(), code
}

func TestParseTargets(t *testing.T) {
	tests := []struct {
		args    []string
		want    []snapshot.Target
		wantErr string
	}{
		{[]string{"svc/foo"}, []snapshot.Target{{Kind: snapshot.KindService, Namespace: "ns", Name: "foo"}}, ""},
		{[]string{"service", "foo"}, []snapshot.Target{{Kind: snapshot.KindService, Namespace: "ns", Name: "foo"}}, ""},
		{[]string{"services/foo"}, []snapshot.Target{{Kind: snapshot.KindService, Namespace: "ns", Name: "foo"}}, ""},
		{[]string{"ing/bar"}, []snapshot.Target{{Kind: snapshot.KindIngress, Namespace: "ns", Name: "bar"}}, ""},
		{[]string{"ingress", "bar", "baz"}, []snapshot.Target{{Kind: snapshot.KindIngress, Namespace: "ns", Name: "bar"}, {Kind: snapshot.KindIngress, Namespace: "ns", Name: "baz"}}, ""},
		{[]string{"ingresses.networking.k8s.io/bar"}, []snapshot.Target{{Kind: snapshot.KindIngress, Namespace: "ns", Name: "bar"}}, ""},
		{[]string{"ingresses.v1.networking.k8s.io/bar"}, []snapshot.Target{{Kind: snapshot.KindIngress, Namespace: "ns", Name: "bar"}}, ""},
		{[]string{"deploy/x"}, nil, "Services and Ingresses only"},
		{[]string{"services.apps/x"}, nil, "Services and Ingresses only"},
		{[]string{"svc"}, nil, "missing name"},
		{[]string{"svc/"}, nil, "invalid target"},
		{[]string{"svc.v.x/y"}, nil, "Services and Ingresses only"},
		{[]string{"ingresses.v.networking.k8s.io/x"}, nil, "Services and Ingresses only"},
		{[]string{"ingress.v.x", "y"}, nil, "Services and Ingresses only"},
		{[]string{"svc/x", "svc/x", "service/x"}, []snapshot.Target{{Kind: snapshot.KindService, Namespace: "ns", Name: "x"}}, ""},
		{[]string{"svc", "x", "x"}, []snapshot.Target{{Kind: snapshot.KindService, Namespace: "ns", Name: "x"}}, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			got, err := snapshot.ParseTargets(tt.args, "ns", snapshot.ResolveResource)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("got %v, want %v", got[i], tt.want[i])
				}
			}
		})
	}
}

func TestOfflineExitCodesAndJSON(t *testing.T) {
	out, stderr, code := run(t, "-f", broken, "ingress/shop-web", "-n", "shop", "-o", "json")
	if code != ExitFindings {
		t.Fatalf("broken: exit %d, stderr %s", code, stderr)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.APIVersion != report.APIVersion || rep.Kind != "Report" || rep.Target.Name != "shop-web" || rep.Provider.Name != tkerules.Provider || rep.Source != "offline" {
		t.Errorf("header: %+v", rep)
	}
	if rep.Summary.Error == 0 || len(rep.Skipped) == 0 {
		t.Errorf("summary %+v skipped %v", rep.Summary, rep.Skipped)
	}
	for i, f := range rep.Findings {
		r, _ := rules.Get(f.Rule)
		if f.Fix != r.Fix || f.Risk != r.Risk || f.Doc != r.Doc || f.Code != r.Code {
			t.Errorf("finding %s not joined with its rule", f.Rule)
		}
		if i > 0 && rep.Findings[i-1].Severity < f.Severity {
			t.Errorf("findings not sorted by severity at %d", i)
		}
	}
	if strings.Contains(out, "not-a-real-cert") || strings.Contains(out, "bm90LWEtcmVhbC1jZXJ0") {
		t.Errorf("secret material in the report")
	}

	if _, _, code := run(t, "-f", fixed, "ingress/shop-web", "-n", "shop"); code != ExitOK {
		t.Errorf("fixed: exit %d", code)
	}
	if _, _, code := run(t, "-f", broken, "ingress/shop-web", "-n", "shop", "--fail-on", "none"); code != ExitOK {
		t.Errorf("--fail-on none: exit %d", code)
	}
}

func TestFailOnThreshold(t *testing.T) {
	// The fixed example yields no findings; its Ingress without status yields only an info hint
	// when events are known, so use the broken one and compare thresholds on its summary.
	_, _, code := run(t, "-f", broken, "ingress/shop-web", "-n", "shop", "--fail-on", "warning")
	if code != ExitFindings {
		t.Errorf("--fail-on warning: exit %d", code)
	}
}

func TestYAMLOutput(t *testing.T) {
	out, _, code := run(t, "-f", broken, "ingress/shop-web", "-n", "shop", "-o", "yaml")
	if code != ExitFindings {
		t.Fatalf("exit %d", code)
	}
	var rep report.Report
	if err := yaml.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) == 0 || rep.Findings[0].Fix == "" {
		t.Errorf("yaml report lacks findings or fixes")
	}
}

func TestFixHintsText(t *testing.T) {
	plain, _, _ := run(t, "-f", broken, "ingress/shop-web", "-n", "shop", "--color", "never")
	hints, _, _ := run(t, "-f", broken, "ingress/shop-web", "-n", "shop", "--fix-hints", "--color", "never")
	r, _ := rules.Get(tkerules.IngressE4009)
	if strings.Contains(plain, r.Fix) || !strings.Contains(hints, r.Fix) || !strings.Contains(hints, r.Risk) {
		t.Errorf("--fix-hints should add the rule's fix and risk")
	}
	if !strings.Contains(plain, "E4009") || strings.Contains(plain, "\x1b[") {
		t.Errorf("text output lacks codes or has colour with --color never")
	}
	colored, _, _ := run(t, "-f", broken, "ingress/shop-web", "-n", "shop", "--color", "always")
	if !strings.Contains(colored, "\x1b[") {
		t.Errorf("--color always produced no colour")
	}
}

func TestAllTargetsOffline(t *testing.T) {
	out, _, code := run(t, "-f", broken, "-A", "-o", "json")
	if code != ExitFindings {
		t.Fatalf("exit %d", code)
	}
	var l report.List
	if err := json.Unmarshal([]byte(out), &l); err != nil {
		t.Fatal(err)
	}
	if l.Kind != "ReportList" || len(l.Items) != 1 || l.Items[0].Target.Kind != snapshot.KindIngress {
		t.Errorf("list: %+v", l)
	}
}

func TestBadInputExits2WithOneLine(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"bad output", []string{"-f", broken, "ingress/shop-web", "-o", "xml"}, "output format"},
		{"bad provider", []string{"-f", broken, "ingress/shop-web", "--provider", "gcp"}, "invalid provider value (gcp)"},
		{"bad color", []string{"-f", broken, "ingress/shop-web", "--color", "sometimes"}, "invalid color value (sometimes)"},
		{"bad fail-on", []string{"-f", broken, "ingress/shop-web", "--fail-on", "fatal"}, "invalid fail-on value (fatal)"},
		{"unknown flag", []string{"--frobnicate"}, "unknown flag"},
		{"missing file", []string{"-f", "nope.yaml", "svc/x"}, "cannot read"},
		{"unsupported kind", []string{"-f", broken, "deploy/x"}, "Services and Ingresses only"},
		{"not in file", []string{"-f", broken, "svc/nope", "-n", "shop"}, "not in the input"},
		{"target and -A", []string{"-f", broken, "svc/x", "-A"}, "either -A or a target"},
		{"negative chunk-size", []string{"-f", broken, "-A", "--chunk-size", "-5"}, "--chunk-size"},
		{"no kubeconfig", []string{"svc/x"}, "kubeconfig"},
		{"explain unknown", []string{"explain", "E9999"}, "no documented code"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, stderr, code := run(t, tt.args...)
			if code != ExitError {
				t.Fatalf("exit %d, want 2; stdout %q stderr %q", code, out, stderr)
			}
			if strings.Count(strings.TrimRight(withoutHelpLine(stderr), "\n"), "\n") != 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("stderr %q: want one line containing %q", stderr, tt.want)
			}
		})
	}
}

// TestEnumFlagErrorsListValues: a bad value of an enumerated flag is named in kubectl's words (as
// for --dry-run) with every allowed value, the same list completion offers.
func TestEnumFlagErrorsListValues(t *testing.T) {
	for _, tt := range []struct{ flag, value string }{
		{"fail-on", "bogus"}, {"color", "sometimes"}, {"sort-by", "age"}, {"provider", "gcp"},
	} {
		t.Run(tt.flag, func(t *testing.T) {
			_, stderr, code := run(t, "-f", broken, "-A", "--"+tt.flag, tt.value)
			if code != ExitError {
				t.Fatalf("exit %d, want 2", code)
			}
			oneLineWith(t, stderr, "error: invalid "+tt.flag+" value ("+tt.value+"). Must be ")
			values, _, _ := run(t, "__complete", "--"+tt.flag, "")
			for _, v := range strings.Split(values, "\n") {
				if v != "" && !strings.HasPrefix(v, ":") && !strings.Contains(stderr, strconv.Quote(v)) {
					t.Errorf("%q does not list %q", stderr, v)
				}
			}
		})
	}
}

func TestExplainAndRules(t *testing.T) {
	out, _, code := run(t, "explain", "E4011", "--kind", "ingress", "-o", "json")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	var got []report.RuleView
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 1 || got[0].ID != tkerules.IngressE4011 {
		t.Errorf("explain E4011 --kind ingress: %v %+v", err, got)
	}
	out, _, _ = run(t, "explain", "E4011", "-o", "json")
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 2 {
		t.Errorf("explain E4011 without kind should give service and ingress: %v %d", err, len(got))
	}
	out, _, code = run(t, "rules", "-o", "json")
	var all []report.RuleView
	if err := json.Unmarshal([]byte(out), &all); err != nil || code != ExitOK || len(all) != len(rules.All()) {
		t.Errorf("rules -o json: %v exit %d", err, code)
	}
	out, _, _ = run(t, "version")
	if !strings.HasPrefix(out, "kubectl-lbdoctor ") {
		t.Errorf("version: %q", out)
	}
}

func TestHelpSaysKubectlLbdoctor(t *testing.T) {
	out, _, code := run(t, "--help")
	if code != ExitOK || !strings.Contains(out, "kubectl lbdoctor [TYPE/NAME") {
		t.Errorf("help usage should read kubectl lbdoctor: %q", out[:min(len(out), 300)])
	}
	for _, f := range []string{"--kubeconfig", "--context", "--namespace", "--as", "--request-timeout"} {
		if !strings.Contains(out, f) {
			t.Errorf("help lacks kubectl flag %s", f)
		}
	}
}

func TestKubeconfigProblemsExit2(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string { return testutil.WriteFile(t, dir, name, body) }
	malformed := write("malformed", "apiVersion: v1\nclusters: [this is not: valid\n")
	contextless := write("contextless", "apiVersion: v1\nkind: Config\nclusters: []\nusers: []\ncontexts: []\n")
	good := write("good", `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]
users: [{name: u, user: {token: x}}]
contexts: [{name: c, context: {cluster: c, user: u}}]
current-context: c
`)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"missing file", []string{"--kubeconfig", dir + "/nope", "svc/x"}, "kubeconfig"},
		{"malformed", []string{"--kubeconfig", malformed, "svc/x"}, "kubeconfig"},
		{"no context", []string{"--kubeconfig", contextless, "svc/x"}, "kubeconfig"},
		{"unknown context", []string{"--kubeconfig", good, "--context", "nope", "svc/x"}, "context"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, stderr, code := run(t, tt.args...)
			if code != ExitError || strings.Count(strings.TrimRight(stderr, "\n"), "\n") != 0 || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d stderr %q, want exit 2 and one line with %q", code, stderr, tt.want)
			}
		})
	}
}

func TestDecideColor(t *testing.T) {
	var buf bytes.Buffer
	tests := []struct {
		mode, noColor string
		want          bool
	}{
		{"always", "1", true},
		{"never", "", false},
		{"auto", "", false}, // a buffer is not a terminal
		{"auto", "1", false},
	}
	for _, tt := range tests {
		t.Run(tt.mode+"/"+tt.noColor, func(t *testing.T) {
			if tt.noColor != "" {
				t.Setenv("NO_COLOR", tt.noColor)
			}
			got, err := decideColor(tt.mode, &buf)
			if err != nil || got != tt.want {
				t.Errorf("decideColor(%s) = %v, %v; want %v", tt.mode, got, err, tt.want)
			}
		})
	}
	if _, err := decideColor("sometimes", &buf); err == nil {
		t.Errorf("bad mode accepted")
	}
}

func TestStdinManifest(t *testing.T) {
	b, err := os.ReadFile(broken)
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	streams := genericiooptions.IOStreams{In: bytes.NewReader(b), Out: &out, ErrOut: &errb}
	t.Setenv("KUBECONFIG", t.TempDir()+"/none")
	if code := Execute(streams, []string{"-f", "-", "ingress/shop-web", "-n", "shop", "-o", "json"}); code != ExitFindings {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep report.Report
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil || rep.Summary.Error == 0 {
		t.Errorf("stdin manifest: %v %+v", err, rep.Summary)
	}
}

// TestRulesCodeColumnAsReports: the rules list names each rule in its CODE column as a report does.
func TestRulesCodeColumnAsReports(t *testing.T) {
	out, _, code := run(t, "rules")
	if code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	for _, id := range []rules.ID{ackrules.ServiceBackendQuota, ackrules.ServiceOrderArrearage, tkerules.IngressE4011} {
		t.Run(id.String(), func(t *testing.T) {
			for _, l := range strings.Split(out, "\n") {
				if fs := strings.Fields(l); len(fs) > 1 && fs[0] == id.String() {
					if fs[1] != report.CodeLabel(id) {
						t.Errorf("CODE %q, want %q", fs[1], report.CodeLabel(id))
					}
					return
				}
			}
			t.Errorf("no row for %s", id)
		})
	}
}

// offlineReport diagnoses target in namespace shop of file as JSON, expecting exit 0.
func offlineReport(t *testing.T, file, target string, args ...string) report.Report {
	t.Helper()
	out, stderr, code := run(t, append([]string{"-f", file, "-n", "shop", target, "-o", "json"}, args...)...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var rep report.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestNoteOnServiceWithoutLoadBalancer: a ClusterIP or NodePort Service named as a target gets one
// note line in text and a note with a stable reason in JSON, and the note leaves the exit code alone.
func TestNoteOnServiceWithoutLoadBalancer(t *testing.T) {
	const file = "testdata/service-types.yaml"
	for _, tt := range []struct{ target, reason string }{
		{"svc/internal", "NotLoadBalancer"},
		{"svc/nodeport", "NotLoadBalancer"},
		{"svc/lb", ""},
	} {
		t.Run(tt.target, func(t *testing.T) {
			rep := offlineReport(t, file, tt.target, "--fail-on", "info")
			reason := ""
			if rep.Note != nil {
				reason = rep.Note.Reason
			}
			if reason != tt.reason {
				t.Errorf("note reason %q, want %q", reason, tt.reason)
			}
			text, _, _ := run(t, "-f", file, "-n", "shop", tt.target, "--color", "never")
			lines := 0
			for _, l := range strings.Split(text, "\n") {
				if strings.HasPrefix(l, "  note: ") && !strings.Contains(l, "--provider") { // not the undetected-cloud note
					lines++
				}
			}
			if want := map[bool]int{true: 1, false: 0}[tt.reason != ""]; lines != want {
				t.Errorf("%d note lines, want %d:\n%s", lines, want, text)
			}
		})
	}
}

// TestIngressControllerInReport: the report names each Ingress's controller in ingressController
// (and a text controller: line), and one the catalog does not cover is said to be so.
func TestIngressControllerInReport(t *testing.T) {
	const file = "testdata/ingress-controllers.yaml"
	for _, tt := range []struct {
		target, name string
		covered      bool
	}{
		{"ingress/alb", "ALB", false},
		{"ingress/mse", "MSE", false},
		{"ingress/nginx", "NGINX", false},
		{"ingress/clb", "TKE CLB", true},
	} {
		t.Run(tt.target, func(t *testing.T) {
			rep := offlineReport(t, file, tt.target, "--fail-on", "none")
			ic := rep.IngressController
			if ic == nil || ic.Name != tt.name || ic.Covered != tt.covered {
				t.Fatalf("ingressController %+v, want %s covered %v", ic, tt.name, tt.covered)
			}
			var other []report.Finding
			for _, f := range rep.Findings {
				if f.Rule == rules.GenericIngressOtherController {
					other = append(other, f)
				}
			}
			if len(other) != map[bool]int{true: 0, false: 1}[tt.covered] {
				t.Errorf("other-controller findings %+v", other)
			}
			text, _, _ := run(t, "-f", file, "-n", "shop", tt.target, "--color", "never")
			if !strings.Contains(text, "\n  controller: "+ic.Summary+"\n") || strings.Contains(text, "not a cloud") {
				t.Errorf("text lacks the controller line %q:\n%s", ic.Summary, text)
			}
		})
	}
}
