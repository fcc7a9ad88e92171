package cmd

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

// htmlPage is what the tests read of an -o html page, parsed by a real HTML parser.
type htmlPage struct {
	csp string
	// findings are "kind/namespace/name rule" of each finding block, in order.
	findings []string
	// marked are the codes marked on each target's chain links, by "kind/namespace/name".
	marked map[string][]string
	// routes counts each target's drawn chains.
	routes map[string]int
	// texts are the page's text nodes, unescaped.
	texts []string
	// banned are elements and attributes a self-contained, script-free page must not have.
	banned []string
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

func hasClass(n *html.Node, c string) bool {
	v, _ := attr(n, "class")
	return slices.Contains(strings.Fields(v), c)
}

func parsePage(t *testing.T, page string) htmlPage {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	p := htmlPage{marked: map[string][]string{}, routes: map[string]int{}}
	var walk func(n *html.Node, target string)
	walk = func(n *html.Node, target string) {
		switch n.Type {
		case html.TextNode:
			p.texts = append(p.texts, n.Data)
		case html.ElementNode:
			switch n.Data {
			case "script", "iframe", "object", "embed", "img", "link", "form", "base", "svg", "video", "audio":
				p.banned = append(p.banned, "<"+n.Data+">")
			case "meta":
				if v, _ := attr(n, "http-equiv"); v == "Content-Security-Policy" {
					p.csp, _ = attr(n, "content")
				}
			case "section":
				if v, ok := attr(n, "data-target"); ok {
					target = v
				}
			}
			for _, a := range n.Attr {
				if strings.HasPrefix(a.Key, "on") || a.Key == "src" || a.Key == "style" ||
					(a.Key == "href" && !strings.HasPrefix(a.Val, "#") && !strings.HasPrefix(a.Val, "https://")) {
					p.banned = append(p.banned, a.Key+"="+a.Val)
				}
			}
			if hasClass(n, "finding") {
				rule, _ := attr(n, "data-rule")
				p.findings = append(p.findings, target+" "+rule)
			}
			if hasClass(n, "chain") {
				p.routes[target]++
			}
			if hasClass(n, "code") && n.FirstChild != nil {
				p.marked[target] = append(p.marked[target], n.FirstChild.Data)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c, target)
		}
	}
	walk(doc, "")
	return p
}

// TestHTMLOfflineRuns: -o html over every example and corpus file is one self-contained page with
// a strict CSP, holding every finding the JSON report holds, and a drawn chain per target on which
// each finding's code marks a link.
func TestHTMLOfflineRuns(t *testing.T) {
	t.Chdir(filepath.Join("..", ".."))
	files, _ := filepath.Glob(filepath.Join("examples", "*", "*.yaml"))
	corpus, _ := filepath.Glob(filepath.Join("test", "corpus", "*", "*.yaml"))
	if len(files) == 0 || len(corpus) == 0 {
		t.Fatalf("no examples (%d) or corpus files (%d)", len(files), len(corpus))
	}
	total := 0
	for _, f := range append(files, corpus...) {
		t.Run(filepath.ToSlash(f), func(t *testing.T) {
			page, stderr, code := run(t, "-f", f, "-A", "-o", "html")
			if code != ExitOK && code != ExitFindings {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			out, _, _ := run(t, "-f", f, "-A", "-o", "json")
			var list report.List
			if err := json.Unmarshal([]byte(out), &list); err != nil {
				t.Fatal(err)
			}
			p := parsePage(t, page)
			checkCSP(t, p)
			var want []string
			for _, r := range list.Items {
				target := strings.ToLower(string(r.Target.Kind)) + "/" + r.Target.Namespace + "/" + r.Target.Name
				if p.routes[target] == 0 {
					t.Errorf("%s: no chain drawn", target)
				}
				for _, fd := range r.Findings {
					want = append(want, target+" "+fd.Rule.String())
					if p.routes[target] > 0 && !slices.Contains(p.marked[target], report.CodeLabel(fd.Rule)) {
						t.Errorf("%s: %s marks no link of the chain (marked %v)", target, fd.Rule, p.marked[target])
					}
				}
			}
			total += len(want)
			if !slices.Equal(p.findings, want) {
				t.Errorf("findings on the page %v, want %v", p.findings, want)
			}
		})
	}
	if total == 0 {
		t.Error("no findings at all; the examples have findings")
	}
}

func checkCSP(t *testing.T, p htmlPage) {
	t.Helper()
	for _, d := range []string{"default-src 'none'", "script-src 'none'", "img-src 'none'", "base-uri 'none'", "style-src 'sha256-"} {
		if !strings.Contains(p.csp, d) {
			t.Errorf("CSP %q lacks %q", p.csp, d)
		}
	}
	if strings.Contains(p.csp, "unsafe-") {
		t.Errorf("CSP %q allows unsafe sources", p.csp)
	}
	if len(p.banned) > 0 {
		t.Errorf("page holds %v", p.banned)
	}
}

// TestHTMLEscapesHostileNames: markup in an object's name, namespace and annotation comes out as
// text, never as elements or attributes.
func TestHTMLEscapesHostileNames(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		texts []string
	}{
		{name: "tke", args: []string{"--provider", "tke"},
			texts: []string{"<script>alert(1)</script>", `ns"><img src=x onerror=alert(2)>`, `"<script>alert(3)</script>" is not a valid`}},
		{name: "zh", args: []string{"--provider", "tke", "--lang", "zh"},
			texts: []string{"<script>alert(1)</script>", `ns"><img src=x onerror=alert(2)>`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := filepath.Join("testdata", t.Name()[:strings.Index(t.Name(), "/")], "hostile.yaml")
			page, stderr, code := run(t, append([]string{"-f", f, "-A", "-o", "html"}, tc.args...)...)
			if code != ExitFindings {
				t.Fatalf("exit %d, want %d: %s", code, ExitFindings, stderr)
			}
			p := parsePage(t, page)
			checkCSP(t, p)
			if len(p.findings) != 1 || !strings.HasSuffix(p.findings[0], " tke.service.E4011") {
				t.Errorf("findings %v, want the E4011 of the annotation", p.findings)
			}
			for _, want := range tc.texts {
				if !slices.ContainsFunc(p.texts, func(s string) bool { return strings.Contains(s, want) }) {
					t.Errorf("no text %q on the page", want)
				}
			}
		})
	}
}
