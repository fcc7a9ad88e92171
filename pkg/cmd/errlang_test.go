package cmd

import (
	"bytes"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/cli-runtime/pkg/genericiooptions"
)

// TestErrorLineLanguage: an error that ends the run is one line in the run's language: with
// --lang zh (or a Chinese locale) the message after the prefix is Chinese too, with --lang en it
// holds no Chinese; either way the run exits 2. Each case is a misuse of the real command line.
func TestErrorLineLanguage(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	refused := "https://" + ln.Addr().String() // closed: a refused connection
	ln.Close()
	badConfig := filepath.Join(t.TempDir(), "config")
	if err := os.WriteFile(badConfig, []byte("garbage: ["), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		// kubeconfig, when set, is the KUBECONFIG of the run.
		kubeconfig string
	}{
		{name: "unknown flag", args: []string{"--bogus"}},
		{name: "unknown shorthand", args: []string{"-x", "svc/a"}},
		{name: "flag without its value", args: []string{"svc/a", "--output"}},
		{name: "flag value of the wrong type", args: []string{"--chunk-size", "abc"}},
		{name: "bad -o", args: []string{"-f", broken, "-o", "bogus"}},
		{name: "bad --fail-on", args: []string{"-f", broken, "--fail-on", "bogus"}},
		{name: "bad --request-timeout", args: []string{"--request-timeout", "x", "svc/a"}},
		{name: "bad --chunk-size", args: []string{"-f", broken, "--chunk-size", "-1"}},
		{name: "-A with a target", args: []string{"-f", broken, "-A", "svc/a"}},
		{name: "selector with a target", args: []string{"-f", broken, "-l", "a=b", "svc/a"}},
		{name: "-f without a file", args: []string{"-f", "", "svc/a"}},
		{name: "-- without files", args: []string{"svc/a", "--"}},
		{name: "object missing from the manifest file", args: []string{"-f", broken, "ingress/nope", "-n", "shop"}},
		{name: "--watch with -f", args: []string{"-f", broken, "--watch"}},
		{name: "--watch with -o policyreport", args: []string{"--watch", "-o", "policyreport", "svc/a"}},
		{name: "unreachable API server", args: []string{"--server", refused, "--request-timeout", "5s", "svc/a"}},
		{name: "kubeconfig that does not parse", args: []string{"svc/a"}, kubeconfig: badConfig},
		{name: "--context list not in the kubeconfig", args: []string{"--context", "a,b"}},
		{name: "--all-contexts with -f", args: []string{"--all-contexts", "-f", broken}},
		{name: "explain without a query", args: []string{"explain"}},
		{name: "explain of nothing known", args: []string{"explain", "no-such-code"}},
		{name: "explain with a bad --kind", args: []string{"explain", "E4011", "--kind", "pod"}},
		{name: "explain with a bad --provider", args: []string{"explain", "E4011", "--provider", "gcp"}},
		{name: "rules with an argument", args: []string{"rules", "extra"}},
		{name: "policy with Warn and Deny", args: []string{"policy", "--action", "Warn,Deny"}},
		{name: "policy with a bad provider", args: []string{"policy", "--provider", "gcp"}},
		{name: "policy with a bad -o", args: []string{"policy", "-o", "wide"}},
		{name: "preflight without manifests", args: []string{"preflight"}},
	}
	for _, tt := range tests {
		for _, lang := range []string{"zh", "en"} {
			t.Run(tt.name+"/"+lang, func(t *testing.T) {
				t.Setenv("LC_ALL", "")
				t.Setenv("LC_MESSAGES", "")
				t.Setenv("LANG", "C")
				args := append([]string{"--lang", lang}, tt.args...)
				out, errOut, code := runWithConfig(t, tt.kubeconfig, args...)
				assertErrorLine(t, lang == "zh", out, errOut, code)
			})
		}
	}
	// A bad --lang cannot choose the language of its own error: the locale does.
	for _, locale := range []string{"zh_CN.UTF-8", "C"} {
		t.Run("bad --lang, LANG "+locale, func(t *testing.T) {
			t.Setenv("LC_ALL", "")
			t.Setenv("LC_MESSAGES", "")
			t.Setenv("LANG", locale)
			out, errOut, code := run(t, "rules", "--lang", "fr")
			assertErrorLine(t, locale != "C", out, errOut, code)
		})
	}
}

// assertErrorLine checks a run that failed: exit 2, nothing on stdout, one line on stderr whose
// message after the prefix holds Chinese when chinese is set and none otherwise.
func assertErrorLine(t *testing.T, chinese bool, out, errOut string, code int) {
	t.Helper()
	if code != ExitError {
		t.Fatalf("exit %d, want %d; stderr %q", code, ExitError, errOut)
	}
	errOut = withoutHelpLine(errOut)
	if out != "" {
		t.Errorf("stdout %q, want nothing", out)
	}
	if strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, "\n") {
		t.Fatalf("stderr %q: want one line", errOut)
	}
	prefix := "error: "
	if chinese {
		prefix = "错误："
	}
	msg, ok := strings.CutPrefix(errOut, prefix)
	if !ok {
		t.Fatalf("stderr %q: want the prefix %q", errOut, prefix)
	}
	if hasHan(msg) != chinese {
		t.Errorf("message %q holds Chinese = %v, want %v", msg, hasHan(msg), chinese)
	}
}

// withoutHelpLine is stderr without the "See '… --help' for usage." line kubectl adds under a usage
// error: the error itself is the one line before it.
func withoutHelpLine(stderr string) string {
	lines := strings.SplitAfter(stderr, "\n")
	if n := len(lines); n >= 3 && lines[n-1] == "" && strings.Contains(lines[n-2], " --help'") {
		return strings.Join(lines[:n-2], "")
	}
	return stderr
}

// runWithConfig is run with KUBECONFIG set to kubeconfig (none when empty).
func runWithConfig(t *testing.T, kubeconfig string, args ...string) (string, string, int) {
	t.Helper()
	if kubeconfig == "" {
		return run(t, args...)
	}
	var out, errb bytes.Buffer
	streams := genericiooptions.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errb}
	t.Setenv("KUBECONFIG", kubeconfig)
	code := Execute(streams, args)
	return out.String(), errb.String(), code
}
