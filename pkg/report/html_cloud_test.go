package report

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/tkerules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// cloudService is a Service web asking for TCP 80 (spec.ports[0]) and TCP 443 (spec.ports[1]) of
// load balancer lb-1, with the chain of its two ports.
func cloudService(lb *cloud.LoadBalancer, unread error, findings ...Finding) Report {
	v := checks.CloudView{Provider: tkerules.Provider, Rules: tkerules.CloudRules, LB: "lb-1", Path: "metadata.annotations[x]",
		Listeners: []checks.CloudWant{{Port: 80, Protocol: "TCP", Path: "spec.ports[0]"}, {Port: 443, Protocol: "TCP", Path: "spec.ports[1]"}}}
	return Report{Target: snapshot.Target{Kind: snapshot.KindService, Namespace: "shop", Name: "web"}, Findings: findings,
		Chain: &Chain{Routes: []Route{{Where: "spec.ports[0]", Listener: "TCP 80"}, {Where: "spec.ports[1]", Listener: "TCP 443"}},
			Cloud: &CloudSide{View: v, Region: "ap-guangzhou", LB: lb, Unread: unread}}}
}

// cloudLB1 is lb-1: listener lbl-80 on TCP 80 with a healthy, an unhealthy and a weight-0 backend,
// listener lbl-8080 no port asks for, and an HTTPS listener lbl-443 with a rule and no backend.
func cloudLB1() *cloud.LoadBalancer {
	return &cloud.LoadBalancer{ID: "lb-1", Name: "web", State: cloud.StateActive, Listeners: []*cloud.Listener{
		{ID: "lbl-80", Protocol: "TCP", Port: 80, Backends: []*cloud.Backend{
			{InstanceID: "ins-ok", Port: 30080, Weight: 10, Health: cloud.Healthy},
			{InstanceID: "ins-sick", Port: 30080, Weight: 10, Health: cloud.Unhealthy},
			{InstanceID: "ins-zero", Port: 30080, Weight: 0, Health: cloud.Healthy},
		}},
		{ID: "lbl-443", Protocol: "HTTPS", Port: 443, CertificateIDs: []string{"cert-1"}, Rules: []*cloud.Rule{{ID: "loc-1", Domain: "a.example.com", URL: "/"}}},
		{ID: "lbl-8080", Protocol: "TCP", Port: 8080},
	}}
}

// TestHTMLCloudMarks: each cloud rule marks the part of the load balancer it is about, and only it.
func TestHTMLCloudMarks(t *testing.T) {
	type part struct{ kind, name string }
	for _, tc := range []struct {
		name    string
		finding Finding
		want    []part
	}{
		{"unhealthy backend", Finding{Rule: tkerules.CloudBackendUnhealthy, Path: "spec"}, []part{{"backend", "ins-sick:30080"}}},
		{"weight zero", Finding{Rule: tkerules.CloudBackendWeightZero, Path: "spec"}, []part{{"backend", "ins-zero:30080"}}},
		{"no backend on a rule", Finding{Rule: tkerules.CloudBackendNone, Path: "spec"}, []part{{"group", "a.example.com/"}}},
		{"protocol of port 443", Finding{Rule: tkerules.CloudListenerProtocol, Path: "spec.ports[1]"}, []part{{"listener", "lbl-443"}}},
		{"extra listener", Finding{Rule: tkerules.CloudListenerExtra, Path: "spec"}, []part{{"listener", "lbl-8080"}}},
		{"certificate", Finding{Rule: tkerules.CloudCertExpired, Path: "spec"}, []part{{"listener", "lbl-443"}}},
		{"isolated", Finding{Rule: tkerules.CloudLBIsolated, Path: "metadata.annotations[x]"}, []part{{"lb", "lb-1"}}},
		{"quota", Finding{Rule: tkerules.CloudQuota, Path: "spec"}, []part{{"lb", "lb-1"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.finding.Source = checks.SourceCloud
			hc := drawCloud(cloudService(cloudLB1(), nil, tc.finding), words.English)
			var got []part
			if len(hc.LB.Codes) > 0 {
				got = append(got, part{"lb", hc.LB.ID})
			}
			for _, l := range hc.LB.Listeners {
				if len(l.Codes) > 0 {
					got = append(got, part{"listener", l.ID})
				}
				for _, g := range l.Groups {
					if len(g.Codes) > 0 {
						got = append(got, part{"group", g.Rule})
					}
					for _, b := range g.Backends {
						if len(b.Codes) > 0 {
							got = append(got, part{"backend", b.Name})
						}
					}
				}
			}
			if !slices.Equal(got, tc.want) || len(hc.Codes) > 0 {
				t.Errorf("marked %v (unplaced %v), want %v", got, hc.Codes, tc.want)
			}
		})
	}
}

// pageOf writes reports as -o html and parses the page: its element names and its text nodes.
func pageOf(t *testing.T, reports ...Report) (elements, texts []string) {
	t.Helper()
	var b bytes.Buffer
	if err := writeHTML(&b, reports, words.English); err != nil {
		t.Fatal(err)
	}
	doc, err := html.Parse(&b)
	if err != nil {
		t.Fatal(err)
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		switch n.Type {
		case html.ElementNode:
			elements = append(elements, n.Data)
			for _, a := range n.Attr {
				elements = append(elements, n.Data+"@"+a.Key)
			}
		case html.TextNode:
			texts = append(texts, n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return elements, texts
}

func hasText(texts []string, s string) bool {
	return slices.ContainsFunc(texts, func(x string) bool { return strings.Contains(x, s) })
}

// TestHTMLCloudEscapes: markup in the names the cloud answers with comes out as text.
func TestHTMLCloudEscapes(t *testing.T) {
	lb := cloudLB1()
	lb.Name = "<script>alert(1)</script>"
	lb.Listeners[0].Name = `"><img src=x onerror=alert(2)>`
	lb.Listeners[0].Backends[1].HealthDetail = "</td><iframe src=x>"
	lb.Listeners[1].Rules[0].Domain = "<svg onload=alert(3)>"
	els, texts := pageOf(t, cloudService(lb, nil, Finding{Rule: tkerules.CloudBackendUnhealthy, Source: checks.SourceCloud, Path: "spec"}))
	for _, bad := range []string{"script", "img", "iframe", "svg", "td@onload", "img@onerror"} {
		if slices.Contains(els, bad) {
			t.Errorf("page holds %s", bad)
		}
	}
	for _, s := range []string{lb.Name, lb.Listeners[0].Name, lb.Listeners[0].Backends[1].HealthDetail, lb.Listeners[1].Rules[0].Domain} {
		if !hasText(texts, s) {
			t.Errorf("no text %q on the page", s)
		}
	}
}

// TestHTMLCloudNotRead: a load balancer the cloud refused or lacks is said so, naming the action,
// its finding marking the cloud side; a report without a cloud side draws none.
func TestHTMLCloudNotRead(t *testing.T) {
	forbidden := &cloud.ReadError{Action: cloud.Action{Product: "clb", Name: "DescribeLoadBalancers"}, Class: cloud.Forbidden, Code: "UnauthorizedOperation"}
	for _, tc := range []struct {
		name  string
		r     Report
		texts []string
		// marks is the rule the cloud side shows unplaced.
		marks rules.ID
	}{
		{name: "forbidden", r: cloudService(nil, forbidden), texts: []string{"lb-1", "clb:DescribeLoadBalancers", "forbidden"}},
		{name: "not found", r: cloudService(nil, cloud.ErrNotFound, Finding{Rule: tkerules.CloudLBMissing, Source: checks.SourceCloud, Path: "metadata.annotations[x]"}),
			texts: []string{"lb-1", "no such instance"}, marks: tkerules.CloudLBMissing},
		{name: "cloud not read", r: cloudService(nil, words.Errorf("the %s cloud was not read", "没有读取 %s 云", "tke")), texts: []string{"the tke cloud was not read"}},
		{name: "no cloud", r: func() Report { r := cloudService(nil, nil); r.Chain.Cloud = nil; return r }()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			hc := drawCloud(tc.r, words.English)
			if tc.r.Chain.Cloud == nil {
				if hc != nil {
					t.Fatalf("cloud side drawn without a cloud read: %+v", hc)
				}
				if els, _ := pageOf(t, tc.r); slices.Contains(els, "div@data-cloud-part") || slices.Contains(els, "span@data-cloud-part") {
					t.Error("page draws a cloud part")
				}
				return
			}
			for _, s := range tc.texts {
				if !hasText(hc.Notes, s) {
					t.Errorf("notes %q lack %q", hc.Notes, s)
				}
			}
			if tc.marks.Known() && !slices.Contains(hc.Codes, CodeLabel(tc.marks)) {
				t.Errorf("cloud side marked %v, want %s", hc.Codes, tc.marks)
			}
		})
	}
}

// TestHTMLCloudLinks: each chain's listener link shows the cloud's listener on its port and
// protocol, with the codes of the findings on it and its backends.
func TestHTMLCloudLinks(t *testing.T) {
	lb := cloudLB1()
	lb.Listeners = append(lb.Listeners, &cloud.Listener{ID: "lbl-udp80", Protocol: "UDP", Port: 80})
	r := cloudService(lb, nil, Finding{Rule: tkerules.CloudBackendUnhealthy, Source: checks.SourceCloud, Path: "spec"})
	r.Chain.Routes = append(r.Chain.Routes, Route{Where: "spec.ports[2]", Listener: "UDP 80"})
	hc := drawCloud(r, words.English)
	rows := drawChain(r, words.English)
	linkCloud(rows, r.Chain.Routes, hc, words.English)
	for i, want := range []struct {
		id   string
		code rules.ID
	}{{"lbl-80", tkerules.CloudBackendUnhealthy}, {"lbl-443", rules.ID{}}, {"lbl-udp80", rules.ID{}}} {
		t.Run(r.Chain.Routes[i].Listener, func(t *testing.T) {
			var cl *htmlCloudLink
			for _, l := range rows[i] {
				if l.Kind == linkListener {
					cl = l.Cloud
				}
				if len(l.Codes) > 0 {
					t.Errorf("cloud finding marks the chain's %s link", l.Kind)
				}
			}
			if cl == nil || !strings.Contains(cl.Text, want.id) {
				t.Fatalf("listener link shows %+v, want %s", cl, want.id)
			}
			if want.code.Known() != slices.Contains(cl.Codes, CodeLabel(tkerules.CloudBackendUnhealthy)) || (!want.code.Known() && len(cl.Codes) > 0) {
				t.Errorf("listener link marked %v, want %v", cl.Codes, want.code)
			}
		})
	}
}
