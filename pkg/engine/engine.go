// Package engine keeps a diagnosis up to date: sources (a reflector each, listing and watching one
// scope, as an informer does but with no cache of its own) feed a snapshot with what the checks
// read, and each change re-runs the checks of the targets whose diagnosis reads the changed object
// only. The snapshot is the one copy of the objects.
package engine

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/lbdoctor/kubectl-lbdoctor/pkg/checks"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	diag "github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/providers"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/rules"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Config says what the engine diagnoses and where results go.
type Config struct {
	Clients snapshot.Clients
	// Namespace is the scope: the targets and the per-target reads of one namespace; "" for all.
	Namespace string
	// Targets, when set, are the only targets (in Namespace); else every LoadBalancer Service and
	// Ingress of the scope that Select accepts (nil: all).
	Targets []snapshot.Target
	Select  func(kind snapshot.Kind, obj metav1.Object) bool
	// Suite and Provider are what the fetch plan is made from; Provider also forces the provider of
	// the diagnosis (Provider "": detected per target). A nil Suite is every provider of the registry.
	Suite    *checks.Suite
	Provider rules.Provider
	// Warn, when set, hears the diagnosis's warnings about a target's annotations (see
	// diagnose.Options), from the engine's goroutine.
	Warn func(line words.Words)
	// OnUpdate receives each diagnosis pass, from the engine's goroutine.
	OnUpdate func(Update)
	// HeldOnly makes each Update carry its reports held (Update.Held) and not expanded
	// (Update.Reports nil): a pass over every target then never has all their full reports in
	// memory at once, as serve's first pass over 50,000 targets would.
	HeldOnly bool
	// OnSync, when set, hears whether each informer is synced: listed once, and its last list or
	// watch call succeeded (a dropped watch or a stopped API server makes it false until a call
	// succeeds again). resource is what the informer reads ("secrets"; a custom resource as
	// resource.group); source names the informer itself (resource, namespace, name or involved
	// kind), unique among the engine's informers.
	OnSync func(resource, source string, ok bool)
	// Cloud, when set (--cloud), reads the clouds of the targets each pass diagnoses through its
	// cache, and re-diagnoses the targets whose cloud facts it holds for longer than its interval.
	Cloud *diag.CloudCache
}

// Update is one diagnosis pass: the first, over every target, or one after changes.
type Update struct {
	Initial bool
	// Reports are the re-diagnosed targets' reports, in target order; nil with Config.HeldOnly.
	Reports []report.Report
	// Held are the same reports held (report.Held), in the same order.
	Held []*report.Held
	// Removed are targets that are gone (deleted, no longer LoadBalancer, out of the selection).
	Removed []snapshot.Target
	// Err is the first diagnosis that failed; its target keeps its previous report.
	Err error
	// Duration is the time the pass took, from taking the queued changes to its reports.
	Duration time.Duration
	// Backends, with Config.Cloud, count the cloud backends of each target of Held by health, in
	// the same order; an entry is nil when the target's were not read.
	Backends []map[cloud.Health]int
}

// maxRounds bounds the rounds of informers started for what the targets turn out to read.
const maxRounds = 4

// Engine is the incremental diagnosis of one scope.
type Engine struct {
	cfg  Config
	plan snapshot.Plan
	snap *snapshot.Snapshot
	ctx  context.Context

	qmu   sync.Mutex
	queue []delta
	wake  chan struct{}

	// The fields below belong to the engine goroutine.
	sources     map[srcKey]*source
	targets     map[snapshot.Target]bool
	explicit    map[snapshot.Target]bool
	deps        *index
	clusterDeps []snapshot.Request
	// events are the Event records of each involved object by name; the snapshot answers from
	// them (SetEventSource).
	events  map[snapshot.ObjectRef][]*snapshot.EventRecord
	started bool

	rmu sync.RWMutex
	// reports are the last report of every target, held compactly (report.Hold): serve keeps one per
	// target for as long as it runs.
	reports map[snapshot.Target]*report.Held
	ready   atomic.Bool
}

// delta is one change a source's reflector passes: an object added, changed or deleted, a complete
// list of the source's scope (list: what it does not hold is gone), or a gap.
type delta struct {
	src     *source
	obj     runtime.Object
	deleted bool
	list    bool
	objs    []runtime.Object
	gap     *snapshot.Gap
}

// New returns an engine; Run starts it.
func New(cfg Config) *Engine {
	e := &Engine{cfg: cfg, plan: suiteOr(cfg.Suite).Plan(cfg.Provider), snap: snapshot.New(snapshot.Live),
		wake: make(chan struct{}, 1), sources: map[srcKey]*source{}, targets: map[snapshot.Target]bool{},
		deps: newIndex(), events: map[snapshot.ObjectRef][]*snapshot.EventRecord{}, reports: map[snapshot.Target]*report.Held{}}
	e.snap.SetEventSource(func(ref snapshot.ObjectRef) []*snapshot.EventRecord { return e.events[ref] })
	if len(cfg.Targets) > 0 {
		e.explicit = map[snapshot.Target]bool{}
		for _, t := range cfg.Targets {
			e.explicit[t] = true
		}
	}
	return e
}

// Ready reports whether the first pass over every target is done and OnUpdate has returned from it.
func (e *Engine) Ready() bool { return e.ready.Load() }

// Reports returns the current report of every target, Services first, then by namespace and name.
func (e *Engine) Reports() []report.Report {
	e.rmu.RLock()
	held := make([]*report.Held, 0, len(e.reports))
	for _, h := range e.reports {
		held = append(held, h)
	}
	e.rmu.RUnlock()
	out := make([]report.Report, len(held))
	for i, h := range held {
		out[i] = h.Report() // a Held is never changed: it is expanded outside the lock
	}
	slices.SortFunc(out, func(a, b report.Report) int { return snapshot.CompareTargets(a.Target, b.Target) })
	return out
}

// Run starts the informers and diagnoses until ctx is done. The informers re-list on their own after
// a watch expires or the API server comes back; a re-list that changes nothing re-diagnoses nothing.
func (e *Engine) Run(ctx context.Context) error {
	e.ctx = ctx
	for _, res := range []string{snapshot.Services, snapshot.Ingresses} {
		e.ensure(snapshot.Request{Resource: res, Namespace: e.cfg.Namespace})
	}
	e.clusterDeps = e.plan.Cluster(e.snap)
	for _, r := range e.clusterDeps {
		e.ensure(r)
	}
	tick, stopTick := e.cloudTicker()
	defer stopTick()
	for {
		cloudDue := false
		select {
		case <-ctx.Done():
			return nil
		case <-e.wake:
		case <-tick:
			cloudDue = true
		}
		e.step(cloudDue)
	}
}

func (e *Engine) push(d delta) {
	e.qmu.Lock()
	e.queue = append(e.queue, d)
	e.qmu.Unlock()
	select {
	case e.wake <- struct{}{}:
	default:
	}
}

func (e *Engine) drain() []delta {
	e.qmu.Lock()
	defer e.qmu.Unlock()
	q := e.queue
	e.queue = nil
	return q
}

// pass collects what one diagnosis pass does.
type pass struct {
	start   time.Time
	dirty   map[snapshot.Target]bool
	removed []snapshot.Target
}

func (e *Engine) step(cloudDue bool) {
	p := &pass{start: time.Now(), dirty: map[snapshot.Target]bool{}}
	e.apply(p)
	if cloudDue && e.started {
		e.dueCloud(p)
	}
	initial := false
	if !e.started {
		if !e.settled() {
			return
		}
		e.started, initial = true, true
		p.removed = nil
		for t := range e.targets {
			p.dirty[t] = true
		}
	}
	// The first pass always completes, even over a scope with no target yet: it makes the engine
	// ready and tells OnUpdate (an empty report).
	if !initial && len(p.dirty) == 0 && len(p.removed) == 0 {
		return
	}
	e.diagnose(p, initial)
}

// apply moves the queued notifications into the snapshot and collects the targets they affect.
func (e *Engine) apply(p *pass) {
	for _, d := range e.drain() {
		e.applyOne(d, p)
	}
}

func (e *Engine) settled() bool {
	for _, s := range e.sources {
		if !s.settled {
			return false
		}
	}
	return true
}

// diagnose finds what the dirty targets read, starts the informers that do not cover it yet (and
// waits for their first list), then runs the checks of the dirty targets.
func (e *Engine) diagnose(p *pass, initial bool) {
	for round := 0; ; round++ {
		e.snap.ForgetDerived()
		var missing []snapshot.Request
		for _, t := range e.order(p.dirty) {
			reqs := e.plan.Target(e.snap, t, nil)
			e.deps.set(t, reqs)
			for _, r := range reqs {
				if !e.covered(r) {
					missing = append(missing, r)
				}
			}
		}
		if len(missing) == 0 || round == maxRounds {
			break
		}
		started := 0
		for _, r := range missing {
			if e.ensure(r) {
				started++
			}
		}
		if started == 0 || !e.waitSettled(p) {
			break
		}
	}
	e.snap.ForgetDerived()
	u := Update{Initial: initial}
	var done []report.Report
	var held []*report.Held
	dirty := e.order(p.dirty)
	if e.cfg.Cloud != nil {
		e.cfg.Cloud.Read(e.ctx, e.snap, dirty, e.cfg.Suite, e.cfg.Provider)
	}
	for _, t := range dirty {
		rep, err := diag.Target(e.snap, t, diag.Options{Provider: e.cfg.Provider, Suite: e.cfg.Suite, Warn: e.cfg.Warn})
		if err != nil {
			if u.Err == nil {
				u.Err = err
			}
			continue
		}
		if e.cfg.Cloud != nil {
			u.Backends = append(u.Backends, e.backends(t, rep))
		}
		held = append(held, report.Hold(rep))
		if !e.cfg.HeldOnly {
			done = append(done, rep)
		}
	}
	e.snap.ForgetDerived() // what the pass derived (provider detections, parsed settings) is not held between passes
	e.rmu.Lock()
	for _, h := range held {
		e.reports[h.Target()] = h
	}
	var removed []snapshot.Target
	for _, t := range p.removed {
		if _, ok := e.reports[t]; ok && !e.targets[t] {
			delete(e.reports, t)
			removed = append(removed, t)
		}
	}
	e.rmu.Unlock()
	u.Reports, u.Held, u.Removed, u.Duration = done, held, removed, time.Since(p.start)
	if e.cfg.OnUpdate != nil {
		e.cfg.OnUpdate(u)
	}
	if initial {
		e.ready.Store(true)
	}
}

// waitSettled applies notifications until every informer is settled; false when ctx ends first.
func (e *Engine) waitSettled(p *pass) bool {
	for {
		e.apply(p)
		if e.settled() {
			return true
		}
		select {
		case <-e.ctx.Done():
			return false
		case <-e.wake:
		}
	}
}

// order returns the dirty targets that still exist, in report order.
func (e *Engine) order(dirty map[snapshot.Target]bool) []snapshot.Target {
	out := make([]snapshot.Target, 0, len(dirty))
	for t := range dirty {
		if e.targets[t] {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, snapshot.CompareTargets)
	return out
}

// keyFor is the informer that answers r: a per-target read covers the whole scope, as a
// cluster-wide one-shot run reads it; other reads are what they name.
func (e *Engine) keyFor(r snapshot.Request) srcKey {
	if r.Resource == snapshot.Events {
		return srcKey{resource: snapshot.Events, kind: string(r.Kind), ns: e.cfg.Namespace}
	}
	k := srcKey{resource: resourceOf(r), ns: r.Namespace, name: r.Name}
	if r.PerTarget {
		k.ns, k.name = e.cfg.Namespace, ""
	}
	if r.Custom == nil && snapshot.ClusterScoped(r.Resource) {
		k.ns = ""
	}
	return k
}

func (e *Engine) covered(r snapshot.Request) bool {
	want := e.keyFor(r)
	if _, ok := e.sources[want]; ok {
		return true
	}
	for k := range e.sources {
		if k.covers(want) {
			return true
		}
	}
	return false
}

// ensure starts the source that answers r unless one covers it; it reports whether it started one.
func (e *Engine) ensure(r snapshot.Request) bool {
	if e.covered(r) {
		return false
	}
	k := e.keyFor(r)
	s := &source{key: k, custom: r.Custom}
	refl, ok := newReflector(e.cfg.Clients, s, &sourceStore{e: e, s: s})
	if !ok {
		return false
	}
	e.sources[k] = s
	s.onCall = func(err error) { e.called(s, err) }
	go refl.RunWithContext(e.ctx)
	return true
}

// called records the outcome of an informer's list or watch call: its health, and, for a list the
// server refuses (forbidden, not served), a gap the checks report as a skip.
func (e *Engine) called(s *source, err error) {
	h := healthy
	if err != nil {
		h = failing
		// The API group of a built-in resource is the resource registry's (snapshot.EntryOf).
		group, res := "", s.key.resource
		if s.custom != nil {
			group, res = s.custom.GVR.Group, s.custom.GVR.Resource
		} else if entry := snapshot.EntryOf(snapshot.Request{Resource: res}); entry != nil {
			group = entry.GVR.Group
		}
		if gap, ok := snapshot.GapFor(err, "list", res, group, s.key.ns); ok {
			e.push(delta{src: s, gap: &gap})
		}
	}
	s.healthy.Store(h)
	e.tellSync(s)
}

// tellSync passes a source's state to Config.OnSync when it changed: synced is listed once and the
// last call succeeded.
func (e *Engine) tellSync(s *source) {
	state := int32(2)
	if s.listed.Load() && s.healthy.Load() != failing {
		state = 1
	}
	if old := s.reported.Swap(state); old != state && e.cfg.OnSync != nil {
		e.cfg.OnSync(s.key.resource, s.key.String(), state == 1)
	}
}

func (e *Engine) applyOne(d delta, p *pass) {
	s := d.src
	switch {
	case d.list:
		e.replace(s, d.objs, p)
		healed := s.gap != nil
		s.settled, s.gap = true, nil
		e.mark(s, nil)
		if healed && e.started {
			e.dirtyAll(p)
		}
	case d.gap != nil:
		if s.gap != nil && s.gap.Reason == d.gap.Reason {
			return
		}
		s.settled, s.gap = true, d.gap
		e.mark(s, d.gap)
		if e.started {
			e.dirtyAll(p)
		}
	default:
		e.applyObject(s, d.obj, d.deleted, p)
	}
}

// replace applies a complete list of a source's scope: each object listed, and the deletion of
// each one held in the scope that the list no longer has (deleted while the watch was down).
func (e *Engine) replace(s *source, objs []runtime.Object, p *pass) {
	type name struct{ ns, name string }
	listed := make(map[name]bool, len(objs))
	for _, o := range objs {
		if acc, err := meta.Accessor(o); err == nil {
			listed[name{acc.GetNamespace(), acc.GetName()}] = true
			e.applyObject(s, o, false, p)
		}
	}
	for _, o := range e.held(s) {
		if acc, err := meta.Accessor(o); err == nil && !listed[name{acc.GetNamespace(), acc.GetName()}] {
			e.applyObject(s, o, true, p)
		}
	}
}

// held returns what the engine holds in the scope of source s: the snapshot's objects, or, for
// events, the records of the events about objects of its kind.
func (e *Engine) held(s *source) []runtime.Object {
	k := s.key
	switch {
	case k.resource == snapshot.Events:
		var out []runtime.Object
		for ref, recs := range e.events {
			if ref.Kind != k.kind {
				continue
			}
			for _, r := range recs {
				if k.ns == "" || r.Namespace == k.ns {
					out = append(out, r)
				}
			}
		}
		return out
	case k.name != "":
		if o := e.snap.Stored(k.resource, s.custom, k.ns, k.name); o != nil {
			return []runtime.Object{o}
		}
		return nil
	}
	return e.snap.StoredIn(k.resource, s.custom, k.ns)
}

// applyObject moves one object, added, changed or deleted, into the snapshot and collects the
// targets it affects. A change that leaves the object as held (same) does nothing.
func (e *Engine) applyObject(s *source, obj runtime.Object, deleted bool, p *pass) {
	k := s.key
	if k.resource == snapshot.Events {
		e.applyEvent(obj, deleted, p)
		return
	}
	acc, err := meta.Accessor(obj)
	if err != nil {
		return
	}
	ns, name := acc.GetNamespace(), acc.GetName()
	old := e.snap.Stored(k.resource, s.custom, ns, name)
	if !deleted && old != nil && same(old, obj) {
		return
	}
	if deleted {
		e.snap.Remove(obj, s.custom)
	} else {
		e.snap.Put(obj, s.custom)
	}
	states := []metav1.Object{acc}
	if old != nil {
		if om, err := meta.Accessor(old); err == nil {
			states = append(states, om)
		}
	}
	e.deps.affected(k.resource, ns, name, states, p.dirty)
	for _, r := range e.clusterDeps {
		if resourceOf(r) == k.resource && (r.Namespace == "" || r.Namespace == ns) && (r.Name == "" || r.Name == name) {
			e.dirtyAll(p)
			break
		}
	}
	switch o := obj.(type) {
	case *corev1.Service:
		t := snapshot.Target{Kind: snapshot.KindService, Namespace: ns, Name: name}
		e.track(t, !deleted && (o.Spec.Type == corev1.ServiceTypeLoadBalancer || e.explicit[t]), o, p)
	case *networkingv1.Ingress:
		e.track(snapshot.Target{Kind: snapshot.KindIngress, Namespace: ns, Name: name}, !deleted, o, p)
	}
}

// track keeps the target set: t is a target when it is a candidate of its kind (a LoadBalancer
// Service, any Ingress, or a target named explicitly) in the scope and the selection; a change to a
// target re-diagnoses it.
func (e *Engine) track(t snapshot.Target, candidate bool, obj metav1.Object, p *pass) {
	in := candidate && (e.cfg.Namespace == "" || t.Namespace == e.cfg.Namespace) &&
		(e.explicit == nil || e.explicit[t]) && (e.cfg.Select == nil || e.cfg.Select(t.Kind, obj))
	switch {
	case in:
		e.targets[t] = true
		p.dirty[t] = true
	case e.targets[t]:
		delete(e.targets, t)
		e.deps.drop(t)
		delete(p.dirty, t)
		p.removed = append(p.removed, t)
	}
}

func (e *Engine) dirtyAll(p *pass) {
	for t := range e.targets {
		p.dirty[t] = true
	}
}

// mark records in the snapshot that a settled source holds its scope completely, or its gap.
func (e *Engine) mark(s *source, gap *snapshot.Gap) {
	e.snap.Mark(s.key.resource, s.custom, s.key.ns, s.key.name, gap)
}

// applyEvent keeps the events of each involved object ordered by the Event objects' names, as a
// LIST returns them. A source passes each Event as a *snapshot.EventRecord (its transform); the
// engine keeps the records in a slice per object (most objects have one or two events: a map each
// would cost more), and the snapshot reads them there. A record equal to the one held does nothing.
func (e *Engine) applyEvent(obj runtime.Object, deleted bool, p *pass) {
	var rec *snapshot.EventRecord
	switch o := obj.(type) {
	case *snapshot.EventRecord:
		rec = o
	case *corev1.Event:
		rec = snapshot.EventRecordOf(o)
	default:
		return
	}
	se := &rec.Event
	ref := snapshot.ObjectRef{Kind: se.Object.Kind, Namespace: se.Object.Namespace, Name: se.Object.Name}
	if !deleted {
		if i := slices.IndexFunc(e.events[ref], func(r *snapshot.EventRecord) bool { return r.Event.UID == se.UID }); i >= 0 && same(e.events[ref][i], rec) {
			return
		}
	}
	recs := slices.DeleteFunc(e.events[ref], func(r *snapshot.EventRecord) bool { return r.Event.UID == se.UID })
	if !deleted {
		i, _ := slices.BinarySearchFunc(recs, rec, func(a, b *snapshot.EventRecord) int {
			return cmp.Or(strings.Compare(a.Name, b.Name), strings.Compare(a.Event.UID, b.Event.UID))
		})
		recs = slices.Insert(recs, i, rec)
	}
	if len(recs) == 0 {
		delete(e.events, ref)
	} else {
		e.events[ref] = slices.Clip(recs)
	}
	e.deps.eventsOf(ref, p.dirty)
}

// suiteOr is s, or every provider of the registry when s is nil.
func suiteOr(s *checks.Suite) *checks.Suite {
	if s != nil {
		return s
	}
	return providers.Suite()
}
