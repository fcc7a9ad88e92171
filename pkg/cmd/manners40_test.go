package cmd

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

const (
	tkeServiceBroken = "../../examples/tke-service/broken.yaml"
	twoNamespaces    = "testdata/TestOfflineTargetNamespace/two.yaml"
	eventTimes       = "testdata/TestEventDisplay/times.yaml"
	credentialLeak   = "testdata/TestCredentialCanaries/leak.yaml"
	controlNames     = "testdata/TestControlCharsInNames/esc.yaml"
)

// oneReport decodes the JSON of one report.
func oneReport(t *testing.T, out string) report.Report {
	t.Helper()
	var r report.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return r
}

// TestOfflineTargetNamespace: without -n, a named target takes the namespace the input defines it
// in when one object matches (kubectl get -f); several namespaces are an error that names them.
func TestOfflineTargetNamespace(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang+"/one match", func(t *testing.T) {
			out, stderr, code := run(t, "--lang", lang, "-f", tkeServiceBroken, "svc/checkout", "-o", "json")
			if code == ExitError {
				t.Fatalf("exit 2: %s", stderr)
			}
			if r := oneReport(t, out); r.Target.Namespace != "payments" || r.Target.Name != "checkout" {
				t.Errorf("target %+v, want payments/checkout", r.Target)
			}
		})
		t.Run(lang+"/several namespaces", func(t *testing.T) {
			out, stderr, code := run(t, "--lang", lang, "-f", twoNamespaces, "svc/web")
			if code != ExitError || out != "" {
				t.Fatalf("exit %d, stdout %q", code, out)
			}
			first := strings.SplitN(stderr, "\n", 2)[0]
			for _, want := range []string{"(a, b)", "-n NAMESPACE"} {
				if lang == "zh" {
					want = strings.NewReplacer("(", "（", ")", "）", ", ", "、").Replace(want)
				}
				if !strings.Contains(first, want) {
					t.Errorf("first line %q lacks %q", first, want)
				}
			}
		})
		t.Run(lang+"/explicit -n keeps the hint", func(t *testing.T) {
			_, stderr, code := run(t, "--lang", lang, "-f", broken, "-n", "default", "ingress/shop-web")
			if code != ExitError || !strings.Contains(stderr, "-n shop") {
				t.Errorf("exit %d: %s", code, stderr)
			}
		})
	}
}

// TestRulesFilter: rules takes explain's --provider and --kind, and every -o value the registry
// gives the catalog.
func TestRulesFilter(t *testing.T) {
	out, _, code := run(t, "rules", "-o", "json")
	var all []report.RuleView
	if err := json.Unmarshal([]byte(out), &all); err != nil || code != ExitOK {
		t.Fatalf("exit %d: %v", code, err)
	}
	for _, lang := range []string{"en", "zh"} {
		t.Run(lang+"/provider and kind", func(t *testing.T) {
			out, stderr, code := run(t, "--lang", lang, "rules", "--provider", "tke", "--kind", "ingress", "-o", "json")
			var got []report.RuleView
			if err := json.Unmarshal([]byte(out), &got); err != nil || code != ExitOK {
				t.Fatalf("exit %d: %v %s", code, err, stderr)
			}
			if len(got) == 0 || len(got) >= len(all) {
				t.Fatalf("%d rules of %d", len(got), len(all))
			}
			for _, v := range got {
				if v.Provider != "tke" || v.Kind != "ingress" {
					t.Errorf("%s is not a tke ingress rule", v.ID)
				}
			}
		})
		t.Run(lang+"/bad kind", func(t *testing.T) {
			_, stderr, code := run(t, "--lang", lang, "rules", "--kind", "pod")
			if code != ExitError {
				t.Errorf("exit %d: %s", code, stderr)
			}
		})
		for _, f := range report.ForCatalog.Names() {
			t.Run(lang+"/-o "+f, func(t *testing.T) {
				out, stderr, code := run(t, "--lang", lang, "rules", "--provider", "ack", "-o", f)
				if code != ExitOK || out == "" {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				if f == string(report.Wide) {
					header := strings.Fields(strings.SplitN(out, "\n", 2)[0])
					if strings.Join(header, " ") != "ID CODE SEVERITY PROVIDER KIND TITLE LINK" {
						t.Errorf("header %q", header)
					}
					if strings.Contains(out, "tke.") || !strings.Contains(out, "https://") {
						t.Errorf("wide shows another provider or no link")
					}
				}
			})
		}
	}
	t.Run("unknown -o lists the catalog formats", func(t *testing.T) {
		_, stderr, code := run(t, "rules", "-o", "sarif")
		if code != ExitError || !strings.Contains(stderr, "wide") {
			t.Errorf("exit %d: %s", code, stderr)
		}
	})
}

// lineOf is the 1-based line of the first line of path that equals want, after the n-th (0-based)
// line equal to after.
func lineOf(t *testing.T, path, after string, n int, want string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	seen := -1
	for i, l := range strings.Split(string(b), "\n") {
		if l == after {
			seen++
		}
		if seen == n && l == want {
			return i + 1
		}
	}
	t.Fatalf("%s: no %q after %q #%d", path, want, after, n)
	return 0
}

// TestEventDisplay: an event's time comes from lastTimestamp, else eventTime, else firstTimestamp,
// else is left out; the finding is located at the Event's own place in the file.
func TestEventDisplay(t *testing.T) {
	tests := []struct {
		name string
		time string // "" when none is shown
		n    int    // which Event of the file
	}{
		{"nginx", "2026-11-02T03:04:05Z", 0},
		{"plain", "", 1},
		{"first", "2026-10-01T01:02:03Z", 2},
	}
	for _, tt := range tests {
		for _, lang := range []string{"en", "zh"} {
			t.Run(lang+"/"+tt.name, func(t *testing.T) {
				out, stderr, code := run(t, "--lang", lang, "-f", eventTimes, "svc/"+tt.name)
				if code == ExitError {
					t.Fatalf("exit 2: %s", stderr)
				}
				if strings.Contains(out, "last )") || strings.Contains(out, "最近 ）") || strings.Contains(out, "最近 )") {
					t.Errorf("empty time shown:\n%s", out)
				}
				if tt.time != "" && !strings.Contains(out, tt.time) {
					t.Errorf("time %s not shown:\n%s", tt.time, out)
				}
				line := lineOf(t, eventTimes, "kind: Event", tt.n, "metadata:") - 2 // the document's first line
				want := eventTimes + ":" + strconv.Itoa(line)
				if !strings.Contains(out, want) {
					t.Errorf("location %s not shown:\n%s", want, out)
				}
			})
		}
	}
	t.Run("json", func(t *testing.T) {
		out, _, _ := run(t, "-f", eventTimes, "svc/plain", "-o", "json")
		r := oneReport(t, out)
		if len(r.Findings) == 0 || r.Findings[0].Location == nil || !r.Findings[0].LastSeen.IsZero() {
			t.Fatalf("findings %+v", r.Findings)
		}
		if l := r.Findings[0].Location.Line; l != lineOf(t, eventTimes, "kind: Event", 1, "metadata:")-2 {
			t.Errorf("located at line %d", l)
		}
	})
}

// TestCredentialCanaries: credentials of both clouds, in every shape, never reach any output
// format, in either language, nor stderr.
func TestCredentialCanaries(t *testing.T) {
	out, _, _ := run(t, "-f", credentialLeak, "svc/nginx", "-o", "json")
	if r := oneReport(t, out); !slices.ContainsFunc(r.Findings, func(f report.Finding) bool { return f.Code == "ORDER.ARREARAGE" }) {
		t.Fatalf("the event is not a finding, so the test proves nothing: %s", out)
	}
	for _, lang := range []string{"en", "zh"} {
		for _, f := range append(report.ForReport.Names(), "text --fix-hints") {
			for _, target := range [][]string{{"svc/nginx"}, {}} {
				args := append([]string{"--lang", lang, "-f", credentialLeak, "-o"}, strings.Fields(f)...)
				args = append(args, target...)
				t.Run(strings.Join(args[4:], " "), func(t *testing.T) {
					out, stderr, _ := run(t, args...)
					if strings.Contains(out+stderr, "CANARY") {
						i := strings.Index(out+stderr, "CANARY")
						t.Errorf("a credential is shown: …%s…", (out + stderr)[max(0, i-40):min(len(out+stderr), i+40)])
					}
				})
			}
		}
	}
}

// TestControlCharsInNames: text outputs show names and namespaces with control characters escaped.
func TestControlCharsInNames(t *testing.T) {
	for _, lang := range []string{"en", "zh"} {
		for _, f := range []string{"text", "wide", "name"} {
			t.Run(lang+"/"+f, func(t *testing.T) {
				out, stderr, code := run(t, "--lang", lang, "-f", controlNames, "--show-ok", "-o", f)
				if code == ExitError {
					t.Fatalf("exit 2: %s", stderr)
				}
				if regexp.MustCompile("[\x00-\x08\x0b-\x1f\x7f]").MatchString(out + stderr) {
					t.Errorf("a control character is printed: %q", out)
				}
				if !strings.Contains(out, `\x1b[31mred\a`) {
					t.Errorf("the name is not shown escaped: %q", out)
				}
			})
		}
	}
}
