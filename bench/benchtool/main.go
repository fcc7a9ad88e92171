// Command benchtool holds the parts of bench/run.sh that are easier in Go than in shell.
//
//	benchtool audit -log FILE -from N -to M [-ua PREFIX] [-urls OUT]
//	    count the audit-log requests between byte offsets N and M whose userAgent starts with
//	    PREFIX, by verb; write the distinct LIST request URIs to OUT.
//	benchtool raw -urls FILE [-max N]
//	    replay those LISTs with `kubectl get --raw` one after the other (following continue
//	    tokens afresh) and sum the wall times.
//	benchtool summary FILE
//	    print the ratios and targets from the key=value figures of bench/out/latest.txt.
//
// Every figure is printed as key=value, the format of latest.txt.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: benchtool audit|raw|summary …")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "audit":
		err = audit(os.Args[2:])
	case "raw":
		err = raw(os.Args[2:])
	case "summary":
		err = summary(os.Args[2:])
	default:
		err = fmt.Errorf("unknown subcommand %q", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtool:", err)
		os.Exit(1)
	}
}

type auditEvent struct {
	Stage          string `json:"stage"`
	Verb           string `json:"verb"`
	RequestURI     string `json:"requestURI"`
	UserAgent      string `json:"userAgent"`
	ResponseStatus struct {
		Code int `json:"code"`
	} `json:"responseStatus"`
}

func audit(args []string) error {
	fs := flag.NewFlagSet("audit", flag.ExitOnError)
	log := fs.String("log", os.Getenv("LBDOCTOR_AUDIT_LOG"), "audit log (JSON lines)")
	from := fs.Int64("from", 0, "byte offset to start at")
	to := fs.Int64("to", -1, "byte offset to stop at (-1: end)")
	ua := fs.String("ua", "kubectl-lbdoctor/", "userAgent prefix")
	urlsOut := fs.String("urls", "", "write the distinct LIST request URIs here")
	prefix := fs.String("prefix", "", "prefix of the printed keys")
	_ = fs.Parse(args)
	f, err := os.Open(*log)
	if err != nil {
		return err
	}
	defer f.Close()
	if _, err := f.Seek(*from, io.SeekStart); err != nil {
		return err
	}
	var r io.Reader = f
	if *to >= 0 {
		r = io.LimitReader(f, *to-*from)
	}
	verbs := map[string]int{}
	total, failed := 0, 0
	var failures []string
	seen := map[string]bool{}
	var lists []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		line := sc.Bytes()
		if !bytes.Contains(line, []byte(*ua)) {
			continue
		}
		var e auditEvent
		if err := json.Unmarshal(line, &e); err != nil {
			continue // a line cut at the end offset
		}
		if !strings.HasPrefix(e.UserAgent, *ua) || (e.Stage != "" && e.Stage != "ResponseComplete") {
			continue
		}
		total++
		verbs[e.Verb]++
		if e.ResponseStatus.Code >= 400 {
			failed++
			if len(failures) < 5 {
				failures = append(failures, fmt.Sprintf("%d %s %s", e.ResponseStatus.Code, e.Verb, e.RequestURI))
			}
		}
		if e.Verb == "list" && !seen[e.RequestURI] {
			seen[e.RequestURI] = true
			lists = append(lists, e.RequestURI)
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	var vs []string
	for _, v := range slices.Sorted(maps.Keys(verbs)) {
		vs = append(vs, fmt.Sprintf("%s:%d", v, verbs[v]))
	}
	p := *prefix
	fmt.Printf("%srequests=%d\n%sverbs=%s\n%sfailed_requests=%d\n%sfailed_examples=%s\n%slist_urls=%d\n",
		p, total, p, strings.Join(vs, ","), p, failed, p, strings.Join(failures, "; "), p, len(lists))
	if *urlsOut != "" {
		return os.WriteFile(*urlsOut, []byte(strings.Join(lists, "\n")+"\n"), 0o644)
	}
	return nil
}

// isSvcIng is true for a LIST of Services or Ingresses (cluster-wide or in a namespace).
func isSvcIng(u string) bool {
	p, _, _ := strings.Cut(u, "?")
	return strings.HasSuffix(p, "/services") || strings.HasSuffix(p, "/ingresses")
}

func raw(args []string) error {
	fs := flag.NewFlagSet("raw", flag.ExitOnError)
	urlsFile := fs.String("urls", "", "LIST request URIs, one a line")
	maxURLs := fs.Int("max", 200, "replay at most this many lists (evenly sampled) and extrapolate the rest")
	kubectl := fs.String("kubectl", "kubectl", "kubectl binary")
	_ = fs.Parse(args)
	b, err := os.ReadFile(*urlsFile)
	if err != nil {
		return err
	}
	// A paged list appears as its first page and its continuations; replay each list from its first
	// page and follow fresh continue tokens (the recorded ones may have expired).
	var bases []string
	seen := map[string]bool{}
	for _, u := range strings.Fields(string(b)) {
		base, err := stripContinue(u)
		if err != nil {
			return err
		}
		if !seen[base] {
			seen[base] = true
			bases = append(bases, base)
		}
	}
	sample := bases
	if len(bases) > *maxURLs {
		sample = nil
		for i := range *maxURLs {
			sample = append(sample, bases[i*len(bases) / *maxURLs])
		}
	}
	var total, svcIng time.Duration
	requests, failures := 0, 0
	for _, base := range sample {
		u := base
		for {
			t0 := time.Now()
			cmd := exec.Command(*kubectl, "get", "--raw", u)
			var out, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &stderr
			err := cmd.Run()
			d := time.Since(t0)
			requests++
			total += d
			if isSvcIng(base) {
				svcIng += d
			}
			if err != nil {
				failures++
				fmt.Fprintf(os.Stderr, "benchtool raw: %s: %v: %s\n", u, err, strings.TrimSpace(stderr.String()))
				break
			}
			var meta struct {
				Metadata struct {
					Continue string `json:"continue"`
				} `json:"metadata"`
			}
			if err := json.Unmarshal(out.Bytes(), &meta); err != nil || meta.Metadata.Continue == "" {
				break
			}
			u = withContinue(base, meta.Metadata.Continue)
		}
	}
	fmt.Printf("raw_lists=%d\nraw_replayed_lists=%d\nraw_requests=%d\nraw_failures=%d\n", len(bases), len(sample), requests, failures)
	scale := float64(len(bases)) / float64(max(1, len(sample)))
	fmt.Printf("raw_total_s=%.2f\nraw_svcing_s=%.2f\n", total.Seconds()*scale, svcIng.Seconds()*scale)
	// The same lists from one process (no kubectl start-up per request): the transfer floor.
	inproc, inprocSvcIng, err := rawInProcess(sample)
	if err != nil {
		return err
	}
	fmt.Printf("raw_inproc_s=%.2f\nraw_inproc_svcing_s=%.2f\n", inproc.Seconds()*scale, inprocSvcIng.Seconds()*scale)
	if len(sample) < len(bases) {
		fmt.Printf("raw_extrapolated=from %d of %d lists\n", len(sample), len(bases))
	}
	return nil
}

// rawInProcess GETs each list (following continue tokens) one after the other with one client of
// $KUBECONFIG, reading each body fully, and returns the total and the Services+Ingresses part.
func rawInProcess(bases []string) (total, svcIng time.Duration, err error) {
	cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(clientcmd.NewDefaultClientConfigLoadingRules(),
		&clientcmd.ConfigOverrides{}).ClientConfig()
	if err != nil {
		return 0, 0, err
	}
	cfg.QPS, cfg.Burst = -1, 0 // no client-side throttling
	kube, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return 0, 0, err
	}
	rc := kube.CoreV1().RESTClient()
	ctx := context.Background()
	// One request first so connection set-up is not counted.
	if _, err := rc.Get().AbsPath("/version").DoRaw(ctx); err != nil {
		return 0, 0, err
	}
	for _, base := range bases {
		u := base
		for {
			t0 := time.Now()
			body, err := rc.Get().RequestURI(u).DoRaw(ctx)
			d := time.Since(t0)
			total += d
			if isSvcIng(base) {
				svcIng += d
			}
			if err != nil {
				break
			}
			var meta struct {
				Metadata struct {
					Continue string `json:"continue"`
				} `json:"metadata"`
			}
			if json.Unmarshal(body, &meta) != nil || meta.Metadata.Continue == "" {
				break
			}
			u = withContinue(base, meta.Metadata.Continue)
		}
	}
	return total, svcIng, nil
}

func stripContinue(u string) (string, error) {
	p, q, ok := strings.Cut(u, "?")
	if !ok {
		return u, nil
	}
	v, err := url.ParseQuery(q)
	if err != nil {
		return "", fmt.Errorf("%s: %w", u, err)
	}
	if !v.Has("continue") {
		return u, nil
	}
	v.Del("continue")
	if len(v) == 0 {
		return p, nil
	}
	return p + "?" + v.Encode(), nil
}

func withContinue(base, token string) string {
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + "continue=" + url.QueryEscape(token)
}

// figures reads key=value lines up to the first "## " section.
func figures(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "## ") {
			break
		}
		if k, v, ok := strings.Cut(line, "="); ok && !strings.HasPrefix(k, "#") {
			m[k] = v
		}
	}
	return m, nil
}

func summary(args []string) error {
	if len(args) != 1 {
		return errors.New("usage: benchtool summary FILE")
	}
	m, err := figures(args[0])
	if err != nil {
		return err
	}
	num := func(k string) (float64, bool) {
		f, err := strconv.ParseFloat(m[k], 64)
		return f, err == nil
	}
	val := func(k string) string {
		if v, ok := m[k]; ok && v != "" {
			return v
		}
		return "n/a"
	}
	fmt.Printf("kubectl-lbdoctor bench — scale %s (%s), %s targets, %s\n", val("scale"), val("sizes"), val("targets"), val("date"))
	fmt.Printf("  load: %s s for %s requests; machine: %s\n", val("load_seconds"), val("load_requests"), val("machine"))
	fmt.Printf("  lbdoctor -A -o json (%s): wall %s s (runs %s), peak RSS %s kB, %s requests (%s; %s failed: %s), %s LIST URLs, exit %s%s\n",
		val("lbdoctor_via"), val("all_wall_s"), val("all_wall_runs"), val("all_rss_kb"), val("all_requests"), val("all_verbs"),
		val("all_failed_requests"), val("all_failed_examples"), val("all_list_urls"), val("all_exit_codes"),
		note(m["all_timeout"], " — TIMED OUT: figures are lower bounds"))
	if _, ok := m["before_wall_s"]; ok {
		fmt.Printf("  before (%s): wall %s s (runs %s), peak RSS %s kB, requests %s\n",
			val("before_binary"), val("before_wall_s"), val("before_wall_runs"), val("before_rss_kb"), val("before_requests_runs"))
	}
	fmt.Printf("  baseline 1, kubectl get services,ingresses -A -o json: wall %s s (runs %s)\n", val("base1_wall_s"), val("base1_wall_runs"))
	fmt.Printf("  raw floor, kubectl get --raw per LIST lbdoctor made: %s s over %s lists / %s requests; services+ingresses alone %s s%s\n",
		val("raw_total_s"), val("raw_lists"), val("raw_requests"), val("raw_svcing_s"), note(m["raw_extrapolated"], " (extrapolated "+m["raw_extrapolated"]+")"))
	fmt.Printf("    the same lists from one process (no kubectl start-up per request): %s s; services+ingresses alone %s s\n",
		val("raw_inproc_s"), val("raw_inproc_svcing_s"))
	if _, ok := m["popeye_wall_s"]; ok {
		fmt.Printf("  peer, %s -A -s svc,ing -o json: wall %s s (runs %s), peak RSS %s kB, exit codes %s, %s bytes of report\n",
			val("popeye"), val("popeye_wall_s"), val("popeye_wall_runs"), val("popeye_rss_kb"), val("popeye_exit_codes"), val("popeye_report_bytes"))
	} else if e, ok := m["popeye_error"]; ok {
		fmt.Printf("  peer popeye: not measured, the build failed: %s\n", e)
	}
	fmt.Printf("  single target %s: lbdoctor %s s (runs %s, %s requests) vs kubectl describe %s s (runs %s)\n",
		val("single_target"), val("single_wall_s"), val("single_wall_runs"), val("single_requests"), val("describe_wall_s"), val("describe_wall_runs"))

	fmt.Println("  targets:")
	ratio := func(name, a, b string, limit float64) {
		x, ok1 := num(a)
		y, ok2 := num(b)
		if !ok1 || !ok2 || y == 0 {
			fmt.Printf("    %-34s %8s   target ≤ %.2g×   n/a\n", name, "n/a", limit)
			return
		}
		r := x / y
		fmt.Printf("    %-34s %7.2f×   target ≤ %.2g×  %s\n", name, r, limit, pass(r <= limit))
	}
	ratio("lbdoctor -A / baseline 1", "all_wall_s", "base1_wall_s", 0.35)
	if x, ok1 := num("popeye_wall_s"); ok1 {
		if y, ok2 := num("all_wall_s"); ok2 && y > 0 {
			fmt.Printf("    %-34s %7.1f×   target ≥ 8×     %s\n", "popeye / lbdoctor -A (faster by)", x/y, pass(x/y >= 8))
		}
	}
	if _, ok := m["before_wall_s"]; ok {
		ratio("  (informative) before / baseline 1", "before_wall_s", "base1_wall_s", 1.0)
		ratio("  (informative) lbdoctor -A / before", "all_wall_s", "before_wall_s", 1.0)
	}
	ratio("lbdoctor -A / raw floor", "all_wall_s", "raw_total_s", 2.0)
	ratio("  (informative) / in-process floor", "all_wall_s", "raw_inproc_s", 2.0)
	if n, ok := num("all_requests"); ok {
		fmt.Printf("    %-34s %8.0f   target ≤ 25     %s\n", "lbdoctor -A API requests", n, pass(n <= 25))
	}
	if kb, ok := num("all_rss_kb"); ok {
		fmt.Printf("    %-34s %5.0f MB   target ≤ 250 MB %s\n", "lbdoctor -A peak RSS", kb/1024, pass(kb/1024 <= 250))
	}
	ratio("single target / kubectl describe", "single_wall_s", "describe_wall_s", 2.0)
	return nil
}

func note(v, text string) string {
	if v == "" {
		return ""
	}
	return text
}

func pass(ok bool) string {
	if ok {
		return "PASS"
	}
	return "FAIL"
}
