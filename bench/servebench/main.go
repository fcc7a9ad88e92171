// Command servebench measures `kubectl-lbdoctor serve` on the cluster of $KUBECONFIG (the synthetic
// benchmark cluster, loaded by bench/loadgen): the time from start to /readyz (the first full sync
// and diagnosis), its RSS then, after the updates and at its peak, then single-object updates one
// after the other — the lbdoctor.io/ignore annotation of a Service or an Ingress with a finding
// flipped on and off (the finding's lbdoctor_findings series goes and comes back), and the
// certificate id of a TLS Secret flipped between valid and malformed (E4035 on the Ingresses that
// use it).
//
// How the latency is measured: serve runs with its hidden --pass-log FILE, which appends a line
// after each diagnosis pass has updated the metrics (wall clock, targets re-diagnosed). For each
// update, the latency is from the update's API response to the line of the pass that re-diagnosed
// the updated target (0 when the pass finished first: the watch event can beat the response); the
// metrics a scrape reads are updated at that point. Every 20th update a /metrics scrape checks that
// the series really changed. Targets re-diagnosed per update are the passes' counts from the request
// to that pass.
//
//	go run ./bench/servebench -bin bin/kubectl-lbdoctor [-updates 1000] [-summary FILE]
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/lbdoctor/kubectl-lbdoctor/bench/internal/serveproc"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/report"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "servebench:", err)
		os.Exit(1)
	}
}

// passLine is serve's --pass-log record (pkg/serve PassRecord).
type passLine struct {
	UnixNano   int64    `json:"unixNano"`
	Initial    bool     `json:"initial"`
	Targets    []string `json:"targets"`
	Count      int      `json:"count"`
	DurationNS int64    `json:"durationNS"`
}

// update is one single-object change and what it must re-diagnose.
type update struct {
	kind string
	// target is the KIND/NAMESPACE/NAME the pass must name; rule the finding whose series flips.
	target, rule, ns, name string
	apply                  func(ctx context.Context) error
}

func run() error {
	bin := flag.String("bin", "bin/kubectl-lbdoctor", "kubectl-lbdoctor binary")
	n := flag.Int("updates", 1000, "number of single-object updates")
	summary := flag.String("summary", "", "write key=value results to FILE (default stdout)")
	flag.Parse()
	cfg, err := clientcmd.BuildConfigFromFlags("", os.Getenv("KUBECONFIG"))
	if err != nil {
		return err
	}
	cfg.QPS, cfg.Burst = 200, 400
	kube, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "servebench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	plogPath := filepath.Join(work, "passes.jsonl")
	errPath := filepath.Join(work, "serve.err")
	errFile, err := os.Create(errPath)
	if err != nil {
		return err
	}
	cmd := exec.Command(*bin, "serve", "--metrics-bind-address", "127.0.0.1:0", "--pass-log", plogPath, "--request-timeout", "0")
	cmd.Stderr = errFile
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return err
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	pid := cmd.Process.Pid
	base, err := serveproc.WaitAddress(errPath, 60*time.Second)
	if err != nil {
		return err
	}
	for {
		if code, _ := serveproc.Get(base + "/readyz"); code == 200 {
			break
		}
		if time.Since(start) > 10*time.Minute {
			return errors.New("serve not ready after 10 minutes")
		}
		time.Sleep(50 * time.Millisecond)
	}
	syncS := time.Since(start).Seconds()
	hwmSync, rssSync := serveproc.ProcStatus(pid, "VmHWM"), serveproc.ProcStatus(pid, "VmRSS")
	plog, err := os.Open(plogPath)
	if err != nil {
		return err
	}
	rd := bufio.NewReader(plog)
	initial, err := nextPass(rd, time.Minute)
	if err != nil {
		return err
	}
	hwmReady := serveproc.ProcStatus(pid, "VmHWM")
	_, body := serveproc.Get(base + "/metrics")
	ups, err := plan(context.Background(), kube, findingsOf(body), *n)
	if err != nil {
		return err
	}
	type sample struct {
		kind             string
		lat, fromRequest time.Duration
		rediag           int
	}
	var samples []sample
	checks, mismatches := 0, 0
	ctx := context.Background()
	for i, u := range ups {
		reqAt := time.Now()
		if err := u.apply(ctx); err != nil {
			return fmt.Errorf("update %d (%s %s): %w", i, u.kind, u.target, err)
		}
		respAt := time.Now()
		rediag := 0
		var seenAt time.Time
		for seenAt.IsZero() {
			p, err := nextPass(rd, 30*time.Second)
			if err != nil {
				return fmt.Errorf("update %d (%s %s): %w", i, u.kind, u.target, err)
			}
			rediag += p.Count
			if slices.Contains(p.Targets, u.target) {
				seenAt = time.Unix(0, p.UnixNano)
			}
		}
		lat := max(0, seenAt.Sub(respAt))
		samples = append(samples, sample{u.kind, lat, seenAt.Sub(reqAt), rediag})
		if i%20 == 0 && u.rule != "" {
			checks++
			_, m := serveproc.Get(base + "/metrics")
			re := regexp.MustCompile(`(?m)^lbdoctor_findings\{[^}]*name="` + regexp.QuoteMeta(u.name) + `"[^}]*namespace="` +
				regexp.QuoteMeta(u.ns) + `"[^}]*rule="` + regexp.QuoteMeta(u.rule) + `"[^}]*\} 1$`)
			// Even-numbered flips of a target set the ignore annotation (the series goes), odd ones remove it.
			if re.MatchString(m) == ignoredAfter[u.target] {
				mismatches++
			}
		}
	}
	hwm, rssEnd := serveproc.ProcStatus(pid, "VmHWM"), serveproc.ProcStatus(pid, "VmRSS")
	_, final := serveproc.Get(base + "/metrics")
	_ = cmd.Process.Signal(syscall.SIGINT)

	out := os.Stdout
	if *summary != "" {
		f, err := os.Create(*summary)
		if err != nil {
			return err
		}
		defer f.Close()
		out = f
	}
	fmt.Fprintf(out, "serve_sync_s=%.2f\n", syncS)
	fmt.Fprintf(out, "serve_initial_pass_s=%.2f\n", float64(initial.DurationNS)/1e9)
	fmt.Fprintf(out, "serve_initial_targets=%d\n", initial.Count)
	fmt.Fprintf(out, "serve_rss_after_sync_kb=%d\nserve_peak_rss_after_sync_kb=%d\nserve_peak_rss_after_first_pass_kb=%d\nserve_peak_rss_kb=%d\n", rssSync, hwmSync, hwmReady, hwm)
	fmt.Fprintf(out, "serve_rss_after_updates_kb=%d\n", rssEnd)
	for _, m := range memstatsRE.FindAllStringSubmatch(final, -1) {
		v, _ := strconv.ParseFloat(m[2], 64)
		fmt.Fprintf(out, "serve_go_%s_kb=%d\n", m[1], int64(v)/1024)
	}
	fmt.Fprintf(out, "updates=%d\n", len(samples))
	for _, kind := range []string{"all", "service", "ingress", "secret"} {
		var lat, req []time.Duration
		var rd []int
		for _, s := range samples {
			if kind == "all" || s.kind == kind {
				lat, req, rd = append(lat, s.lat), append(req, s.fromRequest), append(rd, s.rediag)
			}
		}
		if len(lat) == 0 {
			continue
		}
		fmt.Fprintf(out, "%s_updates=%d\n", kind, len(lat))
		fmt.Fprintf(out, "%s_latency_ms_p50=%.1f\n%s_latency_ms_p99=%.1f\n%s_latency_ms_max=%.1f\n", kind, ms(pct(lat, 50)), kind, ms(pct(lat, 99)), kind, ms(pct(lat, 100)))
		fmt.Fprintf(out, "%s_from_request_ms_p50=%.1f\n%s_from_request_ms_p99=%.1f\n", kind, ms(pct(req, 50)), kind, ms(pct(req, 99)))
		fmt.Fprintf(out, "%s_rediagnosed_p50=%d\n%s_rediagnosed_max=%d\n%s_rediagnosed_mean=%.2f\n", kind, pct(rd, 50), kind, pct(rd, 100), kind, mean(rd))
	}
	fmt.Fprintf(out, "scrape_checks=%d\nscrape_mismatches=%d\n", checks, mismatches)
	return nil
}

// memstatsRE picks the Go runtime's memory gauges from a scrape: where the resident size goes
// (live and free heap, what was returned to the system, stacks, the runtime's own).
var memstatsRE = regexp.MustCompile(`(?m)^go_memstats_(heap_alloc|heap_inuse|heap_idle|heap_released|stack_inuse|next_gc|sys)_bytes ([0-9.e+]+)$`)

// ignoredAfter says, per target, whether its last flip set the ignore annotation.
var ignoredAfter = map[string]bool{}

// plan picks the updates: of every ten, five Service and four Ingress ignore flips on targets with
// a finding, and one Secret flip, round-robin over the candidates.
func plan(ctx context.Context, kube kubernetes.Interface, found []finding, n int) ([]update, error) {
	var svcs, ings []finding
	for _, f := range found {
		if f.kind == "Service" {
			svcs = append(svcs, f)
		} else {
			ings = append(ings, f)
		}
	}
	il, err := kube.NetworkingV1().Ingresses("").List(ctx, metav1.ListOptions{})
	if err != nil {
		return nil, err
	}
	type secretUse struct{ ns, name, ingress string }
	var secrets []secretUse
	seen := map[string]bool{}
	for _, ing := range il.Items {
		for _, tls := range ing.Spec.TLS {
			k := ing.Namespace + "/" + tls.SecretName
			if tls.SecretName == "" || seen[k] {
				continue
			}
			if _, err := kube.CoreV1().Secrets(ing.Namespace).Get(ctx, tls.SecretName, metav1.GetOptions{}); err != nil {
				continue
			}
			seen[k] = true
			secrets = append(secrets, secretUse{ing.Namespace, tls.SecretName, "Ingress/" + ing.Namespace + "/" + ing.Name})
			if len(secrets) >= 200 {
				break
			}
		}
		if len(secrets) >= 200 {
			break
		}
	}
	if len(svcs) == 0 || len(ings) == 0 || len(secrets) == 0 {
		return nil, fmt.Errorf("need Services, Ingresses with findings and TLS Secrets: %d, %d, %d", len(svcs), len(ings), len(secrets))
	}
	flip := func(f finding) update {
		t := f
		key := t.kind + "/" + t.ns + "/" + t.name
		rule := f.rule
		kind := strings.ToLower(t.kind)
		return update{kind: kind, target: key, rule: rule, ns: t.ns, name: t.name, apply: func(ctx context.Context) error {
			on := !ignoredAfter[key]
			set := func(ann map[string]string) map[string]string {
				if ann == nil {
					ann = map[string]string{}
				}
				if on {
					ann[report.IgnoreAnnotation] = rule
				} else {
					delete(ann, report.IgnoreAnnotation)
				}
				return ann
			}
			var err error
			if t.kind == "Service" {
				var s *corev1.Service
				if s, err = kube.CoreV1().Services(t.ns).Get(ctx, t.name, metav1.GetOptions{}); err == nil {
					s.Annotations = set(s.Annotations)
					_, err = kube.CoreV1().Services(t.ns).Update(ctx, s, metav1.UpdateOptions{})
				}
			} else {
				ing, gerr := kube.NetworkingV1().Ingresses(t.ns).Get(ctx, t.name, metav1.GetOptions{})
				if err = gerr; err == nil {
					ing.Annotations = set(ing.Annotations)
					_, err = kube.NetworkingV1().Ingresses(t.ns).Update(ctx, ing, metav1.UpdateOptions{})
				}
			}
			if err == nil {
				ignoredAfter[key] = on
			}
			return err
		}}
	}
	flips := map[string]int{}
	var out []update
	for i := 0; len(out) < n; i++ {
		switch i % 10 {
		case 0, 1, 2, 3, 4:
			out = append(out, flip(svcs[flips["svc"]%len(svcs)]))
			flips["svc"]++
		case 5, 6, 7, 8:
			out = append(out, flip(ings[flips["ing"]%len(ings)]))
			flips["ing"]++
		default:
			su := secrets[flips["sec"]%len(secrets)]
			flips["sec"]++
			out = append(out, update{kind: "secret", target: su.ingress, apply: func(ctx context.Context) error {
				s, err := kube.CoreV1().Secrets(su.ns).Get(ctx, su.name, metav1.GetOptions{})
				if err != nil {
					return err
				}
				if s.Data == nil {
					s.Data = map[string][]byte{}
				}
				if string(s.Data["qcloud_cert_id"]) == "YCOLTUdr" {
					s.Data["qcloud_cert_id"] = []byte("not-an-id")
				} else {
					s.Data["qcloud_cert_id"] = []byte("YCOLTUdr")
				}
				_, err = kube.CoreV1().Secrets(su.ns).Update(ctx, s, metav1.UpdateOptions{})
				return err
			}})
		}
	}
	return out, nil
}

// finding is one lbdoctor_findings series: a target and the rule of one of its open findings.
type finding struct{ kind, ns, name, rule string }

var seriesRE = regexp.MustCompile(`(?m)^lbdoctor_findings\{(.*)\} 1$`)
var labelRE = regexp.MustCompile(`(\w+)="([^"]*)"`)

// findingsOf returns the first open finding of each target from a /metrics scrape, in the order
// of the scrape.
func findingsOf(metrics string) []finding {
	var out []finding
	seen := map[string]bool{}
	for _, m := range seriesRE.FindAllStringSubmatch(metrics, -1) {
		l := map[string]string{}
		for _, kv := range labelRE.FindAllStringSubmatch(m[1], -1) {
			l[kv[1]] = kv[2]
		}
		k := l["kind"] + "/" + l["namespace"] + "/" + l["name"]
		if seen[k] || l["rule"] == "" {
			continue
		}
		seen[k] = true
		out = append(out, finding{kind: l["kind"], ns: l["namespace"], name: l["name"], rule: l["rule"]})
	}
	return out
}

// nextPass reads the next --pass-log line, waiting up to timeout for it.
func nextPass(rd *bufio.Reader, timeout time.Duration) (passLine, error) {
	deadline := time.Now().Add(timeout)
	var buf []byte
	for {
		b, err := rd.ReadBytes('\n')
		buf = append(buf, b...)
		if err == nil {
			var p passLine
			return p, json.Unmarshal(buf, &p)
		}
		if !errors.Is(err, io.EOF) {
			return passLine{}, err
		}
		if time.Now().After(deadline) {
			return passLine{}, fmt.Errorf("no diagnosis pass within %s", timeout)
		}
		time.Sleep(time.Millisecond)
	}
}

func pct[T int | time.Duration](v []T, p int) T {
	s := slices.Clone(v)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	return s[max(0, min(len(s)-1, i-1))]
}

func mean(v []int) float64 {
	t := 0
	for _, x := range v {
		t += x
	}
	return float64(t) / float64(len(v))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
