package report_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestSkipLineLang: the text report's SKIPPED line of a check the runner skipped for an unknown
// object is worded by the snapshot's error: Chinese with --lang zh, with the resource, names and
// RBAC rule as they are, and English unchanged.
func TestSkipLineLang(t *testing.T) {
	const rbac = `get secrets (apiGroups: [""]) in namespace shop`
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Namespace: "shop", Name: "web"},
		Spec: corev1.ServiceSpec{Type: corev1.ServiceTypeLoadBalancer, Ports: []corev1.ServicePort{{Port: 443}}}}
	live := func(t *testing.T) *snapshot.Snapshot {
		s := snapshot.New(snapshot.Live)
		if err := s.Add(svc); err != nil {
			t.Fatal(err)
		}
		refused := apierrors.NewForbidden(schema.GroupResource{Resource: "secrets"}, "tls", errors.New("RBAC: access denied"))
		g, ok := snapshot.GapFor(refused, "get", "secrets", "", "shop")
		if !ok {
			t.Fatal("GapFor: a 403 is no gap")
		}
		s.Secrets.MarkGap("shop", g)
		return s
	}
	offline := func(t *testing.T) *snapshot.Snapshot {
		path := filepath.Join(t.TempDir(), "svc.yaml")
		manifest := "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  type: LoadBalancer\n  ports:\n  - port: 443\n"
		if err := os.WriteFile(path, []byte(manifest), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := snapshot.FromFiles([]string{path}, nil, "default")
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	tests := []struct {
		name   string
		snap   func(*testing.T) *snapshot.Snapshot
		class  snapshot.ReasonClass
		en     string // the English reason, as the e2e tests and scripts see it
		keepZh []string
	}{
		{"forbidden read", live, snapshot.ReasonForbidden,
			"cannot read secrets shop/tls: forbidden (needs RBAC: " + rbac + ")", []string{"secrets shop/tls", rbac}},
		{"not in the input files", offline, snapshot.ReasonMissingInput,
			"cannot read secrets shop/tls: not in the input files", []string{"secrets shop/tls"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			snap := tt.snap(t)
			probe := checks.Check{Name: "probe", Kind: rules.Service, Provider: rules.Generic,
				Run: func(c *checks.Context) error {
					_, err := c.Snap.Secrets.Get("shop", "tls")
					return err
				}}
			res, err := checks.NewSuiteOf(nil, []checks.Check{probe}).Run(snap, snapshot.Target{Kind: snapshot.KindService, Namespace: "shop", Name: "web"}, rules.Generic)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Skipped) != 1 || res.Skipped[0].Class != tt.class || res.Skipped[0].Worded == nil {
				t.Fatalf("skips %+v, want one worded skip of class %s", res.Skipped, tt.class)
			}
			r, err := report.Build(res, snap.Source, nil)
			if err != nil {
				t.Fatal(err)
			}
			line := func(lang words.Lang) string {
				var b bytes.Buffer
				w := report.NewWriter(&b, report.Text, false, false)
				w.Lang, w.ShowOK = lang, true
				if err := w.Write([]report.Report{r}, true); err != nil {
					t.Fatal(err)
				}
				prefix := map[words.Lang]string{words.English: "SKIPPED probe: ", words.Chinese: "SKIPPED probe："}[lang]
				for _, l := range strings.Split(b.String(), "\n") {
					if reason, ok := strings.CutPrefix(strings.TrimSpace(l), prefix); ok {
						return reason
					}
				}
				t.Fatalf("no SKIPPED line in\n%s", b.String())
				return ""
			}
			if en := line(words.English); en != tt.en || words.HasHan(en) {
				t.Errorf("English reason %q, want %q", en, tt.en)
			}
			zh := line(words.Chinese)
			if !words.HasHan(zh) {
				t.Errorf("Chinese reason %q has no Chinese", zh)
			}
			for _, k := range tt.keepZh {
				if !strings.Contains(zh, k) {
					t.Errorf("Chinese reason %q lost %q", zh, k)
				}
			}
			if strings.Contains(zh, "cannot read") || strings.Contains(zh, "input files") || strings.Contains(zh, "needs RBAC") {
				t.Errorf("Chinese reason %q keeps English words", zh)
			}
		})
	}
}
