package report

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"regexp"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// HTML is one self-contained HTML page: the summary table, each finding with its cause, fix, risk
// and vendor link, and each target's chain from the load balancer to its pods.
const HTML Format = "html"

var (
	//go:embed html.tmpl
	htmlPage string
	//go:embed html.css
	htmlStyle string

	htmlTemplate = template.Must(template.New("report").Parse(htmlPage))
)

// htmlCSP allows the page's one style sheet (by its hash) and nothing else: no script, font, image,
// frame, form or connection.
func htmlCSP() string {
	sum := sha256.Sum256([]byte(htmlStyle))
	return "default-src 'none'; style-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) +
		"'; img-src 'none'; font-src 'none'; script-src 'none'; connect-src 'none'; base-uri 'none'; form-action 'none'"
}

// htmlWords are the page's own texts.
type htmlWords struct {
	Summary, Provider, Controller, Source, Incomplete, Chain, NoChain, Findings, NoProblems,
	Cause, Fix, Risk, Doc, Consequence, Skipped string
	// The cloud side's texts.
	LB, State, Addresses, Listener, AskedBy, NotAsked, Foreign, NoListener, Rule, Backend, Health, Weight, NoBackend string
}

func htmlWordsIn(lang words.Lang) htmlWords {
	in := func(en, zh string) string { return words.Phrase{En: en, Zh: zh}.In(lang) }
	return htmlWords{
		Summary: in("Summary", "汇总"), Provider: in("provider", "云厂商"), Controller: in("controller", "控制器"),
		Source: in("source", "来源"), Incomplete: in("the report may be incomplete", "报告可能不完整"),
		Chain: in("Traffic chain", "流量链路"), NoChain: in("The chain could not be read.", "无法读取流量链路。"),
		Findings: in("Findings", "问题"), NoProblems: in("No problems found.", "未发现问题。"),
		Cause: in("Cause", "原因"), Fix: in("Fix", "修复"), Risk: in("Risk", "风险"), Doc: in("Vendor doc", "厂商文档"),
		Consequence: in("Consequence", "连带问题"), Skipped: in("Checks that could not run", "未能运行的检查"),
		LB: in("load balancer", "负载均衡"), State: in("state", "状态"), Addresses: in("addresses", "地址"),
		Listener: in("listener", "监听器"), AskedBy: in("asked for by", "对象中的字段"), NotAsked: in("no port of the object asks for it", "对象未要求此监听器"),
		Foreign: in("another owner's", "属于其他所有者"), NoListener: in("no such listener on the load balancer", "负载均衡上没有此监听器"),
		Rule: in("rule", "转发规则"), Backend: in("backend", "后端"), Health: in("health", "健康状态"), Weight: in("weight", "权重"),
		NoBackend: in("no backend", "没有后端"),
	}
}

// linkKind is one link of a drawn chain.
type linkKind string

// The links of a chain, from the client to the nodes.
const (
	linkClient    linkKind = "client"
	linkListener  linkKind = "listener"
	linkRule      linkKind = "rule"
	linkService   linkKind = "service"
	linkEndpoints linkKind = "endpoints"
	linkPods      linkKind = "pods"
	linkNodes     linkKind = "nodes"
)

// htmlLink is a drawn link: what it is, what it holds and the codes of the findings that break it.
type htmlLink struct {
	Kind        linkKind
	Label, Text string
	// Why says why the link could not be read.
	Why   string
	Codes []string
	// Cloud is the cloud's listener on a listener link, when the cloud was read (--cloud).
	Cloud *htmlCloudLink
}

type htmlFinding struct {
	F                       Finding
	Label, Severity, Anchor string
	Cause                   string
	Link                    template.URL
}

type htmlTarget struct {
	R                            Report
	Anchor, Object, Worst, Codes string
	Routes                       [][]htmlLink
	Cloud                        *htmlCloud
	Findings                     []htmlFinding
}

type htmlData struct {
	Lang, Title, Total string
	CSP                string
	Style              template.CSS
	T                  htmlWords
	Clustered          bool
	Targets            []htmlTarget
}

// writeHTML writes reports as one HTML page. Every text goes through html/template, which escapes it
// for where it stands; only the page's own style sheet is inserted as it is.
func writeHTML(out io.Writer, reports []Report, lang words.Lang) error {
	d := htmlData{Lang: string(lang), CSP: htmlCSP(), Style: template.CSS(htmlStyle), T: htmlWordsIn(lang),
		Clustered: clustered(reports)}
	d.Title = words.Phrase{En: "lbdoctor report", Zh: "lbdoctor 诊断报告"}.In(lang)
	var sum Summary
	bad := 0
	for i, r := range reports {
		sum.plus(r.Summary)
		t := htmlTarget{R: r, Anchor: fmt.Sprintf("t%d", i+1), Worst: "ok", Codes: codes(r),
			Object: r.Target.Kind.Lower() + "/" + r.Target.Namespace + "/" + r.Target.Name}
		if s, ok := r.Worst(); ok {
			t.Worst = s.String()
			bad++
		}
		for j, f := range r.Findings {
			hf := htmlFinding{F: f, Label: CodeLabel(f.Rule), Severity: strings.ToUpper(f.Severity.String()),
				Anchor: fmt.Sprintf("%s-f%d", t.Anchor, j+1)}
			if rule, ok := rules.Get(f.Rule); ok {
				hf.Cause = rule.In(lang).Cause
				hf.Link = template.URL(safeURL(rule.Link(lang)))
			}
			t.Findings = append(t.Findings, hf)
		}
		t.Routes = drawChain(r, lang)
		if t.Cloud = drawCloud(r, lang); t.Cloud != nil {
			linkCloud(t.Routes, r.Chain.Routes, t.Cloud, lang)
		}
		d.Targets = append(d.Targets, t)
	}
	d.Total = fmt.Sprintf(strings.TrimSpace(say(lang, phTotal)), len(reports), bad, len(reports)-bad, sum.Error, sum.Warning, sum.Info)
	return htmlTemplate.Execute(out, d)
}

// safeURL is u when it is an http or https address, else "" (no other scheme reaches an href).
func safeURL(u string) string {
	if strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") {
		return u
	}
	return ""
}

// routeIndex reads the object path of a route's part: spec.ports[i] or spec.rules[i].http.paths[j].
var routeIndex = regexp.MustCompile(`^spec\.(ports\[\d+\]|rules\[\d+\](\.http\.paths\[\d+\])?|defaultBackend)`)

// drawChain lays out a report's chain, one row of links per route, and marks on each the codes of
// the findings that break it (breaks). A report without a chain draws nothing.
func drawChain(r Report, lang words.Lang) [][]htmlLink {
	if r.Chain == nil {
		return nil
	}
	in := func(en, zh string) string { return words.Phrase{En: en, Zh: zh}.In(lang) }
	var rows [][]htmlLink
	for _, rt := range r.Chain.Routes {
		row := []htmlLink{
			{Kind: linkClient, Label: in("client", "客户端"), Text: in("client", "客户端")},
			{Kind: linkListener, Label: in("LB listener", "负载均衡监听器"), Text: orUnknown(rt.Listener, lang)},
		}
		if r.Target.Kind == snapshot.KindIngress {
			row = append(row, htmlLink{Kind: linkRule, Label: in("rule", "转发规则"), Text: rt.Host + rt.Path})
		}
		row = append(row, htmlLink{Kind: linkService, Label: in("Service port", "Service 端口"), Text: orUnknown(rt.Service+":"+rt.ServicePort, lang)})
		ep := htmlLink{Kind: linkEndpoints, Label: in("endpoints (ready/total)", "端点（就绪/总数）")}
		pods := htmlLink{Kind: linkPods, Label: in("pods", "Pod")}
		nodes := htmlLink{Kind: linkNodes, Label: in("nodes", "节点")}
		if b := rt.Backends; b != nil {
			ep.Text = fmt.Sprintf("%d/%d", b.Ready, b.Total)
			pods.Text, nodes.Text = list(b.Pods), list(b.Nodes)
		} else {
			ep.Text, pods.Text, nodes.Text = in("unknown", "未知"), "?", "?"
			if rt.Unknown != nil {
				ep.Why = words.ErrorIn(rt.Unknown, lang)
			}
		}
		row = append(row, ep, pods, nodes)
		for _, f := range r.Findings {
			if f.Source == checks.SourceCloud && r.Chain.Cloud != nil {
				continue // drawn on the cloud side
			}
			k := breaks(f, r.Target.Kind)
			if m := routeIndex.FindString(f.Path); m != "" && rt.Where != "" && !strings.HasPrefix(m, rt.Where) && !strings.HasPrefix(rt.Where, m) {
				continue // a part of another route
			}
			if strings.HasPrefix(f.Path, "spec.tls") && !strings.HasPrefix(rt.Listener, "HTTPS") {
				continue // TLS is the HTTPS listener's
			}
			for i := range row {
				if row[i].Kind == k && !contains(row[i].Codes, CodeLabel(f.Rule)) {
					row[i].Codes = append(row[i].Codes, CodeLabel(f.Rule))
				}
			}
		}
		rows = append(rows, row)
	}
	return rows
}

func orUnknown(s string, lang words.Lang) string {
	if s == "" || s == ":" {
		return words.Phrase{En: "unknown", Zh: "未知"}.In(lang)
	}
	return s
}

func list(s []string) string {
	if len(s) == 0 {
		return "—"
	}
	return strings.Join(s, ", ")
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// breaks is the link of the chain a finding is about: by what its check reads (backends, nodes,
// pods), else by the object path it names; a finding about the load balancer's settings breaks
// the listener.
func breaks(f Finding, kind snapshot.Kind) linkKind {
	check, path := f.Check, f.Path
	ingressRule := kind == snapshot.KindIngress && (strings.HasPrefix(path, "spec.rules") || strings.HasPrefix(path, "spec.defaultBackend"))
	switch {
	case ingressRule && (strings.Contains(path, ".backend") || strings.HasPrefix(path, "spec.defaultBackend")):
		return linkService
	case ingressRule:
		return linkRule
	case strings.Contains(check, "endpoints") || strings.Contains(check, "backends") || strings.HasPrefix(path, "spec.selector"):
		return linkEndpoints
	case strings.Contains(check, "external-traffic") || strings.Contains(check, "eni") || strings.Contains(check, "zone") || strings.Contains(check, "direct-access"):
		return linkNodes
	case strings.Contains(check, "probe") || strings.Contains(check, "graceful"):
		return linkPods
	case strings.HasPrefix(path, "spec.loadBalancerSourceRanges"):
		return linkClient
	}
	return linkListener
}
