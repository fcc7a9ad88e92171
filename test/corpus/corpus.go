// Package corpus holds a real-world corpus of Services, Ingresses and the objects around them, each
// file shaped the way a real TKE or ACK cluster (or a vendor document) holds it, with the expected
// diagnosis declared in its comment header. It reads those headers for the offline and live tests.
//
// Header lines (comments before the first YAML document):
//
//	# source: <URL or repo+path of the public document or issue>; <what was adapted>
//	# lbdoctor-source-kind: doc-sample | controller-written | event
//	# lbdoctor-expect: clean | CODE-or-rule-id[,...]
//	# lbdoctor-provider: tke | ack | generic            (optional)
//	# lbdoctor-forbid: rule-id[,...]                   (optional; must not appear at any severity)
//	# lbdoctor-needs-live: <why>                       (optional; expected codes asserted live only)
//	# lbdoctor-offline-only: <why a real API server would reject it>   (optional)
//	# lbdoctor-known-bug: <short>                        (optional; expected failure)
package corpus

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
)

// Source kinds.
const (
	DocSample         = "doc-sample"
	ControllerWritten = "controller-written"
	EventKind         = "event"
)

// Meta is the parsed header of one corpus file.
type Meta struct {
	// Path is the file path; Name is its path relative to the corpus root, e.g. "tke/001-x.yaml".
	Path, Name string
	Source     string
	SourceKind string
	// Expect lists the codes or rule ids that must appear; empty means clean.
	Expect []string
	// Forbid lists rule ids that must not appear at any severity.
	Forbid   []string
	Provider string
	// NeedsLive says why the expected findings cannot be proven from the file alone (an object
	// absent from the file is unknown offline); they are asserted only live.
	NeedsLive   string
	OfflineOnly string
	KnownBug    string
}

// Clean reports whether the file declares no problem.
func (m Meta) Clean() bool { return len(m.Expect) == 0 }

// Group is the file's top directory (tke, ack or generic).
func (m Meta) Group() string {
	g, _, _ := strings.Cut(filepath.ToSlash(m.Name), "/")
	return g
}

// Files returns every corpus file under root (*.yaml in its subdirectories), sorted, with its header.
func Files(root string) ([]Meta, error) {
	paths, err := filepath.Glob(filepath.Join(root, "*", "*.yaml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []Meta
	for _, p := range paths {
		m, err := Parse(p)
		if err != nil {
			return nil, err
		}
		m.Name, _ = filepath.Rel(root, p)
		m.Name = filepath.ToSlash(m.Name)
		out = append(out, m)
	}
	return out, nil
}

// Parse reads the header of one corpus file. A file without a source, a source kind or an
// expectation is an error.
func Parse(path string) (Meta, error) {
	m := Meta{Path: path}
	var expectSeen, expectClean bool
	err := scanHeader(path, func(key, val string) {
		switch key {
		case "source":
			m.Source = val
		case "lbdoctor-source-kind":
			m.SourceKind = val
		case "lbdoctor-expect":
			expectSeen, expectClean = true, val == "clean"
			if !expectClean {
				m.Expect = append(m.Expect, list(val)...)
			}
		case "lbdoctor-forbid":
			m.Forbid = append(m.Forbid, list(val)...)
		case "lbdoctor-provider":
			m.Provider = val
		case "lbdoctor-needs-live":
			m.NeedsLive = val
		case "lbdoctor-offline-only":
			m.OfflineOnly = val
		case "lbdoctor-known-bug":
			m.KnownBug = val
		}
	})
	if err != nil {
		return Meta{}, err
	}
	switch {
	case m.Source == "":
		return Meta{}, fmt.Errorf("%s: no '# source:' line", path)
	case m.SourceKind != DocSample && m.SourceKind != ControllerWritten && m.SourceKind != EventKind:
		return Meta{}, fmt.Errorf("%s: lbdoctor-source-kind %q is not doc-sample, controller-written or event", path, m.SourceKind)
	case !expectSeen || (!expectClean && len(m.Expect) == 0):
		return Meta{}, fmt.Errorf("%s: no '# lbdoctor-expect:' line", path)
	}
	for _, e := range m.Expect {
		if _, ok := rules.Parse(e); !ok && len(rules.Lookup(e, "", "")) == 0 {
			return Meta{}, fmt.Errorf("%s: lbdoctor-expect %q is no rule id or code of the catalog", path, e)
		}
	}
	for _, e := range m.Forbid {
		if _, ok := rules.Parse(e); !ok {
			return Meta{}, fmt.Errorf("%s: lbdoctor-forbid %q is no rule id of the catalog", path, e)
		}
	}
	return m, nil
}

// scanHeader calls fn with the key and value of each "# key: value" line of path's header, the
// comments before its first YAML document.
func scanHeader(path string, fn func(key, val string)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "---" || (line != "" && !strings.HasPrefix(line, "#")) {
			break
		}
		key, val, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "#")), ":")
		if ok {
			fn(strings.TrimSpace(key), strings.TrimSpace(val))
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// list splits a comma-separated header value, dropping empty entries.
func list(val string) []string {
	var out []string
	for _, e := range strings.Split(val, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// Pair is one change pair, pairs/<provider>/<case>/: now.yaml is an object as it is (applied, its
// load balancer made), new.yaml the manifest about to be applied. new.yaml's header names the public
// source (# source:), the provider and the change findings a preflight must report (# lbdoctor-expect:
// rule ids, or benign for none).
type Pair struct {
	Dir, Source, Provider string
	// Expect is the expected change rules, sorted; empty for a benign change.
	Expect []string
}

// Pairs returns every change pair under root (root/<provider>/<case>/), sorted by directory.
func Pairs(root string) ([]Pair, error) {
	dirs, err := filepath.Glob(filepath.Join(root, "*", "*"))
	if err != nil {
		return nil, err
	}
	sort.Strings(dirs)
	out := make([]Pair, 0, len(dirs))
	for _, dir := range dirs {
		p := Pair{Dir: dir}
		err := scanHeader(filepath.Join(dir, "new.yaml"), func(key, val string) {
			switch key {
			case "source":
				p.Source = val
			case "lbdoctor-provider":
				p.Provider = val
			case "lbdoctor-expect":
				if val != "benign" {
					p.Expect = append(p.Expect, list(val)...)
				}
			}
		})
		if err != nil {
			return nil, err
		}
		if p.Source == "" || p.Provider == "" {
			return nil, fmt.Errorf("%s: new.yaml needs # source: and # lbdoctor-provider:", dir)
		}
		slices.Sort(p.Expect)
		out = append(out, p)
	}
	return out, nil
}

// Verdict is how a diagnosis measures up to a file's expectation.
type Verdict struct {
	Targets int
	// Errors and Warnings list "rule@target" for each error- and warning-severity finding.
	Errors, Warnings []string
	// Forbidden lists "rule@target" for each finding of a forbidden rule.
	Forbidden []string
	// Missing lists expected codes or rule ids that no finding carries.
	Missing []string
	// WrongProvider lists the provider of each target that differs from the declared one.
	WrongProvider []string
}

// Evaluate compares the reports of one corpus file with its header. A rule reported as the
// consequence of a finding counts as reported (an expected code may be folded under its cause, a
// forbidden one must not appear there either); severities are those of the findings.
func Evaluate(m Meta, l report.List) Verdict {
	v := Verdict{Targets: len(l.Items)}
	seen := map[string]bool{}
	for _, r := range l.Items {
		if m.Provider != "" && string(r.Provider.Name) != m.Provider {
			v.WrongProvider = append(v.WrongProvider, fmt.Sprintf("%s is %s", r.Target.Name, r.Provider.Name))
		}
		for _, f := range r.Findings {
			seen[f.Rule.String()], seen[f.Code] = true, true
			if slices.Contains(m.Forbid, f.Rule.String()) {
				v.Forbidden = append(v.Forbidden, f.Rule.String()+"@"+r.Target.Name)
			}
			for _, c := range f.Consequences {
				seen[c.Rule.String()], seen[c.Code] = true, true
				if slices.Contains(m.Forbid, c.Rule.String()) {
					v.Forbidden = append(v.Forbidden, c.Rule.String()+"@"+r.Target.Name+" (consequence of "+f.Rule.String()+")")
				}
			}
			switch f.Severity {
			case rules.Error:
				v.Errors = append(v.Errors, f.Rule.String()+"@"+r.Target.Name)
			case rules.Warning:
				v.Warnings = append(v.Warnings, f.Rule.String()+"@"+r.Target.Name)
			}
		}
	}
	for _, e := range m.Expect {
		if !seen[e] {
			v.Missing = append(v.Missing, e)
		}
	}
	return v
}

// Problems lists every way the verdict falls short of the expectation: no target, a wrong provider,
// an error on a clean file, a forbidden finding, a missing expected finding (live only, when the file
// needs the live cluster).
func (v Verdict) Problems(m Meta, live bool) []string {
	var out []string
	if v.Targets == 0 {
		out = append(out, "no LoadBalancer Service or Ingress diagnosed")
	}
	for _, p := range v.WrongProvider {
		out = append(out, "provider: want "+m.Provider+", "+p)
	}
	if m.Clean() && len(v.Errors) > 0 {
		out = append(out, "false error on a clean file: "+strings.Join(v.Errors, ", "))
	}
	if len(v.Forbidden) > 0 {
		out = append(out, "forbidden finding: "+strings.Join(v.Forbidden, ", "))
	}
	if len(v.Missing) > 0 && (live || m.NeedsLive == "") {
		out = append(out, "missed: "+strings.Join(v.Missing, ", "))
	}
	return out
}
