package report

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// TestHTMLChainMarksTheBrokenLink: a finding marks the link its check or path is about, on the
// route its path names only.
func TestHTMLChainMarksTheBrokenLink(t *testing.T) {
	svc := snapshot.Target{Kind: snapshot.KindService, Namespace: "shop", Name: "web"}
	ing := snapshot.Target{Kind: snapshot.KindIngress, Namespace: "shop", Name: "mall"}
	two := &Chain{Routes: []Route{
		{Where: "spec.ports[0]", Listener: "TCP 80", Service: "web", ServicePort: "80", Backends: &Backends{Ready: 0, Total: 2, Pods: []string{"a", "b"}, Nodes: []string{"n1"}}},
		{Where: "spec.ports[1]", Listener: "TCP 443", Service: "web", ServicePort: "443", Unknown: errors.New("forbidden")},
	}}
	ingChain := &Chain{Routes: []Route{{Where: "spec.rules[0].http.paths[0]", Listener: "HTTP 80", Host: "a.example.com", Path: "/", Service: "web", ServicePort: "80"}}}
	for _, tc := range []struct {
		name    string
		target  snapshot.Target
		chain   *Chain
		finding Finding
		// want is the link marked on each route ("" none).
		want []linkKind
	}{
		{name: "annotation breaks the listener of every route", target: svc, chain: two,
			finding: Finding{Rule: tkerules.ServiceE4011, Check: "tke-service-existing-lb", Path: "metadata.annotations[x]"}, want: []linkKind{linkListener, linkListener}},
		{name: "a port breaks its own route", target: svc, chain: two,
			finding: Finding{Rule: tkerules.ServiceE4011, Check: "tke-service-annotations", Path: "spec.ports[1].port"}, want: []linkKind{"", linkListener}},
		{name: "no endpoints break the endpoints", target: svc, chain: two,
			finding: Finding{Rule: tkerules.ServiceE4011, Check: "service-endpoints", Path: ""}, want: []linkKind{linkEndpoints, linkEndpoints}},
		{name: "a missing backend Service breaks the Service port", target: ing, chain: ingChain,
			finding: Finding{Rule: tkerules.IngressE4041, Check: "tke-ingress-backends", Path: "spec.rules[0].http.paths[0].backend.service.name"}, want: []linkKind{linkService}},
		{name: "a host breaks the rule", target: ing, chain: ingChain,
			finding: Finding{Rule: tkerules.IngressE4041, Check: "tke-ingress-rules", Path: "spec.rules[0].host"}, want: []linkKind{linkRule}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Report{Target: tc.target, Chain: tc.chain, Findings: []Finding{tc.finding}}
			rows := drawChain(r, words.English)
			if len(rows) != len(tc.want) {
				t.Fatalf("%d rows, want %d", len(rows), len(tc.want))
			}
			for i, row := range rows {
				var got linkKind
				for _, l := range row {
					if len(l.Codes) > 0 {
						if got != "" {
							t.Errorf("route %d: %s and %s both marked", i, got, l.Kind)
						}
						got = l.Kind
					}
				}
				if got != tc.want[i] {
					t.Errorf("route %d: %q marked, want %q", i, got, tc.want[i])
				}
			}
		})
	}
}

// TestHTMLIsDeterministic: the same reports give the same bytes, and the CSP's style hash is the
// hash of the style sheet on the page.
func TestHTMLIsDeterministic(t *testing.T) {
	r := Report{Target: snapshot.Target{Kind: snapshot.KindService, Namespace: "a", Name: "b"}}
	var a, b bytes.Buffer
	if err := writeHTML(&a, []Report{r}, words.Chinese); err != nil {
		t.Fatal(err)
	}
	if err := writeHTML(&b, []Report{r}, words.Chinese); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Error("two writes differ")
	}
	if !strings.Contains(a.String(), "<style>"+htmlStyle+"</style>") || !strings.Contains(a.String(), `lang="zh"`) {
		t.Error("style sheet not on the page as hashed, or language not set")
	}
}
