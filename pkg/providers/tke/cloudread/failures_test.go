package cloudread

import (
	"context"
	"errors"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lbdoctor/kubectl-lbdoctor/internal/cloudsim/tencent"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/cloud"
	"github.com/lbdoctor/kubectl-lbdoctor/pkg/words"
)

var failuresRequest = cloud.Request{
	LoadBalancerIDs: []string{"lb-aaa00001", "lb-bbb00001"},
	SubnetIDs:       []string{"subnet-aaa"},
	Quotas:          true,
}

// lookup is one table lookup of the facts: the item's error (nil when read).
type lookup struct {
	name string
	get  func(f *cloud.Facts) error
}

var (
	getLB = func(id string) func(*cloud.Facts) error {
		return func(f *cloud.Facts) error { _, err := f.LoadBalancers.Get(id); return err }
	}
	getCert   = func(f *cloud.Facts) error { _, err := f.Certificates.Get("cert-aaa"); return err }
	getSubnet = func(f *cloud.Facts) error { _, err := f.Subnets.Get("subnet-aaa"); return err }
	getQuota  = func(f *cloud.Facts) error { _, err := f.Quotas.Get(QuotaOpenLBs); return err }
	getPart   = func(id string, p cloud.Part) func(*cloud.Facts) error {
		return func(f *cloud.Facts) error {
			lb, err := f.LoadBalancers.Get(id)
			if err != nil {
				return err
			}
			return lb.PartErr(p)
		}
	}
)

func TestReadFailures(t *testing.T) {
	type want struct {
		get    func(*cloud.Facts) error
		class  cloud.Class // "" is read
		action string      // the action a failure names
		code   string
	}
	tests := []struct {
		name   string
		faults []tencent.Fault
		mod    func(*Options)
		ids    []string // the load balancers to read, when not failuresRequest's
		wants  []want
		calls  map[string]int // requests the simulated cloud received, by action
	}{
		{
			name:   "listeners forbidden",
			faults: []tencent.Fault{{Action: "clb:DescribeListeners", Forbidden: true}},
			wants: []want{
				{get: getLB("lb-aaa00001")},
				{get: getPart("lb-aaa00001", cloud.PartListeners), class: cloud.Forbidden, action: "clb:DescribeListeners", code: "UnauthorizedOperation"},
				{get: getPart("lb-aaa00001", cloud.PartHealth), class: cloud.Forbidden, action: "clb:DescribeListeners"},
				{get: getSubnet},
				{get: getQuota},
				{get: func(f *cloud.Facts) error {
					_, err := f.Quotas.Get(cloud.QuotaKey(QuotaListenersPerLB, "lb-aaa00001"))
					return err
				}, class: cloud.Forbidden, action: "clb:DescribeListeners"},
			},
			calls: map[string]int{"DescribeListeners": 2, "DescribeTargets": 2},
		},
		{
			name:   "health forbidden",
			faults: []tencent.Fault{{Action: "DescribeTargetHealth", Forbidden: true}},
			wants: []want{
				{get: getPart("lb-aaa00001", cloud.PartListeners)},
				{get: getPart("lb-aaa00001", cloud.PartBackends)},
				{get: getPart("lb-aaa00001", cloud.PartHealth), class: cloud.Forbidden, action: "clb:DescribeTargetHealth"},
				{get: getCert},
			},
		},
		{
			name:   "load balancers forbidden",
			faults: []tencent.Fault{{Action: "DescribeLoadBalancers", Forbidden: true}},
			wants: []want{
				{get: getLB("lb-aaa00001"), class: cloud.Forbidden, action: "clb:DescribeLoadBalancers"},
				{get: getLB("lb-bbb00001"), class: cloud.Forbidden, action: "clb:DescribeLoadBalancers"},
				{get: func(f *cloud.Facts) error {
					_, err := f.Quotas.Get(cloud.QuotaKey(QuotaListenersPerLB, "lb-bbb00001"))
					return err
				}, class: cloud.Forbidden, action: "clb:DescribeLoadBalancers"},
				{get: getSubnet},
				{get: getQuota},
			},
			calls: map[string]int{"DescribeListeners": 0, "DescribeCertificate": 0},
		},
		{
			name:   "certificate forbidden",
			faults: []tencent.Fault{{Action: "ssl:DescribeCertificate", Forbidden: true}},
			wants: []want{
				{get: getCert, class: cloud.Forbidden, action: "ssl:DescribeCertificate"},
				{get: getLB("lb-bbb00001")},
			},
		},
		{
			name:   "throttled then read",
			faults: []tencent.Fault{{Action: "DescribeLoadBalancers", Throttle: 2}},
			wants:  []want{{get: getLB("lb-aaa00001")}, {get: getLB("lb-bbb00001")}},
			calls:  map[string]int{"DescribeLoadBalancers": 3},
		},
		{
			name:   "throttled past the retries",
			faults: []tencent.Fault{{Action: "DescribeSubnets", Throttle: 10}},
			mod:    func(o *Options) { o.Retries = 2 },
			wants: []want{
				{get: getSubnet, class: cloud.Throttled, action: "vpc:DescribeSubnets", code: "RequestLimitExceeded"},
				{get: getLB("lb-aaa00001")},
			},
			calls: map[string]int{"DescribeSubnets": 3},
		},
		{
			name:   "other error",
			faults: []tencent.Fault{{Action: "DescribeQuota", Code: "InternalError", Message: "an internal error"}},
			wants:  []want{{get: getQuota, class: cloud.Failed, action: "clb:DescribeQuota", code: "InternalError"}},
		},
		{
			name:   "slow answer",
			faults: []tencent.Fault{{Action: "DescribeTargets", Delay: "3s"}},
			mod:    func(o *Options) { o.Timeout = 200 * time.Millisecond },
			wants: []want{
				{get: getPart("lb-aaa00001", cloud.PartBackends), class: cloud.Unreachable, action: "clb:DescribeTargets"},
				{get: getPart("lb-aaa00001", cloud.PartListeners)},
			},
		},
		{
			name: "wrong key",
			mod:  func(o *Options) { o.Credentials = static{id: testID, key: "not-the-key-0000000000000000000000"} },
			wants: []want{
				{get: getLB("lb-aaa00001"), class: cloud.Unauthenticated, action: "clb:DescribeLoadBalancers", code: "AuthFailure.SignatureFailure"},
				{get: getSubnet, class: cloud.Unauthenticated, code: "AuthFailure.SignatureFailure"},
				{get: getQuota, class: cloud.Unauthenticated},
			},
		},
		{
			name: "unknown key id",
			mod:  func(o *Options) { o.Credentials = static{id: "AKIDunknown00000000000000000000000", key: testKey} },
			wants: []want{
				{get: getLB("lb-aaa00001"), class: cloud.Unauthenticated, code: "AuthFailure.SecretIdNotFound"},
			},
		},
		{
			name: "session token not the key's",
			mod: func(o *Options) {
				o.Credentials = static{id: testID, key: testKey, token: "a-token-the-cloud-did-not-issue"}
			},
			wants: []want{
				{get: getLB("lb-aaa00001"), class: cloud.Unauthenticated, code: "AuthFailure.TokenFailure"},
			},
		},
		{
			name: "malformed id fails alone",
			ids:  []string{"lb-aaa00001", "LB-Bad!"},
			wants: []want{
				{get: getLB("lb-aaa00001")},
				{get: getLB("LB-Bad!"), class: cloud.Failed, code: "InvalidParameter.FormatError"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			scn, err := tencent.LoadScenario(filepath.Join("testdata", "TestReadFailures.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			scn.Faults = tt.faults
			if scn, err = reparse(scn); err != nil {
				t.Fatal(err)
			}
			s, url := startScenario(t, scn)
			req := failuresRequest
			if tt.ids != nil {
				req.LoadBalancerIDs = tt.ids
			}
			f := read(t, reader(t, url, tt.mod), req)
			for i, w := range tt.wants {
				err := w.get(f)
				if w.class == "" {
					if err != nil {
						t.Errorf("lookup %d: %v, want it read", i, err)
					}
					continue
				}
				re := readErr(t, err)
				if re.Class != w.class || (w.action != "" && re.Action.String() != w.action) || (w.code != "" && re.Code != w.code) {
					t.Errorf("lookup %d: %s %s %s, want %s %s %s", i, re.Class, re.Action, re.Code, w.class, w.action, w.code)
				}
			}
			for action, n := range tt.calls {
				if got := s.Count(action); got != n {
					t.Errorf("%s was called %d times, want %d", action, got, n)
				}
			}
		})
	}
}

// reparse runs a scenario changed in code through ParseScenario's checks.
func reparse(scn *tencent.Scenario) (*tencent.Scenario, error) {
	return tencent.ParseScenario(mustYAML(scn))
}

func TestReadUnreachable(t *testing.T) {
	// A port that was just listened on and closed refuses connections.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String()
	_ = ln.Close()
	start := time.Now()
	f := read(t, reader(t, url, func(o *Options) { o.Timeout = 2 * time.Second }), failuresRequest)
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Read took %v against a closed port", d)
	}
	for _, get := range []func(*cloud.Facts) error{getLB("lb-aaa00001"), getSubnet, getQuota} {
		if re := readErr(t, get(f)); re.Class != cloud.Unreachable {
			t.Errorf("%s, want unreachable", re)
		}
	}
}

func TestReadWithoutRegionOrCredentials(t *testing.T) {
	s, url := sim(t)
	t.Setenv("HOME", t.TempDir())
	tests := []struct {
		name    string
		mod     func(*Options)
		class   cloud.Class
		mention string // a word the English message names
		zh      string // a word the Chinese message names
	}{
		{name: "no region", mod: func(o *Options) { o.Region = "" }, class: cloud.Failed, mention: "region", zh: "地域"},
		{name: "no credentials", mod: func(o *Options) { o.Credentials = nil }, class: cloud.Unauthenticated, mention: EnvSecretID, zh: "凭证"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			unsetenv(t, EnvSecretID, EnvSecretKey, "TENCENTCLOUD_CREDENTIALS_FILE")
			f := read(t, reader(t, url, tt.mod), failuresRequest)
			for _, get := range []func(*cloud.Facts) error{getLB("lb-aaa00001"), getCert, getSubnet, getQuota} {
				re := readErr(t, get(f))
				if re.Class != tt.class || !strings.Contains(re.Error(), tt.mention) || !strings.Contains(re.In(words.Chinese), tt.zh) {
					t.Errorf("%s (zh %s), want %s naming %s", re, re.In(words.Chinese), tt.class, tt.mention)
				}
			}
			if n := len(s.Requests()); n != 0 {
				t.Errorf("%d requests were sent", n)
			}
		})
	}
}

func TestNewRejectsBadEndpoint(t *testing.T) {
	for _, ep := range []string{"127.0.0.1:41234", "ftp://127.0.0.1", "http://", "http://127.0.0.1/api"} {
		t.Run(ep, func(t *testing.T) {
			_, err := New(Options{Region: "ap-guangzhou", Endpoint: ep})
			var we *words.WordsError
			if !errors.As(err, &we) {
				t.Errorf("New(%q) = %v, want a worded error", ep, err)
			}
		})
	}
}

func TestReadNothing(t *testing.T) {
	s, url := simOf(t, "TestReadWithoutRegionOrCredentials")
	f := read(t, reader(t, url, func(o *Options) { o.Credentials = nil; o.Region = "" }), cloud.Request{})
	if f.LoadBalancers.Err() != nil || f.Quotas.Err() != nil || len(s.Requests()) != 0 {
		t.Errorf("an empty request failed (%v) or sent %d requests", f.LoadBalancers.Err(), len(s.Requests()))
	}
}

// TestReadKeepsToTheDeadline: with no per-call timeout, the caller's deadline (--request-timeout)
// still bounds a read the cloud is slow to answer.
func TestReadKeepsToTheDeadline(t *testing.T) {
	scn, err := tencent.LoadScenario(filepath.Join("testdata", "TestReadFailures.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	scn.Faults = []tencent.Fault{{Action: "DescribeLoadBalancers", Delay: "5s"}}
	if scn, err = reparse(scn); err != nil {
		t.Fatal(err)
	}
	_, url := startScenario(t, scn)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	f := reader(t, url, func(o *Options) { o.Timeout = 0 }).Read(ctx, failuresRequest)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Read took %v past a 300ms deadline", d)
	}
	if re := readErr(t, getLB("lb-aaa00001")(f)); re.Class != cloud.Unreachable {
		t.Errorf("%s, want unreachable", re)
	}
}

func TestEndpointFromEnvironment(t *testing.T) {
	t.Setenv(EnvEndpoint, "http://127.0.0.1:41234")
	r, err := New(Options{Region: "ap-guangzhou"})
	if err != nil || r.Endpoint() != "http://127.0.0.1:41234" {
		t.Errorf("New = %v, endpoint %q", err, r.Endpoint())
	}
	r, err = New(Options{Region: "ap-guangzhou", Endpoint: "https://clb.example.test"})
	if err != nil || r.Endpoint() != "https://clb.example.test" {
		t.Errorf("an explicit endpoint did not win over the environment: %v %q", err, r.Endpoint())
	}
	t.Setenv(EnvEndpoint, "")
	if r, _ := New(Options{Region: "ap-guangzhou"}); r.Endpoint() != "" {
		t.Errorf("Endpoint = %q with none set", r.Endpoint())
	}
}
