package report

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// inCluster returns r labelled with the context it came from.
func inCluster(r Report, cluster string) Report {
	r.Cluster = cluster
	return r
}

func TestClusterColumn(t *testing.T) {
	e4011 := checks.Finding{Rule: tkerules.IngressE4011, Check: "tke-ingress-tls", Source: "check"}
	reports := []Report{
		inCluster(named(t, snapshot.KindIngress, "shop", "bar", e4011), "prod"),
		inCluster(named(t, snapshot.KindIngress, "shop", "bar", e4011), "staging-east"),
	}
	tests := []struct {
		format Format
		want   [][]string
	}{
		{Text, [][]string{{"CLUSTER", "OBJECT", "PROVIDER", "WORST", "CODES"}, {"prod", "ingress/shop/bar", "tke", "error", "E4011"}, {"staging-east", "ingress/shop/bar", "tke", "error", "E4011"}}},
		{Wide, [][]string{{"CLUSTER", "KIND", "NAMESPACE", "NAME"}, {"prod", "ingress", "shop", "bar"}, {"staging-east", "ingress", "shop", "bar"}}},
		{Name, [][]string{{"prod", "ingress.networking.k8s.io/bar"}, {"staging-east", "ingress.networking.k8s.io/bar"}}},
	}
	for _, tt := range tests {
		t.Run(string(tt.format), func(t *testing.T) {
			out := text(t, NewWriter(nil, tt.format, false, false), reports)
			lines := strings.Split(out, "\n")
			for i, want := range tt.want {
				got := strings.Fields(lines[i])
				if len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
					t.Errorf("line %d = %q, want it to start with %q\n%s", i, lines[i], want, out)
				}
			}
		})
	}
	t.Run("details name the cluster", func(t *testing.T) {
		out := text(t, NewWriter(nil, Text, false, false), reports)
		for _, c := range []string{"prod", "staging-east"} {
			if !strings.Contains(out, "Ingress shop/bar  (cluster: "+c+", source: offline)") {
				t.Errorf("no details header for %s:\n%s", c, out)
			}
		}
	})
	t.Run("json carries cluster", func(t *testing.T) {
		var b strings.Builder
		if err := Encode(&b, JSON, NewList(reports)); err != nil {
			t.Fatal(err)
		}
		var l List
		if err := json.Unmarshal([]byte(b.String()), &l); err != nil {
			t.Fatal(err)
		}
		if l.Items[0].Cluster != "prod" || l.Items[1].Cluster != "staging-east" {
			t.Errorf("clusters %q %q", l.Items[0].Cluster, l.Items[1].Cluster)
		}
	})
}

func TestNoClusterColumnForOneContext(t *testing.T) {
	r := named(t, snapshot.KindIngress, "shop", "bar", checks.Finding{Rule: tkerules.IngressE4011, Check: "tke-ingress-tls", Source: "check"})
	for _, f := range []Format{Text, Wide, Name, JSON} {
		out := text(t, NewWriter(nil, f, false, false), []Report{r})
		if strings.Contains(out, "CLUSTER") || strings.Contains(out, "cluster") {
			t.Errorf("%s output of a one-context run names a cluster:\n%s", f, out)
		}
	}
}
