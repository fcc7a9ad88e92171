// Package diagnose is the diagnosis pipeline every caller shares: it decides a target's provider,
// runs the checks on a snapshot (events joined as findings by the checks), builds the report
// (rules joined, locations set, the object's lbdoctor.io/ignore suppressions applied) and, for a
// manifest run, says where the target is defined. The command line (one-shot, watch, several
// contexts), the serve engine and the admission-policy tests all diagnose through Target or All; the
// loading of what is diagnosed (Live, Offline) lives here too, so that a new caller gets the same
// reports and the same errors.
package diagnose

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/par"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Options are what a diagnosis needs besides the snapshot and the target.
type Options struct {
	// Provider forces the cloud provider; "" detects it per target.
	Provider rules.Provider
	// Suite is the providers and checks to diagnose with; nil is every provider of the registry.
	Suite *checks.Suite
	// Input, for a manifest run, is the input the snapshots were read from: each report then says
	// where its target is defined (Origin) and where else the input defines it (AlsoDefinedAt).
	Input *snapshot.Input
	// Warn, when set, hears each warning about a target's annotations (a lbdoctor.io/ignore entry
	// that names no rule), one line each, worded in every language.
	Warn func(line words.Words)
	// Chains sets each report's Chain (the way from the listeners to the pods), for drawn outputs.
	Chains bool
}

// Target diagnoses one target of snap: the checks of its provider (forced, or detected), its
// report built from their result, a skip when a forced provider has no checks for the target's
// kind, and the object's lbdoctor.io/ignore suppressions applied. A target that snap lacks is an
// error that names it (offline, with the namespace that holds an object of that name).
func Target(snap *snapshot.Snapshot, t snapshot.Target, opts Options) (report.Report, error) {
	rep, warnings, err := target(snap, t, opts)
	if opts.Warn != nil {
		for _, w := range warnings {
			opts.Warn(w)
		}
	}
	return rep, err
}

func target(snap *snapshot.Snapshot, t snapshot.Target, opts Options) (report.Report, []words.Words, error) {
	det := checks.Detection{Provider: opts.Provider, Evidence: words.Say("--provider flag", "--provider 参数")}
	if opts.Provider == "" {
		det = opts.suite().DetectProvider(snap, t)
	}
	res, err := opts.suite().Run(snap, t, det.Provider)
	if err != nil {
		return report.Report{}, nil, withNamespaceHint(NotFound(err, t), snap, t)
	}
	if opts.Provider != "" && !opts.suite().HasChecks(opts.Provider, t.Kind) {
		why := &words.WordsError{W: words.Say("--provider %s has no checks for %ss; only the provider-independent checks ran (try --provider auto)",
			"--provider %s 没有针对 %s 的检查；只运行了与云厂商无关的检查（可尝试 --provider auto）", opts.Provider, t.Kind.Lower())}
		res.Skipped = append(res.Skipped, checks.Skip{Check: "provider", Class: snapshot.ReasonProvider, Reason: why.Error(), Worded: why})
	}
	rep, err := report.Build(res, snap.Source, snap.Incomplete)
	if err != nil {
		return report.Report{}, nil, err
	}
	rep.Provider.SetEvidence(det.Evidence)
	rep.Provider.Undetected = opts.Provider == "" && det.Provider == rules.Generic
	rep.Locate(func(path string) *snapshot.Location { return snap.Locate(t, path) })
	if opts.Chains {
		rep.Chain = Chain(snap, t)
		rep.Chain.Cloud = ChainCloud(snap, t, det.Provider, opts.suite())
	}
	var warnings []words.Words
	if v := Meta(snap, t).Annotations[report.IgnoreAnnotation]; v != "" {
		for _, e := range rep.Suppress(report.ParseIgnore(v)) {
			warnings = append(warnings, words.Say("warning: %s on %s names %q, which is no rule id or code; see kubectl lbdoctor rules",
				"警告：%[2]s 的注解 %[1]s 中的 %[3]q 既不是规则 ID 也不是错误码；参见 kubectl lbdoctor rules", report.IgnoreAnnotation, t.String(), e))
		}
	}
	if opts.Input != nil {
		rep.Origin = snap.Locate(t, "")
		for _, d := range opts.Input.Definitions(t) {
			if rep.Origin == nil || d != *rep.Origin {
				rep.AlsoDefinedAt = append(rep.AlsoDefinedAt, d)
			}
		}
	}
	return rep, warnings, nil
}

// Batch is targets to diagnose in one snapshot.
type Batch struct {
	Snap    *snapshot.Snapshot
	Targets []snapshot.Target
}

// All diagnoses the targets of every batch side by side, sealing each snapshot first. The reports
// (nil when there is no target) and the warnings keep the batches' and targets' order, so a run
// gives the same output every time; the first target in that order that fails is the error, and
// the warnings of the targets after it are not given.
func All(batches []Batch, opts Options) ([]report.Report, error) {
	type job struct {
		snap *snapshot.Snapshot
		t    snapshot.Target
	}
	var jobs []job
	for _, b := range batches {
		b.Snap.Seal()
		for _, t := range b.Targets {
			jobs = append(jobs, job{b.Snap, t})
		}
	}
	reports := make([]report.Report, len(jobs))
	warnings := make([][]words.Words, len(jobs))
	errs := make([]error, len(jobs))
	par.Each(len(jobs), func(i int) {
		reports[i], warnings[i], errs[i] = target(jobs[i].snap, jobs[i].t, opts)
	})
	for i := range jobs {
		if opts.Warn != nil {
			for _, w := range warnings[i] {
				opts.Warn(w)
			}
		}
		if errs[i] != nil {
			return nil, errs[i]
		}
	}
	if len(reports) == 0 {
		return nil, nil
	}
	return reports, nil
}

// Incomplete gathers the failed reads of the batches' snapshots, in order.
func Incomplete(batches []Batch) []snapshot.FailedRead {
	var out []snapshot.FailedRead
	for _, b := range batches {
		out = append(out, b.Snap.Incomplete...)
	}
	return out
}

// Failure returns the first read that failed for a reason other than permission (a forbidden read
// names its RBAC rule and skips the checks that need it; any other lost read may hide findings),
// and whether there is one: what makes a run exit 2 unless --allow-incomplete.
func Failure(reads []snapshot.FailedRead) (snapshot.FailedRead, bool) {
	for _, r := range reads {
		if !r.Permission() {
			return r, true
		}
	}
	return snapshot.FailedRead{}, false
}

// IncompleteError is the error of a report that lost a read for a reason other than permission
// (see Failure); nil when none did.
func IncompleteError(reads []snapshot.FailedRead) error {
	if r, ok := Failure(reads); ok {
		return words.Errorf("the report may be incomplete, a read failed: %s", "报告可能不完整，有一次读取失败：%s", r)
	}
	return nil
}

// NotFound words the error of a target snap lacks: a missing object says how to name another, an
// unknown one (a read that failed) says which target it is.
func NotFound(err error, t snapshot.Target) error {
	if snapshot.IsNotFound(err) {
		return words.Errorf("%s %q not found in namespace %q; check the name, or pass -n NAMESPACE",
			"命名空间 %[3]q 中没有 %[1]s %[2]q；请检查名称，或用 -n NAMESPACE 指定命名空间", t.Kind.Lower(), t.Name, t.Namespace)
	}
	if snapshot.IsUnknown(err) {
		return words.Errorf("%s %s/%s: %w", "目标 %s %s/%s：%w", t.Kind.Lower(), t.Namespace, t.Name, err)
	}
	return err
}

// withNamespaceHint adds, offline, where the input holds an object of the target's kind and name
// when the target's namespace does not: the usual cause is a missing -n.
func withNamespaceHint(err error, snap *snapshot.Snapshot, t snapshot.Target) error {
	if snap.Source != snapshot.Offline {
		return err
	}
	var where []string
	for _, ns := range namespacesOf(snap, t) {
		if ns != t.Namespace {
			where = append(where, ns)
		}
	}
	if len(where) == 0 {
		return err
	}
	ns := report.Printable(where[0])
	return words.Errorf("%w; the input has %s/%s; add -n %s", "%[1]w；输入中有 %[2]s/%[3]s；请加上 -n %[4]s", err, ns, report.Printable(t.Name), ns)
}

// Meta returns the metadata of the target's Service or Ingress in snap; zero when it is absent.
func Meta(snap *snapshot.Snapshot, t snapshot.Target) metav1.ObjectMeta {
	if t.Kind == snapshot.KindService {
		if svc, err := snap.Services.Get(t.Namespace, t.Name); err == nil {
			return svc.ObjectMeta
		}
	} else if ing, err := snap.Ingresses.Get(t.Namespace, t.Name); err == nil {
		return ing.ObjectMeta
	}
	return metav1.ObjectMeta{}
}

// suite is o.Suite, or every provider of the registry.
func (o Options) suite() *checks.Suite {
	if o.Suite != nil {
		return o.Suite
	}
	return providers.Suite()
}
