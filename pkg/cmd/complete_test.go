package cmd

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
)

// completions runs `kubectl-lbdoctor __complete ARGS` as kubectl_complete-lbdoctor does and returns
// the candidates and the directive line.
func completions(t *testing.T, args ...string) ([]string, string) {
	t.Helper()
	out, stderr, code := run(t, append([]string{"__complete"}, args...)...)
	if code != ExitOK {
		t.Fatalf("__complete %v: exit %d: %s", args, code, stderr)
	}
	var got []string
	directive := ""
	for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if strings.HasPrefix(l, ":") {
			directive = l
		} else if l != "" {
			got = append(got, l)
		}
	}
	return got, directive
}

func TestCompleteKubeconfigFlags(t *testing.T) {
	const kc = "testdata/completion-kubeconfig.yaml"
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"contexts", []string{"--context", ""}, []string{"c,d", "dev", "prod", "prod-ro"}},
		{"contexts by prefix", []string{"--context", "pro"}, []string{"prod", "prod-ro"}},
		{"a list goes on with the others", []string{"--context", "prod,"}, []string{"prod,dev", "prod,prod-ro"}},
		{"a list by prefix", []string{"--context", "dev,pr"}, []string{"dev,prod", "dev,prod-ro"}},
		{"a comma of a context's name", []string{"--context", "c,"}, []string{"c,d"}},
		{"after another flag", []string{"-n", "shop", "--context", "d"}, []string{"dev"}},
		{"clusters", []string{"--cluster", ""}, []string{"east", "west"}},
		{"users", []string{"--user", "r"}, []string{"reader"}},
		{"no kubeconfig", []string{"--kubeconfig", "testdata/none.yaml", "--context", ""}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args
			if !slices.Contains(args, "--kubeconfig") {
				args = append([]string{"--kubeconfig", kc}, args...)
			}
			got, directive := completions(t, args...)
			if !slices.Equal(got, tt.want) || directive != ":4" {
				t.Errorf("got %q %s, want %q :4 (no file completion)", got, directive, tt.want)
			}
		})
	}
}

// namespaceServer answers a LIST of namespaces with names; any other request with 404.
func namespaceServer(t *testing.T, names ...string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/namespaces" || r.Method != http.MethodGet {
			http.NotFound(w, r)
			return
		}
		l := corev1.NamespaceList{TypeMeta: metav1.TypeMeta{APIVersion: "v1", Kind: "NamespaceList"}}
		for _, n := range names {
			l.Items = append(l.Items, corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: n}})
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(l)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestCompleteNamespaces: -n lists the namespaces of the cluster the flags before it select, and
// completes nothing when the list fails.
func TestCompleteNamespaces(t *testing.T) {
	east, west := namespaceServer(t, "default", "shop", "shop-staging"), namespaceServer(t, "ops")
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "forbidden", http.StatusForbidden)
	}))
	t.Cleanup(failing.Close)
	kc := testutil.WriteFile(t, t.TempDir(), "kubeconfig", fmt.Sprintf(`apiVersion: v1
kind: Config
clusters: [{name: east, cluster: {server: %q}}, {name: west, cluster: {server: %q}}, {name: denied, cluster: {server: %q}}]
users: [{name: u, user: {token: x}}]
contexts: [{name: east, context: {cluster: east, user: u}}, {name: west, context: {cluster: west, user: u}}, {name: denied, context: {cluster: denied, user: u}}]
current-context: east
`, east, west, failing.URL))
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"current context", []string{"-n", ""}, []string{"default", "shop", "shop-staging"}},
		{"long flag, by prefix", []string{"--namespace", "sh"}, []string{"shop", "shop-staging"}},
		{"context given before", []string{"--context", "west", "-n", ""}, []string{"ops"}},
		{"cluster given before", []string{"--cluster", "west", "--namespace", ""}, []string{"ops"}},
		{"list refused", []string{"--context", "denied", "-n", ""}, nil},
		{"with a target", []string{"svc/web", "-n", ""}, []string{"default", "shop", "shop-staging"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, directive := completions(t, append([]string{"--kubeconfig", kc}, tt.args...)...)
			if !slices.Equal(got, tt.want) || directive != ":4" {
				t.Errorf("got %q %s, want %q :4", got, directive, tt.want)
			}
		})
	}
}
