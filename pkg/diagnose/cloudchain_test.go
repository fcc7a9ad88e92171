package diagnose

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/tencent"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// cloudPart is one element of an -o html page that draws a part of the cloud side
// (data-cloud-part): its kind, attributes, text and the codes marked on it.
type cloudPart struct {
	kind, id, port, health, weight, text string
	codes                                []string
}

// cloudParts parses page with a real HTML parser and returns its cloud parts by target
// ("kind/namespace/name").
func cloudParts(t *testing.T, page string) map[string][]cloudPart {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	get := func(n *html.Node, key string) string {
		for _, a := range n.Attr {
			if a.Key == key {
				return a.Val
			}
		}
		return ""
	}
	var text func(n *html.Node, b *strings.Builder, codes *[]string)
	text = func(n *html.Node, b *strings.Builder, codes *[]string) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		if n.Type == html.ElementNode && slices.Contains(strings.Fields(get(n, "class")), "code") && n.FirstChild != nil {
			*codes = append(*codes, n.FirstChild.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			text(c, b, codes)
		}
	}
	out := map[string][]cloudPart{}
	var walk func(n *html.Node, target string)
	walk = func(n *html.Node, target string) {
		if n.Type == html.ElementNode {
			if v := get(n, "data-target"); v != "" {
				target = v
			}
			if k := get(n, "data-cloud-part"); k != "" {
				p := cloudPart{kind: k, id: get(n, "data-id"), port: get(n, "data-port"), health: get(n, "data-health"), weight: get(n, "data-weight")}
				var b strings.Builder
				text(n, &b, &p.codes)
				p.text = b.String()
				out[target] = append(out[target], p)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, target)
		}
	}
	walk(doc, "")
	return out
}

// find is the first part of kind whose text holds sub.
func find(parts []cloudPart, kind, sub string) (cloudPart, bool) {
	for _, p := range parts {
		if p.kind == kind && strings.Contains(p.text, sub) {
			return p, true
		}
	}
	return cloudPart{}, false
}

// htmlOfDemo diagnoses the demo's namespace ns for provider p, reading the simulated clouds when
// cloud is set, and writes the reports as -o html.
func htmlOfDemo(t *testing.T, root, ns, region string, p rules.Provider, cloud bool) (string, []report.Report) {
	t.Helper()
	batches, _, err := Offline(snapshot.Files{Paths: []string{filepath.Join(root, "cluster.yaml")}}, nil, ns, snapshot.Selector{})
	if err != nil {
		t.Fatal(err)
	}
	if cloud {
		cl := &Cloud{Region: region}
		for _, b := range batches {
			cl.Read(context.Background(), b.Snap, b.Targets, nil, p)
		}
	}
	reps, err := All(batches, Options{Provider: p, Chains: true})
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	w := report.NewWriter(&page, report.HTML, false, false)
	w.Lang = words.English
	if err := w.Write(reps, false); err != nil {
		t.Fatal(err)
	}
	return page.String(), reps
}

func objectOf(r report.Report) string {
	return r.Target.Kind.Lower() + "/" + r.Target.Namespace + "/" + r.Target.Name
}

// TestHTMLCloudSide: with --cloud, each target's chain shows its load balancer as read from the
// simulated clouds through the vendors' SDKs: its state, its listeners matched with what the object
// asks for, their backends with health and weight, and every cloud finding's code on the part it is
// about.
func TestHTMLCloudSide(t *testing.T) {
	root := demoClouds(t, nil)
	label := func(id string) string {
		r, ok := rules.Parse(id)
		if !ok {
			t.Fatalf("no rule %s", id)
		}
		return report.CodeLabel(r)
	}
	type mark struct{ kind, sub, code string }
	for _, tc := range []struct {
		name, ns, region string
		provider         rules.Provider
		// parts must be drawn (code "" unmarked, else marked with the code of the rule slug).
		parts map[string][]mark
	}{
		{name: "tke", ns: "shop", region: "ap-guangzhou", provider: "tke", parts: map[string][]mark{
			"service/shop/web": {
				{"lb", "lb-demo0001", ""},
				{"listener", "lbl-web80", ""},
				{"listener", "lbl-hand8080", "tke.cloud.listener-extra"},
				{"listener", "TCP:443", "tke.cloud.listener-missing"},
				{"backend", "ins-node0001", ""},
				{"backend", "ins-node0002", "tke.cloud.backend-unhealthy"},
				{"link", "lbl-web80", "tke.cloud.backend-unhealthy"},
				{"link", "no listener on 443", "tke.cloud.listener-missing"},
			},
			"service/shop/legacy": {{"lb", "isolated", "tke.cloud.lb-isolated"}},
			"ingress/shop/store": {
				{"listener", "lbl-store80", ""},
				{"listener", "lbl-store443", "tke.cloud.cert-expired"},
				{"listener", "lbl-store443", "tke.cloud.cert-hosts"},
				{"rule", "store.example.com/", ""},
			},
		}},
		{name: "ack", ns: "pay", region: "cn-hangzhou", provider: "ack", parts: map[string][]mark{
			"service/pay/api": {
				{"lb", "lb-demoack1", ""},
				{"backend", "i-bp1node1", ""},
				{"backend", "i-bp1node2", "ack.cloud.backend-unhealthy"},
				{"backend", "i-bp1node3", "ack.cloud.backend-weight-zero"},
			},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			page, reps := htmlOfDemo(t, root, tc.ns, tc.region, tc.provider, true)
			got := cloudParts(t, page)
			for target, marks := range tc.parts {
				side, ok := find(got[target], "side", "")
				if !ok || !strings.Contains(side.text, "read from the "+string(tc.provider)+" cloud") || !strings.Contains(side.text, "not the vendor's cloud") {
					t.Errorf("%s: no cloud side labelled as read from the simulated cloud: %q", target, side.text)
				}
				for _, m := range marks {
					p, ok := find(got[target], m.kind, m.sub)
					switch {
					case !ok:
						t.Errorf("%s: no %s part holding %q", target, m.kind, m.sub)
					case m.code == "" && len(p.codes) > 0:
						t.Errorf("%s: %s %q marked %v, want none", target, m.kind, m.sub, p.codes)
					case m.code != "" && !slices.Contains(p.codes, label(m.code)):
						t.Errorf("%s: %s %q marked %v, want %s", target, m.kind, m.sub, p.codes, m.code)
					}
				}
			}
			for _, r := range reps {
				target := objectOf(r)
				for _, b := range []struct{ health, sub string }{{"healthy", "ins-node0001"}, {"unhealthy", "ins-node0002"}, {"unhealthy", "i-bp1node2"}} {
					if p, ok := find(got[target], "backend", b.sub); ok && p.health != b.health {
						t.Errorf("%s: backend %s health %q, want %q", target, b.sub, p.health, b.health)
					}
				}
				for _, f := range r.Findings {
					if f.Source != checks.SourceCloud {
						continue
					}
					if !slices.ContainsFunc(got[target], func(p cloudPart) bool {
						return p.kind != "side" && p.kind != "unplaced" && slices.Contains(p.codes, report.CodeLabel(f.Rule))
					}) {
						t.Errorf("%s: cloud finding %s marks no part of the load balancer", target, f.Rule)
					}
				}
			}
		})
	}
}

// TestHTMLCloudSkips: what the cloud refused is said once on the cloud side, naming the action,
// and without --cloud nothing of the cloud is drawn.
func TestHTMLCloudSkips(t *testing.T) {
	for _, tc := range []struct {
		name   string
		faults []tencent.Fault
		cloud  bool
		target string
		// notes must all be in one note of target, and the first in no other; none: no cloud part
		// at all.
		notes []string
	}{
		{name: "health-forbidden", cloud: true, faults: []tencent.Fault{{Action: "DescribeTargetHealth", Forbidden: true}},
			target: "service/shop/web", notes: []string{"clb:DescribeTargetHealth", "forbidden"}},
		{name: "lb-forbidden", cloud: true, faults: []tencent.Fault{{Action: "DescribeLoadBalancers", Forbidden: true}},
			target: "service/shop/web", notes: []string{"clb:DescribeLoadBalancers", "lb-demo0001", "forbidden"}},
		{name: "certificate-forbidden", cloud: true, faults: []tencent.Fault{{Action: "DescribeCertificate", Forbidden: true}},
			target: "ingress/shop/store", notes: []string{"ssl:DescribeCertificate", "forbidden"}},
		{name: "no-cloud"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := demoClouds(t, tc.faults)
			page, _ := htmlOfDemo(t, root, "shop", "ap-guangzhou", "tke", tc.cloud)
			got := cloudParts(t, page)
			if !tc.cloud {
				if len(got) > 0 || strings.Contains(page, "Cloud side") {
					t.Errorf("without --cloud the page draws cloud parts: %v", got)
				}
				return
			}
			web := got[tc.target]
			if !slices.ContainsFunc(web, func(p cloudPart) bool {
				return p.kind == "note" && !slices.ContainsFunc(tc.notes, func(s string) bool { return !strings.Contains(p.text, s) })
			}) {
				t.Errorf("no note holding %q; parts %v", tc.notes, web)
			}
			n := 0
			for _, p := range web {
				if p.kind == "note" && strings.Contains(p.text, tc.notes[0]) {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%d notes name %s, want 1", n, tc.notes[0])
			}
			if tc.name == "health-forbidden" {
				if p, ok := find(web, "backend", "ins-node0002"); !ok || p.health != "unknown" || len(p.codes) > 0 {
					t.Errorf("backend of unread health: %+v, want health unknown and unmarked", p)
				}
				if p, ok := find(web, "link", "lbl-web80"); !ok || strings.Contains(p.text, "healthy") {
					t.Errorf("listener link of unread health: %q, want no count of healthy backends", p.text)
				}
			}
		})
	}
}
