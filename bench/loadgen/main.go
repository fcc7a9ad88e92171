// Command loadgen loads the synthetic benchmark cluster (bench/synth) into the API server of
// $KUBECONFIG: namespaces and their default ServiceAccounts first, then the kube-system objects,
// nodes, Services, pods, EndpointSlices, Secrets and Ingresses with their status (as the missing
// controllers would write it), and last the events, pointed at the uids the server assigned.
//
//	go run ./bench/loadgen [-scale 0.1] [-workers 64] [-service-workers 32] [-summary FILE]
//
// -scale defaults to $BENCH_SCALE, else 1 (the full size). Progress and timings go to stderr; the
// summary file gets key=value lines (sizes, load time, a healthy Service for single-target runs).
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/lbdoctor/kubectl-lbdoctor/bench/synth"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

func run() error {
	defScale, err := synth.ScaleFromEnv()
	if err != nil {
		return err
	}
	scale := flag.Float64("scale", defScale, "size factor of the synthetic cluster (1 = 50 namespaces, 5,000 Services, …)")
	workers := flag.Int("workers", 64, "concurrent requests")
	svcWorkers := flag.Int("service-workers", 32, "concurrent Service creates, besides -workers")
	qps := flag.Float64("qps", 2000, "client-side rate limit (requests/s)")
	summary := flag.String("summary", "", "write key=value facts about the loaded cluster to this file")
	defPods, err := synth.PodsPerServiceFromEnv()
	if err != nil {
		return err
	}
	pods := flag.Int("pods-per-service", defPods, "pods behind each Service (BENCH_PODS_PER_SERVICE)")
	viaEtcd := flag.String("via-etcd", "", "etcd client URL: write Services, Pods, EndpointSlices, Ingresses, Secrets "+
		"and Events into etcd directly, beside the API server (see etcdWriter)")
	flag.Parse()
	if *scale <= 0 {
		return fmt.Errorf("-scale must be positive")
	}
	if *pods < 1 {
		return fmt.Errorf("-pods-per-service must be at least 1")
	}

	cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(clientcmd.NewDefaultClientConfigLoadingRules(),
		&clientcmd.ConfigOverrides{}).ClientConfig()
	if err != nil {
		return fmt.Errorf("kubeconfig: %w", err)
	}
	cfg.QPS, cfg.Burst = float32(*qps), int(*qps)
	cfg.UserAgent = "lbdoctor-bench-loadgen"
	cfg.WarningHandler = rest.NoWarnings{} // one deprecation warning per Ingress otherwise
	// Protobuf is cheaper than JSON to encode and decode on both sides; every kind here is built in.
	cfg.ContentType = "application/vnd.kubernetes.protobuf"
	kube, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return err
	}

	sz := synth.DefaultSizes().Scale(*scale)
	sz.PodsPerService = *pods
	t0 := time.Now()
	c := synth.Generate(sz)
	logf("generated %s in %s", sz, time.Since(t0).Round(time.Millisecond))

	ctx := context.Background()
	l := &loader{kube: kube, ctx: ctx, uids: map[string]types.UID{}, stats: map[string]*stat{},
		asyncSem: make(chan struct{}, *workers)}
	if *viaEtcd != "" {
		l.etcd = newEtcdWriter(*viaEtcd)
	}
	start := time.Now()
	if err := l.phase(ctx, "namespaces", pool{l.namespaceJobs(c), *workers}); err != nil {
		return err
	}
	// Services get a pool of their own and start at once: their creates are the slowest part of the
	// load (each allocates a ClusterIP, and the API server completes only ~35 allocations/s here
	// however many run at once), so everything else runs beside them.
	svcJobs, otherJobs := l.objectJobs(c)
	if err := l.phase(ctx, "objects", pool{svcJobs, *svcWorkers}, pool{otherJobs, *workers}); err != nil {
		return err
	}
	if err := l.asyncWait(); err != nil {
		return err
	}
	if err := l.phase(ctx, "events", pool{l.eventJobs(c), *workers}); err != nil {
		return err
	}
	took := time.Since(start)
	l.printStats()
	logf("loaded %d objects with %d requests in %s (%.0f requests/s)", l.objects.Load(), l.requests.Load(),
		took.Round(100*time.Millisecond), float64(l.requests.Load())/took.Seconds())

	if *summary != "" {
		facts := []string{
			fmt.Sprintf("scale=%g", *scale),
			"sizes=" + sz.String(),
			fmt.Sprintf("targets=%d", sz.Services+sz.Ingresses),
			fmt.Sprintf("broken_targets=%d", len(c.Mistakes)),
			fmt.Sprintf("load_objects=%d", l.objects.Load()),
			fmt.Sprintf("load_requests=%d", l.requests.Load()),
			fmt.Sprintf("load_seconds=%.1f", took.Seconds()),
			fmt.Sprintf("load_workers=%d", *workers),
			fmt.Sprintf("via_etcd=%t", *viaEtcd != ""),
			"healthy_service=" + c.Healthy.Namespace + "/" + c.Healthy.Name,
		}
		if err := os.WriteFile(*summary, []byte(strings.Join(facts, "\n")+"\n"), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "loadgen: "+format+"\n", args...)
}

type job func(ctx context.Context) error

type loader struct {
	kube     kubernetes.Interface
	ctx      context.Context
	objects  atomic.Int64
	requests atomic.Int64
	mu       sync.Mutex
	// uids maps "Kind/ns/name" to the uid the server assigned (Services and Ingresses).
	uids map[string]types.UID
	// asyncWG, asyncSem and asyncErr track requests issued off the pools (see async).
	asyncWG  sync.WaitGroup
	asyncSem chan struct{}
	asyncErr error
	// stats holds, per request kind ("pod status"), the count, retries and total latency.
	stats map[string]*stat
	// etcd, when set, is where the namespaced objects are written (-via-etcd).
	etcd *etcdWriter
}

type stat struct {
	n, retries int
	total      time.Duration
}

// pool is a list of jobs and how many run at once.
type pool struct {
	jobs    []job
	workers int
}

// phase runs the pools side by side, printing progress every two seconds; the first error stops it.
func (l *loader) phase(ctx context.Context, name string, pools ...pool) error {
	start := time.Now()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	var done atomic.Int64
	total := 0
	var wg sync.WaitGroup
	for _, p := range pools {
		total += len(p.jobs)
		ch := make(chan job)
		for range p.workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range ch {
					if ctx.Err() == nil {
						if err := j(ctx); err != nil {
							cancel(err)
						}
					}
					done.Add(1)
				}
			}()
		}
		go func() {
			defer close(ch)
			for _, j := range p.jobs {
				ch <- j
			}
		}()
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	tick := time.NewTicker(2 * time.Second)
	defer tick.Stop()
wait:
	for {
		select {
		case <-finished:
			break wait
		case <-tick.C:
			logf("%s: %d/%d, %s", name, done.Load(), total, time.Since(start).Round(time.Second))
		}
	}
	if err := context.Cause(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return fmt.Errorf("%s: %w", name, err)
	}
	logf("%s: %d done in %s", name, total, time.Since(start).Round(100*time.Millisecond))
	return nil
}

// call issues one request, retrying what a busy API server answers with (throttling, time-outs,
// and admission not yet seeing a namespace or ServiceAccount just created).
func (l *loader) call(ctx context.Context, what string, fn func() error) error {
	var err error
	kind := what
	if i := strings.LastIndexByte(what, ' '); i > 0 {
		kind = what[:i]
	}
	for attempt := range 8 {
		l.requests.Add(1)
		t0 := time.Now()
		err = fn()
		l.record(kind, time.Since(t0), attempt > 0)
		if err == nil {
			return nil
		}
		if !(apierrors.IsTooManyRequests(err) || apierrors.IsServerTimeout(err) || apierrors.IsTimeout(err) ||
			apierrors.IsServiceUnavailable(err) || apierrors.IsInternalError(err) || apierrors.IsNotFound(err) ||
			apierrors.IsForbidden(err) && strings.Contains(err.Error(), "serviceaccount")) {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(50<<attempt) * time.Millisecond):
		}
	}
	return fmt.Errorf("%s: %w", what, err)
}

// fresh strips what the server assigns.
func fresh(m *metav1.ObjectMeta) {
	m.UID, m.ResourceVersion, m.CreationTimestamp = "", "", metav1.Time{}
}

func (l *loader) namespaceJobs(c *synth.Cluster) []job {
	var jobs []job
	for _, ns := range c.Namespaces {
		jobs = append(jobs, func(ctx context.Context) error {
			o := ns.DeepCopy()
			fresh(&o.ObjectMeta)
			if err := l.call(ctx, "namespace "+o.Name, func() error {
				_, err := l.kube.CoreV1().Namespaces().Create(ctx, o, metav1.CreateOptions{})
				return err
			}); err != nil {
				return err
			}
			// No controller-manager: nothing else creates the ServiceAccount pods need.
			sa := &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: "default", Namespace: o.Name}}
			err := l.call(ctx, "serviceaccount "+o.Name+"/default", func() error {
				_, err := l.kube.CoreV1().ServiceAccounts(o.Name).Create(ctx, sa, metav1.CreateOptions{})
				if apierrors.IsAlreadyExists(err) {
					return nil
				}
				return err
			})
			l.objects.Add(2)
			return err
		})
	}
	return jobs
}

// objectJobs creates everything but namespaces and events: the Service jobs and the others. Creates
// wipe the status of Services, pods and Ingresses, so each is followed by an UpdateStatus; nodes
// keep the status they are created with.
func (l *loader) objectJobs(c *synth.Cluster) (svcJobs, jobs []job) {
	add := func(j job) { jobs = append(jobs, j) }
	for _, o := range c.ConfigMaps {
		add(func(ctx context.Context) error {
			o := o.DeepCopy()
			fresh(&o.ObjectMeta)
			l.objects.Add(1)
			return l.call(ctx, "configmap "+o.Name, func() error {
				_, err := l.kube.CoreV1().ConfigMaps(o.Namespace).Create(ctx, o, metav1.CreateOptions{})
				return err
			})
		})
	}
	for _, o := range c.DaemonSets {
		add(func(ctx context.Context) error {
			o := o.DeepCopy()
			fresh(&o.ObjectMeta)
			l.objects.Add(1)
			return l.call(ctx, "daemonset "+o.Name, func() error {
				_, err := l.kube.AppsV1().DaemonSets(o.Namespace).Create(ctx, o, metav1.CreateOptions{})
				return err
			})
		})
	}
	for _, o := range c.Nodes {
		add(func(ctx context.Context) error {
			o := o.DeepCopy()
			fresh(&o.ObjectMeta)
			l.objects.Add(1)
			var got *corev1.Node
			if err := l.call(ctx, "node "+o.Name, func() (err error) {
				got, err = l.kube.CoreV1().Nodes().Create(ctx, o, metav1.CreateOptions{})
				return err
			}); err != nil {
				return err
			}
			if len(got.Status.Conditions) > 0 {
				return nil
			}
			got.Status = o.Status
			return l.call(ctx, "node status "+o.Name, func() error {
				_, err := l.kube.CoreV1().Nodes().UpdateStatus(ctx, got, metav1.UpdateOptions{})
				return err
			})
		})
	}
	perSvc := c.Sizes.PodsPerService
	for i, o := range c.Services {
		svcJobs = append(svcJobs, func(ctx context.Context) error {
			o := o.DeepCopy()
			fresh(&o.ObjectMeta)
			l.objects.Add(1)
			if l.etcd != nil {
				uid, err := l.createServiceViaEtcd(ctx, l.etcd, i, o)
				if err == nil {
					l.setUID("Service", o.Namespace, o.Name, uid)
				}
				return err
			}
			var got *corev1.Service
			if err := l.call(ctx, "service "+o.Namespace+"/"+o.Name, func() (err error) {
				got, err = l.kube.CoreV1().Services(o.Namespace).Create(ctx, o, metav1.CreateOptions{})
				return err
			}); err != nil {
				return err
			}
			l.setUID("Service", got.Namespace, got.Name, got.UID)
			if len(o.Status.LoadBalancer.Ingress) == 0 {
				return nil
			}
			got.Status = o.Status
			// Off the Service pool, whose creates are the critical path of the whole load.
			l.async(func(ctx context.Context) error {
				return l.call(ctx, "service status "+o.Namespace+"/"+o.Name, func() error {
					_, err := l.kube.CoreV1().Services(o.Namespace).UpdateStatus(ctx, got, metav1.UpdateOptions{})
					return err
				})
			})
			return nil
		})
		for _, p := range c.Pods[i*perSvc : (i+1)*perSvc] {
			add(func(ctx context.Context) error {
				o := p.DeepCopy()
				fresh(&o.ObjectMeta)
				l.objects.Add(1)
				if l.etcd != nil {
					_, err := l.putViaEtcd(ctx, l.etcd, "pods", "v1", "Pod", &o.ObjectMeta, o)
					return err
				}
				var got *corev1.Pod
				if err := l.call(ctx, "pod "+o.Namespace+"/"+o.Name, func() (err error) {
					got, err = l.kube.CoreV1().Pods(o.Namespace).Create(ctx, o, metav1.CreateOptions{})
					return err
				}); err != nil {
					return err
				}
				got.Status = o.Status
				return l.call(ctx, "pod status "+o.Namespace+"/"+o.Name, func() error {
					_, err := l.kube.CoreV1().Pods(o.Namespace).UpdateStatus(ctx, got, metav1.UpdateOptions{})
					return err
				})
			})
		}
		es := c.EndpointSlices[i]
		add(func(ctx context.Context) error {
			o := es.DeepCopy()
			fresh(&o.ObjectMeta)
			l.objects.Add(1)
			if l.etcd != nil {
				_, err := l.putViaEtcd(ctx, l.etcd, "endpointslices", "discovery.k8s.io/v1", "EndpointSlice", &o.ObjectMeta, o)
				return err
			}
			return l.call(ctx, "endpointslice "+o.Namespace+"/"+o.Name, func() error {
				_, err := l.kube.DiscoveryV1().EndpointSlices(o.Namespace).Create(ctx, o, metav1.CreateOptions{})
				return err
			})
		})
	}
	for _, o := range c.Secrets {
		add(func(ctx context.Context) error {
			o := o.DeepCopy()
			fresh(&o.ObjectMeta)
			l.objects.Add(1)
			if l.etcd != nil {
				_, err := l.putViaEtcd(ctx, l.etcd, "secrets", "v1", "Secret", &o.ObjectMeta, o)
				return err
			}
			return l.call(ctx, "secret "+o.Namespace+"/"+o.Name, func() error {
				_, err := l.kube.CoreV1().Secrets(o.Namespace).Create(ctx, o, metav1.CreateOptions{})
				return err
			})
		})
	}
	for _, o := range c.Ingresses {
		add(func(ctx context.Context) error {
			o := o.DeepCopy()
			fresh(&o.ObjectMeta)
			l.objects.Add(1)
			if l.etcd != nil {
				uid, err := l.putViaEtcd(ctx, l.etcd, "ingress", "networking.k8s.io/v1", "Ingress", &o.ObjectMeta, o)
				if err == nil {
					l.setUID("Ingress", o.Namespace, o.Name, uid)
				}
				return err
			}
			ings := l.kube.NetworkingV1().Ingresses(o.Namespace)
			var got = o
			if err := l.call(ctx, "ingress "+o.Namespace+"/"+o.Name, func() (err error) {
				got, err = ings.Create(ctx, o, metav1.CreateOptions{})
				return err
			}); err != nil {
				return err
			}
			l.setUID("Ingress", got.Namespace, got.Name, got.UID)
			if len(o.Status.LoadBalancer.Ingress) == 0 {
				return nil
			}
			got.Status = o.Status
			return l.call(ctx, "ingress status "+o.Namespace+"/"+o.Name, func() error {
				_, err := ings.UpdateStatus(ctx, got, metav1.UpdateOptions{})
				return err
			})
		})
	}
	return svcJobs, jobs
}

// async runs fn in the background, at most -workers at a time, with the loader's context (a
// phase's context ends with the phase); asyncWait waits for all of them.
func (l *loader) async(fn func(context.Context) error) {
	l.asyncWG.Add(1)
	go func() {
		defer l.asyncWG.Done()
		l.asyncSem <- struct{}{}
		defer func() { <-l.asyncSem }()
		if err := fn(l.ctx); err != nil {
			l.mu.Lock()
			l.asyncErr = cmp.Or(l.asyncErr, err)
			l.mu.Unlock()
		}
	}()
}

func (l *loader) asyncWait() error {
	l.asyncWG.Wait()
	return l.asyncErr
}

func (l *loader) record(kind string, d time.Duration, retry bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	st := l.stats[kind]
	if st == nil {
		st = &stat{}
		l.stats[kind] = st
	}
	st.n++
	st.total += d
	if retry {
		st.retries++
	}
}

// printStats logs the mean latency and retries per request kind.
func (l *loader) printStats() {
	l.mu.Lock()
	defer l.mu.Unlock()
	kinds := make([]string, 0, len(l.stats))
	for k := range l.stats {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		st := l.stats[k]
		logf("  %-20s %6d requests, mean %6.1f ms, %d retries", k, st.n, float64(st.total.Microseconds())/1000/float64(st.n), st.retries)
	}
}

func (l *loader) setUID(kind, ns, name string, uid types.UID) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.uids[synth.Key(kind, ns, name)] = uid
}

// eventJobs creates the events, each pointed at its object's server-assigned uid.
func (l *loader) eventJobs(c *synth.Cluster) []job {
	var jobs []job
	for _, e := range c.Events {
		jobs = append(jobs, func(ctx context.Context) error {
			o := e.DeepCopy()
			fresh(&o.ObjectMeta)
			ref := &o.InvolvedObject
			l.mu.Lock()
			uid, ok := l.uids[synth.Key(ref.Kind, ref.Namespace, ref.Name)]
			l.mu.Unlock()
			if !ok {
				return fmt.Errorf("event %s/%s: no uid for %s %s/%s", o.Namespace, o.Name, ref.Kind, ref.Namespace, ref.Name)
			}
			ref.UID, ref.ResourceVersion = uid, ""
			l.objects.Add(1)
			if l.etcd != nil {
				_, err := l.putViaEtcd(ctx, l.etcd, "events", "v1", "Event", &o.ObjectMeta, o)
				return err
			}
			return l.call(ctx, "event "+o.Namespace+"/"+o.Name, func() error {
				_, err := l.kube.CoreV1().Events(o.Namespace).Create(ctx, o, metav1.CreateOptions{})
				return err
			})
		})
	}
	return jobs
}
