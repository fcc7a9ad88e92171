package snapshot

import (
	"context"
	"fmt"
	"sync"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/par"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

// Clients are what the live fetcher needs.
type Clients struct {
	Kube    kubernetes.Interface
	Dynamic dynamic.Interface
	// ChunkSize, when positive, reads LISTs in pages of that many objects (kubectl's --chunk-size);
	// 0 reads each list in one answer, which API servers since 1.31 give from their watch cache
	// where a paged read's later pages come from etcd.
	ChunkSize int64
}

// TargetError says a target itself could not be read; the run cannot go on.
type TargetError struct {
	Target Target
	Err    error
}

func (e *TargetError) Error() string { return e.Err.Error() }

// In is the message in lang: the read error's own words when it has them, else its text.
func (e *TargetError) In(lang words.Lang) string {
	if w, ok := e.Err.(words.Worded); ok {
		return w.In(lang)
	}
	return e.Err.Error()
}

func (e *TargetError) Unwrap() error { return e.Err }

// FromCluster fetches the targets with what the plan reads for every target (the provider
// detection's evidence), then, round after round, what the plan asks for each target, each round's
// requests issued concurrently, until it asks nothing new. A read that is forbidden or not served
// becomes a Gap (the dependent checks are skipped); other failures mark the snapshot Incomplete.
func FromCluster(ctx context.Context, c Clients, targets []Target, plan Plan) (*Snapshot, error) {
	return fromCluster(ctx, c, targets, plan, nil)
}

// fromCluster is FromCluster; with an overlay (a preflight) a target the cluster lacks is no error,
// and overlay runs between the first reads and the planned rounds.
func fromCluster(ctx context.Context, c Clients, targets []Target, plan Plan, overlay func(*Snapshot) error) (*Snapshot, error) {
	f := &fetcher{ctx: ctx, c: c, snap: New(Live)}
	f.snap.Targets = targets
	for _, t := range targets {
		f.target(t)
	}
	if plan.Cluster != nil {
		for _, r := range plan.Cluster(f.snap) {
			f.request(r)
		}
	}
	f.wait()
	if overlay != nil {
		f.markAbsentTargets()
	}
	if err := f.targetErr(); err != nil {
		return nil, err
	}
	if overlay != nil {
		if err := overlay(f.snap); err != nil {
			return nil, words.Errorf("laying the manifests over the cluster: %w", "将清单叠加到集群上时出错：%w", err)
		}
	}
	f.rounds(plan)
	return f.snap, nil
}

// rounds asks the plan for each target's reads until it names nothing new. A target all of whose
// reads the snapshot already answered is not asked again: what it reads is settled. Derived data
// the plan computes (the provider detection, from what the Cluster reads) is kept for the checks.
func (f *fetcher) rounds(plan Plan) {
	if plan.Target == nil {
		return
	}
	pending := f.snap.Targets
	for i := 0; i < maxRounds && len(pending) > 0; i++ {
		// No read is in flight between rounds: the targets are planned side by side.
		f.snap.Seal()
		asks := make([][]Request, len(pending))
		settled := make([]bool, len(pending))
		par.Each(len(pending), func(j int) {
			settled[j] = true
			asks[j] = plan.Target(f.snap, pending[j], func(r Request) bool {
				return r.Resource == Events || f.snap.Known(r) != nil
			})
			for _, r := range asks[j] {
				settled[j] = settled[j] && r.Resource == Events
			}
		})
		var reqs []Request
		var next []Target
		seen := make(map[Request]bool)
		for j, t := range pending {
			for _, r := range asks[j] {
				if !seen[r] {
					seen[r] = true
					reqs = append(reqs, r)
				}
			}
			if !settled[j] {
				next = append(next, t)
			}
		}
		issued := 0
		for _, r := range reqs {
			if f.request(r) {
				issued++
			}
		}
		f.flush()
		f.wait()
		if issued == 0 {
			return
		}
		pending = next
	}
}

// request issues r unless the snapshot already answers it or it was issued before; it reports
// whether a read was issued.
func (f *fetcher) request(r Request) bool {
	var known error
	f.locked(func() { known = f.snap.Known(r) })
	if known == nil && r.Resource != Events {
		return false
	}
	if f.scope != nil {
		return f.scope.request(f, r)
	}
	return f.issue(r, metav1.ListOptions{LabelSelector: r.LabelSelector}, nil)
}

// issue reads r as it is: a GET, a LIST of a namespace or of everything (as the LISTs split names,
// when set), or a target's events.
func (f *fetcher) issue(r Request, o metav1.ListOptions, split func(metav1.ListOptions) []metav1.ListOptions) bool {
	if r.Resource == Events {
		t := Target{Kind: r.Kind, Namespace: r.Namespace, Name: r.Name}
		if !f.once("events/" + t.String()) {
			return false
		}
		f.events(t)
		return true
	}
	key := fmt.Sprintf("%s/%v/%s/%s/%s/%s", r.Resource, r.Custom, r.Namespace, r.Name, o.LabelSelector, o.FieldSelector)
	if !f.once("req/" + key) {
		return false
	}
	if o.Limit == 0 {
		o.Limit = f.c.ChunkSize
	}
	switch {
	case r.Custom != nil:
		// A LIST even for one object: a GET's 404 cannot tell an absent object from an API the
		// cluster does not serve.
		r.Custom.list(f, r.Namespace, metav1.ListOptions{Limit: o.Limit})
	default:
		res := resourceByName(r.Resource)
		if res == nil {
			return false
		}
		if r.Name != "" {
			res.get(f, r.Namespace, r.Name)
		} else {
			res.list(f, r.Namespace, o, split)
		}
	}
	return true
}

type fetcher struct {
	ctx  context.Context
	c    Clients
	snap *Snapshot
	mu   sync.Mutex
	wg   sync.WaitGroup
	// targetErrs holds failures to read a target.
	targetErrs []error
	// requested avoids fetching the same object twice.
	requested map[string]bool
	// scope, when set, turns per-target reads into lists of the scope.
	scope *scopeReads
}

// flush issues what a round collected (scope mode), before the round waits.
func (f *fetcher) flush() {
	if f.scope != nil {
		f.scope.flush(f)
	}
}

// do runs fn concurrently; fn writes to the snapshot only through f.locked.
func (f *fetcher) do(fn func()) {
	f.wg.Add(1)
	go func() {
		defer f.wg.Done()
		fn()
	}()
}

func (f *fetcher) locked(fn func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fn()
}

func (f *fetcher) wait() { f.wg.Wait() }

// once reports whether key is new, marking it requested.
func (f *fetcher) once(key string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.requested == nil {
		f.requested = map[string]bool{}
	}
	if f.requested[key] {
		return false
	}
	f.requested[key] = true
	return true
}

func (f *fetcher) targetErr() error {
	if len(f.targetErrs) > 0 {
		return f.targetErrs[0]
	}
	return nil
}

// classify turns an error of a read of registry entry e into a gap or an incomplete-report note.
func (f *fetcher) classify(err error, verb Verb, e *Entry, ns string) Gap {
	if g, ok := gapFor(err, verb, e, ns); ok {
		return g
	}
	r := FailedRead{Class: ReasonReadFailed, Verb: string(verb), Resource: e.GVR.Resource, Namespace: ns,
		Note: fmt.Sprintf("%s %s: %s", verb, e.GVR.Resource, shortErr(err))}
	f.locked(func() { f.snap.addIncomplete(r) })
	g := gapOf(reasonReadFailed(shortErr(err)), ReasonReadFailed)
	g.Err = err
	return g
}

func shortErr(err error) string {
	s := err.Error()
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// getInto GETs ns/name into st, recording 404 as absent and other errors as gaps.
func getInto[T any](f *fetcher, st *Store[T], ns, name string, e *Entry, get func(context.Context, string, metav1.GetOptions) (T, error)) {
	if name == "" || !f.once("get/"+e.GVR.Resource+"/"+ns+"/"+name) {
		return
	}
	f.do(func() {
		obj, err := get(f.ctx, name, metav1.GetOptions{})
		switch {
		case err == nil:
			f.locked(func() { st.Add(ns, name, obj) })
		case apierrors.IsNotFound(err):
			f.locked(func() { st.MarkAbsent(ns, name) })
		default:
			gap := f.classify(err, VerbGet, e, ns)
			f.locked(func() { st.MarkGap(ns, gap) })
		}
	})
}

func (f *fetcher) target(t Target) {
	fail := func(err error, res resource) {
		en := res.entry()
		var e error
		switch {
		case apierrors.IsNotFound(err):
			e = &NotFoundError{Resource: en.GVR.Resource, Namespace: t.Namespace, Name: t.Name}
		case apierrors.IsForbidden(err):
			g := gapOf(reasonForbidden, ReasonForbidden)
			g.RBAC, g.Err = en.rbacRule(VerbGet, t.Namespace), err
			e = g.unknown(en.GVR.Resource, t.Namespace, t.Name)
		default:
			e = err
		}
		f.locked(func() { f.targetErrs = append(f.targetErrs, &TargetError{Target: t, Err: e}) })
	}
	f.do(func() {
		switch t.Kind {
		case KindService:
			svc, err := f.c.Kube.CoreV1().Services(t.Namespace).Get(f.ctx, t.Name, metav1.GetOptions{})
			if err != nil {
				fail(err, resourceByName(Services))
				return
			}
			f.locked(func() { f.snap.Services.Add(svc.Namespace, svc.Name, svc) })
		case KindIngress:
			ing, err := f.c.Kube.NetworkingV1().Ingresses(t.Namespace).Get(f.ctx, t.Name, metav1.GetOptions{})
			if err != nil {
				fail(err, resourceByName(Ingresses))
				return
			}
			f.locked(func() { f.snap.Ingresses.Add(ing.Namespace, ing.Name, ing) })
		}
	})
}

// events reads the target's events from core/v1 and events.k8s.io/v1, selected by involved kind
// and name in its namespace; uids are filtered when the checks read them.
func (f *fetcher) events(t Target) {
	f.do(func() {
		sel := fields.Set{"involvedObject.kind": string(t.Kind), "involvedObject.name": t.Name}.AsSelector().String()
		l, err := f.c.Kube.CoreV1().Events(t.Namespace).List(f.ctx, metav1.ListOptions{FieldSelector: sel})
		if err != nil {
			f.eventsErr(err, t.Namespace)
			return
		}
		f.locked(func() {
			for i := range l.Items {
				f.snap.AddEvent(FromCoreEvent(&l.Items[i]))
			}
		})
	})
	f.do(func() {
		sel := fields.Set{"regarding.kind": string(t.Kind), "regarding.name": t.Name}.AsSelector().String()
		l, err := f.c.Kube.EventsV1().Events(t.Namespace).List(f.ctx, metav1.ListOptions{FieldSelector: sel})
		if err != nil {
			// The same events are served by core/v1; a failure here alone loses nothing.
			return
		}
		f.locked(func() {
			for i := range l.Items {
				f.snap.AddEvent(FromEventsV1(&l.Items[i]))
			}
		})
	})
}

func (f *fetcher) eventsErr(err error, ns string) {
	gap := f.classify(err, VerbList, eventsEntry, ns)
	f.locked(func() { f.snap.markEventsGap(ns, &gap) })
}
