// Command secretbench measures what TLS Secrets cost `kubectl-lbdoctor serve` in memory (issue 27):
// on the cluster of $KUBECONFIG it makes a namespace with one qcloud Ingress naming a TLS Secret
// (so serve watches every Secret of the cluster), runs each binary once with no Secret there, then
// loads -secrets TLS Secrets of -size bytes each (a real RSA chain and key, a qcloud_cert_id and a
// ca.crt bundle, bench/synth.TLSSecrets) and runs each binary again. For each run it reads, once
// serve is ready and the first pass's garbage is returned (a few seconds later), the resident set
// (VmRSS), its peak (VmHWM) and the Go heap in use (go_memstats_heap_inuse_bytes of /metrics).
//
//	go run ./bench/secretbench -bin bin/kubectl-lbdoctor[,other-binary] [-secrets 2000] [-size 65536]
//
// bench/secrets.sh runs it on a local API server.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/lbdoctor/kubectl-lbdoctor/bench/internal/serveproc"
	"github.com/lbdoctor/kubectl-lbdoctor/bench/synth"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/testutil"
)

const ns = "secretbench"

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "secretbench:", err)
		os.Exit(1)
	}
}

// figures are one run's memory readings, in kB.
type figures struct{ rss, hwm, heap int }

func run() error {
	bins := flag.String("bin", "bin/kubectl-lbdoctor", "comma-separated kubectl-lbdoctor binaries")
	n := flag.Int("secrets", 2000, "TLS Secrets to load")
	size := flag.Int("size", 64<<10, "bytes per Secret")
	settle := flag.Duration("settle", 5*time.Second, "wait after /readyz before reading the figures")
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
	ctx := context.Background()
	if err := setup(ctx, kube); err != nil {
		return err
	}
	binaries := strings.Split(*bins, ",")
	results := map[string][2]figures{}
	for phase := range 2 {
		if phase == 1 {
			start := time.Now()
			if err := load(ctx, kube, *n, *size); err != nil {
				return err
			}
			fmt.Fprintf(os.Stderr, "secretbench: loaded %d Secrets of %d bytes in %.1fs\n", *n, *size, time.Since(start).Seconds())
		}
		for _, bin := range binaries {
			f, err := measure(bin, *settle)
			if err != nil {
				return fmt.Errorf("%s: %w", bin, err)
			}
			r := results[bin]
			r[phase] = f
			results[bin] = r
		}
	}
	fmt.Printf("secrets=%d\nsecret_bytes=%d\n", *n, *size)
	for i, bin := range binaries {
		r := results[bin]
		p := fmt.Sprintf("bin%d", i)
		fmt.Printf("%s=%s\n", p, bin)
		for phase, name := range []string{"none", "loaded"} {
			f := r[phase]
			fmt.Printf("%s_%s_rss_kb=%d\n%s_%s_peak_rss_kb=%d\n%s_%s_heap_inuse_kb=%d\n", p, name, f.rss, p, name, f.hwm, p, name, f.heap)
		}
		dr, dh := r[1].rss-r[0].rss, r[1].heap-r[0].heap
		fmt.Printf("%s_rss_diff_kb=%d\n%s_heap_diff_kb=%d\n", p, dr, p, dh)
		fmt.Printf("%s_rss_diff_per_secret_b=%d\n%s_heap_diff_per_secret_b=%d\n", p, dr*1024 / *n, p, dh*1024 / *n)
		fmt.Printf("%s_rss_diff_over_secret_bytes=%.3f\n", p, float64(dr)*1024/float64(*n**size))
	}
	return nil
}

// setup makes the namespace and a qcloud Ingress naming tls-0000.
func setup(ctx context.Context, kube kubernetes.Interface) error {
	_, err := kube.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		return err
	}
	ing := &networkingv1.Ingress{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: ns,
		Annotations: map[string]string{"kubernetes.io/ingress.class": "qcloud"}},
		Spec: networkingv1.IngressSpec{TLS: []networkingv1.IngressTLS{{Hosts: []string{"shop.example.com"}, SecretName: "tls-0000"}},
			DefaultBackend: &networkingv1.IngressBackend{Service: &networkingv1.IngressServiceBackend{Name: "web",
				Port: networkingv1.ServiceBackendPort{Number: 80}}}}}
	_, err = kube.NetworkingV1().Ingresses(ns).Create(ctx, ing, metav1.CreateOptions{})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		return err
	}
	return nil
}

// load creates n TLS Secrets of size bytes, 16 at a time.
func load(ctx context.Context, kube kubernetes.Interface, n, size int) error {
	chain, err := testutil.MakeChain(testutil.RSA, "shop.example.com")
	if err != nil {
		return err
	}
	secrets := synth.TLSSecrets(ns, n, size, chain)
	work := make(chan *corev1.Secret)
	errs := make(chan error, 16)
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			for s := range work {
				if _, err := kube.CoreV1().Secrets(ns).Create(ctx, s, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) {
					select {
					case errs <- err:
					default:
					}
				}
			}
		})
	}
	for _, s := range secrets {
		work <- s
	}
	close(work)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
		return nil
	}
}

// measure runs serve until it is ready, waits settle and reads the figures.
func measure(bin string, settle time.Duration) (figures, error) {
	work, err := os.MkdirTemp("", "secretbench-")
	if err != nil {
		return figures{}, err
	}
	defer os.RemoveAll(work)
	errPath := filepath.Join(work, "serve.err")
	errFile, err := os.Create(errPath)
	if err != nil {
		return figures{}, err
	}
	defer errFile.Close()
	cmd := exec.Command(bin, "serve", "--metrics-bind-address", "127.0.0.1:0", "--request-timeout", "0")
	cmd.Stderr = errFile
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return figures{}, err
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	base, err := serveproc.WaitAddress(errPath, time.Minute)
	if err != nil {
		return figures{}, err
	}
	for {
		if code, _ := serveproc.Get(base + "/readyz"); code == http.StatusOK {
			break
		}
		if time.Since(start) > 5*time.Minute {
			return figures{}, errors.New("serve not ready after 5 minutes")
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(settle)
	pid := cmd.Process.Pid
	_, metrics := serveproc.Get(base + "/metrics")
	heap := 0
	if m := regexp.MustCompile(`(?m)^go_memstats_heap_inuse_bytes (\S+)$`).FindStringSubmatch(metrics); m != nil {
		v, _ := strconv.ParseFloat(m[1], 64)
		heap = int(v / 1024)
	}
	return figures{rss: serveproc.ProcStatus(pid, "VmRSS"), hwm: serveproc.ProcStatus(pid, "VmHWM"), heap: heap}, nil
}
