package cmd

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/spf13/cobra"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/cli-runtime/pkg/genericiooptions"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/kubernetes/scheme"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/alibaba"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// lockedBuffer is a bytes.Buffer safe for the watch's goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// democloudObjects are the objects of hack/democloud/cluster.yaml in namespace ns.
func democloudObjects(t *testing.T, ns string) []runtime.Object {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "hack", "democloud", "cluster.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var out []runtime.Object
	for _, doc := range strings.Split(string(b), "\n---\n") {
		obj, _, err := scheme.Codecs.UniversalDeserializer().Decode([]byte(doc), nil, nil)
		if err != nil {
			t.Fatalf("cluster.yaml: %v", err)
		}
		if m, ok := obj.(metav1.Object); ok && m.GetNamespace() == ns {
			if _, isNS := obj.(*corev1.Namespace); !isNS {
				out = append(out, obj)
			}
		}
	}
	return out
}

// TestWatchCloud watches svc/api of the demo with --cloud against the simulated Alibaba Cloud, whose
// first DescribeLoadBalancers is refused: the first report has skips naming the refused action and
// no cloud finding; once the cloud interval has passed, the watch reads the load
// balancer again and prints its unhealthy backend as a finding that appeared.
func TestWatchCloud(t *testing.T) {
	scn, err := alibaba.Load(filepath.Join("..", "..", "hack", "democloud", "ack.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	scn.Faults = append(scn.Faults, alibaba.Fault{Action: "DescribeLoadBalancers", Code: "Forbidden.RAM", Status: 403, Times: 1,
		Message: "User not authorized to operate on the specified resource."})
	sim := alibaba.New(scn)
	url, err := sim.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sim.Close)
	t.Setenv("LBDOCTOR_ACK_ENDPOINT", url)
	t.Setenv("ALIBABA_CLOUD_ACCESS_KEY_ID", scn.Credentials[0].AccessKeyID)
	t.Setenv("ALIBABA_CLOUD_ACCESS_KEY_SECRET", scn.Credentials[0].AccessKeySecret)
	t.Setenv("HOME", t.TempDir())
	t.Setenv("KUBECONFIG", kubeconfigFor(t, "http://127.0.0.1:1"))

	var out, errOut lockedBuffer
	o := NewOptions(genericiooptions.IOStreams{In: strings.NewReader(""), Out: &out, ErrOut: &errOut})
	ns := "pay"
	o.ConfigFlags.Namespace = &ns
	o.Output, o.Watch, o.Cloud, o.CloudRegion = "json", true, true, scn.Region
	if err := o.Complete(&cobra.Command{}, []string{"svc/api"}); err != nil {
		t.Fatal(err)
	}
	if err := o.Validate(); err != nil {
		t.Fatal(err)
	}
	// Two seconds, under the flag's least: the engine looks for due facts each second.
	cc := &diagnose.CloudCache{Cloud: diagnose.Cloud{Region: scn.Region, Timeout: 10 * time.Second}, Interval: 2 * time.Second}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- WatchOptions{o}.follow(ctx, snapshot.Clients{Kube: fake.NewClientset(democloudObjects(t, ns)...)}, "fake", cc)
	}()
	appeared := func() bool {
		sc := bufio.NewScanner(strings.NewReader(out.String()))
		for sc.Scan() {
			var tr struct{ Change, Rule string }
			if strings.HasPrefix(sc.Text(), `{"time"`) && json.Unmarshal(sc.Bytes(), &tr) == nil && tr.Change == "appeared" && tr.Rule == "ack.cloud.backend-unhealthy" {
				return true
			}
		}
		return false
	}
	for deadline := time.Now().Add(15 * time.Second); !appeared() && time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("follow = %v; stderr %q", err, errOut.String())
	}
	if !appeared() {
		t.Fatalf("no ack.cloud.backend-unhealthy appeared after the interval; stdout %q", out.String())
	}
	first, _, _ := strings.Cut(out.String(), "\n{\"time\"")
	var rep struct {
		Findings []struct{ Rule, Source string }
		Skipped  []struct{ Check, Reason string }
	}
	if err := json.Unmarshal([]byte(first), &rep); err != nil {
		t.Fatalf("first report: %v; %q", err, first)
	}
	for _, f := range rep.Findings {
		if f.Source == "cloud" {
			t.Errorf("first report: cloud finding %s with the load balancers' read refused", f.Rule)
		}
	}
	forbidden := false
	for _, s := range rep.Skipped {
		forbidden = forbidden || (s.Check == "ack-cloud-backends" && strings.Contains(s.Reason, "DescribeLoadBalancers"))
	}
	if !forbidden {
		t.Errorf("first report: no skip of ack-cloud-backends naming DescribeLoadBalancers: %+v", rep.Skipped)
	}
	if strings.Contains(out.String()+errOut.String(), scn.Credentials[0].AccessKeySecret) {
		t.Errorf("the access key secret appears in the watch's output")
	}
}
