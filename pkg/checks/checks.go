// Package checks holds the diagnosis checks: pure functions of a snapshot that emit rule IDs plus the
// facts of each instance. They never call the API; the rule table supplies every explanation.
package checks

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	discoveryv1 "k8s.io/api/discovery/v1"
	networkingv1 "k8s.io/api/networking/v1"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/changes"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/events"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// OfflineMode says how a check treats objects that offline input files may lack.
type OfflineMode int

// Offline modes.
const (
	// NeedsComplete: an object the files lack could change the answer either way, so the check is
	// skipped when the input does not hold what it needs.
	NeedsComplete OfflineMode = iota
	// AddOnly: more objects can only add findings (two Services in the files that claim one CLB
	// port already conflict), so offline the check runs on what the files hold and the result says
	// its findings may be incomplete.
	AddOnly
)

// Check is one diagnosis. It runs when its kind matches the target and its provider is Generic or
// the target's provider.
type Check struct {
	Name     string
	Kind     rules.Kind
	Provider rules.Provider
	Offline  OfflineMode
	// Emits lists every rule the check can report; the runner refuses any other, and tests prove each
	// is reachable. A finding an event proves may also be of any rule the catalog's event matchers
	// can prove for the check's kind.
	Emits []rules.ID
	// Applies, when set, decides from the target whether the check is meaningful at all.
	Applies func(*Context) bool
	// Inputs are what the check reads, beyond the target (targetOnly: nothing): the live fetcher reads them, and the
	// check is skipped, with the reason, when a required one is unknown.
	Inputs []Input
	// Run diagnoses the target. The error it returns says what it could not judge: an unknown object
	// or list as the snapshot reports it (*snapshot.UnknownError: not read for lack of permission, not
	// in the input files, a failed read; Store.Whole when the input files may lack objects), an
	// object known absent, or a reason of the check's own (a value it cannot interpret). The runner
	// reports it as the check's skip, with the class the error carries, and each error of an
	// errors.Join as a skip of its own: a check goes on with what it can judge and returns the
	// reasons of the parts it could not. Run never turns an unknown into a finding.
	Run func(*Context) error
}

// Source says what saw a finding.
type Source string

// Sources of a finding.
const (
	// SourceCheck: a check predicted the problem from the objects.
	SourceCheck Source = "check"
	// SourceEvent: an event of the target proves it.
	SourceEvent Source = "event"
	// SourceCheckEvent: a check predicted it and an event confirms it; one finding carries both.
	SourceCheckEvent Source = "check+event"
	// SourceCloud: a cloud check (--cloud) saw it in what the cloud's API answered.
	SourceCloud Source = "cloud"
)

// Finding is one problem found by a check, proven by an event, or both.
type Finding struct {
	Rule rules.ID
	// Check names the check (or "events") that produced it.
	Check  string
	Source Source
	// Event is the confirming event's message when Source is SourceCheckEvent (an event-only finding
	// holds it in Message).
	Event string
	// Path locates the offending field, e.g. metadata.annotations[kubernetes.io/ingress.http-rules].
	Path string
	// Message holds the facts of this instance, in English; never secret material.
	Message string
	// Words is Message in every language; zero when Message is a fact of its own (an event's text).
	Words words.Words
	// Severity, when set, overrides the rule's severity for this instance (a check that weighs how
	// many risk factors hold).
	Severity *rules.Severity
	// Count and LastSeen are set for findings an event proves.
	Count    int32
	LastSeen time.Time
	// EventOrigin, for a finding an event alone proves, is the report path of the newest proving
	// Event object when it was read from a file (snapshot.Event.Origin): where the finding is located.
	EventOrigin string
	// Change, for a finding of the change model, is the changed field: its values before and after
	// and what the controller does with the change.
	Change *changes.Change
	// Consequences are the findings of the target whose rule is a consequence of this one's
	// (rules.Details.ConsequenceOf), folded under it in the order of compareFindings; each keeps its
	// own rule, source and facts. They are never findings of their own.
	Consequences []Finding
}

// Skip records a check that could not run.
type Skip struct {
	Check  string
	Reason string
	// Class is the cause of the skip, one of snapshot.ReasonClasses.
	Class snapshot.ReasonClass
	// Worded words Reason in every language: the checks' own text, or the snapshot's
	// *snapshot.UnknownError (a pointer, so that Skips stay comparable); nil for a reason that is a
	// text alone (a Go library's error), which every language shows as it is.
	Worded words.Worded
}

// Context is what a check sees: the snapshot, its target and where to put results.
type Context struct {
	Snap     *snapshot.Snapshot
	Target   snapshot.Target
	Provider rules.Provider

	suite   *Suite // Service or Ingress is the target object.
	Service *corev1.Service
	Ingress *networkingv1.Ingress

	check    *Check
	findings []Finding
	skips    []Skip
	// skipped are the skips by check and reason, so that a reason met again is found at once.
	skipped map[[2]string]bool
	partial []Skip
	// undeclared holds the first rule the running check emitted without declaring it.
	undeclared error
	// reqs is scratch space for the reads of one input. The rest caches what several checks derive
	// from the target: selector(), slicesSelector(), serviceBackends and ingressPaths().
	reqs               []snapshot.Request
	sel, slicesSel     string
	selDone, slicesSet bool
	backends           backendSet
	backendsErr        error
	backendsDone       bool
	// targetMemo holds what TargetMemo derived from the target.
	targetMemo map[any]any
	ctrl       IngressController
	ctrlDone   bool
}

// selector is the target Service's label selector as a string.
func (c *Context) selector() string {
	if !c.selDone {
		c.sel, c.selDone = SelectorString(c.Service), true
	}
	return c.sel
}

// slicesSelector selects the target Service's EndpointSlices.
func (c *Context) slicesSelector() string {
	if !c.slicesSet {
		c.slicesSel, c.slicesSet = discoveryv1.LabelServiceName+"="+c.Target.Name, true
	}
	return c.slicesSel
}

// maxPath bounds the report path, which may hold user-chosen keys and names.
const maxPath = 400

// Say records a finding of rule id at path whose message is w, worded in every language. The
// message is never cut: every value taken from the user's objects must be quoted through clip (or
// clipTo) at the call site, so a huge value cannot flood the report while the program's own text
// stays whole.
func (c *Context) Say(id rules.ID, path string, w words.Words) {
	if !slices.Contains(c.check.Emits, id) {
		c.refuse(id, "does not declare it in Emits")
		return
	}
	src := SourceCheck
	if id.Rule().FromCloud() {
		src = SourceCloud
	}
	c.findings = append(c.findings, Finding{Rule: id, Check: c.check.Name, Source: src,
		Path: ClipTo(path, maxPath), Message: w.In(words.English), Words: w})
}

// SaySeverity is Say with a severity this instance decides.
func (c *Context) SaySeverity(id rules.ID, sev rules.Severity, path string, w words.Words) {
	n := len(c.findings)
	c.Say(id, path, w)
	if len(c.findings) > n {
		c.findings[n].Severity = &sev
	}
}

// refuse records that the running check emitted a rule it may not; Run then fails.
func (c *Context) refuse(id rules.ID, why string) {
	if c.undeclared == nil {
		c.undeclared = fmt.Errorf("internal error: check %s emitted rule %q, but %s", c.check.Name, id, why)
	}
}

// EffectiveSeverity is the finding's severity: its override, else its rule's.
func (f Finding) EffectiveSeverity() rules.Severity {
	if f.Severity != nil {
		return *f.Severity
	}
	return f.Rule.Rule().Severity
}

// emitEvent records a finding proven by an event, merging repeats of the same rule (of the same
// message too, when byMessage is set).
func (c *Context) emitEvent(id rules.ID, e snapshot.Event, msg string, byMessage bool) {
	if r := id.Rule(); !slices.Contains(c.check.Emits, id) && (r.Kind != c.check.Kind || !events.Reachable(c.suite.codes, r)) {
		c.refuse(id, "it neither declares it in Emits nor can an event of a "+c.check.Kind.Lower()+" prove it")
		return
	}
	last := e.LastSeen.UTC().Truncate(time.Second)
	for i := range c.findings {
		f := &c.findings[i]
		if f.Source == SourceEvent && f.Rule == id && (!byMessage || f.Message == msg) {
			f.Count += e.Count
			if last.After(f.LastSeen) {
				f.LastSeen, f.Message, f.EventOrigin = last, msg, e.Origin
			}
			return
		}
	}
	c.findings = append(c.findings, Finding{Rule: id, Check: c.check.Name, Source: SourceEvent, Message: msg,
		Count: e.Count, LastSeen: last, EventOrigin: e.Origin})
}

// skip records that the running check, or a part of it, could not run because of err (nil: it
// ran), once per reason: a skip for each error err joins. Its class is derived from err: the one a
// classed error gives, else snapshot.ClassOf's, that is the class of the unknown object or list
// (with the RBAC rule a forbidden read needs in its reason), not-found for an absent object, other
// for a reason of the check's own (a value it cannot interpret). Run calls it with what a required
// input lacks or what the check returned: it is the one place a skip is made.
func (c *Context) skip(err error) {
	if err == nil {
		return
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			c.skip(e)
		}
		return
	}
	reason := err.Error()
	key := [2]string{c.check.Name, reason}
	if c.skipped[key] {
		return
	}
	if c.skipped == nil {
		c.skipped = map[[2]string]bool{}
	}
	c.skipped[key] = true
	class := snapshot.ClassOf(err)
	var ce *classedError
	if errors.As(err, &ce) {
		class = ce.class
	}
	s := Skip{Check: c.check.Name, Reason: reason, Class: class}
	own := err
	if ce != nil {
		own = ce.err
	}
	if w, ok := own.(words.Worded); ok {
		s.Worded = w
	}
	c.skips = append(c.skips, s)
}

// classedError is a skip's reason of a class that no snapshot error carries and that is not other.
type classedError struct {
	class snapshot.ReasonClass
	err   error
}

func (e *classedError) Error() string { return e.err.Error() }

func (e *classedError) Unwrap() error { return e.err }

// Classed gives err, the reason of a skip, its class.
func Classed(class snapshot.ReasonClass, err error) error {
	return &classedError{class: class, err: err}
}

// offlineAddOnly is true when the running check is AddOnly and the snapshot comes from files.
func (c *Context) offlineAddOnly() bool {
	return c.Snap.Source == snapshot.Offline && c.check.Offline == AddOnly
}

// NotePartial records, once per check, that an AddOnly check ran offline on the input files only.
func (c *Context) NotePartial() {
	if !c.offlineAddOnly() {
		return
	}
	for _, p := range c.partial {
		if p.Check == c.check.Name {
			return
		}
	}
	c.partial = append(c.partial, Skip{Check: c.check.Name, Reason: offlineOnly.Error(), Class: snapshot.ReasonMissingInput,
		Worded: offlineOnly})
}

// offlineOnly is the reason of a partial skip: an AddOnly check ran offline on the input files only.
var offlineOnly = &words.WordsError{W: words.Say("offline: ran on the objects in the input files; objects they lack could add findings",
	"离线：仅基于输入文件中的对象运行；文件中缺少的对象可能带来更多问题")}

// ListAll lists st in every namespace. For an AddOnly check offline it is what the input files
// hold (the caller notes the result as partial); otherwise an unknown list is an error.
func ListAll[T any](c *Context, st *snapshot.Store[T]) ([]T, error) {
	if c.offlineAddOnly() {
		return st.Held(""), nil
	}
	return st.List("")
}

// lazyMap is a map of derived data filled on demand, which the targets diagnosed or planned side by
// side share (see Snapshot.Seal).
type lazyMap[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

func newLazyMap[K comparable, V any](size int) *lazyMap[K, V] {
	return &lazyMap[K, V]{m: make(map[K]V, size)}
}

// get returns the value of k, computed by fn the first time. fn runs outside the lock: two callers
// may both compute a value, and the first one stored is the one every caller gets.
func (l *lazyMap[K, V]) get(k K, fn func() V) V {
	l.mu.Lock()
	v, ok := l.m[k]
	l.mu.Unlock()
	if ok {
		return v
	}
	v = fn()
	l.mu.Lock()
	defer l.mu.Unlock()
	if old, ok := l.m[k]; ok {
		return old
	}
	l.m[k] = v
	return v
}

// TargetKey names a value TargetMemo derives from a target; T is the value's type.
type TargetKey[T any] struct{ _ byte }

// NewTargetKey returns a new key, distinct from every other.
func NewTargetKey[T any]() *TargetKey[T] { return new(TargetKey[T]) }

// TargetMemo returns fn's result for key, computed once per target: what several checks derive from
// the target.
func TargetMemo[T any](c *Context, key *TargetKey[T], fn func() T) T {
	if v, ok := c.targetMemo[key]; ok {
		return v.(T)
	}
	v := fn()
	if c.targetMemo == nil {
		c.targetMemo = map[any]any{}
	}
	c.targetMemo[key] = v
	return v
}

// Memo returns fn's result for key, computed once per snapshot.
func Memo[T any](c *Context, key snapshot.MemoKey[T], fn func() T) T {
	return snapshot.Memo(c.Snap, key, fn)
}

// ValErr is a memoized value with the error that computing it met.
type ValErr[T any] struct {
	V   T
	Err error
}

// Result is what the checks found for one target.
type Result struct {
	Target   snapshot.Target
	Provider rules.Provider
	Findings []Finding
	Skipped  []Skip
	// Partial lists AddOnly checks that ran offline on the input files only: the cluster may hold
	// objects that add findings.
	Partial []Skip
	// Note, when set, says why little of the catalog applies to the target.
	Note *Note
	// Controller is, for an Ingress, the ingress controller its class selects.
	Controller *IngressController
	// merged counts the findings of checks that uniquePaths merged into an earlier one of the same
	// rule and path; checks are meant to report each problem once themselves, and tests assert it.
	merged int
}

// Run applies the checks of the suite that fit the target, diagnosed for provider, and returns their
// findings. The target must be in the snapshot. A check that emits a rule it does not declare is an
// internal error.
func (su *Suite) Run(snap *snapshot.Snapshot, t snapshot.Target, provider rules.Provider) (Result, error) {
	ctx := runContextPool.Get().(*Context)
	defer func() {
		*ctx = Context{reqs: ctx.reqs[:0], findings: ctx.findings[:0]}
		runContextPool.Put(ctx)
	}()
	if err := ctx.reset(su, snap, t, provider); err != nil {
		return Result{}, err
	}
	list := su.all
	res := Result{Target: t, Provider: provider}
	// applied names the checks of a Service no cloud load balancer is made for, for its note.
	var applied []string
	notLB := ctx.Service != nil && ctx.Service.Spec.Type != corev1.ServiceTypeLoadBalancer
	for i := range list {
		ch := &list[i]
		if !ctx.applies(ch) {
			continue
		}
		if notLB {
			applied = append(applied, ch.Name)
		}
		err := ctx.missing(ch)
		if err == nil {
			err = ch.Run(ctx)
		}
		if ctx.undeclared != nil {
			return Result{}, ctx.undeclared
		}
		ctx.skip(err)
	}
	res.Findings, res.merged = uniquePaths(mergeConfirmed(ctx.findings))
	res.Findings = foldConsequences(res.Findings)
	res.Skipped, res.Partial = ctx.skips, ctx.partial
	if notLB {
		res.Note = notLoadBalancer(ctx.Service, applied)
	}
	if ctx.Ingress != nil {
		ic := ingressController(ctx)
		res.Controller = &ic
	}
	slices.SortStableFunc(res.Findings, compareFindings)
	return res, nil
}

// MergedChecks counts the findings of checks that the runner merged into an earlier one of the same
// rule and path; checks are meant to report each problem once themselves, and tests assert it.
func (r Result) MergedChecks() int { return r.merged }

// runContextPool holds the contexts of Run: the findings it returns are copies (mergeConfirmed),
// so the buffers they grew serve the next target.
var runContextPool = sync.Pool{New: func() any { return new(Context) }}

// reset makes c a fresh context of the target, keeping only its scratch space.
func (c *Context) reset(su *Suite, snap *snapshot.Snapshot, t snapshot.Target, provider rules.Provider) error {
	*c = Context{Snap: snap, Target: t, Provider: provider, suite: su, reqs: c.reqs[:0], findings: c.findings[:0]}
	var err error
	switch t.Kind {
	case snapshot.KindService:
		c.Service, err = snap.Services.Get(t.Namespace, t.Name)
	case snapshot.KindIngress:
		c.Ingress, err = snap.Ingresses.Get(t.Namespace, t.Name)
	default:
		err = fmt.Errorf("unsupported target kind %q", t.Kind)
	}
	return err
}

// planScratch is what Plan's Target reuses from one target to the next.
type planScratch struct {
	ctx  Context
	reqs []snapshot.Request
}

var planScratchPool = sync.Pool{New: func() any { return new(planScratch) }}

// applies reports whether ch runs for the context's target, making it the running check.
func (c *Context) applies(ch *Check) bool {
	if ch.Kind != c.Target.Kind || (ch.Provider != rules.Generic && ch.Provider != c.Provider) {
		return false
	}
	c.check = ch
	return ch.Applies == nil || ch.Applies(c)
}

// Plan is what the live fetcher reads for the targets: the provider detection's evidence, then the
// inputs of the suite's checks that apply to each target, for its detected provider (or provider,
// when set).
func (su *Suite) Plan(provider rules.Provider) snapshot.Plan {
	list := su.all
	return snapshot.Plan{
		Cluster: func(s *snapshot.Snapshot) []snapshot.Request {
			var out []snapshot.Request
			c := &Context{Snap: s, suite: su}
			for _, in := range su.DetectionInputs() {
				out = in.appendRequests(out, c)
			}
			return out
		},
		Scope: func() []snapshot.Request {
			var out []snapshot.Request
			for _, ch := range list {
				if ch.Provider != rules.Generic {
					continue
				}
				for _, in := range ch.Inputs {
					if r, ok := in.scopeRequest(ch.Kind, ch.Applies == nil); ok {
						out = append(out, r)
					}
				}
			}
			return out
		},
		Target: func(s *snapshot.Snapshot, t snapshot.Target, keep func(snapshot.Request) bool) []snapshot.Request {
			p := provider
			if p == "" {
				p = su.DetectProvider(s, t).Provider
			}
			sc := planScratchPool.Get().(*planScratch)
			defer func() {
				sc.ctx = Context{reqs: sc.ctx.reqs[:0]}
				planScratchPool.Put(sc)
			}()
			ctx := &sc.ctx
			if err := ctx.reset(su, s, t, p); err != nil {
				return nil
			}
			out := sc.reqs[:0]
			for i := range list {
				ch := &list[i]
				if !ctx.applies(ch) {
					continue
				}
				for _, in := range ch.Inputs {
					out = in.appendRequests(out, ctx)
				}
			}
			sc.reqs = out
			// Each read once, in a slice of its own (the scratch is reused).
			n := 0
			for i, r := range out {
				if (keep == nil || keep(r)) && !slices.Contains(out[:n], r) {
					out[n], out[i] = r, out[n]
					n++
				}
			}
			if n == 0 {
				return nil
			}
			return slices.Clone(out[:n])
		},
	}
}

// mergeConfirmed folds each event finding into the first check finding of the same rule: a static
// prediction and the event that confirms it are one problem. The merged finding keeps the check's
// path and facts, takes the event's message, count and time, and is at least as severe as the rule.
func mergeConfirmed(fs []Finding) []Finding {
	out := make([]Finding, 0, len(fs))
	for _, f := range fs {
		if f.Source == SourceCheck || f.Source == SourceCloud {
			out = append(out, f)
		}
	}
	checks := len(out)
	for _, e := range fs {
		if e.Source != SourceEvent {
			continue
		}
		i := slices.IndexFunc(out[:checks], func(f Finding) bool { return f.Rule == e.Rule })
		if i < 0 {
			out = append(out, e)
			continue
		}
		f := &out[i]
		if f.Source == SourceCheckEvent {
			if e.LastSeen.After(f.LastSeen) { // another message of the same rule: keep the latest
				f.Event, f.LastSeen = e.Message, e.LastSeen
			}
			f.Count += e.Count
			continue
		}
		f.Source, f.Event, f.Count, f.LastSeen = SourceCheckEvent, e.Message, e.Count, e.LastSeen
		if f.Severity != nil && *f.Severity < e.EffectiveSeverity() {
			f.Severity = nil
		}
	}
	return out
}

// maxMerged bounds the distinct messages uniquePaths keeps in one finding.
const maxMerged = 5

// uniquePaths makes (rule, path) unique among one target's findings, whatever saw them and however
// often: a finding of the same rule at the same path as an earlier one is merged into it, in
// emission order (so the same input gives the same finding). The first keeps its check and path;
// its message is followed by the later ones that differ (at most maxMerged in all, then how many
// more), joined by " | "; event counts add up and the newest event's time and message win; a check
// finding with an event among them is check+event; the severity is the worst of them. It returns
// the findings and how many findings of checks it merged.
func uniquePaths(fs []Finding) ([]Finding, int) {
	type key struct {
		rule rules.ID
		path string
	}
	first := make(map[key]int, len(fs))
	out := make([]Finding, 0, len(fs))
	parts := map[int][]string{} // distinct messages of a merged finding, the first one first
	extra := map[int]int{}      // distinct messages beyond maxMerged
	merged := 0
	for _, f := range fs {
		k := key{f.Rule, f.Path}
		i, ok := first[k]
		if !ok {
			first[k] = len(out)
			out = append(out, f)
			continue
		}
		a := &out[i]
		if a.Source != SourceEvent && f.Source != SourceEvent {
			merged++
		}
		if parts[i] == nil {
			parts[i] = []string{a.Message}
		}
		msg, event := f.Message, f.Event
		if f.Source == SourceEvent {
			event = f.Message
			if a.Source != SourceEvent {
				msg = "" // the event confirms a's check finding
			}
		}
		switch {
		case msg == "" || slices.Contains(parts[i], msg):
		case len(parts[i]) < maxMerged:
			parts[i] = append(parts[i], msg)
		default:
			extra[i]++
		}
		if f.Source != SourceCheck { // an event saw it
			a.Count += f.Count
			if a.Source == SourceCheck {
				a.Source = SourceCheckEvent
			}
			if f.LastSeen.After(a.LastSeen) || a.Event == "" && a.Source == SourceCheckEvent {
				a.LastSeen = f.LastSeen
				if a.Source == SourceEvent {
					a.EventOrigin = f.EventOrigin
				}
				if a.Source == SourceCheckEvent {
					a.Event = event
				}
			}
		}
		if sev := max(a.EffectiveSeverity(), f.EffectiveSeverity()); sev != a.Rule.Rule().Severity {
			a.Severity = &sev
		} else {
			a.Severity = nil
		}
		a.Consequences = append(a.Consequences, f.Consequences...)
	}
	for i, p := range parts {
		out[i].Message = strings.Join(p, " | ")
		if n := extra[i]; n > 0 {
			out[i].Message += fmt.Sprintf(" | and %d more", n)
		}
	}
	return out, merged
}

// foldConsequences moves each finding whose rule is a consequence of another rule with a finding on
// the target (rules.Details.ConsequenceOf, the first listed rule found wins) under that finding, or
// under the finding that one is folded under in turn: one cause, one finding. The cause becomes at
// least as severe as its consequences, so folding never lowers what the report says or its exit code.
func foldConsequences(fs []Finding) []Finding {
	firstOf := map[rules.ID]int{}
	for i, f := range fs {
		if _, ok := firstOf[f.Rule]; !ok {
			firstOf[f.Rule] = i
		}
	}
	parent := make([]int, len(fs))
	folded := false
	for i, f := range fs {
		parent[i] = -1
		for _, c := range f.Rule.Rule().Causes() {
			if j, ok := firstOf[c]; ok {
				parent[i], folded = j, true
				break
			}
		}
	}
	if !folded {
		return fs
	}
	// The relation between rules has no cycle (Go refuses one among the rule variables), so neither
	// has parent, and each chain ends at a root.
	root := func(i int) int {
		for parent[i] >= 0 {
			i = parent[i]
		}
		return i
	}
	out := make([]Finding, 0, len(fs))
	at := make([]int, len(fs)) // index in out of each root
	for i, f := range fs {
		if parent[i] < 0 {
			at[i] = len(out)
			out = append(out, f)
		}
	}
	for i, f := range fs {
		if parent[i] < 0 {
			continue
		}
		c := &out[at[root(i)]]
		sub := f.Consequences
		f.Consequences = nil
		c.Consequences = append(append(c.Consequences, f), sub...)
		if sev := f.EffectiveSeverity(); sev > c.EffectiveSeverity() {
			c.Severity = &sev
		}
	}
	for i := range out {
		slices.SortStableFunc(out[i].Consequences, compareFindings)
	}
	return out
}

// compareFindings orders by severity (worst first), then rule id, then path.
func compareFindings(a, b Finding) int {
	if sa, sb := a.EffectiveSeverity(), b.EffectiveSeverity(); sa != sb {
		return cmp.Compare(sb, sa)
	}
	if c := rules.Compare(a.Rule, b.Rule); c != 0 {
		return c
	}
	return strings.Compare(a.Path, b.Path)
}

// NewCheckContext is a Context of check alone, outside a run: for testing a check's helpers.
func NewCheckContext(check *Check) *Context { return &Context{check: check} }

// Findings are the findings reported on c so far.
func (c *Context) Findings() []Finding { return c.findings }
