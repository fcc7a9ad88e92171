package serve

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes/fake"
	"k8s.io/client-go/kubernetes/scheme"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/alibaba"
	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/tencent"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/diagnose"
	ackread "github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/ack/cloudread"
	tkeread "github.com/lbdoctor/kubectl-lbdoctor/pkg/providers/tke/cloudread"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/snapshot"
)

// demoRoot holds the demo's cluster objects and the scenarios of its simulated clouds.
var demoRoot = filepath.Join("..", "..", "hack", "democloud")

// demoObjects are the objects of the demo's cluster.yaml in namespace ns (a Secret's stringData
// moved to data, as the API server does).
func demoObjects(t *testing.T, ns string) []runtime.Object {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(demoRoot, "cluster.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var out []runtime.Object
	for _, doc := range strings.Split(string(b), "\n---\n") {
		obj, _, err := scheme.Codecs.UniversalDeserializer().Decode([]byte(doc), nil, nil)
		if err != nil {
			t.Fatalf("cluster.yaml: %v", err)
		}
		m, ok := obj.(metav1.Object)
		if !ok || m.GetNamespace() != ns {
			continue
		}
		if s, ok := obj.(*corev1.Secret); ok {
			for k, v := range s.StringData {
				if s.Data == nil {
					s.Data = map[string][]byte{}
				}
				s.Data[k] = []byte(v)
			}
			s.StringData = nil
		}
		out = append(out, obj)
	}
	return out
}

// simCloud is one simulated cloud of a test: its requests so far and the secrets of its key.
type simCloud struct {
	requests func() int
	secrets  []string
}

// startSim starts provider's simulated cloud on the demo's scenario, refusing the Tencent action
// forbid when it is set, and points its reader at it with the scenario's key.
func startSim(t *testing.T, provider, forbid string) simCloud {
	t.Helper()
	t.Setenv("HOME", t.TempDir())
	if provider == tkeread.Provider {
		scn, err := tencent.LoadScenario(filepath.Join(demoRoot, "tke.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		if forbid != "" {
			scn.Faults = append(scn.Faults, tencent.Fault{Action: forbid, Forbidden: true})
		}
		sim := tencent.New(scn)
		url, err := sim.Start()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = sim.Close() })
		t.Setenv("LBDOCTOR_TKE_ENDPOINT", url)
		t.Setenv("TENCENTCLOUD_SECRET_ID", scn.Credentials[0].SecretID)
		t.Setenv("TENCENTCLOUD_SECRET_KEY", scn.Credentials[0].SecretKey)
		return simCloud{func() int { return len(sim.Requests()) }, []string{scn.Credentials[0].SecretID, scn.Credentials[0].SecretKey}}
	}
	scn, err := alibaba.Load(filepath.Join(demoRoot, "ack.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sim := alibaba.New(scn)
	url, err := sim.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sim.Close)
	t.Setenv("LBDOCTOR_ACK_ENDPOINT", url)
	t.Setenv("ALIBABA_CLOUD_ACCESS_KEY_ID", scn.Credentials[0].AccessKeyID)
	t.Setenv("ALIBABA_CLOUD_ACCESS_KEY_SECRET", scn.Credentials[0].AccessKeySecret)
	return simCloud{func() int { return len(sim.Requests()) }, []string{scn.Credentials[0].AccessKeyID, scn.Credentials[0].AccessKeySecret}}
}

// fetchBody is the body of url.
func fetchBody(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

// waitFor polls cond every 20ms for up to 15s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("not within 15s: %s", what)
}

// passes are the records of the pass log so far.
func passes(t *testing.T, path string) []PassRecord {
	t.Helper()
	b, _ := os.ReadFile(path)
	var out []PassRecord
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var r PassRecord
		if json.Unmarshal([]byte(line), &r) == nil {
			out = append(out, r)
		}
	}
	return out
}

// TestRunCloud serves the demo's objects of one namespace with --cloud against its simulated cloud:
// the backends of the Service are a gauge by health and the calls a counter by action and result;
// a re-diagnosis within the interval makes no cloud call, the first tick after it reads again; no
// credential appears in the metrics, the report or the log. A refused health read is counted as
// forbidden, leaves the backends' health unknown and is a skip of class forbidden, never a finding.
func TestRunCloud(t *testing.T) {
	for _, tc := range []struct {
		name, provider, ns, region, service string
		// forbid is the action the simulated cloud refuses ("" none).
		forbid  string
		actions []cloud.Action
		want    map[string]float64
	}{
		{"tke", tkeread.Provider, "shop", "ap-guangzhou", "web", "", tkeread.Actions, map[string]float64{"healthy": 1, "unhealthy": 1, "unknown": 0}},
		{"ack", ackread.Provider, "pay", "cn-hangzhou", "api", "", ackread.Actions, map[string]float64{"healthy": 2, "unhealthy": 1, "unknown": 0}},
		{"tke-health-forbidden", tkeread.Provider, "shop", "ap-guangzhou", "web", "DescribeTargetHealth", tkeread.Actions, map[string]float64{"healthy": 0, "unhealthy": 0, "unknown": 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sim := startSim(t, tc.provider, tc.forbid)
			client := fake.NewClientset(demoObjects(t, tc.ns)...)
			var clock atomic.Int64
			clock.Store(time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC).UnixNano())
			const interval = 4 * time.Second // a tick each second
			cc := &diagnose.CloudCache{Cloud: diagnose.Cloud{Region: tc.region, Timeout: 10 * time.Second}, Interval: interval,
				Now: func() time.Time { return time.Unix(0, clock.Load()) }}
			passLog := filepath.Join(t.TempDir(), "passes.jsonl")
			var errOut syncBuffer
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan error, 1)
			go func() {
				done <- Run(ctx, Config{Clients: snapshot.Clients{Kube: client}, Host: "https://api.example.invalid", Bind: "127.0.0.1:0",
					PassLog: passLog, ErrOut: &errOut, Handler: Options{Report: true}, Cloud: cc})
			}()
			defer func() {
				cancel()
				if err := <-done; err != nil {
					t.Errorf("Run = %v", err)
				}
			}()
			var base string
			addr := regexp.MustCompile(`on http://(\S+) \(API server`)
			waitFor(t, "the serving line", func() bool {
				m := addr.FindStringSubmatch(errOut.String())
				if m != nil {
					base = "http://" + m[1]
				}
				return m != nil
			})
			waitFor(t, "/readyz 200", func() bool {
				resp, err := http.Get(base + "/readyz")
				if err != nil {
					return false
				}
				resp.Body.Close()
				return resp.StatusCode == http.StatusOK
			})
			read := sim.requests()
			if read == 0 {
				t.Fatal("the first pass made no cloud call")
			}

			parser := expfmt.NewTextParser(model.UTF8Validation)
			families, err := parser.TextToMetricFamilies(strings.NewReader(fetchBody(t, base+"/metrics")))
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]float64{}
			for _, m := range families[CloudBackendsName].GetMetric() {
				l := labels(m)
				if l["provider"] != tc.provider || l["namespace"] != tc.ns || (l["kind"] != "Service" && l["kind"] != "Ingress") || !slices.Contains(CloudHealths(), l["health"]) {
					t.Errorf("%s series with labels %v", CloudBackendsName, l)
				}
				if l["name"] == tc.service {
					got[l["health"]] = m.GetGauge().GetValue()
				}
			}
			for h, n := range tc.want {
				if v, ok := got[h]; !ok || v != n {
					t.Errorf("%s{name=%q,health=%q} = %v (present %v), want %v", CloudBackendsName, tc.service, h, v, ok, n)
				}
			}
			var counted, refused float64
			for _, m := range families[CloudRequestsName].GetMetric() {
				l := labels(m)
				i := slices.IndexFunc(tc.actions, func(a cloud.Action) bool { return a.String() == l["action"] })
				switch {
				case i < 0:
					t.Errorf("%s series with labels %v", CloudRequestsName, l)
				case tc.actions[i].Name == tc.forbid && l["result"] == string(cloud.Forbidden):
					refused += m.GetCounter().GetValue()
				case l["result"] != "ok":
					t.Errorf("%s series with labels %v", CloudRequestsName, l)
				}
				counted += m.GetCounter().GetValue()
			}
			if int(counted) != read {
				t.Errorf("%s sums to %v; the simulated cloud received %d", CloudRequestsName, counted, read)
			}
			if (tc.forbid != "") != (refused > 0) {
				t.Errorf("%s: %v calls of %q counted forbidden", CloudRequestsName, refused, tc.forbid)
			}
			unhealthyRule := tc.provider + ".cloud.backend-unhealthy"
			open := false
			for _, m := range families[FindingsName].GetMetric() {
				open = open || labels(m)["rule"] == unhealthyRule
			}
			if open == (tc.forbid != "") {
				t.Errorf("%s open: %v, with %q refused", unhealthyRule, open, tc.forbid)
			}
			skipped := 0.0
			for _, m := range families[SkippedName].GetMetric() {
				if l := labels(m); l["check"] == tc.provider+"-cloud-backends" && l["reason"] == string(snapshot.ReasonForbidden) {
					skipped += m.GetGauge().GetValue()
				}
			}
			if (tc.forbid != "") != (skipped > 0) {
				t.Errorf("%s{check=%s-cloud-backends,reason=forbidden} = %v with %q refused", SkippedName, tc.provider, skipped, tc.forbid)
			}

			// A change to the Service re-diagnoses it within the interval: from the cache.
			svc, err := client.CoreV1().Services(tc.ns).Get(ctx, tc.service, metav1.GetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if svc.Labels == nil {
				svc.Labels = map[string]string{}
			}
			svc.Labels["touched"] = "1"
			svc.ResourceVersion = "2"
			if _, err := client.CoreV1().Services(tc.ns).Update(ctx, svc, metav1.UpdateOptions{}); err != nil {
				t.Fatal(err)
			}
			waitFor(t, "the re-diagnosis of the changed Service", func() bool {
				return slices.ContainsFunc(passes(t, passLog), func(r PassRecord) bool { return !r.Initial && r.Count > 0 })
			})
			if n := sim.requests(); n != read {
				t.Errorf("re-diagnosis within the interval: %d cloud calls, want 0", n-read)
			}

			// Past the interval, the next tick reads the load balancers again.
			clock.Add(int64(interval))
			waitFor(t, "a cloud read after the interval", func() bool { return sim.requests() > read })

			for _, out := range []string{fetchBody(t, base+"/metrics"), fetchBody(t, base+"/report"), errOut.String()} {
				for _, s := range sim.secrets {
					if strings.Contains(out, s) {
						t.Errorf("a credential of the simulated cloud appears in serve's output")
					}
				}
			}
		})
	}
}

func labels(m *dto.Metric) map[string]string {
	out := map[string]string{}
	for _, lp := range m.GetLabel() {
		out[lp.GetName()] = lp.GetValue()
	}
	return out
}
