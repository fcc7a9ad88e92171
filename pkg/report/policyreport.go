package report

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// The PolicyReport objects -o policyreport prints: the wgpolicyk8s.io/v1alpha2 API of the Kubernetes
// Policy working group (kubernetes-sigs/wg-policy-prototypes, policy-report), which Kyverno installs
// and Policy Reporter reads. The types below declare only the fields lbdoctor fills, with the CRD's
// field names; no module of that project is imported.
const (
	// PolicyReportAPIVersion is the group and version of the printed objects.
	PolicyReportAPIVersion = "wgpolicyk8s.io/v1alpha2"
	// PolicyReportKind is the kind of a namespace's report.
	PolicyReportKind = "PolicyReport"
	// ClusterPolicyReportKind is the kind of the report of cluster-scoped objects.
	ClusterPolicyReportKind = "ClusterPolicyReport"
	// PolicyReportSource is every result's source: the engine that produced it.
	PolicyReportSource = "lbdoctor"
	// PolicyReportName is the name of each report: one per namespace (and one cluster report), so
	// that applying a new run replaces the previous run's report of the namespace.
	PolicyReportName = "lbdoctor"
	// ManagedByLabel and ManagedBy label every report, for kubectl get -l and kubectl apply --prune -l.
	ManagedByLabel = "app.kubernetes.io/managed-by"
	ManagedBy      = "kubectl-lbdoctor"
	// ClusterAnnotation names the kubeconfig context of a several-context run's reports.
	ClusterAnnotation = "lbdoctor.io/cluster"
)

// PolicyResult is a result's outcome: the CRD's enum pass, fail, warn, error or skip.
type PolicyResult string

// Outcomes lbdoctor gives (pass is never given: a report lists problems, not the rules an object
// passed).
const (
	PolicyFail  PolicyResult = "fail"
	PolicyWarn  PolicyResult = "warn"
	PolicyError PolicyResult = "error"
	PolicySkip  PolicyResult = "skip"
)

// PolicySeverity is a result's severity: the CRD's enum critical, high, medium, low or info.
type PolicySeverity string

// Severities lbdoctor gives: its three severities map to high, medium and info.
const (
	PolicyHigh   PolicySeverity = "high"
	PolicyMedium PolicySeverity = "medium"
	PolicyInfo   PolicySeverity = "info"
)

// PolicyReport is a PolicyReport or ClusterPolicyReport object.
type PolicyReport struct {
	APIVersion string              `json:"apiVersion"`
	Kind       string              `json:"kind"`
	Metadata   PolicyReportMeta    `json:"metadata"`
	Summary    PolicyReportSummary `json:"summary"`
	Results    []PolicyReportEntry `json:"results,omitempty"`
}

// PolicyReportMeta is the object metadata of a report.
type PolicyReportMeta struct {
	Name        string            `json:"name"`
	Namespace   string            `json:"namespace,omitempty"`
	Labels      map[string]string `json:"labels,omitempty"`
	Annotations map[string]string `json:"annotations,omitempty"`
}

// PolicyReportSummary counts the results by outcome.
type PolicyReportSummary struct {
	Pass  int `json:"pass"`
	Fail  int `json:"fail"`
	Warn  int `json:"warn"`
	Error int `json:"error"`
	Skip  int `json:"skip"`
}

// PolicyReportEntry is one result: a finding, a suppressed finding or a check that could not run,
// on one object.
type PolicyReportEntry struct {
	Source string `json:"source"`
	// Policy is the rule id (tke.ingress.E4052); for a check that could not run, the check's name.
	Policy string `json:"policy"`
	// Rule is the rule's documented code, else its slug (CodeLabel); for a check, its name.
	Rule string `json:"rule,omitempty"`
	// Category is provider/kind of the rule, e.g. tke/ingress.
	Category string         `json:"category,omitempty"`
	Severity PolicySeverity `json:"severity,omitempty"`
	// Timestamp is when the proving event was last seen; absent when no event proved the result
	// (see NewPolicyReports).
	Timestamp *PolicyTimestamp `json:"timestamp,omitempty"`
	Result    PolicyResult     `json:"result"`
	// Scored is true for a fail: a result that counts against the object.
	Scored    bool                    `json:"scored"`
	Resources []PolicyObjectReference `json:"resources,omitempty"`
	Message   string                  `json:"message,omitempty"`
	// Properties carry what the result has no field for (PolicyProperty keys); strings only.
	Properties map[string]string `json:"properties,omitempty"`
}

// PolicyTimestamp is a point in time as seconds and nanoseconds since the Unix epoch
// (metav1.Timestamp).
type PolicyTimestamp struct {
	Seconds int64 `json:"seconds"`
	Nanos   int32 `json:"nanos"`
}

// PolicyObjectReference names the object a result is about (core/v1 ObjectReference); FieldPath is
// the finding's path.
type PolicyObjectReference struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Namespace  string `json:"namespace,omitempty"`
	Name       string `json:"name"`
	FieldPath  string `json:"fieldPath,omitempty"`
}

// Keys of a result's properties. They never change with the language; their values do where they
// are text (title, fix).
const (
	PropCode         = "code"
	PropTitle        = "title"
	PropCheck        = "check"
	PropDetectedBy   = "detectedBy"
	PropEvent        = "event"
	PropEventCount   = "eventCount"
	PropLastSeen     = "lastSeen"
	PropPath         = "path"
	PropLocation     = "location"
	PropFix          = "fix"
	PropDoc          = "doc"
	PropLink         = "link"
	PropRetried      = "retried"
	PropProvider     = "provider"
	PropConsequences = "consequences"
	PropSuppressedBy = "suppressedBy"
	PropSkipReason   = "skipReason"
	PropCluster      = "cluster"
)

// PolicyOutcome maps a finding's severity to a result and its severity: an error fails (high), a
// warning warns (medium), an info warns (info). Only errors are scored; --fail-on does not change
// the mapping, so that the same objects give the same report whatever the exit threshold.
func PolicyOutcome(s rules.Severity) (PolicyResult, PolicySeverity) {
	switch s {
	case rules.Error:
		return PolicyFail, PolicyHigh
	case rules.Warning:
		return PolicyWarn, PolicyMedium
	}
	return PolicyWarn, PolicyInfo
}

// SkipOutcome maps why a check could not run to a result: error when the check could not be
// evaluated although it applies (permissions, a failed read, a value it cannot interpret), skip when
// it does not apply or has nothing to read (the API is not served, the object does not exist, the
// input files lack it, a forced provider has no such check).
func SkipOutcome(c snapshot.ReasonClass) PolicyResult {
	switch c {
	case snapshot.ReasonForbidden, snapshot.ReasonUnauthorized, snapshot.ReasonReadFailed, snapshot.ReasonOther:
		return PolicyError
	}
	return PolicySkip
}

// NewPolicyReports turns reports into PolicyReport objects: one per namespace that holds a
// diagnosed object, with or without results (so that applying it clears the results of an earlier
// run), and a ClusterPolicyReport for objects without a namespace. In a several-context run, each
// context has its own set, named lbdoctor-<context> and annotated with ClusterAnnotation.
//
// The objects depend on the reports alone: no clock is read. A result's timestamp is the time its
// proving event was last seen, a fact of the cluster; a result no event proved has none (the API
// server stamps the report's creationTimestamp when it is applied). Reports are ordered by
// context, then namespace (the cluster report first); results by object kind and name, then as the
// report lists them: findings, suppressed findings, checks that could not run.
//
// reports are taken as they are (Writer.Write localizes them first); lang picks the documentation
// link. Partial checks and incomplete reads are left out: they are not results of a policy.
func NewPolicyReports(reports []Report, lang words.Lang) []PolicyReport {
	type key struct{ cluster, namespace string }
	groups := map[key][]Report{}
	for _, r := range reports {
		k := key{r.Cluster, r.Target.Namespace}
		groups[k] = append(groups[k], r)
	}
	keys := make([]key, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(cmp.Compare(a.cluster, b.cluster), cmp.Compare(a.namespace, b.namespace))
	})
	out := make([]PolicyReport, 0, len(keys))
	for _, k := range keys {
		rs := slices.Clone(groups[k])
		slices.SortStableFunc(rs, func(a, b Report) int {
			return cmp.Or(cmp.Compare(a.Target.Kind, b.Target.Kind), cmp.Compare(a.Target.Name, b.Target.Name))
		})
		pr := PolicyReport{APIVersion: PolicyReportAPIVersion, Kind: PolicyReportKind,
			Metadata: PolicyReportMeta{Name: policyReportName(k.cluster), Namespace: k.namespace,
				Labels: map[string]string{ManagedByLabel: ManagedBy}}}
		if k.namespace == "" {
			pr.Kind = ClusterPolicyReportKind
		}
		if k.cluster != "" {
			pr.Metadata.Annotations = map[string]string{ClusterAnnotation: k.cluster}
		}
		for _, r := range rs {
			pr.Results = append(pr.Results, policyResults(r, lang)...)
		}
		pr.Summary = summarize(pr.Results)
		out = append(out, pr)
	}
	return out
}

// policyResults are the results of one object's report.
func policyResults(r Report, lang words.Lang) []PolicyReportEntry {
	var out []PolicyReportEntry
	for _, f := range r.Findings {
		out = append(out, findingResult(r, f, lang))
	}
	for _, f := range r.Suppressed {
		e := findingResult(r, f, lang)
		e.Result, e.Scored = PolicySkip, false
		e.Properties[PropSuppressedBy] = IgnoreAnnotation
		out = append(out, e)
	}
	for _, s := range r.Skipped {
		e := PolicyReportEntry{Source: PolicyReportSource, Policy: s.Check, Rule: s.Check, Result: SkipOutcome(s.Class),
			Resources: []PolicyObjectReference{objectRef(r.Target, "")}, Message: s.Reason,
			Properties: map[string]string{PropCheck: s.Check, PropSkipReason: string(s.Class)}}
		if r.Cluster != "" {
			e.Properties[PropCluster] = r.Cluster
		}
		out = append(out, e)
	}
	return out
}

// findingResult is the result of one finding of r.
func findingResult(r Report, f Finding, lang words.Lang) PolicyReportEntry {
	rule := f.Rule.Rule()
	result, sev := PolicyOutcome(f.Severity)
	p := map[string]string{
		PropTitle:      f.Title,
		PropCheck:      f.Check,
		PropDetectedBy: string(f.Source),
		PropRetried:    strconv.FormatBool(f.Retried),
		PropProvider:   string(rule.Provider),
		PropLink:       helpURI(rule, lang),
	}
	set := func(k, v string) {
		if v != "" {
			p[k] = v
		}
	}
	set(PropCode, f.Code)
	set(PropPath, f.Path)
	set(PropFix, f.Fix)
	set(PropDoc, f.Doc)
	set(PropCluster, r.Cluster)
	if f.Source != checks.SourceCheck {
		set(PropEvent, f.Event)
		if f.Count > 0 {
			p[PropEventCount] = strconv.Itoa(int(f.Count))
		}
		set(PropLastSeen, lastSeen(f.LastSeen))
	}
	if f.Location != nil {
		set(PropLocation, f.Location.String())
	}
	if len(f.Consequences) > 0 {
		ids := make([]string, len(f.Consequences))
		for i, c := range f.Consequences {
			ids[i] = c.Rule.String()
		}
		p[PropConsequences] = strings.Join(ids, ",")
	}
	e := PolicyReportEntry{Source: PolicyReportSource, Policy: f.Rule.String(), Rule: CodeLabel(f.Rule),
		Category: string(rule.Provider) + "/" + rule.Kind.Lower(), Severity: sev, Result: result,
		Scored: result == PolicyFail, Resources: []PolicyObjectReference{objectRef(r.Target, f.Path)},
		Message: sarifMessage(f, lang), Properties: p}
	if !f.LastSeen.IsZero() {
		ts := policyTime(f.LastSeen)
		e.Timestamp = &ts
	}
	return e
}

// objectRef is the reference to a target; path, when it is a field of the target (metadata, spec or
// status: a finding's path may also name another object, e.g. ns/tkeserviceconfig/name.spec…, which
// then stays in the path property only), is its fieldPath.
func objectRef(t snapshot.Target, path string) PolicyObjectReference {
	ref := PolicyObjectReference{APIVersion: "v1", Kind: string(t.Kind), Namespace: t.Namespace, Name: t.Name}
	for _, top := range []string{"metadata", "spec", "status"} {
		if rest, ok := strings.CutPrefix(path, top); ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
			ref.FieldPath = path
		}
	}
	if t.Kind == snapshot.KindIngress {
		ref.APIVersion = "networking.k8s.io/v1"
	}
	return ref
}

// summarize counts results by outcome.
func summarize(results []PolicyReportEntry) PolicyReportSummary {
	var s PolicyReportSummary
	for _, e := range results {
		switch e.Result {
		case PolicyFail:
			s.Fail++
		case PolicyWarn:
			s.Warn++
		case PolicyError:
			s.Error++
		case PolicySkip:
			s.Skip++
		default:
			s.Pass++
		}
	}
	return s
}

// policyReportName is the name of a context's reports: lbdoctor, or lbdoctor-<context> in a
// several-context run. A context name that is not already a DNS label (lowercase letters, digits
// and dashes) is cleaned to one and followed by a hash of its real name, so that two contexts
// never share a name.
func policyReportName(cluster string) string {
	if cluster == "" {
		return PolicyReportName
	}
	var b strings.Builder
	for _, r := range strings.ToLower(cluster) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	clean := strings.Trim(b.String(), "-")
	for strings.Contains(clean, "--") {
		clean = strings.ReplaceAll(clean, "--", "-")
	}
	const maxClean = 253 - len(PolicyReportName) - 1 - 1 - 8
	if len(clean) > maxClean {
		clean = strings.TrimRight(clean[:maxClean], "-")
	}
	name := PolicyReportName
	if clean != "" {
		name += "-" + clean
	}
	if clean != cluster {
		sum := sha256.Sum256([]byte(cluster))
		name += "-" + hex.EncodeToString(sum[:4])
	}
	return name
}

// writePolicyReports prints the objects as YAML documents separated by ---: kubectl apply -f -
// reads them, and so does any tool that reads manifests one object at a time (a List is kubectl's
// client-side wrapper, not an API kind). No objects print nothing.
func writePolicyReports(out io.Writer, objs []PolicyReport) error {
	for i, o := range objs {
		if i > 0 {
			if _, err := io.WriteString(out, "---\n"); err != nil {
				return YAMLError(err)
			}
		}
		if err := encodeYAML(out, o); err != nil {
			return err
		}
	}
	return nil
}

// policyTime is t as a PolicyTimestamp.
func policyTime(t time.Time) PolicyTimestamp {
	return PolicyTimestamp{Seconds: t.Unix(), Nanos: int32(t.Nanosecond())}
}
